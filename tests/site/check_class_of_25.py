"""A class of 25 run from the class page alone, as issue 37 asks: no terminal anywhere.

On the built book, with every host but 127.0.0.1 unreachable, in Debian's Chromium:

1. the teacher pastes a class of 25 as a school exports it (a CSV with a header row, "Last name,First
   name"), makes a set on *Your class, in the browser* and downloads the class file and the links
   (each student's link and student code);
2. five students: María on a phone (390 px) types the set code, her student code and "María García"
   from her slip; Tomi opens his short link, and his run is the screen reader's (the focus in question
   1's box after Start, each box and Check button named by its question); Ben saves halfway, then
   finishes and saves again; Chloé and Dev use their whole links (Chloé answers in words);
3. a later visit: the teacher drops the class file on its box, drops the six results files on the
   results box (Ben's complete file after his half one), grades: five students graded, Ben's latest
   file, twenty still to hand in;
4. a tournament of four made on the same page, each board played by touch on chapter 15 from the
   links the page gave, the results dropped and graded on the page: four students ranked.

Exit status 0 when all of it holds, 1 otherwise. Screenshots go to --screenshots.
"""

from __future__ import annotations

import argparse
import contextlib
import csv
import io
import json
import os
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent))
from check_class_desk import LIVE_VIEW, _drop_for_real, _live_desk, _number_box, _wait_for_words
from check_live import CHROMIUM_FLAGS, LIVE_TIMEOUT_MS, PHONE, Results, serve
from check_people import first_live, open_page, step, tap_card

from crib_widgets.exercises.assign import Assignment
from crib_widgets.exercises.short import student_code

NETWORK_OFF = "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"
FIRST = ["Tomi", "Aisha", "Ben", "Chloé", "Dev", "Ella", "Femi", "Grace", "Hugo", "Ines", "Jack", "Kofi",
         "Lena", "María", "Noah", "Olu", "Priya", "Quinn", "Rosa", "Sam", "Tariq", "Uma", "Vik", "Wen",
         "Yusuf"]
LAST = ["Adebayo", "Ahmed", "Brown", "Dupont", "Patel", "Evans", "Okafor", "Hill", "Martin", "Silva", "Smith",
        "Mensah", "Vogel", "García", "Jones", "Bello", "Shah", "Reid", "Lopez", "O'Neil", "Aziz", "Rao",
        "Nair", "Li", "Khan"]
ROSTER = "Last name,First name\r\n" + "".join(f'"{last}","{first}"\r\n' for first, last in zip(FIRST, LAST,
                                                                                              strict=True))
HANDS = 3
CUP = ["Ann", "Ben", "Cleo", "Dev"]


def _download(page, desk, words: str, folder: Path) -> Path:
    with page.expect_download() as got:
        desk.locator("a", has_text=words).first.click()
    path = folder / got.value.suggested_filename
    got.value.save_as(path)
    return path


def _answer(page, answers: list[str]) -> None:
    for number, text in enumerate(answers, 1):
        page.fill(f"#ca-q{number}-answer", text)


def _save(page, folder: Path, name: str) -> Path:
    with page.expect_download() as got:
        page.get_by_role("button", name="Download my results file").click()
    path = folder / name
    got.value.save_as(path)
    return path


def _students(browser, base: str, klass: Assignment, codes: dict[str, str], links: dict[str, str],
              work: Path, results: Results) -> list[Path]:
    rights = {name: [str(e.solution().answer) for e in klass.student_set(name)] for name in klass.students}
    files = []
    # María, on a phone, from her slip
    phone = browser.new_context(**PHONE, accept_downloads=True)
    page = phone.new_page()
    page.goto(base + "book/assignment.html")
    page.fill("#ca-code", klass.code)
    page.fill("#ca-scode", codes["María García"])
    page.fill("#ca-pname", "María García")
    page.get_by_role("button", name="Open my set").tap()
    page.wait_for_selector("#ca-q1-answer", timeout=LIVE_TIMEOUT_MS)
    _answer(page, rights["María García"])
    files.append(_save(page, work, "results-maria-garcia.json"))
    results.check(files[-1].stat().st_size > 0, "María opens her set on a phone from the codes on her slip")
    phone.close()
    desk = browser.new_context(viewport={"width": 1280, "height": 900}, accept_downloads=True)
    # Tomi, with a screen reader: his short link
    page = desk.new_page()
    page.goto(base + f"book/assignment.html#set={klass.code}&code={codes['Tomi Adebayo']}")
    page.fill("#ca-name", "Tomi Adebayo")
    page.keyboard.press("Enter")
    page.wait_for_selector("#ca-q1-answer", timeout=LIVE_TIMEOUT_MS)
    focused = page.evaluate("document.activeElement && document.activeElement.id")
    named = all(page.get_by_role("textbox", name=f"Question {n}: Your answer").count() == 1
                and page.get_by_role("button", name=f"Check question {n}").count() == 1
                for n in range(1, HANDS + 1))
    results.check(focused == "ca-q1-answer" and named, "Tomi's screen reader: the focus in question 1's box "
                  "after Start, each box and Check button named by its question", f"focus on {focused!r}")
    _answer(page, rights["Tomi Adebayo"])
    files.append(_save(page, work, "results-tomi-adebayo.json"))
    # Ben saves halfway, then finishes: both files reach the teacher, the complete one first
    page = desk.new_page()
    page.goto(links["Ben Brown"])
    page.fill("#ca-name", "Ben Brown")
    page.keyboard.press("Enter")
    page.wait_for_selector("#ca-q1-answer")
    _answer(page, rights["Ben Brown"][:1])
    half = _save(page, work, "results-ben-brown.json")
    page.wait_for_timeout(1100)  # the time saved is to the second
    _answer(page, rights["Ben Brown"])
    files.append(_save(page, work, "results-ben-brown (1).json"))
    files.append(half)
    # Chloé (in words) and Dev, from their whole links
    for name, answers in (("Chloé Dupont", [e.solution().said.split(". ")[0].lower()
                                            for e in klass.student_set("Chloé Dupont")]),
                          ("Dev Patel", rights["Dev Patel"])):
        page = desk.new_page()
        page.goto(links[name])
        page.fill("#ca-name", name)
        page.keyboard.press("Enter")
        page.wait_for_selector("#ca-q1-answer")
        _answer(page, answers)
        files.append(_save(page, work, f"results-{name.split()[0].lower()}.json"))
    desk.close()
    return files


def _grade_on_page(browser, base: str, class_file: Path, files: list[Path], shots: Path, shot: str):
    """A later visit: drop the class file and the results on their boxes, grade; the page's message."""
    context = browser.new_context(viewport={"width": 1280, "height": 900}, accept_downloads=True)
    page = context.new_page()
    desk = _live_desk(page, base)
    _drop_for_real(page, f"{LIVE_VIEW} .crib-drop-class", [class_file])
    _wait_for_words(page, "Loaded", timeout=LIVE_TIMEOUT_MS)
    _drop_for_real(page, f"{LIVE_VIEW} .crib-drop-results", files)
    _wait_for_words(page, f"Ready to grade ({len(files)})")
    desk.get_by_role("button", name="Grade").click()
    page.wait_for_selector(f"{LIVE_VIEW} .crib-printable iframe", timeout=300_000)
    page.screenshot(path=str(shots / shot), full_page=True)
    said = desk.inner_text()
    report = desk.locator(".crib-printable iframe").content_frame.locator("body").inner_text()
    context.close()
    return said, report


def _tournament(browser, base: str, root: Path, work: Path, shots: Path, results: Results) -> None:
    teacher = browser.new_context(viewport={"width": 1280, "height": 900}, accept_downloads=True)
    page = teacher.new_page()
    desk = _live_desk(page, base)
    desk.locator("textarea").first.fill("\n".join(CUP))
    desk.locator("select").first.select_option(
        label="A tournament: whole deals against the computer, the same cards for all")
    _number_box(desk, "Deals").fill("1")
    _number_box(desk, "Deals").press("Tab")
    desk.get_by_role("button", name="Make the class").click()
    page.wait_for_selector(f"{LIVE_VIEW} .crib-keep", timeout=120_000)
    class_file = _download(page, desk, "Download the class file", work)
    links_csv = _download(page, desk, "The links, for a spreadsheet", work)
    teacher.close()
    links = {row["student"]: row["link"] for row in csv.DictReader(io.StringIO(links_csv.read_text("utf-8")))}
    results.check(sorted(links) == sorted(CUP), "the page makes a tournament of four: a link each",
                  str(sorted(links)))
    played = []
    context = browser.new_context(**PHONE, accept_downloads=True)
    for name in CUP:
        tab, driver = open_page(context, base, root, links[name], lambda specs: specs[0])
        m = driver.mirror
        try:
            for button in list(m.picker.buttons)[:2]:
                tap_card(driver, button, timeout=LIVE_TIMEOUT_MS)
            first_live(driver, "Lay in the crib")
            for _ in range(20):
                if m.match.board_done:
                    break
                driver.wait_says(tap_card(driver, next(b for b in m.picker.buttons if not b.disabled)))
            step(driver, "See the results")
            download = driver.area.locator("a.crib-download")
            download.wait_for(state="visible", timeout=30_000)
            download.scroll_into_view_if_needed()
            with tab.expect_download(timeout=30_000) as got:
                download.tap()
            played.append(work / f"cup-{name.lower()}.json")
            got.value.save_as(played[-1])
        except Exception as exc:  # one board that cannot be played is one line, the rest go on
            results.check(False, f"{name} plays the tournament's board and saves the results",
                          f"{type(exc).__name__}: {exc}"[:600])
            with contextlib.suppress(Exception):
                tab.screenshot(path=str(shots / f"cup-{name.lower()}-failed.png"))
        finally:
            tab.close()
    context.close()
    said, report = _grade_on_page(browser, base, class_file, played, shots, "tournament-graded.png")
    results.check(f"Ranked {len(CUP)} students" in said and all(n in report for n in CUP),
                  "the page loads the tournament's class file, grades the four boards and ranks them",
                  said[-400:])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site", nargs="?", default="_build/html")
    parser.add_argument("--screenshots", default="_build/screenshots/class-of-25")
    parser.add_argument("--chromium", default=os.environ.get("CHROMIUM", "/usr/bin/chromium"))
    args = parser.parse_args(argv)
    root = Path(args.site).resolve()
    shots = Path(args.screenshots)
    shots.mkdir(parents=True, exist_ok=True)
    results = Results()
    server, base = serve(root)
    try:
        with sync_playwright() as pw, tempfile.TemporaryDirectory(prefix="crib-class-25-") as folder:
            work = Path(folder)
            browser = pw.chromium.launch(executable_path=args.chromium, args=[*CHROMIUM_FLAGS, NETWORK_OFF])
            teacher = browser.new_context(viewport={"width": 1280, "height": 900}, accept_downloads=True)
            page = teacher.new_page()
            desk = _live_desk(page, base)
            desk.locator("textarea").first.fill(ROSTER)
            _number_box(desk, "How many").fill(str(HANDS))
            _number_box(desk, "Set number").fill("37")
            _number_box(desk, "Set number").press("Tab")
            desk.get_by_role("button", name="Make the class").click()
            page.wait_for_selector(f"{LIVE_VIEW} .crib-keep", timeout=120_000)
            class_file = _download(page, desk, "Download the class file", work)
            links_csv = _download(page, desk, "The links, for a spreadsheet", work)
            teacher.close()
            klass = Assignment.from_json(json.loads(class_file.read_text(encoding="utf-8")))
            rows = list(csv.DictReader(io.StringIO(links_csv.read_text(encoding="utf-8"))))
            results.check(len(klass.students) == 25 and "María García" in klass.students
                          and klass.students[0] == "Tomi Adebayo",
                          "a CSV with a header row and 'Last, First' makes a class of 25 shown 'First Last'",
                          str(klass.students[:3]))
            codes = {name: student_code(klass, name) for name in klass.students}  # as on the printed slips
            links = {r["student"]: r["link"] for r in rows}
            files = _students(browser, base, klass, codes, links, work, results)
            said, report = _grade_on_page(browser, base, class_file, files, shots, "class-graded.png")
            graded = [n for n in ("María García", "Tomi Adebayo", "Ben Brown", "Chloé Dupont", "Dev Patel")
                      if n in report]
            results.check(len(graded) == 5 and "5 students graded" in said,
                          "five students graded on the page from their files", said[-400:])
            results.check("results-ben-brown (1).json" in report,
                          "Ben's latest (complete) file is the one graded, whatever order they came in",
                          report[:600])
            _tournament(browser, base, root, work, shots, results)
            browser.close()
    finally:
        server.shutdown()
    print(f"\nclass of 25: {len(results.passed)} passed, {len(results.failed)} failed")
    return 1 if results.failed else 0


if __name__ == "__main__":
    sys.exit(main())
