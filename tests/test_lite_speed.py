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
