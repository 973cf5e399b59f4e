"""Paired deal-level test of the expert's discard against CribbageSim 1.0.2's Hoyle strategy.

Whole games are a noisy way to compare two ways of throwing: most deals both throw the same
cards, and the starter's luck swamps the rest. Here each deal is dealt once and played twice,
the expert dealing and not dealing (seats swapped, the same cards). For each way of throwing (a
"variant") the expert's throw is worth, against the bot's actual throw,

- the show, exactly: the kept hand plus (dealer) or minus (non-dealer) the crib, averaged over
  every one of the 40 possible starters;
- the play: the engine referees the expert's play against the bot's, for ``--starters`` of those
  starters (the same ones for every throw), and the net points pegged are averaged.

Only deals where the variants throw differently are played, so a thousand deals take about ten
minutes (the variants' own thinking is most of it). The figures quoted in `weigh` came from
``--deals 1000 --variants exact,weigh,exact+play/2,...`` with seeds 1414 and 1416. Prints, for
each variant against the first, the mean net points per deal with its standard error (over all
deals, the equal ones counting 0), split into show and play.

Run: `nice -n 10 .venv/bin/python bench/discard_deals.py [--deals N] [--seed S] [--variants base,new]`
(the names in ``VARIANTS``).
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from vs_cribbagesim import Hoyle

from crib_widgets.cards import full_deck
from crib_widgets.game import Discard, Game, Rules, stack_deck
from crib_widgets.scoring import hand_total
from crib_widgets.strategy import make_player, weigh
from crib_widgets.strategy.discard import advise_discard, warm_up

SEED = 1414
_WEIGHED: dict = {}


def weigh_discards(hand, dealer, **options):
    """`weigh.weigh_discards`, remembered for the last hand (variants that share it pay once)."""
    if _WEIGHED.get("hand") != (tuple(hand), dealer):
        _WEIGHED.clear()
        _WEIGHED["hand"] = (tuple(hand), dealer)
    key = tuple(sorted(options.items()))
    if key not in _WEIGHED:
        _WEIGHED[key] = weigh.weigh_discards(hand, dealer=dealer, **options)
    return _WEIGHED[key]


def _advise(hand, dealer):
    return advise_discard(hand, dealer=dealer, explain=False)[0].discard


def _weigh(k: float = 0.5, shortlist: float = 2.5, **options):
    """Throw by hand and crib plus ``k`` times the play estimate, the play weighed for the throws
    within ``shortlist`` of the best (`weigh_discards`, computed once with the play in full and
    re-ranked, so variants differing only in these share the work)."""
    def choose(hand, dealer):
        weighed = weigh_discards(hand, dealer, play_weight=1.0, shortlist=2.5, **options)
        if weighed[0].play is None and all(w.play is None for w in weighed):  # no play estimate
            return weighed[0].option.discard
        plays = [w.play for w in weighed if w.play is not None]
        typical = sum(plays) / len(plays)
        net = {w.option.discard: w.value - (typical if w.play is None else w.play) for w in weighed}
        top = max(net.values())
        kept = [w.play for w in weighed if w.play is not None and net[w.option.discard] >= top - shortlist]
        typical = sum(kept) / len(kept)

        def value(w):
            d = w.option.discard
            play = w.play if w.play is not None and net[d] >= top - shortlist else typical
            return net[d] + k * play

        return max(weighed, key=value).option.discard
    return choose


VARIANTS = {
    "exact": _advise,                            # hand and crib averages only
    "weigh": _weigh(1.0),                        # plus the play estimate in full (the expert before)
    "exact+play/2": _weigh(0.5),                 # plus half of it
    "exact+play/4": _weigh(0.25),
    "exact+play/2short": _weigh(0.5, 1.5),       # half, the play weighed within 1.5 of the best
    "exact+play/2x16": _weigh(0.5, 1.5, samples=16),
    "expert": lambda hand, dealer: weigh.weigh_discards(hand, dealer=dealer)[0].option.discard,
}


def show_value(keep, throw, their_throw, starters, dealer: bool) -> float:
    crib = (*throw, *their_throw)
    sign = 1 if dealer else -1
    return sum(hand_total(keep, s) + sign * hand_total(crib, s, crib=True) for s in starters) / len(starters)


def play_value(hands, throws, dealer_seat: int, expert_seat: int, starter, expert, hoyle) -> int:
    """Net points the expert pegs in the play of this deal (the engine referees)."""
    deck = stack_deck(hands, starter, dealer=dealer_seat)
    game = Game(Rules(), seed=7, deck=deck, dealer=dealer_seat)
    for seat in (0, 1):
        game.apply(Discard(seat, throws[seat]))
    players = [expert, hoyle] if expert_seat == 0 else [hoyle, expert]
    pegged = [0, 0]
    while game.phase == "play":
        seat = game.whose_turn
        for event in game.apply(players[seat].choose(game, seat)):
            if event.kind in ("peg", "go point", "last card"):
                pegged[event.seat] += event.points
    return pegged[expert_seat] - pegged[1 - expert_seat]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=300,
                        help="deals, each played from both seats (300; weigh.py's figures used 1000)")
    parser.add_argument("--variants", default="exact,weigh,expert",
                        help="ways to throw, the first the one the others are measured against")
    parser.add_argument("--starters", type=int, default=1, help="starters whose play is refereed (1)")
    parser.add_argument("--seed", type=int, default=SEED)
    args = parser.parse_args()
    names = args.variants.split(",")
    choose = [VARIANTS[n] for n in names]
    warm_up()
    expert, hoyle = make_player("expert", seed=7), Hoyle()
    deck = full_deck()
    diffs = {n: [] for n in names[1:]}
    parts = {n: [0.0, 0.0] for n in names[1:]}
    differ = dict.fromkeys(names[1:], 0)
    seconds = dict.fromkeys(names, 0.0)
    start = time.perf_counter()
    for d in range(args.deals):
        rng = random.Random(args.seed * 100_000 + d)
        cards = rng.sample(deck, 52)
        hands = [tuple(cards[:6]), tuple(cards[6:12])]
        rest = cards[12:]
        play_starters = rest[: args.starters]
        for expert_seat in (0, 1):  # seat 0 deals
            dealer = expert_seat == 0
            hand = hands[expert_seat]
            probe = Game(Rules(), seed=7, deck=stack_deck(hands, rest[0], dealer=0), dealer=0)
            their = hoyle.choose(probe, 1 - expert_seat).cards
            throws = []
            for name, fn in zip(names, choose, strict=True):
                t = time.perf_counter()
                throws.append(tuple(sorted(fn(hand, dealer))))
                seconds[name] += time.perf_counter() - t
            if len(set(throws)) == 1:  # every variant throws the same: nothing to tell apart
                for name in names[1:]:
                    diffs[name].append(0.0)
                continue
            values = {}
            for throw in set(throws):
                keep = tuple(c for c in hand if c not in throw)
                show = show_value(keep, throw, their, rest, dealer)
                seat_throws = [throw, their] if expert_seat == 0 else [their, throw]
                play = sum(play_value(hands, seat_throws, 0, expert_seat, s, expert, hoyle)
                           for s in play_starters) / len(play_starters)
                values[throw] = (show, play)
            base = values[throws[0]]
            for name, throw in zip(names[1:], throws[1:], strict=True):
                show, play = values[throw]
                diffs[name].append(show + play - base[0] - base[1])
                parts[name][0] += show - base[0]
                parts[name][1] += play - base[1]
                differ[name] += throw != throws[0]
        if (d + 1) % 250 == 0 or d + 1 == args.deals:
            _report(names, diffs, parts, differ, seconds, d + 1, time.perf_counter() - start)
    return 0


def _report(names, diffs, parts, differ, seconds, deals, elapsed) -> None:
    print(f"{deals} deals x 2 seats ({elapsed:.0f} s); against {names[0]} "
          f"({1000 * seconds[names[0]] / (2 * deals):.0f} ms a discard):", flush=True)
    for name, values in diffs.items():
        n = len(values)
        mean = sum(values) / n
        sd = math.sqrt(sum((v - mean) ** 2 for v in values) / max(n - 1, 1))
        print(f"  {name:<14} {mean:+.3f} +- {sd / math.sqrt(n):.3f} a deal (show {parts[name][0] / n:+.3f}, "
              f"play {parts[name][1] / n:+.3f}); throws differ in {100 * differ[name] / n:.1f}%; "
              f"{1000 * seconds[name] / n:.0f} ms a discard", flush=True)


if __name__ == "__main__":
    sys.exit(main())
