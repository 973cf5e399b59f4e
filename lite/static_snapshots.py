"""Each widget's snapshot drawn into its page by the build (issue 36): the page shows its widgets as
plain HTML from its first paint, and the widget runtime is fetched only when Python comes.

Before this a page drew its snapshots itself, from the widgets' saved state, with the runtime's
widget manager (0.58 MB of script) as each neared the screen: chapter 15's game table, on the
first screen, held a phone's main thread for half a second as the page loaded, and the page
moved by a fifth of a screen (Lighthouse's layout shift 0.18-0.20) when the drawn table pushed
the text down. Now the build opens each widget page in Chromium (Playwright, the browser the site
checks use), lets that same widget manager draw every snapshot, and writes what it drew into the
page, just before the widget's saved view, where the page script finds it and draws nothing
(``crib_live_page.js``); the widgets' style sheet, which the drawn HTML needs from the first
paint, goes into the page's head. The live widget still takes the snapshot's place when Python
has drawn it (lite/README.md, "How a widget comes alive in place").

Without Chromium the build says so and leaves the snapshots to the pages, as before.
"""

from __future__ import annotations

import functools
import http.server
import json
import os
import re
import shutil
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from html import escape
from pathlib import Path

from first_paint import WIDGET_STATE
from live_pages import LIVE_CONFIG
from sphinx.application import Sphinx
from sphinx.errors import ExtensionError
from sphinx.util import logging

logger = logging.getLogger(__name__)

#: A widget's saved view in a built page (myst-nb writes one where the widget is shown).
VIEW = re.compile(r'<script type="application/vnd\.jupyter\.widget-view\+json">(\{.*?\})</script>', re.S)
#: Marks a snapshot the build drew (crib_live_page.js: draws nothing where it finds one).
STATIC_CLASS = "crib-static-snapshot"
#: The head link of the widgets' style sheet (crib_live_page.js: loads no second one).
STYLES_ID = "crib-live-widgets"
#: How long the build waits for one page's snapshots, and for their drawing to go quiet.
PAGE_TIMEOUT_MS, QUIET_MS = 60_000, 400
#: The browser: $CRIB_CHROMIUM, else Debian's chromium (never one Playwright downloads).
CHROMIUM = ("/usr/bin/chromium", "/usr/bin/chromium-browser")

#: Run in the page: draw every snapshot with the runtime's widget manager, wait until drawing has
#: stopped, then give each drawn snapshot's HTML by model id, what the controls hold written into
#: their attributes (a text box's value is a property, not in the HTML).
DRAW = """async ([runtimeUrl, quietMs, staticClass]) => {
  const runtime = await import(runtimeUrl);
  await runtime.drawSnapshots(document);
  await new Promise((resolve) => {
    let timer = setTimeout(done, quietMs);
    const watch = new MutationObserver(() => { clearTimeout(timer); timer = setTimeout(done, quietMs); });
    function done() { watch.disconnect(); resolve(); }
    watch.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  });
  const drawn = {};
  for (const view of document.querySelectorAll('script[type="application/vnd.jupyter.widget-view+json"]')) {
    const area = view.previousElementSibling;
    if (!area || !area.classList.contains('widget-subarea') || !area.childElementCount) continue;
    const copy = area.cloneNode(true);
    const live = area.querySelectorAll('input, textarea, select');
    copy.querySelectorAll('input, textarea, select').forEach((el, i) => {
      const was = live[i];
      if (el.tagName === 'TEXTAREA') el.textContent = was.value;
      else if (el.tagName === 'SELECT') {
        Array.from(el.options).forEach((o, j) => o.toggleAttribute('selected', was.options[j].selected));
      } else if (el.type === 'checkbox' || el.type === 'radio') el.toggleAttribute('checked', was.checked);
      else el.setAttribute('value', was.value);
      el.toggleAttribute('disabled', was.disabled);
    });
    copy.classList.add(staticClass);
    drawn[JSON.parse(view.textContent).model_id] = copy.outerHTML;
  }
  return drawn;
}"""


def page_config(html: str) -> dict | None:
    """The live page's settings (``crib-live-config``), or None on a page without live widgets."""
    at = html.find(LIVE_CONFIG)
    if at < 0:
        return None
    start = at + len(LIVE_CONFIG)
    return json.loads(html[start:html.index("</script>", start)].replace("<\\/", "</"))


def with_snapshots(html: str, drawn: dict[str, str], styles_href: str) -> str:
    """The page with each drawn snapshot (``drawn``: HTML by model id) just before its saved view,
    and the widgets' style sheet linked at the end of its head. When every widget of the page is
    drawn, the widgets' saved state goes: only a snapshot's drawing reads it (chapter 15's is
    0.57 MB, 45 KB of the page's 132 KB gzipped), and the live widgets are made by Python.

    >>> page = ('<head></head><div><script type="application/vnd.jupyter.widget-view+json">'
    ...         '{"model_id": "m1"}</script></div>')
    >>> drawn = with_snapshots(page, {"m1": '<div class="widget-subarea">x</div>'}, "../s.css")
    >>> drawn[:drawn.index("</head>")]
    '<head><link rel="stylesheet" id="crib-live-widgets" href="../s.css" />'
    >>> drawn[drawn.index("<div>"):drawn.index("<script")]
    '<div><div class="widget-subarea">x</div>'
    >>> state = '<script type="application/vnd.jupyter.widget-state+json">{}</script>'
    >>> state in with_snapshots(page + state, {"m1": "<div></div>"}, "s.css")
    False
    >>> state in with_snapshots(page + state, {}, "s.css")  # a widget not drawn is drawn from it
    True
    """
    def place(match: re.Match) -> str:
        model = json.loads(match.group(1)).get("model_id")
        return drawn.get(model, "") + match.group(0)

    body = VIEW.sub(place, html)
    if all(json.loads(m.group(1)).get("model_id") in drawn for m in VIEW.finditer(html)):
        body = WIDGET_STATE.sub("", body)
    if f'id="{STYLES_ID}"' in body:
        return body
    link = f'<link rel="stylesheet" id="{STYLES_ID}" href="{escape(styles_href)}" />'
    head_end = body.find("</head>")
    return body[:head_end] + link + body[head_end:] if head_end >= 0 else body


def chromium() -> str | None:
    """The Chromium to draw with, or None."""
    wanted = os.environ.get("CRIB_CHROMIUM")
    if wanted:
        return wanted
    return next((path for path in CHROMIUM if Path(path).is_file()), shutil.which("chromium"))


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


@contextmanager
def _served(out: Path) -> Iterator[str]:
    """The built site on 127.0.0.1 (a module script is not loaded from a file:// page)."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0),
                                             functools.partial(_Quiet, directory=str(out)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


def widget_pages(out: Path) -> list[tuple[Path, dict]]:
    """The built pages with live widgets, and their settings."""
    found = []
    for page in sorted(out.rglob("*.html")):
        if page.relative_to(out).parts[0] in {"lite", "_static"}:
            continue
        html = page.read_text(encoding="utf-8")
        config = page_config(html)
        if config and config.get("widgets") and VIEW.search(html):
            found.append((page, config))
    return found


def draw_pages(out: Path, pages: list[tuple[Path, dict]], browser: str) -> dict[Path, dict[str, str]]:
    """Each page's snapshots (HTML by model id), drawn by the page's own runtime in ``browser``."""
    from playwright.sync_api import sync_playwright

    drawn: dict[Path, dict[str, str]] = {}
    problems: list[str] = []
    with _served(out) as base, sync_playwright() as playwright:
        chrome = playwright.chromium.launch(
            executable_path=browser, args=["--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"])
        try:
            tab = chrome.new_page(viewport={"width": 390, "height": 844})
            tab.set_default_timeout(PAGE_TIMEOUT_MS)
            tab.on("pageerror", lambda error: problems.append(f"{tab.url}: {error}"))
            for page, config in pages:
                rel = page.relative_to(out).as_posix()
                tab.goto(f"{base}{rel}?crib-live-start=never", wait_until="domcontentloaded")
                runtime = f"{base}{Path(rel).parent.as_posix()}/{config['root']}{config['runtime']}"
                drawn[page] = tab.evaluate(DRAW, [runtime, QUIET_MS, STATIC_CLASS])
        finally:
            chrome.close()
    if problems:
        raise ExtensionError("the widgets' snapshots could not be drawn: " + "; ".join(problems[:3]))
    return drawn


def draw_snapshots(app: Sphinx, error: Exception | None) -> None:
    """Every live page's widget snapshots drawn into it (see the module's text)."""
    if error is not None or app.builder.format != "html":
        return
    out = Path(app.outdir)
    pages = widget_pages(out)
    browser = chromium()
    if not pages:
        return
    if browser is None:
        logger.info("[crib_live] no Chromium (set CRIB_CHROMIUM): the pages draw their widgets' snapshots")
        return
    drawn = draw_pages(out, pages, browser)
    count = 0
    for page, config in pages:
        html = page.read_text(encoding="utf-8")
        shown = {json.loads(m.group(1)).get("model_id") for m in VIEW.finditer(html)}
        missing = sorted(shown & {w["model_id"] for w in config["widgets"]} - set(drawn[page]))
        if missing:
            raise ExtensionError(f"{page.relative_to(out)}: no snapshot drawn for widget(s) {missing}")
        href = config["root"] + config["styles"]
        page.write_text(with_snapshots(html, drawn[page], href), encoding="utf-8")
        count += len(drawn[page])
    logger.info(f"[crib_live] {count} widget snapshots drawn into {len(pages)} pages")
