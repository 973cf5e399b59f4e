"""A tournament's class folder, made the same way by ``crib assign --tournament`` and the class page.

Nothing here reads or writes a disk (as `class_folder` for an assignment): the command writes the
files it gets back with `crib_widgets.cli.folders.write_owned`, and the teachers' page
(`crib_widgets.classroom.desk`) offers them as downloads, so both make byte for byte the same
``class.json`` and links.

>>> from crib_widgets.table.duplicate import DuplicateSet
>>> from crib_widgets.table.class_tournament import Tournament
>>> t = Tournament(DuplicateSet(seed=12, deals=2, level="beginner"), ("Ann",), secret="11" * 16)
>>> sorted(tournament_files(t, ""))
['class.json', 'links.csv', 'links.html']
"""

from __future__ import annotations

import json
from html import escape

from ..exercises.assign import CLASS_FILE
from ..exercises.class_folder import ADDRESS_FIELD, ADDRESS_SCRIPT
from ..exercises.export_html import PAGE_CSS
from ..exercises.spreadsheet import csv_text
from ..qr import qr_svg
from ..words import possessive
from .class_tournament import Tournament

__all__ = ["tournament_files"]


# A tournament's link carries the student's signing key, so there is no student code to print (as
# `short.slips_html` prints for a set): the page says how each student gets their link instead.
_HOW_TO_OPEN = ("<h2>How each student opens their boards</h2><p>A tournament has no student code or short "
                "link to type from paper: each student needs their own whole link, which signs their results "
                "(a classmate's link signs them as that classmate). Send it by e-mail, chat or the school's "
                "learning platform (<code>links.csv</code> holds one a row, for a mail merge), or open it "
                "for the student on the computer or tablet they will play on and bookmark it there.</p>")


#: Under the table when the links carry the book's address, so each has a QR code beside it.
_SCAN = ("<p>Each QR code opens that student's link: point the camera of the tablet they will play on at it, "
         "then bookmark the page.</p>")


def _qr(name: str, link: str, site: str) -> str:
    """A cell with a QR code of the student's whole link (about 230 characters: a small code) when
    the book's address is known; a relative link is no use to a phone."""
    return f"<td>{qr_svg(link, f'QR code of {possessive(name)} link')}</td>" if site else ""


def _links_page(tournament: Tournament, links: dict[str, str], site: str) -> str:
    rows = "".join(f'<tr><td>{escape(name)}</td><td><a data-link="{escape(link, quote=True)}" '
                   f'href="{escape(link, quote=True)}">'
                   f"{escape(link[:60])}\u2026</a></td>{_qr(name, link, site)}</tr>"
                   for name, link in links.items())
    scan = ("<th>to scan</th>" if site else "")
    where = (f"The links point to {escape(site)}." if site else
             "The links are relative to the published book's root: put the book's address in front, or "
             "run <code>crib assign</code> with <code>--site</code>.")
    return (f"<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Links for "
            f"{escape(tournament.code)}</title><style>{PAGE_CSS} td{{padding:.1em .6em}}</style></head><body>"
            f"<h1>Links for {escape(tournament.code)}</h1><p>Send each student their own link. It opens the "
            f"book's game table on the tournament's boards, the same cards for everyone; at the end the "
            f"student saves a results file and hands it in. Nothing is sent anywhere from the page. {where}"
            f"</p>{ADDRESS_FIELD if not site else ''}"
            f"<table><thead><tr><th>student</th><th>link</th>{scan}</tr></thead><tbody>{rows}</tbody></table>"
            f"{_SCAN if site else ''}{_HOW_TO_OPEN}{ADDRESS_SCRIPT if not site else ''}</body></html>\n")


def tournament_files(tournament: Tournament, site: str = "") -> dict[str, str]:
    """A tournament's class folder: ``links.csv``, ``links.html`` and ``class.json``."""
    links = {name: tournament.link(name, site) for name in tournament.students}
    return {"links.csv": csv_text([["student", "link"], *links.items()]),
            "links.html": _links_page(tournament, links, site),
            CLASS_FILE: json.dumps(tournament.to_json(site), indent=2, ensure_ascii=False) + "\n"}
