"""Class lists as schools export them, and names as people type them.

A class list may be a name a line ("Ann Lee" or "Lee, Ann"), or a spreadsheet's export: CSV,
semicolons (a spreadsheet set to a European language), tabs; with a header row ("Last name,First
name", "Surname;Forename", "Student"), quotes, blank rows, a byte-order mark and Windows line
ends. `read_roster` reads them all into names shown "First Last"; a header row never becomes a
student and a blank row (";" or ",,") is skipped. `same_person` matches names as people type them:
order, accents, case and spacing do not matter ("María García" is "García, María" is "garcia
maria"). `find_on_roster` (in `assign`) uses it when no spelling matches exactly, and `check_new`
refuses a late student spelt like one already on the list.

>>> export = '\\ufeffLast name;First name\\r\\nGarcía;María\\r\\n;\\r\\n"Adebayo";"Tomi"\\r\\n'
>>> read_roster(export, "the list")
['María García', 'Tomi Adebayo']
>>> read_roster("# 7B\\nAnn Lee\\nGarcía, María\\n\\n", "the list")
['Ann Lee', 'María García']
>>> same_person("María García", "García, María"), same_person("garcia maria", "María García")
(True, True)
>>> name_list(["Tomi Adebayo", "Aisha Ahmed", "Sam Bell"])
'Tomi Adebayo, Aisha Ahmed and Sam Bell'
"""

from __future__ import annotations

import csv
import re
import unicodedata
from collections.abc import Iterable, Sequence

from ..errors import CribbageError
from ..words import join_words
from .seeds import student_key

__all__ = ["read_roster", "shown_name", "name_tokens", "same_person", "check_new", "name_list"]

# Header cells, accents and case folded, spaces for _ and -: which column holds what.
_FIRST = {"first", "first name", "firstname", "first names", "forename", "forenames", "given name",
          "given names", "preferred name", "prenom", "vorname", "nombre", "voornaam", "nome"}
_LAST = {"last", "last name", "lastname", "surname", "surnames", "family name", "nom", "nom de famille",
         "nachname", "apellido", "apellidos", "achternaam", "cognome", "legal surname"}
_FULL = {"name", "names", "full name", "student", "students", "student name", "pupil", "pupils",
         "pupil name", "learner", "learner name", "child", "nom complet", "nombre completo", "display name"}


def _folded(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def _header_word(cell: str) -> str:
    return " ".join(re.sub(r"[_\-.:]+", " ", _folded(cell)).split())


def shown_name(name: str) -> str:
    """A name as the class sees it: ``"García, María"`` -> ``"María García"``, spaces collapsed."""
    if "," in name:
        last, first = name.split(",", 1)
        name = f"{first.replace(',', ' ')} {last}"
    return " ".join(name.split())


def name_tokens(name: str) -> tuple[str, ...]:
    """The words of a name's key (`student_key`: accents and case folded), sorted, apostrophes, dashes
    and other marks inside a word kept out: ``"García, María"`` and ``"maria  GARCIA"`` both give
    ``('garcia', 'maria')``."""
    if not isinstance(name, str) or not name.strip():
        return ()
    words = (unicodedata.normalize("NFKD", word) for word in re.split(r"[\s,]+", student_key(name)))
    return tuple(sorted(w for w in ("".join(ch for ch in word if ch.isalnum()) for word in words) if w))


def same_person(typed: str, listed: str) -> bool:
    """Whether ``typed`` names ``listed`` as a person would type it (order, accents, case, spaces)."""
    return bool(name_tokens(typed)) and name_tokens(typed) == name_tokens(listed)


def _delimiter(lines: list[str]) -> str | None:
    """The mark that parts a spreadsheet's columns: one on most lines (an export writes it on every
    row), so a ';' or a tab inside one name on a plain list of names stays part of that name."""
    for mark in ("\t", ";", ","):
        if 2 * sum(mark in line for line in lines) > len(lines):
            return mark
    return None


def _columns(header: list[str]) -> tuple[int | None, int | None, int | None] | None:
    """(first, last, full) column of a header row, or None when the row is not a header."""
    words = [_header_word(cell) for cell in header]
    first = next((i for i, w in enumerate(words) if w in _FIRST), None)
    last = next((i for i, w in enumerate(words) if w in _LAST), None)
    full = next((i for i, w in enumerate(words) if w in _FULL), None)
    if first is None and last is None and full is None and len(words) > 1:  # "Student ID,Pupil's name"
        full = next((i for i, w in enumerate(words) if w.endswith("name") or w.endswith("names")), None)
    if first is None and last is None and full is None:
        return None
    return first, last, full


def _cell(row: list[str], index: int | None) -> str:
    return row[index].strip() if index is not None and index < len(row) else ""


def read_roster(text: str, where: str) -> list[str]:
    """The students' names in a class list (see the module's notes), shown "First Last"; a list
    with no names, or columns that no header row names, is a `CribbageError` saying what to give."""
    lines = [line for line in text.removeprefix("\ufeff").splitlines()
             if line.strip() and not line.lstrip().startswith("#")]
    mark = _delimiter(lines)
    rows = [[cell.strip() for cell in row] for row in csv.reader(lines, delimiter=mark or "\x1f")]
    numbered = [(n, row) for n, row in enumerate(rows, 1) if any(row)]
    columns = _columns(numbered[0][1]) if numbered else None
    names = []
    lone = columns is not None and sum(bool(c) for c in numbered[0][1]) == 1  # "Name", then "Lee, Ann"
    for n, row in numbered[1:] if columns else numbered:
        if lone:
            name = ", ".join(cell for cell in row if cell)
        elif columns and (columns[0], columns[1]) != (None, None):  # "Bell, Jr" in a surname column stays
            whole = " ".join(f"{_cell(row, columns[0])} {_cell(row, columns[1])}".split())
            names += [whole] if whole else []
            continue
        elif columns:
            name = _cell(row, columns[2])
        else:
            cells = [cell for cell in row if cell]
            if len(cells) > 2:
                raise CribbageError(f"{where}: row {n} has {len(cells)} columns and no header row says which "
                                    "holds the name: add a header row such as 'Last name,First name', or "
                                    "give one name a line")
            name = f"{cells[-1]} {cells[0]}" if len(cells) == 2 else cells[0]
        if shown_name(name):
            names.append(shown_name(name))
    if not names:
        raise CribbageError(f"{where} lists no students: write one name per line (\"Ann Lee\" or "
                            "\"Lee, Ann\"), or save the class list from a spreadsheet as CSV")
    return names


def check_new(listed: Sequence[str], names: Iterable[str],
              hint: str = "a different student spelt alike is added with --different") -> list[str]:
    """Late students' names shown "First Last", each refused when it is someone on the list
    already (``listed``) spelt another way ("Garcia, Maria" when "María García" is there);
    ``hint`` ends the message."""
    shown = [shown_name(name) for name in names]
    for name in shown:  # the same spelling (case and spaces aside) is refused as the same student later
        alike = [other for other in listed
                 if same_person(name, other) and _spelling(other) != _spelling(name)]
        if alike:
            if student_key(alike[0]) == student_key(name):  # "Maria Garcia": --different cannot help
                hint = ("names are read without accents, as students type them, so a different student needs "
                        "more to tell them apart, e.g. an initial")
            raise CribbageError(f"{name!r} is on the class list already, as {alike[0]}: nothing was added "
                                f"({hint})")
    return shown


def _spelling(name: str) -> str:
    return " ".join(unicodedata.normalize("NFC", name).casefold().split())


def name_list(names: Sequence[str]) -> str:
    """Names in a sentence: "Ann, Ben and Cleo"; names that hold a comma ("Lee, Ann") are parted by
    semicolons so the reader can tell where one ends."""
    if any("," in name for name in names):
        return join_words(names, sep="; ")
    return join_words(names)
