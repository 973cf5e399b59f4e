"""The expert against an outside bot: CribbageSim 1.0.2's Hoyle strategy, refereed by our engine.

CribbageSim (on PyPI; in the dev extra) is the strongest cribbage bot published there: its
"Hoyleish" strategies throw by the points certain in hand and crib (plus or minus, as dealer or
not), lead by Hoyle's rules and follow with the card that scores most now. Here its strategy
objects only choose: our engine deals, checks every move, scores and decides the game.

Paired games: each seed is played twice with the seats swapped, so each side gets the other's
cards and the first crib once (the luck of the deal cancels). Goal: the expert wins at least 65%
of 600 games (300 pairs) to 121. Prints the win rate with its 95% interval, and the points per
deal by phase for each side (play, hand, crib), and the seconds our player spent thinking.

Run: `.venv/bin/python bench/vs_cribbagesim.py [--pairs N] [--level expert]` (minutes: run it in the
background with nohup and read its output).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from strength import add_phases, wilson

from crib_widgets.cards import Card
from crib_widgets.game import Discard, Game, Go, Play, Rules
from crib_widgets.strategy import make_player
from crib_widgets.strategy.discard import warm_up
from crib_widgets.strategy.matches import PHASES, play_game

GOAL = 0.65
SEED = 1402
_PIPS = {1: "A", 11: "J", 12: "Q", 13: "K"}


def _theirs(card: Card):
    from HandsDecksCards.card import Card as TheirCard

    return TheirCard(card.suit, _PIPS.get(card.rank, str(card.rank)))


class Hoyle:
    """CribbageSim's Hoyleish dealer and non-dealer strategies as a player of our engine."""

    name = "CribbageSim Hoyle"

    def __init__(self) -> None:
        from CribbageSim.CribbagePlayStrategy import (
            HoyleishDealerCribbagePlayStrategy,
            HoyleishPlayerCribbagePlayStrategy,
        )

        self.as_dealer = HoyleishDealerCribbagePlayStrategy()
        self.as_pone = HoyleishPlayerCribbagePlayStrategy()

    def choose(self, game: Game, seat: int):
        hand = list(game.hands[seat])
        cards = [_theirs(c) for c in hand]
        strategy = self.as_dealer if game.dealer == seat else self.as_pone
        if game.phase == "discard":
            thrown = []

            def to_crib(index: int) -> None:
                thrown.append(hand.pop(index))
                cards.pop(index)

            strategy.form_crib(to_crib, lambda: list(cards))
            return Discard(seat, tuple(thrown))
        pile = [_theirs(c) for c in game.pile]
        played = []

        def play(index: int) -> None:
            played.append(hand[index])

        _, go = strategy.follow(game.count, play, lambda: list(cards), lambda: list(pile))
        return Go(seat) if go or not played else Play(seat, played[0])


class Timed:
    """A player whose thinking is timed: seconds spent choosing discards and cards in the play."""

    def __init__(self, player) -> None:
        self.player = player
        self.name = player.name
        self.seconds = {"discard": 0.0, "play": 0.0}

    def choose(self, game: Game, seat: int):
        phase = "discard" if game.phase == "discard" else "play"
        start = time.perf_counter()
        move = self.player.choose(game, seat)
        self.seconds[phase] += time.perf_counter() - start
        return move


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=300, help="pairs of games, seats swapped (300)")
    parser.add_argument("--level", default="expert", help="our level to play (expert)")
    parser.add_argument("--write", action="store_true", help="record the result in strength.json")
    parser.add_argument("--first", type=int, default=0, help="first pair to play (to split a run in parts)")
    parser.add_argument("--raw", help="also write the raw counts to this JSON file")
    parser.add_argument("--merge", nargs="+", help="add up the --raw files of a run played in parts")
    args = parser.parse_args()
    if args.merge:
        parts = [json.loads(Path(f).read_text()) for f in args.merge]
        wins, games, deals = (sum(p[k] for p in parts) for k in ("wins", "games", "deals"))
        phases = {side: {ph: sum(p["phases"][side][ph] for p in parts) for ph in PHASES}
                  for side in ("ours", "hoyle")}
        thinking = None
        if all("thinking" in p for p in parts):  # seconds by phase, summed over the parts' games
            thinking = {ph: round(sum(p["thinking"][ph] for p in parts) / games, 3)
                        for ph in parts[0]["thinking"]}
        return _report(args, wins, games, phases, deals, sum(p["seconds"] for p in parts), thinking)
    try:
        Hoyle()
    except ImportError:
        print("CribbageSim is not installed: "
              ".venv/bin/pip install --ignore-requires-python CribbageSim==1.0.2")
        return 2
    warm_up()
    ours = Timed(make_player(args.level, seed=7))
    hoyle = Hoyle()
    wins = games = 0
    phases = {side: dict.fromkeys(PHASES, 0) for side in ("ours", "hoyle")}
    deals = 0
    start = time.perf_counter()
    for pair in range(args.first, args.first + args.pairs):
        for our_seat in (0, 1):
            players = [ours, hoyle] if our_seat == 0 else [hoyle, ours]
            game = play_game(Game(Rules(), seed=SEED * 1000 + pair), players)
            games += 1
            wins += game.result.winner == our_seat
            deals += add_phases(game, phases, ["ours", "hoyle"] if our_seat == 0 else ["hoyle", "ours"])
        if args.raw:  # after every pair, so a run stopped early still has its games counted
            done = {"wins": wins, "games": games, "deals": deals, "phases": phases, "first": args.first,
                    "seconds": time.perf_counter() - start, "pairs": pair + 1 - args.first,
                    "thinking": ours.seconds}
            Path(args.raw).write_text(json.dumps(done))
        if (pair + 1 - args.first) % 25 == 0:
            pegged = [phases[side]["play"] / max(deals, 1) for side in ("ours", "hoyle")]
            print(f"  {games} games: {args.level} won {wins} ({100 * wins / games:.1f}%); play per deal "
                  f"{pegged[0]:.2f} against {pegged[1]:.2f}; {time.perf_counter() - start:.0f} s", flush=True)
    seconds = time.perf_counter() - start
    thinking = {phase: round(value / games, 3) for phase, value in ours.seconds.items()}
    print(f"  {args.level}'s thinking: {sum(thinking.values()):.2f} s a game (discards "
          f"{thinking['discard']:.2f} s, play {thinking['play']:.2f} s)")
    return _report(args, wins, games, phases, deals, seconds, thinking)


def _report(args, wins: int, games: int, phases: dict, deals: int, seconds: float,
            thinking: dict | None = None) -> int:
    low, high = wilson(wins, games)
    rate = wins / games
    print(f"{args.level} vs CribbageSim 1.0.2 Hoyle: {wins} of {games} paired games to 121 won "
          f"({100 * rate:.1f}%, 95% interval {100 * low:.1f}-{100 * high:.1f}%), seed {SEED}; goal >= "
          f"{100 * GOAL:.0f}%: {'met' if rate >= GOAL else 'MISSED'}")
    print(f"  points per complete deal ({deals} deals; each side deals in half of them), by phase:")
    print(f"    {'':<10}" + "".join(f"{p:>7}" for p in (*PHASES, "total")))
    for side, by_phase in phases.items():
        row = [by_phase[p] / deals for p in PHASES]
        label = args.level if side == "ours" else "Hoyle"
        print(f"    {label:<10}" + "".join(f"{v:>7.2f}" for v in (*row, sum(row))))
    print(f"  {seconds:.0f} s of play")
    if args.write:
        _write(args.level, wins, games, (low, high), phases, deals, thinking)
    return 0 if rate >= GOAL else 1


def _write(level: str, wins: int, games: int, interval, phases, deals: int, thinking: dict | None) -> None:
    """Record the match as strength.json's 'outside' entry (the others are bench/strength.py's)."""
    from strength import DATA

    data = json.loads(DATA.read_text(encoding="utf-8")) if DATA.exists() else {"matches": []}
    per_deal = {("CribbageSim Hoyle" if side == "hoyle" else level):
                {p: round(v / max(deals, 1), 3) for p, v in by_phase.items()}
                for side, by_phase in phases.items()}
    data["outside"] = {"levels": [level, "CribbageSim 1.0.2 Hoyle"], "games": games, "seed": SEED,
                       "paired": True, "wins": wins, "win rate": round(wins / games, 4),
                       "interval": [round(interval[0], 4), round(interval[1], 4)], "complete deals": deals,
                       "per deal": per_deal}
    if thinking:
        data["outside"]["thinking seconds a game"] = {**thinking, "total": round(sum(thinking.values()), 3)}
    DATA.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {DATA.name}")


if __name__ == "__main__":
    sys.exit(main())
