"""One home for the colours (issue 40): `crib_widgets.colours` names every colour; the Python drawing
reads it, the page stylesheets read its CSS variables, which the book's build writes."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

from crib_widgets.colours import COLOURS, SIDES, css_var, css_variables

ROOT = Path(__file__).resolve().parent.parent
HEX = re.compile(r"(?<![&\w])#(?:[0-9a-fA-F]{6}|[0-9a-fA-F]{3})\b")
VAR = re.compile(r"var\(--crib-([a-z0-9-]+)\)")

# Notebooks whose figures still write their colours. Issue 40: to be removed.
NOT_YET = {
    "book/10_discarding.ipynb", "book/11_pegging_well.ipynb", "book/12_playing_to_the_board.ipynb",
    "book/teachers_guide.ipynb", "book/teachers_printables.ipynb",
}


def _sources() -> list[Path]:
    patterns = ("crib_widgets/**/*.py", "book/*.py", "book/_ext/*.py", "book/_static/*.css", "lite/*.py",
                "lite/runtime/src/**/*.js", "lite/runtime/src/**/*.css", "scripts/*.py", "book/*.ipynb")
    return sorted({p for pattern in patterns for p in ROOT.glob(pattern)})


def _code(path: Path) -> str:
    """A file's text; of a notebook, its code cells (a notebook is stored without outputs)."""
    text = path.read_text(encoding="utf-8")
    if path.suffix != ".ipynb":
        return text
    return "\n".join("".join(c["source"]) for c in json.loads(text)["cells"] if c["cell_type"] == "code")


def test_no_colour_is_written_outside_the_colours_module() -> None:
    found = {}
    for path in _sources():
        name = path.relative_to(ROOT).as_posix()
        if name == "crib_widgets/colours.py" or name in NOT_YET:
            continue
        hexes = HEX.findall(_code(path))
        if hexes:
            found[name] = sorted(set(hexes))
    assert not found, f"colours written outside crib_widgets/colours.py (name them there): {found}"


def test_the_lists_only_shrink() -> None:
    still = {name for name in NOT_YET if HEX.search(_code(ROOT / name))}
    assert still == NOT_YET, f"no colour left in {sorted(NOT_YET - still)}: take them off NOT_YET"


def test_every_variable_a_stylesheet_reads_is_a_colour() -> None:
    unknown = {}
    for path in _sources():
        names = set(VAR.findall(path.read_text(encoding="utf-8"))) - set(COLOURS)
        if names:
            unknown[path.relative_to(ROOT).as_posix()] = sorted(names)
    assert not unknown, f"var(--crib-...) naming no colour of crib_widgets/colours.py: {unknown}"


def test_the_ink_and_the_card_red_have_one_home() -> None:
    from crib_widgets.cards import RED_INK, SUIT_INK

    assert RED_INK == COLOURS["red"] == SUIT_INK["H"] and SIDES[0] == COLOURS["crimson"]
    assert "var(--crib-red)" in (ROOT / "book/_static/assignment.css").read_text(encoding="utf-8")
    assert css_var("ink") == "var(--crib-ink)" and f"--crib-ink:{COLOURS['ink']}" in css_variables()
    with pytest.raises(KeyError, match="no colour named 'inc'"):
        css_var("inc")


def test_the_books_build_writes_every_colour_for_the_page_stylesheets() -> None:
    sys.path.insert(0, str(ROOT / "book" / "_ext"))
    try:
        from crib_colours import FILE, colours_css
    finally:
        sys.path.remove(str(ROOT / "book" / "_ext"))
    css = colours_css()
    assert all(f"--crib-{name}:{value}" in css for name, value in COLOURS.items())
    config = (ROOT / "_config.yml").read_text(encoding="utf-8")
    assert "crib_colours: book/_ext" in config and "- crib_colours" in config and FILE == "crib-colours.css"


def test_a_widget_and_a_page_that_stand_alone_carry_the_variables() -> None:
    from crib_widgets.exercises.export_html import PAGE_CSS
    from crib_widgets.widgets.styles import CSS

    assert CSS.startswith(css_variables(".crib-root")) and PAGE_CSS.startswith(css_variables())
