"""Playing with people on the built book: pass and play, a class tournament, a shared position.

On chapter 15's page of the built book (``_build/html``), served locally and opened in Debian's
Chromium at 390 px by touch, with every host name but 127.0.0.1 unresolvable (as check_live.py):

- **pass and play**: the table for Ann and Ben plays its first deal to the show. Whenever the device
  is passed, no card of any hand (nor the crib) is on the page until its person taps "I am ...: show
  my cards"; then that person's cards, and only theirs, are shown. Each step must say what the same
  widget says here, made by the engine from the page's cell code;
- **a tournament**: `crib assign --tournament` makes a class of one board; the student's link opens
  the page's table on that board, the board is played to the end by touch, the results file is
  downloaded from the page, and `crib grade` (run here) ranks it with the points the engine gives;
- **a shared position**: a link made by "Share this position" opens the page's table at that
  position, showing the sharer's cards.

Run by ``make site-test`` after ``make book``; screenshots in ``_build/screenshots/people/``.
Exit status 0 when every check passes.
"""

from __future__ import annotations

import argparse
import contextlib
import csv
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urljoin

from check_live import (
    CHROMIUM_FLAGS,
    LIVE_TIMEOUT_MS,
    PHONE,
    ROOT,
    PageDriver,
    Results,
    page_config,
    serve,
    status_words,
)
from playwright.sync_api import sync_playwright

PAGE = "book/15_full_game.html"
LINK_VARIABLE = "CRIB_PAGE_LINK"  # crib_widgets.table.share.PAGE_LINK_VARIABLE: what the page tells Python
CARD_NAME = re.compile(r"^(ace|two|three|four|five|six|seven|eight|nine|ten|jack|queen|king) of "
                       r"(clubs|diamonds|hearts|spades)$")
#: Every card name the widget shows: card buttons' titles, drawn cards' labels (visible ones only).
SHOWN_CARDS = """(area) => Array.from(area.querySelectorAll('button[title], [aria-label]'))
  .filter((el) => el.getClientRects().length > 0)
  .map((el) => (el.getAttribute('title') || el.getAttribute('aria-label') || '').trim())"""


def shown_cards(driver: PageDriver) -> set[str]:
    return {name for name in driver.area.evaluate(SHOWN_CARDS) if CARD_NAME.match(name)}


def secret_cards(mirror) -> set[str]:
    game = mirror.game
    held = {c.name for hand in game.hands for c in hand}
    return held | ({c.name for c in game.crib} if game.phase in ("discard", "play") else set())


def open_page(context, base: str, root: Path, link: str, pick) -> tuple[object, PageDriver]:
    """A tab on ``link`` (chapter 15 with its #part), and a driver of the widget ``pick`` chooses
    from the page's widget specs; its mirror is made with the page's address as the page gives it."""
    config = page_config(root, PAGE)
    spec = pick(config["widgets"])
    tab = context.new_page()
    tab.goto(link, wait_until="domcontentloaded", timeout=120_000)
    os.environ[LINK_VARIABLE] = link
    try:
        driver = PageDriver(tab, config, spec["model_id"], "touch")
    finally:
        del os.environ[LINK_VARIABLE]
    driver.out.scroll_into_view_if_needed()
    # The page shows the computers' moves after a pause; the mirror takes them at once (settle),
    # never from a timer of its own that may or may not run here.
    driver.mirror.pace = "next"
    return tab, driver


def settle(mirror) -> None:
    """The mirror goes through the computers' moves (and a go said for a person) as the page will."""
    while mirror.table.waiting:
        mirror._on_next_move()


def tap_card(driver: PageDriver, button, timeout: int = 60_000) -> str:
    """Tap the page's visible card ``button`` names (the mirror's own button: a card's name may also be
    on a button no longer shown) and press it on the mirror; what the page must then say."""
    target = driver.area.locator(f'button.crib-cardbtn[title="{button.tooltip}"] >> visible=true').first
    target.wait_for(state="visible", timeout=timeout)
    target.tap()
    if hasattr(button, "value"):  # a card to throw: chosen or put back
        button.value = not button.value
    else:
        button.click()
    settle(driver.mirror)
    return status_words(driver.mirror)


def step(driver: PageDriver, label: str, timeout: int = 60_000) -> None:
    driver.act(label)
    settle(driver.mirror)
    driver.wait_says(status_words(driver.mirror), timeout=timeout)


def first_live(driver: PageDriver, label: str) -> None:
    """The first tap: made on the snapshot while Python starts, answered once it is live."""
    step(driver, label, LIVE_TIMEOUT_MS)


def check_pass_and_play(context, base: str, root: Path, results: Results, shots: Path) -> None:
    what = f"{PAGE} [pass and play, touch, 390px]"
    tab, driver = open_page(context, base, root, urljoin(base, PAGE),
                            lambda specs: next(s for s in specs if "people=" in s["code"][-1]))
    m = driver.mirror
    try:
        passes, leaks, wrong = [], [], []
        live = False
        for _ in range(120):
            t, game = m.table, m.game
            if t.paused or game.deal_number > 1 or game.is_over:
                break
            if t.passing is not None:
                name = game.names[t.passing]
                seen = shown_cards(driver) & secret_cards(m)
                if seen:
                    leaks.append(f"passing to {name}: {sorted(seen)}")
                passes.append(name)
                label = f"I am {name}: show my cards"
                first_live(driver, label) if not live else step(driver, label)
                live = True
                mine = {c.name for c in game.hands[t.you]}
                shown = shown_cards(driver) & secret_cards(m)
                if shown != mine:
                    wrong.append(f"{name} sees {sorted(shown)}, holds {sorted(mine)}")
                if len(passes) == 2:
                    driver.out.screenshot(path=str(shots / "pass-and-play-taken.png"))
            elif game.phase == "discard":
                for button in list(m.picker.buttons)[: game.rules.discards]:
                    tap_card(driver, button)
                step(driver, "Lay in the crib")
            elif game.phase == "play":
                driver.wait_says(tap_card(driver, next(b for b in m.picker.buttons if not b.disabled)))
            else:
                raise AssertionError(f"unexpected phase {game.phase}")
        results.check(m.table.paused and len(set(passes)) == 2,
                      f"{what}: the first deal played to the show by touch, the device passed "
                      f"{len(passes)} times between {' and '.join(sorted(set(passes)))}",
                      f"stopped in {m.game.phase}, passes {passes}")
        results.check(not leaks, f"{what}: while the device is passed no hand's card is on the page",
                      "; ".join(leaks[:3]))
        results.check(not wrong, f"{what}: whoever takes the device sees their own cards and no one else's",
                      "; ".join(wrong[:3]))
        driver.out.screenshot(path=str(shots / "pass-and-play-show.png"))
    except Exception as exc:
        results.check(False, f"{what}: plays the first deal", f"{type(exc).__name__}: {exc}"[:1200])
        with contextlib.suppress(Exception):
            tab.screenshot(path=str(shots / "pass-and-play-failed.png"))
    finally:
        tab.close()


def check_shared(context, base: str, root: Path, results: Results, shots: Path) -> None:
    from crib_widgets.table import Table

    what = f"{PAGE} [a shared position, touch, 390px]"
    sharer = Table(seed=11, dealer=1)
    link = sharer.share_link(urljoin(base, PAGE))
    tab, driver = open_page(context, base, root, link, lambda specs: specs[0])
    try:
        driver.wait_says("Openedthesharedposition", timeout=LIVE_TIMEOUT_MS)
        cards = {c.name for c in sharer.game.hands[0]}
        tab.wait_for_timeout(500)
        shown = shown_cards(driver)
        results.check(cards <= shown and not (shown - cards) & secret_cards(driver.mirror),
                      f"{what}: the link opens the table at that position, the sharer's cards in hand",
                      f"shown {sorted(shown)}, shared {sorted(cards)}")
        driver.out.screenshot(path=str(shots / "shared-position.png"))
    except Exception as exc:
        results.check(False, f"{what}: opens the position", f"{type(exc).__name__}: {exc}"[:1200])
    finally:
        tab.close()


def crib(*argv: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "crib_widgets.cli", *argv], capture_output=True, text=True,
                          cwd=ROOT, timeout=120)


def check_tournament(context, base: str, root: Path, results: Results, shots: Path, work: Path) -> None:
    what = f"{PAGE} [a class tournament, touch, 390px]"
    (work / "names.txt").write_text("Ann\n", encoding="utf-8")
    made = crib("assign", "--tournament", "--seed", "5", "--deals", "1", "--level", "beginner",
                "--students", str(work / "names.txt"), "--out", str(work / "class"), "--site", base)
    if not results.check(made.returncode == 0, "crib assign --tournament makes the class", made.stderr):
        return
    with (work / "class" / "links.csv").open(encoding="utf-8") as handle:
        link = next(row["link"] for row in csv.DictReader(handle) if row["student"] == "Ann")
    tab, driver = open_page(context, base, root, link, lambda specs: specs[0])
    m = driver.mirror
    try:
        results.check(m.match is not None and m.student == "Ann",
                      f"{what}: the student's link opens the tournament's board under her name")
        for button in list(m.picker.buttons)[:2]:
            tap_card(driver, button, timeout=LIVE_TIMEOUT_MS)
        first_live(driver, "Lay in the crib")
        for _ in range(20):
            if m.match.board_done:
                break
            driver.wait_says(tap_card(driver, next(b for b in m.picker.buttons if not b.disabled)))
        step(driver, "See the results")
        points = m.match.points
        download = driver.area.locator("a.crib-download")
        download.wait_for(state="visible", timeout=30_000)
        download.scroll_into_view_if_needed()
        with tab.expect_download(timeout=30_000) as got:
            download.tap()
        saved = work / got.value.suggested_filename
        got.value.save_as(saved)
        results.check(saved.name == "results-ann.json", f"{what}: the board played to the end and the "
                      f"results file downloaded ({saved.name})")
        driver.out.screenshot(path=str(shots / "tournament-results.png"))
        graded = crib("grade", str(work / "class"), str(saved))
        line = f"1. Ann: {points:+d} over 1 deal;"
        results.check(graded.returncode == 0 and line in graded.stdout,
                      f"{what}: crib grade replays the file and ranks Ann with the engine's {points:+d}",
                      (graded.stdout + graded.stderr)[-600:])
    except Exception as exc:
        results.check(False, f"{what}: plays the board and hands in the file",
                      f"{type(exc).__name__}: {exc}"[:1200])
        with contextlib.suppress(Exception):
            tab.screenshot(path=str(shots / "tournament-failed.png"))
    finally:
        tab.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site", nargs="?", default="_build/html", help="the built book (default _build/html)")
    parser.add_argument("--screenshots", default="_build/screenshots/people", help="folder for the PNGs")
    parser.add_argument("--chromium", default=os.environ.get("CHROMIUM", "/usr/bin/chromium"))
    args = parser.parse_args(argv)
    root = Path(args.site).resolve()
    if not (root / PAGE).is_file() or not (root / "lite" / "index.html").is_file():
        print(f"no built book with its live site in {root}: run `make book` first", file=sys.stderr)
        return 1
    shots = Path(args.screenshots)
    shots.mkdir(parents=True, exist_ok=True)
    results = Results()
    started = time.monotonic()
    server, base = serve(root)
    try:
        with sync_playwright() as pw, tempfile.TemporaryDirectory(prefix="crib-people-") as work:
            profile = Path(work) / "profile"
            context = pw.chromium.launch_persistent_context(
                str(profile), executable_path=args.chromium, args=CHROMIUM_FLAGS, accept_downloads=True,
                **PHONE)
            with contextlib.closing(context):
                check_pass_and_play(context, base, root, results, shots)
                check_tournament(context, base, root, results, shots, Path(work))
                check_shared(context, base, root, results, shots)
    finally:
        server.shutdown()
    print(f"\npeople: {len(results.passed)} passed, {len(results.failed)} failed in "
          f"{time.monotonic() - started:.0f} s")
    return 1 if results.failed else 0


if __name__ == "__main__":
    sys.exit(main())
