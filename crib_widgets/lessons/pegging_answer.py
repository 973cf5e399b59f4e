"""The engine's answer to a pegging drill question: per card of the hand, its points or value and
the reasons. The drill (`pegging`) works it out; chapter 11's technique positions (`techniques`)
read it from their store. Both stand on this module, so neither imports the other for it.

>>> from crib_widgets.cards import Card
>>> a = Answer(None, 2, (), ((Card.parse("5H"), 2, ("2 for a pair",)), (Card.parse("9C"), None, ())))
>>> a.best_cards
(Card(rank=5, suit='H'),)
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import Card

__all__ = ["Answer", "Option"]

Option = tuple[Card, float | None, tuple[str, ...]]
"""A card of the hand, its points or value (None: it cannot be laid), and the reasons."""


@dataclass(frozen=True)
class Answer:
    """The engine's answer to a scenario: per candidate card, its points and reasons."""

    card: Card | None  # the card asked about ("last"), or None for "best", "safest" and "strong"
    # its points ("last"), the most any card scores ("best"), the best value ("safest", "strong")
    points: float
    reasons: tuple[str, ...]
    # "best", "safest" and "strong": (card, points or value, or None when it cannot be laid; reasons)
    options: tuple[Option, ...] = ()
    tie: float = 0.0  # a card this close to the best is as good ("strong": the look-ahead's figures)
    note: str = ""  # "strong": where a strong player's habit and the computer's figures differ

    @property
    def best_cards(self) -> tuple[Card, ...]:
        """The right cards: those that score the most, or are worth the most (several when tied)."""
        return tuple(card for card, pts, _ in self.options if self.is_best(pts))

    def is_best(self, points: float | None) -> bool:
        """Whether a card scoring or worth ``points`` is a right answer."""
        return points is not None and points >= self.points - self.tie - 1e-9
