"""``crib count 5H 5D 5S JC 5C [--crib] [--json]``: count a hand aloud with its breakdown."""

from __future__ import annotations

import argparse
import json

from ..cards import parse_cards
from ..errors import CardError
from ..scoring import score_hand


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("count", help="count a hand (four cards, then the starter)")
    p.add_argument("cards", nargs="+", help="five cards, the last one the starter, e.g. 5H 5D 5S JC 5C")
    p.add_argument("--crib", action="store_true", help="count it as a crib (only a 5-card flush counts)")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    cards = parse_cards(" ".join(args.cards))
    if len(cards) != 5:
        raise CardError(f"give five cards (four in the hand, then the starter), got {len(cards)}")
    score = score_hand(cards[:4], cards[4], crib=args.crib)
    if args.json:
        print(json.dumps(_as_json(score), indent=2))
        return 0
    what = "Crib" if args.crib else "Hand"
    print(f"{what}: {' '.join(c.pretty for c in score.hand)}   starter: {score.starter.pretty}")
    print(score.aloud())
    for item in score.items:
        print(f"  {item.points:>2}  {item.reason}")
    return 0


def _as_json(score) -> dict:
    return {
        "hand": [str(c) for c in score.hand],
        "starter": str(score.starter),
        "crib": score.crib,
        "total": score.total,
        "breakdown": score.by_kind(),
        "items": [
            {"kind": i.kind, "cards": [str(c) for c in i.cards], "points": i.points} for i in score.items
        ],
        "aloud": score.aloud(),
    }
