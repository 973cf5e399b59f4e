"""A checked checkpoint of a remote game: what a device keeps of the deals already over and proved
honest by every device, so that the state it keeps to rejoin stays small.

The log of every message taken in grows with the game (a shuffled deck of 52 locked numbers is
about 13 KB with the 1,024-bit group, and each deal has one per device). Once a deal is over and
proved, its messages are needed no more: what it left (its cards and moves, checked by every
device's proof), the scores and the next dealer say everything. `take` writes the deals settled so
far as such a checkpoint; `Session.to_state` keeps it with the messages of the later deals only,
and `Session.restore` puts the checkpoint back (`put_back`) and takes those messages in again, each
checked by the engine as it was the first time.
"""

from __future__ import annotations

from typing import Any, Protocol

from ..cards import Card
from ..game import Event, Game, Move
from ..game.moves import move_from_list, move_to_list
from .mailbox import Mailbox
from .options import Options
from .poker import DealKeys
from .record import DealRecord, Layout
from .wire import Message, read

__all__ = ["Kept", "settled", "take", "put_back"]

_PROVED = DealKeys(1, tuple(range(52)))  # stands for a device's keys of a deal proved before the checkpoint


class Kept(Protocol):
    """What a checkpoint reads and restores of a session (`crib_widgets.remote.session.Session` is
    one): named here so that this module need not import the session, which imports it."""

    me: int
    game: str
    options: Options | None
    left: set[int]
    last_over: tuple[int, Game] | None
    _deals: list[DealRecord]
    _kept: list[tuple[list[Card], list[Move]]]
    _log: list[tuple[int, int, int, str]]
    _joined: set[int]
    _mail: Mailbox
    _past: list[Event]
    _engine: Game | None
    _engine_deal: int
    _taken: int

    @property
    def taken(self) -> int: ...

    def _need_options(self) -> Options: ...

    def _take(self, message: Message) -> None: ...

    def _deal_events(self, engine: Game) -> list[Event]: ...


def settled(session: Kept) -> int:
    """How many deals, from the first, are over and proved honest by every device (and kept)."""
    count = session.options.device_count if session.options else 0
    done = 0
    for record in session._deals:
        if not (record.done and len(record.keys) == count) or done >= len(session._kept):
            break
        done += 1
    return done


def take(session: Kept, deals: int) -> dict[str, Any]:
    """The checkpoint of ``session`` after its first ``deals`` deals (`settled`)."""
    o = session._need_options()
    record = session._deals[deals] if deals < len(session._deals) else None
    hello = next(text for _, sender, seq, text in session._log if sender == 0 and seq == 1)
    return {"hello": hello, "joined": sorted(session._joined), "deals": deals,
            "kept": [[[str(c) for c in deck], [move_to_list(m) for m in moves]]
                     for deck, moves in session._kept[:deals]],
            "next": None if record is None else [record.dealer, list(record.scores)],
            "left": sorted(session.left), "taken": session.taken, "mail": session._mail.state(o.device_count)}


def put_back(session: Kept, base: dict[str, Any]) -> None:
    """Bring ``session`` (new, nothing taken in) to the checkpoint ``base`` (`keep.read_kept` checked
    its fields; the hello and every deal's moves are checked again here, by the wire and the engine)."""
    session._take(read(base["hello"]))
    o = session._need_options()
    session._joined = set(base["joined"])
    session.left = set(base["left"])
    dealer, scores = o.dealer, (0,) * o.rules.sides
    for number, (deck, moves) in enumerate(base["kept"], 1):
        cards = [Card.parse(c) for c in deck]
        engine = Game(o.rules, seed=0, deck=cards, dealer=dealer, scores=list(scores),
                      names=list(o.names_at(session.me)), first_deal=number)
        played = [move_from_list(m) for m in moves]
        for move in played:
            engine.apply(move)
        record = DealRecord(number, dealer, scores, Layout.of(o.rules.players, dealer), done=True)
        record.keys = dict.fromkeys(range(o.device_count), _PROVED)  # every device shuffled and proved it
        record.shuffles = {d: [] for d in range(o.device_count)}
        session._deals.append(record)
        session._kept.append((cards, played))
        session._past += session._deal_events(engine)
        session._engine, session._engine_deal, session.last_over = engine, number, (number, engine)
        dealer, scores = engine.dealer, tuple(engine.scores)
    if base["next"] is not None:
        dealer, scores = base["next"][0], tuple(base["next"][1])
        layout = Layout.of(o.rules.players, dealer)
        session._deals.append(DealRecord(base["deals"] + 1, dealer, scores, layout))
    session._mail = Mailbox.from_state(session.game, session.me, base["mail"])
    session._log = session._log[:1]  # the hello; the checkpoint stands for the other messages before it
    session._taken = base["taken"]
