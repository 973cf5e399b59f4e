"""Muggins for computer players: counting your own hand with human-like slips, and answering others.

A counter with ``miscount`` 0.1 gets one count in ten wrong: usually it misses one scoring
combination (a fifteen, a pair, a run, the flush or his nobs), sometimes it counts a fifteen
that is not there. A caller with ``skill`` 0.7 notices seven wrong counts in ten and then calls
Muggins for exactly the missed points, or objects to an over-count; it never makes a false call.

>>> import random
>>> from crib_widgets.cards import parse_cards
>>> hand, starter = parse_cards("5H 5D 4C 6C"), parse_cards("KD")[0]
>>> announce_count(hand, starter, False, miscount=0.0, rng=random.Random(1))
16
>>> answer_count(12, hand, starter, False, skill=1.0, rng=random.Random(1))
('muggins', 4)
>>> answer_count(18, hand, starter, False, skill=1.0, rng=random.Random(1))
('overcount', None)
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..cards import Card
from ..errors import CribbageError
from ..scoring import hand_total, score_hand

__all__ = ["announce_count", "answer_count", "check_rate"]

MAX_COUNT = 29
_UNDER = 0.8  # share of slips that miss points (the rest count a phantom fifteen)


def check_rate(name: str, value: float) -> float:
    """A probability from 0 to 1, or a `CribbageError` naming the setting."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 1:
        raise CribbageError(f"{name} must be a number from 0 to 1 (a probability), not {value!r}")
    return float(value)


def announce_count(cards: Sequence[Card], starter: Card, is_crib: bool, *, miscount: float,
                   rng: random.Random) -> int:
    """The count a computer announces for its own hand or crib: right, or with chance ``miscount``
    wrong by one missed combination (or one phantom fifteen)."""
    true = hand_total(cards, starter, is_crib)
    if rng.random() >= miscount:
        return true
    items = score_hand(cards, starter, crib=is_crib).items
    if items and (rng.random() < _UNDER or true > MAX_COUNT - 2):
        return true - rng.choice(items).points
    return true + 2


def answer_count(announced: int, cards: Sequence[Card], starter: Card, is_crib: bool, *, skill: float,
                 rng: random.Random) -> tuple[str, int | None]:
    """An opponent's answer to ``announced``: ``("accept", None)``, ``("muggins", missed)`` or
    ``("overcount", None)``. A wrong count is noticed with chance ``skill``."""
    true = hand_total(cards, starter, is_crib)
    if true == announced or rng.random() >= skill:
        return ("accept", None)
    if true > announced:
        return ("muggins", true - announced)
    return ("overcount", None)
