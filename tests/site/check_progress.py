"""The learner's progress, kept in the browser, on the built site with the network blocked.

1. A learner answers in chapter 4's counting trainer and chapter 13's Muggins quiz: each answer is
   saved in this browser's storage (``crib-progress``), and nothing is sent anywhere (every request
   goes to the local server);
2. they reload chapter 4 and answer again: the saved progress came back (the new answer under the
   page's own name, so that two tabs never give the same id);
3. *My progress* (``book/my_progress.html``) shows the answers kept, in the two skills' rows, and
   exports them as a file;
4. in a fresh browser profile (another device), *Import a progress file* with that file shows the
   same answers, and they stay after a reload;
5. with the browser's storage blocked, the trainer still answers.

Exit status 0 when all of it holds. Screenshots (1280 px and 390 px) go to --screenshots.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent))
from check_live import CHROMIUM_FLAGS, LIVE_TIMEOUT_MS, serve
from check_site import DRAW_EVERY_WIDGET

LIVE = ".crib-live-view:not(.crib-live-hidden)"
KEY = "crib-progress"  # crib_widgets.lessons.kept.KEY
PAGE = "book/my_progress.html"
BLOCK_STORAGE = """
for (const name of ['getItem', 'setItem', 'removeItem']) {
  Storage.prototype[name] = function () { throw new DOMException('blocked', 'SecurityError'); };
}
"""


def live_widget(page, base: str, path: str, title: str):
    """The live widget titled ``title`` on ``path``, once Python runs it in the page."""
    page.goto(base + path)
    page.evaluate(DRAW_EVERY_WIDGET, 30_000)  # each snapshot is drawn as the reader nears it
    # the output box, not the snapshot in it: the page removes the snapshot when the live widget
    # takes its place, maybe in the middle of the scroll
    page.locator(".crib-live-output").filter(has_text=title).first.scroll_into_view_if_needed()
    widget = page.locator(LIVE).filter(has_text=title).first
    widget.wait_for(timeout=LIVE_TIMEOUT_MS)
    return widget


def saved(page) -> dict:
    text = page.evaluate(f"() => localStorage.getItem('{KEY}')")
    return json.loads(text) if text else {"answers": []}


def wait_saved(page, count: int) -> dict:
    """The saved progress once it holds ``count`` answers."""
    page.wait_for_function(f"(n) => (JSON.parse(localStorage.getItem('{KEY}') || '{{\"answers\": []}}')"
                           ").answers.length >= n", arg=count, timeout=60_000)
    return saved(page)


def count_a_hand(page, base: str) -> None:
    trainer = live_widget(page, base, "book/04_the_whole_show.html", "Counting trainer")
    trainer.get_by_role("button", name="Check", exact=True).click()
    trainer.locator(".crib-status").filter(has_text="Not quite").or_(
        trainer.locator(".crib-status").filter(has_text="Right")).first.wait_for(timeout=60_000)


def wait_for_words(widget, words: str) -> None:
    widget.locator(".crib-status, .crib-next, table").filter(has_text=words).first.wait_for(timeout=60_000)


def check_chapter_stars(browser, base: str, shots: Path, expect, watch) -> None:
    """Chapter 4's stars (the box at its end): before Python runs, the page's snapshot says the stars
    appear once the page comes alive; live, each skill is "not tried yet" in a fresh browser, and an
    answer in the chapter's counting trainer changes the words of "A right count" at once. The link to
    My progress takes the keyboard. Screenshot at 390 px."""
    path = "book/04_the_whole_show.html"
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    context.on("page", watch)
    page = context.new_page()
    page.goto(base + path + "?crib-live-start=never")
    page.evaluate(DRAW_EVERY_WIDGET, 30_000)  # the stars' snapshot is drawn as the reader nears it
    snapshot = page.locator(".crib-chapter-stars").first
    snapshot.scroll_into_view_if_needed()
    expect("Your stars appear here once the page comes alive" in snapshot.inner_text(),
           "chapter 4's stars snapshot does not say the stars appear once the page comes alive")
    trainer = live_widget(page, base, path, "Counting trainer")
    stars = page.locator(f"{LIVE} .crib-chapter-stars").first
    stars.filter(has_text="A right count: not tried yet").wait_for(timeout=LIVE_TIMEOUT_MS)
    before = stars.inner_text()
    expect("Your stars for these skills" in before and "Flush" in before and "His nobs" in before,
           f"chapter 4's live stars do not list its skills in words: {before[:200]!r}")
    trainer.scroll_into_view_if_needed()
    trainer.get_by_role("button", name="Check", exact=True).click()
    stars.filter(has_text="A right count: no stars yet: 2 more first tries").wait_for(timeout=60_000)
    stars.scroll_into_view_if_needed()
    stars.screenshot(path=str(shots / "chapter-stars-390.png"))
    link = stars.get_by_role("link", name="See every skill on My progress")
    link.focus()
    expect(link.evaluate("a => document.activeElement === a && a.href.endsWith('my_progress.html')"),
           "the stars' link to My progress does not take the keyboard or does not lead there")
    context.close()


# ---- Practise my mistakes (book/practise.html) -----------------------------------------------------
PRACTISE = "book/practise.html"


def check_practise(browser, base: str, shots: Path, expect, watch) -> None:
    """A hand counted wrong in chapter 4's trainer is due in "Practise my mistakes" on
    book/practise.html, its cards named in words; the right count, typed and sent with Enter, moves
    it up to box 2 (the page says so and saves the answer). Then "Today's hand" by touch: two cards
    thrown, the kept hand shown with the starter. At 390 px, with screenshots."""
    from crib_widgets.cards import parse_cards
    from crib_widgets.lessons.counting import CountingLesson

    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    context.on("page", watch)
    page = context.new_page()
    count_a_hand(page, base)
    wrong = wait_saved(page, 1)["answers"][-1]
    expect(wrong["lesson"] == "counting" and not all(right for _, right in wrong["results"]),
           f"chapter 4's first answer was meant to be wrong, but was kept as {wrong}")
    lesson = CountingLesson.from_position(wrong["position"])
    names = ", ".join(c.name for c in parse_cards(wrong["position"].split("|")[0]))
    view = live_widget(page, base, PRACTISE, "Practise my mistakes")
    view.locator(".crib-big").filter(has_text="1 mistake is due today: 1 hand to count").wait_for(
        timeout=LIVE_TIMEOUT_MS)
    hand = view.locator(f'[aria-label="Your hand: {names}"]')
    expect(hand.count() == 1, f"the hand due does not name its cards in words ({names})")
    question = view.locator(".crib-big").filter(has_text="Count this hand").first.inner_text()
    expect(lesson.score.starter.name in question, f"the question does not name the starter: {question!r}")
    box = view.locator(".crib-points input")
    box.tap()
    box.fill(str(lesson.score.total))
    box.press("Enter")
    view.locator(".crib-big").filter(has_text="It moves up to box 2 and comes back tomorrow").wait_for(
        timeout=60_000)
    kept = wait_saved(page, 2)
    last = kept["answers"][-1]
    expect(last["position"] == wrong["position"] and all(right for _, right in last["results"]),
           f"the practised answer kept is {last}, not the right count of {wrong['position']}")
    wait_for_words(view, "That was the last one due today")
    view.screenshot(path=str(shots / "practise-mistakes-390.png"))
    width = page.evaluate("() => document.documentElement.scrollWidth")
    expect(width <= 390, f"book/practise.html is {width} px wide at 390 px: it scrolls sideways")
    # today's hand, by touch
    today = page.locator(LIVE).filter(has=page.locator(".crib-title", has_text="Today's hand")).first
    today.scroll_into_view_if_needed()
    today.wait_for(timeout=LIVE_TIMEOUT_MS)
    cards = today.locator(".crib-cardbtn")
    expect(cards.count() == 6, f"today's hand shows {cards.count()} cards to choose from, not 6")
    chosen = sorted(cards.evaluate_all(LABELS))  # the day's six, named in words
    cards.nth(0).tap()
    cards.nth(1).tap()
    today.locator(".crib-status").filter(has_text="Press Throw").wait_for(timeout=60_000)
    today.get_by_role("button", name="Throw", exact=True).tap()
    today.locator(".crib-status").filter(has_text="Count your four cards").wait_for(timeout=60_000)
    expect(today.locator('[aria-label^="Your hand: "]').count() == 1,
           "today's kept hand is not named in words")
    today.screenshot(path=str(shots / "practise-today-390.png"))
    # counted (shown), then played out at a game table on the same six cards
    today.get_by_role("button", name="Show me the count", exact=True).tap()
    today.locator(".crib-status").filter(has_text="Today's hand is done").wait_for(timeout=60_000)
    today.get_by_role("button", name="Play it out", exact=True).tap()
    table = today.locator(".crib-root").filter(has_text="Cribbage game table").last
    table.locator(".crib-cardbtn").nth(5).wait_for(timeout=60_000)
    dealt = sorted(table.locator(".crib-cardbtn").evaluate_all(LABELS))
    expect(dealt == chosen, f"the table to play it out holds {dealt}, not the day's six cards {chosen}")
    today.screenshot(path=str(shots / "practise-today-played-390.png"))
    context.close()


LABELS = "(buttons) => buttons.map((b) => b.getAttribute('aria-label'))"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site", nargs="?", default="_build/html")
    parser.add_argument("--screenshots", default="_build/screenshots/progress")
    parser.add_argument("--chromium", default=os.environ.get("CHROMIUM", "/usr/bin/chromium"))
    args = parser.parse_args(argv)
    root = Path(args.site).resolve()
    if not (root / PAGE).is_file():
        print(f"no My progress page in {root}: build the book first", file=sys.stderr)
        return 1
    shots = Path(args.screenshots)
    shots.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix="crib-progress-"))
    problems: list[str] = []
    errors: list[str] = []
    server, base = serve(root)

    def watch(page) -> None:
        page.on("pageerror", lambda e: errors.append(f"{page.url[:60]}: {e}"))
        page.on("request", lambda r: errors.append(f"a request left the site: {r.url}")
                if not r.url.startswith((base, "data:", "blob:")) else None)

    def expect(ok: bool, problem: str) -> None:
        if not ok:
            problems.append(problem)

    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=args.chromium, args=CHROMIUM_FLAGS)
            # 1. answers in two chapters
            home = browser.new_context(viewport={"width": 1280, "height": 900}, accept_downloads=True)
            home.on("page", watch)
            page = home.new_page()
            count_a_hand(page, base)
            wait_saved(page, 1)
            quiz = live_widget(page, base, "book/13_muggins.html", "Muggins quiz")
            quiz.get_by_role("button", name="Accept").click()
            kept = wait_saved(page, 2)
            lessons = [a["lesson"] for a in kept["answers"]]
            expect(lessons == ["counting", "muggins"], f"the answers saved are {lessons}")
            before = [a["id"] for a in kept["answers"]]
            # 2. a reload brings the progress back; the page numbers its new answer under a name of
            # its own (two tabs open at once never give the same id)
            count_a_hand(page, base)
            kept = wait_saved(page, 3)
            ids = [a["id"] for a in kept["answers"]]
            names = {i.split("-")[0] for i in before}
            expect(ids[:2] == before and len(ids) == 3 and ids[2].split("-")[0] not in names,
                   f"after a reload the answers are {ids}, not {before} and one more under a new name")
            # 3. My progress shows them and exports them
            view = live_widget(page, base, PAGE, "My progress")
            wait_for_words(view, "Kept in this browser: 3 answers")
            table = view.locator("table").inner_text()
            expect("Muggins calls" in table and "The whole show" in table,
                   "My progress's table does not name Muggins calls and The whole show")
            expect(view.locator("tbody tr").count() >= 10, "My progress does not list every skill")
            page.screenshot(path=str(shots / "my-progress-1280.png"), full_page=True)
            with page.expect_download() as download:
                view.get_by_role("link", name="Export my progress (a file)").click()
            exported = work / download.value.suggested_filename
            download.value.save_as(exported)
            file = json.loads(exported.read_text(encoding="utf-8"))
            expect((file["answers"], file["daily"]) == (kept["answers"], kept["daily"]),
                   "the exported file does not hold the answers and days this browser kept")
            home.close()
            # 4. another device imports the file
            away = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
            away.on("page", watch)
            page = away.new_page()
            view = live_widget(page, base, PAGE, "My progress")
            wait_for_words(view, "No answers kept yet")
            with page.expect_file_chooser() as chooser:
                view.locator(".widget-upload").tap()
            chooser.value.set_files(str(exported))
            wait_for_words(view, f"Imported 3 answers and no daily hands from {exported.name}")
            imported = wait_saved(page, 3)
            expect(imported["answers"] == kept["answers"] and imported["device"] != kept["device"],
                   "the other device's saved progress is not the imported answers under its own name")
            page.screenshot(path=str(shots / "imported-390.png"), full_page=True)
            view = live_widget(page, base, PAGE, "My progress")
            wait_for_words(view, "Kept in this browser: 3 answers")
            away.close()
            # 5. storage blocked: the trainer still answers
            blocked = browser.new_context(viewport={"width": 1280, "height": 900})
            blocked.add_init_script(BLOCK_STORAGE)
            # not watched for page errors: the theme's own scripts throw when storage is blocked
            blocked.on("page", lambda p: p.on("request", lambda r: errors.append(f"a request left the site: "
                                                                                 f"{r.url}")
                                              if not r.url.startswith((base, "data:", "blob:")) else None))
            count_a_hand(blocked.new_page(), base)
            blocked.close()
            check_chapter_stars(browser, base, shots, expect, watch)  # chapter 4's stars, live
            check_practise(browser, base, shots, expect, watch)  # a mistake practised on book/practise.html
            browser.close()
    except Exception as error:  # a timeout names what never appeared
        problems.append(f"{type(error).__name__}: {str(error).splitlines()[0]}")
    finally:
        server.shutdown()
    problems += errors
    for problem in problems:
        print("FAIL:", problem)
    if not problems:
        print("progress: answers in chapters 4 and 13 kept in the browser, back after a reload, shown on My "
              "progress, exported and imported on another profile; with storage blocked the trainer answers")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
