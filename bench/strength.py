"""Strength of the computer players, seeded, in one run (a few minutes on one core).

1. 1,000 two-player games to 121, expert against beginner: goal, the expert wins at least 90%.
2. 1,000 games, expert against intermediate: goal, at least 55%.
3. Expert against expert (500 games): points per complete deal by phase for the dealer and the
   non-dealer, printed next to the figures published for expert human play (hand about 8.0,
   crib about 4.7, play about 3.5 for the dealer and 2.0 for the non-dealer).

The first dealer of each game is decided by the cut. Win rates come with a 95% interval.

Run: `.venv/bin/python bench/strength.py [--games N]` (or `make bench`).
"""

from __future__ import annotations

import argparse
import math
import sys
import time

from crib_widgets.strategy.discard import warm_up
from crib_widgets.strategy.matches import run_match

PUBLISHED = {"hand": 8.0, "crib": 4.7, "play dealer": 3.5, "play non-dealer": 2.0}
GOALS = {"beginner": 0.90, "intermediate": 0.55}
SEED = 2024


def wilson(wins: int, games: int) -> tuple[float, float]:
    """95% interval for a win rate."""
    z = 1.96
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return centre - half, centre + half


def strength(opponent: str, games: int) -> bool:
    start = time.perf_counter()
    summary = run_match(["expert", opponent], games=games, seed=SEED)
    seconds = time.perf_counter() - start
    wins = summary["wins"][0]
    low, high = wilson(wins, games)
    skunks = summary["skunks"].get("skunk", [0, 0])
    goal = GOALS[opponent]
    ok = wins / games >= goal
    print(f"expert vs {opponent}: {wins} of {games} games won ({100 * wins / games:.1f}%, "
          f"95% interval {100 * low:.1f}-{100 * high:.1f}%); goal >= {100 * goal:.0f}%: "
          f"{'met' if ok else 'MISSED'}")
    print(f"  skunks inflicted {skunks[1]}, suffered {skunks[0]}; {summary['average deals']:.2f} deals "
          f"a game; {seconds:.0f} s ({1000 * seconds / games:.0f} ms a game)")
    return ok


def per_deal(games: int) -> None:
    start = time.perf_counter()
    summary = run_match(["expert", "expert"], games=games, seed=SEED)
    seconds = time.perf_counter() - start
    dealer, other = summary["per deal"]["dealer"], summary["per deal"]["non-dealer"]
    hand = (dealer["hand"] + other["hand"]) / 2
    print(f"expert vs expert, {games} games, {summary['complete deals']} complete deals "
          f"({seconds:.0f} s): points per deal")
    print(f"  {'':<26}{'measured':>9}{'published':>10}")
    rows = [
        ("hand (either player)", hand, PUBLISHED["hand"]),
        ("  dealer's hand", dealer["hand"], None),
        ("  non-dealer's hand", other["hand"], None),
        ("crib", dealer["crib"], PUBLISHED["crib"]),
        ("play, dealer", dealer["play"], PUBLISHED["play dealer"]),
        ("play, non-dealer", other["play"], PUBLISHED["play non-dealer"]),
        ("his heels (dealer)", dealer["heels"], None),
        ("total, dealer", dealer["total"], None),
        ("total, non-dealer", other["total"], None),
    ]
    for name, measured, published in rows:
        shown = f"{published:>10.1f}" if published is not None else f"{'':>10}"
        print(f"  {name:<26}{measured:>9.2f}{shown}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games per strength match (1000)")
    args = parser.parse_args()
    warm_up()
    ok = strength("beginner", args.games)
    ok &= strength("intermediate", args.games)
    per_deal(max(args.games // 2, 1))
    print("all strength goals met" if ok else "A STRENGTH GOAL WAS MISSED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
