"""Every chart in the book has words for a screen reader (and for a page whose picture did not load):
a chart drawn by a cell carries ``mystnb.image.alt`` in the cell's metadata, and a chart glued into
the text is pasted with ``{glue:figure}`` and an ``:alt:``. Without them the page's ``alt`` was the
picture's file name ("../_images/8bb1....png"), as in chapters 11 and 12 (issue 36, item 4)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

BOOK = Path(__file__).resolve().parents[1] / "book"
NOTEBOOKS = sorted(BOOK.glob("*.ipynb"))
GLUED_FIGURE = re.compile(r"""cb\.glue\(\s*["']([\w-]+)["']\s*,\s*fig\b""")


def cells(path: Path) -> list[dict]:
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def shown(cell: dict) -> bool:
    return "remove-cell" not in cell["metadata"].get("tags", [])


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_a_chart_drawn_by_a_cell_has_alt_text(path: Path) -> None:
    bare = [i for i, cell in enumerate(cells(path)) if cell["cell_type"] == "code" and shown(cell)
            and "plt.show()" in "".join(cell["source"])
            and not cell["metadata"].get("mystnb", {}).get("image", {}).get("alt")]
    assert not bare, f"{path.name}: cells {bare} draw a chart with no mystnb.image.alt in their metadata"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_a_glued_chart_is_pasted_with_alt_text(path: Path) -> None:
    book = cells(path)
    code = "\n".join("".join(cell["source"]) for cell in book if cell["cell_type"] == "code")
    keys = set(GLUED_FIGURE.findall(code))
    text = "\n".join("".join(cell["source"]) for cell in book if cell["cell_type"] == "markdown")
    for key in keys:
        pasted = re.search(r"```\{glue(?::\w*)?\}\s*" + re.escape(key) + r"\s*\n((?::\w+:.*\n)*)", text)
        if pasted is None:
            continue  # glued for another page, or not shown
        assert pasted.group(0).startswith("```{glue:figure}") and ":alt:" in pasted.group(1), (
            f"{path.name}: the chart {key!r} is pasted without words: use ```{{glue:figure}} {key} and :alt:")
