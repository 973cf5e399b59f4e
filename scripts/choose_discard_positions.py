"""Choose the discard trainer's positions for what they teach, and write them to the package's data.

Seeded deals of six cards are searched, seat by seat, for positions that fit each lesson's criteria
(`CRITERIA` below: the throw that teaches the lesson must be the best, by the trainer's own weighing,
and the tempting wrong throw must cost enough to notice), until each lesson has `PER_LESSON`
positions (fourth street: `FOURTH_STREET` hands, each stored twice, early in the game and at a score
where the strongest computer player throws differently). The same seed writes the same file:

    .venv/bin/python scripts/choose_discard_positions.py [--seed 35] [--check]

``--check`` writes nothing and fails when the stored file differs from what the search finds.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

from crib_widgets.cards import full_deck
from crib_widgets.lessons.discard_trainer import (
    LESSON_TAGS,
    TARGET,
    DiscardPosition,
    DiscardQuestion,
    count_out_choice,
)
from crib_widgets.strategy.discard import advise_discard
from crib_widgets.strategy.players import DEALER_REACH, PONE_PEGGING

OUT = Path(__file__).resolve().parents[1] / "crib_widgets" / "lessons" / "data" / "discard_positions.json"
PER_LESSON = 7
FOURTH_STREET = 6
EARLY = (46, 52)  # a score far from the end: nothing but the averages counts
NOTICE = 1.0  # the tempting wrong throw of a plain lesson costs at least this much


def friendly(throw) -> bool:
    """A throw that helps a crib: a 5, a pair, a fifteen or touching cards."""
    a, b = sorted(c.rank for c in throw)
    return 5 in (a, b) or a == b or min(a, 10) + min(b, 10) == 15 or b - a == 1


def balk(throw) -> bool:
    """A throw that gives a crib little: no 5, no pair, no fifteen, at least three ranks apart."""
    a, b = sorted(c.rank for c in throw)
    return not friendly(throw) and b - a >= 3


def four_flush(keep) -> bool:
    return len({c.suit for c in keep}) == 1


def distinct_second(throws):
    """The best throw of a different rank pattern from the best (not the same cards in another suit)."""
    shape = sorted(c.rank for c in throws[0].discard), sorted(c.rank for c in throws[0].keep)
    return next(t for t in throws[1:]
                if (sorted(c.rank for c in t.discard), sorted(c.rank for c in t.keep)) != shape)


def greedy(throws):
    """The throw a beginner makes: the best kept hand, the crib ignored."""
    return max(throws, key=lambda t: (t.hand, -t.rank))


def lesson_fits(tag: str, dealer: bool, throws) -> bool:
    """Whether the weighed throws of a position teach ``tag``."""
    best, second, grab = throws[0], distinct_second(throws), greedy(throws)
    gap = best.value - second.value
    if tag == "keep-the-hand":
        return grab.discard == best.discard and best.hand >= 10 and gap >= 2 and not four_flush(best.keep)
    if tag == "dealer-feeds":
        return dealer and friendly(best.discard) and gap >= NOTICE and best.value - grab.value >= 0 \
            and any(not friendly(t.discard) and t.hand >= best.hand for t in throws)
    if tag == "pone-balks":
        return not dealer and balk(best.discard) and gap >= NOTICE / 2 and best.value - grab.value >= NOTICE
    if tag == "pone-keeps-fives":
        fives = [t for t in throws if any(c.rank == 5 for c in t.discard)]
        return (not dealer and fives and not any(c.rank == 5 for c in best.discard)
                and min(best.value - t.value for t in fives) >= NOTICE and fives[0].hand >= best.hand - 0.5)
    if tag == "close-call":
        return 0.12 <= gap <= 0.4 and not four_flush(best.keep)
    if tag == "crib-decides":
        return (grab.discard != best.discard and grab.hand - best.hand <= 1.0
                and best.value - grab.value >= 0.4 and abs(best.play - grab.play) < 0.2)
    if tag == "play-decides":
        by_points = max(throws, key=lambda t: t.value - t.play)
        return by_points.discard != best.discard and best.value - by_points.value >= 0.12 \
            and sorted(c.rank for c in by_points.discard) != sorted(c.rank for c in best.discard)
    if tag == "flush-keep":
        others = [t for t in throws if not four_flush(t.keep)]
        return four_flush(best.keep) and best.value - others[0].value >= 0.5
    if tag == "flush-trap":
        flushes = [t for t in throws if four_flush(t.keep)]
        return bool(flushes) and not four_flush(best.keep) and best.value - flushes[0].value >= NOTICE
    raise ValueError(tag)


def prefilter(tag: str, dealer: bool, options) -> bool:
    """A cheap test on the hand and crib averages alone, before the play is weighed."""
    best = options[0]
    if tag == "dealer-feeds":
        return dealer and friendly(best.discard)
    if tag in ("pone-balks", "pone-keeps-fives"):
        return not dealer
    if tag == "flush-keep":
        return any(four_flush(o.keep) for o in options[:3])
    if tag == "flush-trap":
        return any(four_flush(o.keep) for o in options)
    if tag in ("close-call", "play-decides"):
        return options[1].total_ev >= best.total_ev - 1.0
    if tag == "keep-the-hand":
        return best.hand_ev >= 10 and options[1].total_ev <= best.total_ev - 1.5
    if tag == "crib-decides":
        return max(options, key=lambda o: o.hand_ev) is not best
    return True


def fourth_street(cards) -> DiscardPosition | None:
    """A late score at which the pone's best throw is not the best on average, or None."""
    for need in range(8, 17):
        for dealer_needs in (12, 18, DEALER_REACH):  # the dealer close to home first
            late = DiscardPosition(tuple(cards), False, (TARGET - PONE_PEGGING - need, TARGET - dealer_needs),
                                   "fourth-street")
            early = DiscardPosition(tuple(cards), False, EARLY, "fourth-street")
            if count_out_choice(late) is None:  # the score does not change the strongest player's throw
                continue
            best_late, best_early = DiscardQuestion(late).best, DiscardQuestion(early).best
            if best_late.discard == best_early.discard:
                continue
            verdict = DiscardQuestion(late).throw(best_early.discard)
            if best_late.reach - verdict.throw.reach >= 5:
                return late
    return None


def search(seed: int) -> list[DiscardPosition]:
    rng = random.Random(seed)
    deck = full_deck()
    wanted = {tag: PER_LESSON for tag in LESSON_TAGS if tag != "fourth-street"}
    found: list[DiscardPosition] = []
    late: list[DiscardPosition] = []
    seen = set()
    deals = 0
    while any(wanted.values()) or len(late) < 2 * FOURTH_STREET:
        deals += 1
        if deals > 60_000:
            raise SystemExit(f"gave up after {deals} deals: still wanted {wanted}, fourth street {len(late)}")
        cards = tuple(sorted(rng.sample(deck, 6)))
        key = tuple(sorted(c.rank for c in cards))
        if key in seen:
            continue
        for dealer in (True, False):
            options = advise_discard(cards, dealer=dealer, explain=False)
            for tag, n in wanted.items():
                if n and prefilter(tag, dealer, options):
                    position = DiscardPosition(cards, dealer, None, tag)
                    if lesson_fits(tag, dealer, DiscardQuestion(position).throws):
                        found.append(position)
                        wanted[tag] -= 1
                        seen.add(key)
                        break
            if key in seen:
                break
        if key not in seen and len(late) < 2 * FOURTH_STREET and deals % 3 == 0:
            position = fourth_street(cards)
            if position is not None:
                late.append(DiscardPosition(cards, False, EARLY, "fourth-street"))
                late.append(position)
                seen.add(key)
    print(f"searched {deals} deals", file=sys.stderr)
    return found + late


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=35)
    parser.add_argument("--check", action="store_true", help="compare with the stored file, write nothing")
    args = parser.parse_args(argv)
    chosen = search(args.seed)
    text = json.dumps({"seed": args.seed, "made_by": "scripts/choose_discard_positions.py",
                       "positions": [p.to_dict() for p in chosen]}, indent=1) + "\n"
    if args.check:
        same = OUT.read_text(encoding="utf-8") == text
        print("the stored positions are the search's" if same else
              "the stored positions differ from the search's")
        return 0 if same else 1
    OUT.write_text(text, encoding="utf-8")
    counts: dict[str, int] = {}
    for p in chosen:
        counts[p.lesson] = counts.get(p.lesson, 0) + 1
    print(f"wrote {len(chosen)} positions to {OUT}: {counts}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
