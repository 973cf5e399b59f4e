"""Muggins for computer players: counting your own hand with human-like slips, and answering others.

A counter with ``miscount`` 0.1 gets one count in ten wrong by one typical slip: a scoring
combination overlooked (a fifteen, a pair, a run, the flush or his nobs), one counted twice, or
two cards taken for a fifteen (the Muggins quiz uses the same slips). A caller with ``skill`` 0.7
notices seven wrong counts in ten and then calls Muggins for exactly the missed points, or
objects to an over-count; it never makes a false call.

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
from collections.abc import Iterable, Sequence
from dataclasses import replace

from ..cards import Card
from ..errors import CribbageError
from ..game.muggins import MAX_COUNT
from ..scoring import HandScore, ScoreItem, hand_total, score_hand

__all__ = ["Claim", "make_claim", "announce_count", "answer_count", "check_rate"]



def check_rate(name: str, value: float) -> float:
    """A probability from 0 to 1, or a `CribbageError` naming the setting."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 1:
        raise CribbageError(f"{name} must be a number from 0 to 1 (a probability), not {value!r}")
    return float(value)


Claim = tuple[int, HandScore, str]  # (announced points, the count as said, what went wrong)


def make_claim(score: HandScore, rng: random.Random, error_rate: float) -> Claim:
    """The computer's count of ``score``: right, or (with ``error_rate``) one typical slip.

    Slips: a combination overlooked, one counted twice, or two cards taken for a fifteen.
    """
    if rng.random() >= error_rate:
        return score.total, score, "right"
    items = list(score.items)
    # a pair counted twice would be said as one bigger set, so only other combinations are doubled
    doubles = [i for i in items if i.kind != "pair"]
    slips = ["twice", "false fifteen"] + (["missed"] * 2 if items else [])
    slip = rng.choice(slips)
    if slip == "missed":
        items.pop(rng.randrange(len(items)))
    elif slip == "twice" and doubles:
        items.append(rng.choice(doubles))
    else:
        five = [*score.hand, score.starter]
        pairs = [(a, b) for i, a in enumerate(five) for b in five[i + 1:] if a.value + b.value != 15]
        items.insert(0, ScoreItem("fifteen", rng.choice(pairs), 2))
        slip = "false fifteen"
    said = replace(score, items=_in_count_order(items))
    if said.total > MAX_COUNT:  # nobody announces more than a hand can hold
        return score.total, score, "right"
    return said.total, said, slip


def _in_count_order(items: Iterable[ScoreItem]) -> tuple[ScoreItem, ...]:
    order = {"fifteen": 0, "pair": 1, "run": 2, "flush": 3, "nobs": 4}
    return tuple(sorted(items, key=lambda i: order[i.kind]))


def announce_count(cards: Sequence[Card], starter: Card, is_crib: bool, *, miscount: float,
                   rng: random.Random) -> int:
    """The count a computer announces for its own hand or crib: right, or with chance ``miscount``
    wrong by one typical slip (see `make_claim`)."""
    return make_claim(score_hand(cards, starter, crib=is_crib), rng, miscount)[0]


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
