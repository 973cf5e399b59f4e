"""Write tests/data/aloud_hands.jsonl: 1,120 shows that cover every score and every counting pattern.

Run from the repository root: ``python tests/data/make_aloud_hands.py``. The hands are drawn with a
fixed seed from a few card pools (the whole deck; three or four neighbouring ranks, for pairs and
runs; fives and ten-cards, for the big hands; one suit, for flushes; a jack of the starter's suit,
for nobs) and kept while they fill a quota: 30 hands of every score a show can make (0 to 29 but
19, 25, 26 and 27; the 29 has only four hand shapes, so it gets its eight, hand and crib), 24 of every
pattern in `patterns`, then ordinary dealt hands up to 1,120. Every hand is scored by the engine
and by the independent PyPI package cribbage-scorer, and the script stops if they ever differ.
"""

from __future__ import annotations

import json
import random
import sys
from collections import Counter
from pathlib import Path

from crib_widgets.cards import Card, full_deck
from crib_widgets.scoring import score_hand

OUT = Path(__file__).with_name("aloud_hands.jsonl")
SIZE = 1120
SEED = 15
PER_SCORE = 30
PER_PATTERN = 24
IMPOSSIBLE = {19, 25, 26, 27}
PATTERNS = (
    "nineteen", "pair", "two pairs", "pair royal", "pair royal and a pair", "double pair royal",
    "run of three", "run of four", "run of five", "run and a pair beside it", "double run of three",
    "double run of four", "triple run", "double double run", "hand flush of four", "flush of five",
    "crib flush of five", "crib with four of a suit", "nobs", "nobs in the crib", "eight fifteens",
)
_BREAKDOWN = {"fifteen": "fifteens", "pair": "pairs", "run": "runs", "flush": "flush", "nobs": "nobs"}


def patterns(hand: list[Card], starter: Card, crib: bool) -> list[str]:
    """The counting patterns of a show, found from its cards alone (not from the engine's items)."""
    five = [*hand, starter]
    counts = Counter(c.rank for c in five)
    run = _longest_run(set(counts))
    found = []
    sets = sorted((n for r, n in counts.items() if n >= 2 and r not in run), reverse=True)
    found += {(2,): ["pair"], (2, 2): ["two pairs"], (3,): ["pair royal"], (3, 2): ["pair royal and a pair"],
              (4,): ["double pair royal"]}.get(tuple(sets), [])
    if run:
        size = ["", "", "", "three", "four", "five"][len(run)]
        doubled = sum(counts[r] == 2 for r in run)
        if any(counts[r] == 3 for r in run):
            found.append("triple run")
        else:
            found.append({0: f"run of {size}", 1: f"double run of {size}", 2: "double double run"}[doubled])
        if sets:
            found.append("run and a pair beside it")
    suits = {c.suit for c in hand}
    if len(suits) == 1:
        if starter.suit in suits:
            found.append("crib flush of five" if crib else "flush of five")
        else:
            found.append("crib with four of a suit" if crib else "hand flush of four")
    if any(c.rank == 11 and c.suit == starter.suit for c in hand):
        found.append("nobs in the crib" if crib else "nobs")
    score = score_hand(hand, starter, crib=crib)
    if score.by_kind()["fifteen"] == 16:
        found.append("eight fifteens")
    if score.total == 0:
        found.append("nineteen")
    return found


def _longest_run(ranks: set[int]) -> list[int]:
    best: list[int] = []
    current: list[int] = []
    for rank in range(1, 15):
        if rank in ranks:
            current.append(rank)
        else:
            best, current = (current if len(current) >= 3 and len(current) > len(best) else best), []
    return best


def _pools(rng: random.Random) -> list:
    deck = full_deck()

    def anywhere():
        return rng.sample(deck, 5)

    def neighbours():
        low = rng.randint(1, 11)
        near = [c for c in deck if low <= c.rank < low + rng.choice((3, 4))]
        return rng.sample(near, 5)

    def fives_and_tens():
        near = [c for c in deck if c.rank == 5 or c.rank >= 10 or rng.random() < 0.05]
        return rng.sample(near, 5)

    def many_fives():
        fives = rng.sample([c for c in deck if c.rank == 5], rng.choice((3, 4)))
        rest = rng.sample([c for c in deck if c.rank >= 10], 5 - len(fives))
        cards = [*fives, *rest]
        rng.shuffle(cards)
        return cards

    def one_suit():
        suit = rng.choice("CDHS")
        hand = rng.sample([c for c in deck if c.suit == suit], 4)
        return [*hand, rng.choice([c for c in deck if c not in hand])]

    def his_nobs():
        cards = rng.sample(deck, 5)
        jack = Card(11, cards[4].suit)
        return cards if jack in cards else [jack, *cards[1:]]

    return [anywhere, neighbours, fives_and_tens, many_fives, one_suit, his_nobs]


def _row(hand: list[Card], starter: Card, crib: bool) -> dict:
    from cribbage_scorer import cribbage_scorer as independent

    score = score_hand(hand, starter, crib=crib)
    other, _ = independent.show_calc_score((starter.rank, starter.suit), [(c.rank, c.suit) for c in hand],
                                           crib=crib)
    if other != score.total:
        sys.exit(f"the engine and cribbage-scorer differ on {hand} {starter} crib={crib}: "
                 f"{score.total} against {other}")
    return {"hand": [str(c) for c in hand], "starter": str(starter), "crib": crib, "score": score.total,
            "breakdown": {_BREAKDOWN[k]: v for k, v in score.by_kind().items()},
            "patterns": patterns(hand, starter, crib),
            "checked_by": "crib_widgets engine, cribbage-scorer 0.2.5"}


def make(seed: int = SEED) -> list[dict]:
    """The rows of the data set, the same for the same seed."""
    rng = random.Random(seed)
    pools = _pools(rng)
    rows: list[dict] = []
    seen: set[tuple] = set()
    by_score: Counter[int] = Counter()
    by_pattern: Counter[str] = Counter()
    need_score = {s: PER_SCORE for s in range(30) if s not in IMPOSSIBLE}
    need_score[29] = 8
    tries = 0
    while len(rows) < SIZE:
        tries += 1
        filling = any(by_score[s] < n for s, n in need_score.items()) or any(
            by_pattern[p] < PER_PATTERN for p in PATTERNS)
        cards = rng.choice(pools)() if filling else pools[0]()
        crib = rng.random() < 0.3
        hand, starter = sorted(cards[:4]), cards[4]
        key = (tuple(hand), starter, crib)
        if key in seen:
            continue
        found = patterns(hand, starter, crib)
        total = score_hand(hand, starter, crib=crib).total
        useful = by_score[total] < need_score[total] or any(by_pattern[p] < PER_PATTERN for p in found)
        if filling and not useful:
            if tries > 5_000_000:
                sys.exit(f"could not fill the quotas: {by_score}, {by_pattern}")
            continue
        seen.add(key)
        rows.append(_row(hand, starter, crib))
        by_score[total] += 1
        by_pattern.update(found)
    return rows


if __name__ == "__main__":
    data = make()
    OUT.write_text("".join(json.dumps(row) + "\n" for row in data), encoding="utf-8")
    print(f"wrote {len(data)} hands to {OUT}")
