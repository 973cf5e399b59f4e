"""Muggins for computer players: counting your own hand with human-like slips, and answering others.

A counter with ``miscount`` 0.1 gets one count in ten wrong by one real mistake drawn from the
catalogue the Muggins worksheets use (`crib_widgets.strategy.mistakes`): a combination
overlooked, a double run counted as one run, one counted twice, his nobs for the wrong jack, a
four-card flush counted in the crib, two cards taken for a fifteen (the Muggins quiz uses the
same catalogue). A caller with ``skill`` 0.7
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
from ..game.kinds import AnswerKind
from ..game.muggins import MAX_COUNT
from ..scoring import HandScore, ScoreItem, hand_total, score_hand
from .mistakes import draw_mistake

__all__ = ["Claim", "make_claim", "announce_count", "answer_count", "best_answer", "check_rate"]



def check_rate(name: str, value: float) -> float:
    """A probability from 0 to 1, or a `CribbageError` naming the setting."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 1:
        raise CribbageError(f"{name} must be a number from 0 to 1 (a probability), not {value!r}")
    return float(value)


Claim = tuple[int, HandScore, str]  # (announced points, the count as said, what went wrong)


def make_claim(score: HandScore, rng: random.Random, error_rate: float) -> Claim:
    """The computer's count of ``score``: right, or (with ``error_rate``) one real mistake drawn from
    the catalogue the worksheets use (`crib_widgets.strategy.mistakes`: a missed fifteen, pair,
    run, flush or nobs, a double run counted as one, a fifteen counted twice, his nobs for the
    wrong jack, a four-card flush in the crib, two cards taken for a fifteen, ...).

    The last element says what kind of slip it was: ``right``, ``missed`` (points left out),
    ``twice`` (a combination counted twice), ``false fifteen`` or ``not there`` (points claimed
    that the hand does not hold).
    """
    if rng.random() >= error_rate:
        return score.total, score, "right"
    mistake = draw_mistake(score, rng)
    said = replace(score, items=_in_count_order(mistake.claimed))
    if said.total > MAX_COUNT or said.total == score.total:  # nobody announces more than a hand can hold
        return score.total, score, "right"
    if said.total < score.total:
        kind = "missed"
    elif mistake.name == "a fifteen counted twice":
        kind = "twice"
    elif mistake.name == "a false fifteen":
        kind = "false fifteen"
    else:
        kind = "not there"
    return said.total, said, kind


def _in_count_order(items: Iterable[ScoreItem]) -> tuple[ScoreItem, ...]:
    order = {"fifteen": 0, "pair": 1, "run": 2, "flush": 3, "nobs": 4}
    return tuple(sorted(items, key=lambda i: order[i.kind]))


def announce_count(cards: Sequence[Card], starter: Card, is_crib: bool, *, miscount: float,
                   rng: random.Random) -> int:
    """The count a computer announces for its own hand or crib: right, or with chance ``miscount``
    wrong by one typical slip (see `make_claim`)."""
    return make_claim(score_hand(cards, starter, crib=is_crib), rng, miscount)[0]


def answer_count(announced: int, cards: Sequence[Card], starter: Card, is_crib: bool, *, skill: float,
                 rng: random.Random) -> tuple[AnswerKind, int | None]:
    """An opponent's answer to ``announced``: ``("accept", None)``, ``("muggins", missed)`` or
    ``("overcount", None)``. A wrong count is noticed with chance ``skill``."""
    true = hand_total(cards, starter, is_crib)
    if true == announced or rng.random() >= skill:
        return (AnswerKind.ACCEPT, None)
    return best_answer(announced, true)


def best_answer(announced: int, true: int) -> tuple[AnswerKind, int | None]:
    """The best answer to ``announced`` when the hand holds ``true``: the one home of the best
    Muggins call (the quiz, the review and the computer callers ask it).

    >>> best_answer(12, 16), best_answer(18, 16), best_answer(16, 16)
    (('muggins', 4), ('overcount', None), ('accept', None))
    """
    if true > announced:
        return (AnswerKind.MUGGINS, true - announced)
    if true < announced:
        return (AnswerKind.OVERCOUNT, None)
    return (AnswerKind.ACCEPT, None)
