"""lite/icon_font.py: the theme's icon fonts cut to the icons the site draws, and none lost."""

from __future__ import annotations

import doctest
import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("icon_font", ROOT / "lite" / "icon_font.py")
icon_font = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(icon_font)


def test_its_examples_run():
    assert doctest.testmod(icon_font).failed == 0


def test_an_icon_rule_counts_only_when_one_of_its_classes_is_used():
    css = ('.fa-sun:before{content:"\\f185"}.fa-moon:before,.fa-night::before{content:"\\f186"}'
           '.fa-unused:before{content:"\\f000"}')
    assert icon_font.wanted_characters(css, {"fa-night"}) == {0xF186}
    assert icon_font.wanted_characters(css, set()) == set()


def test_any_other_rule_that_draws_a_character_counts_escaped_or_as_itself():
    css = (':root{--pst-icon-info:"\uf05a";--pst-icon-warn:"\\f071"}'
           '@media (min-width:1px){.admonition-title:after{content:"\\f058 "}}'
           '/* .fa-x:before{content:"\\f001"} */.plain{color:red}')
    assert icon_font.wanted_characters(css, set()) == {0xF05A, 0xF071, 0xF058}


def test_used_names_are_read_from_pages_scripts_and_widget_icons_not_from_catalogues(tmp_path):
    (tmp_path / "book").mkdir()
    (tmp_path / "book" / "a.html").write_text('<i class="fa-solid fa-sun"></i>{"icon": "check"}')
    scripts = tmp_path / "_static" / "scripts"
    scripts.mkdir(parents=True)
    (scripts / "theme.js").write_text('el.className = "fa-solid fa-moon";')
    (scripts / "fontawesome.js").write_text('"fa-every-icon-there-is"')
    (tmp_path / "lite").mkdir()
    (tmp_path / "lite" / "app.html").write_text('<i class="fa-jupyterlite-own"></i>')
    assert icon_font.used_names(tmp_path) == {"fa-solid", "fa-sun", "fa-moon", "fa-check"}


def test_a_cut_font_keeps_exactly_the_wanted_characters_it_had(tmp_path):
    pytest.importorskip("brotli")
    from fontTools.pens.recordingPen import RecordingPen
    from fontTools.ttLib import TTFont

    def drawing(font, glyph: str) -> list:
        pen = RecordingPen()
        font.getGlyphSet()[glyph].draw(pen)
        return pen.value

    source = icon_font.theme_webfonts() / "fa-solid-900.woff2"
    wanted = {0xF185, 0xF186, 0xF002, 0x10FFFF - 1}  # sun, moon, magnifying glass, one it lacks
    target = tmp_path / source.name
    icon_font.subset(source, target, wanted)
    whole_font, cut_font = TTFont(source), TTFont(target)
    whole, cut = whole_font.getBestCmap(), cut_font.getBestCmap()
    assert set(cut) == {c for c in wanted if c in whole}
    assert all(drawing(whole_font, whole[c]) == drawing(cut_font, cut[c]) for c in cut)  # the same icons
    assert target.stat().st_size < source.stat().st_size / 10
    assert not list(tmp_path.glob("*.partial"))
