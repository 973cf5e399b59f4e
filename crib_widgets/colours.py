"""Every colour the book draws with, by name: one home for the ink, the card red and the rest.

The Python drawing (cards, charts, reports, widget styles) reads the values here; the book's page
stylesheets read them as CSS variables (``var(--crib-ink)``), which `css_variables` writes: the
book's build writes them into ``_static/crib-colours.css`` (``book/_ext/crib_colours.py``), and a page or
widget that must stand alone (a class report, a widget outside the book) carries the same block.

>>> COLOURS["ink"], css_var("red")
('#27455f', 'var(--crib-red)')
>>> css_variables(".crib-root")[:36]
'.crib-root{--crib-ink:#27455f;--crib'
"""

from __future__ import annotations

__all__ = ["COLOURS", "SIDES", "css_var", "css_variables"]

COLOURS: dict[str, str] = {
    # the book's own blue-grey: headings, buttons, the tallies, the charts' bars
    "ink": "#27455f",
    # the suits' two inks (a card's suit is always also a symbol and named in words)
    "red": "#b0102a",
    "black": "#1b1b1b",
    # text and lines
    "text": "#1d2329",
    "muted": "#4f5b66",  # 7:1 on white: axis labels and notes stay readable
    "grid": "#d8dde2",
    "border": "#d5dbe1",
    "paper": "#fff",
    # the board's lines on a chart: the winning score
    "mark": "#7a4b1f",
    "mark-text": "#6b4117",
    # a class report's bands (with the words secure, shaky, needs help)
    "good": "#d8efd9",
    "fair": "#fbe9b7",
    "poor": "#f6c9c9",
    "rule": "#999",  # a printed table's lines
    "quiet": "#555",  # a printed page's quiet text
    "faint": "#666",
    "line": "#c9d3dc",  # a book table's heading rule
    "line-faint": "#e3e7eb",
    # the sides' colours (below), also the widgets' tones: information, points scored, a mistake
    "crimson": "#c0392b",
    "blue": "#1f5fbf",
    "green": "#1e8449",
    "purple": "#7d3c98",
}

# The sides' colours, in seat order: the board's pegs, the charts' series.
SIDES = (COLOURS["crimson"], COLOURS["blue"], COLOURS["green"], COLOURS["purple"])


def css_var(name: str) -> str:
    """The CSS that reads colour ``name`` from the variables `css_variables` writes."""
    if name not in COLOURS:
        raise KeyError(f"no colour named {name!r}: the colours are {', '.join(COLOURS)}")
    return f"var(--crib-{name})"


def css_variables(selector: str = ":root") -> str:
    """A CSS rule that sets every colour as a variable (``--crib-ink``, ``--crib-red``, ...) on
    ``selector``."""
    return selector + "{" + ";".join(f"--crib-{name}:{value}" for name, value in COLOURS.items()) + "}"
