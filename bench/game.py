"""Speed of the game engine: complete random games per second, against a baseline in the same run.

A "random game" is a whole game (to 121, standard rules) in which every move is picked at random
among `legal_moves()` and made with `apply()`: the same loop as `crib simulate` and the fuzz tests,
with every check, every score and every narrated event. The goal is at least 300 two-player
games a second on the project's 2-core machine; three- and four-player figures are printed too.

Baseline, measured in the same process: shuffling a deck and dealing the hands (the least any
implementation must do) for exactly as many deals as the games took. The ratio says how many
times that minimum a complete game costs.

The machine is shared, so each figure is the best of several rounds (as `timeit` does) of this
process's CPU time; the wall-clock rate of the best round is printed beside it.

Run: `.venv/bin/python bench/game.py` (or `make bench`).
"""

from __future__ import annotations

import random
import sys
import time

from crib_widgets.cards import full_deck
from crib_widgets.game import Game, Rules
from crib_widgets.scoring import hand_total

GOAL = 300
ROUNDS = 7
GAMES = {2: 60, 3: 40, 4: 30}  # per round


def play_games(players: int, n: int, seed: int) -> tuple[float, float, int]:
    """CPU seconds, wall seconds and the number of deals for ``n`` random games."""
    rng = random.Random(seed)
    deals = 0
    cpu, wall = time.process_time(), time.perf_counter()
    for index in range(n):
        game = Game(Rules(players=players), seed=seed * 100_003 + index)
        while not game.is_over:
            game.apply(rng.choice(game.legal_moves()))
        deals += game.deal_number
    return time.process_time() - cpu, time.perf_counter() - wall, deals


def shuffle_and_deal(players: int, deals: int, seed: int) -> float:
    """CPU seconds to shuffle a deck and deal the hands ``deals`` times."""
    rng = random.Random(seed)
    deck = full_deck()
    size = 6 if players == 2 else 5
    cpu = time.process_time()
    for _ in range(deals):
        cards = deck[:]
        rng.shuffle(cards)
        hands = [cards[seat: players * size: players] for seat in range(players)]
        assert len(hands[-1]) == size
    return time.process_time() - cpu


def measure(players: int, n: int) -> tuple[float, float, float, float]:
    """Best-of-rounds: CPU ms a game, wall ms a game, deals a game, baseline CPU ms a game."""
    best = None
    base = float("inf")
    for round_ in range(ROUNDS):
        cpu, wall, deals = play_games(players, n, seed=players * 1000 + round_)
        if best is None or cpu < best[0]:
            best = (cpu, wall, deals)
        base = min(base, shuffle_and_deal(players, deals, seed=round_))
    cpu, wall, deals = best
    return 1000 * cpu / n, 1000 * wall / n, deals / n, 1000 * base / n


def main() -> int:
    hand_total(full_deck()[:4], full_deck()[4])  # the scoring table is built once, outside the timing
    play_games(2, 60, seed=99)  # warm up (caches, and a CPU that may still be clocking up)
    print(f"complete random games (every move random among the legal ones); goal >= {GOAL}/s with "
          f"2 players; best of {ROUNDS} rounds")
    ok = True
    for players, n in GAMES.items():
        cpu_ms, wall_ms, deals, base_ms = measure(players, n)
        rate = 1000 / cpu_ms
        print(f"  {players} players: {rate:.0f} games/s by CPU time ({1000 / wall_ms:.0f}/s by the wall "
              "clock), "
              f"{cpu_ms:.2f} ms a game of {deals:.1f} deals")
        print(f"    baseline, shuffle + deal only for as many deals: {base_ms:.3f} ms a game; "
              f"a complete game costs {cpu_ms / base_ms:.0f}x that")
        if players == 2:
            ok = rate >= GOAL
    print("speed goal met" if ok else "SPEED GOAL MISSED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
