"""Answers are judged only when the learner asks, and as the box shows them (issue 36, items 1 and 5).

On the built book, served locally, in Debian's Chromium with no network but 127.0.0.1:

- chapter 04's counting trainer, on a 390 px phone by touch, once live: a box opens the phone's
  number keys; a number typed in the last box on show and the box left (a tap elsewhere, as
  closing a phone's keyboard does) checks nothing and keeps nothing in the browser; Check then
  judges it once, and Check again keeps nothing more; Enter in an earlier box goes on to the next
  box, and Enter in the last one checks;
- a race on the live page: an answer box whose Python is busy with every keystroke (0.6 s each),
  "12" typed fast, then Enter, and again with a press of Check: what is judged is "12" both times
  (before crib-answer.js, ipywidgets sent the press ahead of the held text and "1" was judged).

    python tests/site/check_answers.py _build/html

Exit status 0 when every check passes.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import sync_playwright

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from check_live import CHROMIUM_FLAGS, LIVE_TIMEOUT_MS, PHONE, Results, serve  # noqa: E402

TRAINER_PAGE = "book/04_the_whole_show.html"
TALLY = "Counted right first time"
# A box and its Check, with Python busy for 0.6 s on every keystroke: the race of item 5.
RACE = '''
import time
import ipywidgets as widgets
from crib_widgets.widgets.answer_box import AnswerBox, mark_check
judged = []
box = AnswerBox(description="Points:")
check = mark_check(widgets.Button(description="Check"))
said = widgets.HTML("")
box.observe(lambda _: time.sleep(0.6), names="value")
def judge(*_):
    judged.append(box.value)
    said.value = "judged:" + "|".join(judged)
check.on_click(judge)
box.on_enter(judge)
race = widgets.VBox([widgets.HBox([box, check]), said])
race.add_class("crib-root")
race
'''


def waited(tab, script: str, timeout_ms: int = 30_000) -> bool:
    """Whether ``script`` came true in time (a check that fails says so instead of stopping)."""
    try:
        tab.wait_for_function(script, timeout=timeout_ms)
    except PlaywrightTimeout:
        return False
    return True


def answers_kept(tab) -> int:
    """How many answers this browser keeps (the page saves the progress in localStorage)."""
    text = tab.evaluate("() => localStorage.getItem('crib-progress') || ''")
    return len(json.loads(text).get("answers", [])) if text else 0


def live_trainer(tab):
    tab.wait_for_function("() => window.cribLive && window.cribLive.state === 'ready'",
                          timeout=LIVE_TIMEOUT_MS)
    trainer = tab.locator(".crib-live-view", has_text=TALLY).first
    trainer.wait_for(timeout=LIVE_TIMEOUT_MS)
    return trainer


def shown_boxes(trainer) -> list:
    """The trainer's answer boxes on show (not the voice's controls), in page order."""
    boxes = trainer.locator(".widget-text input, .widget-inline-hbox input[type=number]").all()
    return [b for b in boxes if b.is_visible()]


def check_button(trainer):
    return trainer.get_by_role("button", name="Check", exact=True)


def open_trainer(browser, base: str):
    """Chapter 04 on a phone, its counting trainer live: (context, tab, trainer)."""
    context = browser.new_context(**PHONE)
    tab = context.new_page()
    tab.goto(base + TRAINER_PAGE + "?crib-live-start=view")
    tab.evaluate("() => window.cribLive.start()")
    return context, tab, live_trainer(tab)


def kept_within(tab, count: int, timeout_ms: int = 30_000) -> bool:
    """Whether the browser comes to keep ``count`` answers in time (the page saves what Python
    writes a moment after the tally shows it, later on a busy machine)."""
    return waited(tab, f"() => {{ const t = localStorage.getItem('crib-progress'); "
                       f"return !!t && (JSON.parse(t).answers || []).length === {count}; }}", timeout_ms)


def tally_reads(words: str) -> str:
    """A script true once the trainer's tally reads ``words`` ("of 1")."""
    return f"() => document.body.innerText.split({TALLY!r})[1]?.includes({words!r})"


def check_trainer(tab, trainer, results: Results) -> None:
    trainer.scroll_into_view_if_needed()
    boxes = shown_boxes(trainer)
    last = boxes[-1]
    last.tap()
    keys = last.get_attribute("inputmode")
    results.check(keys == "numeric", "04, phone: a points box opens the number keys", f"inputmode {keys!r}")
    last.fill("3")
    trainer.locator(".crib-tally").tap()  # leave the box, as a tap elsewhere or a closed keyboard does
    time.sleep(2.5)  # what a blur would have judged shows by now (a check that nothing came)
    status = trainer.locator(".crib-status").inner_text()
    tally = trainer.locator(".crib-tally").inner_text()
    results.check("Not quite" not in status and "Right" not in status and "0 of 0" in tally
                  and answers_kept(tab) == 0,
                  "04, phone: a number typed in the last box and the box left checks nothing, keeps nothing",
                  f"status {status!r}, tally {tally!r}, answers kept {answers_kept(tab)}")
    check_button(trainer).tap()
    judged = waited(tab, tally_reads("of 1")) and kept_within(tab, 1)
    kept = answers_kept(tab)
    check_button(trainer).tap()
    time.sleep(2.5)  # a second answer kept would show by now
    tally = trainer.locator(".crib-tally").inner_text()
    results.check(judged and kept == 1 and answers_kept(tab) == 1 and "of 1" in tally,
                  "04, phone: Check judges the hand once; Check again keeps nothing more",
                  f"answers kept {kept}, then {answers_kept(tab)}; tally {tally!r}")
    trainer.get_by_role("button", name="Next hand").tap()
    # the new hand is on show once every box is empty again
    trainer.locator("input").first.wait_for()
    waited(tab, "() => [...document.querySelectorAll('.crib-live-view input')]"
                ".filter((b) => b.offsetParent).every((b) => b.value === '')")
    boxes = shown_boxes(trainer)
    boxes[0].tap()
    boxes[0].fill("2")
    boxes[0].press("Enter")
    moved = True
    if len(boxes) > 1:  # focus moves in the page's own script, at once unless the machine is busy
        moved = boxes[1].evaluate("""(el) => new Promise((done) => {
            const start = Date.now();
            const look = () => (el === document.activeElement || Date.now() - start > 10000
              ? done(el === document.activeElement) : setTimeout(look, 100));
            look(); })""")
    time.sleep(1.5)  # an answer judged by that Enter would show by now
    tally = trainer.locator(".crib-tally").inner_text()
    results.check(moved and "of 1" in tally,
                  "04: Enter in an earlier box goes on to the next box and checks nothing",
                  f"focus moved {moved}, tally {tally!r}")
    boxes[-1].focus()
    boxes[-1].press("Enter")
    judged = waited(tab, tally_reads("of 2")) and kept_within(tab, 2)
    results.check(judged, "04: Enter in the last box checks", f"answers kept {answers_kept(tab)}")


def race(browser, base: str, how: str) -> str:
    tab = browser.new_page()
    tab.goto(base + TRAINER_PAGE + "?crib-live-start=never")
    tab.evaluate("() => window.cribLive.start()")
    tab.wait_for_function("() => window.cribLive.state === 'ready'", timeout=LIVE_TIMEOUT_MS)
    tab.evaluate("() => { const d = document.createElement('div'); d.className = 'crib-live-view'; "
                 "d.id = 'race'; document.body.prepend(d); }")
    shown = tab.evaluate("async (code) => { const r = await window.cribLive.display(code, "
                         "document.getElementById('race')); return r.error ? r.error.evalue : 'ok'; }", RACE)
    if shown != "ok":
        tab.close()
        return f"(the race widget could not be made: {shown})"
    box = tab.locator("#race input")
    box.click()
    box.press_sequentially("12", delay=30)
    if how == "Enter":
        box.press("Enter")
    else:
        tab.locator("#race button").click()
    waited(tab, "() => document.getElementById('race').textContent.includes('judged:')")
    time.sleep(2.0)  # anything judged late shows too
    judged = tab.locator("#race").inner_text().split("judged:")[-1].strip()
    tab.close()
    return judged


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site", type=Path, nargs="?", default=Path("_build/html"))
    args = parser.parse_args(argv)
    results = Results()
    server, base = serve(args.site.resolve())
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_FLAGS)
            context, tab, trainer = open_trainer(browser, base)
            check_trainer(tab, trainer, results)
            context.close()
            for how in ("Enter", "Check"):
                judged = race(browser, base, how)
                results.check(judged == "12",
                              f"'12' typed while Python is busy, then {how}: '12' is judged, once",
                              f"judged {judged!r}")
            browser.close()
    finally:
        server.shutdown()
    print(f"{len(results.passed)} passed, {len(results.failed)} failed")
    return 1 if results.failed else 0


if __name__ == "__main__":
    sys.exit(main())
