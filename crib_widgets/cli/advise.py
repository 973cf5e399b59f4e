"""``crib advise 5H 5D JS 4C 6C KD --dealer``: which cards to throw to the crib, every option ranked.

Prints each way to split the hand with its exact hand average (and lowest and highest score over
every starter), the crib average and the net, best first, then why the best option is best.
"""

from __future__ import annotations

import argparse
import json

from ..cards import parse_cards
from ..strategy import advise_discard
from ..strategy.discard import DiscardOption
from .options import count


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "advise",
        help="which cards to throw to the crib (exact averages)",
        description="Rank every way to throw to the crib by its exact expected points.",
    )
    p.add_argument("cards", nargs="+", help="the dealt hand: 6 cards (2 players) or 5 (3 or 4 players)")
    p.add_argument("--dealer", action="store_true", help="you deal: the crib is yours")
    p.add_argument("--players", type=int, default=2, choices=(2, 3, 4), help="players at the table (2)")
    p.add_argument("--partner-deals", action="store_true",
                   help="four players in partnerships and your partner deals: the crib is your side's")
    p.add_argument("--lowball", action="store_true", help="Lowball: the fewest points is best")
    p.add_argument("--top", type=count("options", 1, 1000), default=None, metavar="N",
                   help="show only the N best options")
    p.add_argument("--explain", action="store_true", help="explain every option shown, not just the best")
    p.add_argument("--json", action="store_true", help="print the options as JSON")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    cards = parse_cards(" ".join(args.cards))
    options = advise_discard(
        cards,
        dealer=args.dealer,
        players=args.players,
        lowball=args.lowball,
        partner_deals=args.partner_deals,
    )
    if args.top is not None:
        options = options[: args.top]
    if args.json:
        print(json.dumps([_as_json(o) for o in options], indent=2, ensure_ascii=False))
        return 0
    print(_heading(cards, args))
    print(f"{'':>3}  {'keep':<14}{'throw':<9}{'hand':>6}{'min':>5}{'max':>5}{'crib':>7}{'net':>8}")
    for rank, option in enumerate(options, 1):
        keep = " ".join(c.pretty for c in option.keep)
        throw = " ".join(c.pretty for c in option.discard)
        print(f"{rank:>3}  {keep:<14}{throw:<9}{option.hand_ev:>6.2f}{option.hand_min:>5}{option.hand_max:>5}"
              f"{option.crib_ev:>7.2f}{option.total_ev:>8.2f}")
        if args.explain:
            print(f"     {option.explanation}")
    if not args.explain:
        print()
        print(options[0].explanation)
    return 0


def _heading(cards, args) -> str:
    if args.dealer:
        crib = "you deal, so the crib is yours: net = hand + crib"
    elif args.partner_deals:
        crib = "your partner deals, so the crib is your side's: net = hand + crib"
    else:
        crib = "your opponent deals: net = hand - crib"
    aim = " Lowball: the fewest points is best." if args.lowball else ""
    return (f"Hand: {' '.join(c.pretty for c in cards)}  ({args.players} players; {crib}).{aim}\n"
            "Averages are exact over every starter and every crib the unseen cards can make.")


def _as_json(option: DiscardOption) -> dict:
    return {
        "keep": [str(c) for c in option.keep],
        "discard": [str(c) for c in option.discard],
        "hand_ev": round(option.hand_ev, 4),
        "hand_min": option.hand_min,
        "hand_max": option.hand_max,
        "crib_ev": round(option.crib_ev, 4),
        "total_ev": round(option.total_ev, 4),
        "hand_exact": str(option.hand_exact),
        "crib_exact": str(option.crib_exact),
        "explanation": option.explanation,
    }
