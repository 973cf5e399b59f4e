"""A student reaches their set from paper: the set code, a student code and their name (issue 37 items 3, 9).

1. A class of three is made in Python ("García, María" on a "Last, First" list, checking allowed);
2. headless Chromium (Debian's, through Playwright; every host but 127.0.0.1 unreachable) opens the
   built site's page *Your assignment* with no link at 390 px, as a phone would, and types the codes
   from María's slip: a typo in the student code and a classmate's name are each refused in words
   before any cards are shown; "María García" (the natural order) opens her own set;
3. the screen-reader run: after Start the focus is in question 1's box, each box is named by its
   question ("Question 2: Your answer") and each Check button too ("Check question 2");
4. María answers every question, checks the first (right, with *Hear the count* beside it), and
   downloads her results file, which `read_results` grades as María's with her answers;
5. the short link itself (``#set=...&code=...``, as a typed address would open it) asks only for
   the name; the same link with a letter changed says it is damaged and shows no cards.

Exit status 0 when all of it holds, 1 otherwise. Screenshots go to --screenshots.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent))
from check_site import CHROMIUM_FLAGS, serve

from crib_widgets.exercises.assign import Assignment
from crib_widgets.exercises.results import read_results
from crib_widgets.exercises.short import short_link, student_code

NETWORK_OFF = "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"
CLASS = Assignment("counting", "easy", 3, 7, ("García, María", "Ben Smith", "Zoë O'Neil"), secret="7c" * 16)
MARIA = "García, María"
PYTHON_WAIT = 180_000  # ms: the first start of the page's Python on a cold tab


def _typo(code: str) -> str:
    body = code.replace("-", "")
    swap = "7" if body[4] != "7" else "8"
    return body[:4] + swap + body[5:]


def _focused(tab) -> str:
    """The id (or tag) of the element with the keyboard focus."""
    return tab.evaluate("document.activeElement && (document.activeElement.id || "
                        "document.activeElement.tagName)")


def run(site: Path, shots: Path, chromium: str) -> list[str]:
    problems: list[str] = []
    server, base = serve(site)
    code = student_code(CLASS, MARIA)
    answers = [str(e.solution().answer) for e in CLASS.student_set(MARIA)]
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium, args=[*CHROMIUM_FLAGS, NETWORK_OFF])
            context = browser.new_context(viewport={"width": 390, "height": 800}, accept_downloads=True)
            tab = context.new_page()
            tab.goto(base + "book/assignment.html")
            tab.fill("#ca-code", CLASS.code)
            for typed_code, name, expected in ((_typo(code), "María García", "typo"),
                                               (code, "Ben Smith", "does not go with this student code")):
                tab.fill("#ca-scode", typed_code)
                tab.fill("#ca-pname", name)
                tab.click("text=Open my set")
                said = tab.locator(".ca-start .ca-msg").inner_text()
                if expected not in said:
                    problems.append(f"{typed_code} with {name}: expected '{expected}', the page said "
                                    f"{said!r}")
                box = "ca-scode" if expected == "typo" else "ca-pname"  # the box to correct has the focus
                if _focused(tab) != box:
                    problems.append(f"{typed_code} with {name}: the focus is on {_focused(tab)!r}, not {box}")
            tab.fill("#ca-scode", code.lower().replace("-", " "))
            tab.fill("#ca-pname", "María García")
            tab.click("text=Open my set")
            tab.wait_for_selector("#ca-q1-answer", timeout=PYTHON_WAIT)
            focused = tab.evaluate("document.activeElement && document.activeElement.id")
            if focused != "ca-q1-answer":
                problems.append(f"after the set opened the focus is on {focused!r}, not question 1's box")
            name = tab.get_by_role("textbox", name="Question 2: Your answer")
            if name.count() != 1:
                problems.append("question 2's box is not named 'Question 2: Your answer'")
            if tab.get_by_role("button", name="Check question 2").count() != 1:
                problems.append("question 2's Check button is not named 'Check question 2'")
            for number, answer in enumerate(answers, 1):
                tab.fill(f"#ca-q{number}-answer", answer)
            tab.click("#ca-q1 button.ca-button")
            tab.wait_for_selector("#ca-q1 .ca-right", timeout=PYTHON_WAIT)
            try:
                tab.wait_for_selector("#ca-q1 .crib-voice-play", timeout=30_000)
                if tab.get_by_role("button", name="Hear the count of question 1").count() != 1:
                    problems.append("question 1's voice button is not named 'Hear the count of question 1'")
            except Exception:  # a timeout: said as a problem
                problems.append("a hand counted right has no 'Hear the count' beside it")
            tab.screenshot(path=str(shots / "short-390.png"), full_page=True)
            with tab.expect_download() as got:
                tab.click("text=Download my results file")
            text = Path(got.value.path()).read_text(encoding="utf-8")
            try:
                handed = read_results(CLASS, text, "results file")
                if handed.student != MARIA or handed.answers != answers:
                    problems.append(f"graded as {handed.student} with {handed.answers}, not María's "
                                    f"{answers}")
            except Exception as error:  # the grade's sentence is the problem
                problems.append(f"the results file from the student code was not graded: {error}")

            tab = context.new_page()
            tab.goto(base + short_link(CLASS, "Zoë O'Neil"))
            tab.wait_for_selector("#ca-name")
            if _focused(tab) != "ca-name":  # issue 37: was 43 Tabs away
                problems.append(f"the short link opened with the focus on {_focused(tab)!r}, not the name "
                                "box")
            tab.fill("#ca-name", "Ben Smith")
            tab.click("#crib-assignment .ca-start button")
            tab.wait_for_function("document.querySelector('.ca-start .ca-msg').textContent")
            if _focused(tab) != "ca-name":
                problems.append(f"after a name refused the focus is on {_focused(tab)!r}, not the name box")
            tab.fill("#ca-name", "zoë o'neil")
            tab.keyboard.press("Enter")
            tab.wait_for_selector("#ca-q1-answer", timeout=PYTHON_WAIT)
            heading = tab.locator(".ca-header h2").inner_text()
            if "zoë o'neil" not in heading.casefold():
                problems.append(f"the short link opened {heading!r}, not Zoë's set")
            tab = context.new_page()  # the same link with a letter changed on the way
            link = short_link(CLASS, "Zoë O'Neil")
            tab.goto(base + link[:-1] + ("A" if link[-1] != "A" else "B"))
            tab.fill("#ca-name", "Zoë O'Neil")
            tab.keyboard.press("Enter")
            said = tab.locator("#crib-assignment").inner_text()
            if "This short link is damaged" not in said or tab.locator("#ca-q1-answer").count():
                problems.append(f"a short link with a letter changed said {said[:120]!r}")
            browser.close()
    finally:
        server.shutdown()
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site", nargs="?", default="_build/html")
    parser.add_argument("--screenshots", default="_build/screenshots/short")
    parser.add_argument("--chromium", default=os.environ.get("CHROMIUM", "/usr/bin/chromium"))
    args = parser.parse_args(argv)
    shots = Path(args.screenshots)
    shots.mkdir(parents=True, exist_ok=True)
    problems = run(Path(args.site), shots, args.chromium)
    for line in problems:
        print(f"short links: {line}")
    print("short links: " + ("ok" if not problems else f"{len(problems)} problem(s)"))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
