"""Play the counting voice on the built static site in headless Chromium, as a learner would.

On chapter 06 ("Counting aloud") and the Muggins chapter, served from a local web server with every
other host unreachable:
- nothing plays by itself: after the page loads every audio element is paused and the phrase bank
  has not even been fetched;
- each "Count aloud" player is shown (the site script unhides it);
- each example of chapter 06's "Counting aloud" section plays: a click fetches the bank from the
  site, the audio element plays to its end, the steps light up in order (data-step 0, 1, ...), the
  lit cards are the step's cards and the running total shown is the step's total;
- the speed menu and the voice switch are remembered across a reload (localStorage), and with
  the voice off a click steps the count on screen without playing any sound;
- the counting trainer's and the Muggins quiz's players play too.

Run by ``make site-test`` after the book is built:
``python tests/site/check_voice.py _build/html [--screenshots DIR]``. Exit status 0 when all passes.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from pathlib import Path

from playwright.sync_api import Locator, Page, sync_playwright

sys.path.insert(0, str(Path(__file__).parent))
from check_site import CHROMIUM_FLAGS, DRAW_EVERY_WIDGET, serve

FLAGS = [*CHROMIUM_FLAGS, "--autoplay-policy=no-user-gesture-required", "--use-fake-ui-for-media-stream",
         "--use-fake-device-for-media-stream", "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]
SHOW = "book/04_the_whole_show.html"
MUGGINS = "book/13_muggins.html"
BANK = "crib-voice-bank.wav"

# Records, per player, the steps it showed and whether its audio played, for the checks below. The
# log hangs on the block itself, not on its place in the page: a live widget that replaces its
# snapshot while the learner clicks elsewhere moves every later block's index.
_WATCH = """
() => {
  const watch = (block) => {
    if (block.voiceLog) return;
    const log = {steps: [], played: false, ended: false, lit: [], totals: []};
    block.voiceLog = log;
    const audio = block.querySelector('audio');
    audio.addEventListener('playing', () => { log.played = true; });
    audio.addEventListener('ended', () => { log.ended = true; });
    new MutationObserver(() => {
      const step = block.getAttribute('data-step');
      if (step === null || log.steps[log.steps.length - 1] === Number(step)) return;
      log.steps.push(Number(step));
      const root = block.closest('.crib-root') || document.body;
      log.lit.push(Array.from(root.querySelectorAll('[data-card].crib-lit')).map(e => e.dataset.card).sort());
      const total = block.querySelector('.crib-voice-now .crib-count');
      log.totals.push(total ? Number(total.textContent) : null);
    }).observe(block, {attributes: true, attributeFilter: ['data-step']});
  };
  document.querySelectorAll('.crib-voice').forEach(watch);
  new MutationObserver(() => document.querySelectorAll('.crib-voice').forEach(watch))
    .observe(document.body, {childList: true, subtree: true});
}
"""


class Checks:
    def __init__(self) -> None:
        self.failed: list[str] = []
        self.passed = 0

    def __call__(self, ok: bool, what: str, why: str = "") -> bool:
        print(f"{'ok  ' if ok else 'FAIL'} {what}" + ("" if ok else f": {why}"))
        if ok:
            self.passed += 1
        else:
            self.failed.append(what)
        return ok


def _open(page: Page, url: str) -> None:
    page.goto(url, wait_until="load")
    page.wait_for_function("document.querySelectorAll('.crib-voice:not([hidden])').length > 0",
                           timeout=30_000)
    page.wait_for_timeout(500)
    page.evaluate(_WATCH)


def _live_widget(page: Page, block_selector: str) -> None:
    """On a build with live pages, the widget comes alive when it scrolls into view: wait for it,
    so the count is heard on the widget the learner then has, and watch its new player."""
    if not page.evaluate("!!window.cribLive"):
        return
    page.evaluate(DRAW_EVERY_WIDGET, 60_000)  # a widget's snapshot is drawn as the reader nears it
    # In one step in the page: the snapshot's block may be swapped for the live one at any moment.
    page.evaluate("(sel) => document.querySelector(sel).scrollIntoView({block: 'center'})", block_selector)
    page.wait_for_function("(sel) => { const b = document.querySelector(sel);"
                           " return b && b.closest('.crib-live-on') && !b.hidden; }",
                           arg=block_selector, timeout=120_000, polling=250)
    page.wait_for_timeout(300)


def _play(page: Page, block: Locator, check: Checks, name: str, *, full: bool = True) -> None:
    data = block.evaluate("b => JSON.parse(b.getAttribute('data-voice'))")
    block.scroll_into_view_if_needed()
    block.locator(".crib-voice-play").click()
    try:
        page.wait_for_function(f"b => b.voiceLog.{'ended' if full else 'played'}", arg=block.element_handle(),
                               timeout=60_000, polling=100)
    except Exception as err:
        check(False, f"{name}: the count plays", str(err).splitlines()[0])
        return
    log = block.evaluate("b => b.voiceLog")
    check(log["played"], f"{name}: the audio element played the count")
    if not full:
        return
    n = len(data["words"])
    check(log["steps"] == list(range(n)), f"{name}: the {n} steps lit in order", f"saw {log['steps']}")
    cards = [sorted(c) for c in data["cards"]]
    check(all(lit == cards[s] for s, lit in zip(log["steps"], log["lit"], strict=False)),
          f"{name}: each step lit its own cards", f"lit {log['lit']}, expected {cards}")
    check(log["totals"] == [data["totals"][s] for s in log["steps"]],
          f"{name}: the running total stepped with the words", f"saw {log['totals']}")
    seconds = block.evaluate("b => b.querySelector('audio').duration")
    wanted = data["length"] / data["rate"]
    check(abs(seconds - wanted) < 0.05, f"{name}: the clip lasts its layout's {wanted:.2f} s",
          f"audio says {seconds}")


def check_show_page(page: Page, base: str, check: Checks, shots: Path) -> None:
    fetched: list[str] = []
    page.on("request", lambda r: fetched.append(r.url))
    _open(page, base + SHOW)
    playing = page.evaluate("Array.from(document.querySelectorAll('audio')).filter(a => !a.paused).length")
    check(playing == 0, "06: nothing plays on page load", f"{playing} audio element(s) playing")
    check(not any(BANK in u for u in fetched), "06: the voice is not even fetched before a click")
    section = page.locator("#counting-aloud .cb-plain .crib-voice")
    examples = section.count()
    check(examples >= 6, "06: the 'Counting aloud' section shows a player for each example",
          f"{examples} players")
    check(page.locator(".crib-voice[hidden]").count() == 0, "06: every player is shown by the site script")
    # quicker: the speed menu set to "fast" also checks that it is remembered
    section.first.locator(".crib-voice-speed").select_option("1.5")
    for i in range(examples):
        words = section.nth(i).evaluate("b => JSON.parse(b.getAttribute('data-voice')).words.join(', ')")
        _play(page, section.nth(i), check, f"06 example {i + 1} ({words[:40]}...)")
    check(any(BANK in u for u in fetched), "06: the phrase bank came from the site itself")
    shots.mkdir(parents=True, exist_ok=True)
    section.first.scroll_into_view_if_needed()
    page.screenshot(path=str(shots / "voice_06_1280.png"))

    section.first.locator(".crib-voice-on").uncheck()
    page.reload(wait_until="load")
    _open(page, base + SHOW)
    remembered = page.locator("#counting-aloud .cb-plain .crib-voice").first
    check(not remembered.locator(".crib-voice-on").is_checked()
          and remembered.locator(".crib-voice-speed").input_value() == "1.5",
          "06: the voice switch and the speed are remembered after a reload")
    remembered.locator(".crib-voice-play").click()
    with contextlib.suppress(Exception):  # the check below says what was seen
        # the first steps come within a second or two; a busy machine may take longer
        page.wait_for_function("b => b.voiceLog.steps.length >= 2", arg=remembered.element_handle(),
                               timeout=15_000, polling=100)
    log = remembered.evaluate("b => b.voiceLog")
    check(not log["played"] and len(log["steps"]) >= 2,
          "06: with the voice off the count steps on screen without sound", f"{log}")
    remembered.locator(".crib-voice-on").check()

    widget_voice = ".jupyter-widgets .crib-voice, .widget-subarea .crib-voice"
    _live_widget(page, widget_voice)
    trainer = page.locator(widget_voice).first
    if check(trainer.count() == 1, "06: the counting trainer has a Count aloud player"):
        _play(page, trainer, check, "06 counting trainer", full=True)
    page.set_viewport_size({"width": 390, "height": 844})
    remembered.scroll_into_view_if_needed()
    page.screenshot(path=str(shots / "voice_06_390.png"))
    page.set_viewport_size({"width": 1280, "height": 900})


def check_muggins_page(page: Page, base: str, check: Checks) -> None:
    _open(page, base + MUGGINS)
    _live_widget(page, ".crib-voice")
    quiz = page.locator(".crib-voice").first
    if check(quiz.count() == 1, "13: the Muggins quiz lets you hear the computer count"):
        _play(page, quiz, check, "13 Muggins quiz", full=False)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site", nargs="?", default="_build/html")
    parser.add_argument("--screenshots", default="_build/screenshots")
    parser.add_argument("--chromium", default=os.environ.get("CHROMIUM", "/usr/bin/chromium"))
    args = parser.parse_args(argv)
    root = Path(args.site).resolve()
    if not (root / SHOW).is_file():
        print(f"no built chapter 06 in {root}: run `make book` first", file=sys.stderr)
        return 1
    server, base = serve(root)
    check = Checks()
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=args.chromium, args=FLAGS)
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            errors: list[str] = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            check_show_page(page, base, check, Path(args.screenshots))
            if (root / MUGGINS).is_file():
                check_muggins_page(page, base, check)
            check(not errors, "no JavaScript errors", "; ".join(errors[:3]))
            browser.close()
    finally:
        server.shutdown()
    print(f"voice: {check.passed} passed, {len(check.failed)} failed")
    return 1 if check.failed else 0


if __name__ == "__main__":
    sys.exit(main())
