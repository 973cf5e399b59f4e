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
    # the widgets' panel, notes and status line (information, done, careful, wrong)
    "panel": "#fbfcfd",
    "note": "#5b6670",
    "info-bg": "#eef4fc",
    "ok-bg": "#eaf6ed",
    "warn": "#c77c02",
    "warn-bg": "#fdf4e3",
    "bad-bg": "#fbebea",
    "negative": "#a93226",  # points lost; the board's lines of the last street
    "extra": "#8e44ad",  # points claimed that are not there
    # cards drawn in HTML: edge, lit (part of the combination said), back, empty place
    "card-edge": "#9aa3ab",
    "lit": "#fff3c4",
    "lit-edge": "#e0a800",
    "deep-blue": "#1d4f91",  # a card's back; links on a chapter's stars
    "card-back-light": "#2e66b3",
    "card-back-edge": "#163d70",
    "empty-edge": "#b8c0c7",
    "suit-blue": "#1457b8",  # the four-colour deck's diamonds
    "suit-green": "#16752c",  # and clubs
    # ipywidgets' button styles, darkened to 4.5:1 with white text
    "button-info": "#0b6e82",
    "button-success": "#1e7b3c",
    "button-warning": "#9a4a00",
    "button-danger": "#b3261e",
    # the game table: what just happened, the log, a seat
    "event-bg": "#f3efe6",
    "event-text": "#3d3320",
    "log-text": "#37424c",
    "seat-edge": "#e1e6ea",
    # stars and the next thing to practise
    "star": "#8a5a00",
    "stars-bg": "#fffdf7",
    "stars-text": "#1f2933",
    "stars-intro": "#3e4c59",
    "next-bg": "#eef5ec",
    "next-edge": "#2e7d32",
    # the class desk's drop zones
    "drop-edge": "#8a99a8",
    "drop-bg": "#eef3f8",
    # printed pages (worksheets, keys, slips): black ink and greys
    "print": "#000",
    "print-text": "#111",
    "print-soft": "#333",
    "print-go": "#444",
    "print-faint": "#777",
    # the assignment page: right and wrong, what was read, a note
    "right": "#1e6b3a",
    "wrong": "#8a1c1c",
    "slate": "#3d4852",
    "grey": "#595959",
    "read-edge": "#6b7a88",
    "brown": "#7a4a00",
    "amber": "#c98a00",
    "cream": "#fff4d6",
    # the counting voice's controls
    "voice": "#1f5f8b",
    "voice-dark": "#174a6c",
    "voice-text": "#33414e",
    "voice-lit": "#f0a500",
    "scroll-shadow": "#7d8b99",  # the edge of a table that scrolls sideways
    # the book's figures of hand statistics: the hands people keep beside four random cards
    "kept": "#1f7a4d",
    "random": "#8a96a3",
    # the board: its wood, grain, holes, the names and numbers burnt in, a peg's jump back
    "wood-light": "#d9a86c",
    "wood": "#c48a4c",
    "wood-dark": "#a86f36",
    "grain": "#9c6630",
    "hole": "#3a240f",
    "game-hole": "#2a1707",
    "game-hole-rim": "#f3d9a4",
    "board-text": "#4a2c0c",
    "board-name": "#2b1808",
    "board-name-soft": "#3b230c",
    "jump-back": "#7b241c",
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
