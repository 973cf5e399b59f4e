"""Matches between computer players: whole games, win rates, skunks and points per deal by phase.

`run_match` plays seeded games between named players (``beginner``, ``intermediate``,
``expert``) and sums up who won, the skunks, and what the dealer and the other players score on
average in each complete deal: in the play, in the hand, in the crib and from his heels.
``crib simulate --players expert,intermediate`` prints its report.

>>> summary = run_match(["expert", "beginner"], games=4, seed=1, rules=Rules(target=61))
>>> summary["games"], sum(summary["wins"])
(4, 4)
>>> list(summary["per deal"]["dealer"])
['play', 'hand', 'crib', 'heels', 'total']
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from ..errors import CribbageError
from ..game import EventKind, Game, Rules
from ..words import plural
from .players import LEVELS, ComputerPlayer, make_player

if TYPE_CHECKING:
    import argparse

__all__ = ["PHASES", "parse_players", "play_game", "deal_points", "run_match", "report"]

PHASES = ("play", "hand", "crib", "heels")
_PHASE_OF_EVENT = {EventKind.PEG: "play", EventKind.GO_POINT: "play", EventKind.LAST_CARD: "play",
                   EventKind.HEELS: "heels"}
ALIASES = {"random": "beginner", "greedy": "intermediate"}


def parse_players(text: str | Sequence[str]) -> list[str]:
    """Player levels from ``"expert,intermediate"`` (one per seat, 2 to 4 of them)."""
    names = [n.strip().lower() for n in (text.split(",") if isinstance(text, str) else text)]
    names = [ALIASES.get(n, n) for n in names]
    bad = [n for n in names if n not in LEVELS]
    if bad or not 2 <= len(names) <= 4:
        problem = f"{bad[0]!r} is not a computer player" if bad else f"{len(names)} players"
        raise CribbageError(f"{problem}: give 2 to 4 of {', '.join(LEVELS)} separated by commas, "
                            "one per seat, e.g. expert,intermediate")
    return names


def play_game(game: Game, players: Sequence[ComputerPlayer]) -> Game:
    """Play ``game`` to the end, each seat's moves chosen by its player."""
    while (seat := game.whose_turn) is not None:  # None once the game is over
        game.apply(players[seat].choose(game, seat))
    return game


def deal_points(game: Game) -> list[tuple[int, list[dict[str, int]]]]:
    """For each complete deal: (dealer seat, points per seat by phase). The deal in which the game
    ended is left out (it was cut short). Muggins counts are taken as announced and settled."""
    deals: list[tuple[int, list[dict[str, int]]]] = []
    players = game.rules.players
    current = None
    for event in game.events:
        if event.kind == EventKind.DEAL and event.seat is not None:
            current = [dict.fromkeys(PHASES, 0) for _ in range(players)]
            deals.append((event.seat, current))
            continue
        if current is None or event.seat is None or not event.points:
            continue
        phase = _PHASE_OF_EVENT.get(event.kind)
        if event.kind in (EventKind.SHOW, EventKind.ANNOUNCE):
            phase = "crib" if event.is_crib else "hand"
        if phase is not None:
            current[event.seat][phase] += event.points
    return deals[:-1] if game.is_over else deals


def run_match(names: Sequence[str], *, games: int, seed: int, rules: Rules | None = None,
              on_game: Callable[[Game], None] | None = None) -> dict[str, Any]:
    """Play ``games`` seeded games between the named players (one per seat) and sum them up.

    The first dealer of each game is decided by the cut, so no seat keeps the first crib.
    """
    names = parse_players(names)
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise CribbageError(f"games must be a whole number of at least 1, got {games!r}")
    rules = rules or Rules(players=len(names))
    if rules.players != len(names):
        raise CribbageError(f"the rules are for {rules.players} players but {len(names)} were named")
    players = [make_player(name, seed=seed * 10 + seat) for seat, name in enumerate(names)]
    labels = _labels(names)
    sides = rules.sides
    wins = [0] * sides
    skunks: dict[str, list[int]] = {}
    scores = [0] * sides
    per_role = {"dealer": dict.fromkeys(PHASES, 0), "non-dealer": dict.fromkeys(PHASES, 0)}
    dealer_deals = other_deals = 0
    total_deals = 0
    for index in range(games):
        game = play_game(Game(rules, seed=seed * 100_003 + index, names=labels), players)
        result = game.result
        if result is None:  # play_game plays to the end
            raise RuntimeError("a game of the match did not end")
        for side in result.winners:
            wins[side] += 1
        for side, kind in enumerate(result.skunks):
            if kind:
                skunks.setdefault(kind, [0] * sides)[side] += 1
        for side in range(sides):
            scores[side] += result.scores[side]
        total_deals += game.deal_number
        for dealer, points in deal_points(game):
            for seat, phases in enumerate(points):
                role = "dealer" if seat == dealer else "non-dealer"
                for phase, value in phases.items():
                    per_role[role][phase] += value
            dealer_deals += 1
            other_deals += len(points) - 1
        if on_game is not None:
            on_game(game)
    per_deal = {
        role: {**{p: v / max(count, 1) for p, v in phases.items()},
               "total": sum(phases.values()) / max(count, 1)}
        for (role, phases), count in zip(per_role.items(), (dealer_deals, other_deals), strict=True)
    }
    return {
        "players": list(names),
        "rules": rules.describe(),
        "games": games,
        "seed": seed,
        "sides": [" and ".join(labels[s] for s in rules.seats_of(side)) for side in range(sides)],
        "wins": wins,
        "win rates": [w / games for w in wins],
        "skunks": skunks,
        "average final scores": [s / games for s in scores],
        "average deals": total_deals / games,
        "complete deals": dealer_deals,
        "per deal": per_deal,
    }


def _labels(names: Sequence[str]) -> list[str]:
    """Seat names: the level, numbered when two seats share one (``expert 1``, ``expert 2``)."""
    return [f"{n} {i + 1}" if names.count(n) > 1 else n for i, n in enumerate(names)]


def report(summary: dict[str, Any]) -> str:
    """The summary as text: win rates, skunks, then points per deal by phase and role."""
    games = summary["games"]
    lines = [f"{plural(games, 'game')}, {' vs '.join(summary['players'])} "
             f"({summary['rules']}), seed {summary['seed']}"]
    width = max(len(s) for s in summary["sides"])
    for side, name in enumerate(summary["sides"]):
        marks = ", ".join(plural(n, kind) for kind, counts in summary["skunks"].items()
                          if (n := counts[side]))
        rate = 100 * summary["win rates"][side]
        average = summary["average final scores"][side]
        wins = summary["wins"][side]
        lines.append(f"  {name:<{width}}  {plural(wins, 'win')} ({rate:.1f}%), "
                     f"average final score {average:.1f}" + (f"; suffered {marks}" if marks else ""))
    lines.append(f"  {summary['average deals']:.2f} deals a game; per complete deal "
                 f"({summary['complete deals']} deals), points by phase:")
    lines.append(f"    {'':<11}{'play':>7}{'hand':>7}{'crib':>7}{'heels':>7}{'total':>7}")
    for role, phases in summary["per deal"].items():
        row = "".join(f"{phases[p]:>7.2f}" for p in ("play", "hand", "crib", "heels", "total"))
        lines.append(f"    {role:<11}{row}")
    return "\n".join(lines)


def simulate_command(args: argparse.Namespace, rules: Rules, names: Sequence[str]) -> int:
    """``crib simulate --players expert,intermediate``: run the match and print its report (or JSON,
    or with ``--log`` every event of the first game first)."""
    import json
    import random

    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**6)
    logged: list[bool] = []

    def log_first(game: Game) -> None:
        if args.log and not logged:
            logged.append(True)
            print("\n".join(event.text for event in game.events) + "\n")

    summary = run_match(names, games=args.games, seed=seed, rules=rules, on_game=log_first)
    print(json.dumps(summary, indent=2) if args.json else report(summary))
    return 0
