"""The show: the order in which hands and the crib are counted, standard (automatic) counting
and 10 back, and the `Counting` value a Muggins show exposes."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..cards import Card
from ..scoring import hand_total
from ..words import plural
from .events import Event
from .fast import cards_text
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
            if self._score("show", owner, total, self._show_text(owner, cards, is_crib, total),
                           "the crib" if is_crib else "the hand", cards=cards, starter=starter,
                           is_crib=is_crib, _show=True):
                return
            if total == 0 and ten_back:
                self._ten_back(owner, is_crib)
        self._next_deal()

    def _show_text(self, owner: int, cards: Sequence[Card], is_crib: bool, total: int) -> str:
        what = "crib" if is_crib else "hand"
        return (f"{self._say.possessive(owner)} {what} {cards_text(cards)} with {self._cut_card().pretty}: "
                f"{plural(total, 'point') if total else 'nothing'}")

    def _ten_back(self, owner: int, is_crib: bool) -> None:
        side = self._side_of[owner]
        before = self._scores[side]
        after = max(0, before - 10)
        what = f"{self._say.possessive(owner)} {'crib' if is_crib else 'hand'} scored nothing"
        if before == 0:
            text = f"{what}: 10 back, but the pegs are at 0 and stay there"
        elif before < 10:
            text = f"{what}: back {before} to 0"
        else:
            text = f"{what}: 10 back, from {before} to {after}"
        self._move_pegs(side, after - before)
        self._events.append(Event("ten back", text, owner, side, after - before))
