"""CSV files written for teachers, safe to open in a spreadsheet program.

A cell that starts with ``=``, ``+``, ``-`` or ``@`` (or a tab or a carriage return, which some
programs skip before looking) is read by Excel, LibreOffice and Google Sheets as a formula: a
student named ``=HYPERLINK("http://…")`` or an answer typed as ``=1+1`` must stay text. Such a cell
gets a leading apostrophe, which every spreadsheet program takes as "this is text" and does not show.
A plain number (``-3``, ``+2``, ``12.5``) is not a formula and stays a number, so a column of points
still sorts. Every CSV the package writes for a teacher (``students.csv``, ``questions.csv``,
``answers.csv``, ``links.csv``, ``standings.csv``) is made by `csv_text`.

>>> rows = [["student", "points"], ["=cmd|' /C calc'!A0", -3], ["@SUM(A1)", "+2"], ["Ann", "-x"]]
>>> print(csv_text(rows), end="")
student,points
'=cmd|' /C calc'!A0,-3
'@SUM(A1),+2
Ann,'-x
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterable

__all__ = ["safe_cell", "csv_text", "shown_cell", "FORMULA_STARTS"]

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
_NUMBER = re.compile(r"[+-]?[0-9]+(?:\.[0-9]+)?")


def safe_cell(value: object) -> str:
    """``value`` as a CSV cell a spreadsheet program reads as text (or a plain number), never a formula."""
    text = "" if value is None else str(value)
    if text.startswith(FORMULA_STARTS) and not _NUMBER.fullmatch(text):
        return "'" + text
    return text


def shown_cell(cell: str) -> str:
    """A cell of `csv_text` as a person reads it (on a web page): the protecting apostrophe taken off."""
    return cell[1:] if cell[:1] == "'" and cell[1:2] in FORMULA_STARTS else cell


def csv_text(rows: Iterable[Iterable[object]]) -> str:
    """``rows`` as CSV text (one line each, ``\\n`` line ends), every cell made safe by `safe_cell`."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerows([safe_cell(value) for value in row] for row in rows)
    return out.getvalue()
