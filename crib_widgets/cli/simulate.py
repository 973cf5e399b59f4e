"""``crib simulate --games N --seed S [--players 2|3|4|LEVELS] [--variant ...] [--json] [--log]``.

Plays whole games between random players (each picks any legal move) and prints who won, the
average scores, skunks and how long games last. ``--log`` prints every event of the first game.
With computer players named (LEVELS: ``--players expert,intermediate``, one per seat) the match is
played by `crib_widgets.strategy.matches`, which adds points per deal by phase.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections import Counter

from ..errors import CribbageError
from ..game import Game, Rules
from ..words import plural
from .options import MAX_GAMES, MAX_MATCH_GAMES, MAX_SEED, count, seed

VARIANTS = {"muggins": "muggins", "ten-back": "ten_back", "lowball": "lowball",
            "exact-finish": "exact_finish", "partners": "partners"}


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("simulate", help="play whole games between random players and summarise them",
                       description="Play whole games between random players (every move picked at random "
                                   "among the legal ones) and summarise the results.")
    p.add_argument("--games", type=count("games", 1, MAX_GAMES), default=100,
                   help=f"how many games, 1 to {MAX_GAMES} (default 100)")
    p.add_argument("--seed", type=seed, default=None,
                   help=f"seed for a repeatable run: a whole number 0 to {MAX_SEED}")
    p.add_argument("--players", type=_players, default=2,
                   help="2, 3 or 4 random players (default 2), or computer players one per seat, "
                        "e.g. expert,intermediate (beginner, intermediate, expert)")
    p.add_argument("--target", type=int, choices=(61, 121), default=121, help="61 or 121 (default 121)")
    p.add_argument("--variant", action="append", choices=sorted(VARIANTS), default=[],
                   help="a variant to play; repeat for several (partners needs --players 4)")
    p.add_argument("--json", action="store_true", help="print the summary and every result as JSON")
    p.add_argument("--log", action="store_true", help="print every event of the first game")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    options = {VARIANTS[v]: True for v in args.variant}
    names = args.players if isinstance(args.players, list) else None
    if names and args.games > MAX_MATCH_GAMES:
        raise CribbageError(f"--games {args.games} with computer players is too many: ask for 1 to "
                            f"{MAX_MATCH_GAMES} (they weigh every move; random players allow up to "
                            f"{MAX_GAMES})")
    rules = Rules(players=len(names) if names else args.players, target=args.target, **options)
    if names:
        from ..strategy.matches import simulate_command

        return simulate_command(args, rules, names)
    master = random.Random(args.seed)
    results = []
    start = time.perf_counter()
    for index in range(args.games):
        game = Game(rules, seed=master.randrange(2**32))
        results.append(play_random(game, random.Random(master.randrange(2**32))))
        if args.log and index == 0:
            for event in game.events:
                print(event.text)
            print()
    seconds = time.perf_counter() - start
    summary = summarise(rules, results, seconds, [game.side_name(s) for s in range(rules.sides)])
    if args.json:
        print(json.dumps({"summary": summary, "games": results}, indent=2))
    else:
        print(report(summary))
    return 0


def _players(text: str) -> int | list[str]:
    if text.strip() in ("2", "3", "4"):
        return int(text)
    if text.strip().isdigit():
        raise argparse.ArgumentTypeError(f"{text} players: cribbage is played by 2, 3 or 4")
    from ..strategy.matches import parse_players

    try:
        return parse_players(text)
    except CribbageError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def play_random(game: Game, rng: random.Random) -> dict:
    """Play ``game`` to the end with random legal moves; its result as a plain dict."""
    while not game.is_over:
        game.apply(rng.choice(game.legal_moves()))
    result = game.result
    return {"seed": game.seed, "winner": result.winner, "winners": list(result.winners),
            "scores": list(result.scores), "skunks": list(result.skunks), "deals": game.deal_number,
            "moves": len(game.moves), "text": result.text}


def summarise(rules: Rules, results: list[dict], seconds: float, sides: list[str]) -> dict:
    games = len(results)
    wins = Counter(w for r in results for w in r["winners"])
    skunks = Counter(k for r in results for k in r["skunks"] if k)
    return {
        "rules": rules.describe(),
        "games": games,
        "sides": sides,
        "wins": [wins[s] for s in range(len(sides))],
        "average scores": [round(sum(r["scores"][s] for r in results) / games, 1) for s in range(len(sides))],
        "skunks": dict(sorted(skunks.items())),
        "average deals": round(sum(r["deals"] for r in results) / games, 2),
        "average moves": round(sum(r["moves"] for r in results) / games, 1),
        "games per second": round(games / seconds, 1) if seconds > 0 else None,
    }


def report(summary: dict) -> str:
    lines = [f"{plural(summary['games'], 'game')} between random players: {summary['rules']}"]
    rows = zip(summary["sides"], summary["wins"], summary["average scores"], strict=True)
    width = max(len(name) for name in summary["sides"])
    for name, wins, avg in rows:
        share = 100 * wins / summary["games"]
        lines.append(f"  {name:<{width}}  {plural(wins, 'win')} ({share:.1f}%), average final score {avg}")
    skunks = ", ".join(f"{n} {k}" for k, n in summary["skunks"].items()) or "none"
    lines.append(f"  skunks: {skunks}")
    lines.append(f"  a game lasts {summary['average deals']} deals and {summary['average moves']} moves "
                 "on average")
    if summary["games per second"]:
        lines.append(f"  {summary['games per second']} games per second")
    return "\n".join(lines)
