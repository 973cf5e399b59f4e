"""The plain reference for discard averages: score every completion one by one with `hand_total`.

Slow (about a second per six-card hand) and obviously right; tests and ``bench/strategy.py`` check
`advise_discard` against it.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from itertools import combinations

from ..cards import Card
from ..scoring import hand_total
from .discard import unseen_cards

__all__ = ["plain_hand_average", "plain_crib_average", "plain_averages", "plain_advise"]


def plain_hand_average(keep: Sequence[Card], unseen: Sequence[Card]) -> Fraction:
    """The kept hand's average over every unseen starter."""
    return Fraction(sum(hand_total(keep, s) for s in unseen), len(unseen))


def plain_crib_average(discard: Sequence[Card], unseen: Sequence[Card]) -> Fraction:
    """The crib's average over every set of other crib cards and every starter left after them."""
    total = ways = 0
    for others in combinations(unseen, 4 - len(discard)):
        crib = (*discard, *others)
        for starter in unseen:
            if starter in others:
                continue
            total += hand_total(crib, starter, True)
            ways += 1
    return Fraction(total, ways)


def plain_averages(hand: Sequence[Card], discard: Sequence[Card]) -> tuple[Fraction, Fraction]:
    """(hand average, crib average) for throwing ``discard`` from the dealt ``hand``."""
    unseen = unseen_cards(hand)
    keep = [c for c in hand if c not in discard]
    return plain_hand_average(keep, unseen), plain_crib_average(discard, unseen)


def plain_advise(hand: Sequence[Card]) -> dict[frozenset[Card], tuple[Fraction, Fraction]]:
    """(hand average, crib average) for every way to throw from ``hand``, by the plain loop."""
    throw = len(hand) - 4
    return {frozenset(d): plain_averages(hand, d) for d in combinations(hand, throw)}
