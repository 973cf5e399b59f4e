"""Results files: what a student hands in from the assignment page, and how they are checked.

A results file (``results-chloe.json``) or results code (``CRIB1-...``, the same content in one line
to copy) holds the set code, the class fingerprint, the student's name and their answers as typed,
never a score: `crib grade` scores every answer again with the engine.

It is signed with HMAC-SHA-256 under the student's key, which only that student's link carries
(derived from the class secret in the teacher's ``class.json``). Since format 2 the signature
covers the time the file was saved as well as the answers, so when a student hands in twice the
later file can be told from the earlier one whatever order they come in (`collect.collect` grades
the latest); a format 1 file (from an older page) is still read, its time taken as written. What the
signature does and does not do:

- it catches a file edited by hand after saving (the answers or the time saved), a file for
  another set or another class, and a file made for a name whose link the maker does not have;
- it does not stop a student who has their own link from making any file for themselves (they
  could as well type those answers into the page), nor two students sharing one link or a page;
- it cannot raise a grade: the grade is always the engine's, from the seed.

A file signed with the key of before names were read without their accents (`seeds.key_before_accents`:
a link or student code given out before 6 December 2026, for a name with accents) is graded on the
cards that key dealt, the ones its link showed (`Submission.before_accents`): the file carries no
cards, so the key that signed it chooses them, and it can never be graded on cards it did not see.

A results file may also carry, under ``"progress"``, the student's progress from the book as their
browser keeps it (`crib_widgets.lessons.store.Store`'s document), when the student ticks the box
that adds it. It is optional, outside the signed content (the signature covers exactly what it
covered before, and the results code never carries it) and never checked: it is the student's own
record, shown in the class report as such. A damaged or oversized one never stops the grade: it is
cut out of the file's text before the rest is read (so nothing in it, however deep, long or odd,
can make the answers unreadable), the answers are graded and `Submission.progress_problem` says
why the progress could not be read. The learner's record belongs to the lessons, a layer above the
worksheets that this package never imports, so whoever grades hands its reader in: `read_results`
and `collect.collect` take ``read_progress`` (`crib grade` and the class desk give
`crib_widgets.lessons.store.Store.from_text`); without one an attached progress is not read, and
``progress_problem`` says so: it is never dropped without a word. What the page attaches is chosen
by `crib_widgets.lessons.attach.attachable_progress`.

>>> from crib_widgets.exercises.assign import Assignment
>>> a = Assignment("counting", "easy", 2, 7, ("Ann", "Ben"), secret="11" * 16)
>>> r = make_results(a, "Ann", ["4", None])
>>> read_results(a, json.dumps(r), "ann.json").answers
['4', None]
>>> read_results(a, decode_code_text(results_code(r)), "code").student
'Ann'
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime

from ..bounded import NotJSON, load_json
from ..errors import CribbageError
from .assign import Assignment, dealt_digest, signing_key
from .generate import load_set
from .short import (
    SHORT_PREFIX,
    code_before_accents,
    code_of_this_class,
    open_short,
    results_key,
    student_code,
)

__all__ = ["ResultsError", "Submission", "make_results", "sign", "read_results", "results_code",
           "decode_code_text", "codes_in", "attach_progress", "split_progress", "ProgressReader",
           "saved_time", "CODE_PREFIX", "MAX_ANSWER", "MAX_ATTACHED_PROGRESS", "FORMAT", "FORMATS",
           "short_results", "one_line"]

FORMAT = 2  # the format the page and `make_results` write: the time saved is signed with the answers
FORMATS = (1, 2)  # the formats read: 1 signed the answers only
CODE_PREFIX = "CRIB1-"
#: A results file from a student code names the cards the page made (`assign.dealt_digest`); not signed:
#: a student who changes it is graded on other cards of their own, never on someone else's.
DEALT_FIELD = "dealt"
MAX_ANSWER = 500  # characters in one typed answer ("fifteen two, fifteen four, ..." is under 200)
# The progress a student may attach, as compact JSON. The page attaches only the answers that give
# the stars (`lessons.attach.attachable_progress`: each skill's last 5 first tries without a hint,
# and its last other try), so it is under 70 KB, and a results file with it stays under
# MAX_RESULTS_BYTES.
MAX_ATTACHED_PROGRESS = 100_000
PROGRESS_FIELD = "progress"
#: Reads an attached progress's text: (text, where) -> the progress, or a `CribbageError` naming
#: ``where`` and what is wrong (`crib_widgets.lessons.store.Store.from_text`).
ProgressReader = Callable[[str, str], object]
_NO_READER = "no reader of the book's progress was given to grade with"


class ResultsError(CribbageError):
    """A results file that cannot be graded; the message names the file and says why."""


@dataclass(frozen=True, slots=True)
class Submission:
    """A checked results file: whose, the answers as typed (None where left out), where it came from;
    the progress the student attached (not checked), or why an attached one could not be read."""

    student: str
    answers: list[str | None]
    source: str
    saved: str = ""
    progress: object = None  # as ``read_progress`` read it: a `lessons.store.Store` from crib grade
    progress_problem: str = ""
    saved_at: datetime | None = None  # when the page saved it (UTC), None when the file does not say
    time_signed: bool = False  # whether the signature covers ``saved_at`` (format 2)
    #: Made from a link or student code given out before names were read without their accents (6
    #: December 2026), for a name with accents: graded on the cards that link dealt
    #: (`Assignment.student_set(name, before_accents=True)`), the ones the student saw.
    before_accents: bool = False

    @property
    def answered(self) -> int:
        """How many questions the file answers."""
        return sum(a is not None and a.strip() != "" for a in self.answers)


def _message(data: dict) -> bytes:
    # The exact text the page signs: JSON.stringify of this array gives the same bytes.
    version = data.get("crib_results", FORMAT)
    fields = ["crib-results", version, data["set"], data["class"], data["student"], data["answers"]]
    if version != 1:
        fields.append(data["saved"])
    return json.dumps(fields, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def sign(key: str, data: dict) -> str:
    """The signature of a results file's content under a student's key (hex): the set, the class,
    the name, the answers and (format 2, the default when ``data`` names none) the time saved."""
    return hmac.new(key.encode("ascii"), _message(data), hashlib.sha256).hexdigest()


def saved_time(value: object) -> datetime | None:
    """A results file's ``saved`` (ISO 8601, as the page writes it) as a UTC time, or None when it is
    not one.

    >>> saved_time("2026-12-01T09:30:05+00:00").isoformat(), saved_time("last Tuesday")
    ('2026-12-01T09:30:05+00:00', None)
    """
    if not isinstance(value, str) or not 10 <= len(value) <= 40:
        return None
    try:
        moment = datetime.fromisoformat(value)
    except ValueError:
        return None
    if moment.tzinfo is None:
        return moment.replace(tzinfo=UTC)
    try:
        return moment.astimezone(UTC)
    except OverflowError:  # 0001-01-01 in a zone east of UTC has no UTC time
        return None


def make_results(assignment: Assignment, student: str, answers: list[str | None], saved: str = "") -> dict:
    """A results file's content exactly as the assignment page writes it (for tests and examples)."""
    name = assignment.find_student(student)
    data = {"crib_results": FORMAT, "set": assignment.code, "class": assignment.fingerprint,
            "student": name, "answers": [None if a is None else str(a) for a in answers],
            "saved": saved or now()}
    data["signature"] = sign(assignment.student_key(name), data)
    return data


def now() -> str:
    """The time saved as the page writes it: UTC, to the second (``2026-12-01T09:30:05+00:00``)."""
    return datetime.now(UTC).isoformat(timespec="seconds")


def attach_progress(data: dict, progress: object) -> dict:
    """A results file's content with the student's progress added, as the page adds it when the box
    is ticked: the signature stays as it was (the progress is not part of what it covers)."""
    return {**data, PROGRESS_FIELD: progress}


def results_code(data: dict) -> str:
    """The results as one line to copy: ``CRIB1-`` and the file's JSON in base64url."""
    raw = json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    return CODE_PREFIX + base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


_ALPHABET = re.compile(r"[A-Za-z0-9_-]+")
_MAX_PIECES = 400  # a code wrapped at 20 characters a line is still under 400 pieces


def decode_code_text(code: str) -> str:
    """The JSON inside a results code; a code that is cut short or garbled is refused.

    The code may come wrapped over lines, with spaces, with an e-mail's ``>`` quote marks or its
    ``=`` soft line breaks, and with words after it: the pieces are joined until they make a
    whole results file.

    >>> from crib_widgets.exercises.assign import Assignment
    >>> a = Assignment("counting", "easy", 1, 7, ("Ann",), secret="11" * 16)
    >>> code = results_code(make_results(a, "Ann", ["4"]))
    >>> wrapped = chr(10).join("> " + code[i:i + 30] for i in range(0, len(code), 30)) + " thanks!"
    >>> decode_code_text(wrapped) == decode_code_text(code)
    True
    """
    start = code.find(CODE_PREFIX)
    body = code[start + len(CODE_PREFIX):] if start >= 0 else code
    pieces: list[str] = []
    for word in re.split(r"[\s>]+", body):
        word = word.rstrip("=.,;:)!?\"'")
        if not word:
            continue
        if not _ALPHABET.fullmatch(word) or len(pieces) >= _MAX_PIECES:
            break
        pieces.append(word)
    for end in range(len(pieces), 0, -1):  # the longest run of pieces that is a whole file
        text = _decoded("".join(pieces[:end]))
        if text is not None:
            return text
    raise ResultsError("the results code is damaged (cut short or mistyped): copy it again whole")


def _decoded(body: str) -> str | None:
    try:
        text = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)).decode("utf-8")
    except (ValueError, UnicodeDecodeError):
        return None
    stripped = text.strip()
    return text if stripped.startswith("{") and stripped.endswith("}") else None


def codes_in(text: str, label: str) -> list[tuple[str, str | ResultsError]]:
    """Every results code in pasted text (one a line, or wrapped as an e-mail wraps it), each with
    the line it starts on: (``"codes.txt line 3"``, the JSON inside or why it cannot be read)."""
    found: list[tuple[str, str | ResultsError]] = []
    for match in re.finditer(re.escape(CODE_PREFIX), text):
        where = f"{label} line {text.count(chr(10), 0, match.start()) + 1}"
        try:
            found.append((where, decode_code_text(text[match.start():match.start() + 200_000])))
        except ResultsError as error:
            found.append((where, ResultsError(f"{where}: {error}")))
    return found


def read_results(assignment: Assignment, text: str, source: str,
                 read_progress: ProgressReader | None = None) -> Submission:
    """Check one results file's text against the class; `ResultsError` says in one line what is wrong.
    An attached progress is read with ``read_progress`` (`lessons.store.Store.from_text`); without
    one it is not read, and ``progress_problem`` says so."""
    text, progress_text = split_progress(text)
    try:
        data = load_json(text, source)
    except NotJSON:
        if text.lstrip().startswith("{"):  # began as the page's file begins: cut short or edited
            raise ResultsError(f"{source}: cut short or damaged: ask for the file the assignment page "
                               "saved, whole") from None
        raise ResultsError(f"{source}: not a results file the assignment page saves: hand in the file "
                           "the assignment page saved") from None
    except CribbageError as error:
        raise ResultsError(f"{error}: hand in the file the assignment page saved") from None
    if not isinstance(data, dict) or data.get("crib_results") not in FORMATS \
            or isinstance(data.get("crib_results"), bool):
        raise ResultsError(f"{source}: not a results file from the assignment page")
    try:
        set_code, fingerprint, student, answers = data["set"], data["class"], data["student"], data["answers"]
        signature = data["signature"]
        saved = data["saved"] if data["crib_results"] != 1 else data.get("saved")
    except KeyError as missing:
        raise ResultsError(f"{source}: the results file has no {missing} field: it is damaged") from None
    short = isinstance(fingerprint, str) and fingerprint.startswith(SHORT_PREFIX) \
        and isinstance(assignment, Assignment)  # made from a student code (exercises.short)
    if set_code != assignment.code:
        raise ResultsError(f"{source}: for another set (set {_short(set_code)}), not this class's set "
                           f"{assignment.code}: load that set's class file to grade it")
    if fingerprint != assignment.fingerprint and not short:
        raise ResultsError(_another_class(source))
    try:
        name = assignment.find_student(student)
    except CribbageError as error:
        raise _not_listed(assignment, source, data, error) from None
    if not (isinstance(answers, list) and len(answers) == assignment.hands
            and all(a is None or (isinstance(a, str) and len(a) <= MAX_ANSWER) for a in answers)):
        raise ResultsError(f"{source}: the answers are damaged: {assignment.hands} answers (text of at most "
                           f"{MAX_ANSWER} characters, or null) were expected")
    signed = data["crib_results"] != 1
    moment = saved_time(saved)
    if signed and moment is None:
        raise ResultsError(f"{source}: the time it was saved is damaged: ask {name} to save the results "
                           "again from the page")
    try:
        key = results_key(assignment, name, fingerprint) if short else assignment.student_key(name)
        before = short and _dealt_before(assignment, name, fingerprint, data.get(DEALT_FIELD))
    except CribbageError as error:
        raise ResultsError(f"{source}: {error}") from None
    if not _matches(signature, sign(key, data)):
        # a whole link given out before accents were folded signed with the key of then, and showed
        # the cards that key dealt (for a name with no accent the key is the same: no second match)
        before = not short and _matches(signature, sign(_key_before_accents(assignment, name), data))
        if not before:
            raise ResultsError(f"{source}: changed after it was saved (the checksum does not match): ask "
                               f"{name} to save the results again from the page")
    progress, problem = _attached(progress_text, read_progress)
    return Submission(name, list(answers), source, _short(str(saved or "")), progress, problem, moment,
                      signed, before)


def _another_class(source: str) -> str:
    return f"{source}: from another class (same set code): load that class's file to grade it"


def _not_listed(assignment: Assignment, source: str, data: dict, error: CribbageError) -> ResultsError:
    """Why a file whose name is not on this class list is refused: a student added after this class
    file was saved (the file is signed by this class for that name), another class with the same set
    code (a student code this class did not make), or a name not on the list."""
    student, klass = data["student"], data["class"]
    if isinstance(student, str) and student.strip() and isinstance(klass, str):
        if klass.startswith(SHORT_PREFIX):
            if not code_of_this_class(assignment, student, klass):
                return ResultsError(_another_class(source))
            ours = True  # the code's token is this class's: only its secret makes it
        else:
            ours = _matches(data["signature"], sign(signing_key(assignment.secret, klass, student), data))
        if ours:
            return ResultsError(f"{source}: {' '.join(student.split())!r} was added to the class after this "
                                "class file was saved: load the class file you downloaded after adding "
                                "them, then grade again")
    return ResultsError(f"{source}: {error}")


def _matches(signature: object, expected: str) -> bool:
    # compared as bytes: compare_digest refuses text with non-ASCII letters, which a damaged file may hold
    return isinstance(signature, str) and hmac.compare_digest(signature.encode(), expected.encode())


def _dealt_before(assignment: Assignment, name: str, klass: str, digest: object) -> bool:
    """Which of ``name``'s sets a results file from a student code answers: the page names the cards it
    made (``"dealt"``, `assign.dealt_digest`), today's or those of before accents were folded; a file
    without it is from a page of before 6 December 2026, which made the cards of its code's time. Cards
    that are neither (a name typed that went with the code by chance) are refused, never graded."""
    if digest is None:
        return code_before_accents(assignment, name, klass)
    for before in (False, True):
        if digest == dealt_digest(assignment.student_set(name, before)):
            return before
    raise CribbageError(f"the cards it answers are not the ones the book deals {name} (the name typed went "
                        f"with the student code by chance): ask {name} to open the set again, typing their "
                        "name exactly as printed on their sheet")


def _key_before_accents(assignment: Assignment, name: str) -> str:
    """The key an older link of a name with accents carried (issue 37 folded accents in the key);
    for other names the key is unchanged, so this is the same key and never matches a second time."""
    return signing_key(assignment.secret, assignment.fingerprint, name, before_accents=True)


def _attached(text: str | None, read_progress: ProgressReader | None) -> tuple[object, str]:
    """The progress attached to a results file read with the store's own reader, or why it cannot
    be read (the answers are graded all the same)."""
    if text is None:
        return None, ""
    size = len(text.encode("utf-8", "surrogatepass"))
    if size > MAX_ATTACHED_PROGRESS:
        return None, (f"it is {size // 1000:,} KB, and the progress the page attaches is at most "
                      f"{MAX_ATTACHED_PROGRESS // 1000:,} KB")
    if read_progress is None:
        return None, _NO_READER
    try:
        return read_progress(text, "the attached progress"), ""
    except CribbageError as error:
        return None, str(error)
    except Exception as error:  # a damaged attachment never stops the grade, whatever the store says
        return None, f"it could not be read ({type(error).__name__})"


# ---- cutting the attached progress out of a results file's text, in one pass ----------------------

_SPACE = re.compile(r"[ \t\n\r]*")
# A JSON string from its opening quote, possessive so it never backtracks; group 1 is the closing
# quote, empty when the string runs to the end of the text unclosed.
_TOKEN = re.compile(r'"[^"\\]*+(?:\\.[^"\\]*+)*+("?+)|[\[\]{}]', re.S)
_SCALAR = re.compile(r'[^,}\]\s]*')
_KEY = json.JSONDecoder()


def _value_end(text: str, start: int) -> int | None:
    """Where the JSON value starting at ``start`` ends (brackets and strings followed, nothing
    parsed), or None when it does not end."""
    if start >= len(text):
        return None
    if text[start] not in '"[{':
        return _SCALAR.match(text, start).end()
    depth = 0
    for match in _TOKEN.finditer(text, start):
        token = match.group()
        if token[0] == '"':
            if not match.group(1):
                return None
        else:
            depth += 1 if token in "[{" else -1
        if depth <= 0:
            return match.end() if depth == 0 else None
    return None


def _members(text: str) -> list[tuple[int, int, int, object]] | None:
    """The top-level object's members as (start, value start, end, key), or None if ``text`` is not
    a JSON object whose members can be told apart."""
    i = _SPACE.match(text).end()
    if not text.startswith("{", i):
        return None
    found: list[tuple[int, int, int, object]] = []
    i = _SPACE.match(text, i + 1).end()
    while not text.startswith("}", i) or found:
        start = i
        try:
            key, i = _KEY.raw_decode(text, i) if text.startswith('"', i) else (None, -1)
        except ValueError:
            return None
        i = _SPACE.match(text, max(i, 0)).end()
        if key is None or not text.startswith(":", i):
            return None
        value = _SPACE.match(text, i + 1).end()
        end = _value_end(text, value)
        if end is None:
            return None
        found.append((start, value, end, key))
        i = _SPACE.match(text, end).end()
        if text.startswith(",", i):
            i = _SPACE.match(text, i + 1).end()
            continue
        break
    if not text.startswith("}", i) or text[i + 1:].strip(" \t\n\r"):
        return None
    return found


def split_progress(text: str) -> tuple[str, str | None]:
    """A results file's text without its attached progress, and the progress's own text (None when
    there is none); the file as it is when its members cannot be told apart (the reader then says
    what is wrong with it).

    >>> split_progress('{"set": "s", "progress": {"crib-progress": [[[[1]]]]}, "student": "Ann"}')
    ('{"set": "s","student": "Ann"}', '{"crib-progress": [[[[1]]]]}')
    """
    members = _members(text)
    if not members or sum(key == PROGRESS_FIELD for *_, key in members) != 1:
        return text, None
    kept = [text[start:end] for start, _, end, key in members if key != PROGRESS_FIELD]
    progress = next(text[value:end] for _, value, end, key in members if key == PROGRESS_FIELD)
    return "{" + ",".join(kept) + "}", progress


def one_line(value: object) -> str:
    """A name or value from outside (a file's name, a field its JSON escaped, such as an edit that
    made "\\n" of a set code) as a one-line message quotes it: each line break or other control
    character a space."""
    return " ".join("".join(c if c.isprintable() else " " for c in str(value)).split())


def _short(value: object) -> str:
    """A value from a file, on one line and shortened for a message."""
    text = one_line(value)
    return text if len(text) <= 40 else f"{text[:30]}... ({len(text)} characters)"


def short_results(assignment: Assignment, name: str, answers: list[str | None], saved: str = "") -> dict:
    """A results file's content exactly as the page writes it for a set opened by a student code
    (for tests and examples)."""
    student = assignment.find_student(name)
    entry = open_short(assignment.code, student_code(assignment, student), student)
    data = {"crib_results": FORMAT, "set": entry.set_code, "class": entry.klass, "student": entry.student,
            "answers": [None if a is None else str(a) for a in answers],
            "saved": saved or datetime.now(UTC).isoformat(timespec="seconds")}
    data["signature"] = sign(entry.key, data)
    data[DEALT_FIELD] = dealt_digest(load_set(entry.set_code, entry.student, entry.before_accents))
    return data
