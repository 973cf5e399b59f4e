"""A teacher assigns a set, a student does it on the built site, the teacher grades it.

1. ``crib assign`` makes a class of three (answers per kind) in a temporary folder;
2. headless Chromium (Debian's, through Playwright; every host but 127.0.0.1 unreachable) opens
   Chloé's link on the built site, types "Chlow" (refused with "did you mean Chloé?"; "Chloe",
   as people type it without the accent, is Chloé), confirms,
   answers every question (some kinds wrong on purpose, one question left blank), reloads the page
   (the answers are still there), and downloads the results file;
3. ``crib grade`` on that file, a tampered copy and a file for another set: the two bad files get one
   line each, and Chloé's report has exactly the misses per kind that were typed;
4. on a build with live Python (not CRIB_LIVE=0), Ben checks as he goes: Enter on a wrong total gets
   the engine's "Not yet", and an answer that does not add up is explained when he leaves the box;
5. links from real life (issue 24): a link cut before its end, edited (the seed changed) or damaged
   says so in words and shows no set; no stray "null" above the progress line; with --no-check the
   page does not point to the practice checker; a long one-word name does not make the 390 px page
   scroll sideways; with the browser's storage blocked the page still works and warns to download;
6. issue 25: Chloé's browser holds progress from the book; she ticks "Add my progress", the file
   carries it (the results code does not), and the report shows her stars in words; with no progress
   or storage blocked the box is disabled and says why.

Exit status 0 when all of it holds, 1 otherwise. Screenshots (1280 px and 390 px) go to --screenshots.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent))
from check_site import CHROMIUM_FLAGS, serve

from crib_widgets.exercises.assign import Assignment, load_class
from crib_widgets.exercises.results import decode_code_text, make_results
from crib_widgets.exercises.sheet import answer_kinds

NETWORK_OFF = "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"
# Chloé's progress from the book's trainers (the document the live pages keep under "crib-progress"):
# fifteens secure, runs shaky.
PROGRESS = {"crib-progress": 1, "device": "c1", "next": 10, "daily": ["2026-12-01"], "answers": [
    {"id": f"c1-{n}", "day": "2026-12-01", "lesson": "counting", "position": f"hand {n}", "attempt": 1,
     "hinted": False, "given": "4", "results": [["fifteens" if n <= 5 else "runs", n <= 5 or n % 2 == 0]]}
    for n in range(1, 10)]}
STARS = ("fifteens: secure (3 stars), 5 of last 5 first tries right",
         "runs: shaky (2 stars), 2 of last 4 first tries right")
ADD = "Add my progress from this browser"


def _progress_known(page) -> None:
    """Wait until the page's Python has said whether there is progress to add (page_payload)."""
    page.wait_for_function("!document.querySelector('#ca-add-progress-help').textContent"
                           ".startsWith('Looking for your progress')", timeout=180_000)


def _crib(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "crib_widgets.cli", *args], capture_output=True, text=True)


def _plan(assignment: Assignment) -> tuple[dict[int, dict[str, str]], dict[str, int], int]:
    """What Chloé types: per question, kind -> value; the misses per kind that makes; right answers."""
    typed, misses, right = {}, {}, 0
    offered = answer_kinds(assignment.student_set("Chloé"))  # the boxes the page shows
    for e in assignment.student_set("Chloé"):
        truth = {k: v for k, v in e.solution().by_kind().items() if k in offered}
        if e.number == len(assignment.student_set("Chloé")):
            continue  # the last question is left blank
        values = dict(truth)
        if e.number % 2 == 1:  # odd questions: one kind wrong, one point too many
            kind = "fifteen" if truth.get("fifteen") else "pair"
            values[kind] += 1
            misses[kind] = misses.get(kind, 0) + 1
        else:
            right += 1
        typed[e.number] = {k: str(v) for k, v in values.items()}
    return typed, misses, right


def _check_as_you_go(context, base: str, shots: Path) -> list[str]:
    """With the page's live Python: Enter checks a wrong total with the engine, leaving a box reads it."""
    problems = []
    klass = Assignment("counting", "easy", 2, 5, ("Ben",))
    first = klass.student_set("Ben")[1]
    page = context.new_page()
    page.goto(base + klass.link("Ben"))
    page.fill("#ca-name", "ben")
    page.keyboard.press("Enter")
    page.fill("#ca-q1-answer", str(first.solution().answer + 2))
    page.keyboard.press("Enter")
    feedback = page.locator("#ca-q1-fb")
    try:
        page.wait_for_function("document.querySelector('#ca-q1-fb').textContent.includes('Not yet')",
                               timeout=240_000)
    except Exception:
        problems.append(f"checking a wrong total did not say 'Not yet': {feedback.inner_text()!r}")
    page.fill("#ca-q2-answer", "15-2 pair 2")
    page.keyboard.press("Tab")
    try:
        page.wait_for_function("document.querySelector('#ca-q2-fb').textContent.includes('does not add up')",
                               timeout=60_000)
    except Exception:
        problems.append(f"an unreadable answer was not explained: {page.locator('#ca-q2-fb').inner_text()!r}")
    page.screenshot(path=str(shots / "check-as-you-go.png"))
    page.close()
    return problems


LONG = "Wolfeschlegelsteinhausenbergerdorffwelchevoralternwarengewissenhaftschaferswessenschafe"
_BLOCK_STORAGE = ("Object.defineProperty(window, 'localStorage', {get() { "
                  "throw new DOMException('blocked', 'SecurityError'); }});")


def _real_life_links(browser, base: str, shots: Path) -> list[str]:
    """Issue 24's links and browsers: cut, edited, damaged, no-check, a long name at 390 px, no storage."""
    problems: list[str] = []
    test = Assignment("counting", "easy", 3, 7, ("Ann", LONG), check_as_you_go=False)
    link = test.link(LONG)
    at = link.index("&q=") + 20
    broken = {"cut": (link.split("&q=")[0], "cut short"),
              "edited": (link.replace("%2F3%2F7", "%2F3%2F8", 1), "changed or damaged"),
              "damaged": (link[:at] + ("A" if link[at] != "A" else "B") + link[at + 1:],
                          "changed or damaged")}
    for label, (address, words) in broken.items():
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        page = context.new_page()
        page.goto(base + address)
        page.wait_for_selector(".ca-error", timeout=15_000)
        said = page.locator("#crib-assignment").inner_text()
        if words not in said or page.locator(".ca-question").count():
            problems.append(f"a {label} link did not say it was {words} (or showed a set): {said[:120]!r}")
        context.close()
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(base + link)
    page.fill("#ca-name", LONG)
    page.keyboard.press("Enter")
    page.wait_for_selector(".ca-progress")
    if "null" in page.locator("#crib-assignment").inner_text().split("\n"):
        problems.append("a stray 'null' is on the page")
    if page.evaluate("document.documentElement.scrollWidth") > 392:
        problems.append("a long one-word name makes the 390 px page scroll sideways")
    if page.locator(".ca-practice-note").is_visible():
        problems.append("with --no-check the page still points to the practice checker")
    _progress_known(page)
    if not page.get_by_label(ADD).is_disabled() or "no progress from the book" not in \
            page.locator("#ca-add-progress-help").inner_text():
        problems.append("with no progress in the browser the 'Add my progress' box is not disabled with a "
                        "reason")
    page.screenshot(path=str(shots / "long-name-390.png"), full_page=True)
    context.close()
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.add_init_script(_BLOCK_STORAGE)
    page = context.new_page()
    page.goto(base + test.link("Ann"))
    page.fill("#ca-name", "Ann")
    page.keyboard.press("Enter")
    page.wait_for_selector(".ca-progress")
    page.fill("#ca-q1-answer", "fifteen two")
    if "1 of 3 answered" not in page.locator(".ca-progress").inner_text() \
            or "Download your results file" not in page.locator(".ca-warning").inner_text():
        problems.append("with storage blocked the page does not keep answers on the page and warn to "
                        "download")
    _progress_known(page)
    if not page.get_by_label(ADD).is_disabled() or "not letting the page read your progress" not in \
            page.locator("#ca-add-progress-help").inner_text():
        problems.append("with storage blocked the 'Add my progress' box is not disabled with a reason")
    context.close()
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site", nargs="?", default="_build/html")
    parser.add_argument("--screenshots", default="_build/screenshots/assign")
    parser.add_argument("--chromium", default=os.environ.get("CHROMIUM", "/usr/bin/chromium"))
    args = parser.parse_args(argv)
    root = Path(args.site).resolve()
    if not (root / "book" / "assignment.html").is_file():
        print(f"no assignment page in {root}: build the book first", file=sys.stderr)
        return 1
    shots = Path(args.screenshots)
    shots.mkdir(parents=True, exist_ok=True)
    problems: list[str] = []
    work = Path(tempfile.mkdtemp(prefix="crib-assign-"))
    (work / "names.txt").write_text("Chloé\nBen\nAnn\n", encoding="utf-8")
    made = _crib("assign", "--kind", "counting", "--difficulty", "easy", "--hands", "4", "--seed", "7",
                 "--students", str(work / "names.txt"), "--out", str(work / "class"), "--answers", "kind")
    if made.returncode:
        print(made.stderr, file=sys.stderr)
        return 1
    assignment = load_class(work / "class")
    typed, misses, right = _plan(assignment)
    server, base = serve(root)
    results = work / "results"
    results.mkdir()
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=args.chromium, args=[*CHROMIUM_FLAGS, NETWORK_OFF])
            context = browser.new_context(viewport={"width": 1280, "height": 900}, accept_downloads=True)
            page = context.new_page()
            errors: list[str] = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            # a reload aborts what the page was still loading (its Python, if it had started): not a failure
            page.on("requestfailed", lambda r: errors.append(f"request failed: {r.url} ({r.failure})")
                    if "ERR_ABORTED" not in (r.failure or "") else None)
            page.goto(base + assignment.link("Chloé"))
            page.fill("#ca-name", "Chlow")  # a typo ("Chloe" without the accent is taken as Chloé)
            page.keyboard.press("Enter")
            message = page.locator(".ca-start .ca-msg").inner_text()
            if "did you mean Chloé?" not in message:
                problems.append(f"a misspelt name was not caught: {message!r}")
            page.screenshot(path=str(shots / "name-check.png"))
            page.get_by_role("button", name="Yes, I am Chloé").click()
            for number, values in typed.items():
                for kind, value in values.items():
                    page.fill(f"#ca-q{number}-{kind.replace(' ', '-')}", value)
            page.screenshot(path=str(shots / "answered-1280.png"), full_page=True)
            page.evaluate("p => localStorage.setItem('crib-progress', p)", json.dumps(PROGRESS))
            page.reload()
            first = next(iter(typed))
            kept = page.input_value(f"#ca-q{first}-fifteen")
            if kept != typed[first]["fifteen"]:
                problems.append(f"answers were not kept in the browser: question {first} shows {kept!r}")
            if "3 of 4 answered" not in page.locator(".ca-progress").inner_text():
                problems.append("the progress line does not say 3 of 4 answered")
            add = page.get_by_label(ADD)
            _progress_known(page)
            if add.is_checked() or add.is_disabled():
                problems.append("the 'Add my progress' box is ticked or disabled with progress in the "
                                "browser")
            add.focus()
            page.keyboard.press("Space")  # ticked from the keyboard
            if not add.is_checked() or "results code stays the same" not in \
                    page.locator(".ca-add-progress").inner_text():
                problems.append("ticking 'Add my progress' does not say the results code stays as it is")
            page.locator(".ca-finish").screenshot(path=str(shots / "add-progress.png"))
            with page.expect_download() as download:
                page.get_by_role("button", name="Download my results file").click()
            saved = results / download.value.suggested_filename
            download.value.save_as(saved)
            if "with your stars from the book" not in page.locator(".ca-finish .ca-msg").inner_text():
                problems.append("the saved message does not say the stars are in the file")
            page.get_by_role("button", name="Show a results code to copy").click()
            code = json.loads(decode_code_text(page.locator("textarea.ca-code").input_value()))
            if "progress" in code or code["signature"] != json.loads(saved.read_text("utf-8"))["signature"]:
                problems.append("the results code carries the progress, or a signature unlike the file's")
            page.set_viewport_size({"width": 390, "height": 844})
            page.screenshot(path=str(shots / "answered-390.png"), full_page=True)
            problems += _real_life_links(browser, base, shots)
            if (root / "_static" / "crib_live_page.js").is_file():
                problems += _check_as_you_go(context, base, shots)
            else:
                print("this build has no live Python (CRIB_LIVE=0): checking as you go is not tried")
            problems += [f"page: {e}" for e in errors]
            browser.close()
    finally:
        server.shutdown()
    if saved.name != "results-chloé.json":
        problems.append(f"the results file is called {saved.name}")
    data = json.loads(saved.read_text(encoding="utf-8"))
    if data.get("progress", {}).get("answers") != PROGRESS["answers"]:
        problems.append(f"the results file does not carry Chloé's progress: {data.get('progress')!s:.120}")
    tampered = dict(data, answers=[a if a is None else a.replace("0", "1") for a in data["answers"]])
    (results / "tampered.json").write_text(json.dumps(tampered, ensure_ascii=False), encoding="utf-8")
    other = Assignment("counting", "easy", 4, 8, ("Chloé", "Ben", "Ann"))
    wrong_set = json.dumps(make_results(other, "Chloé", ["0"] * 4))
    (results / "other-set.json").write_text(wrong_set, encoding="utf-8")
    graded = _crib("grade", str(work / "class"), str(saved), str(results / "tampered.json"),
                   str(results / "other-set.json"))
    refused = graded.stderr.strip().splitlines()
    if len(refused) != 2 or "tampered.json: changed after it was saved" not in refused[0] \
            or "other-set.json: for another set" not in refused[1]:
        problems.append(f"crib grade did not refuse the two bad files in one line each: {refused}")
    rows = {r["student"]: r for r in csv.DictReader((work / "class" / "report" / "students.csv").open())}
    chloe = rows.get("Chloé", {})
    if chloe.get("right") != str(right) or chloe.get("unanswered") != "1":
        problems.append(f"Chloé's score is wrong: {chloe}")
    for kind, label in (("fifteen", "fifteens"), ("pair", "pairs")):
        got, want = chloe.get(f"{label} missed"), str(misses.get(kind, 0))
        if got != want:
            problems.append(f"Chloé's {label} missed is {got}, not {want}")
    html = (work / "class" / "report" / "report.html").read_text(encoding="utf-8")
    if not all(line in html for line in STARS) or "attached by the student, not checked" not in html:
        problems.append("the report does not show Chloé's attached stars in words, marked as hers")
    print(graded.stdout.strip())
    for problem in problems:
        print(f"PROBLEM: {problem}")
    verdict = "ok" if not problems else f"{len(problems)} problem(s)"
    print(f"assignment page: {verdict}; screenshots in {shots}/")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
