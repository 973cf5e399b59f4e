"""A class's files, made the same way by `crib assign` and by the teachers' page in the browser.

Nothing here reads or writes a disk: `crib assign`, `crib class` and the page (the class desk,
`crib_widgets.classroom.desk`) hand in text and get back the files by name, so both routes make
byte for byte the same sheets, key, links and ``class.json``.

>>> roster_names("# 7B\\nAnn\\n\\n  Chloé   Dupont \\n", "the class list")
['Ann', 'Chloé Dupont']
>>> from crib_widgets.exercises.assign import Assignment
>>> files = class_files(Assignment("counting", "easy", 2, 7, ("Ann",), secret="00" * 16))
>>> sorted(files)
['answer-key.html', 'class.json', 'links.csv', 'links.html', 'worksheet-ann.html']
>>> class_from_copy(files["answer-key.html"], "the key")[0].roster
('Ann',)
"""

from __future__ import annotations

import json
from html import escape
from urllib.parse import urlsplit

from ..bounded import load_json
from ..errors import CribbageError
from .assign import CLASS_FILE, KEY_COPY_ID, Assignment, key_copy_text
from .export_html import PAGE_CSS, answer_key_html, worksheet_html
from .file_names import file_stem
from .nbgrader import assignment_id, nbgrader_notebook
from .roster import read_roster
from .short import slips_html, student_code, typed_address
from .spreadsheet import csv_text

__all__ = ["class_files", "class_from_copy", "file_stem", "nbgrader_file", "roster_names",
           "web_address"]

# The second copy of the class file, inside the key: `crib class rebuild` and the page read it back.


def roster_names(text: str, where: str) -> list[str]:
    """The names in a class list as schools export them, shown "First Last" (`roster.read_roster`):
    a name a line or a spreadsheet's CSV; header rows, blank lines and lines starting with # skipped."""
    return read_roster(text, where)


def web_address(text: str) -> str:
    """A web address starting http:// or https:// with a host name (the published book's), or an error.

    >>> web_address("https://example.org/cribbage/")
    'https://example.org/cribbage/'
    >>> web_address("javascript:alert(1)")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    crib_widgets.errors.CribbageError: 'javascript:alert(1)' is not a web address: give the ...
    """
    address = text.strip()
    parts = urlsplit(address) if len(address) <= 500 and address.isprintable() else None
    if parts is None or parts.scheme.lower() not in ("http", "https") or not parts.hostname \
            or any(ch in address for ch in " \"'<>`"):
        shown = address if len(address) <= 40 else address[:30] + "..."
        raise CribbageError(
            f"{shown!r} is not a web address: give the published book's address starting https:// (or "
            "http://), e.g. https://example.org/cribbage/")
    return address


# Relative links work once the book's address is in front: this field puts it there on this page.
ADDRESS_FIELD = ('<p><label for="base">The book\'s address: </label><input id="base" size="40" '
               'placeholder="https://example.org/cribbage/"> (the links below then open there)</p>')
ADDRESS_SCRIPT = ("<script>document.getElementById('base').addEventListener('input', (e) => {"
                "const base = e.target.value.trim().replace(/\\/?$/, '/');"
                "for (const a of document.querySelectorAll('a[data-link]')) {"
                "a.href = (e.target.value.trim() ? base : '') + a.dataset.link;"
                "a.textContent = a.href.slice(0, 70) + '\u2026'; } });</script>")


def _links_page(assignment: Assignment, links: dict[str, str], site: str) -> str:
    rows = "".join(f'<tr><td>{escape(name)}</td><td><a data-link="{escape(link, quote=True)}" '
                   f'href="{escape(link, quote=True)}">'
                   f"{escape(link[:60])}\u2026</a></td></tr>" for name, link in links.items())
    where = (f"The links point to {escape(site)}." if site else
             "The links are relative to the published book's root: put the book's address in front "
             "(e.g. <code>https://example.org/cribbage/</code>), or run <code>crib assign</code> with "
             "<code>--site</code>.")
    return (f"<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Links for set "
            f"{escape(assignment.code)}</title><style>{PAGE_CSS} td{{padding:.1em .6em}}</style></head><body>"
            f"<h1>Links for set {escape(assignment.code)}</h1><p>Send each student their own link. It opens "
            f"their set on the book's assignment page; nothing is sent anywhere from it, and each link "
            f"carries that student's cards (never the answers). {where}</p>"
            f"{ADDRESS_FIELD if not site else ''}"
            f"<table><thead><tr><th>student</th><th>link</th></tr></thead><tbody>{rows}</tbody></table>"
            f"{slips_html(assignment, site)}"
            f"{ADDRESS_SCRIPT if not site else ''}</body></html>\n")


def _class_copy(data: dict) -> str:
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/")
    return (f'<section class="class-copy"><h2>If class.json is lost</h2><p>This key holds a second copy of '
            f"the class file (the roster, the set and the class secret). Keep this page somewhere other "
            f"than the class folder; <code>crib class rebuild answer-key.html --out new-folder/</code> makes "
            f"the class folder again from it, with the same links, and the book's page <i>Your class, in "
            f"the browser</i> grades with it as with class.json.</p>"
            f'<script type="application/json" id="{KEY_COPY_ID}">{text}</script></section>')


def class_files(assignment: Assignment, site: str = "", nbgrader: bool = False) -> dict[str, str]:
    """Every file of a class folder by name: sheets, key (holding a copy of class.json), links, class.json."""
    files = _files(assignment, site)
    if nbgrader:
        files.update([nbgrader_file(assignment)])
    return files


def nbgrader_file(assignment: Assignment) -> tuple[str, str]:
    """The set as an nbgrader source notebook: its place in the class folder
    (``nbgrader/source/<id>/<id>.ipynb``, the course folder's ``source/<id>/``) and its text, the
    same from ``crib assign --nbgrader`` and the class page."""
    ident = assignment_id(assignment)
    text = json.dumps(nbgrader_notebook(assignment), indent=1, ensure_ascii=False) + "\n"
    return f"nbgrader/source/{ident}/{ident}.ipynb", text


def _files(assignment: Assignment, site: str) -> dict[str, str]:
    sets = [assignment.student_set(name) for name in assignment.students]
    links = {name: assignment.link(name, site) for name in assignment.students}
    files: dict[str, str] = {}
    owners: dict[str, str] = {}
    for exercise_set in sets:
        stem = f"worksheet-{file_stem(exercise_set.student)}"
        if stem in owners:
            raise CribbageError(f"students {owners[stem]!r} and {exercise_set.student!r} would share the "
                                f"file {stem}.html: make the names differ in letters or digits")
        owners[stem] = exercise_set.student or ""
        files[f"{stem}.html"] = worksheet_html(exercise_set, online=links[exercise_set.student], typed=(
            typed_address(site), student_code(assignment, exercise_set.student)))
    data = assignment.to_json(site)
    files["answer-key.html"] = answer_key_html(sets).replace("</body>", _class_copy(data) + "</body>", 1)
    codes = [[name, link, student_code(assignment, name)] for name, link in links.items()]
    files["links.csv"] = csv_text([["student", "link", "student code"], *codes])
    files["links.html"] = _links_page(assignment, links, site)
    files[CLASS_FILE] = json.dumps(data, indent=2, ensure_ascii=False) + "\n"
    return files


def class_from_copy(text: str, where: str) -> tuple[Assignment, str]:
    """The class (and the site its links name) from a key's copy of class.json, or class.json itself."""
    data = load_json(key_copy_text(text, where), where)
    site = data.get("site", "") if isinstance(data, dict) else ""
    return Assignment.from_json(data, where), site if isinstance(site, str) else ""
