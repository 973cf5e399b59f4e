"""The teacher's whole loop on the built site, with the network blocked: no command line anywhere.

1. A teacher opens *Your class, in the browser* (``book/teachers_class.html``), pastes a class of
   five, chooses a set and presses *Make the class*: the page's own Python makes each student's
   link and the class file, which the teacher downloads;
2. two students open their links on the assignment page (``book/assignment.html``), answer (Ann in
   digits, one answer wrong; Chloé in words, as she would count aloud) and download their results
   files;
3. the teacher opens the page again (a new browser profile: a later visit), loads the class file
   with its button (ipywidgets' FileUpload, its bytes carried over the page's widget protocol),
   drops a file on the page's text by mistake (the page stays, the class stays loaded), then drops
   both results files on the results box (the page script class-drop.js hands them to the page's
   Python), presses *Grade*, and sees the report with its students x skills grid;
4. the report the page offers for download is byte for byte the one ``crib grade`` writes from the
   same class file and the same two results files.

Prints the time the page took to make the class and to grade it (from the press to the answer).
Exit status 0 when all of it holds. Screenshots (1280 px and 390 px) go to --screenshots.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent))
from check_live import CHROMIUM_FLAGS, LIVE_TIMEOUT_MS, serve
from check_site import DRAW_EVERY_WIDGET

from crib_widgets.exercises.assign import load_class
from crib_widgets.exercises.results import make_results

PAGE = "book/teachers_class.html"
ROSTER = ["Ann", "Ben", "Chloé", "Sam O'Neil", "Jean-Luc Dupré"]
HANDS = 4
LIVE_VIEW = ".crib-live-view:not(.crib-live-hidden) .crib-desk"


def _live_desk(page, base: str):
    """The teachers' page, once its widget is live (Python started in the page)."""
    page.goto(base + PAGE)
    page.evaluate(DRAW_EVERY_WIDGET, 30_000)  # each snapshot is drawn as the reader nears it
    # the output box, not the snapshot: the live widget may replace it in the middle of the scroll
    page.locator(".crib-live-output").filter(has=page.locator(".crib-desk")).first.scroll_into_view_if_needed()
    page.wait_for_selector(LIVE_VIEW, timeout=LIVE_TIMEOUT_MS)
    return page.locator(LIVE_VIEW)


def _drop(page, desk, which: int, paths: list[Path]) -> None:
    """Choose files with the ``which``-th file button (ipywidgets' FileUpload), as a teacher does."""
    with page.expect_file_chooser() as chooser:
        desk.locator(".widget-upload").nth(which).click()
    chooser.value.set_files([str(p) for p in paths])


_DROP_JS = """([selector, files]) => {
  const target = document.querySelector(selector);
  const data = new DataTransfer();
  for (const [name, text] of files) data.items.add(new File([text], name, { type: 'application/json' }));
  for (const kind of ['dragenter', 'dragover', 'drop']) {
    target.dispatchEvent(new DragEvent(kind, { dataTransfer: data, bubbles: true, cancelable: true }));
  }
  return location.href;
}"""


def _drop_for_real(page, selector: str, paths: list[Path]) -> str:
    """Drag files from the desktop and drop them on ``selector``, as a teacher does (a real drop
    event, with the files in its DataTransfer); returns the page's address after the drop."""
    files = [[p.name, p.read_text(encoding="utf-8")] for p in paths]
    return page.evaluate(_DROP_JS, [selector, files])


def _wait_for_words(page, words: str, timeout: int = 60_000) -> None:
    page.wait_for_function("([s, w]) => document.querySelector(s).innerText.includes(w)",
                           arg=[LIVE_VIEW, words], timeout=timeout)


def _number_box(desk, label: str):
    return desk.locator(".widget-inline-hbox").filter(has=desk.page.locator(f'label:text-is("{label}")')) \
        .locator("input").first


def _answers(klass) -> dict[str, list[str]]:
    ann = [str(e.solution().answer) for e in klass.student_set("Ann")]
    ann[0] = str(int(ann[0]) + 2)
    chloe = [e.solution().said.split(". ")[0].lower() for e in klass.student_set("Chloé")]
    return {"Ann": ann, "Chloé": chloe}


def _student(context, link: str, name: str, answers: list[str], folder: Path) -> Path:
    """A student opens their link, confirms their name, answers and downloads the results file."""
    page = context.new_page()
    page.goto(link)
    page.fill("#ca-name", name)
    page.keyboard.press("Enter")
    for number, text in enumerate(answers, 1):
        page.fill(f"#ca-q{number}-answer", text)
    with page.expect_download() as download:
        page.get_by_role("button", name="Download my results file").click()
    saved = folder / download.value.suggested_filename
    download.value.save_as(saved)
    page.close()
    return saved


def _timed_class(browser, base: str, work: Path, size: int, seed: int) -> tuple[float, float]:
    """Seconds the page takes to make a class of ``size`` (10 questions), and on a later visit to load the
    class file and grade a results file from every student (in words for some), once its Python runs."""
    context = browser.new_context(viewport={"width": 1280, "height": 900}, accept_downloads=True)
    page = context.new_page()
    desk = _live_desk(page, base)
    desk.locator("textarea").first.fill("\n".join(f"Student {i:03d}" for i in range(size)))
    _number_box(desk, "How many").fill("10")
    _number_box(desk, "Set number").fill(str(seed))
    _number_box(desk, "Set number").press("Tab")
    start = time.perf_counter()
    desk.get_by_role("button", name="Make the class").click()
    page.wait_for_selector(f"{LIVE_VIEW} .crib-keep", timeout=600_000)
    made = time.perf_counter() - start
    with page.expect_download() as download:
        desk.locator("a.crib-download.crib-main").click()
    folder = work / f"class-of-{size}-{seed}"
    folder.mkdir()
    download.value.save_as(folder / "class.json")
    klass = load_class(folder / "class.json")
    files = []
    for index, name in enumerate(klass.students):
        answers = [e.solution().said.split(". ")[0].lower() if (index + e.number) % 3 == 0
                   else str(e.solution().answer) for e in klass.student_set(name)]
        files.append(folder / f"results-{index:03d}.json")
        files[-1].write_text(json.dumps(make_results(klass, name, answers)), encoding="utf-8")
    context.close()
    context = browser.new_context(viewport={"width": 1280, "height": 900}, accept_downloads=True)
    page = context.new_page()  # a later visit: nothing made in this page's Python yet
    desk = _live_desk(page, base)
    start = time.perf_counter()
    _drop(page, desk, 0, [folder / "class.json"])
    _wait_for_words(page, "Loaded set", timeout=600_000)
    loaded = time.perf_counter() - start
    _drop(page, desk, 1, files)
    _wait_for_words(page, f"Ready to grade ({size})", timeout=600_000)
    start = time.perf_counter()
    desk.get_by_role("button", name="Grade").click()
    page.wait_for_selector(f"{LIVE_VIEW} .crib-printable iframe", timeout=600_000)
    graded = loaded + time.perf_counter() - start
    context.close()
    return made, graded


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site", nargs="?", default="_build/html")
    parser.add_argument("--screenshots", default="_build/screenshots/class-desk")
    parser.add_argument("--chromium", default=os.environ.get("CHROMIUM", "/usr/bin/chromium"))
    parser.add_argument("--sizes", type=int, nargs="*", default=[], metavar="N",
                        help="also time making and grading classes of these sizes on the page, e.g. 25 200")
    args = parser.parse_args(argv)
    root = Path(args.site).resolve()
    if not (root / PAGE).is_file():
        print(f"no teachers' class page in {root}: build the book first", file=sys.stderr)
        return 1
    shots = Path(args.screenshots)
    shots.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix="crib-class-desk-"))
    (work / "class").mkdir()
    (work / "handed-in").mkdir()
    problems: list[str] = []
    errors: list[str] = []
    server, base = serve(root)

    def watch(page) -> None:
        page.on("pageerror", lambda e: errors.append(f"{page.url[:60]}: {e}"))
        page.on("requestfailed", lambda r: errors.append(f"request failed: {r.url} ({r.failure})")
                if "ERR_ABORTED" not in (r.failure or "") else None)

    files: list[Path] = []
    page_report = work / "report-from-page.html"
    made = graded = float("nan")
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=args.chromium, args=CHROMIUM_FLAGS)
            # 1. the teacher makes the class
            teacher = browser.new_context(viewport={"width": 1280, "height": 900}, accept_downloads=True)
            teacher.on("page", watch)
            page = teacher.new_page()
            desk = _live_desk(page, base)
            desk.locator("textarea").first.fill("\n".join(ROSTER))
            _number_box(desk, "How many").fill(str(HANDS))
            _number_box(desk, "Set number").fill("7")
            _number_box(desk, "Set number").press("Tab")
            start = time.perf_counter()
            desk.get_by_role("button", name="Make the class").click()
            page.wait_for_selector(f"{LIVE_VIEW} .crib-keep", timeout=120_000)
            made = time.perf_counter() - start
            with page.expect_download() as download:
                desk.locator("a.crib-download.crib-main").click()
            class_file = work / "class" / "class.json"
            download.value.save_as(class_file)
            names = desk.locator("table.crib-links tbody tr td:first-child").all_inner_texts()
            copied = desk.locator("table.crib-links button.crib-copy").evaluate_all(
                "(buttons) => buttons.map((b) => b.dataset.link)")
            links = dict(zip(names, copied, strict=True))
            if names != ROSTER:
                problems.append(f"the links name {names}, not the class list")
            if not all(link.startswith(base + "book/assignment.html#") for link in links.values()):
                problems.append(f"the links are not whole links to this site: {next(iter(links.values()))}")
            page.screenshot(path=str(shots / "made-1280.png"), full_page=True)
            teacher.close()
            klass = load_class(class_file)
            if klass.roster != tuple(ROSTER) or klass.hands != HANDS or klass.seed != 7:
                problems.append(f"the class file holds {klass.roster}, {klass.code}")
            # 2. two students answer
            students = browser.new_context(viewport={"width": 1280, "height": 900}, accept_downloads=True)
            students.on("page", watch)
            files = [_student(students, links[name], name, answers, work / "handed-in")
                     for name, answers in _answers(klass).items()]
            students.close()
            # 3. a later visit: the teacher loads the class file, drops the results files, grades
            later = browser.new_context(viewport={"width": 1280, "height": 900}, accept_downloads=True)
            later.on("page", watch)
            page = later.new_page()
            desk = _live_desk(page, base)
            _drop(page, desk, 0, [class_file])
            try:
                _wait_for_words(page, "Loaded set")
            except Exception:
                problems.append("loading the class file with the file button did not load the class")
            where = page.url
            after = _drop_for_real(page, "h1", files[:1])  # a stray drop, on the page's title
            page.wait_for_timeout(500)
            if after != where or page.url != where or "Loaded set" not in desk.inner_text():
                problems.append(f"a stray drop left the page ({page.url}) or its class")
            _drop_for_real(page, f"{LIVE_VIEW} .crib-drop-results", files)
            try:
                _wait_for_words(page, "Ready to grade (2)")
            except Exception:
                problems.append("the two results files dropped on the results box did not reach the page's "
                                "Python")
            start = time.perf_counter()
            desk.get_by_role("button", name="Grade").click()
            try:
                page.wait_for_selector(f"{LIVE_VIEW} .crib-printable iframe", timeout=120_000)
            except Exception:
                page.screenshot(path=str(shots / "not-graded.png"), full_page=True)
                raise AssertionError(f"no report after Grade; the page says: {desk.inner_text()[-1500:]}") \
                    from None
            graded = time.perf_counter() - start
            frame = desk.locator(".crib-printable iframe").content_frame
            grid = frame.locator("table.skills tbody tr th").all_inner_texts()
            if sorted(grid) != ["Ann", "Chloé"]:
                problems.append(f"the report's students x skills grid shows {grid}")
            with page.expect_download() as download:
                desk.get_by_role("link", name="Download the report").click()
            download.value.save_as(page_report)
            page.screenshot(path=str(shots / "graded-1280.png"), full_page=True)
            page.set_viewport_size({"width": 390, "height": 844})
            if page.evaluate("document.documentElement.scrollWidth") > 392:
                problems.append("the teachers' page scrolls sideways at 390 px")
            page.screenshot(path=str(shots / "graded-390.png"), full_page=True)
            later.close()
            for size in args.sizes:
                runs = [_timed_class(browser, base, work, size, seed) for seed in (7, 8)]
                made_n, graded_n = ([run[i] for run in runs] for i in (0, 1))
                print(f"time in the browser, class of {size}, 10 questions, seeds 7 and 8: made in "
                      f"{min(made_n):.1f}-{max(made_n):.1f} s; loaded the class file and graded {size} "
                      f"results files on a later visit in {min(graded_n):.1f}-{max(graded_n):.1f} s")
            browser.close()
    except AssertionError as error:
        problems.append(str(error))
    finally:
        server.shutdown()
    # 4. the same files, graded by the command line
    cli = subprocess.run([sys.executable, "-m", "crib_widgets.cli", "grade", str(work / "class"),
                          *map(str, files), "--out", str(work / "report")], capture_output=True, text=True)
    if not page_report.exists():
        problems.append("the page gave no report to download")
    elif cli.returncode:
        problems.append(f"crib grade failed: {cli.stderr.strip()}")
    elif page_report.read_bytes() != (work / "report" / "report.html").read_bytes():
        problems.append("the page's report differs from crib grade's on the same files")
    else:
        print(f"the page's report.html is byte for byte crib grade's ({page_report.stat().st_size:,} bytes)")
    print(f"time in the browser, class of {len(ROSTER)}, {HANDS} questions: made in {made:.1f} s, graded "
          f"{len(files)} results files in {graded:.1f} s (from the press to the answer)")
    problems += [f"page: {e}" for e in errors]
    for problem in problems:
        print(f"PROBLEM: {problem}")
    print(f"teachers' class page: {'ok' if not problems else f'{len(problems)} problem(s)'}; screenshots in "
          f"{shots}/")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
