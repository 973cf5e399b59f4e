"""Run the book's live pages in headless Chromium with no network and play with their widgets.

What a learner does on the published site, checked on the built book (``_build/html``) served from
a local web server, in Debian's Chromium with every host name but 127.0.0.1 unresolvable (so any
request that would leave the site fails, and is reported):

- every page that shows widgets offers "Try it live", and each such control leads to a notebook
  that the live site holds;
- the counting trainer's chapter opens live from its button; Run > Run All Cells runs every cell
  without an error; "Count it for me" then says the first step of the count that the engine gives
  for the hand on screen (Python really ran, in the browser);
- the game table's chapter opens live and runs; two cards go to the crib and three more are laid
  (or go is said), and after each click the table must say what the engine's own game says (the
  same table made here with the chapter's arguments: the seed fixes the deal and the computer);
- with ``--all``, every other live chapter also runs all its cells without an error;
- no request leaves the machine, and none of the site's own requests fails. The one exception is a
  chart: matplotlib exists only on the Pyodide CDN, so offline a chart cell cannot run; that is
  printed as a note, its CDN requests are let pass, and the cells after it are still run and checked.

Screenshots go to ``_build/screenshots/live/``. Run by ``make site-test`` after ``make book``.
Exit status 0 when every check passes; the last line says ``N passed, M failed``.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import parse_qs, urljoin, urlsplit

from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from check_site import CHROMIUM_FLAGS as PAGE_FLAGS  # noqa: E402  (the page check's server and flags)
from check_site import WIDGET_VIEW, serve  # noqa: E402

from crib_widgets.cards import full_deck  # noqa: E402  (the engine gives the expected answers)
from crib_widgets.scoring import score_hand  # noqa: E402

CHROMIUM_FLAGS = [
    *PAGE_FLAGS,
    # No host name resolves except the local server's address: nothing can leave the machine.
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
]
KERNEL_TIMEOUT_MS = 240_000  # Pyodide start and the first imports: 15-30 s here, more on a busy machine
# JupyterLab draws an error's traceback as stderr text; a traceback is what marks an error.
ERROR_OUTPUT = ".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']"
CHART_CODE = re.compile(r"\bmatplotlib\b|\bplt\.|_figure\(|\bfig\b|\bax\.")
STATIC_NOTE_START = "Buttons respond when this page runs live"
CARD_BY_NAME = {card.name: card for card in full_deck()}


@dataclass
class Results:
    passed: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)

    def check(self, ok: bool, what: str, why: str = "") -> bool:
        if ok:
            self.passed.append(what)
            print(f"ok   {what}", flush=True)
        else:
            self.failed.append(what)
            print(f"FAIL {what}" + (f"\n       - {why}" if why else ""), flush=True)
        return ok


# --- the static pages and their "Try it live" controls ------------------------------------------


def live_links(root: Path) -> dict[str, str]:
    """Book page (relative path) -> href of its "Try it live" control, for every page that has one."""
    links = {}
    for page in sorted(root.rglob("*.html")):
        if "lite" in page.relative_to(root).parts[:1] or "_static" in page.parts:
            continue
        match = re.search(r'<a class="crib-live-button" href="([^"]+)"', page.read_text(encoding="utf-8"))
        if match:
            links[page.relative_to(root).as_posix()] = match.group(1).replace("&amp;", "&")
    return links


def check_controls(root: Path, results: Results) -> dict[str, str]:
    """Every page with widgets has the control; every control names a notebook of the live site."""
    links = live_links(root)
    results.check(bool(links), "some chapters offer 'Try it live'", f"no crib-live-button under {root}")
    for page in sorted(root.rglob("*.html")):
        rel = page.relative_to(root).as_posix()
        if rel.startswith(("lite/", "_static/")):
            continue
        if f'type="{WIDGET_VIEW}"' in page.read_text(encoding="utf-8"):
            results.check(rel in links, f"{rel}: shows widgets and offers 'Try it live'",
                          "the page has widgets but no live control")
    for rel, href in links.items():
        parts = urlsplit(href)
        app = (root / rel).parent / parts.path
        notebook = parse_qs(parts.query).get("path", [""])[0]
        held = root / "lite" / "files" / notebook
        results.check(app.resolve().is_file() and held.is_file(), f"{rel}: live control leads to {notebook}",
                      f"missing {app.resolve()} or {held}")
    return links


def chapter_using(root: Path, links: dict[str, str], name: str) -> str | None:
    """The first live chapter whose notebook builds the widget ``name``."""
    for rel, href in links.items():
        notebook = parse_qs(urlsplit(href).query).get("path", [""])[0]
        path = root / "lite" / "files" / notebook
        if path.is_file() and re.search(rf"\b{name}\s*\(", path.read_text(encoding="utf-8")):
            return rel
    return None


# --- driving JupyterLite -------------------------------------------------------------------------


def open_live(page: Page, base: str, rel: str) -> Page:
    """Open a book page and press its "Try it live" control; return the tab with the notebook."""
    page.goto(urljoin(base, rel), wait_until="load")
    with page.context.expect_page() as popup:
        page.click("a.crib-live-button")
    live = popup.value
    page.close()  # the book page stays behind; the live tab must be the visible one
    live.bring_to_front()
    live.wait_for_selector(".jp-Notebook .jp-Cell", timeout=120_000)
    return live


def _cell_states(live: Page) -> list[dict]:
    """For each code cell: its prompt ('[3]:', '[*]:', '[ ]:') and its error output, if any."""
    return live.evaluate(
        """(error) => Array.from(document.querySelectorAll('.jp-Notebook .jp-CodeCell')).map((cell) => {
             const prompt = cell.querySelector('.jp-InputPrompt');
             const err = Array.from(cell.querySelectorAll(error))
               .find((e) => e.innerText.includes('Traceback'));
             const code = cell.querySelector('.jp-InputArea-editor');
             return {prompt: prompt ? prompt.textContent.trim() : '', error: err ? err.innerText : '',
                     code: code ? code.innerText : ''};
           })""", ERROR_OUTPUT)


def run_all(live: Page) -> tuple[int, list[str], list[str]]:
    """Run > Run All Cells from the menu; wait until every code cell has run.

    Returns (code cells, errors, chart cells that could not load matplotlib). Charts need Pyodide
    packages that only the Pyodide CDN has (see lite/README.md), so with no network a chart cell
    stops the run; the check then runs the cells below it (Run Selected Cell and All Below), so
    every other cell is still checked offline.
    """
    # The kernel starts by itself (lite/overrides.json: autoStartDefaultKernel); its name shows when ready.
    live.wait_for_selector(".jp-KernelName:has-text('Pyodide')", timeout=KERNEL_TIMEOUT_MS)
    live.get_by_role("menuitem", name="Run", exact=True).click()
    live.get_by_role("menuitem", name="Run All Cells", exact=True).click()
    errors: list[str] = []
    charts: list[str] = []
    seen = 0
    while True:
        # Done when every code cell has its number, or when one more error stopped the run.
        live.wait_for_function(
            """([error, seen]) => {
              const cells = Array.from(document.querySelectorAll('.jp-Notebook .jp-CodeCell'));
              const prompt = (c) => c.querySelector('.jp-InputPrompt').textContent;
              const numbered = cells.every((c) => /\\[\\d+\\]/.test(prompt(c)));
              const tracebacks = Array.from(document.querySelectorAll(error))
                .filter((e) => e.innerText.includes('Traceback'));
              return numbered || tracebacks.length > seen;
            }""", arg=[ERROR_OUTPUT, seen], timeout=KERNEL_TIMEOUT_MS, polling=500)
        states = _cell_states(live)
        failed = [i for i, state in enumerate(states) if state["error"]]
        if len(failed) <= seen:
            return len(states), errors, charts
        seen = len(failed)
        index = failed[-1]
        text = states[index]["error"].strip()
        missing = re.search(r"No module named '(matplotlib|numpy)'", text)
        # a later chart cell uses what the first one failed to import (plt, a figure, ...)
        later = charts and "NameError" in text and CHART_CODE.search(states[index]["code"])
        if not (missing or later):
            errors.append(f"cell {index + 1}: {text[-600:]}")
            return len(states), errors, charts
        charts.append(str(index + 1))
        rest = [i for i, state in enumerate(states) if i > index and state["prompt"] in ("[ ]:", "[ ]")]
        if not rest:
            return len(states), errors, charts
        # Make that cell the active one (click into its editor, then leave edit mode), run from there.
        live.locator(".jp-Notebook .jp-CodeCell").nth(rest[0]).locator(".jp-InputArea-editor").click()
        live.keyboard.press("Escape")
        live.get_by_role("menuitem", name="Run", exact=True).click()
        live.get_by_role("menuitem", name="Run Selected Cell and All Below", exact=True).click()


def widget_output(live: Page, title: str):
    """The first rendered widget output whose text contains ``title``."""
    area = live.locator(".jp-OutputArea-output .widget-vbox, .jp-OutputArea-output .jupyter-widgets")
    return area.filter(has_text=title).first


def expected_first_step(label: str, starter: str) -> str | None:
    """The engine's first words of the count for a hand shown as 'Hand: five of hearts, ...'."""
    kind, names = label.split(":", 1)
    hand = [CARD_BY_NAME[n.strip()] for n in names.split(",")]
    steps = score_hand(hand, CARD_BY_NAME[starter], crib=kind.strip() == "Crib").steps()
    return steps[0][0] if steps else None


def check_counting_trainer(live: Page, results: Results, rel: str, notebook_text: str = "") -> None:
    trainer = widget_output(live, "Count it for me")
    if not results.check(trainer.count() == 1, f"{rel} live: the counting trainer is drawn",
                         "no widget with a 'Count it for me' button"):
        return
    trainer.scroll_into_view_if_needed()
    hand = trainer.locator('[aria-label^="Hand: "], [aria-label^="Crib: "]').first
    label = hand.get_attribute("aria-label")
    starter = trainer.locator(".crib-slot [role=img]").first.get_attribute("aria-label")
    words = expected_first_step(label, starter)
    element = trainer.element_handle()  # the button's words change with the click: hold the widget itself
    before = element.inner_text()
    trainer.get_by_role("button", name="Count it for me").click()
    live.wait_for_function("([el, before]) => el.innerText !== before", arg=[element, before],
                           timeout=30_000, polling=250)
    after = element.inner_text()
    results.check(STATIC_NOTE_START not in after and (words is None or words in after),
                  f"{rel} live: 'Count it for me' answers with the engine's first step ({words!r})",
                  f"after the click the trainer shows: {after[:300]!r}")


def _mirror_table(notebook_text: str):
    """The chapter's first GameTable made here by the engine, with the same arguments (or None)."""
    from crib_widgets.widgets import GameTable

    cells = json.loads(notebook_text)["cells"]
    code = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "code")
    match = re.search(r"\bGameTable\(([^()]*)\)", code)
    try:
        return eval(f"GameTable({match.group(1)})", {"GameTable": GameTable}) if match else None
    except Exception:  # arguments that name the page's variables: compare nothing, still play
        return None


def check_game_table(live: Page, results: Results, rel: str, notebook_text: str = "") -> None:
    """Throw two cards to the crib and lay cards (or say go) three times, as a learner would.

    The same game runs here with the chapter's arguments (the seed fixes the deal and the computer's
    choices); after each click the live table must say what the engine's table says.
    """
    table = widget_output(live, "Cribbage game table")
    if not results.check(table.count() == 1, f"{rel} live: the game table is drawn",
                         "no widget titled 'Cribbage game table'"):
        return
    element = table.element_handle()
    mirror = _mirror_table(notebook_text)

    def text() -> str:
        return " ".join(element.inner_text().split())

    def click(button, expected: str | None) -> None:
        before = text()
        button.click()
        if expected:
            want = " ".join(expected.split())
            live.wait_for_function("([el, want]) => el.innerText.replace(/\\s+/g, ' ').includes(want)",
                                   arg=[element, want], timeout=30_000, polling=250)
        else:
            live.wait_for_function("([el, before]) => el.innerText.replace(/\\s+/g, ' ') !== before",
                                   arg=[element, before], timeout=30_000, polling=250)

    def card(name: str):
        return table.locator(f'button[title="{name}"]:visible:not([disabled])').first

    moves = []
    try:
        if mirror is not None:
            hand = [b.tooltip for b in mirror.picker.buttons]
            shown = [table.locator(f'button[title="{n}"]:visible').count() for n in hand]
            results.check(all(shown), f"{rel} live: the table deals the engine's hand ({', '.join(hand)})",
                          f"cards on screen: {text()[:300]!r}")
            throw = hand[:2]
        else:
            titles = table.locator("button[title]:visible").evaluate_all("(bs) => bs.map((b) => b.title)")
            throw = [t for t in titles if re.fullmatch(r"\w+ of (clubs|diamonds|hearts|spades)", t)][:2]
        for name in throw:
            card(name).click()
            if mirror is not None:
                next(b for b in mirror.picker.buttons if b.tooltip == name).value = True
        if mirror is not None:
            mirror.lay_button.click()
        click(table.get_by_role("button", name="Lay in the crib"),
              mirror.status_text if mirror is not None else None)
        moves.append("threw " + " and ".join(throw))
        for _ in range(3):
            if mirror is not None:
                if mirror.game.phase != "play" or mirror.paused:
                    break
                enabled = [b for b in mirror.picker.buttons if not b.disabled]
                if enabled:
                    name = enabled[0].tooltip
                    enabled[0].click()
                    click(card(name), mirror.status_text)
                    moves.append(f"laid {name}")
                else:
                    mirror.go_button.click()
                    click(table.get_by_role("button", name="Go", exact=True), mirror.status_text)
                    moves.append("said go")
            else:
                titles = table.locator("button[title]:visible:not([disabled])").evaluate_all(
                    "(bs) => bs.map((b) => b.title)")
                names = [t for t in titles if re.fullmatch(r"\w+ of (clubs|diamonds|hearts|spades)", t)]
                if not names:
                    break
                click(card(names[0]), None)
                moves.append(f"laid {names[0]}")
        results.check(len(moves) >= 3, f"{rel} live: played {', '.join(moves)}"
                      + (" — the table said what the engine says after each" if mirror is not None else ""),
                      "the game stopped asking for cards")
    except Exception as exc:
        results.check(False, f"{rel} live: a few moves of the game",
                      f"after {moves}: {type(exc).__name__}: {exc}")


def check_chapter(browser, base: str, root: Path, rel: str, href: str, results: Results, shots: Path,
                  play=None) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    outside: list[str] = []
    failed: list[str] = []
    local = (base, "data:", "blob:", "about:")
    context.on("request", lambda r: r.url.startswith(local) or outside.append(r.url))
    context.on("requestfailed", lambda r: failed.append(f"{r.url} ({r.failure})"))
    context.on("response", lambda r: r.status >= 400 and failed.append(f"HTTP {r.status} {r.url}"))
    notebook = parse_qs(urlsplit(href).query).get("path", [""])[0]
    notebook_text = (root / "lite" / "files" / notebook).read_text(encoding="utf-8")
    start = time.monotonic()
    charts: list[str] = []
    try:
        live = open_live(context.new_page(), base, rel)
        cells, errors, charts = run_all(live)
        results.check(not errors, f"{rel} live: Run All Cells runs its {cells} code cells without an error "
                      f"({time.monotonic() - start:.0f} s)", "; ".join(errors))
        if play:
            play(live, results, rel, notebook_text)
        live.screenshot(path=str(shots / (Path(rel).stem + ".png")), full_page=True)
    except Exception as exc:  # a timeout or a missing element: say which chapter and what
        results.check(False, f"{rel} live: opens, runs and responds", f"{type(exc).__name__}: {exc}")
        if context.pages:
            context.pages[-1].screenshot(path=str(shots / (Path(rel).stem + "-failed.png")), full_page=True)
    finally:
        context.close()
    if charts:
        # Only the Pyodide CDN, and only for packages the site does not hold (numpy, matplotlib, ...).
        cdn = [u for u in outside if urlsplit(u).path.startswith("/pyodide/") and u.endswith(".whl")]
        numbers = ", ".join(charts)
        which = f"chart cells {numbers} need" if len(charts) > 1 else f"chart cell {numbers} needs"
        print(f"note {rel} live: {which} matplotlib from the Pyodide CDN; "
              f"offline it cannot load ({len(set(cdn))} packages asked for); every other cell ran",
              flush=True)
        outside = [u for u in outside if u not in cdn]
        failed = [f for f in failed if not any(f.startswith(u) for u in cdn)]
    results.check(not outside, f"{rel} live: no request leaves the site", ", ".join(outside[:5]))
    results.check(not failed, f"{rel} live: every request of the site succeeds", ", ".join(failed[:5]))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site", nargs="?", default="_build/html", help="the built book (default _build/html)")
    parser.add_argument("--screenshots", default="_build/screenshots/live", help="folder for the PNGs")
    parser.add_argument("--chromium", default=os.environ.get("CHROMIUM", "/usr/bin/chromium"))
    parser.add_argument("--all", action="store_true", help="also run every other live chapter")
    parser.add_argument("--only", nargs="+", metavar="PAGE", help="run only these pages live (book/x.html)")
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
    links = check_controls(root, results)
    plans = {}
    for widget, play in [("CountingTrainer", check_counting_trainer), ("GameTable", check_game_table)]:
        rel = chapter_using(root, links, widget)
        if results.check(rel is not None, f"a live chapter shows the {widget}",
                         "none of the live notebooks does"):
            plans[rel] = play if rel not in plans else _both(plans[rel], play)
    if args.all:
        plans.update({rel: None for rel in links if rel not in plans})
    if args.only:
        plans = {rel: plans.get(rel) for rel in args.only}

    server, base = serve(root)
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=args.chromium, args=CHROMIUM_FLAGS)
            for rel, play in plans.items():
                check_chapter(browser, base, root, rel, links[rel], results, shots, play)
            browser.close()
    finally:
        server.shutdown()
    print(f"\nlive: {len(results.passed)} passed, {len(results.failed)} failed")
    return 1 if results.failed else 0


def _both(first, second):
    def play(live, results, rel, notebook_text):
        first(live, results, rel, notebook_text)
        second(live, results, rel, notebook_text)
    return play


if __name__ == "__main__":
    sys.exit(main())
