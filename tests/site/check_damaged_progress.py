"""Tried as a careless learner and a hostile one: damaged progress kept in this browser never stops the
book's Python from starting, nor a widget from drawing (issue 38).

For each damage (half a character, raw or escaped; a NUL; a day past the calendar's end; text that is
not JSON at all), a fresh browser profile has it in its storage (``crib-progress``) before the page's
scripts run; chapter 4 is opened and its counting trainer must come alive and answer a count, and the
progress is then saved again, readable (the damaged text kept aside under ``crib-progress-damaged``
when the page's Python could not read all of it). Then, with the browser's storage full
(``QuotaExceededError`` on every save), an answer must be said not kept, in words, beside the widget.

Exit status 0 when all of it holds. Run on the built book: ``.venv/bin/python
tests/site/check_damaged_progress.py [_build/html]`` (``run_all.py`` runs it).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent))
from check_live import CHROMIUM_FLAGS, LIVE_TIMEOUT_MS, Results, serve
from check_site import DRAW_EVERY_WIDGET

KEY = "crib-progress"  # crib_widgets.lessons.kept.KEY
PAGE = "book/04_the_whole_show.html"
TITLE = "Counting trainer"
LIVE = ".crib-live-view:not(.crib-live-hidden)"
ANSWER = {"id": "d1-1", "day": "2026-12-02", "lesson": "counting", "position": "5H 5D 5S JC | 5C",
          "attempt": 1, "hinted": False, "given": "28", "results": [["a right count", False]]}


def _document(given: str = "28", daily: tuple[str, ...] = ("2026-12-02",)) -> str:
    answers = [ANSWER, {**ANSWER, "id": "d1-2", "given": given}]
    return json.dumps({KEY: 1, "device": "d1", "next": 3, "answers": answers, "daily": list(daily)},
                      ensure_ascii=False)


DAMAGES = {  # what: the text kept (as JavaScript gets it: raw characters stay raw)
    "half a character, raw": _document("2\ud800"),
    "half a character, escaped": _document("2").replace('"given": "2"', '"given": "\\ud800"'),
    "a NUL, raw": _document("2\x00"),
    "a day past the calendar's end": _document(daily=("9999-12-31",)),
    "text that is not JSON": '{"crib-progress": 1, "answers": [',
}
SEED = """([key, text]) => {
  if (sessionStorage.getItem('seeded')) return;
  sessionStorage.setItem('seeded', '1');
  localStorage.setItem(key, text);
}"""
FULL = """
Storage.prototype.setItem = function () {
  throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
};
"""


def _seed_script(text: str) -> str:
    return f"({SEED})({json.dumps([KEY, text])});"


def answer_once(tab, base: str):
    """Chapter 4's counting trainer, alive, after one Check; the widget."""
    tab.goto(base + PAGE)
    tab.evaluate(DRAW_EVERY_WIDGET, 30_000)  # each snapshot is drawn as the reader nears it
    tab.locator(".crib-live-output").filter(has_text=TITLE).first.scroll_into_view_if_needed()
    widget = tab.locator(LIVE).filter(has_text=TITLE).first
    widget.wait_for(timeout=LIVE_TIMEOUT_MS)
    widget.get_by_role("button", name="Check", exact=True).click()
    widget.locator(".crib-status").filter(has_text="Not quite").or_(
        widget.locator(".crib-status").filter(has_text="Right")).first.wait_for(timeout=60_000)
    return widget


def check_damage(browser, base: str, what: str, text: str, results: Results) -> None:
    context = browser.new_context(service_workers="block")
    context.add_init_script(_seed_script(text))
    tab = context.new_page()
    try:
        answer_once(tab, base)
        tab.wait_for_function(f"(old) => localStorage.getItem('{KEY}') !== old", arg=text, timeout=60_000)
        kept = tab.evaluate(f"() => localStorage.getItem('{KEY}')")
        aside = tab.evaluate(f"() => localStorage.getItem('{KEY}-damaged')")
        readable = json.loads(kept)
        results.check(bool(readable.get("answers")),
                      f"{what}: Python starts, the trainer answers and its answer is kept", kept[:120])
        results.check(aside == text, f"{what}: the damaged text is kept aside", str(aside)[:80])
    except Exception as error:  # the page's own words, not a traceback, are the finding
        badge = tab.locator(".crib-live-badge, .crib-status").all_inner_texts()
        results.check(False, f"{what}: Python starts and the trainer answers",
                      f"{type(error).__name__}: {str(error)[:120]}; the page says {badge[:3]}")
    finally:
        context.close()


def check_full(browser, base: str, results: Results) -> None:
    context = browser.new_context(service_workers="block")
    context.add_init_script(FULL)
    tab = context.new_page()
    try:
        answer_once(tab, base)
        note = tab.locator(".crib-kept-note")
        note.wait_for(timeout=30_000)
        said = note.inner_text()
        results.check("storage for the book is full" in said and note.get_attribute("role") == "status",
                      "storage full: an answer not kept is said in words beside the widget", said[:120])
    except Exception as error:
        results.check(False, "storage full: said in words", f"{type(error).__name__}: {str(error)[:160]}")
    finally:
        context.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("site", type=Path, nargs="?",
                        default=Path(__file__).resolve().parents[2] / "_build" / "html")
    args = parser.parse_args(argv)
    results = Results()
    server, base = serve(args.site)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_FLAGS)
            for what, text in DAMAGES.items():
                check_damage(browser, base, what, text, results)
            check_full(browser, base, results)
            browser.close()
    finally:
        server.shutdown()
    return 1 if results.failed else 0


if __name__ == "__main__":
    sys.exit(main())
