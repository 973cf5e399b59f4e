"""Helpers for the "Play a friend" tests: two `FriendGame`s on the in-memory network of
`crib_widgets.remote.channel`, everything passing as the page passes it (read from the hidden
``crib-friend-out`` element, handed back through `crib_widgets.table.friend_bridge` as base64)."""

from __future__ import annotations

import base64
import html
import json
import random
import re

from crib_widgets.remote.channel import Hub, Weather
from crib_widgets.table import friend_bridge
from crib_widgets.table.friend import FriendGame
from crib_widgets.table.friend_keep import come_back

GROUP = "test-160"
_PRE = re.compile(r'<pre class="crib-friend-text" data-room="([A-Za-z0-9_-]+)" data-relay="([^"]*)" '
                  r'(?:data-codes="(?:make|take)" data-typed="[^"]*" )?data-n="([0-9]+)">(.*)</pre>', re.S)


def sent(game: FriendGame) -> list[tuple[int, str]]:
    """The numbered messages the page reads from the game's hidden element."""
    found = _PRE.fullmatch(game.out_html())
    assert found is not None, game.out_html()[:200]
    pairs = json.loads(html.unescape(found.group(4)))
    assert int(found.group(3)) == (pairs[-1][0] if pairs else 0)
    return [(n, t) for n, t in pairs]


def b64(text: str) -> str:
    return base64.b64encode(text.encode()).decode()


class Page:
    """One device's page: what its element shows goes out once (numbered above the last sent);
    what arrives goes to Python through the bridge."""

    def __init__(self, game: FriendGame) -> None:
        self.game = game
        self.last = 0
        self.said: list[str] = []

    @property
    def outbox(self) -> list[tuple[int | None, str]]:
        if self.game.count == self.last:
            return []
        new = [(n, t) for n, t in sent(self.game) if n > self.last]
        if new:
            self.last = new[-1][0]
        return [(None, t) for _, t in new]

    @outbox.setter
    def outbox(self, value: list[tuple[int | None, str]]) -> None:
        pass  # read once by the getter, as the page sends each number once

    def receive(self, text: str, came_from: int | None = None) -> None:
        said = friend_bridge.deliver(self.game.room, b64(text))
        if said:
            self.said.append(said)

    def tick(self) -> None:
        self.game.tick()


def pair(*, seed: int = 1, weather: Weather | None = None, target: int = 61, muggins: bool = False
         ) -> tuple[Hub, FriendGame, FriendGame]:
    """Ann makes the link, Ben opens it; their pages on one network."""
    ann = FriendGame.make(target=target, muggins=muggins, names=("Ann", "Ben"), group=GROUP, dealer=0)
    ben = FriendGame.join(ann.url("https://example.org/15_full_game.html"), group=GROUP)
    hub = Hub([Page(ann), Page(ben)], random.Random(seed), weather or Weather())  # type: ignore[list-item]
    return hub, ann, ben


def table(seats: tuple[str, ...], names: tuple[str, ...], *, seed: int = 1, weather: Weather | None = None,
          target: int = 61) -> tuple[Hub, list[FriendGame]]:
    """Ann makes the links of a table of three or four seats; each friend opens their own."""
    maker = FriendGame.make(target=target, names=names, group=GROUP, dealer=0, seats=seats)
    games = [maker] + [FriendGame.join(maker.url("https://example.org/15_full_game.html", d), group=GROUP)
                       for d in maker.link.friend_devices]
    hub = Hub([Page(g) for g in games], random.Random(seed), weather or Weather())  # type: ignore[misc]
    return hub, games


def game_of(hub: Hub, device: int) -> FriendGame:
    return hub.sessions[device].game  # type: ignore[attr-defined, no-any-return]


def reload(hub: Hub, device: int) -> FriendGame:
    """Reload one device's page: Python starts again from what the page kept (and its link)."""
    old = game_of(hub, device)
    environ = {"CRIB_GAMES": json.dumps({old.keep: old.keep_text()}),
               "CRIB_PAGE_LINK": old.url("https://example.org/15_full_game.html") if device else
               "https://example.org/15_full_game.html"}
    game, note = come_back(old.keep, environ, GROUP)
    assert note == "" and game is not None and game is not old
    hub.sessions[device] = Page(game)  # type: ignore[call-overload]
    return game


def play(hub: Hub, rng: random.Random, *, moves: int = 10_000, each=None) -> int:
    """Random legal moves at whichever device may move, until the game is over on both (or
    ``moves`` were made, or a game stopped)."""
    made = stuck = 0
    while made < moves:
        hub.settle()
        games = [game_of(hub, d) for d in range(len(hub.sessions))]
        if any(g.stopped for g in games) or all(g.session.is_over and g.session.proved for g in games):
            break
        movers = [g for g in games if g.legal_moves()]
        if not movers:
            stuck += 1
            assert stuck < 60, [g.waiting_for() for g in games]
            continue
        stuck = 0
        game = rng.choice(movers)
        assert game.play(rng.choice(game.legal_moves())) == ""
        made += 1
        if each is not None:
            each(hub, made)
    return made
