"""A game kept through a reload, and a shared position opened on the same turn (issue 36 items 2, 3).

On chapter 15's page of the built book (``_build/html``), served locally and opened in Debian's
Chromium at 390 px by touch, with every host name but 127.0.0.1 unresolvable (as check_live.py):

- **a reload**: the table's game to 121 is played into the middle of its first deal by touch; the
  page has kept it in the browser's storage (``crib-game:full-game``), the same game as the one the
  page's cell code plays here; after a reload the table says "Welcome back", shows the same hand and
  says what the same widget says here when handed what the page kept; a card then tapped is answered;
- **a shared position**: the position at that moment, shared, opens in a fresh browser on the same
  turn and count, saying what the same widget says here when opened with that link.

Run by ``make site-test`` after ``make book``; screenshots in ``_build/screenshots/kept/``.
Exit status 0 when every check passes.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urljoin

from check_live import (
    CHROMIUM_FLAGS,
    LIVE_TIMEOUT_MS,
    PHONE,
    PageDriver,
    Results,
    page_config,
    serve,
    status_words,
)
from check_people import LINK_VARIABLE, PAGE, settle, shown_cards, tap_card
from playwright.sync_api import sync_playwright

GAMES_VARIABLE = "CRIB_GAMES"  # crib_widgets.table.keep.VARIABLE: what the page hands Python
KEPT = """() => Object.fromEntries(Object.keys(localStorage).filter((k) => k.startsWith('crib-game:'))
  .map((k) => [k.slice('crib-game:'.length), localStorage.getItem(k)]))"""


def driver_on(tab, root: Path, environ: dict[str, str]) -> PageDriver:
    """A driver of the page's first game table, its mirror made with ``environ`` as the page sets it."""
    config = page_config(root, PAGE)
    saved = {key: os.environ.get(key) for key in environ}
    os.environ.update(environ)
    try:
        driver = PageDriver(tab, config, config["widgets"][0]["model_id"], "touch")
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
    driver.out.scroll_into_view_if_needed()
    driver.mirror.pace = "next"  # the mirror takes the computers' moves at once (settle)
    return driver


def into_the_play(driver: PageDriver) -> None:
    """Throw two cards and lay a card in the play by touch, on the page and on the mirror."""
    m = driver.mirror
    for button in list(m.picker.buttons)[:2]:  # the first tap is kept while Python starts
        driver.wait_says(tap_card(driver, button, timeout=LIVE_TIMEOUT_MS), timeout=LIVE_TIMEOUT_MS)
    driver.act("Lay in the crib")
    settle(m)
    driver.wait_says(status_words(m), timeout=LIVE_TIMEOUT_MS)
    if m.game.phase == "play" and m.table.learner_moves():
        driver.wait_says(tap_card(driver, next(b for b in m.picker.buttons if not b.disabled)))


def check_reload(context, base: str, root: Path, results: Results, shots: Path) -> str:
    """The game survives a reload; returns the shared link of the position reached ("" if none)."""
    what = f"{PAGE} [a game to 121 reloaded mid-deal, touch, 390px]"
    tab = context.new_page()
    try:
        tab.goto(urljoin(base, PAGE), wait_until="domcontentloaded", timeout=120_000)
        driver = driver_on(tab, root, {GAMES_VARIABLE: "{}"})
        into_the_play(driver)
        before = driver.mirror
        kept = tab.evaluate(KEPT)
        game = json.loads(kept.get("full-game", "{}")).get("game", {})
        results.check(game.get("moves") == json.loads(before.to_json())["game"]["moves"],
                      f"{what}: the page keeps the game as it is played", f"kept {sorted(kept)}")
        tab.reload(wait_until="domcontentloaded", timeout=120_000)
        driver = driver_on(tab, root, {GAMES_VARIABLE: json.dumps(kept)})
        after = driver.mirror
        driver.wait_says("Welcomeback:yourgame(2players,121points,deal1)", timeout=LIVE_TIMEOUT_MS)
        driver.wait_says(status_words(after))
        hand = {c.name for c in after.game.hands[after.table.you]}
        results.check(after.game.moves == before.game.moves and hand <= shown_cards(driver),
                      f"{what}: after the reload the same game is back, the same cards in hand, 121 points",
                      f"hand {sorted(hand)}, shown {sorted(shown_cards(driver))}")
        driver.out.screenshot(path=str(shots / "reloaded.png"))
        link = after.table.share_link(urljoin(base, PAGE))
        if after.table.learner_moves() and after.game.phase == "play":
            driver.wait_says(tap_card(driver, next(b for b in after.picker.buttons if not b.disabled)))
            results.check(True, f"{what}: a card tapped after the reload is answered")
        return link
    except Exception as exc:
        results.check(False, f"{what}: plays, reloads and goes on", f"{type(exc).__name__}: {exc}"[:1200])
        with contextlib.suppress(Exception):
            tab.screenshot(path=str(shots / "reload-failed.png"))
        return ""
    finally:
        tab.close()


def check_shared(context, base: str, root: Path, link: str, results: Results, shots: Path) -> None:
    what = f"{PAGE} [a position shared mid-deal, opened in a fresh browser, touch, 390px]"
    tab = context.new_page()
    try:
        tab.goto(link, wait_until="domcontentloaded", timeout=120_000)
        driver = driver_on(tab, root, {LINK_VARIABLE: link, GAMES_VARIABLE: "{}"})
        m = driver.mirror
        driver.wait_says("Openedthesharedposition", timeout=LIVE_TIMEOUT_MS)
        driver.wait_says(status_words(m))
        results.check(m.game.phase == "play",
                      f"{what}: it opens on the same turn and count ({m.game.count}), saying what the "
                      "table says here", m.status_text)
        driver.out.screenshot(path=str(shots / "shared-mid-deal.png"))
    except Exception as exc:
        results.check(False, f"{what}: opens the position", f"{type(exc).__name__}: {exc}"[:1200])
    finally:
        tab.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site", nargs="?", default="_build/html", help="the built book (default _build/html)")
    parser.add_argument("--screenshots", default="_build/screenshots/kept", help="folder for the PNGs")
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
        with sync_playwright() as pw:
            link = ""
            for check in ("reload", "shared"):
                with tempfile.TemporaryDirectory(prefix="crib-kept-") as profile, contextlib.closing(
                        pw.chromium.launch_persistent_context(profile, executable_path=args.chromium,
                                                              args=CHROMIUM_FLAGS, **PHONE)) as context:
                    if check == "reload":
                        link = check_reload(context, base, root, results, shots)
                    elif link:
                        check_shared(context, base, root, link, results, shots)
    finally:
        server.shutdown()
    print(f"\nkept: {len(results.passed)} passed, {len(results.failed)} failed in "
          f"{time.monotonic() - started:.0f} s")
    return 1 if results.failed else 0


if __name__ == "__main__":
    sys.exit(main())
