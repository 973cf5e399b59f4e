"""Paired deal-level test of reading the other player's hand from its discard, in the play.

Each deal is dealt once; the expert throws as it does, CribbageSim 1.0.2's Hoyle bot (or
``--against`` one of our levels) throws as it does, and the play is refereed by the engine for
each variant, the expert dealing and not dealing (seats swapped, the same cards). The variants
differ only in the hidden hands the expert's look-ahead averages over: ``alike`` (every hand
consistent with the goes alike, the expert before) and ``read:B:G`` (read from the discard and
the play, `reading.read_hands` with ``beta`` B and ``gamma`` G; G 0 reads the discard alone;
``read:B:G:D`` with D draws; ``read:B:G:D:LW`` reading the leads with ``LEAD`` W, otherwise
not). Prints, for each variant against the first, the mean net points
pegged per deal with its standard error, and the expert's milliseconds a card (the variants
share the look-ahead's memo, so the first pays for positions the others find solved).

Run: `nice -n 10 .venv/bin/python bench/reading.py [--deals N] [--seed S] [--variants alike,read:1:0]`
(600 deals take about ten minutes).
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from discard_deals import play_value
from vs_cribbagesim import Hoyle

from crib_widgets.cards import full_deck
from crib_widgets.game import Game, Rules, stack_deck
from crib_widgets.strategy import make_player, players, reading
from crib_widgets.strategy.discard import warm_up
from crib_widgets.strategy.players import Expert

SEED = 1431


class Variant(Expert):
    """The expert, its hidden hands read with ``beta`` (None: every hand alike), ``gamma`` and
    ``lead``; play timed."""

    def __init__(self, beta: float | None, gamma: float = 0.0, draws: int | None = None,
                 lead: float = 0.0, grabs: float = 0.0) -> None:
        super().__init__(seed=7)
        self.grabs = grabs
        self.aims = {"beta": beta, "gamma": gamma, "lead": lead} | ({"draws": draws} if draws else {})
        self.seconds = 0.0
        self.cards = 0

    def play(self, game, seat, rng):
        start = time.perf_counter()
        saved = reading.read_hands
        players.grab_share = lambda game, seat: self.grabs
        try:
            if self.aims["beta"] is None:
                reading.read_hands = lambda *a, **k: []
            else:
                reading.read_hands = lambda *a, **k: saved(*a, **{**k, **self.aims})
            return super().play(game, seat, rng)
        finally:
            reading.read_hands = saved
            self.seconds += time.perf_counter() - start
            self.cards += 1


def _variant(name: str) -> Variant:
    if name == "alike":
        return Variant(None)
    if name.startswith("grab:"):  # the expert as it is, expecting the other player to grab this often
        return Variant(reading.BETA, reading.GAMMA, lead=reading.LEAD, grabs=float(name[5:]))
    _, beta, gamma, *draws = name.split(":")
    lead = 0.0  # leads not read, unless the name ends in :L and the weight
    if draws and draws[-1].startswith("L"):
        lead = float(draws.pop()[1:])
    return Variant(float(beta), float(gamma), *map(int, draws), lead=lead)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=300, help="deals, each played from both seats (300)")
    parser.add_argument("--variants", default="alike,read:1:0,read:1:1",
                        help="the first is the one measured against")
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--against", default="hoyle",
                        help="the other player: hoyle (CribbageSim) or one of our levels (hoyle)")
    args = parser.parse_args()
    names = args.variants.split(",")
    players = [_variant(n) for n in names]
    warm_up()
    hoyle = Hoyle() if args.against == "hoyle" else make_player(args.against, seed=9)
    thrower = Expert(seed=7)
    deck = full_deck()
    diffs = {n: [] for n in names[1:]}
    start = time.perf_counter()
    for d in range(args.deals):
        cards = random.Random(args.seed * 100_000 + d).sample(deck, 52)
        hands, starter = [tuple(cards[:6]), tuple(cards[6:12])], cards[12]
        probe = Game(Rules(), seed=7, deck=stack_deck(hands, starter, dealer=0), dealer=0)
        for expert_seat in (0, 1):  # seat 0 deals
            throws = [None, None]
            throws[expert_seat] = thrower.choose(probe, expert_seat).cards
            throws[1 - expert_seat] = hoyle.choose(probe, 1 - expert_seat).cards
            pegged = [play_value(hands, throws, 0, expert_seat, starter, p, hoyle) for p in players]
            for name, value in zip(names[1:], pegged[1:], strict=True):
                diffs[name].append(value - pegged[0])
        if (d + 1) % 100 == 0 or d + 1 == args.deals:
            _report(names, diffs, players, d + 1, time.perf_counter() - start)
    return 0


def _report(names, diffs, players, deals, elapsed) -> None:
    print(f"{deals} deals x 2 seats ({elapsed:.0f} s); against {names[0]} "
          f"({1000 * players[0].seconds / max(players[0].cards, 1):.1f} ms a card):", flush=True)
    for name, player in zip(names[1:], players[1:], strict=True):
        values = diffs[name]
        n = len(values)
        mean = sum(values) / n
        sd = math.sqrt(sum((v - mean) ** 2 for v in values) / max(n - 1, 1))
        print(f"  {name:<10} {mean:+.3f} +- {sd / math.sqrt(n):.3f} points pegged a deal; "
              f"{1000 * player.seconds / max(player.cards, 1):.1f} ms a card", flush=True)


if __name__ == "__main__":
    sys.exit(main())
