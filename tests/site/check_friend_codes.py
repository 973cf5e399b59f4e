"""Playing a friend with no relay at all, on the built book (issue 39, the last resort): two codes
swapped by hand between two browsers, nothing reachable but 127.0.0.1 and no relay running.

Two browser profiles at 390 px, by touch, on chapter 15's first table: Ann opens Play a friend, then
("No relay reaches your friend?") Swap two codes instead, types the names and taps Show my code; Ben
opens the same page and route, types Ann's code as her screen shows it (first with one character
wrong: one sentence says so), taps Use the code, and his page shows a code of its own, which Ann types
back. The two browsers then talk directly (WebRTC host candidates: Chromium is told not to hide them
behind mDNS names, which nothing here resolves, as check_friend.py). Checked: each code is read from
the other page's screen; the first deal is dealt on both; each page names the route ("No relay") and
fetched nothing off this machine; Ben's tab is reloaded and a new pair of codes brings the same game
and hand back. Prints each code's length and the times.

Run by ``make site-test`` after ``make book``; screenshots in ``_build/screenshots/friend-codes/``.
Exit status 0 when every check passes.
"""

from __future__ import annotations

import contextlib
import re
import sys
import time
from pathlib import Path
from urllib.parse import urljoin

from check_friend import PAGE, Player, both, said_failed, text_box, wait_until
from check_live import LIVE_TIMEOUT_MS, PHONE, Results
from friend_run import friend_parser, run_friend_check

ROUTE = "Swap two codes instead"  # beside "No relay reaches your friend?"
CODE = re.compile(r"^[0-9A-HJKMNP-TV-Z]{1,4}( [0-9A-HJKMNP-TV-Z]{1,4})+$")
DEAL_S = 180  # from the second code to the first deal on both (Python starting in both pages included)


def open_route(player: Player) -> None:
    """Play a friend, then the codes' route (a tap lost is tapped again, as check_friend does)."""
    for attempt in range(3):
        player.tap("Play a friend")
        with contextlib.suppress(Exception):
            player.button(ROUTE).first.wait_for(state="visible", timeout=10_000)
        if player.button(ROUTE).count():
            break
        print(f"note: {player.name}'s tap {attempt + 1} on 'Play a friend' opened nothing within 10 s",
              flush=True)
    player.tap(ROUTE)


def code_on_screen(player: Player, not_this: str = "", timeout_s: float = 60) -> str:
    """The code this player's page shows, as a person reads it off the screen."""
    until = time.monotonic() + timeout_s
    shown = player.area.locator("code.crib-friend-code:visible")
    while time.monotonic() < until:
        if shown.count():
            text = " ".join(shown.first.inner_text().split())
            if CODE.fullmatch(text) and text != not_this:
                return text
        time.sleep(0.3)
    raise AssertionError(f"{player.name}'s page shows no code ({player.text()[-400:]!r})")


def type_code(player: Player, code: str) -> None:
    """Tap the Friend's code box, type the code as read, tap Use the code."""
    player.button("Use the code").first.wait_for(state="visible", timeout=60_000)
    box = text_box(player, "friend's code")
    box.tap()
    box.fill("")
    player.tab.keyboard.type(code)
    player.tap("Use the code")


def one_wrong(code: str) -> str:
    """The code with one character typed wrong (a 7 for an 8, or an 8 for anything else)."""
    i = len(code) // 2 + (code[len(code) // 2] == " ")
    return code[:i] + ("7" if code[i] == "8" else "8") + code[i + 1:]


def swap(ann: Player, ben: Player, what: str, results: Results, offer: str) -> tuple[str, str]:
    """Ben types Ann's code (``offer``, read off her screen), Ann types Ben's; returns both."""
    type_code(ben, offer)
    answer = code_on_screen(ben)
    type_code(ann, answer)
    return offer, answer


def check_codes(browser, base: str, root: Path, results: Results, shots: Path) -> None:
    what = f"{PAGE} [two codes by hand, no relay, two browsers, touch, 390px]"
    contexts = [browser.new_context(**PHONE), browser.new_context(**PHONE)]
    ann, ben = Player(contexts[0], base, root, "Ann"), Player(contexts[1], base, root, "Ben")
    try:
        opened = time.monotonic()
        for player in (ann, ben):  # both pages start their Python side by side, as two phones would
            player.tab.goto(urljoin(base, PAGE), wait_until="domcontentloaded", timeout=120_000)
            player.out.scroll_into_view_if_needed()
        for player in (ann, ben):
            player.area.wait_for(state="visible", timeout=LIVE_TIMEOUT_MS)
        print(f"time friend codes: both tables live {time.monotonic() - opened:.1f} s after opening",
              flush=True)
        open_route(ann)
        with contextlib.suppress(Exception):
            ann.area.get_by_text("same Wi-Fi").first.wait_for(state="visible", timeout=30_000)
        results.check("same Wi-Fi" in ann.text(),
                      f"{what}: the route says it needs the same Wi-Fi or network")
        text_box(ann, "your name").fill(ann.name)
        text_box(ann, "friend's name").fill(ben.name)
        ann.tap("Show my code")
        offer = code_on_screen(ann)
        print(f"time friend codes: Ann's code on her screen {time.monotonic() - opened:.1f} s after opening",
              flush=True)
        ann.shot(shots, "1-code")
        open_route(ben)
        wrong = one_wrong(offer)
        type_code(ben, wrong)
        with contextlib.suppress(Exception):
            ben.area.get_by_text("has a mistake in it").first.wait_for(state="visible", timeout=30_000)
        results.check("This code has a mistake in it" in ben.text(),
                      f"{what}: a code with one character typed wrong is one sentence on the screen",
                      ben.text()[-500:])
        ben.shot(shots, "2-mistake")
        started = time.monotonic()
        offer, answer = swap(ann, ben, what, results, offer)
        ben.shot(shots, "3-code")
        lengths = [len(c.replace(" ", "")) for c in (offer, answer)]
        print(f"codes: Ann's (the offer) {lengths[0]} characters, Ben's (the answer) {lengths[1]} "
              f"({offer!r}, {answer!r})", flush=True)
        results.check(lengths[0] <= 60 and lengths[1] <= 90,
                      f"{what}: each code is read off one screen and typed on the other "
                      f"({lengths[0]} and {lengths[1]} characters, in groups of four)")
        ann.find_room()
        ben.find_room()
        wait_until(lambda: both([ann, ben], phase="discard"), "the first deal on both devices", DEAL_S)
        seconds = time.monotonic() - started
        print(f"time friend codes: from the second code typed to the first deal on both {seconds:.1f} s",
              flush=True)
        results.check(True, f"{what}: the first deal is dealt on both devices ({seconds:.0f} s after the "
                      "second code)")
        for player in (ann, ben):
            player.shot(shots, "4-dealt")
        words = "".join(p.area.evaluate("(area) => area.textContent") for p in (ann, ben))  # folded too
        results.check(words.count("No relay: the two devices talk directly") >= 2,
                      f"{what}: both pages say the game goes by no relay", words[-600:])
        away = [u for p in (ann, ben) for u in p.requests
                if not u.startswith((base, "data:", "blob:"))]
        results.check(not away, f"{what}: neither page asked anything of another machine", str(away[:5]))
        reload_and_swap_again(ann, ben, offer, what, results, shots)
    except Exception as exc:
        said_failed(results, f"{what}: plays a game by two codes", exc, (ann, ben), shots)
    finally:
        for context in contexts:
            context.close()


def reload_and_swap_again(ann: Player, ben: Player, first: str, what: str, results: Results,
                          shots: Path) -> None:
    """Ben's tab is reloaded: Ann's page shows a new code, Ben types it, Ann types his new one, and
    both have the same game and hands back."""
    before = {p.name: p.state() for p in (ann, ben)}
    started = time.monotonic()
    ben.reload()
    offer = code_on_screen(ann, not_this=first)  # the connection lost: a new code at once
    with contextlib.suppress(Exception):
        ben.button("Use the code").first.wait_for(state="visible", timeout=60_000)
    swap(ann, ben, what, results, offer)
    ben.find_room()
    wait_until(lambda: all(p.state().get("events", 0) >= before[p.name]["events"] for p in (ann, ben))
               and both([ann, ben], phase="discard"), "the game back on both after the reload", 120)
    after = {p.name: p.state() for p in (ann, ben)}
    same = all(after[n]["hands"][after[n]["seat"]] == before[n]["hands"][before[n]["seat"]] for n in after)
    results.check(same, f"{what}: after a reload a new pair of codes brings the same game and hands back on "
                  f"both ({time.monotonic() - started:.0f} s from the reload)", f"{before} -> {after}")
    ben.shot(shots, "5-reloaded")


def main(argv: list[str] | None = None) -> int:
    args = friend_parser(__doc__, "friend-codes").parse_args(argv)

    def body(browser, base, root, _relay_url, results, shots):
        check_codes(browser, base, root, results, shots)

    return run_friend_check(args, "friend codes", body, with_relay=False)

if __name__ == "__main__":
    sys.exit(main())
