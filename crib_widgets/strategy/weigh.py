"""Weighing a discard whole: the hand and crib averages (exact) plus what the keep is worth in the
play (estimated by the look-ahead), for the expert and for the review alike.

The hand and crib averages come from `advise_discard`. With two players the throws whose hand
and crib average lies within `SHORTLIST` points of the best also get a play estimate: the
kept cards' net points in the play, the play solved exactly against `SAMPLES` hidden four-card
hands (the same hands for every throw, so their differences are steadier than the values).
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

from ..cards import Card, parse_cards
from .discard import DiscardOption, advise_discard, unseen_cards
from .lookahead import _Solver, hand_play_value

__all__ = ["WeighedDiscard", "weigh_discards", "SAMPLES", "SHORTLIST"]

SAMPLES = 8
SHORTLIST = 2.5


@dataclass(frozen=True, slots=True)
class WeighedDiscard:
    """A throw with its hand and crib averages (``option``), the play estimate of its keep
    (``play``; None when not weighed) and ``value``: net points for the player (higher is better;
    in Lowball fewer points are better, so the value is the points negated)."""

    option: DiscardOption
    play: float | None
    value: float


def weigh_discards(hand: str | Iterable[str | Card], *, dealer: bool, players: int = 2, lowball: bool = False,
                   partner_deals: bool = False, samples: int = SAMPLES,
                   options: list[DiscardOption] | None = None, also: Iterable[Iterable[Card]] = ()
                   ) -> list[WeighedDiscard]:
    """Every throw from ``hand``, best first, by hand, crib and (two players) the play.

    ``also``: throws to weigh in the play even when far behind (the review weighs the one chosen).
    """
    cards = parse_cards(hand)
    if options is None:
        options = advise_discard(cards, dealer=dealer, players=players, lowball=lowball,
                                 partner_deals=partner_deals, explain=False)
    sign = -1 if lowball else 1
    top = max(sign * o.total_ev for o in options)
    weighed = []
    also = {frozenset(cards) for cards in also}
    if players == 2 and samples:
        unseen = unseen_cards(cards)
        rng = random.Random(f"discard:{','.join(map(str, sorted(cards)))}")
        hands = [tuple(sorted(c.rank for c in rng.sample(unseen, 4))) for _ in range(samples)]
        solver = _Solver(lowball)
        plays: dict[tuple[Card, ...], float] = {}
        for o in options:
            if sign * o.total_ev >= top - SHORTLIST or frozenset(o.discard) in also:
                plays[o.discard] = hand_play_value(o.keep, unseen, dealer=dealer, solver=solver, hands=hands)
        typical = sum(plays.values()) / len(plays)
        for o in options:
            play = plays.get(o.discard)
            # a throw far behind is not weighed: it gets the typical play value of the keeps weighed
            weighed.append(WeighedDiscard(o, play, sign * o.total_ev + (typical if play is None else play)))
    else:
        weighed = [WeighedDiscard(o, None, sign * o.total_ev) for o in options]
    weighed.sort(key=lambda w: -w.value)
    return weighed
