"""Helpers for the remote-play tests: devices on an in-memory network playing random legal moves."""

from __future__ import annotations

import json
import random
from collections.abc import Callable

from crib_widgets.game import Rules
from crib_widgets.remote.channel import Hub, Weather
from crib_widgets.remote.group import GROUPS
from crib_widgets.remote.keep import write_kept
from crib_widgets.remote.options import Options
from crib_widgets.remote.session import Session

GAME = "0123456789abcdef"
GROUP = GROUPS["test-160"]


def make_hub(players: int = 2, devices: tuple[int, ...] | None = None, *, partners: bool = False,
             seed: int = 1, weather: Weather | None = None, computers: tuple[bool, ...] | None = None,
             target: int = 61) -> Hub:
    """Sessions for a new game (device 0 makes the link) on one network."""
    devices = devices or tuple(range(players))
    options = Options(Rules(players=players, partners=partners, target=target),
                      tuple(f"P{i}" for i in range(players)), devices, computers or (False,) * players, 0,
                      GROUP.name)
    sessions = [Session(0, GAME, GROUP, options)]
    sessions += [Session(d, GAME, GROUP) for d in range(1, max(devices) + 1)]
    return Hub(sessions, random.Random(seed), weather or Weather())


def restart(hub: Hub, device: int) -> None:
    """Reload one device: its session comes back from the text it kept, as a page keeps it."""
    hub.sessions[device] = Session.restore(write_kept(hub.sessions[device].to_state()))


def play(hub: Hub, rng: random.Random, *, moves: int = 10_000,
         each: Callable[[Hub, int], None] | None = None) -> int:
    """Random legal moves until the game is over and proved (or ``moves`` were made, or a session
    stopped); ``each(hub, n)`` runs after every move. How many moves were made."""
    made = stuck = 0
    while made < moves:
        hub.settle()
        if any(s.stopped for s in hub.sessions):
            break
        if all(s.is_over and s.proved for s in hub.sessions):
            break
        movers = [s for s in hub.sessions if s.legal_moves()]
        if not movers:
            stuck += 1
            assert stuck < 60, [s.waiting_for() for s in hub.sessions]
            continue
        stuck = 0
        session = rng.choice(movers)
        session.play(rng.choice(session.legal_moves()))
        made += 1
        if each is not None:
            each(hub, made)
    return made


def hidden_cards(session: Session) -> dict[int, str]:
    """The cards of ``session``'s seats in the deal in play that no one else has been shown
    (slot -> the card's number as the wire would carry it)."""
    if not session._deals or not session._deals[-1].locks:
        return {}
    record = session._deals[-1]
    return {slot: format(GROUP.encode(card.index), "x") for slot, card in record.known.items()
            if record.layout.owner[slot] in session.seats and record.locks[slot]}


def assert_no_peeking(hub: Hub) -> None:
    """No session holds in the clear a card of another device's seat that has not been shown: not in
    what it knows, not in the state it keeps (only locked numbers), and what it knows of other seats
    was shown in public (every lock off)."""
    for session in hub.sessions:
        if not session._deals or not session._deals[-1].locks:
            continue
        record = session._deals[-1]
        for slot in record.known:
            assert record.layout.owner[slot] in session.seats or not record.locks[slot], slot
        state = session.to_state()  # this deal's messages and the device's own secrets
        mail = state["base"]["mail"] if "base" in state else {"sent": [], "from": 1}
        own = dict(enumerate(mail["sent"], mail["from"]))  # after a checkpoint, its own messages by number
        log = [own[t] if isinstance(t, int) else t for t in state["log"]]
        this_deal = [t for t in log if json.loads(t)["body"].get("deal") == record.number]
        kept = json.dumps([this_deal, list(state["secrets"].values())])
        for other in hub.sessions:
            if other is session or not other._deals or other._deals[-1].number != record.number:
                continue
            for slot, clear in hidden_cards(other).items():
                assert slot not in record.known
                assert f'"{clear}"' not in kept, f"device {session.me} holds a hidden card in the clear"
