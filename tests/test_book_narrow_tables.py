"""On a phone (390 px) a book table either fits the column or scrolls sideways in its output box,
visibly and by keyboard; none is cut off at the edge. The screenshots are taken by hand against a
build (see the report of the change); these tests pin the pieces that make it so."""

from __future__ import annotations

import re
from pathlib import Path

STATIC = Path(__file__).resolve().parents[1] / "book" / "_static"


def _rule(css: str, selector: str) -> str:
    match = re.search(re.escape(selector) + r"\s*\{([^}]*)\}", css)
    assert match, f"no rule for {selector}"
    return match.group(1)


def test_every_html_output_box_scrolls_sideways_with_a_shadow_on_the_side_that_has_more():
    css = (STATIC / "cribbook.css").read_text(encoding="utf-8")
    # every HTML output, in a cell or glued into the text (answer dropdowns clip what overflows)
    box = _rule(css, "div.output.text_html")
    assert "overflow-x: auto" in box
    assert box.count("no-repeat local") == 2 and box.count("no-repeat scroll") == 2  # covers and shadows
    assert "outline" in _rule(css, "div.output.text_html:focus-visible")


def test_on_a_phone_tables_close_up():
    css = (STATIC / "cribbook.css").read_text(encoding="utf-8")
    phone = css[css.index("@media (max-width: 600px)"):]
    assert re.search(r"table\.cb-table td \{ padding: 3px 6px", phone)


def test_a_box_that_scrolls_is_a_named_tab_stop():
    js = (STATIC.parents[1] / "lite" / "runtime" / "src" / "page" / "crib-a11y.js").read_text("utf-8")
    body = js[js.index("function measure("):js.index("function watchScrollers")]
    # the output boxes, and every box the theme's own script made a tab stop (the build leaves that
    # script's page-wide scan out: lite/first_paint.py, without_theme_tab_stops)
    literal = re.search(r'var OUTPUT_BOX = ((?:"[^"]*"\s*\+?\s*)+);', js).group(1)
    boxes = "".join(re.findall(r'"([^"]*)"', literal)).split(", ")
    assert set(boxes) >= {"div.output.text_html", "pre", ".nboutput > .output_area", ".cell_output > .output",
                          ".jp-RenderedHTMLCommon", ".pst-scrollable-table-container"}
    assert "scrollWidth > box.clientWidth" in body and "scrollHeight > box.clientHeight" in body
    for attribute in ('role: "region"', 'tabindex: "0"', '"aria-label": seen.label', '" (scrolls sideways)"'):
        assert attribute in body
    # measured in ResizeObserver's callback, just after the browser's own layout, all reads before writes
    assert "nameScrollers(entries.map(" in js
    assert "ResizeObserver" in js  # a dropdown that opens, a part of the page laid out late: measured then
    # a part of the page the browser has not laid out (content-visibility) is not laid out to be measured
    assert "checkVisibility({ contentVisibilityAuto: true })" in js
    # ... nor at an idle moment (0.12 s on chapter 15 in Lighthouse's run): those that can scroll (a
    # table, code) are named stops meanwhile, and all are measured at once on a first Tab
    assert "requestIdleCallback" not in js and 'event.key !== "Tab"' in js
    left = js[js.index("function markLeft("):js.index('document.addEventListener("keydown"')]
    assert 'box.querySelector("table, pre")' in left and "labelOf(box, true)" in left


def test_far_parts_of_a_chapter_are_laid_out_late_but_not_those_with_a_widget():
    css = (STATIC / "cribbook.css").read_text(encoding="utf-8")
    widget = 'script[type$="jupyter.widget-view+json"]'  # a widget's saved view
    far = _rule(css, f".bd-article > section > section:not(:has({widget}))")
    # the page's widgets are counted by their saved views' type, written whole: the CSS must not add one
    assert 'type="application/vnd.jupyter.widget-view+json"' not in css
    assert "content-visibility: auto" in far and "contain-intrinsic-size: auto" in far


def test_the_teachers_worked_class_drops_the_column_the_score_already_gives():
    import json

    nb = json.loads((STATIC.parent / "teachers_tools.ipynb").read_text(encoding="utf-8"))
    code = "".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code")
    assert 'without_empty_columns(students_csv(report), drop=("right",))' in code
