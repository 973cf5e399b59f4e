"""The strategy chapters' measured figures (10_discarding, 11_pegging_well, 12_playing_to_the_board),
computed once and kept in ``book/data/`` so that the pages read them instead of playing games
while the book is built.

Three files, each recording its seeds, counts and how it was made:

- ``expert_games.json``: two-player games to 121 between two expert computer players, one run per
  seed. Every complete deal (the deal in which the game ended is cut short and left out) with
  the scores before it, who dealt, each player's six cards, what each threw and kept, the starter,
  every card laid in order (``|`` where the count went back to 0), every point pegged in the play
  in order, the show counts, the crib and his heels. For each throw also the throw that the hand
  and crib averages alone would choose (`advise_discard`), how many points of that average the
  expert's throw gave up, and why it differed: ``play`` (how the kept cards peg,
  `weigh.weigh_discards`) or ``board`` (near the end, the hand likeliest to count out).
- ``leads.json``: for the non-dealer's kept hand in the first deals of those games, what each
  possible lead is worth in net points to the end of the play, by the expert's own look-ahead
  (`lookahead.play_values`, the other hand read from the dealer's discard).
- ``magic_eleven.json``: hands kept with two cards that total eleven (5-6, 4-7, 3-8, 2-9, ten-A),
  each pegged against the same hands the other seat really kept in those games, as it is and with
  one card of the eleven moved to a neighbouring rank, the play solved for both sides
  (`lookahead.hand_play_value`).

Everything is seeded, so the same command writes the same files; tests/test_strategy_figures.py
replays part of it and checks that it agrees. One core, about 20 minutes with the defaults:

    nice -n 10 .venv/bin/python scripts/make_strategy_figures.py [--games 40] [--seeds 2201,2202]
    nice -n 10 .venv/bin/python scripts/make_strategy_figures.py --only leads,eleven
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

from crib_widgets.cards import RANK_VALUES, Card, full_deck, parse_cards
from crib_widgets.game import Game, Rules
from crib_widgets.strategy import make_player
from crib_widgets.strategy.discard import advise_discard, warm_up
from crib_widgets.strategy.lookahead import hand_play_value, play_values
from crib_widgets.strategy.matches import play_game
from crib_widgets.strategy.solver import Solver
from crib_widgets.strategy.weigh import weigh_discards

DATA = Path(__file__).resolve().parent.parent / "book" / "data"
SEEDS = (2201, 2202)
GAMES = 40
LEADS = 150  # non-dealer hands a seed
ELEVENS = 80  # kept hands with an eleven a seed
OPPONENTS = 24  # hands each is pegged against
ROLES = ("p", "d")  # the non-dealer (pone) and the dealer


def cards_text(cards) -> str:
    return " ".join(str(c) for c in cards)


def play_expert_game(seed: int, index: int) -> Game:
    """Game ``index`` of the run seeded ``seed`` (the same players and cards every time)."""
    players = [make_player("expert", seed=seed), make_player("expert", seed=seed + 1)]
    return play_game(Game(Rules(), seed=seed * 1000 + index), players)


def deal_records(game: Game, index: int) -> list[dict]:
    """Every complete deal of ``game`` as a record (see the module text)."""
    deals: list[dict] = []
    scores = [0, 0]
    current = None
    for event in game.events:
        kind = event.kind
        if kind == "deal":
            dealer = event.seat
            current = {"game": index, "deal": len(deals) + 1, "dealer": dealer,
                       "score": {"p": scores[1 - dealer], "d": scores[dealer]},
                       "p": {"seat": 1 - dealer, "play": 0}, "d": {"seat": dealer, "play": 0, "heels": 0},
                       "laid": [], "pegs": []}
            deals.append(current)
        if event.points and event.seat is not None:
            scores[event.seat] += event.points
        if current is None:
            continue
        role = "d" if event.seat == current["dealer"] else "p"
        if kind == "discard":
            current[role]["threw"] = cards_text(sorted(event.cards))
        elif kind == "starter":
            current["starter"] = str(event.cards[0])
        elif kind == "play":
            current["laid"].append(f"{role}:{event.cards[0]}")
        elif kind == "reset":
            current["laid"].append("|")
        elif kind in ("peg", "go point", "last card"):
            current[role]["play"] += event.points
            current["pegs"].append(f"{role}{event.points}")
        elif kind == "heels":
            current["d"]["heels"] += event.points
        elif kind == "show":
            if event.is_crib:
                current["d"]["crib"] = event.points
            else:
                current[role]["kept"] = cards_text(sorted(event.cards))
                current[role]["show"] = event.points
    if game.is_over and deals:
        deals.pop()  # cut short by the win
    for deal in deals:
        deal["laid"] = " ".join(deal["laid"])
        deal["pegs"] = " ".join(deal["pegs"])
        for role in ROLES:
            judge_throw(deal[role], dealer=role == "d")
    return deals


def judge_throw(seat: dict, *, dealer: bool) -> None:
    """Add the throw the averages alone would choose, what the expert's throw gave up of that
    average, and why it differed."""
    six = parse_cards(f"{seat['kept']} {seat['threw']}")
    options = advise_discard(six, dealer=dealer, explain=False)
    chosen = next(o for o in options if cards_text(sorted(o.discard)) == seat["threw"])
    best = options[0]
    seat["by_average"] = cards_text(sorted(best.discard))
    seat["gave_up"] = round(best.total_ev - chosen.total_ev, 4)
    seat["why"] = "average"
    if chosen is not best:
        weighed = weigh_discards(six, dealer=dealer, options=options)
        plays = {cards_text(sorted(w.option.discard)): w.play for w in weighed}
        if cards_text(sorted(weighed[0].option.discard)) == seat["threw"]:
            seat["why"] = "play"
            seat["play_edge"] = round(plays[seat["threw"]] - plays[seat["by_average"]], 4)
        else:
            seat["why"] = "board"


def run_games(seed: int, games: int, log) -> dict:
    start = time.perf_counter()
    deals, results = [], []
    for index in range(games):
        game = play_expert_game(seed, index)
        first = next(e.seat for e in game.events if e.kind == "deal")
        results.append({"game": index, "first_dealer": first, "winner": game.result.winner,
                        "scores": list(game.result.scores), "deals": game.deal_number})
        deals.extend(deal_records(game, index))
        log(f"seed {seed}: game {index + 1}/{games}, {len(deals)} deals, {time.perf_counter() - start:.0f} s")
    return {"seed": seed, "games": games, "game_seeds": f"{seed * 1000} to {seed * 1000 + games - 1}",
            "player_seeds": [seed, seed + 1], "results": results, "deals": deals,
            "seconds": round(time.perf_counter() - start)}


def unseen_after(*groups: str) -> list[Card]:
    seen = {c for group in groups for c in parse_cards(group)}
    return [c for c in full_deck() if c not in seen]


def lead_values(deal: dict, seed: int) -> dict[str, float]:
    """What each card of the non-dealer's kept hand is worth as the lead (net points to the end of
    the play), by the expert's look-ahead, the dealer's hand read from its discard."""
    pone = deal["p"]
    kept = parse_cards(pone["kept"])
    unseen = unseen_after(pone["kept"], pone["threw"], deal["starter"])
    rng = random.Random(f"lead:{seed}:{deal['game']}:{deal['deal']}")
    values = play_values(kept, (), unseen, 4, they_deal=True, rng=rng)
    return {str(card): round(value, 4) for card, value in values.items()}


def run_leads(runs: list[dict], per_seed: int, log) -> dict:
    start = time.perf_counter()
    out = []
    for run in runs:
        hands = []
        for deal in run["deals"][:per_seed]:
            hands.append({"game": deal["game"], "deal": deal["deal"], "kept": deal["p"]["kept"],
                          "values": lead_values(deal, run["seed"])})
        out.append({"seed": run["seed"], "hands": hands})
        log(f"leads: seed {run['seed']}, {len(hands)} hands, {time.perf_counter() - start:.0f} s")
    return {"about": "What each lead is worth to the non-dealer, net points to the end of the play, "
                     "by the expert's look-ahead (32 hidden hands read from the dealer's discard, "
                     "each play solved exactly); hands: the non-dealer's kept four in the first "
                     f"{per_seed} deals of each run of expert_games.json.",
            "made_by": "scripts/make_strategy_figures.py", "runs": out,
            "seconds": round(time.perf_counter() - start)}


ELEVEN_PAIRS = ((5, 6), (4, 7), (3, 8), (2, 9), (1, 10))


def eleven_pair(ranks: list[int]) -> tuple[int, int] | None:
    """The first two cards of ``ranks`` (ranks 1-13) whose values total eleven, as (low, high) ranks."""
    values = sorted({RANK_VALUES[r] for r in ranks})
    for low, high in ELEVEN_PAIRS:
        if low in values and high in values:
            return low, high
    return None


def broken(kept: list[Card], unseen: list[Card], pair: tuple[int, int]) -> list[Card] | None:
    """``kept`` with the high card of its eleven moved one rank away (down, else up) to an unseen
    card, so that no two cards total eleven; None when no such card is unseen."""
    high = next(c for c in kept if c.value == pair[1])
    rest = [c for c in kept if c is not high]
    for rank in (high.rank - 1, high.rank + 1):
        for card in unseen:
            if card.rank == rank and eleven_pair([c.rank for c in [*rest, card]]) is None:
                return sorted([*rest, card])
    return None


def run_eleven(runs: list[dict], per_seed: int, opponents: int, log) -> dict:
    start = time.perf_counter()
    solver = Solver(False)
    out = []
    for run in runs:
        rng = random.Random(f"eleven:{run['seed']}")
        deals = run["deals"]
        rows = []
        for deal in deals:
            if len(rows) >= per_seed:
                break
            for role in ROLES:
                kept = parse_cards(deal[role]["kept"])
                pair = eleven_pair([c.rank for c in kept])
                if pair is None or len(rows) >= per_seed:
                    continue
                unseen = unseen_after(deal[role]["kept"], deal[role]["threw"], deal["starter"])
                other = broken(kept, unseen, pair)
                if other is None:
                    continue
                against = "p" if role == "d" else "d"
                # hands the other seat really kept, in other deals of the run
                theirs = [tuple(sorted(c.rank for c in parse_cards(d[against]["kept"])))
                          for d in rng.sample(deals, min(opponents, len(deals)))]
                with_it = hand_play_value(kept, unseen, dealer=role == "d", solver=solver, hands=theirs)
                without = hand_play_value(other, unseen, dealer=role == "d", solver=solver, hands=theirs)
                rows.append({"game": deal["game"], "deal": deal["deal"], "seat": role,
                             "kept": deal[role]["kept"], "broken": cards_text(other), "eleven": list(pair),
                             "with": round(with_it, 4), "without": round(without, 4)})
        out.append({"seed": run["seed"], "hands": rows})
        log(f"eleven: seed {run['seed']}, {len(rows)} hands, {time.perf_counter() - start:.0f} s")
    return {"about": "Hands kept with two cards totalling eleven, pegged as they are and with the "
                     "eleven's higher card moved one rank, each against the same "
                     f"{opponents} hands the other seat kept in that run's games; net play points "
                     "(own minus the other's), the play solved for both sides, the non-dealer leading.",
            "made_by": "scripts/make_strategy_figures.py", "opponents": opponents, "runs": out,
            "seconds": round(time.perf_counter() - start)}


def write(name: str, data: dict) -> None:
    DATA.mkdir(parents=True, exist_ok=True)
    path = DATA / name
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(data, separators=(",", ":")) + "\n", encoding="utf-8")
    tmp.replace(path)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=GAMES, help="games a seed (default %(default)s)")
    parser.add_argument("--seeds", default=",".join(map(str, SEEDS)), help="runs' seeds, comma-separated")
    parser.add_argument("--leads", type=int, default=LEADS, help="non-dealer hands a seed for the leads")
    parser.add_argument("--elevens", type=int, default=ELEVENS, help="hands a seed for the Magic Eleven")
    parser.add_argument("--only", default="games,leads,eleven", help="which files to (re)make")
    args = parser.parse_args(argv)
    seeds = [int(s) for s in args.seeds.split(",")]
    only = set(args.only.split(","))

    def log(text: str) -> None:
        print(text, file=sys.stderr, flush=True)

    warm_up()
    if "games" in only:
        runs = [run_games(seed, args.games, log) for seed in seeds]
        write("expert_games.json", {
            "about": "Two-player games to 121 between two expert computer players (standard rules); "
                     "every complete deal, by seat: p the non-dealer (pone), d the dealer.",
            "made_by": "scripts/make_strategy_figures.py", "players": ["expert", "expert"],
            "rules": Rules().describe(), "runs": runs})
    runs = json.loads((DATA / "expert_games.json").read_text(encoding="utf-8"))["runs"]
    if "leads" in only:
        write("leads.json", run_leads(runs, args.leads, log))
    if "eleven" in only:
        write("magic_eleven.json", run_eleven(runs, args.elevens, OPPONENTS, log))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
