"""Speed of the game review: the seconds `review_game` takes over a whole 121-point game, for two,
three and four players (and partnerships), and the expert's time per card in the play.

Plays seeded games to 121 (the reviewed seat an intermediate player, so there are mistakes to
find; every other seat the expert), then times `review_game` for the intermediate's seat: every
discard (hand and crib exact, the play estimated), every card played (the look-ahead over hidden
hands) and, with Muggins, every count. Goal: under 3 s a game here, since the browser runs Python
several times slower. The expert's time per card it lays in the play (each decision with a real
choice, as the learner waits for it) is printed beside it: median and worst. The goal is checked
on the process's CPU time, which other work on a shared machine does not stretch the way it
stretches the clock (both are printed). The look-ahead's memos are emptied before each review, so
the time is that of a saved game reviewed on its own (after a live game it is shorter).

Run: `.venv/bin/python bench/review.py [--games N] [--tables 2 3 4 4p]`.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

from crib_widgets.game import Game, Rules
from crib_widgets.strategy import lookahead_multi, make_player, solver
from crib_widgets.strategy.discard import warm_up
from crib_widgets.strategy.review import review_game

GOAL = 3.0
TABLES = {"2": (2, False), "3": (3, False), "4": (4, False), "4p": (4, True)}


def play(game: Game, players, card_times: list[float]) -> Game:
    """Play ``game`` to the end; the expert seats' CPU seconds per card with a choice go to ``card_times``."""
    while not game.is_over:
        seat = game.whose_turn
        player = players[seat]
        choice = game.phase == "play" and player.name == "expert" and len(
            {c.rank for c in game.hands[seat] if c.value <= 31 - game.count}) > 1
        start = time.process_time()
        move = player.choose(game, seat)
        if choice:
            card_times.append(time.process_time() - start)
        game.apply(move)
    return game


def bench_table(name: str, games: int, muggins: bool) -> bool:
    players, partners = TABLES[name]
    label = f"{players} players" + (" in partnerships" if partners else "")
    times, walls, decisions, card_times = [], [], [], []
    for index in range(games):
        seats = [make_player("intermediate", seed=index)] + [make_player("expert", seed=index + s)
                                                              for s in range(1, players)]
        game = play(Game(Rules(players=players, partners=partners, muggins=muggins), seed=700 + index),
                    seats, card_times)
        solver.clear_memos()  # cold: as for a saved game loaded on its own
        lookahead_multi.clear_memos()
        start, cpu = time.perf_counter(), time.process_time()
        review = review_game(game, seat=0)
        walls.append(time.perf_counter() - start)
        times.append(time.process_time() - cpu)
        decisions.append(len(review.decisions))
        print(f"  {label}, game {index + 1}: {game.deal_number} deals, {len(review.decisions)} decisions "
              f"reviewed in {times[-1]:.2f} s of CPU ({walls[-1]:.2f} s on the clock); {review.verdict}")
    worst = max(times)
    met = worst < GOAL
    print(f"{label}: review of a whole 121-point game: median {statistics.median(times):.2f} s, worst "
          f"{worst:.2f} s of CPU (on the clock, which a busy machine stretches: median "
          f"{statistics.median(walls):.2f} s) ({statistics.mean(decisions):.0f} decisions a game); "
          f"goal < {GOAL:.0f} s: {'met' if met else 'MISSED'}")
    print(f"{label}: the expert's card in the play: median {1000 * statistics.median(card_times):.0f} ms, "
          f"worst {1000 * max(card_times):.0f} ms of CPU over {len(card_times)} cards with a choice")
    return met


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5, help="games to review per table (5)")
    parser.add_argument("--tables", nargs="+", default=list(TABLES), choices=list(TABLES),
                        help="tables to time: 2, 3, 4 players, 4p for partnerships (all)")
    parser.add_argument("--muggins", action="store_true", help="play with Muggins (counts reviewed too)")
    args = parser.parse_args()
    warm_up()
    results = [bench_table(name, args.games, args.muggins) for name in args.tables]
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main())
