"""Strength of the computer levels against each other, seeded, in one run; writes the figures the
game table's level menu shows (crib_widgets/strategy/strength.json).

1. Two-player games to 121: expert against beginner (goal: the expert wins at least 90%),
   expert against intermediate (goal: at least 55%), intermediate against beginner (goal: at
   least 55%). Each seed is played twice with the seats swapped (paired games), so the luck of
   the cards cancels. Win rates with a 95% interval; points per complete deal by phase (play,
   hand, crib, his heels) for each level.
2. The figures go to ``crib_widgets/strategy/strength.json`` (level pairs, games, seed, wins,
   win rate, interval, points per deal by phase), keeping the outside-bot entry that
   ``bench/vs_cribbagesim.py`` writes. ``--no-write`` leaves the file alone.

Run: `.venv/bin/python bench/strength.py [--pairs N]` (minutes; or `make bench`).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path

from crib_widgets.game import Game, Rules
from crib_widgets.strategy import make_player
from crib_widgets.strategy.discard import warm_up
from crib_widgets.strategy.matches import PHASES, deal_points, play_game

GOALS = {("expert", "beginner"): 0.90, ("expert", "intermediate"): 0.55, ("intermediate", "beginner"): 0.55}
SEED = 2024
DATA = Path(__file__).resolve().parent.parent / "crib_widgets" / "strategy" / "strength.json"


def wilson(wins: int, games: int) -> tuple[float, float]:
    """95% interval for a win rate."""
    z = 1.96
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return centre - half, centre + half


def add_phases(game: Game, totals: dict, sides: list[str]) -> int:
    """Add the points of each complete deal of ``game``, by phase, to ``totals[sides[seat]]``;
    return how many deals were added."""
    deals = deal_points(game)
    for _, points in deals:
        for seat, phases in enumerate(points):
            for phase, value in phases.items():
                totals[sides[seat]][phase] += value
    return len(deals)


def paired_match(first: str, second: str, pairs: int, seed: int = SEED, raw: Path | None = None) -> dict:
    """``pairs`` seeds, each played twice with the seats swapped; the first level's results (written
    to ``raw`` after every pair as well, so that a run stopped early keeps its games)."""
    a, b = make_player(first, seed=seed), make_player(second, seed=seed + 1)
    wins = games = 0
    totals = {side: dict.fromkeys(PHASES, 0) for side in (first, second)}
    deals = 0
    start = time.perf_counter()
    for pair in range(pairs):
        for seat_of_first in (0, 1):
            players = [a, b] if seat_of_first == 0 else [b, a]
            game = play_game(Game(Rules(), seed=seed * 1000 + pair), players)
            games += 1
            wins += game.result.winner == seat_of_first
            deals += add_phases(game, totals, [first, second] if seat_of_first == 0 else [second, first])
        if raw is not None:
            raw.write_text(json.dumps(_summary(first, second, wins, games, deals, totals, seed, start)))
    return _summary(first, second, wins, games, deals, totals, seed, start)


def _summary(first, second, wins, games, deals, totals, seed, start) -> dict:
    low, high = wilson(wins, games)
    per_deal = {side: {p: round(v / max(deals, 1), 3) for p, v in phases.items()}
                for side, phases in totals.items()}
    for phases in per_deal.values():
        phases["total"] = round(sum(phases.values()), 3)
    return {"levels": [first, second], "games": games, "seed": seed, "paired": True, "wins": wins,
            "win rate": round(wins / games, 4), "interval": [round(low, 4), round(high, 4)],
            "complete deals": deals, "per deal": per_deal, "seconds": round(time.perf_counter() - start, 1)}


def show(match: dict) -> bool:
    first, second = match["levels"]
    goal = GOALS.get((first, second))
    rate = match["win rate"]
    low, high = match["interval"]
    ok = goal is None or rate >= goal
    verdict = f"; goal >= {100 * goal:.0f}%: {'met' if ok else 'MISSED'}" if goal else ""
    print(f"{first} vs {second}: {match['wins']} of {match['games']} paired games won ({100 * rate:.1f}%, "
          f"95% interval {100 * low:.1f}-{100 * high:.1f}%){verdict}; {match['seconds']:.0f} s")
    print(f"  points per complete deal ({match['complete deals']} deals; each deals in half of them):")
    print(f"    {'':<13}" + "".join(f"{p:>7}" for p in (*PHASES, "total")))
    for side, phases in match["per deal"].items():
        print(f"    {side:<13}" + "".join(f"{phases[p]:>7.2f}" for p in (*PHASES, "total")))
    return ok


def write(matches: list[dict]) -> None:
    old = json.loads(DATA.read_text(encoding="utf-8")) if DATA.exists() else {}
    data = {"about": "measured by bench/strength.py (and bench/vs_cribbagesim.py for 'outside'): paired "
                     "two-player games to 121, the first level's wins",
            "matches": matches}
    if "outside" in old:
        data["outside"] = old["outside"]
    DATA.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {DATA.relative_to(DATA.parent.parent.parent)}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=150, help="pairs of games per match (150: 300 games)")
    parser.add_argument("--no-write", action="store_true", help="do not update strength.json")
    parser.add_argument("--match", help="play only this pair of levels, e.g. expert,beginner (with --raw)")
    parser.add_argument("--raw", type=Path, help="write the match's figures here after every pair")
    parser.add_argument("--collect", nargs="+", type=Path, help="report and write the --raw files of "
                        "matches played apart instead of playing")
    args = parser.parse_args()
    warm_up()
    if args.collect:
        matches = [json.loads(f.read_text(encoding="utf-8")) for f in args.collect]
    elif args.match:
        first, second = args.match.split(",")
        matches = [paired_match(first, second, args.pairs, raw=args.raw)]
        args.no_write = True
    else:
        matches = [paired_match(first, second, args.pairs) for first, second in GOALS]
    ok = True
    for match in matches:
        ok &= show(match)
    if not args.no_write:
        write(matches)
    print("all strength goals met" if ok else "A STRENGTH GOAL WAS MISSED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
