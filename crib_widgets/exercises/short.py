"""Short links: a student code of nine letters and digits that a child can type from a printed sheet.

A whole link (`Assignment.link`) carries the student's cards and signing key and is 800 to 1,300
characters long: fine to click, impossible to type. A short link carries only the set code and a
**student code** such as ``4KM-Q7R-2XD``; the assignment page makes the cards itself with the
book's Python in the browser (nothing installed, nothing sent anywhere), from the set code and the
name the student types, exactly as the worksheet and the whole link have them.

The student code is nine characters of Crockford's base 32 (digits and capitals without I, L, O
and U, so 0/O and 1/I/L are read alike), 45 bits:

- the student's place on the class list (10 bits) and the teacher's two options (checking as you
  go, answers by kind);
- a **name check** (13 bits) over the set code, the place, the options and the name: the page
  refuses a name that does not go with the code, so a student who types their own name with a
  classmate's code (or a classmate's name) is told so before seeing any cards;
- a **class token** (15 bits) from the class secret, which only the teacher's class file holds: a
  results file made from a student code is signed under a key made from the whole code
  (`results_key`), so `crib grade` and the class page accept it only with that student's real code,
  as a whole link's file only with that student's key;
- a **check character** over all of it and the set code (Luhn's mod-N algorithm): one wrong
  character is always caught as a typo, two swapped neighbours almost always, and a typo in the set
  code 31 times in 32 (the name check then catches almost all the rest).

What it guards against is the same as the whole link's checksum and key: accidents and a file made
for a classmate, not a student sharing their own code; the grade is always the engine's.

A code printed before names were read without their accents (6 December 2026) checked an accented
name with its accents (`seeds.key_before_accents`): it still opens, with the name as printed on the
slip, and makes the cards it always made (`ShortEntry.before_accents`), so a child holding an old slip
finds the set they may have started, and the answer key of then; its results are graded on those cards
(`code_before_accents`, and the page's ``"dealt"``: `results.read_results`).

>>> from crib_widgets.exercises.assign import Assignment
>>> a = Assignment("counting", "easy", 2, 7, ("Ann", "Ben"), secret="11" * 16)
>>> code = student_code(a, "Ann")
>>> read_student_code(code.lower().replace("-", " ")) == code.replace("-", "")
True
>>> opened = open_short(a.code, code, "ann")
>>> opened.student, opened.check, opened.by
('ann', True, 'total')
>>> open_short(a.code, code, "Ben")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
crib_widgets.errors.CribbageError: the name 'Ben' does not go with this student code: ...
"""

from __future__ import annotations

import hashlib
import hmac
import re
import unicodedata
from dataclasses import dataclass
from html import escape
from urllib.parse import quote

from ..errors import CribbageError
from ..qr import qr_svg
from ..words import possessive
from .assign import PAGE, Assignment
from .generate import MAX_STUDENTS
from .seeds import key_before_accents, student_key

__all__ = ["ALPHABET", "SHORT_PREFIX", "ShortEntry", "canonical_set", "class_qr", "code_before_accents",
           "name_candidates",
           "open_short", "read_student_code", "results_key", "short_link", "slip_qr", "slips_html",
           "student_code", "typed_address", "typed_page", "code_of_this_class"]

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"  # Crockford's base 32
#: A results file made from a student code names it in its "class" field: ``short:4KMQ7R2XD``.
SHORT_PREFIX = "short:"
_LENGTH = 9
_SEP = "\x1f"
_TYPOS = str.maketrans({"O": "0", "I": "1", "L": "1", "U": "V"})
_SET = re.compile(r"([a-z]+)/([a-z]+)/0*(\d{1,4})/0*(\d{1,18})")
assert MAX_STUDENTS <= 1 << 10  # the place on the list fits its 10 bits


def canonical_set(text: object) -> str:
    """A typed set code as the sheets print it: ``" Counting/EASY/06/7 "`` -> ``counting/easy/6/7``."""
    parts = [p.strip().lower() for p in text.split("/")] if isinstance(text, str) else []
    found = _SET.fullmatch("/".join(parts))
    if found is None:
        raise CribbageError(f"{str(text)[:40]!r} is not a set code: type it as printed at the top of the "
                            "sheet, e.g. counting/medium/6/7")
    return "/".join(found.groups())


def _name_key(name: str, before_accents: bool = False) -> str:
    # a code given out before 6 December 2026 checks and signs with the key of then (accents kept)
    return key_before_accents(name) if before_accents else student_key(unicodedata.normalize("NFC", name))


def _bits(digest: bytes, count: int) -> int:
    return int.from_bytes(digest[:4], "big") >> (32 - count)


def _name_check(set_code: str, place: int, options: int, name: str, before_accents: bool = False) -> int:
    text = _SEP.join(["crib-short-name", set_code, str(place), str(options), _name_key(name, before_accents)])
    return _bits(hashlib.sha256(text.encode("utf-8")).digest(), 13)


def _token(assignment: Assignment, place: int, name: str, before_accents: bool = False) -> int:
    key = _name_key(name, before_accents)
    text = _SEP.join(["crib-short-token", assignment.fingerprint, str(place), key])
    secret = bytes.fromhex(assignment.secret)
    return _bits(hmac.new(secret, text.encode("utf-8"), hashlib.sha256).digest(), 15)


def _check_char(set_code: str, body: str) -> str:
    """Luhn mod 32 over the body, after a character standing for the set code."""
    values = [hashlib.sha256(set_code.encode("utf-8")).digest()[0] % 32] + [ALPHABET.index(c) for c in body]
    total = 0
    for i, value in enumerate(reversed(values)):
        if i % 2 == 0:
            value *= 2
            value = value // 32 + value % 32
        total += value
    return ALPHABET[(32 - total % 32) % 32]


def _options(check: bool, by: str) -> int:
    return (2 if check else 0) | (1 if by == "kind" else 0)


def student_code(assignment: Assignment, name: str, before_accents: bool = False) -> str:
    """The student's code, e.g. ``4KM-Q7R-2XD``: typed with the set code, it opens their own set
    (``before_accents``: the code printed before names were read without their accents, which differs
    for a name with accents and still opens the cards it always opened, `open_short`)."""
    student = assignment.find_student(name)
    place = assignment.students.index(student)
    options = _options(assignment.check_as_you_go, assignment.answer_by)
    check = _name_check(assignment.code, place, options, student, before_accents)
    token = _token(assignment, place, student, before_accents)
    value = (place << 35) | (options << 28) | (check << 15) | token
    body = "".join(ALPHABET[(value >> shift) & 31] for shift in range(35, -1, -5))
    code = body + _check_char(assignment.code, body)
    return f"{code[:3]}-{code[3:6]}-{code[6:]}"


def typed_page(site: str = "") -> str:
    """The address of the page where a student types the codes (relative to the site's root)."""
    return ((site.rstrip("/") + "/") if site else "") + PAGE


def short_link(assignment: Assignment, name: str, site: str = "") -> str:
    """The short link: the assignment page with the set code and the student's code, e.g.
    ``https://example.org/crib/book/assignment.html#set=counting/easy/10/7&code=4KM-Q7R-2XD``."""
    return (f"{typed_page(site)}#set={quote(assignment.code, safe='/')}"
            f"&code={student_code(assignment, name)}")


def read_student_code(text: object) -> str:
    """A typed student code as its nine characters (spaces, dashes and case ignored; O read as 0,
    I and L as 1); a code of the wrong length or with a letter it cannot hold is refused."""
    typed = text if isinstance(text, str) else ""
    code = re.sub(r"[\s\-\u2010-\u2015.]", "", typed).upper().translate(_TYPOS)
    if len(code) != _LENGTH or any(c not in ALPHABET for c in code):
        raise CribbageError(f"{str(text)[:20]!r} is not a student code: it has nine letters and digits, e.g. "
                            "4KM-Q7R-2XD, as printed on your sheet")
    return code


@dataclass(frozen=True)
class ShortEntry:
    """What a set code, a student code and a name open: the set, the name (as the class list spells
    it, up to case), the place on the list and the options."""

    set_code: str
    code: str
    student: str
    place: int
    check: bool
    by: str
    #: A code printed before names were read without their accents (6 December 2026), for a name with
    #: accents: it opens the cards it always opened (`seeds.key_before_accents`), never other ones.
    before_accents: bool = False

    @property
    def klass(self) -> str:
        """The results file's "class" field."""
        return SHORT_PREFIX + self.code

    @property
    def key(self) -> str:
        """The key the page signs the results with (32 hex digits)."""
        return _short_key(self.set_code, self.code)


def _short_key(set_code: str, code: str) -> str:
    return hashlib.sha256(_SEP.join(["crib-short-key", set_code, code]).encode("utf-8")).hexdigest()[:32]


def name_candidates(name: str) -> list[str]:
    """The ways a typed name may be on the class list: as typed, then every way of parting its words
    into two, in either order, with or without a comma: "garcía maría" may be listed "María García",
    "García, María" or "María, García". Case, spaces and accents are the key's (`student_key`)."""
    words = " ".join(name.split())
    found = [words]
    parts = [w for w in re.split(r"[\s,]+", words) if w]
    for k in range(1, len(parts)):
        head, tail = " ".join(parts[:k]), " ".join(parts[k:])
        for candidate in (f"{head} {tail}", f"{tail} {head}", f"{head}, {tail}", f"{tail}, {head}"):
            if candidate not in found:
                found.append(candidate)
    return found


def open_short(set_code: str, code: str, name: str) -> ShortEntry:
    """Check a set code, a student code and a typed name together (what the page does before it
    makes the cards); a typo or a name that does not go with the code is refused in one sentence."""
    canonical = canonical_set(set_code)
    body = read_student_code(code)
    if _check_char(canonical, body[:-1]) != body[-1]:
        raise CribbageError("the set code and the student code do not go together: one of them has a typo. "
                            "Check both against your sheet")
    value = 0
    for c in body[:-1]:
        value = value * 32 + ALPHABET.index(c)
    place, options, check = value >> 35, (value >> 28) & 3, (value >> 15) & 8191
    if not name.strip():
        raise CribbageError("type your name as it is printed on your sheet")
    for before in (False, True):  # today's codes, then those printed before accents were folded
        for candidate in name_candidates(name):
            if before and key_before_accents(candidate) == _name_key(candidate):
                continue  # the same check as today's: already tried
            if _name_check(canonical, place, options, candidate, before) == check:
                return ShortEntry(canonical, body, candidate, place, bool(options & 2),
                                  "kind" if options & 1 else "total", before)
    raise CribbageError(f"the name {' '.join(name.split())!r} does not go with this student code: type your "
                        "name as it is printed on your sheet, and check the code")


def code_before_accents(assignment: Assignment, name: str, klass: str) -> bool:
    """Whether the student code in a results file's "class" field is the one printed for ``name``
    before names were read without their accents, and differs from today's (a name with accents):
    then the file answers the cards that code dealt (`ShortEntry.before_accents`)."""
    code = klass.removeprefix(SHORT_PREFIX)
    older = student_code(assignment, name, before_accents=True).replace("-", "")
    return older == code != student_code(assignment, name).replace("-", "")


def code_of_this_class(assignment: Assignment, name: str, klass: str) -> bool:
    """Whether the student code in a results file's "class" field was made by this class's secret for
    ``name``, whether or not ``name`` is on this copy of the class list (a student added after the
    class file was saved): its token is this class's for the place it holds. A code of another class
    with the same set code is not."""
    try:
        body = read_student_code(klass.removeprefix(SHORT_PREFIX))
    except CribbageError:
        return False
    value = 0
    for c in body[:-1]:
        value = value * 32 + ALPHABET.index(c)
    place, token = value >> 35, value & 32767
    return any(_token(assignment, place, name, before) == token for before in (False, True))


def results_key(assignment: Assignment, name: str, klass: str) -> str:
    """The key a results file made from a student code must be signed with, after checking that the
    code in its "class" field is ``name``'s in this class (today's, or the one printed before accents
    were folded: `code_before_accents`); otherwise a `CribbageError`."""
    if student_code(assignment, name).replace("-", "") != klass.removeprefix(SHORT_PREFIX) \
            and not code_before_accents(assignment, name, klass):
        raise CribbageError(f"made with a student code that is not {name}'s in this class (a code from "
                            f"another class, or a classmate's): ask {name} to type the code on their sheet")
    return _short_key(assignment.code, klass.removeprefix(SHORT_PREFIX))


def vectors(assignment: Assignment) -> list[dict]:
    """Cases the page's JavaScript must agree with (tests/data/short_vectors.json)."""
    return [{"set": assignment.code, "name": n, "code": student_code(assignment, n),
             "place": assignment.students.index(n), "check": assignment.check_as_you_go,
             "by": assignment.answer_by, "key": _short_key(assignment.code, student_code(assignment, n)
                                                              .replace("-", ""))}
            for n in assignment.students]


#: Names as students type them, for the page's vectors: (the student, what they type).
_TYPED = [("García, María", "maria garcia"), ("García, María", "GARCÍA MARÍA"),
          ("García, María", "garcia, maria"), ("García, María", "María, García"),
          ("Zoë O'Neil", "zoe o'neil"), ("Zoë O'Neil", "O'Neil Zoe"), ("Ben Smith", "smith ben"),
          ("Ben Smith", "Smith, Ben"), ("Ben Smith", " BEN\u00a0SMITH "), ("Ben Smith", "ben"),
          ("Ann", "Ben Smith"), ("Ann", "Anne")]


def typed_vectors(assignment: Assignment) -> list[dict]:
    """Names typed with a student's code, for the page's JavaScript: the ways each may be listed, and the
    name the code opens with (None: refused), as `open_short` decides."""
    cases = []
    for student, typed in _TYPED:
        code = student_code(assignment, student)
        try:
            opens: str | None = open_short(assignment.code, code, typed).student
        except CribbageError:
            opens = None
        cases.append({"set": assignment.code, "code": code, "typed": typed,
                      "candidates": name_candidates(typed), "opens": opens})
    return cases


def typed_address(site: str = "") -> str:
    """The page's address as a child types it (no ``https://``), or its name when the site is unknown."""
    if not site:
        return "the book's page \u201cYour assignment\u201d (book/assignment.html)"
    return typed_page(site).split("://", 1)[-1]


_SLIP_CSS = (".slips{display:grid;grid-template-columns:repeat(auto-fill,minmax(16em,1fr));gap:.5em}"
             ".slip{border:1px dashed var(--crib-quiet);padding:.4em .6em;break-inside:avoid;font-size:.95em}"
             ".slip b{font-size:1.05em}.slip code{font-size:1.1em;letter-spacing:.05em}"
             ".slip svg{float:right;margin:0 0 .2em .4em}.class-qr{display:flex;gap:1em;align-items:center;"
             "break-inside:avoid}")


def class_qr(site: str) -> str:
    """A QR code of the page where students type their codes (the class's one address), for the
    board or the printed links; "" when the book's address is not known (a relative address is no
    use to a phone)."""
    if not site:
        return ""
    return qr_svg(typed_page(site), "QR code of the page where students type their set code and student code")


def slip_qr(assignment: Assignment, name: str, site: str) -> str:
    """A QR code of the student's short link (their set, once they type their name); "" without the
    book's address."""
    if not site:
        return ""
    return qr_svg(short_link(assignment, name, site), f"QR code of {possessive(name)} short link")


def slips_html(assignment: Assignment, site: str = "") -> str:
    """One slip per student to cut out and hand over: where to go, the set code, their student code,
    and (when the book's address is known) a QR code of their short link. Typed on the assignment page
    with the name, these open the student's own set; results from it are handed in as from the whole
    link."""
    address = escape(typed_address(site))
    slips = "".join(
        f'<div class="slip">{slip_qr(assignment, name, site)}<b>{escape(name)}</b><br>Open {address}<br>'
        f"Set code: <code>{escape(assignment.code)}</code><br>Student code: "
        f"<code>{student_code(assignment, name)}</code></div>" for name in assignment.students)
    scan = (f'<div class="class-qr">{class_qr(site)}<p>Or scan: the code on each slip opens that student\'s '
            "set at once (they type only their name); this one opens the page where anyone types both codes."
            "</p></div>" if site else
            "<p>With the book's address (<code>crib assign --site</code>, or the class page of the published "
            "book) each slip also gets a QR code to scan.</p>")
    return (f"<style>{_SLIP_CSS}</style><h2>To type from paper</h2><p>Each student opens the page, types the "
            "set code, their student code and their name, and gets their own set, the same as their link; "
            "their results are handed in the same way. Cut along the dashes.</p>"
            f'{scan}<div class="slips">{slips}</div>')
