"""Speed of the game review: the seconds `review_game` takes over a whole 121-point game.

Plays seeded two-player games to 121 (the reviewed seat an intermediate player, so there are
mistakes to find; the other the expert), then times `review_game` for the intermediate's seat:
every discard (hand and crib exact, the play estimated), every card played (the look-ahead over
hidden hands) and, with Muggins, every count. Goal: under 3 s a game here, since the browser runs
Python several times slower. The expert's own time per game is printed beside it. The goal is
checked on the process's CPU time, which other work on a shared machine does not stretch the way
it stretches the clock (both are printed). The look-ahead's memo is emptied before each review, so
the time is that of a saved game reviewed on its own (after a live game it is shorter).

Run: `.venv/bin/python bench/review.py [--games N]`.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

from crib_widgets.game import Game, Rules
from crib_widgets.strategy import make_player
from crib_widgets.strategy.discard import warm_up
from crib_widgets.strategy.lookahead import _MEMOS
from crib_widgets.strategy.matches import play_game
from crib_widgets.strategy.review import review_game

GOAL = 3.0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5, help="games to review (5)")
    parser.add_argument("--muggins", action="store_true", help="play with Muggins (counts reviewed too)")
    args = parser.parse_args()
    warm_up()
    times, walls, decisions, play_times = [], [], [], []
    for index in range(args.games):
        start = time.perf_counter()
        game = play_game(Game(Rules(muggins=args.muggins), seed=700 + index),
                         [make_player("intermediate", seed=index), make_player("expert", seed=index + 1)])
        play_times.append(time.perf_counter() - start)
        for memo in _MEMOS.values():  # cold: as for a saved game loaded on its own
            memo.clear()
        start, cpu = time.perf_counter(), time.process_time()
        review = review_game(game, seat=0)
        walls.append(time.perf_counter() - start)
        times.append(time.process_time() - cpu)
        decisions.append(len(review.decisions))
        print(f"game {index + 1}: {game.deal_number} deals, {len(review.decisions)} decisions reviewed in "
              f"{times[-1]:.2f} s of CPU ({walls[-1]:.2f} s on the clock); {review.verdict}")
    worst = max(times)
    print(f"review of a whole 121-point game: median {statistics.median(times):.2f} s, worst {worst:.2f} s "
          f"of CPU (on the clock, which a busy machine stretches: median {statistics.median(walls):.2f} s) "
          f"({statistics.mean(decisions):.0f} decisions a game); the game itself took "
          f"{statistics.median(play_times):.2f} s to play; goal < {GOAL:.0f} s: "
          f"{'met' if worst < GOAL else 'MISSED'}")
    return 0 if worst < GOAL else 1


if __name__ == "__main__":
    sys.exit(main())
