"""lite/offline_assets.py: what each built page shows, read from the page, for the service worker to
keep ahead (issue 36: offline, a chapter never opened showed its charts' alt text only)."""

from __future__ import annotations

import doctest
import importlib.util
import json
from html import escape
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("offline_assets", ROOT / "lite" / "offline_assets.py")
offline_assets = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(offline_assets)


def _site(tmp_path: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text, encoding="utf-8")
    return tmp_path


def test_its_examples_run():
    assert doctest.testmod(offline_assets).failed == 0


def test_every_kind_of_address_a_page_fetches_is_found_and_nothing_it_only_links_to(tmp_path):
    page = ('<html><head><link rel="icon" href="../_static/favicon.svg"/>'
            '<link rel="next" href="02.html"/><link rel="search" href="../search.html"/>'
            '<style>.x{background:url("../_static/bg.png")}</style></head><body>'
            '<img src="../_images/chart.png" alt="a chart">'
            '<picture><source srcset="../_images/wide.png 2x, ../_images/narrow.png 1x"></picture>'
            '<div style="background-image: url(../_static/tile.svg)"></div>'
            '<audio src="../_static/clip.wav"></audio><script src="../_static/a.js?v=12"></script>'
            '<a href="../_images/chart.png">the chart alone</a>'
            '<img src="https://elsewhere.example/x.png"><img src="data:image/png;base64,AAAA">'
            '<img src="../lite/files/logo.png"><img src="../_images/gone.png"></body></html>')
    files = {"book/01.html": page, "book/02.html": "", "search.html": ""}
    for name in ["_static/favicon.svg", "_static/bg.png", "_images/chart.png", "_images/wide.png",
                 "_images/narrow.png", "_static/tile.svg", "_static/clip.wav", "_static/a.js",
                 "lite/files/logo.png"]:
        files[name] = "x"
    site = _site(tmp_path, files)
    assert offline_assets.page_assets(site, "book/01.html") == [
        "_images/chart.png", "_images/narrow.png", "_images/wide.png", "_static/a.js?v=12",
        "_static/bg.png", "_static/clip.wav", "_static/favicon.svg", "_static/tile.svg"]


def test_style_sheets_are_followed_through_imports_and_a_font_keeps_its_first_source(tmp_path):
    site = _site(tmp_path, {
        "book/a.html": '<link rel="stylesheet" href="../_static/styles/theme.css?digest=9">',
        "_static/styles/theme.css": '@import "../basic.css";\n@font-face{font-family:I;'
                                    'src:url(../fonts/i.woff2) format("woff2"),url(../fonts/i.ttf)}',
        "_static/basic.css": "div.x{background-image:url('file.png')}",
        "_static/file.png": "x", "_static/fonts/i.woff2": "x", "_static/fonts/i.ttf": "x"})
    assert offline_assets.page_assets(site, "book/a.html") == [
        "_static/basic.css", "_static/file.png", "_static/fonts/i.woff2", "_static/styles/theme.css?digest=9"]


def test_the_count_aloud_blocks_name_the_voice_bank_at_their_version_in_a_widget_snapshot_too(tmp_path):
    voice = escape(json.dumps({"rate": 16000, "version": "806d64ba9e1d"}))
    in_page = f'<div class="crib-voice" data-voice="{voice}"></div>'
    inner = escape(json.dumps({"version": "abc"}))
    in_snapshot = json.dumps({"value": f'<div class="crib-voice" data-voice="{inner}">'})
    page = in_page + f'<script type="application/json">{in_snapshot}</script>'
    site = _site(tmp_path, {"book/a.html": page, "_static/crib-voice-bank.wav": "x"})
    assert offline_assets.page_assets(site, "book/a.html") == [
        "_static/crib-voice-bank.wav?v=806d64ba9e1d", "_static/crib-voice-bank.wav?v=abc"]
    # the address crib-voice.js asks for, beside itself in _static/
    voice_js = (ROOT / "lite" / "runtime" / "src" / "page" / "crib-voice.js").read_text(encoding="utf-8")
    assert '"crib-voice-bank.wav?v=" + encodeURIComponent(version' in voice_js
    assert offline_assets.VOICE_BANK == "_static/crib-voice-bank.wav"


def test_the_site_list_leaves_out_what_is_kept_otherwise_and_puts_the_smallest_first(tmp_path):
    site = _site(tmp_path, {"book/a.html": '<img src="../_images/big.png"><img src="../_images/small.png">'
                                           '<script src="../_static/runtime.js?v=1"></script>',
                            "book/b.html": '<img src="../_images/small.png">',
                            "_images/big.png": "x" * 100, "_images/small.png": "x",
                            "_static/runtime.js": "x"})
    assert offline_assets.site_assets(site, ["book/a.html", "book/b.html"], {"_static/runtime.js?v=1"}) == [
        "_images/small.png", "_images/big.png"]
