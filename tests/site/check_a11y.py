"""Every page of the built book as a reader meets it, and its accessibility, in one load per page.

For each HTML page of the site (served locally, every other host unreachable), at 1280 px:
- what ``check_site.py`` checks: no failed or off-site request, no JavaScript error, every widget
  drawn, internal links resolve, a learner's page in a learner's words (it runs alone too);
- axe-core (the copy shipped by the PyPI package ``axe-playwright-python``, pinned in the dev extra).
  A serious or critical violation inside one of our widgets (``.crib-root``) fails the check; the
  theme's own violations elsewhere on the page are printed and fail too unless listed in
  ``THEME_ALLOWED`` (rules the theme's markup leaves us no way to fix).
- Each widget's cards carry their names in words, a chosen card says ``aria-pressed="true"``, and no
  button's accessible name carries an icon glyph.
Pages with a widget or a board are opened again at 390 px: axe again where the page has controls
(a card or board picture has the same markup at both widths), and nothing in a widget is wider than
the widget, menus fit inside it, a raised (chosen) card is not clipped by its row, and
every board's labels (widget or static picture) are at least 9 px tall. A page of text alone is not:
its layout at 390 px is the theme's, the same as on the pages that are.

``--live`` also runs axe on each widget after it came alive in place (the live runtime), where the
site has one. Run by ``make site-test``; exit status 0 when every page passes.
"""
from __future__ import annotations

import argparse
import contextlib
import os
import re
import sys
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from urllib.parse import urljoin

from playwright.sync_api import Page, sync_playwright
from playwright.sync_api import TimeoutError as PlaywrightTimeout

sys.path.insert(0, str(Path(__file__).resolve().parent))
from check_site import CHROMIUM_FLAGS, STATIC_ONLY, finish_page, open_page, print_report, serve, site_pages

WIDGET = ".crib-root"
SEVERE = ("serious", "critical")
# Theme (sphinx-book-theme) violations outside our widgets that its templates give us no hook to fix.
THEME_ALLOWED: dict[str, str] = {}
MIN_LABEL_PX = 9.0
NARROW = 390


def axe_source() -> str:
    """axe-core's script, from the pinned PyPI package (a clean clone installs it with the dev extra)."""
    return resources.files("axe_playwright_python").joinpath("axe.min.js").read_text(encoding="utf-8")


@dataclass
class PageResult:
    """What axe and the layout checks found on one page."""

    path: str
    widgets: int = 0
    problems: list[str] = field(default_factory=list)
    widget_nodes: int = 0
    theme_nodes: int = 0
    allowed_nodes: int = 0
    narrow: bool = False  # also checked at 390 px


_RUN_AXE = """
async () => {
  const result = await axe.run(document, {resultTypes: ['violations']});
  const out = [];
  for (const v of result.violations) {
    for (const node of v.nodes) {
      const el = document.querySelector(node.target[0]);
      out.push({id: v.id, impact: node.impact || v.impact, help: v.help, target: node.target.join(' '),
                html: node.html.slice(0, 160), summary: (node.failureSummary || '').slice(0, 240),
                inWidget: !!(el && el.closest('WIDGET'))});
    }
  }
  return out;
}
""".replace("WIDGET", WIDGET)

# Cards and buttons as a screen reader meets them.
_NAMES = r"""
() => {
  const problems = [];
  const glyph = /[\uE000-\uF8FF]/;  // private-use code points: icon fonts (FontAwesome) draw these
  for (const root of document.querySelectorAll('.crib-root')) {
    for (const b of root.querySelectorAll('button')) {
      const name = (b.getAttribute('aria-label') || b.textContent || '').trim();
      if (glyph.test(name)) problems.push(`button "${name}" has an icon glyph in its name`);
      if (b.classList.contains('crib-cardbtn')) {
        if (!/ of (clubs|diamonds|hearts|spades)/.test(b.getAttribute('aria-label') || ''))
          problems.push(`card button "${b.textContent.trim()}" is not named in words`);
        const chosen = b.classList.contains('mod-active');
        if (b.classList.contains('widget-toggle-button') &&
            b.getAttribute('aria-pressed') !== String(chosen))
          problems.push(`card "${b.getAttribute('aria-label')}" chosen=${chosen} but aria-pressed=` +
                        `${b.getAttribute('aria-pressed')}`);
      }
      const icon = b.querySelector('i.fa');
      if (icon && icon.getBoundingClientRect().width > 0) {
        const style = getComputedStyle(icon, '::before');
        if (style.fontFamily.includes('FontAwesome') && !document.fonts.check('12px FontAwesome'))
          problems.push(`button "${name}" shows an icon from a font that did not load`);
      }
    }
  }
  return problems;
}
"""

# A 390 px screen: what would be cut off, spill out or be too small to read.
_NARROW = """
(minPx) => {
  const problems = [];
  document.querySelectorAll('.crib-root').forEach((root, i) => {
    const box = root.getBoundingClientRect();
    if (box.width === 0) return;
    const where = `widget ${i + 1}`;
    const live = !!root.closest('.widget-subarea');  // static tables and boards scroll in their cell
    if (live && root.scrollWidth > root.clientWidth + 1)
      problems.push(`${where}: content ${root.scrollWidth}px wide in a ${root.clientWidth}px widget`);
    for (const el of live ? root.querySelectorAll('select, input, button, .crib-board svg') : []) {
      const r = el.getBoundingClientRect();
      if (r.width && (r.left < box.left - 1 || r.right > box.right + 1))
        problems.push(`${where}: ${el.tagName.toLowerCase()} "${(el.textContent || el.value || '').trim()
          .slice(0, 30)}" reaches ${Math.round(r.left - box.left)}..${Math.round(r.right - box.left)}px ` +
          `of ${Math.round(box.width)}px`);
    }
    for (const card of root.querySelectorAll('.crib-cardbtn.mod-active')) {
      const r = card.getBoundingClientRect();
      let el = card.parentElement;
      while (el && el !== root.parentElement) {
        const s = getComputedStyle(el);
        if (s.overflow !== 'visible' || s.overflowY !== 'visible') {
          const c = el.getBoundingClientRect();
          if (r.top < c.top - 0.5) {
            problems.push(`${where}: a raised card is clipped by its row`);
            break;
          }
        }
        el = el.parentElement;
      }
    }
  });
  document.querySelectorAll('svg.crib-boardsvg').forEach((board, i) => {
    for (const t of board.querySelectorAll('text')) {
      const h = t.getBoundingClientRect().height;  // 0 for the layout not shown at this width
      if (h && h < minPx) {
        problems.push(`board ${i + 1}: label "${t.textContent}" is ${h.toFixed(1)}px tall`);
        break;
      }
    }
  });
  return problems;
}
"""


def _open(browser, base: str, rel: str, width: int, live: bool = False) -> tuple[object, Page]:
    """The page at ``width``; unless ``live``, drawn as before its Python runs (check_live below
    starts Python on the pages it names; on every page it would cost minutes of CPU)."""
    context = browser.new_context(viewport={"width": width, "height": 900}, service_workers="block")
    context.route("**/*", lambda r: r.continue_() if r.request.url.startswith((base, "data:", "blob:"))
                  else r.abort())
    page = context.new_page()
    page.goto(urljoin(base, rel) + ("" if live else STATIC_ONLY), wait_until="load", timeout=60_000)
    with contextlib.suppress(PlaywrightTimeout):
        page.wait_for_load_state("networkidle", timeout=20_000)
    return context, page


def _wait_widgets(page: Page) -> int:
    views = page.locator('script[type="application/vnd.jupyter.widget-view+json"]').count()
    if views:
        with contextlib.suppress(PlaywrightTimeout):
            page.wait_for_function(f"() => document.querySelectorAll('{WIDGET}').length >= 1", timeout=30_000)
        page.wait_for_timeout(300)  # the site's a11y script names the cards on the next frame
    return page.locator(WIDGET).count()


def choose_a_card(page: Page) -> None:
    """Press the first toggle card of each widget, as a learner choosing a discard would."""
    cards = page.locator(f"{WIDGET} .widget-toggle-button.crib-cardbtn:not([disabled])")
    if cards.count():
        cards.first.click()
        page.wait_for_timeout(200)


def run_axe(page: Page, result: PageResult, axe: str, label: str) -> None:
    page.evaluate(axe)
    for node in page.evaluate(_RUN_AXE):
        if node["impact"] not in SEVERE:
            continue
        text = (f"{label}: {node['impact']} {node['id']} ({node['help']}) at {node['target']}: "
                f"{node['summary']}")
        if node["inWidget"]:
            result.widget_nodes += 1
            result.problems.append("widget " + text)
        elif node["id"] in THEME_ALLOWED:
            result.allowed_nodes += 1
        else:
            result.theme_nodes += 1
            result.problems.append("page " + text)


def check_page(browser, base: str, root: Path, page: Path, axe: str, shots: Path | None,
               page_shots: Path | None) -> tuple[object, PageResult]:
    """One page: at 1280 px what check_site.py checks (requests, errors, widgets drawn, links, a
    learner's words) and axe with the cards' names, in the same load; then, where the page has a
    widget or a board, the same tab at 390 px: axe again (where it has controls) and what a phone
    would cut off. A page of text alone is not looked at 390 px: its layout is the theme's, checked
    on the pages that have widgets."""
    rel = page.relative_to(root).as_posix()
    result = PageResult(rel)
    context, tab, site = open_page(browser, base, root, page)
    try:
        result.widgets = _wait_widgets(tab)
        finish_page(root, page, tab, site, page_shots)
        boards = tab.locator("svg.crib-boardsvg").count()
        controls = tab.locator(f".widget-subarea {WIDGET}").count()
        choose_a_card(tab)
        run_axe(tab, result, axe, "1280px")
        result.problems += [f"1280px: {p}" for p in tab.evaluate(_NAMES)]
        if result.widgets or boards:
            # the same tab turned into a phone's width (the page lays itself out by CSS alone), the
            # card chosen above still chosen: a second load would cost seconds a page
            result.narrow = True
            tab.set_viewport_size({"width": NARROW, "height": 900})
            tab.wait_for_timeout(300)
            if controls:  # pictures alone have the same markup at both widths: axe saw them at 1280 px
                run_axe(tab, result, axe, f"{NARROW}px")
            result.problems += [f"{NARROW}px: {p}" for p in tab.evaluate(_NAMES)]
            result.problems += [f"{NARROW}px: {p}" for p in tab.evaluate(_NARROW, MIN_LABEL_PX)]
            if shots is not None and result.widgets:
                shots.mkdir(parents=True, exist_ok=True)
                tab.screenshot(path=str(shots / (rel.replace("/", "_").removesuffix(".html") + ".png")),
                               full_page=True)
    finally:
        context.close()
    return site, result


_LIVE_OR_FAILED = ("() => document.querySelector('.crib-live-on .crib-root') !== null "
                   "|| (window.cribLive && window.cribLive.state === 'failed')")
LIVE_PAGES = ("book/07_play_to_31.html", "book/04_the_whole_show.html", "book/13_muggins.html",
              "book/15_full_game.html")


_ALL_LIVE = ("() => Array.from(document.querySelectorAll('.crib-live-output'))"
             ".every((out) => out.classList.contains('crib-live-on'))")


def keyboard_move_keeps_focus(page: Page) -> str:
    """On a live game table, by keyboard only: choose two cards with Space, lay them with Enter,
    then lay a card in the play with Space. After each move the focus must still be in the widget
    (not fallen to the page). '' when it is, or when the page has no live table to try it on."""
    live = ".crib-live-on .crib-root"
    cards = page.locator(f"{live} .crib-keepfocus button.widget-toggle-button:not([disabled])")
    if cards.count() < 2:
        return ""
    for i in (0, 1):
        cards.nth(i).focus()
        page.keyboard.press("Space")
        page.wait_for_timeout(600)
    lay = page.locator(f"{live} button.crib-action:not([disabled])", has_text="crib")
    if not lay.count():
        return "two cards chosen by keyboard, but no enabled button lays them in the crib"
    lay.first.focus()
    for move in ("laying two cards in the crib", "laying a card in the play"):
        page.keyboard.press("Enter" if move.endswith("crib") else "Space")
        page.wait_for_timeout(3000)  # the computer's moves are paced
        if not page.evaluate(_FOCUS_IN_WIDGET):
            where = page.evaluate("() => { const a = document.activeElement; return a ? a.tagName + ' ' + "
                                  "(a.textContent || '').trim().slice(0, 30) : 'nothing'; }")
            return f"after {move} by keyboard, the focus is not on a usable control of the widget: {where}"
    return ""


# focus on a control a learner can use next: enabled, shown, inside the widget
_FOCUS_IN_WIDGET = """() => { const a = document.activeElement;
  return !!(a && a.closest('.crib-root') && !a.disabled && a.offsetParent !== null); }"""


def check_live(browser, base: str, rel: str, axe: str) -> PageResult | None:
    """axe on the page after its first widget came alive in place (None: the site has no live runtime)."""
    result = PageResult(rel + " (live)")
    context, page = _open(browser, base, rel, 1280, live=True)
    try:
        if not page.evaluate("() => !!window.cribLive"):
            return None
        page.evaluate("() => { window.cribLive.start(); }")  # as when a widget scrolls into view
        try:
            page.wait_for_function(_LIVE_OR_FAILED, timeout=120_000)
        except PlaywrightTimeout:
            result.problems.append("no widget came alive within 120 s")
            return result
        if page.evaluate("() => window.cribLive.state") == "failed":
            result.problems.append("the live runtime failed to start")
            return result
        audit_live(page, result, axe)
    finally:
        context.close()
    return result


def audit_live(page: Page, result: PageResult, axe: str) -> None:
    """On a page whose Python runs: every widget brought to life (scrolled into view), a game table
    tried by keyboard alone, a card chosen, then axe and the cards' names. check_live.py calls this
    on the pages it drives, where they are live already."""
    outputs = page.locator(".crib-live-output")
    for i in range(outputs.count()):  # each widget comes alive as it scrolls into view
        outputs.nth(i).scroll_into_view_if_needed()
        page.wait_for_timeout(300)
    try:
        page.wait_for_function(_ALL_LIVE, timeout=60_000)
    except PlaywrightTimeout:
        result.problems.append(f"only {page.locator('.crib-live-on').count()} of {outputs.count()} "
                               "widgets came alive within 60 s")
    page.wait_for_timeout(500)
    result.widgets = page.locator(f".crib-live-on {WIDGET}").count()
    focus = keyboard_move_keeps_focus(page)
    if focus:
        result.problems.append(f"live: {focus}")
    choose_a_card(page)  # answered by Python now: the card is raised by the kernel's reply
    page.wait_for_timeout(800)
    run_axe(page, result, axe, "live")
    result.problems += [f"live: {p}" for p in page.evaluate(_NAMES)]


_REFRESH = re.compile(r'<meta http-equiv="refresh" content="0; ?url=([^"]+)"', re.IGNORECASE)


def moved_to(page: Path) -> Path | None:
    """The page a forwarding page (an old chapter address, the site's front door) sends the reader
    to, or None for a page of its own. Opened in the browser it would only show its target again."""
    head = page.read_text(encoding="utf-8", errors="replace")[:2000]
    found = _REFRESH.search(head)
    return (page.parent / found.group(1)).resolve() if found else None


def check_moved(root: Path, page: Path, target: Path, pages: list[Path]) -> PageResult:
    """A forwarding page must lead to a page of the book that is checked in full."""
    result = PageResult(page.relative_to(root).as_posix() + " (forwards)")
    if target not in {p.resolve() for p in pages} or moved_to(target) is not None:
        result.problems.append(f"forwards to {target}, which is not a page of the book")
    return result


def _report(r: PageResult) -> None:
    print(f"{'ok  ' if not r.problems else 'FAIL'} {r.path}: {r.widgets} widgets, serious/critical "
          f"nodes in widgets {r.widget_nodes}, elsewhere {r.theme_nodes} (+{r.allowed_nodes} allowed)")
    for problem in r.problems:
        print(f"     {problem}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site", nargs="?", default="_build/html", help="the built site (default _build/html)")
    parser.add_argument("--screenshots", default=None, help="folder for 390 px screenshots of widget pages")
    parser.add_argument("--page-screenshots", default=None,
                        help="folder for a full-page 1280 px screenshot of every page")
    parser.add_argument("--page", action="append", default=[], help="only this page (repeatable)")
    parser.add_argument("--live", action="store_true",
                        help=f"also check {', '.join(LIVE_PAGES)} once their widgets are live in place")
    parser.add_argument("--live-only", action="store_true", help="with --live: skip the static checks")
    parser.add_argument("--chromium", default=os.environ.get("CHROMIUM", "/usr/bin/chromium"))
    args = parser.parse_args(argv)
    root = Path(args.site).resolve()
    if not (root / "index.html").is_file():
        print(f"no built site in {root}: run `make book` first", file=sys.stderr)
        return 1
    pages = site_pages(root)
    live_pages = LIVE_PAGES if args.live else ()
    if args.page:
        pages = [p for p in pages if any(p.as_posix().endswith(w) for w in args.page)]
        live_pages = [p for p in live_pages if any(p.endswith(w) for w in args.page)]
    if args.live_only:
        pages = []
    axe = axe_source()
    shots = Path(args.screenshots) if args.screenshots else None
    page_shots = Path(args.page_screenshots) if args.page_screenshots else None
    sites = []
    server, base = serve(root)
    results = []
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=args.chromium, args=CHROMIUM_FLAGS)
            for page in pages:
                target = moved_to(page)
                if target is not None:  # its target is checked in full as a page of its own
                    results.append(check_moved(root, page, target, site_pages(root)))
                    _report(results[-1])
                    continue
                site, result = check_page(browser, base, root, page, axe, shots, page_shots)
                print_report(site)
                sites.append(site)
                results.append(result)
                _report(results[-1])
            for rel in live_pages:
                live = check_live(browser, base, rel, axe)
                if live is None:
                    print(f"no live runtime on {rel} (built with CRIB_LIVE=0?): live check skipped")
                    continue
                results.append(live)
                _report(live)
            browser.close()
    finally:
        server.shutdown()
    failed = [r for r in results if r.problems]
    broken = [s for s in sites if s.problems]
    moved = sum(r.path.endswith("(forwards)") for r in results)
    print(f"\n{moved} forwarding pages (old addresses, the front door) lead to pages of the book.")
    print(f"{len(sites)} pages, {sum(s.widgets for s in sites)} widgets, {sum(s.links for s in sites)} "
          f"internal links checked; {len(broken)} page(s) with problems.")
    print(f"axe-core on {len(results) - moved} pages at 1280 px ({len(live_pages)} of them live), "
          f"{sum(r.narrow for r in results)} of them also at {NARROW} px (layout; axe where they have "
          f"controls): "
          f"{sum(r.widget_nodes for r in results)} serious/critical nodes inside widgets, "
          f"{sum(r.theme_nodes for r in results)} elsewhere; {len(failed)} page(s) with problems.")
    return 1 if failed or broken else 0


if __name__ == "__main__":
    sys.exit(main())
