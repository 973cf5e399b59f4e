"""Open every page of the built book in headless Chromium and check what a reader would see.

For each HTML page of the site (served from a local web server, as a host would):
- every request it makes succeeds and stays on the site: nothing from a CDN or any other host;
- no JavaScript error is raised;
- each widget saved in the page is rendered (the widget manager ran and drew something visible);
- every internal link leads to an existing file, and to an existing anchor when it names one;
- a learner's page (chapters and appendix) says "engine" nowhere, shows no install command and no
  fraction over 12, in its text or its widgets (``learner_words.py``).
A full-page screenshot of each page is saved under the screenshot folder.

Run by ``make site-test`` after the book is built. It drives Debian's Chromium
(``/usr/bin/chromium`` or ``$CHROMIUM``) through Playwright; it never downloads a browser.
Exit status 0 when every page passes, 1 otherwise (with one line per problem).
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import http.server
import json
import os
import re
import sys
import threading
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from typing import ClassVar
from urllib.parse import unquote, urljoin, urlsplit

from learner_words import is_learner_page, page_problems
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import sync_playwright

CHROMIUM_FLAGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
#: Ask the page not to start its Python when a widget comes into view (src/page/crib_live_page.js).
STATIC_ONLY = "?crib-live-start=never"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
SKIP_DIRS = {"_static", "_sources", "_images", "_sphinx_design_static"}
# The JupyterLite app of the live pages is checked by tests/site/check_live.py (it runs Python in
# the browser); here only the links into it are checked.
SKIP_TOP = {"lite"}
# Code that shows a widget: a page built from such a notebook must show at least one.
WIDGET_CODE = re.compile(r"\b(?:CountingTrainer|PeggingDrill|MugginsQuiz|GameTable|ExerciseChecker|BoardView"
                         r"|widgets\.(?:VBox|HBox|Button|Text|HTML))\(")


@dataclass
class PageReport:
    """What one page did wrong (empty lists: it passed)."""

    path: str
    problems: list[str] = field(default_factory=list)
    widgets: int = 0
    links: int = 0


class _Anchors(HTMLParser):
    """Collects element ids and link targets of a page."""

    def __init__(self) -> None:
        super().__init__()
        self.ids: set[str] = set()
        self.links: list[str] = []
        self.widget_views = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        for key in ("id", "name"):
            if values.get(key):
                self.ids.add(values[key] or "")
        if tag == "a" and values.get("href"):
            self.links.append(values["href"] or "")
        if tag == "script" and values.get("type") == WIDGET_VIEW:
            self.widget_views += 1


@functools.cache
def _parse(path: Path) -> _Anchors:
    parser = _Anchors()
    parser.feed(path.read_text(encoding="utf-8", errors="replace"))
    return parser


def site_pages(root: Path) -> list[Path]:
    """Every HTML page of the site (not the theme's assets)."""
    pages = []
    for path in sorted(root.rglob("*.html")):
        parts = path.relative_to(root).parts
        if not SKIP_DIRS.intersection(parts) and parts[0] not in SKIP_TOP:
            pages.append(path)
    return pages


def check_links(root: Path, page: Path) -> tuple[int, list[str]]:
    """Internal links of ``page`` whose file or anchor does not exist."""
    problems, checked = [], 0
    for href in _parse(page).links:
        parts = urlsplit(href)
        if parts.scheme or parts.netloc or href.startswith(("mailto:", "javascript:")):
            continue  # external links are allowed in the text; the browser check stops them loading
        target = page if not parts.path else (page.parent / unquote(parts.path)).resolve()
        checked += 1
        if target.is_dir():
            target = target / "index.html"
        if not target.is_file() or not target.resolve().is_relative_to(root.resolve()):
            problems.append(f"broken link {href!r}: no file {target}")
            continue
        fragment = unquote(parts.fragment)
        if fragment and target.suffix == ".html" and fragment not in _parse(target).ids:
            problems.append(f"broken link {href!r}: no anchor #{fragment} in {target.name}")
    return checked, problems


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    # Module workers and WebAssembly (the live pages) need these types whatever mime.types says.
    extensions_map: ClassVar = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".js": "text/javascript", ".mjs": "text/javascript", ".wasm": "application/wasm",
                      ".json": "application/json", ".whl": "application/octet-stream"}

    def log_message(self, format: str, *args: object) -> None:
        pass


def serve(root: Path) -> tuple[http.server.ThreadingHTTPServer, str]:
    """Serve ``root`` on a free local port, in a background thread."""
    handler = functools.partial(_QuietHandler, directory=str(root))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


#: Each widget's snapshot is drawn as the widget nears the screen (crib_live_page.js): scrolled to,
#: one after the other, every widget is drawn (each waited for at most ``timeout`` ms); then the page
#: goes back to its top.
DRAW_EVERY_WIDGET = """
async (timeout) => {
  const views = Array.from(document.querySelectorAll('script[type="WIDGET_VIEW"]'));
  const drawn = (view) => { const area = view.previousElementSibling;
    return area && area.classList.contains('widget-subarea') && area.childElementCount > 0; };
  for (const view of views) {
    const until = performance.now() + timeout;
    view.parentElement.scrollIntoView({ block: 'center' });
    while (!drawn(view) && performance.now() < until) await new Promise((r) => setTimeout(r, 50));
  }
  scrollTo(0, 0);
}
""".replace("WIDGET_VIEW", WIDGET_VIEW)

_WIDGETS_DRAWN = """
() => {
  const views = Array.from(document.querySelectorAll('script[type="WIDGET_VIEW"]'));
  return views.map((script) => {
    const area = script.previousElementSibling;
    if (!area || !area.classList.contains('widget-subarea')) return 'not rendered';
    if (area.textContent.includes('Error displaying widget')) return 'error: ' + area.textContent.trim();
    const box = area.getBoundingClientRect();
    if (area.children.length === 0 || box.height < 4) return 'rendered empty';
    return 'ok';
  });
}
""".replace("WIDGET_VIEW", WIDGET_VIEW)


def expects_widgets(root: Path, page: Path) -> bool:
    """Whether the notebook the page was built from shows a widget (its source sits in _sources/)."""
    source = root / "_sources" / page.relative_to(root).with_suffix(".ipynb")
    if not source.is_file():
        return False
    cells = json.loads(source.read_text(encoding="utf-8")).get("cells", [])
    return any(c["cell_type"] == "code" and WIDGET_CODE.search("".join(c["source"])) for c in cells)


def open_page(browser, base: str, root: Path, page: Path, width: int = 1280):
    """Open one page as it is drawn before its Python runs, watching every request and error;
    returns the browser context, the tab and the page's report (its problems so far). The widgets
    coming alive are check_live.py's: starting Python on each of a dozen pages would cost minutes of
    CPU and check nothing here."""
    rel = page.relative_to(root).as_posix()
    report = PageReport(rel)
    if expects_widgets(root, page) and not _parse(page).widget_views:
        report.problems.append("the notebook shows widgets but the page has none (widget state not saved?)")
    context = browser.new_context(viewport={"width": width, "height": 900}, service_workers="block")

    def route(request_route) -> None:
        url = request_route.request.url
        if url.startswith(base) or url.startswith(("data:", "blob:", "about:")):
            request_route.continue_()
        else:
            report.problems.append(f"request leaves the site: {url}")
            request_route.abort()

    context.route("**/*", route)
    tab = context.new_page()
    tab.on("pageerror", lambda exc: report.problems.append(f"JavaScript error: {exc}"))
    tab.on("requestfailed", lambda r: r.url.startswith(base) and report.problems.append(
        f"failed request {r.url}: {r.failure}"))
    tab.on("response", lambda r: r.status >= 400 and report.problems.append(
        f"HTTP {r.status} for {r.url}"))
    tab.goto(urljoin(base, rel) + STATIC_ONLY, wait_until="load", timeout=60_000)
    with contextlib.suppress(PlaywrightTimeout):  # a busy machine; the checks below still run
        tab.wait_for_load_state("networkidle", timeout=20_000)
    report.widgets = _parse(page).widget_views
    if report.widgets:
        tab.evaluate(DRAW_EVERY_WIDGET, 30_000)  # not drawn in time: reported below, view by view
        for i, verdict in enumerate(tab.evaluate(_WIDGETS_DRAWN)):
            if verdict != "ok":
                report.problems.append(f"widget {i + 1}: {verdict}")
    return context, tab, report


def finish_page(root: Path, page: Path, tab, report: PageReport, shots: Path | None) -> None:
    """A full-page screenshot of the open tab (unless ``shots`` is None), then the page's links and
    a learner's words."""
    if shots is not None:
        shots.mkdir(parents=True, exist_ok=True)
        name = re.sub(r"[^A-Za-z0-9_.-]+", "_", report.path.removesuffix(".html")) + ".png"
        tab.screenshot(path=str(shots / name), full_page=True)
    report.links, problems = check_links(root, page)
    report.problems += problems
    if is_learner_page(root, page):
        report.problems += [f"a learner's page {problem}" for problem in page_problems(page)]


def check_page(browser, base: str, root: Path, page: Path, shots: Path) -> PageReport:
    """Load one page and return its problems."""
    context, tab, report = open_page(browser, base, root, page)
    try:
        finish_page(root, page, tab, report, shots)
    finally:
        context.close()
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site", nargs="?", default="_build/html", help="the built site (default _build/html)")
    parser.add_argument("--screenshots", default="_build/screenshots", help="folder for the PNGs")
    parser.add_argument("--chromium", default=os.environ.get("CHROMIUM", "/usr/bin/chromium"),
                        help="the Chromium binary (default /usr/bin/chromium or $CHROMIUM)")
    args = parser.parse_args(argv)

    root = Path(args.site).resolve()
    if not (root / "index.html").is_file():
        print(f"no built site in {root}: run `make book` first", file=sys.stderr)
        return 1
    if not Path(args.chromium).is_file():
        print(f"no Chromium at {args.chromium}: install Debian's package (apt-get install chromium)",
              file=sys.stderr)
        return 1

    server, base = serve(root)
    reports = []
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=args.chromium, args=CHROMIUM_FLAGS)
            for page in site_pages(root):
                reports.append(check_page(browser, base, root, page, Path(args.screenshots)))
                print_report(reports[-1])
            browser.close()
    finally:
        server.shutdown()

    failed = [r for r in reports if r.problems]
    widgets = sum(r.widgets for r in reports)
    links = sum(r.links for r in reports)
    print(f"\n{len(reports)} pages, {widgets} widgets, {links} internal links checked; "
          f"{len(failed)} page(s) with problems. Screenshots in {args.screenshots}/")
    return 1 if failed else 0


def print_report(report: PageReport) -> None:
    mark = "FAIL" if report.problems else "ok  "
    print(f"{mark} {report.path}  ({report.widgets} widgets, {report.links} links)")
    for problem in dict.fromkeys(report.problems):
        print(f"       - {problem}")


if __name__ == "__main__":
    sys.exit(main())
