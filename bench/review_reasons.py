"""What the review's reasons say: over seeded games to 121 (a beginner reviewed against the expert),
the share of mistakes whose reason only says a card "scores more later", the share that restate the
cost, and a sample of reasons as a player reads them.

Each game is the beginner (seat 0) against the expert (seat 1), `Game(seed=first + i)`, reviewed
for seat 0 as the table's Review does (`review_game`). Goal (issue 35): at most 5% of the
mistakes' reasons are the "scores more later" fallback, and none restates the cost
(`strategy.review.reasons.restates_cost`).

Run: `.venv/bin/python bench/review_reasons.py [--games 8] [--seeds 1 101] [--sample 12]`
(about a minute a seed set); ``--players 3`` or ``--players 4 --partners`` for the bigger tables.
"""

from __future__ import annotations

import argparse
import random
import re
import sys
import time
from collections import Counter

from crib_widgets.game import Game, Rules
from crib_widgets.strategy import make_player
from crib_widgets.strategy.matches import play_game
from crib_widgets.strategy.review import review_game
from crib_widgets.strategy.review.reasons import is_fallback, restates_cost

GOAL = 0.05
# what a reason rests on, by its words (the first that matches)
KINDS = (("scores now", r" now[,;]| now$"), ("their answer", r"lets them answer|invites"),
         ("a card kept for later", r"keeps your|one of your two|your \w+ makes"),
         ("the go and the last card", r"the go and the last card"),
         ("a partner set up", r"sets up your partner"),
         ("their chances later", r"fewer chances later"),
         ("the discard: crib", r"crib"), ("the discard: hand", r"holds|turned"),
         ("the discard: the play", r"in the play"))


def kind_of(reason: str) -> str:
    """What ``reason`` rests on (see `KINDS`), or 'other'."""
    return next((name for name, pattern in KINDS if re.search(pattern, reason)), "other")


def mistakes(first: int, games: int, players: int = 2, partners: bool = False):
    """Every mistake of the beginner (seat 0, every other seat the expert) over ``games`` seeded
    games from seed ``first``."""
    found = []
    for i in range(games):
        seed = first + i
        seats = [make_player("beginner", seed)] + [make_player("expert", seed + s) for s in range(1, players)]
        game = play_game(Game(Rules(players=players, partners=partners), seed=seed), seats)
        found += [d for d in review_game(game, seat=0).decisions if d.is_mistake]
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=8, help="games per seed set (8)")
    parser.add_argument("--seeds", type=int, nargs="+", default=[1, 101], help="first seed of each set")
    parser.add_argument("--sample", type=int, default=12, help="reasons to print per set (12)")
    parser.add_argument("--players", type=int, default=2, choices=(2, 3, 4))
    parser.add_argument("--partners", action="store_true", help="four players in partnerships")
    args = parser.parse_args()
    met = True
    for first in args.seeds:
        start = time.perf_counter()
        found = mistakes(first, args.games, args.players, args.partners)
        fallback = [d for d in found if is_fallback(d.reason)]
        restated = [d for d in found if restates_cost(d.reason, d.cost)]
        share = len(fallback) / max(len(found), 1)
        ok = share <= GOAL and not restated
        met &= ok
        by_phase = {p: sum(d.phase == p for d in found) for p in ("discard", "play", "count")}
        print(f"seeds {first}-{first + args.games - 1}: {len(found)} mistakes ({by_phase}); "
              f"'scores more later' only: {len(fallback)} ({100 * share:.1f}%); restating the cost: "
              f"{len(restated)}; goal <= {100 * GOAL:.0f}% and none: {'met' if ok else 'MISSED'} "
              f"({time.perf_counter() - start:.0f} s)")
        kinds = Counter(kind_of(d.reason) for d in found)
        print("  reasons rest on: " + ", ".join(f"{k} {n}" for k, n in kinds.most_common()))
        for d in restated[:3]:
            print(f"  RESTATES: {d.summary()}")
        for d in random.Random(first).sample(found, min(args.sample, len(found))):
            print(f"  {d.summary()}")
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
