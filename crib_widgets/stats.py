"""Exact statistics of the show over all 12,994,800 (four cards, starter) combinations.

Counting beats enumerating: for each multiset of hand ranks and each starter rank, the number of
suit choices is a product of binomials, and the flush and nobs bonuses can be counted from it
directly, so the whole distribution takes about 25,000 steps instead of 13 million.

>>> dist = score_distribution()
>>> sum(dist.values()), dist[29], dist[19]
(12994800, 4, 0)
>>> round(percentile_below(12), 1)
96.0

Those figures are for four random cards. The hands people keep are better: their figures need the
discard advice, so they are the strategy package's (`crib_widgets.strategy.kept_hands`).
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import cache
from itertools import combinations_with_replacement
from math import comb

from .scoring import MAX_HAND_SCORE, rank_key, rank_table

__all__ = [
    "TOTAL_COMBINATIONS",
    "score_distribution",
    "mean_score",
    "percentile_below",
    "probability_at_least",
    "rarity",
    "chance_of_29_dealt_six",
]

TOTAL_COMBINATIONS = comb(52, 4) * 48
JACK = 11


@cache
def _distribution(crib: bool) -> tuple[int, ...]:
    table = rank_table()
    counts = [0] * 30
    for hand in combinations_with_replacement(range(1, 14), 4):
        per_rank = Counter(hand)
        if max(per_rank.values()) > 4:
            continue
        suitings = 1
        for n in per_rank.values():
            suitings *= comb(4, n)
        distinct = len(per_rank) == 4
        jacks = per_rank[JACK]
        for starter in range(1, 14):
            held = per_rank[starter]
            if held == 4:
                continue
            base = table[rank_key((*hand, starter))]
            _add_starter(counts, base, suitings, held, jacks, distinct, starter, crib)
    return tuple(counts)


def _add_starter(counts, base, suitings, held, jacks, distinct, starter, crib) -> None:
    """Add every (hand suits, starter suit) choice for one hand-rank multiset and starter rank."""
    pairs = suitings * (4 - held)
    # nobs: the starter's suit is one of the jacks' suits, a quarter of all choices on average
    nobs = 0 if starter == JACK else suitings * jacks * (4 - held) // 4
    flush5 = flush4 = 0
    if distinct:
        flush5 = 4 if held == 0 else 0  # starter of the flush suit (only when its rank is not held)
        flush4 = 12  # the flush hand with a starter of another suit
        counts[base + 5 + (1 if jacks else 0)] += flush5
        counts[base + (0 if crib else 4)] += flush4
    plain_nobs = nobs - (flush5 if jacks else 0)
    counts[base + 1] += plain_nobs
    counts[base] += pairs - flush5 - flush4 - plain_nobs


def score_distribution(crib: bool = False) -> dict[int, int]:
    """How many of the 12,994,800 (4 cards, starter) combinations score each total 0..29."""
    return dict(enumerate(_distribution(crib)))


def mean_score(crib: bool = False) -> Fraction:
    """The exact average show score, as a fraction."""
    dist = _distribution(crib)
    return Fraction(sum(score * n for score, n in enumerate(dist)), TOTAL_COMBINATIONS)


def percentile_below(score: int, crib: bool = False) -> float:
    """Percentage of all hands that score less than ``score`` ("a 12 beats N% of hands")."""
    dist = _distribution(crib)
    return 100 * sum(dist[: max(0, min(score, 30))]) / TOTAL_COMBINATIONS


def probability_at_least(score: int, crib: bool = False) -> float:
    """Chance that a random hand (with a random starter) scores ``score`` or more."""
    return 1 - percentile_below(score, crib) / 100


def rarity(score: int, crib: bool = False) -> str:
    """A phrase for how rare a score is, e.g. ``'about 1 hand in 3,249,000'``, or ``'impossible'``."""
    if not 0 <= score <= MAX_HAND_SCORE:
        raise ValueError(f"a show score is between 0 and {MAX_HAND_SCORE}, not {score}")
    n = _distribution(crib)[score]
    if n == 0:
        return "impossible"
    return f"about 1 hand in {round(TOTAL_COMBINATIONS / n):,}"


def chance_of_29_dealt_six() -> Fraction:
    """The chance that six cards dealt and the starter cut make a 29 you can keep: the starter is a
    5 and your six hold the other three 5s and the jack of the starter's suit.

    >>> round(1 / chance_of_29_dealt_six())
    216580
    """
    ways = 4 * comb(47, 2)  # the starter's suit, then any two other cards beside the four needed
    return Fraction(ways, comb(52, 6) * 46)
