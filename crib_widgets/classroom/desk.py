"""The class desk: a teacher's whole loop on the book's page, with nothing installed and nothing sent.

The page *Your class, in the browser* (``book/teachers_class.ipynb``) draws this model with
`crib_widgets.widgets.class_desk.ClassDeskView`; everything it does happens here, headless, and
calls exactly what the command line calls, so the page and `crib assign` / `crib grade` make the
same files and the same report:

- **make**: a pasted class list and the set's choices become an `Assignment` and its files
  (`class_files`: a link per student, the key, ``links.html``, ``class.json``, the worksheets), or,
  with `TournamentChoices`, a `Tournament` and its files (`tournament_files`, as ``crib assign
  --tournament`` makes them);
- **load**: the class file kept from that day (``class.json``, or the answer key, which holds a
  copy) is read back (`class_from_copy`, as ``crib class rebuild`` reads it; a tournament's
  ``class.json`` as ``crib grade`` reads it);
- **add**: late students join the class as ``crib class add`` adds them (every link already sent
  stays the same; the class file changes, so it is offered again);
- **hand in** and **grade**: results files dropped on the page (read with the same limits as
  ``crib grade``) and pasted results codes are checked (`collect`) and graded
  (`collected_report`, or a tournament's `tournament_report`), and the report's files are made.

Every bad input gets one sentence in ``message`` and changes nothing: the class made or loaded
before, the files handed in and the last report all stay.

>>> desk = ClassDesk()
>>> desk.make("Ann\\nBen\\n", Choices(hands=2, seed=7))
True
>>> desk.make("", Choices())  # an empty list: one sentence, the class made before stays
False
>>> desk.message.split(":")[0], desk.assignment.roster
('The class list lists no students', ('Ann', 'Ben'))
"""

from __future__ import annotations

import io
import zipfile
from collections.abc import Iterable
from dataclasses import dataclass

from ..bounded import MAX_CLASS_BYTES, MAX_KEY_BYTES, MAX_LIST_BYTES, NotJSON, decode_bounded, load_json
from ..errors import CribbageError
from ..exercises.assign import CLASS_FILE, Assignment, ClassChanged, NotClassFile
from ..exercises.class_folder import class_files, class_from_copy, roster_names
from ..exercises.collect import collect, handed_in_limit
from ..exercises.report import ClassReport, collected_report
from ..exercises.report_html import report_files
from ..exercises.roster import check_new, name_list
from ..lessons.store import Store  # reads a student's attached progress
from ..table.class_tournament import Tournament, is_tournament
from ..table.duplicate import DuplicateSet
from ..table.standings import TournamentReport, tournament_report
from ..table.tournament_folder import tournament_files
from ..words import plural

__all__ = ["Choices", "ClassDesk", "PASTED", "TournamentChoices"]

#: The name pasted codes go by in the report's lines, as ``crib grade class/ -`` names them.
PASTED = "pasted"
_ROSTER = "the class list"


@dataclass(frozen=True)
class Choices:
    """The set's choices, as ``crib assign`` takes them: kind, level, questions, seed, answers, checking."""

    kind: str = "counting"
    difficulty: str = "easy"
    hands: int = 10
    seed: int = 0
    answer_by: str = "total"
    check: bool = True


@dataclass(frozen=True)
class TournamentChoices:
    """A class tournament's choices, as ``crib assign --tournament`` takes them: the deals' seed, how
    many deals, the computer's level, Muggins."""

    seed: int = 0
    deals: int = 8
    level: str = "intermediate"
    muggins: bool = False


def _sentence(error: Exception) -> str:
    text = str(error)
    return (text[:1].upper() + text[1:]).rstrip(".") + "."


class ClassDesk:
    """A teacher's class on the page: made or loaded, the files handed in, and the report."""

    def __init__(self, site: str = "") -> None:
        self.site = site  # the book's address, for whole links ("" makes them relative to its root)
        self.assignment: Assignment | None = None
        self.files: dict[str, str] = {}
        self.made_here = False  # made on this page (its class file may not be kept yet)
        self.handed_in: dict[str, str] = {}  # file name -> text, in the order dropped
        self.unread: list[str] = []  # one line per dropped file that is not text at all
        self.report: ClassReport | None = None
        self.refused: list[str] = []  # the lines of the last grading for inputs not graded
        self.message = ""
        self._warned = False

    # ---- making a class ------------------------------------------------------------------------

    def make(self, roster: str, choices: Choices | TournamentChoices) -> bool:
        """Make a class from a pasted class list (one name a line) and the set's (or the
        tournament's) choices."""
        try:
            if len(roster.encode("utf-8")) > MAX_LIST_BYTES:
                raise CribbageError(f"the class list is over {MAX_LIST_BYTES // 1000:,} KB: paste one class")
            names = tuple(roster_names(roster, _ROSTER))
            if isinstance(choices, TournamentChoices):
                made = Tournament(DuplicateSet(choices.seed, choices.deals, choices.level, choices.muggins),
                                  names)
            else:
                made = Assignment(choices.kind, choices.difficulty, choices.hands, choices.seed, names,
                                  choices.check, choices.answer_by)
            files = _files(made, self.site)
        except CribbageError as error:
            return self._fail(_sentence(error))
        if self.made_here and not self._warned and made.fingerprint != self.assignment.fingerprint:
            self._warned = True
            return self._fail(f"This page already made set {self.assignment.code} for "
                              f"{len(self.assignment.students)} students: keep its class file (download it "
                              "below) before you make another, or that class cannot be graded. Press the "
                              "button again to make a new class anyway.")
        self._take_class(made, files, here=True)
        keep = ("a copy of it is inside the answer key, so keep the key too, somewhere else" if
                isinstance(made, Assignment) else "a tournament has no answer key, so it is the only copy")
        self.message = (f"Made {self.what} for {len(made.students)} students. Download the class file and "
                        f"keep it: you need it to grade ({keep}).")
        return True

    @property
    def is_tournament(self) -> bool:
        """Whether the class made or loaded is a tournament (whole deals against the computer)."""
        return isinstance(self.assignment, Tournament)

    @property
    def what(self) -> str:
        """The class in words: "set counting/easy/10/7", or "the tournament of 8 deals against the
        expert computer" (its code says nothing to a teacher)."""
        if self.assignment is None:
            return "no class"
        if not isinstance(self.assignment, Tournament):
            return f"set {self.assignment.code}"
        chosen = self.assignment.chosen
        return (f"the tournament of {plural(chosen.deals, 'deal')} against the {chosen.level} computer"
                + (" with Muggins" if chosen.muggins else ""))

    @property
    def links(self) -> dict[str, str]:
        """Each student's link to the assignment page, in class-list order."""
        if self.assignment is None:
            return {}
        return {name: self.assignment.link(name, self.site) for name in self.assignment.students}

    @property
    def class_text(self) -> str:
        """The class file's text (``class.json``), to download and keep."""
        return self.files.get(CLASS_FILE, "")

    def folder_zip(self) -> bytes:
        """The whole class folder as ``crib assign`` writes it, in one zip (for the command line later)."""
        out = io.BytesIO()
        with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
            for name, text in sorted(self.files.items()):
                archive.writestr(f"class/{name}", text)
        return out.getvalue()

    def add_students(self, text: str) -> bool:
        """Put late students (one name a line, as the class list) on the class made or loaded: the
        links already sent stay as they are; the new class file must be kept in place of the old."""
        if self.assignment is None:
            return self._fail("Make the class or load its class file first, then add the late students.")
        try:
            names = check_new(self.assignment.students, roster_names(text, "the late students' list"),
                              "a different student spelt alike needs a name that tells them apart, e.g. "
                              "with an initial")
            bigger = self.assignment.with_students(names)
            files = _files(bigger, self.site)
        except CribbageError as error:
            return self._fail(_sentence(error))
        self._take_class(bigger, files, here=True)
        self.message = (f"Added {name_list(names)} to {self.what} ({len(bigger.students)} students now); the "
                        "links already sent are unchanged. Download the class file again and keep it in "
                        "place of the old one: the old one does not know the new students.")
        return True

    # ---- loading the class file back -------------------------------------------------------------

    def load(self, name: str, raw: bytes) -> bool:
        """Read back a class file kept from the day the class was made (class.json, or its answer key)."""
        where = f"'{name}'"
        load = "load the class.json you downloaded when you made the class (or its answer key)"
        try:
            limit = MAX_CLASS_BYTES if name.lower().endswith(".json") else MAX_KEY_BYTES
            text = _text(raw, where, limit, "give the class.json (or answer-key.html) made for the class",
                         f"{where} is a picture or other file, not a class file: {load}")
            made, site = _class_from_text(text, where)
            files = _files(made, site or self.site)
        except NotJSON:  # said in the reader's words, shared with the page's JavaScript: said here anew
            said = "cut short or damaged" if text.lstrip().startswith("{") else "not a class file"
            return self._fail(f"{where} is {said}: {load}.")
        except NotClassFile:
            said = ("holds no copy of the class file (an answer key from an older version of the book has "
                    "none)" if not text.lstrip().startswith("{") else "is not a class file")
            return self._fail(f"{where} {said}: {load}.")
        except ClassChanged:
            return self._fail(f"{where} was changed after it was saved (it no longer matches its own check): "
                              "load the class file as you downloaded it, or make the class again.")
        except CribbageError as error:
            return self._fail(_sentence(error))
        if site:
            self.site = site
        same = self.assignment is not None and made.fingerprint == self.assignment.fingerprint
        self._take_class(made, files, here=self.made_here and same)
        self.message = (f"Loaded {self.what} for {len(made.students)} students from {name}. Now drop "
                        "the students' results files (or paste their codes) and press Grade.")
        return True

    def _take_class(self, made: Assignment | Tournament, files: dict[str, str], here: bool) -> None:
        if self.assignment is None or made.fingerprint != self.assignment.fingerprint:
            self.report = None  # a report of another class does not belong beside this one
        self.assignment, self.files, self.made_here, self._warned = made, files, here, False

    # ---- handing in and grading ------------------------------------------------------------------

    def hand_in(self, uploads: Iterable[tuple[str, bytes]]) -> bool:
        """Add dropped files to those to grade (read as ``crib grade`` reads files); the same file
        dropped twice counts once, and a file that is not text gets a line when graded."""
        added = 0
        for name, raw in uploads:
            try:
                text = _text(bytes(raw), f"results file '{name}'", handed_in_limit(name),
                             "give the file crib or the assignment page wrote",
                             f"{name} is a picture or other file, not a results file the assignment page "
                             "saves")
            except CribbageError as error:
                if str(error) not in self.unread:
                    self.unread.append(str(error))
                continue
            if self.handed_in.get(name) != text:
                key = name
                while key in self.handed_in:  # two files of one name (from two folders): keep both
                    key = f"{key} (another)"
                self.handed_in[key] = text
                added += 1
        count = len(self.handed_in) + len(self.unread)
        self.message = (f"{plural(count, 'file')} ready to grade"
                        + (f" ({added} just added)" if added else "") + ": press Grade.")
        return True

    def clear_handed_in(self) -> None:
        """Forget the files dropped so far (the report already made stays)."""
        self.handed_in.clear()
        self.unread.clear()
        self.message = "No files are waiting to be graded now: drop the results files again."

    def grade(self, pasted: str = "") -> bool:
        """Grade every file handed in and the codes in ``pasted``: the same report as ``crib grade``."""
        if self.assignment is None:
            return self._fail("Load your class file first (class.json, or the answer key): it is what tells "
                              "whose results these are and checks them.")
        texts = list(self.handed_in.items())
        unread = list(self.unread)
        if pasted.strip():
            if len(pasted.encode("utf-8")) > MAX_LIST_BYTES:
                unread.append(f"the pasted text is over {MAX_LIST_BYTES // 1000:,} KB: paste the codes of "
                              "one class at a time")
            else:
                texts.append((PASTED, pasted))
        if not texts and not unread:
            return self._fail("Nothing to grade yet: drop the students' results files, or paste their codes, "
                              "then press Grade.")
        got = collect(self.assignment, texts, unread, Store.from_text)
        if isinstance(self.assignment, Tournament):
            report: ClassReport | TournamentReport = tournament_report(self.assignment, got)
            ranked = bool(report.standings)
        else:
            report, ranked = (collected_report(self.assignment, got) if got.taken else None), bool(got.taken)
        self.refused = list(got.refused)
        if not ranked:
            lines = "; ".join(got.refused)  # each file's reason told apart from the next file's name
            return self._fail(f"None of these could be graded, so no report was made: {lines}.")
        self.report = report
        n = len(got.refused)
        self.message = _summary(report) + (
            f" {plural(n, 'input')} could not be graded: see \u201cNot graded\u201d at the top "
            "of the report." if n else "")
        return True

    def report_files(self) -> dict[str, str]:
        """The report's files as ``crib grade`` writes them (report.html, the tables, the charts; a
        tournament's report.html and standings.csv)."""
        if isinstance(self.report, TournamentReport):
            return self.report.files()
        return report_files(self.report) if self.report is not None else {}

    def _fail(self, message: str) -> bool:
        self.message = message
        return False


def _text(raw: bytes, where: str, limit: int, fix: str, not_text: str) -> str:
    """A dropped file's bytes as text (`decode_bounded`, ``fix`` said if it is too large); one that is
    not text at all (a photo, a zip) is refused with ``not_text``, in a teacher's words."""
    try:
        return decode_bounded(raw, where, limit, fix)
    except CribbageError:
        if len(raw) > limit:
            raise
        raise CribbageError(not_text) from None


def _files(made: Assignment | Tournament, site: str) -> dict[str, str]:
    return tournament_files(made, site) if isinstance(made, Tournament) else class_files(made, site)


def _class_from_text(text: str, where: str) -> tuple[Assignment | Tournament, str]:
    """The class in a class file's text (an assignment's or a tournament's class.json, or an answer
    key holding a copy) and the site its links name."""
    if text.lstrip().startswith("{"):
        try:
            data = load_json(text, where)
        except NotJSON:
            data = None
        if is_tournament(data):
            site = data.get("site", "")
            return Tournament.from_json(data, where), site if isinstance(site, str) else ""
    return class_from_copy(text, where)


def _summary(report: ClassReport | TournamentReport) -> str:
    if isinstance(report, ClassReport):
        return report.summary()
    rows, missing = report.standings, report.missing
    first = ", ".join(row.student for row in rows if row.place == 1)
    wait = f" No results yet from {plural(len(missing), 'student')}." if missing else ""
    return (f"Ranked {plural(len(rows), 'student')} by points won against the computer "
            f"on the same cards: first {first} ({rows[0].points:+d}).{wait}")
