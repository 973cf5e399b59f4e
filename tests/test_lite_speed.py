"""lite/first_paint.py: what the build does to a page so that it paints and answers sooner (issue 36)."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "lite"))  # as under Sphinx: lite/'s modules import each other by name
first_paint = importlib.import_module("first_paint")

STATE = '<script type="application/vnd.jupyter.widget-state+json">{"state": {"a": {}}}</script>\n'


def test_the_widgets_saved_state_leaves_the_head_for_the_end_of_the_body():
    page = f'<html><head><title>t</title>{STATE}<style>p{{}}</style></head><body><p>text</p></body></html>'
    moved = first_paint.state_to_end(page)
    head, body = moved.split("</head>")
    assert "widget-state" not in head and "<style>p{}</style>" in head
    assert body.endswith(STATE + "</body></html>") and "<p>text</p>" in body
    assert len(moved) == len(page)


def test_a_page_without_saved_state_in_its_head_is_left_as_it_is():
    plain = "<html><head><title>t</title></head><body><p>text</p></body></html>"
    assert first_paint.state_to_end(plain) == plain
    in_body = f"<html><head></head><body>{STATE}<p>x</p></body></html>"
    assert first_paint.state_to_end(in_body) == in_body


def test_the_chapters_pictures_load_as_the_reader_nears_them_and_the_logo_at_once():
    page = ('<img src="../_static/logo.svg" class="logo__image" alt="Home"/>'
            '<img alt="Bar chart of every starter" src="../_images/ab12.png">'
            '<img loading="eager" src="../_images/cd34.png" />')
    lazy = first_paint.lazy_images(page)
    assert '<img src="../_static/logo.svg"' in lazy
    assert ('<img loading="lazy" decoding="async" alt="Bar chart of every starter" '
            'src="../_images/ab12.png"') in lazy
    assert '<img loading="eager" src="../_images/cd34.png" />' in lazy  # a page's own choice stays
    assert first_paint.lazy_images(lazy) == lazy


def _theme_script() -> str:
    import pydata_sphinx_theme

    theme = Path(pydata_sphinx_theme.__file__).parent / "theme" / "pydata_sphinx_theme" / "static"
    return (theme / "scripts" / "pydata-sphinx-theme.js").read_text(encoding="utf-8")


def test_the_theme_no_longer_lays_the_page_out_to_find_scrolling_boxes():
    script = _theme_script()  # the installed theme's own, as the build copies it
    assert first_paint.THEME_TAB_STOPS.search(script)
    quiet = first_paint.without_theme_tab_stops(script)
    assert not first_paint.THEME_TAB_STOPS.search(quiet) and first_paint.THEME_TAB_STOPS_OFF in quiet
    assert len(script) - len(quiet) < 100  # only the start goes: dark mode, search, sidebars stay
    assert first_paint.without_theme_tab_stops(quiet) == quiet  # a second build's pass changes nothing


def test_a_theme_script_without_that_start_is_a_clear_error():
    import pytest
    from sphinx.errors import ExtensionError

    with pytest.raises(ExtensionError, match="addTabStopsToScrollableElements"):
        first_paint.without_theme_tab_stops("(()=>{console.log('another theme')})();")


def test_the_quiet_theme_script_is_written_into_the_built_site(tmp_path):
    scripts = tmp_path / "_static" / "scripts"
    scripts.mkdir(parents=True)
    (scripts / "pydata-sphinx-theme.js").write_text(_theme_script(), encoding="utf-8")
    first_paint.quiet_theme_script(tmp_path)
    assert first_paint.THEME_TAB_STOPS_OFF in (scripts / "pydata-sphinx-theme.js").read_text(encoding="utf-8")


static_snapshots = importlib.import_module("static_snapshots")
VIEW = '<script type="application/vnd.jupyter.widget-view+json">{"model_id": "%s"}</script>'
PAGE = ("<html><head><title>t</title></head><body><div class=\"output\">" + VIEW % "m1" + "</div>"
        "<div class=\"output\">" + VIEW % "m2" + "</div>" + STATE + "</body></html>")


def test_each_drawn_snapshot_goes_just_before_its_widget_with_the_style_sheet_in_the_head():
    drawn = {"m1": '<div class="widget-subarea crib-static-snapshot">one</div>',
             "m2": '<div class="widget-subarea crib-static-snapshot">two</div>'}
    page = static_snapshots.with_snapshots(PAGE, drawn, "../_static/w.css?v=1")
    head = page[:page.index("</head>")]
    assert head.endswith('<link rel="stylesheet" id="crib-live-widgets" href="../_static/w.css?v=1" />')
    assert drawn["m1"] + VIEW % "m1" in page and drawn["m2"] + VIEW % "m2" in page
    assert "widget-state+json" not in page  # every widget drawn: the saved state is read by nothing
    assert static_snapshots.with_snapshots(page, {}, "x.css").count('id="crib-live-widgets"') == 1


def test_a_page_with_a_widget_not_drawn_keeps_the_saved_state_it_is_drawn_from():
    page = static_snapshots.with_snapshots(PAGE, {"m1": "<div>one</div>"}, "w.css")
    assert "widget-state+json" in page and "<div>one</div>" + VIEW % "m1" in page


def test_a_live_pages_settings_are_read_and_other_pages_have_none():
    config = '<script type="application/json" id="crib-live-config">{"root": "../", "w": "<\\/b>"}</script>'
    assert static_snapshots.page_config("<p>" + config) == {"root": "../", "w": "</b>"}
    assert static_snapshots.page_config("<p>no widgets</p>") is None
