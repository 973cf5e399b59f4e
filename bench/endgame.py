"""Paired test of the last deal: the expert's play solved to the end of the show, or to points.

Each deal starts with both sides near 121 (each score drawn from ``--low`` to 120), the cards dealt
at random. CribbageSim 1.0.2's Hoyle bot (or ``--against`` one of our levels) plays one seat and
the expert the other, then the seats are swapped (the same cards and scores). The deal is played
out once for each way the expert plays (its discard is the same for both):

- ``points``: the look-ahead values the points pegged and pegging out, not the show after it
  (the expert before `count_out`);
- ``show``: the expert: each imagined deal's play solved to the end of its show
  (`count_out.CountOut`), so pegging counts for who counts out;
- ``average``: as ``show``, but the non-dealer throws by the average even when the dealer could
  go out (the expert keeps the hand likeliest to count out first; ``--ways show,average``).

A deal won counts 1, lost 0, and one that leaves nobody at 121 counts a half. Prints each way's
win rate and the paired difference with its standard error, and the expert's milliseconds a card.

Run: `nice -n 10 .venv/bin/python bench/endgame.py [--deals N] [--seed S] [--against intermediate]`
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from vs_cribbagesim import Hoyle

from crib_widgets.cards import full_deck
from crib_widgets.game import Game, Rules, stack_deck
from crib_widgets.strategy import make_player, players
from crib_widgets.strategy.discard import warm_up
from crib_widgets.strategy.players import Expert

SEED = 1481
# name: (the play solved to the end of the show, the non-dealer's count-out discard)
WAYS = {"points": (False, True), "show": (True, True), "average": (True, False)}


class Way(Expert):
    """The expert, playing by points (``show`` False: no show ahead) or to the show, and throwing
    near the end for the count-out (``count_out``) or always by the average; play timed."""

    def __init__(self, show: bool, count_out: bool = True) -> None:
        super().__init__(seed=7)
        self.show = show
        self.count_out = count_out
        self.seconds = 0.0
        self.cards = 0

    def discard(self, game, seat, rng):
        saved = players._count_out_choice
        try:
            if not self.count_out:
                players._count_out_choice = lambda game, seat, options: None
            return super().discard(game, seat, rng)
        finally:
            players._count_out_choice = saved

    def play(self, game, seat, rng):
        start = time.perf_counter()
        saved = players._count_out
        try:
            if not self.show:
                players._count_out = lambda *a, **k: None
            return super().play(game, seat, rng)
        finally:
            players._count_out = saved
            self.seconds += time.perf_counter() - start
            self.cards += 1


def last_deal(deck, scores, expert_seat: int, expert, other) -> float:
    """1 if the expert's side reaches 121 first in this deal, 0 if the other does, else 0.5."""
    game = Game(Rules(), seed=7, deck=deck, dealer=0, scores=scores)
    seats = [expert, other] if expert_seat == 0 else [other, expert]
    while not game.is_over and game.deal_number == 1:
        seat = game.whose_turn
        game.apply(seats[seat].choose(game, seat))
    if not game.is_over:
        return 0.5
    return 1.0 if game.result.winner == expert_seat else 0.0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=400, help="deals, each played from both seats (400)")
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--low", type=int, default=91, help="the lowest starting score (91)")
    parser.add_argument("--against", default=None, help="one of our levels instead of the Hoyle bot")
    parser.add_argument("--ways", default="points,show",
                        help=f"two of {', '.join(WAYS)}: the first is measured against (points,show)")
    args = parser.parse_args()
    names = args.ways.split(",")
    warm_up()
    other = make_player(args.against, seed=9) if args.against else Hoyle()
    ways = {name: Way(*WAYS[name]) for name in names}
    results = {name: [] for name in names}
    deck52 = full_deck()
    begun = time.perf_counter()
    for d in range(args.deals):
        rng = random.Random(args.seed * 100_000 + d)
        cards = rng.sample(deck52, 52)
        deck = stack_deck([cards[:6], cards[6:12]], cards[12], dealer=0)
        scores = [rng.randint(args.low, 120), rng.randint(args.low, 120)]
        for expert_seat in (0, 1):
            for name, way in ways.items():
                results[name].append(last_deal(deck, scores, expert_seat, way, other))
        if (d + 1) % 100 == 0 or d + 1 == args.deals:
            _report(results, ways, d + 1, time.perf_counter() - begun)
    return 0


def _report(results, ways, deals, elapsed) -> None:
    (first, base), (second, new) = results.items()
    diffs = [b - a for a, b in zip(base, new, strict=True)]
    n = len(diffs)
    mean = sum(diffs) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in diffs) / max(n - 1, 1))
    ms = {name: 1000 * way.seconds / max(way.cards, 1) for name, way in ways.items()}
    rates = ", ".join(f"{w} {100 * sum(results[w]) / n:.1f}% ({ms[w]:.0f} ms a card)" for w in results)
    changed = sum(1 for x in diffs if x)
    print(f"{deals} deals x 2 seats ({elapsed:.0f} s): {rates}; {second} - {first} {100 * mean:+.2f} "
          f"+- {100 * sd / math.sqrt(n):.2f} points of win rate; {changed} deal-seats differ", flush=True)


if __name__ == "__main__":
    sys.exit(main())
