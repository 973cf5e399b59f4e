"""Speed of the show scorer, as ratios measured side by side in one run (machines here are noisy).

1. `hand_total` against the PyPI package cribbage-scorer (`show_calc_score`) on the same 20,000
   random hands; goal: at least 25x faster. The two must agree on every hand.
2. `score_distribution()` against calling `hand_total` on every one of the 12,994,800
   combinations, that baseline extrapolated from a timed sample; goal: at least 20x faster.

Run: `.venv/bin/python bench/scoring.py` (or `make bench`).
"""

from __future__ import annotations

import itertools
import random
import sys
import time

from cribbage_scorer import cribbage_scorer as reference

from crib_widgets import stats
from crib_widgets.cards import full_deck
from crib_widgets.scoring import hand_total

HANDS = 20_000
SAMPLE_HANDS = 2_000  # 4-card hands whose 48 starters each are scored for the extrapolation


def random_hands(n: int, seed: int = 1) -> list[tuple[list, object, bool]]:
    rng = random.Random(seed)
    deck = full_deck()
    hands = []
    for _ in range(n):
        cards = rng.sample(deck, 5)
        hands.append((cards[:4], cards[4], rng.random() < 0.5))
    return hands


def timed(fn) -> tuple[float, object]:
    start = time.perf_counter()
    result = fn()
    return time.perf_counter() - start, result


def bench_hand_total() -> float:
    hands = random_hands(HANDS)
    as_tuples = [
        ((s.rank, s.suit), [(c.rank, c.suit) for c in h], crib) for h, s, crib in hands
    ]
    hand_total(*hands[0])  # build the rank table outside the timing
    ours_s, ours = timed(lambda: [hand_total(h, s, crib) for h, s, crib in hands])
    theirs_s, theirs = timed(lambda: [reference.show_calc_score(s, h, crib)[0] for s, h, crib in as_tuples])
    mismatches = sum(a != b for a, b in zip(ours, theirs, strict=True))
    ratio = theirs_s / ours_s
    print(f"hand_total on {HANDS:,} hands: {ours_s * 1e3:.1f} ms ({ours_s / HANDS * 1e6:.2f} µs a hand)")
    print(f"cribbage-scorer show_calc_score on the same hands: {theirs_s * 1e3:.1f} ms")
    print(f"ratio: {ratio:.1f}x faster (goal >= 25x); disagreements: {mismatches}")
    return ratio if mismatches == 0 else 0.0


def bench_distribution() -> float:
    deck = full_deck()
    rng = random.Random(2)
    sample = [rng.sample(deck, 4) for _ in range(SAMPLE_HANDS)]

    def brute_sample():
        for hand in sample:
            for starter in deck:
                if starter not in hand:
                    hand_total(hand, starter)

    brute_s, _ = timed(brute_sample)
    per_hand = brute_s / SAMPLE_HANDS
    all_hands = sum(1 for _ in itertools.combinations(range(52), 4))
    extrapolated = per_hand * all_hands
    stats._distribution.cache_clear()
    ours_s, dist = timed(lambda: stats.score_distribution())
    assert sum(dist.values()) == stats.TOTAL_COMBINATIONS
    ratio = extrapolated / ours_s
    print(f"score_distribution(): {ours_s * 1e3:.1f} ms")
    print(f"hand_total on all {stats.TOTAL_COMBINATIONS:,} combinations: ~{extrapolated:.1f} s "
          f"(extrapolated from {SAMPLE_HANDS:,} hands x 48 starters in {brute_s:.2f} s)")
    print(f"ratio: {ratio:.0f}x faster (goal >= 20x)")
    return ratio


def main() -> int:
    ok = bench_hand_total() >= 25
    ok &= bench_distribution() >= 20
    print("all speed goals met" if ok else "A SPEED GOAL WAS MISSED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
