"""Playing friends at a table of three, on the built book (issue 39 item 5): three browsers, a relay
on 127.0.0.1.

Chapter 15's first table at 390 px, by touch, as check_friend.py drives it (its relay, its `Player`
and its moves are used here): Ann sets three seats in "Play a friend" (Ben and Cy each on their own
device) and makes the two links; Ben and Cy each open theirs; the first deal is dealt on all three
devices; each throws and all three play to the show of the first deal. Then Cy closes the tab, and
Ann's and Ben's pages name Cy as gone (not "a friend's page") and say what they can do; Cy opens the
link again in the same browser, both pages name Cy as back, and the second deal is dealt on all
three. ``--seats 4``: the same at a table of four partners, Ben and Dee each on their own device and
the computer (Cal, Ann's partner, played on Ann's device) in the fourth seat; Dee is the one who leaves.

Run by ``make site-test`` after ``make book``; screenshots in ``_build/screenshots/friend-multi/``.
Exit status 0 when every check passes.
"""

from __future__ import annotations

import contextlib
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urljoin

from check_friend import LINK, PANEL_TEXT, Player, both, play_until, said_failed, text_box, wait_until
from check_live import PHONE, Results
from check_people import PAGE
from friend_run import friend_parser, run_friend_check

FRIEND_SEAT = "A friend on their own device"
COMPUTER_SEAT = "The computer"
GONE_TIMEOUT_S = 60  # a closed tab's connection is seen to drop within a few seconds; its relay later


@dataclass(frozen=True)
class Table:
    """Who sits where: the link maker (Ann) first, then each other seat's name and whether a friend
    on their own device (True) or the computer (False) sits there."""

    toggle: str
    seats: tuple[tuple[str, bool], ...]
    words: str

    @property
    def friends(self) -> tuple[str, ...]:
        return tuple(name for name, friend in self.seats if friend)

    @property
    def friend_seats(self) -> list[int]:
        return [seat for seat, (_, friend) in enumerate(self.seats, 1) if friend]


TABLES = {
    3: Table("3 players", (("Ben", True), ("Cy", True)), "two friends at a table of three, three browsers"),
    4: Table("4: partners", (("Ben", True), ("Cal", False), ("Dee", True)),
             "two friends and the computer, partners at a table of four, three browsers"),
}


def make_links(ann: Player, table: Table, relay_url: str) -> list[str]:
    """Ann sets the table in "Play a friend" and makes the friends' links (in seat order)."""
    for attempt in range(3):  # the panel opens; a tap lost is tapped again, as a person would
        ann.tap("Play a friend")
        with contextlib.suppress(Exception):
            ann.button("Make the link").first.wait_for(state="visible", timeout=10_000)
        if ann.button("Make the link").count():
            break
        print(f"note: tap {attempt + 1} on 'Play a friend' did not open the panel within 10 s", flush=True)
    ann.tap(table.toggle)
    for seat, (_, friend) in enumerate(table.seats, 2):
        box = ann.area.locator(".widget-dropdown:visible").filter(has_text=f"Seat {seat}").locator("select")
        box.wait_for(state="visible", timeout=10_000)
        box.select_option(label=FRIEND_SEAT if friend else COMPUTER_SEAT)
    text_box(ann, "your name").fill(ann.name)
    text_box(ann, "others").fill(", ".join(name for name, _ in table.seats))
    text_box(ann, "relay").fill(relay_url)
    ann.tap("Make the link")
    until = time.monotonic() + 60
    while time.monotonic() < until:
        html = ann.area.evaluate(PANEL_TEXT).replace("&amp;", "&")
        links = list(dict.fromkeys(found.group(0) for found in LINK.finditer(html)))
        if len(links) >= len(table.friends):
            order = [html.find(f"The link for {name}:") for name in table.friends]
            if -1 not in order and order == sorted(order):
                return links
        time.sleep(0.5)
    raise AssertionError(f"not {len(table.friends)} links with #friend= in the panel after Make the link")


def panel_says(player: Player, words: str, limit_s: float, folded: bool = False) -> bool:
    """Whether ``player``'s table shows ``words`` within ``limit_s`` seconds (``folded``: or its
    panel says them, folded away)."""
    said = (lambda: words in player.text() or words in player.panel_text()) if folded else (
        lambda: words in player.text())
    with contextlib.suppress(AssertionError):
        wait_until(said, f"{player.name}'s table saying {words!r}", limit_s)
        return True
    return False


def check_game(browser, base: str, root: Path, relay_url: str, table: Table, results: Results,
               shots: Path) -> None:
    what = f"{PAGE} [play {table.words}, touch, 390px]"
    names = ("Ann", *table.friends)
    contexts = [browser.new_context(**PHONE) for _ in names]
    ann, *friends = players = [Player(c, base, root, name) for c, name in zip(contexts, names, strict=True)]
    try:
        ann.open(urljoin(base, PAGE))
        links = make_links(ann, table, relay_url)
        ann.shot(shots, "1-links")
        results.check(len(links) == 2 and all(link.startswith(urljoin(base, PAGE)) for link in links),
                      f"{what}: Make the link makes one link for each friend", " ".join(links))
        started = time.monotonic()
        for friend, link in zip(friends, links, strict=True):
            friend.open(link)
        for player in players:
            player.find_room()
        results.check(len({p.room for p in players}) == 1, f"{what}: each friend's page joins the same room",
                      " ".join(p.room for p in players))
        wait_until(lambda: both(players, phase="discard"), "the first deal on all three devices", 180)
        seconds = time.monotonic() - started
        seats = [p.state()["seat"] for p in players]
        results.check(seats == [0, *table.friend_seats], f"{what}: the first deal is dealt on all three "
                      f"devices, each at its own seat ({seconds:.0f} s from opening the links)", str(seats))
        print(f"time friend multi: from opening the two links to the first deal on three devices "
              f"{seconds:.1f} s", flush=True)
        for player in players:
            player.shot(shots, "2-dealt")
        started = time.monotonic()
        play_until(players, lambda: both(players, phase="play"), "the throws made on all three devices")
        play_until(players, lambda: all(p.button("Next deal").count() for p in players), "the first show")
        for player in players:
            player.shot(shots, "3-show")
        results.check(len({str(p.state()["played"]) for p in players}) == 1,
                      f"{what}: each throws and all three play the first deal by touch to the show "
                      f"({time.monotonic() - started:.0f} s)")
        left_and_back(players, links[-1], table.friend_seats[-1], what, results, shots)
    except Exception as exc:
        said_failed(results, f"{what}: plays a game with two friends", exc, players, shots)
    finally:
        for context in contexts:
            context.close()


def left_and_back(players: list[Player], link: str, seat: int, what: str, results: Results, shots: Path
                  ) -> None:
    """The last friend (Cy) closes the tab: Ann and Ben name Cy as gone and say what they can do; Cy
    comes back at ``seat`` and the game goes on."""
    ann, ben, cy = players
    started = time.monotonic()
    cy.tab.close()
    gone = [panel_says(p, f"{cy.name} has left the game", GONE_TIMEOUT_S) for p in (ann, ben)]
    seconds = time.monotonic() - started
    for player in (ann, ben):
        player.shot(shots, "4-cy-gone")
    said = {p.name: p.text() for p in (ann, ben)}
    results.check(all(gone) and not any("A friend's page" in text for text in said.values()),
                  f"{what}: {cy.name} closes the tab and both other pages name {cy.name} as gone "
                  f"({seconds:.0f} s)", said[ann.name][-800:])
    advice = f"You can wait for {cy.name} to come back"
    results.check(all(advice in text and "against the computer" in text for text in said.values()),
                  f"{what}: both say what they can do (wait for {cy.name}, finish against the computer, "
                  "save)",
                  said[ben.name][-800:])
    print(f"time friend multi: a closed tab named as gone on both other pages in {seconds:.1f} s", flush=True)
    started = time.monotonic()
    cy.tab = cy.tab.context.new_page()  # the same browser: the game kept there comes back
    cy.open(link)
    cy.find_room()
    back = [panel_says(p, f"{cy.name} has joined", GONE_TIMEOUT_S, folded=True) for p in (ann, ben)]
    seconds = time.monotonic() - started
    for player in (ann, ben, cy):
        player.shot(shots, "5-cy-back")
    still = [p.name for p in (ann, ben) if f"{cy.name} has left" in p.text() + p.panel_text()]
    results.check(all(back) and not still,
                  f"{what}: {cy.name} opens the link again in the same browser: both other pages name "
                  f"{cy.name} as back, and neither still says {cy.name} has left ({seconds:.0f} s)",
                  f"back {back}, still says gone: {still}; {ann.panel_text()} | {ben.panel_text()}")
    state = cy.state()
    results.check(state.get("seat") == seat and not state.get("stopped"),
                  f"{what}: {cy.name}'s page has the same game back, at {cy.name}'s seat", str(state)[:600])
    started = time.monotonic()
    for player in players:
        if player.button("Next deal").count():
            player.tap("Next deal")
    play_until(players, lambda: both(players, deal=2, phase="discard"), "the second deal on all three", 120)
    for player in players:
        player.shot(shots, "6-deal-2")
    results.check(True, f"{what}: the game goes on: the second deal is dealt on all three devices "
                  f"({time.monotonic() - started:.0f} s)")


def main(argv: list[str] | None = None) -> int:
    parser = friend_parser(__doc__, "friend-multi")
    parser.add_argument("--seats", type=int, choices=sorted(TABLES), default=3,
                        help="3: two friends; 4: partners, two friends and the computer")
    args = parser.parse_args(argv)

    def body(browser, base, root, relay_url, results, shots):
        check_game(browser, base, root, relay_url, TABLES[args.seats], results, shots)

    return run_friend_check(args, "friend multi", body)

if __name__ == "__main__":
    sys.exit(main())
