"""Weighing a discard whole: the hand and crib averages (exact) plus what the keep is worth in the
play (estimated by the look-ahead), for the expert and for the review alike.

The hand and crib averages come from `advise_discard`. With two players the throws whose hand
and crib average lies within `SHORTLIST` points of the best also get a play estimate: the kept
cards' net points in the play, the play solved exactly against `SAMPLES` hidden four-card hands
(the same hands for every throw, so their differences are steadier than the values). The
estimate counts at `PLAY_WEIGHT`, half its value: the solved play lets the other player see every
card, which overstates how much a keep's shape matters, and a few hands are a rough sample.
bench/discard_deals.py measured it against CribbageSim's Hoyle bot on paired deals (each deal
played as dealer and as non-dealer, the show averaged exactly over every starter, the play
refereed by the engine), against throwing by hand and crib alone: counted in full the play
estimate lost 0.06 points a deal (+-0.04 standard error, 1,000 deals, seed 1414); counted at half
it gained 0.04 (+-0.03) on those deals and 0.03 (+-0.04) on 1,000 others (seed 1416). Sixteen
hands instead of eight did no better there (0.02 +-0.03) at twice the time.
Throws further behind get the typical play value of the keeps weighed: the play rarely makes up
that much, so they are never the best.

>>> best = weigh_discards("5H 5D JS 4C 6C KD", dealer=True)[0]
>>> " ".join(c.pretty for c in best.option.discard)
'J♠ K♦'
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from ..cards import Card, parse_cards
from .discard import DiscardOption, advise_discard, unseen_cards
from .lookahead import hand_play_value
from .solver import Solver

__all__ = ["WeighedDiscard", "weigh_discards", "KnownPlays", "known_plays", "SAMPLES", "SHORTLIST",
           "PLAY_WEIGHT"]

SAMPLES = 8
# Counted at half, the play estimates of two keeps rarely differ by more than 1.5 points: on the
# 1,000 paired deals of bench/discard_deals.py (seed 1416) a shortlist of 1.5 threw exactly as 2.5 did.
SHORTLIST = 1.5
PLAY_WEIGHT = 0.5


@dataclass(frozen=True, slots=True)
class WeighedDiscard:
    """A throw with its hand and crib averages (``option``), the play estimate of its keep
    (``play``; None when not weighed) and ``value``: net points for the player, the play counted at
    `PLAY_WEIGHT` (higher is better; in Lowball fewer points are better, so the value is the points
    negated)."""

    option: DiscardOption
    play: float | None
    value: float


def weigh_discards(hand: str | Iterable[str | Card], *, dealer: bool, players: int = 2, lowball: bool = False,
                   partner_deals: bool = False, samples: int = SAMPLES,
                   options: list[DiscardOption] | None = None, also: Iterable[Iterable[Card]] = (),
                   play_weight: float = PLAY_WEIGHT, shortlist: float = SHORTLIST) -> list[WeighedDiscard]:
    """Every throw from ``hand``, best first, by hand, crib and (two players) the play.

    ``also``: throws to weigh in the play even when far behind (the review weighs the one chosen);
    ``play_weight``: how much of the play estimate counts; ``shortlist``: how far behind the best
    hand and crib a throw may be and still be weighed in the play.
    """
    cards = parse_cards(hand)
    if options is None:
        options = advise_discard(cards, dealer=dealer, players=players, lowball=lowball,
                                 partner_deals=partner_deals, explain=False)
    sign = -1 if lowball else 1
    net = {o.discard: sign * o.total_ev for o in options}
    top = max(net.values())
    weighed = []
    also = {frozenset(cards) for cards in also}
    if players == 2 and samples:
        known = known_plays(cards, dealer, lowball, samples)
        plays: dict[tuple[Card, ...], float] = {}
        for o in options:
            if net[o.discard] >= top - shortlist or frozenset(o.discard) in also:
                plays[o.discard] = known.value(o.keep)
        typical = sum(plays.values()) / len(plays)
        for o in options:
            play = plays.get(o.discard)
            # a throw far behind is not weighed: it gets the typical play value of the keeps weighed
            estimate = typical if play is None else play
            weighed.append(WeighedDiscard(o, play, net[o.discard] + play_weight * estimate))
    else:
        weighed = [WeighedDiscard(o, None, net[o.discard]) for o in options]
    weighed.sort(key=lambda w: -w.value)
    return weighed


class KnownPlays:
    """The play values of one dealt hand's keeps, worked out once: the same hand is weighed when
    "Show me" is asked, when the learner's throw is judged and in the review, and each keep costs
    tens of thousands of solved positions."""

    def __init__(self, cards: list[Card], dealer: bool, lowball: bool, samples: int) -> None:
        self.unseen = unseen_cards(cards)
        rng = random.Random(f"discard:{','.join(map(str, sorted(cards)))}")
        self.hands = [tuple(sorted(c.rank for c in rng.sample(self.unseen, 4))) for _ in range(samples)]
        self.dealer, self.solver = dealer, Solver(lowball)
        self.values: dict[frozenset[Card], float] = {}

    def value(self, keep: tuple[Card, ...]) -> float:
        key = frozenset(keep)
        if key not in self.values:
            self.values[key] = hand_play_value(keep, self.unseen, dealer=self.dealer, solver=self.solver,
                                               hands=self.hands)
        return self.values[key]


@lru_cache(maxsize=8)  # the hands of the last few deals; a solver's memo is large
def _known_plays_of(cards: tuple[Card, ...], dealer: bool, lowball: bool, samples: int) -> KnownPlays:
    return KnownPlays(list(cards), dealer, lowball, samples)


def known_plays(cards: list[Card], dealer: bool, lowball: bool, samples: int) -> KnownPlays:
    """The play values of the keeps of the dealt ``cards`` (worked out once for the last few hands)."""
    return _known_plays_of(tuple(sorted(cards)), dealer, lowball, samples)
