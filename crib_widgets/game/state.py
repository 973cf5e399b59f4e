"""The engine's state declared in one place: every field a `Game` holds, with its type, and the
steps one part of the engine asks of another.

`Game` is built from mixins (`checks`, `play`, `show`, `muggins`), each holding one job and all
reading and writing the same state; they inherit `GameState` so that a type checker (and a
reader) knows what each field is. `CountState` is the hand or crib being counted in a Muggins
show (the engine's own, mutable; `Counting` is the public, frozen view of it).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..cards import Card
    from .events import Event
    from .kinds import EventKind, Phase
    from .moves import Answer, Discard, Move
    from .narration import Narrator, Said
    from .result import GameResult
    from .rules import Rules
    from .setup import Setup

__all__ = ["GameState", "CountState", "ShowItem"]

ShowItem = tuple[int, tuple["Card", ...], bool]
"""(owner, cards, is_crib): one hand or the crib in the show's counting order."""


@dataclass(slots=True)
class CountState:
    """The hand or crib being counted in a Muggins show, while it is announced and answered."""

    item: ShowItem
    true: int  # what it really holds
    announced: int | None = None
    answerers: tuple[int, ...] = ()
    index: int = 0  # answerers who have accepted so far
    pegged: int = 0  # what the announce really pegged (exact finish may refuse it)

    def claimed(self) -> int:
        """The announced count (asked only once it is announced: in the answer phase)."""
        if self.announced is None:
            raise RuntimeError("the count has not been announced yet")
        return self.announced


class GameState:
    """The fields of a `Game`; the engine's parts read and write them (see `Game.copy`)."""

    # set once, in Game.__init__
    _rules: Rules
    _side_of: tuple[int, ...]
    _seed: int
    _rng: random.Random
    _decks: list[list[Card]]
    _names: tuple[str, ...]
    _say: Narrator
    _origin: Setup
    # the game so far
    _scores: list[int]
    _backs: list[int]
    _events: list[Event]
    _moves: list[Move]
    _result: GameResult | None
    _deal_number: int
    _first_deal: int  # the narration's number of the first deal
    _quiet: bool  # a lesson's set-up is laid out, not scored
    _phase: Phase
    _turn: int | None
    _dealer: int
    # this deal (set by PlayMixin._start_deal)
    _deal_start: int  # where its events begin: its ``deal`` event
    _deck: list[Card]
    _dealt: int
    _hands: list[list[Card]]
    _crib: list[Card]
    _starter: Card | None
    _kept: tuple[tuple[Card, ...], ...]
    _played: list[list[Card]]
    _left: int
    _pending: list[bool]
    _discard_moves: list[list[Discard] | None]
    _pile: list[Card]
    _count: int
    _said_go: list[bool]
    _last_layer: int | None
    _queue: list[ShowItem]
    _counting: CountState | None

    def _mover(self) -> int:
        """The seat to move in the play, announce or answer phase."""
        if self._turn is None:
            raise RuntimeError(f"no seat is to move in the {self._phase} phase")
        return self._turn

    def _cut_card(self) -> Card:
        """The starter, once it is turned (the play and the show)."""
        if self._starter is None:
            raise RuntimeError("the starter has not been turned yet")
        return self._starter

    def _counted(self) -> CountState:
        """The hand or crib being counted (the announce and answer phases)."""
        if self._counting is None:
            raise RuntimeError(f"nothing is being counted in the {self._phase} phase")
        return self._counting

    if TYPE_CHECKING:  # the steps one part asks of another (each defined once, in its own part)
        @property
        def prompt(self) -> str: ...
        def _score(self, kind: EventKind, seat: int, points: int, said: Said, *, end: bool = True,
                   **fields: Any) -> bool: ...
        def _move_pegs(self, side: int, delta: int) -> None: ...
        def _end(self, side: int) -> None: ...
        def _discarders(self) -> list[int]: ...
        def _check(self, move: Move) -> None: ...
        def _discard(self, seat: int, cards: tuple[Card, ...]) -> None: ...
        def _play(self, seat: int, card: Card) -> None: ...
        def _go(self, seat: int) -> None: ...
        def _answer(self, move: Answer) -> None: ...
        def _start_deal(self) -> None: ...
        def _next_deal(self) -> None: ...
        def _start_show(self) -> None: ...
        def _ten_back(self, owner: int, is_crib: bool) -> None: ...
        def _next_count(self) -> None: ...
