"""The book's widgets come alive on the book page itself: headless Chromium, no network, real clicks.

What a learner does on the published site, checked on the built book (``_build/html``) served from
a local web server (with the cache headers a host should send, lite/README.md), in Debian's
Chromium with every host name but 127.0.0.1 unresolvable, so nothing can leave the machine:

- every page with widgets says how they work and links "Open as a notebook" to a notebook the
  live site holds; no page or live notebook tells the learner to press "Try it live" or Run All,
  and no live notebook loads anything from a CDN;
- chapters 15, 04, 07 and 13 are opened; on the page itself (no notebook interface) the test clicks
  a widget's controls *while Python is still starting* (the snapshot keeps the clicks) and then
  again once it is live: a card chosen and laid (13), a count stepped (06), a drill answered (05),
  a Muggins call settled (09). After each action the widget must say exactly what the same widget
  says here, made by the engine from the same cell code and driven the same way;
- nothing is lost: every click made during start-up is answered, and none is refused;
- by mouse at 1280 px, by touch (tap) on a 390 px phone screen and by keyboard (Tab, Space/Enter);
- the time from page load to the first answered click, cold (a fresh browser profile) and warm (the
  same profile again, its disk cache filled), for chapters 15 and 04, with the bytes the server sent
  and what the time was spent on;
- on chapters 04, 07 and 13 (at 1280 px, once live) and on a fresh game table in chapter 15,
  check_a11y.py's live checks: every widget of the page brought to life, the table played by
  keyboard with the focus kept in the widget, axe-core and the cards' names;
- "Open as a notebook" (JupyterLite) runs its cells by itself and shows the widget (one chapter).

Screenshots (loading and live, 1280 and 390 px) go to ``_build/screenshots/live/``. Run by
``make site-test`` after ``make book``. Exit status 0 when every check passes.
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import functools
import html
import http.server
import json
import os
import re
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import ClassVar
from urllib.parse import parse_qs, urljoin, urlsplit

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from check_site import CHROMIUM_FLAGS as PAGE_FLAGS  # noqa: E402
from check_site import WIDGET_VIEW, _QuietHandler  # noqa: E402

CHROMIUM_FLAGS = [
    *PAGE_FLAGS,
    # No host name resolves except the local server's address: nothing can leave the machine.
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
]
LIVE_TIMEOUT_MS = 240_000  # Pyodide's start: 7-10 s on a quiet machine, far more on a busy one
ANSWER_TIMEOUT_MS = 30_000
DESKTOP = {"viewport": {"width": 1280, "height": 900}}
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True,
         "device_scale_factor": 2}
#: A game table keeps its game in the browser (crib_widgets.table.keep), which a second visit in the
#: same profile brings back: a plan that expects the page's own first deal forgets them first.
FORGET_KEPT_GAMES = ("try { for (const k of Object.keys(localStorage)) if (k.startsWith('crib-game:')) "
                     "localStorage.removeItem(k); } catch (e) {}")
STALE = re.compile(r"Try it live|Run All Cells|Run ▸ Run All")
CDN = re.compile(r"micropip\.install|cdn\.jsdelivr|pyodide-cdn|https?://cdn\.")
#: The cache policy lite/README.md asks a host for: a file whose URL changes when it does (a hash
#: or ?v= digest in it, a versioned wheel) for a year; Pyodide's core files for a day (they change
#: only with the Pyodide pin); what keeps its URL across builds (pages, the lock file, indexes, our
#: own wheel) revalidated each time (ETag / Last-Modified, answered 304 when unchanged).
CACHE_RULES = [
    (re.compile(r"\.html$|pyodide-lock\.json$|all\.json$|jupyter-lite\.json$|crib_widgets-[^/]*\.whl$"),
     "no-cache"),
    (re.compile(r"\.[0-9a-f]{8,}\.js$|[?&]v=|_static/|/lite/build/|-py[23][^/]*\.whl$"),
     "public, max-age=31536000"),
    (re.compile(r"/lite/static/pyodide/"), "public, max-age=86400"),
]


def cache_control(path: str) -> str:
    return next((policy for rule, policy in CACHE_RULES if rule.search(path)), "no-cache")


@dataclass
class Results:
    passed: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)
    times: list[str] = field(default_factory=list)

    def check(self, ok: bool, what: str, why: str = "") -> bool:
        (self.passed if ok else self.failed).append(what)
        detail = "" if ok or not why else f"\n       - {why}"
        print(("ok   " if ok else "FAIL ") + what + detail, flush=True)
        return ok


# --- the server: what a host should send -------------------------------------------------------


class CachingHandler(_QuietHandler):
    """Serves the site as a host should (lite/README.md): long cache life for the runtime's files,
    revalidation for pages. Counts the bytes of every response body it sends."""

    sent: ClassVar[dict[str, int]] = {"bytes": 0, "requests": 0, "not_modified": 0}
    lock: ClassVar[threading.Lock] = threading.Lock()

    def end_headers(self) -> None:
        self.send_header("Cache-Control", cache_control(self.path))
        super().end_headers()

    def send_response(self, code: int, message: str | None = None) -> None:
        with self.lock:
            self.sent["requests"] += 1
            self.sent["not_modified"] += code == 304
        super().send_response(code, message)

    def copyfile(self, source, outputfile) -> None:
        start = source.tell()
        super().copyfile(source, outputfile)
        with self.lock:
            self.sent["bytes"] += source.tell() - start

    @classmethod
    def take(cls) -> dict[str, int]:
        with cls.lock:
            taken = dict(cls.sent)
            cls.sent.update(bytes=0, requests=0, not_modified=0)
        return taken


def serve(root: Path) -> tuple[http.server.ThreadingHTTPServer, str]:
    handler = functools.partial(CachingHandler, directory=str(root))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


# --- what the built pages hold -------------------------------------------------------------------


def page_config(root: Path, rel: str) -> dict | None:
    match = re.search(r'<script type="application/json" id="crib-live-config">(.*?)</script>',
                      (root / rel).read_text(encoding="utf-8"), re.S)
    return json.loads(match.group(1).replace("<\\/", "</")) if match else None


def widget_pages(root: Path) -> list[str]:
    pages = []
    for page in sorted(root.rglob("*.html")):
        rel = page.relative_to(root).as_posix()
        if rel.startswith(("lite/", "_static/")):
            continue
        if f'type="{WIDGET_VIEW}"' in page.read_text(encoding="utf-8"):
            pages.append(rel)
    return pages


def check_pages(root: Path, results: Results) -> None:
    """Every widget page comes alive in place and links its notebook; no stale instructions."""
    pages = widget_pages(root)
    results.check(len(pages) >= 4, f"{len(pages)} pages show widgets", "expected the widget chapters")
    for rel in pages:
        text = (root / rel).read_text(encoding="utf-8")
        config = page_config(root, rel)
        views = text.count(f'type="{WIDGET_VIEW}"')
        results.check(config is not None and len(config["widgets"]) == views,
                      f"{rel}: each of its {views} widgets has the code that brings it alive",
                      f"config: {None if config is None else len(config['widgets'])} widgets")
        # the first screen is plain HTML: each widget's snapshot is in the page as served, drawn by the
        # build (lite/static_snapshots.py), with the widgets' style sheet in the head (issue 36)
        drawn = len(re.findall(r'<div class="[^"]*\bcrib-static-snapshot\b', text))
        styled = '<link rel="stylesheet" id="crib-live-widgets"' in text[:text.find("</head>")]
        results.check(drawn == views and styled, f"{rel}: its {views} widgets are drawn in the served page",
                      f"{drawn} snapshots in the HTML, widgets' style sheet in the head: {styled}")
        link = re.search(r'<a class="crib-live-button" href="([^"]+)"', text)
        notebook = parse_qs(urlsplit(html.unescape(link.group(1))).query).get("path", [""])[0] if link else ""
        held = root / "lite" / "files" / notebook
        results.check(bool(link) and held.is_file(), f"{rel}: 'Open as a notebook' leads to {notebook}",
                      "no link" if not link else f"missing {held}")
        body = re.sub(r"<script.*?</script>", "", text, flags=re.S)
        results.check(not STALE.search(body), f"{rel}: tells no one to press a button that is not there",
                      f"found {STALE.search(body) and STALE.search(body).group(0)!r}")
    for notebook in sorted((root / "lite" / "files").glob("*.ipynb")):
        cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
        text = "\n".join("".join(c["source"]) for c in cells)
        results.check(not CDN.search(text) and not STALE.search(text),
                      f"live notebook {notebook.name}: no CDN cell, no stale 'Try it live' or 'Run All'",
                      f"found {(CDN.search(text) or STALE.search(text)).group(0)!r}" if
                      (CDN.search(text) or STALE.search(text)) else "")


# --- the mirror: the same widget, made here by the engine ----------------------------------------


def make_mirror(config: dict, model_id: str):
    """Run the widget's cell code (what the page runs in the browser) here; return the widget."""
    spec = next(w for w in config["widgets"] if w["model_id"] == model_id)
    namespace: dict = {}
    cwd = os.getcwd()
    os.chdir(ROOT / "book")  # the cells import book/cribbook.py, as on the page
    sys.path.insert(0, str(ROOT / "book"))
    try:
        for code in spec["code"][:-1]:
            exec(compile(code, "<cell>", "exec"), namespace)
        tree = ast.parse(spec["code"][-1])
        last = tree.body.pop()
        exec(compile(tree, "<cell>", "exec"), namespace)
        return eval(compile(ast.Expression(last.value), "<cell>", "eval"), namespace)
    finally:
        os.chdir(cwd)
        sys.path.remove(str(ROOT / "book"))


def walk(widget):
    yield widget
    for child in getattr(widget, "children", ()):
        yield from walk(child)


def control(mirror, label: str):
    """The mirror's control whose description (or tooltip, or card name) is ``label``."""
    import ipywidgets as widgets

    found = [w for w in walk(mirror) if isinstance(w, widgets.Button | widgets.ToggleButton | widgets.Text
                                                   | widgets.IntText | widgets.BoundedIntText)
             and label in (w.description, getattr(w, "tooltip", None)) and not getattr(w, "disabled", False)]
    if not found:
        raise LookupError(f"no control {label!r} in the mirror")
    return found[0]


def status_words(mirror, note: bool = True) -> str:
    """The mirror's status line as text, without spaces (how it must appear on the page)."""
    value = mirror.status.value
    if not note:
        value = re.sub(r'<div class="crib-note">.*?</div>', "", value, flags=re.S)
    text = re.sub(r"<[^>]+>", " ", value)
    return re.sub(r"\s+", "", html.unescape(text))


def press(mirror_control, value=None) -> None:
    import ipywidgets as widgets

    if isinstance(mirror_control, widgets.ToggleButton):
        mirror_control.value = not mirror_control.value
    elif isinstance(mirror_control, widgets.Button):
        mirror_control.click()
    else:
        mirror_control.value = value


# --- driving the page ----------------------------------------------------------------------------


class PageDriver:
    """One book page in a tab, one widget on it, driven by mouse, touch or keyboard."""

    def __init__(self, tab, config: dict, model_id: str, how: str):
        self.tab, self.how, self.model_id = tab, how, model_id
        self.out = tab.locator(f'[data-crib-live-model="{model_id}"]')
        self.area = self.out.locator(":scope > .widget-subarea:not(.crib-live-hidden)")
        self.mirror = make_mirror(config, model_id)

    def find(self, mirror_control):
        import ipywidgets as widgets

        if isinstance(mirror_control, widgets.Button | widgets.ToggleButton):
            found = self.area.locator(f'button[title="{mirror_control.tooltip}"]')
            return found.filter(has_text=mirror_control.description.strip()).first
        label = mirror_control.description
        return self.area.locator(".widget-inline-hbox").filter(
            has=self.tab.locator(f'label:text-is("{label}")')).locator("input").first

    def _keyboard_to(self, target) -> None:
        """Tab through the widget's controls from its first one until ``target`` has the focus."""
        self.area.locator("button:visible, input:visible").first.focus()
        for _ in range(60):
            if target.evaluate("(el) => el === document.activeElement"):
                return
            self.tab.keyboard.press("Tab")
        raise AssertionError("Tab never reached the control")

    def act(self, label: str, value: str | None = None) -> str:
        """Do one thing to the page's widget and to the mirror; return what the page must then say."""
        mirror_control = control(self.mirror, label)
        target = self.find(mirror_control)
        target.wait_for(state="visible", timeout=LIVE_TIMEOUT_MS)
        if value is None:
            if self.how == "touch":
                target.tap()
            elif self.how == "keyboard":
                self._keyboard_to(target)
                self.tab.keyboard.press("Space")
            else:
                target.click()
        elif self.how == "keyboard":
            self._keyboard_to(target)
            self.tab.keyboard.press("Control+A")
            self.tab.keyboard.type(value)
        else:
            target.fill(value)
        press(mirror_control, int(value) if value is not None and value.lstrip("-").isdigit() else value)
        return status_words(self.mirror)

    def wait_says(self, words: str, timeout: int = ANSWER_TIMEOUT_MS) -> None:
        self.tab.wait_for_function(
            """([id, words]) => {
                 const out = document.querySelector(`[data-crib-live-model="${id}"]`);
                 const live = out && out.querySelector(':scope > .crib-live-view:not(.crib-live-hidden)');
                 return !!live && live.innerText.replace(/\\s+/g, '').includes(words);
               }""", arg=[self.model_id, words], timeout=timeout, polling=100)

    def snapshot_status(self) -> str:
        """The snapshot's status line without its note, without spaces."""
        self.area.locator(".crib-status").first.wait_for(state="attached", timeout=60_000)
        return self.area.evaluate("""(area) => {
            const status = area.querySelector('.crib-status').cloneNode(true);
            status.querySelectorAll('.crib-note').forEach((n) => n.remove());
            return status.textContent.replace(/\\s+/g, '');
        }""")

    def badge(self) -> str:
        return self.out.locator(".crib-live-badge").inner_text() if self.out.locator(
            ".crib-live-badge:visible").count() else ""


@dataclass
class Plan:
    """What to do with a chapter's widget: steps made while Python starts, and steps once live."""

    rel: str
    title: str
    early: list[tuple[str, str | None]]
    later: list[tuple[str, str | None]]
    widget: str  # what the steps show, in words


def game_plan(config: dict, model_id: str) -> tuple[list, list]:
    table = make_mirror(config, model_id)
    hand = [b.tooltip for b in table.picker.buttons]
    return [(hand[0], None), (hand[1], None)], [("Lay in the crib", None)]


#: The page's layout shift (what Lighthouse's CLS sums) before ``before`` (ms of the page's clock):
#: as it loaded, before the check's first action on it (what a click then changes is no shift).
LAYOUT_SHIFT = """(before) => new Promise((resolve) => {
  let sum = 0;
  const add = (e) => { if (!e.hadRecentInput && e.startTime < before) sum += e.value; };
  new PerformanceObserver((list) => list.getEntries().forEach(add))
    .observe({ type: 'layout-shift', buffered: true });
  setTimeout(() => resolve(sum), 200);
})"""

#: True once the book's service worker holds the snapshot (it was fetched ahead).
SNAPSHOT_HELD = """async (path) => {
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) if (request.url.includes(path.split('?')[0])) return true;
  }
  return false;
}"""


def wait_held(tab, path: str, timeout_ms: int) -> None:
    """Wait until the service worker holds ``path`` (polled: an async predicate's promise would
    count as true at once in wait_for_function)."""
    end = time.monotonic() + timeout_ms / 1000
    while not tab.evaluate(SNAPSHOT_HELD, path):
        if time.monotonic() > end:
            raise TimeoutError(f"the service worker never held {path}")
        tab.wait_for_timeout(500)


def run_plan(browser_context, base: str, root: Path, plan: Plan, how: str, label: str,
             results: Results, shots: Path, timed: bool = False, held: bool = True,
             audit: bool = False) -> None:
    """One chapter's widget driven in a tab; ``held``: the browser profile has had a first visit,
    so its service worker holds the snapshot; ``audit``: then axe on the page's live widgets."""
    config = page_config(root, plan.rel)
    model_id = config["widgets"][0]["model_id"]
    early, later = plan.early, plan.later
    if plan.title == "game":
        early, later = game_plan(config, model_id)
    elif plan.title == "drill":  # the right answer, from the engine
        early = [("Points:", str(make_mirror(config, model_id).answer.points)), ("Check", None)]
    tab = browser_context.new_page()
    problems: list[str] = []
    tab.on("pageerror", lambda exc: problems.append(f"JavaScript error: {exc}"))
    tab.context.on("response", lambda r: r.status >= 400 and problems.append(f"HTTP {r.status} for {r.url}"))
    outside: list[str] = []
    tab.on("request", lambda r: r.url.startswith((base, "data:", "blob:")) or outside.append(r.url))
    name = f"{Path(plan.rel).stem}-{label}"
    CachingHandler.take()
    t0 = time.monotonic()
    what = f"{plan.rel} [{label}, {how}]"
    try:
        tab.goto(urljoin(base, plan.rel), wait_until="domcontentloaded", timeout=120_000)
        driver = PageDriver(tab, config, model_id, how)
        driver.out.scroll_into_view_if_needed()
        shown, made = driver.snapshot_status(), status_words(driver.mirror, note=False)
        results.check(shown == made, f"{what}: the snapshot shows what the widget's cell makes now",
                      f"snapshot {shown[:120]!r}, the engine {made[:120]!r} (a stale build?)")
        # while Python starts: act on the snapshot; each action must be kept
        acted_at = tab.evaluate("performance.now()")
        expected = ""
        for step, value in early:
            expected = driver.act(step, value)
        kept = driver.badge()
        says = "Starting Python" in kept or "Fetching Python" in kept
        # Python restored from a held snapshot can be live before the badge is read: then there is
        # no start-up left to see, and the kept actions are checked as answered just below
        live = driver.out.evaluate("el => el.classList.contains('crib-live-on')")
        results.check((says and ("kept" in kept or not early)) or (live and not kept),
                      f"{what}: while Python starts, the widget says so and keeps the clicks",
                      f"the badge says {kept!r}")
        # the badge moves to the foot of the screen when a control is touched: a tap must go
        # through it to the control beneath (it once took a phone's tap near the foot)
        through = driver.out.evaluate(
            "el => Array.from(el.querySelectorAll('.crib-live-badge')).every("
            "(b) => getComputedStyle(b).pointerEvents === 'none')")
        results.check(through, f"{what}: taps go through the start-up badge to the widget",
                      "the badge takes pointer events")
        driver.out.screenshot(path=str(shots / f"{name}-loading.png"))
        driver.wait_says(expected, timeout=LIVE_TIMEOUT_MS)
        first_answer = time.monotonic() - t0
        results.check(True, f"{what}: {len(early)} action(s) made during start-up all answered, "
                      f"as the engine says ({plan.widget})")
        refused = driver.badge()
        results.check("could not be replayed" not in refused, f"{what}: no click was refused", refused)
        for step, value in later:
            words = driver.act(step, value)
            if value is None:
                driver.wait_says(words)
        done = ", ".join(s for s, _ in later)
        results.check(True, f"{what}: then live: {done} answered as the engine says")
        # what a page imports as it starts and as the learner clicks is all in the library it fetched
        # with Python: the rest (lite/runtime/src/later_library.py) was not needed
        fetched = tab.evaluate("window.cribLive.run('import sys\\nprint(any(getattr(f, \"fetched\", False) "
                               "for f in sys.meta_path))').then((r) => r.stdout.trim())")
        results.check(fetched == "False", f"{what}: the rest of the standard library was not needed",
                      f"the page's Python fetched it ({fetched!r})")
        driver.out.screenshot(path=str(shots / f"{name}-live.png"))
        timings = tab.evaluate("window.cribLive.timings")
        shift = timings.get(model_id, {}).get("shift")
        results.check(shift is not None and abs(shift) < 2,
                      f"{what}: the live widget took the snapshot's place with no layout jump ({shift} px)")
        # nothing moved the page as it loaded (issue 36: chapter 15's table, drawn by the page into an
        # empty space, moved it by a fifth of a screen, Lighthouse's layout shift 0.2); the live
        # widget's taking the snapshot's place is the jump checked just above
        moved = tab.evaluate(LAYOUT_SHIFT, acted_at)
        results.check(moved < 0.1, f"{what}: the page did not move as it loaded (layout shift {moved:.3f}, "
                      "under Lighthouse's 0.1)")
        worker = timings.get("worker") or {}
        # A first visit starts from scratch (the snapshot is 8 MB more); once the browser holds the
        # snapshot (fetched ahead after the first start), every later start uses it.
        expected = "snapshot" if held else "scratch"
        results.check(worker.get("from") == expected, f"{what}: Python started from {expected}",
                      f"it started from {worker.get('from')} ({worker.get('refused') or 'no reason given'})")
        if not held:
            wait_held(tab, config["snapshot"], LIVE_TIMEOUT_MS)
            results.check(True, f"{what}: then the snapshot was fetched ahead for the next pages")
        sent = CachingHandler.take()
        if timed:
            start = timings.get("start", 0)

            def at(key: str) -> str:
                return f"{(timings[key] - start) / 1000:.1f} s" if key in timings else "?"

            drawn = timings.get(model_id, {}).get("drawn")
            steps = ", ".join(f"{k} {v:.1f} s" for k, v in worker.items() if isinstance(v, (int, float)))
            line = (f"time {plan.rel} {label}: first click answered {first_answer:.1f} s after the page "
                    f"was opened, {first_answer - start / 1000:.1f} s after Python was asked for (at "
                    f"{start / 1000:.1f} s, as the widget came into view); from then: runtime module "
                    f"{at('runtimeLoaded')}, kernel ready {at('kernelReady')} (in the worker: {steps}), "
                    f"widget drawn {(drawn - start) / 1000 if drawn else 0:.1f} s; "
                    f"{sent['bytes'] / 1e6:.1f} MB sent in {sent['requests']} responses "
                    f"({sent['not_modified']} not modified)")
            results.times.append(line)
            print(line, flush=True)
        if audit:
            accessible(tab, what, results)
    except Exception as exc:
        results.check(False, f"{what}: comes alive and answers", f"{type(exc).__name__}: {exc}"[:1500])
        with contextlib.suppress(Exception):
            tab.screenshot(path=str(shots / f"{name}-failed.png"), full_page=False)
    finally:
        results.check(not outside, f"{what}: no request leaves the site", ", ".join(outside[:3]))
        results.check(not problems, f"{what}: no JavaScript error, no failed request",
                      "; ".join(problems[:3]))
        tab.close()


def accessible(tab, what: str, results: Results) -> None:
    """check_a11y.py's checks of a live page (every widget brought to life, a game table tried by
    keyboard, axe, the cards' names) on ``tab``, whose Python runs already."""
    from check_a11y import PageResult, audit_live, axe_source

    found = PageResult(what)
    audit_live(tab, found, axe_source())
    results.check(not found.problems, f"{what}: axe-core and the cards' names find nothing serious in its "
                  f"{found.widgets} live widget(s)", "; ".join(found.problems[:4]))


def audit_page(context, base: str, rel: str, results: Results) -> None:
    """A page opened afresh, brought to life and checked as `accessible` does (the game table is
    tried by keyboard from its first deal)."""
    tab = context.new_page()
    what = f"{rel} [live, keyboard and axe]"
    try:
        tab.goto(urljoin(base, rel), wait_until="domcontentloaded", timeout=120_000)
        tab.locator("[data-crib-live-model]").first.scroll_into_view_if_needed()
        tab.locator(".crib-live-view:not(.crib-live-hidden)").first.wait_for(timeout=LIVE_TIMEOUT_MS)
        accessible(tab, what, results)
    except Exception as exc:
        results.check(False, f"{what}: comes alive", f"{type(exc).__name__}: {exc}"[:800])
    finally:
        tab.close()


def check_alive(context, base: str, root: Path, rel: str, results: Results, shots: Path) -> None:
    """Every widget of another page comes alive in place (no interaction plan: drawn live, no error);
    on the first such page the page hook answers too."""
    tab = context.new_page()
    problems: list[str] = []
    tab.on("pageerror", lambda exc: problems.append(f"JavaScript error: {exc}"))
    try:
        tab.goto(urljoin(base, rel), wait_until="domcontentloaded", timeout=120_000)
        outs = tab.locator("[data-crib-live-model]")
        for i in range(outs.count()):
            outs.nth(i).scroll_into_view_if_needed()
            outs.nth(i).locator(":scope > .crib-live-view:not(.crib-live-hidden)").wait_for(
                state="visible", timeout=LIVE_TIMEOUT_MS)
        badges = [b for b in outs.locator(".crib-live-badge:visible").all_inner_texts() if b]
        results.check(outs.count() > 0 and not badges,
                      f"{rel}: all {outs.count()} widget(s) come alive in place", "; ".join(badges))
        answer = tab.evaluate("window.cribLive.run('from crib_widgets.scoring import score_hand\\n"
                              "score_hand(\"5H 5D 5S JC\", \"5C\").total')")
        results.check(answer["status"] == "ok" and answer["data"]["text/plain"] == "29",
                      f"{rel}: window.cribLive.run answers from the page's Python (29 for the best hand)",
                      repr(answer))
        outs.first.screenshot(path=str(shots / f"{Path(rel).stem}-live.png"))
    except Exception as exc:
        results.check(False, f"{rel}: its widgets come alive", f"{type(exc).__name__}: {exc}"[:800])
    finally:
        results.check(not problems, f"{rel}: no JavaScript error", "; ".join(problems[:3]))
        tab.close()


def check_notebook_route(context, base: str, root: Path, results: Results, shots: Path) -> None:
    """'Open as a notebook' opens JupyterLite, which runs the cells by itself and shows the widget."""
    rel = "book/04_the_whole_show.html"
    tab = context.new_page()
    try:
        tab.goto(urljoin(base, rel), wait_until="domcontentloaded")
        # the link is hidden on learners' pages (book/_static/cribbook.css) but stays in the page
        href = tab.get_attribute("a.crib-live-button", "href")
        live = context.new_page()
        live.goto(urljoin(tab.url, href), wait_until="domcontentloaded")
        live.wait_for_selector(".jp-OutputArea-output .crib-root", timeout=LIVE_TIMEOUT_MS)
        live.wait_for_function(
            "() => Array.from(document.querySelectorAll('.jp-CodeCell .jp-InputPrompt'))"
            ".every((p) => /\\[\\d+\\]/.test(p.textContent))", timeout=LIVE_TIMEOUT_MS, polling=500)
        errors = live.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']")
        results.check(errors.count() == 0, f"{rel}: 'Open as a notebook' runs every cell by itself, "
                      "no error", errors.first.inner_text()[:300] if errors.count() else "")
        # Card buttons get their names from crib-a11y.js (HTML cards carry theirs): it must be loaded.
        card = live.locator(".jp-OutputArea-output :is(button.crib-cardbtn, .crib-card[role=img])").first
        card.wait_for(timeout=LIVE_TIMEOUT_MS)
        named = card.get_attribute("aria-label") or ""
        a11y = live.evaluate("!!document.querySelector('script[src$=\"crib-a11y.js\"]')")
        words = re.fullmatch(r"(?:ace|two|three|four|five|six|seven|eight|nine|ten|jack|queen|king)"
                             r" of (?:clubs|diamonds|hearts|spades)", named)
        results.check(a11y and bool(words), f"{rel}: in the notebook too, crib-a11y.js is loaded and a "
                      f"card is named in words ({named!r})")
        live.screenshot(path=str(shots / "notebook-route.png"))
        live.close()
    except Exception as exc:
        why = f"{type(exc).__name__}: {exc}"[:800]
        results.check(False, f"{rel}: 'Open as a notebook' runs by itself", why)
    finally:
        tab.close()


PLANS = {
    "15": Plan("book/15_full_game.html", "game", [], [], "two cards chosen, laid in the crib"),
    "04": Plan("book/04_the_whole_show.html", "trainer", [("Count it for me", None)], [("Next step", None)],
               "the count stepped"),
    "07": Plan("book/07_play_to_31.html", "drill", [("Points:", "2"), ("Check", None)], [("Show me", None)],
               "a drill answered"),
    "13": Plan("book/13_muggins.html", "muggins", [("Accept", None)], [("Next hand", None)],
               "a Muggins call settled"),
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site", nargs="?", default="_build/html", help="the built book (default _build/html)")
    parser.add_argument("--screenshots", default="_build/screenshots/live", help="folder for the PNGs")
    parser.add_argument("--chromium", default=os.environ.get("CHROMIUM", "/usr/bin/chromium"))
    parser.add_argument("--only", nargs="+", choices=sorted(PLANS), help="only these chapters")
    parser.add_argument("--no-notebook", action="store_true", help="skip the notebook route")
    args = parser.parse_args(argv)

    root = Path(args.site).resolve()
    if not (root / "lite" / "index.html").is_file():
        print(f"no live site in {root}/lite: run `make book` first (without CRIB_LIVE=0)", file=sys.stderr)
        return 1
    if not Path(args.chromium).is_file():
        print(f"no Chromium at {args.chromium}: apt-get install chromium", file=sys.stderr)
        return 1
    shots = Path(args.screenshots)
    shots.mkdir(parents=True, exist_ok=True)
    results = Results()
    check_pages(root, results)
    chosen = args.only or sorted(PLANS, reverse=True)
    server, base = serve(root)
    try:
        with sync_playwright() as pw:
            # two browser profiles: a fresh one for a cold start, then the same one again (warm)
            for first, rest in [("15", []), ("04", ["07", "13"])]:
                if first not in chosen and not set(rest) & set(chosen):
                    continue
                with tempfile.TemporaryDirectory(prefix="crib-live-profile-") as profile:
                    def launch(options, profile=profile):
                        context = pw.chromium.launch_persistent_context(
                            profile, executable_path=args.chromium, args=CHROMIUM_FLAGS, **options)
                        context.add_init_script(FORGET_KEPT_GAMES)  # every plan on the page's first deal
                        return context
                    if first in chosen:
                        with contextlib.closing(launch(DESKTOP)) as context:
                            run_plan(context, base, root, PLANS[first], "mouse", "cold", results, shots, True,
                                     held=False, audit=first != "15")
                        with contextlib.closing(launch(PHONE)) as context:
                            run_plan(context, base, root, PLANS[first], "touch", "warm-390px", results, shots,
                                     True)
                        if first == "15":  # the keyboard needs a table at its first deal
                            with contextlib.closing(launch(DESKTOP)) as context:
                                audit_page(context, base, PLANS[first].rel, results)
                    for number in [n for n in rest if n in chosen]:
                        with contextlib.closing(launch(DESKTOP)) as context:
                            run_plan(context, base, root, PLANS[number], "keyboard", "1280px", results, shots,
                                     held=first in chosen, audit=True)
                        with contextlib.closing(launch(PHONE)) as context:
                            run_plan(context, base, root, PLANS[number], "touch", "390px", results, shots,
                                     held=first in chosen)
                    if first == "04" and not args.no_notebook:
                        with contextlib.closing(launch(DESKTOP)) as context:
                            check_notebook_route(context, base, root, results, shots)
                    if first == "04" and not args.only:
                        others = [r for r in widget_pages(root) if r not in {p.rel for p in PLANS.values()}]
                        with contextlib.closing(launch(DESKTOP)) as context:
                            for rel in others:
                                check_alive(context, base, root, rel, results, shots)
    finally:
        server.shutdown()
    print("\n" + "\n".join(results.times))
    print(f"\nlive: {len(results.passed)} passed, {len(results.failed)} failed")
    return 1 if results.failed else 0


if __name__ == "__main__":
    sys.exit(main())
