"""The show: the order in which hands and the crib are counted, standard (automatic) counting
and 10 back, and the `Counting` value a Muggins show exposes."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..cards import Card
from ..scoring import hand_total
from .events import Event
from .kinds import EventKind
from .state import GameState

__all__ = ["show_order", "Counting", "ShowMixin"]


@dataclass(frozen=True, slots=True)
class Counting:
    """The hand or crib being counted in a Muggins show.

    ``owner`` counts it (the dealer for the crib); ``announced`` is None until the count is
    announced; ``answerers`` answer in this order and ``answered`` of them have accepted so far.
    """

    owner: int
    cards: tuple[Card, ...]
    starter: Card
    is_crib: bool
    announced: int | None
    answerers: tuple[int, ...]
    answered: int

    @property
    def what(self) -> str:
        return "crib" if self.is_crib else "hand"


def show_order(players: int, dealer: int, kept: Sequence[tuple[Card, ...]], crib: Sequence[Card]
               ) -> list[tuple[int, tuple[Card, ...], bool]]:
    """(owner, cards, is_crib) in counting order: left of the dealer first, the dealer, the crib."""
    seats = [(dealer + i) % players for i in range(1, players + 1)]
    return [(s, kept[s], False) for s in seats] + [(dealer, tuple(crib), True)]


class ShowMixin(GameState):
    """The show of `Game` (which holds the state): counted automatically, or handed to the
    Muggins steps, and 10 back."""

    def _start_show(self) -> None:
        self._queue = show_order(self._rules.players, self._dealer, self._kept, self._crib)
        self._turn = None
        if self._rules.muggins:
            self._next_count()
            return
        starter, ten_back = self._cut_card(), self._rules.ten_back
        for owner, cards, is_crib in self._queue:
            total = hand_total(cards, starter, is_crib)
            said = self._say.show(owner, cards, starter, is_crib, total)
            if self._score(EventKind.SHOW, owner, total, said, cards=cards, starter=starter, is_crib=is_crib,
                           _show=True):
                return
            if total == 0 and ten_back:
                self._ten_back(owner, is_crib)
        self._next_deal()

    def _ten_back(self, owner: int, is_crib: bool) -> None:
        side = self._side_of[owner]
        before = self._scores[side]
        after = max(0, before - 10)
        self._move_pegs(side, after - before)
        text = self._say.ten_back(owner, is_crib, before, after)
        self._events.append(Event(EventKind.TEN_BACK, text, owner, side, after - before))
