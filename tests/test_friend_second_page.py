"""The same friend's link opened on a second device while the first still plays (issue 39): the
second page says that the game is played on another device, the game goes on between the first
two pages to its end, and nothing the second page sends stops or changes it."""

from __future__ import annotations

import random

from friend_play import GROUP, game_of, pair, play
from second_page import Room
from test_friend_panel import made, relay, reopened, small_group, take_turn  # noqa: F401 (small_group: the autouse fixture)

from crib_widgets.table import friend_bridge
from crib_widgets.table.friend import FriendGame
from crib_widgets.table.friend_stops import ELSEWHERE, ELSEWHERE_TAB

BASE = "https://example.org/15_full_game.html"


class SecondPage:
    """The second device's page: its own Python, so what arrives goes to its game alone."""

    def __init__(self, game: FriendGame) -> None:
        self.game, self.last, self.said = game, 0, []

    @property
    def outbox(self) -> list[tuple[int | None, str]]:
        new = [(None, t) for n, t in self.game.sent if n > self.last]
        self.last = self.game.count
        return new

    @outbox.setter
    def outbox(self, value: list[tuple[int | None, str]]) -> None:
        pass

    def receive(self, text: str, came_from: int | None = None) -> None:
        said = self.game.deliver(text)
        if said:
            self.said.append(said)


def test_bens_link_opened_on_his_laptop_mid_deal_says_so_and_the_game_goes_on():
    hub, ann, ben = pair(seed=3)
    room = Room(hub.sessions, hub.rng, hub.weather, number=lambda page: page.game.me)
    play(room, random.Random(3), moves=3)  # mid-deal
    laptop = FriendGame.join(ann.url(BASE), group=GROUP)  # Ben opens the same link on his laptop
    friend_bridge.register(ben)  # in a test all pages share one Python: the phone's page stays reached
    page = SecondPage(laptop)
    room.add(page, [t for g in (ann, ben) for _, t in g.sent])
    play(room, random.Random(4))
    ann, ben = game_of(room, 0), game_of(room, 1)
    assert ann.stopped == "" and ben.stopped == "" and ann.note == "" and ben.note == ""
    assert ann.session.is_over and ben.session.is_over and ann.status == "joined"
    assert laptop.stopped == ELSEWHERE.format(friend="Ann")
    assert laptop.stopped.startswith("Your game with Ann is already open on another device or tab: play it")
    assert set(page.said) == {laptop.stopped}  # what the page says of each message that reaches it
    assert laptop.legal_moves() == [] and laptop.waiting_for() is None


def test_a_changed_message_still_stops_the_game_with_a_second_page_in_the_room():
    hub, ann, ben = pair(seed=5)
    room = Room(hub.sessions, hub.rng, hub.weather, number=lambda page: page.game.me)
    play(room, random.Random(5), moves=2)
    laptop = FriendGame.join(ann.url(BASE), group=GROUP)
    friend_bridge.register(ben)
    room.add(SecondPage(laptop), [t for g in (ann, ben) for _, t in g.sent])
    room.settle()
    assert ann.stopped == ""
    first = next(t for _, t in ben.sent if '"kind":"move"' in t)
    ann.deliver(first.replace('"deal":1', '"deal":2', 1))
    assert ann.stopped.startswith("A message from Ben's device was changed on the way")


def test_a_second_tab_of_the_same_browser_keeps_out_and_keeps_nothing_over_the_first(monkeypatch):
    """The link opened again in the same browser brings back the same kept game: the tab that cannot
    have the room's lock (lib/friend.js) is told so, says where the game is played, offers no move
    and never writes its copy over the game the first tab keeps."""
    ann, ben = made(monkeypatch)
    rng = random.Random(8)
    for _ in range(12):
        relay(ann, ben)
        take_turn(rng, ann, ben)
    relay(ann, ben)
    second = reopened(monkeypatch, ben)  # a second tab: the same kept game
    flow = second.friend_panel.flow
    written, count = second.friend_panel.kept.value, flow.count
    said = flow.elsewhere()
    assert said == ELSEWHERE_TAB.format(friend="Ann") and said in second.status.value
    assert second.table.learner_moves() == [] and flow.count == count
    flow.tick()
    assert second.friend_panel.kept.value == written  # nothing kept over the first tab's game
    friend_bridge.register(ben.friend_panel.flow)  # in a test all pages share one Python
    relay(ann, ben)
    assert ann.friend_panel.flow.stopped == "" and ben.friend_panel.flow.stopped == ""
