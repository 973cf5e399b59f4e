"""What each built page shows that it fetches by its address, for the book's service worker to keep
ahead of need (lite/README.md, "Fetching ahead and offline"; issue 36).

A chapter kept for offline use is only whole with what it draws: its pictures and charts, its
style sheets and what they load (fonts, background images), its scripts, its icon, and the count
aloud's sounds. The list is read from the built pages themselves, not kept by hand, so a picture a
new chapter adds is kept with it: every address in an ``<img>``, ``<source>``, ``<audio>``,
``<video>``, ``<script>``, ``<link>`` to a resource (not to another page), a ``style`` attribute or
block, every ``url()`` and ``@import`` of the style sheets those name (followed), and the voice bank
each count-aloud block asks ``crib-voice.js`` for. Only files of the site itself, outside
JupyterLite (``lite/``, which the service worker never answers), and that exist.

>>> import tempfile
>>> out = Path(tempfile.mkdtemp())
>>> for name, text in {"book/a.html": '<img src="../_images/x.png"><link rel="stylesheet" '
...                    'href="../_static/s.css?v=1"><a href="b.html">next</a>',
...                    "_images/x.png": "", "_static/s.css": "@font-face{src:url(f.woff2)}",
...                    "_static/f.woff2": ""}.items():
...     (out / name).parent.mkdir(parents=True, exist_ok=True)
...     _ = (out / name).write_text(text)
>>> page_assets(out, "book/a.html")
['_images/x.png', '_static/f.woff2', '_static/s.css?v=1']
"""

from __future__ import annotations

import html
import json
import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urljoin, urlsplit

#: A made-up origin to resolve addresses against: what resolves outside it is another host's.
SITE = "https://site.invalid/"
#: ``<link rel=...>`` that load something the page uses (not ``next``, ``prev``, ``search``...: pages).
RESOURCE_RELS = {"stylesheet", "icon", "shortcut", "apple-touch-icon", "preload", "modulepreload",
                 "manifest", "mask-icon"}
#: Attributes that hold an address the page fetches, by element.
FETCHED = {"img": ("src",), "script": ("src",), "audio": ("src",), "video": ("src", "poster"),
           "source": ("src",), "track": ("src",), "input": ("src",), "embed": ("src",),
           "object": ("data",), "image": ("href", "xlink:href")}
CSS_URL = re.compile(r"""url\(\s*(['"]?)([^'")]+)\1\s*\)|@import\s+(['"])([^'"]+)\3""")
#: A font's ``src`` list: every browser the book serves takes its first file (woff2); the others are
#: fallbacks for older ones (the theme's icon fonts' .ttf, 0.7 MB), never fetched.
FONT_SOURCES = re.compile(r"(@font-face\s*\{[^}]*?\bsrc\s*:\s*url\([^)]*\))[^;}]*")
#: The count aloud's sound bank: crib-voice.js (lite/runtime/src/page/) asks for it beside itself
#: as ``crib-voice-bank.wav?v=VERSION``, the version each block's ``data-voice`` names.
VOICE_BANK = "_static/crib-voice-bank.wav"
VOICE_DATA = re.compile(r'data-voice=\\?"([^"\\]*)')


class _Addresses(HTMLParser):
    """The addresses a page fetches by itself, and the CSS written into it."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.addresses: list[str] = []
        self.css: list[str] = []
        self._in_style = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {name: value or "" for name, value in attrs}
        if tag == "link" and RESOURCE_RELS & set(values.get("rel", "").lower().split()):
            self.addresses.append(values.get("href", ""))
        for name in FETCHED.get(tag, ()):
            self.addresses.append(values.get(name, ""))
        for candidate in values.get("srcset", "").split(","):
            self.addresses.append(candidate.strip().split(" ")[0])
        self.css.append(values.get("style", ""))
        self._in_style = tag == "style"

    def handle_endtag(self, tag: str) -> None:
        self._in_style = False

    def handle_data(self, data: str) -> None:
        if self._in_style:
            self.css.append(data)


def _site_path(address: str, against: str) -> str | None:
    """``address`` (as written in the file at site path ``against``) as a site path with its query,
    or None for another host, a ``data:`` address or an empty one."""
    address = address.strip()
    if not address or address.startswith(("data:", "blob:", "#", "javascript:")):
        return None
    url = urljoin(SITE + against, address)
    if not url.startswith(SITE):
        return None
    parts = urlsplit(url)
    return parts.path[1:] + (f"?{parts.query}" if parts.query else "")


def _file(out: Path, path: str) -> Path:
    return out / unquote(path.split("?")[0])


def _css_addresses(css: str) -> list[str]:
    """The addresses a style sheet loads: ``url()`` and ``@import``, a font's first source only.

    >>> _css_addresses('@font-face{src:url(a.woff2) format("woff2"),url(a.ttf)}p{background:url("b.png")}')
    ['a.woff2', 'b.png']
    """
    css = FONT_SOURCES.sub(r"\1", css)
    return [match.group(2) or match.group(4) for match in CSS_URL.finditer(css)]


def _voice_banks(text: str) -> list[str]:
    """The voice bank at each version the page's count-aloud blocks name."""
    banks = []
    for raw in VOICE_DATA.findall(text):
        try:
            version = json.loads(html.unescape(raw)).get("version")
        except (ValueError, AttributeError):
            continue
        if version:
            banks.append(f"{VOICE_BANK}?v={version}")
    return banks


def page_assets(out: Path, page: str) -> list[str]:
    """Every file of the site that the built page ``page`` (a path in ``out``) fetches to show itself,
    with the style sheets' own (followed), as the addresses it asks for, sorted."""
    text = (out / page).read_text(encoding="utf-8")
    parser = _Addresses()
    parser.feed(text)
    found = {path for path in (_site_path(a, page) for a in parser.addresses) if path}
    found |= {p for p in (_site_path(a, page) for css in parser.css for a in _css_addresses(css)) if p}
    found |= set(_voice_banks(text))
    sheets = [path for path in found if path.split("?")[0].endswith(".css")]
    seen: set[str] = set()
    while sheets:
        sheet = sheets.pop()
        file = _file(out, sheet)
        if sheet in seen or not file.is_file():
            continue
        seen.add(sheet)
        for address in _css_addresses(file.read_text(encoding="utf-8", errors="replace")):
            path = _site_path(address, sheet.split("?")[0])
            if path and path not in found:
                found.add(path)
                if path.split("?")[0].endswith(".css"):
                    sheets.append(path)
    return sorted(path for path in found
                  if not path.startswith("lite/") and not path.split("?")[0].endswith(".html")
                  and _file(out, path).is_file())


def site_assets(out: Path, pages: list[str], leave_out: set[str]) -> list[str]:
    """What ``pages`` fetch to show themselves, less ``leave_out`` (kept otherwise): the smallest
    first, so that a learner who leaves early has the most pages whole."""
    wanted = {path for page in pages for path in page_assets(out, page)} - leave_out
    return sorted(wanted, key=lambda path: (_file(out, path).stat().st_size, path))
