"""Assignments: one set for a class, a link per student to do it on the published site, a class file.

An `Assignment` is the set's parameters (kind, difficulty, questions, seed), the roster, the
teacher's options (check as you go or not; answers as totals or per kind) and a random class
secret. From these come everything else, the same every time:

- each student's `ExerciseSet` (the engine's, from the seed and the name, as on the worksheets);
- each student's link: the assignment page of the site with the set named in the address
  fragment (after ``#``, so no server ever sees it), the student's name, the options, and the
  cards of each question (never an answer), so the page can show the set without the engine;
- each student's signing key (derived from the class secret, sent in that student's link only),
  with which the page signs the results file it writes (see `crib_widgets.exercises.results`).

Names are looked up in the roster as people type them (case, spaces, accents, the order of the
words: `roster.same_person`) but never guessed:

>>> a = Assignment("counting", "easy", 2, 7, ("Chloé", "Ben", "María García"), secret="00" * 16)
>>> a.find_student("  chloé "), a.find_student("Chloe"), a.find_student("garcia, maria")
('Chloé', 'Chloé', 'María García')
>>> a.find_student("Chlo")
Traceback (most recent call last):
...
crib_widgets.errors.CribbageError: 'Chlo' is not on the class list: did you mean Chloé?
>>> a.link("Ben").startswith("book/assignment.html#v=1&set=counting%2Feasy%2F2%2F7&student=Ben")
True
"""

from __future__ import annotations

import base64
import difflib
import hashlib
import hmac
import json
import re
import secrets
import unicodedata
import zlib
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path
from typing import ClassVar
from urllib.parse import quote, urlencode

from ..bounded import MAX_CLASS_BYTES, MAX_KEY_BYTES, load_json, read_bounded
from ..cards import Card
from ..errors import CribbageError
from .file_names import results_name
from .generate import MAX_STUDENTS, check_distinct_students, check_options, check_student, make_set
from .model import SEATS, CountingExercise, Exercise, ExerciseSet, MugginsExercise, PlayExercise
from .page_payload import MARKS, STALE, answer_hint, dealt, page_prompt
from .roster import same_person
from .seeds import key_before_accents, student_key
from .sheet import answer_kinds, instructions, kind_label, question_text

__all__ = ["Assignment", "ANSWER_MODES", "PAGE", "CLASS_FILE", "fold_name", "page_data", "decode_page_data",
           "load_class", "class_and_site", "page_reply", "practice_data", "find_on_roster", "link_sum",
           "signing_key", "read_class_file", "KEY_COPY_ID", "key_copy_text", "exercise_shown",
           "dealt_digest"]

FORMAT = 1
ANSWER_MODES = ("total", "kind")
# The student page (book/assignment.ipynb), relative to the site's root.
PAGE = "book/assignment.html"
CLASS_FILE = "class.json"


# Sets are values made the same every time from their parameters: making one takes a tenth of a second,
# and the links, sheets, key and report each ask for every student's, so each is made once.
_made_set = lru_cache(maxsize=1024)(make_set)


def fold_name(name: str) -> str:
    """A name with case, spacing and accents folded away: ``"  Chloé "`` -> ``chloe`` (the student's
    key, `seeds.student_key`, which folds accents itself)."""
    return student_key(name)


def signing_key(secret: str, fingerprint: str, name: str, *, before_accents: bool = False) -> str:
    """The key that signs one student's results in the class ``fingerprint`` (32 hex digits), from the
    class ``secret`` and the roster's spelling of the name: an assignment's and a tournament's alike
    (``before_accents``: the key a link made before accents were folded carries, `key_before_accents`)."""
    key = key_before_accents(name) if before_accents else student_key(name)
    message = f"{fingerprint}\x1f{key}".encode()
    return hmac.new(bytes.fromhex(secret), message, hashlib.sha256).hexdigest()[:32]


def find_on_roster(name: str, roster: tuple[str, ...] | list[str]) -> str:
    """The roster's spelling of ``name`` (case, spaces and Unicode form ignored); an unknown name is
    refused with the closest names on the roster, accents folded, and never guessed."""
    if not isinstance(name, str) or not name.strip():
        raise CribbageError(f"{name!r} is not a student name: give the name as on the class list")
    wanted = student_key(unicodedata.normalize("NFC", name))
    for listed in roster:
        if student_key(unicodedata.normalize("NFC", listed)) == wanted:
            return listed
    alike = [listed for listed in roster if same_person(name, listed)]
    if len(alike) == 1:  # "maria garcia", "García, María": the same person as "María García"
        return alike[0]
    folded = {fold_name(n): n for n in roster}
    matches = difflib.get_close_matches(fold_name(name), list(folded), n=2, cutoff=0.75)
    close = alike or [folded[f] for f in matches]
    hint = f"did you mean {' or '.join(close)}?" if close else "check the spelling on the class list"
    raise CribbageError(f"{' '.join(name.split())!r} is not on the class list: {hint}")



class NotClassFile(CribbageError):
    """A file given as a class file that is none (JSON without a class in it, a page with no copy of
    one): the teachers' page says so in its own words."""


class ClassChanged(CribbageError):
    """A class file edited after it was written (its fingerprint does not match): the teachers' page
    says so in its own words."""


def checked_class(secret: object, roster: tuple[str, ...], added: tuple[str, ...]
                  ) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """A class's secret and names checked as every kind of class needs them (an assignment, a
    tournament): the roster and the later students, each name checked and in NFC."""
    if not isinstance(secret, str) or not re.fullmatch(r"[0-9a-f]{32}", secret):
        raise CribbageError("the class secret must be 32 hex digits, as `crib assign` wrote it")
    names, late = (tuple(unicodedata.normalize("NFC", check_student(n)) for n in group)
                   for group in (roster, added))
    if not names:
        raise CribbageError("the class list is empty: give at least one student name")
    if len(names) + len(late) > MAX_STUDENTS:
        raise CribbageError(f"{len(names) + len(late)} students is more than one class: "
                            f"give at most {MAX_STUDENTS} names")
    check_distinct_students(names + late)
    return names, late

@dataclass(frozen=True)
class Assignment:
    """A set assigned to a class: parameters, roster, options and the class secret."""

    #: Each student's cards are seeded from their name's key (collect.before_accents_line).
    CARDS_BY_NAME: ClassVar[bool] = True
    kind: str
    difficulty: str
    hands: int
    seed: int
    roster: tuple[str, ...]
    check_as_you_go: bool = True
    answer_by: str = "total"
    secret: str = field(default_factory=lambda: secrets.token_hex(16), repr=False)
    added: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        check_options(self.kind, self.difficulty, self.hands, self.seed)
        if self.answer_by not in ANSWER_MODES:
            raise CribbageError(f"answers by {self.answer_by!r} is not an option: use 'total' or 'kind'")
        names, added = checked_class(self.secret, self.roster, self.added)
        object.__setattr__(self, "roster", names)
        object.__setattr__(self, "added", added)

    @property
    def students(self) -> tuple[str, ...]:
        """Everyone in the class: the roster the class was made with, then students added later."""
        return self.roster + self.added

    def with_students(self, names: tuple[str, ...] | list[str]) -> Assignment:
        """The same class with ``names`` added: every link already sent stays as it was (the
        fingerprint and the keys come from the first roster and the secret only)."""
        return replace(self, added=self.added + tuple(names))

    @property
    def code(self) -> str:
        """The set code printed on the sheets, e.g. ``counting/medium/12/7``."""
        return f"{self.kind}/{self.difficulty}/{self.hands}/{self.seed}"

    @property
    def options(self) -> dict[str, object]:
        return {"check": self.check_as_you_go, "by": self.answer_by}

    @property
    def fingerprint(self) -> str:
        """16 hex digits naming this assignment: set, options, roster and secret together."""
        text = json.dumps([FORMAT, self.code, self.options, list(self.roster), self.secret],
                          ensure_ascii=False, separators=(",", ":"))
        return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]

    def find_student(self, name: str) -> str:
        """The roster's spelling of ``name``; an unknown name is refused with the closest ones."""
        return find_on_roster(name, self.students)

    def student_set(self, name: str, before_accents: bool = False) -> ExerciseSet:
        """The student's own set, made by the engine from the seed and the roster's spelling
        (``before_accents``: the set a link or student code given out before names were read without
        their accents dealt them, `seeds.key_before_accents`; the same set for a name with no accent)."""
        return _made_set(self.kind, self.difficulty, self.hands, self.seed, self.find_student(name),
                         before_accents)

    def student_key(self, name: str) -> str:
        """The key that signs this student's results (32 hex digits); it travels in their link only."""
        return signing_key(self.secret, self.fingerprint, self.find_student(name))

    def link(self, name: str, site: str = "") -> str:
        """The student's address of the assignment page: relative to the site's root, or under ``site``."""
        student = self.find_student(name)
        params = {
            "v": FORMAT, "set": self.code, "student": student,
            "check": int(self.check_as_you_go), "by": self.answer_by,
            "class": self.fingerprint, "key": self.student_key(student),
            "q": _encode(page_data(self.student_set(student))),
        }
        params["sum"] = link_sum(params)
        base = (site.rstrip("/") + "/") if site else ""
        return f"{base}{PAGE}#{urlencode(params, quote_via=quote)}"

    def to_json(self, site: str = "") -> dict:
        """The class file's content (keep it: it holds the secret that checks the results files)."""
        data = {
            "crib_class": FORMAT, "set": self.code, "kind": self.kind, "difficulty": self.difficulty,
            "hands": self.hands, "seed": self.seed, "options": self.options,
            "roster": list(self.roster), "fingerprint": self.fingerprint, "secret": self.secret,
        }
        return with_roster_extras(data, self.added, site)

    @classmethod
    def from_json(cls, data: object, where: str = "the class file") -> Assignment:
        """Read a class file's content back; a damaged one is refused with what is wrong."""
        try:
            if not isinstance(data, dict) or data.get("crib_class") != FORMAT:
                raise KeyError("crib_class")
            roster, added = roster_lists(data)
            if not isinstance(data["options"]["check"], bool):
                raise TypeError("options")
            made = cls(data["kind"], data["difficulty"], data["hands"], data["seed"], roster,
                       data["options"]["check"], data["options"]["by"], data["secret"], added)
        except (KeyError, TypeError, ValueError) as error:
            if isinstance(error, CribbageError):
                raise CribbageError(f"{where}: {error}") from None
            raise NotClassFile(f"{where} is not a crib class file (missing or bad {error}): "
                               "give the class.json that `crib assign` wrote") from None
        if made.fingerprint != data.get("fingerprint"):
            raise ClassChanged(f"{where} was changed after `crib assign` wrote it (its fingerprint does "
                               "not match): use the original, or make the assignment again")
        return made


def with_roster_extras(data: dict, added: Sequence[str], site: str) -> dict:
    """A class file's content (a set's or a tournament's) with the students added late and the
    book's address, each only when there is one."""
    if added:
        data["added"] = list(added)
    if site:
        data["site"] = site
    return data


def roster_lists(data: dict) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The class list and the students added late, read from a class file's content; a TypeError
    naming "roster" when either is not a list of names."""
    names = [data["roster"], data.get("added", [])]
    if not all(isinstance(group, list) and all(isinstance(n, str) for n in group) for group in names):
        raise TypeError("roster")
    return tuple(names[0]), tuple(names[1])


LINK_FIELDS = ("v", "set", "student", "check", "by", "class", "key", "q")


def link_sum(params: dict) -> str:
    """The link's last field: 16 hex digits of SHA-256 over its other fields, so the page can tell a link
    that was cut, edited (a card changed, the seed changed) or damaged from the one the teacher sent.
    It guards against accidents, not against a student: the grade never depends on it."""
    text = "\x1f".join(str(params[name]) for name in LINK_FIELDS)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def load_class(folder: Path) -> Assignment:
    """The assignment of a class folder written by `crib assign` (its ``class.json``)."""
    return class_and_site(folder)[0]


def class_and_site(folder: Path) -> tuple[Assignment, str]:
    """The assignment of a class folder (or a class file), and the site its links were made for."""
    data, where = read_class_file(folder)
    site = data.get("site", "") if isinstance(data, dict) else ""
    return Assignment.from_json(data, where), site if isinstance(site, str) else ""


KEY_COPY_ID = "crib-class-copy"  # the answer key's copy of the class file (class_folder writes it)
_COPY = re.compile(rf'<script type="application/json" id="{KEY_COPY_ID}">(.*?)</script>', re.S)


def key_copy_text(text: str, where: str) -> str:
    """The class file's JSON inside an answer key's text (or the text itself when it is not a page)."""
    found = _COPY.search(text)
    if found is None and "<html" in text[:2000].lower():
        raise NotClassFile(f"{where} holds no copy of the class file: give the answer-key.html that "
                           "`crib assign` wrote (keys made before this version have none), or a copy of "
                           "class.json")
    return found.group(1) if found else text


def read_class_file(folder: Path) -> tuple[object, str]:
    """The content of a class folder's (or a class file's) JSON, and how to name it in a message; an
    answer key (``answer-key.html``) gives the copy of the class file it holds, as the class page takes it."""
    path = Path(folder)
    path = path / CLASS_FILE if path.is_dir() else path
    if not path.exists():
        raise CribbageError(f"no class file at '{path}': give the folder `crib assign --out` wrote, its "
                            "class.json or its answer-key.html (if class.json is lost, `crib class rebuild "
                            "answer-key.html` makes it again)")
    if path.suffix.lower() in (".html", ".htm"):
        where = f"answer key '{path}'"
        return load_json(key_copy_text(read_bounded(path, "answer key", MAX_KEY_BYTES), where), where), where
    return load_json(read_bounded(path, "class file", MAX_CLASS_BYTES), f"class file '{path}'"), \
        f"class file '{path}'"


# ---- what the student page needs to show a set (cards and words, never an answer) ----------------


def _card(card: Card) -> list[str]:
    return [card.pretty, card.name]


def _hand(exercise: CountingExercise | MugginsExercise) -> dict:
    return {"hand": [_card(c) for c in exercise.hand], "starter": _card(exercise.starter),
            "crib": exercise.crib}


def _question(exercise: Exercise) -> dict:
    data: dict = {"n": exercise.number, "prompt": page_prompt(exercise), "text": question_text(exercise)}
    if isinstance(exercise, PlayExercise):
        count, plays = 0, []
        for index, (seat, card) in enumerate(exercise.plays):
            count += card.value if card is not None else 0
            asked = index == exercise.asked
            plays.append([SEATS[seat], None if card is None else _card(card), None if asked else count])
        data.update(plays=plays, asked=exercise.asked, final=exercise.final)
    else:
        data.update(_hand(exercise))
        if isinstance(exercise, MugginsExercise):
            data["said"] = exercise.announced_score().aloud()
    return data


def page_data(exercise_set: ExerciseSet) -> dict:
    """Everything the student page shows for a set: title, instructions, kinds, each question, the
    example in an answer box ("hint") and, for a student's set, the results file's name ("file")."""
    kinds = answer_kinds(exercise_set)
    data = {
        "title": exercise_set.title, "intro": instructions(exercise_set),
        "kinds": [[k, kind_label(k)] for k in kinds],
        "questions": [_question(e) for e in exercise_set],
        "hint": answer_hint(exercise_set.kind),
    }
    if exercise_set.student:
        data["file"] = results_name(exercise_set.student)
    return data


def dealt_digest(exercise_set: ExerciseSet) -> str:
    """16 hex digits naming a set's cards (each question's `page_payload.dealt`): a results file from a
    student code carries the digest of the cards the page made, so it is graded on those cards only."""
    text = json.dumps([dealt(_question(e)) for e in exercise_set], ensure_ascii=False, sort_keys=True)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def page_reply(code: str, student: str | None, number: int, text: str, check: bool, shown: str = "") -> str:
    """What the assignment page shows for an answer typed there (JSON): with ``check``, the verdict of
    the engine (as the checker widget gives it); without, only how the answer was read, so a typo is
    caught while the student is still there and nothing about the answer's truth is revealed. The
    page writes ``mark`` then ``detail`` (and ``kinds``, one a line); ``message`` is both in words.
    ``shown``: the question as the page shows it (JSON); its cards choose the set checked against
    (`exercise_shown`), and when they are none the engine deals this student (a link made by an older
    version), the reply is "stale" instead."""
    from .answers import AnswerError, read_answer, read_as
    from .grading import check_answer

    exercise = exercise_shown(code, student, number, shown)
    if exercise is None:
        reply = {"status": "stale", "message": STALE, "detail": STALE, "kinds": []}
    elif check:
        g = check_answer(exercise, text)
        reply = {"status": g.status, "message": g.message, "detail": g.detail,
                 "kinds": g.kind_messages(all_kinds=True), "read": g.read}
    else:
        try:
            answer = read_answer(exercise, text)
        except AnswerError as error:
            reply = {"status": "unreadable", "message": str(error), "detail": str(error), "kinds": []}
        else:
            said = read_as(exercise, answer)
            reply = {"status": "read", "message": f"read as: {said}", "detail": f"read as {said}",
                     "kinds": []}
    reply["mark"] = MARKS[reply["status"]]
    return json.dumps(reply, ensure_ascii=False)


def exercise_shown(code: str, student: str | None, number: int, shown: str = "") -> Exercise | None:
    """Question ``number`` of the student's set whose cards the page shows (``shown``, the question as
    JSON; "" or unreadable: nothing is compared): the set dealt now, or the one a link or student code
    given out before names were read without their accents dealt (a name with accents: its key, and so
    its cards, changed on 6 December 2026); None when the cards are neither, so nothing is checked
    against cards the student does not see."""
    from .generate import load_set

    exercise = load_set(code, student or None)[number]
    cards = _shown_cards(shown) if shown else None
    if cards is None or cards == dealt(_question(exercise)):
        return exercise
    if student and key_before_accents(student) != student_key(student):
        older = load_set(code, student, before_accents=True)[number]
        if cards == dealt(_question(older)):
            return older
    return None


def _shown_cards(shown: str) -> object:
    """The cards of a question the page showed (from a link: read with the bounded reader's limits),
    or None when it cannot be read (then nothing is compared)."""
    try:
        return dealt(load_json(shown, "the question shown", 20_000))
    except CribbageError:
        return None


def practice_data(code: str, student: str | None, before_accents: bool = False) -> str:
    """The page's data (JSON) for a set named by its code, for a worksheet made without `crib assign`
    or a student code (``before_accents``: a student code given out before names were read without
    their accents, which deals the cards it always dealt, `short.open_short`)."""
    from .generate import load_set

    try:
        made = load_set(code, student or None, before_accents and bool(student))
        data = page_data(made)
        if student:  # the page copies it into the results file: the cards it answers (results.read_results)
            data["dealt"] = dealt_digest(made)
        return json.dumps(data, ensure_ascii=False)
    except CribbageError as error:
        return json.dumps({"error": str(error)}, ensure_ascii=False)


def _encode(data: dict) -> str:
    """JSON, raw-deflated (the browser's ``DecompressionStream("deflate-raw")`` reads it), base64url."""
    raw = json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    return base64.urlsafe_b64encode(packer.compress(raw) + packer.flush()).decode("ascii").rstrip("=")


def decode_page_data(text: str) -> dict:
    """The inverse of the link's ``q`` field (for tests and for checking a link by hand)."""
    packed = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    return json.loads(zlib.decompress(packed, -15).decode("utf-8"))
