"""How many hidden hands the play look-ahead needs: the ranking against a reference, by sample size.

For seeded two-player positions in the play (random deals, a few cards already laid, the player
to move holding at least two ranks it can lay), each card is valued by `lookahead.play_values`
with a reference of every hidden-hand pattern (exact) or 600 sampled hands, and then with N
sampled hands for several N. For each N it prints how often the card chosen is the reference's
best, and the average regret: the points the chosen card loses by the reference values. The
look-ahead's `DEFAULT_SAMPLES` is the smallest N whose average regret is below 0.05 points and
which picks the reference card (or one worth the same to 0.05) in at least 95% of positions.

Run: `.venv/bin/python bench/review_samples.py [--positions N]` (a few minutes).
"""

from __future__ import annotations

import argparse
import random
import sys
import time

from crib_widgets.cards import full_deck
from crib_widgets.strategy.lookahead import DEFAULT_SAMPLES, play_values

SIZES = (8, 12, 16, 24, 32, 48)
REFERENCE = 600
TOLERANCE = 0.05


def positions(n: int, seed: int):
    """(hand, pile, unseen, held) for n positions with a real choice, the other player still holding
    three or four cards (where sampling matters)."""
    rng = random.Random(seed)
    found = []
    while len(found) < n:
        deck = rng.sample(full_deck(), 9)
        mine, theirs, starter = deck[:4], deck[4:8], deck[8]
        pile, count = [], 0
        # the other player may have led (then it holds three): that is where the choice is hardest
        if rng.random() < 0.5:
            lead = rng.choice(theirs)
            theirs.remove(lead)
            pile, count = [lead], lead.value
        playable = {c.rank for c in mine if c.value <= 31 - count}
        if len(playable) < 2:
            continue
        seen = {*mine, *pile, starter}
        unseen = [c for c in full_deck() if c not in seen]
        found.append((tuple(mine), tuple(pile), unseen, len(theirs)))
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=80)
    args = parser.parse_args()
    start = time.perf_counter()
    stats = {n: [0, 0.0] for n in SIZES}
    for index, (hand, pile, unseen, held) in enumerate(positions(args.positions, seed=99)):
        reference = play_values(hand, pile, unseen, held, samples=REFERENCE,
                                rng=random.Random(f"reference {index}"))
        top = max(reference.values())
        for n in SIZES:
            rng = random.Random(f"sample {index}:{n}")
            values = play_values(hand, pile, unseen, held, samples=n, rng=rng)
            chosen = max(values, key=lambda c: (round(values[c], 9), c.rank, c.suit))
            regret = top - reference[chosen]
            stats[n][0] += regret <= TOLERANCE
            stats[n][1] += regret
    total = args.positions
    print(f"{total} positions (the other player holding 3 or 4 hidden cards), reference {REFERENCE} samples "
          f"or exact; {time.perf_counter() - start:.0f} s")
    print(f"  {'samples':>8}{'same best':>11}{'avg regret':>12}")
    chosen_n = None
    for n in SIZES:
        same, regret = stats[n][0] / total, stats[n][1] / total
        print(f"  {n:>8}{100 * same:>10.1f}%{regret:>12.3f}")
        if chosen_n is None and same >= 0.95 and regret < TOLERANCE:
            chosen_n = n
    print(f"smallest sample size meeting the rule: {chosen_n}; lookahead.DEFAULT_SAMPLES = {DEFAULT_SAMPLES}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
