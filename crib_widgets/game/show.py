"""The show: the order in which hands and the crib are counted, and how each is named."""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import Card

__all__ = ["show_order", "Counting"]

from dataclasses import dataclass


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
