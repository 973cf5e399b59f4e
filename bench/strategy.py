"""Speed of the exact discard advice, as ratios measured side by side in one run.

1. `advise_discard` on 50 random six-card hands (two players, exact crib average): goal a median of
   at most 30 ms a hand.
2. The plain loop that scores every completion one by one with `hand_total` (every starter for the
   hand; every pair of other crib cards and every starter for the crib), on 5 of those hands: goal
   `advise_discard` at least 50x faster, and the two must give identical (exact) numbers.
3. The same figures for five-card hands (three and four players: throw one), printed; the plain
   loop runs on 2 hands there (it visits 713,460 cribs per option).

Run: `.venv/bin/python bench/strategy.py` (or `make bench`).
"""

from __future__ import annotations

import random
import statistics
import sys
import time

from crib_widgets.cards import full_deck
from crib_widgets.strategy import advise_discard
from crib_widgets.strategy.brute import plain_advise
from crib_widgets.strategy.discard import warm_up

HANDS = 50
PLAIN_HANDS = {6: 5, 5: 2}


def random_hands(n: int, size: int, seed: int) -> list[list]:
    rng = random.Random(seed)
    deck = full_deck()
    return [rng.sample(deck, size) for _ in range(n)]


def timed(fn) -> tuple[float, object]:
    start = time.perf_counter()
    result = fn()
    return time.perf_counter() - start, result


def bench(size: int, seed: int) -> tuple[float, float, int]:
    """Median ms of advise_discard, the speed ratio over the plain loop, and how many numbers differ."""
    players = 2 if size == 6 else 3
    hands = random_hands(HANDS, size, seed)
    fast = []
    for i, hand in enumerate(hands):
        seconds, _ = timed(lambda h=hand, d=i % 2 == 0: advise_discard(h, dealer=d, players=players))
        fast.append(seconds)
    median = statistics.median(fast)
    plain_times, fast_times, differences = [], [], 0
    for hand in hands[: PLAIN_HANDS[size]]:
        plain_s, plain = timed(lambda h=hand: plain_advise(h))
        fast_s, options = timed(lambda h=hand: advise_discard(h, dealer=True, players=players))
        plain_times.append(plain_s)
        fast_times.append(fast_s)
        for option in options:
            if plain[frozenset(option.discard)] != (option.hand_exact, option.crib_exact):
                differences += 1
    ratio = sum(plain_times) / sum(fast_times)
    label = "six-card hands (2 players, throw 2)" if size == 6 else "five-card hands (3/4 players, throw 1)"
    print(f"{label}:")
    print(f"  advise_discard on {HANDS} random hands: median {median * 1e3:.1f} ms, "
          f"max {max(fast) * 1e3:.1f} ms")
    print(f"  plain hand_total loop on {len(plain_times)} of them: "
          f"{statistics.mean(plain_times):.2f} s a hand; "
          f"advise_discard on the same: {statistics.mean(fast_times) * 1e3:.1f} ms a hand")
    print(f"  ratio: {ratio:.0f}x faster; options whose exact averages differ: {differences}")
    return median, ratio, differences


def main() -> int:
    warm_up()  # the rank tables are built once per process, outside the timing
    median6, ratio6, diff6 = bench(6, seed=4)
    print("  goals: median <= 30 ms, >= 50x, identical numbers")
    _, _, diff5 = bench(5, seed=5)
    ok = median6 <= 0.030 and ratio6 >= 50 and diff6 == 0 and diff5 == 0
    print("all speed goals met" if ok else "A SPEED GOAL WAS MISSED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
