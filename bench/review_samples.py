"""How many hidden hands the play look-ahead needs: the ranking against a reference, by sample size.

For seeded two-player positions in the play (random deals, a few cards already laid, the player
to move holding at least two ranks it can lay), each card is valued by `lookahead.play_values`
with a reference of every hidden-hand pattern (exact) or 600 sampled hands, and then with N
sampled hands for several N. For each N it prints how often the card chosen is the reference's
best, and the average regret: the points the chosen card loses by the reference values. The
look-ahead's `DEFAULT_SAMPLES` is the smallest N whose average regret is below 0.05 points and
which picks the reference card (or one worth the same to 0.05) in at least 95% of positions.

With ``--players 3`` or ``4`` (``--partners``) it measures `lookahead_multi.play_values_multi`
the same way, on positions from seeded games between intermediate players (first three deals,
the player to move holding two ranks it can lay), for each (depth, samples) pair of
`MULTI_CONFIGS` and the one-move look-ahead the expert used before (`expert_values`), against a
reference searched ``--reference-depth`` cards deep (0: to the end of the play) over
``--reference`` deals. It also prints the milliseconds each takes per decision.

Results (the sizes the review and the expert use; moved here from the review's docstring):

- Two players, hands read from the discard and the play (``--read``): against a reference of
  1,200 draws on 80 positions the card chosen loses on average 0.069 points with 16 draws, 0.034
  with 32, 0.029 with 64 and 0.028 with 96, and is within 0.05 of the reference's best card in
  79%, 82.5%, 85% and 85% of them (the reference is a sample too); 64 is where more draws stop
  helping (`lookahead.READ_DRAWS` times `lookahead.DEFAULT_SAMPLES`). In games against
  CribbageSim's Hoyle bot 64 draws pegged 0.10 points a deal more than 32 (bench/reading.py).
- Two players, every hand alike (before the reading): 0.137 points with 8 samples, 0.088 with
  16, 0.044 with 32 and 0.039 with 48.
- A discard's play estimate uses 8 hidden hands shared by every throw (`weigh.SAMPLES`): on ten
  hands it picked the same throw as 96 hands did every time.

Run: `.venv/bin/python bench/review_samples.py [--positions N]` (a few minutes);
`.venv/bin/python bench/review_samples.py --players 3 --positions 60 --reference 600` (about 6 minutes).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from dataclasses import replace

from crib_widgets.cards import full_deck
from crib_widgets.game import Game, Rules
from crib_widgets.game.seat_view import play_view
from crib_widgets.strategy import make_player
from crib_widgets.strategy.lookahead import DEFAULT_SAMPLES, READ_DRAWS, play_values
from crib_widgets.strategy.lookahead_multi import DEPTH, SAMPLES, clear_memos, multi_view, play_values_multi
from crib_widgets.strategy.pegging_choice import expert_values

SIZES = (8, 12, 16, 24, 32, 48)
# (depth, deals) pairs for three and four players; depth 0 searches to the end of the play
MULTI_CONFIGS = ((0, 32), (2, 32), (3, 32), (4, 16), (4, 24), (4, 32), (4, 48), (5, 32), (6, 32))
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


def multi_positions(players: int, partners: bool, n: int, seed: int):
    """(MultiView, the old one-move PlayView) for n positions of 3- or 4-player games with a real
    choice, up to three from each seeded game between intermediate players (first three deals)."""
    rng = random.Random(seed)
    found = []
    game_seed = seed
    while len(found) < n:
        game_seed += 1
        game = Game(Rules(players=players, partners=partners), seed=game_seed)
        seats = [make_player("intermediate", seed=game_seed + s) for s in range(players)]
        here = []
        while game.deal_number <= 3 and not game.is_over:
            seat = game.whose_turn
            ranks = {c.rank for c in game.hands[seat] if c.value <= 31 - game.count}
            if game.phase == "play" and len(ranks) > 1:
                old = replace(play_view(game, seat), need=None, next_need=None)
                here.append((multi_view(game, seat, board=False), old))
            game.apply(seats[seat].choose(game, seat))
        found.extend(rng.sample(here, min(3, len(here))))
    return found[:n]


def pick(values):
    return max(values, key=lambda c: (round(values[c], 9), c.rank, c.suit))


def main_multi(args) -> int:
    start = time.perf_counter()
    chosen = MULTI_CONFIGS if not args.configs else [tuple(int(x) for x in c.split(":"))
                                                     for c in args.configs.split(",")]
    configs = [("one move", 0), *chosen]
    stats = {c: [0, 0.0, 0.0] for c in configs}
    found = multi_positions(args.players, args.partners, args.positions, seed=args.seed)
    for index, (view, old) in enumerate(found):
        reference = play_values_multi(view, samples=args.reference, depth=args.reference_depth,
                                      rng=random.Random(f"reference {index}"))
        top = max(reference.values())
        for config in configs:
            depth, n = config
            clear_memos()
            began = time.process_time()
            if depth == "one move":
                values = expert_values(old)
            else:
                rng = random.Random(f"sample {index}:{n}")
                values = play_values_multi(view, samples=n, depth=depth, rng=rng)
            stats[config][2] += time.process_time() - began
            regret = top - reference[pick(values)]
            stats[config][0] += regret <= TOLERANCE
            stats[config][1] += regret
    total = len(found)
    table = f"{args.players} players" + (" in partnerships" if args.partners else "")
    depth = "to the end" if not args.reference_depth else f"{args.reference_depth} cards deep"
    print(f"{table}: {total} positions, reference {args.reference} deals searched {depth}; "
          f"{time.perf_counter() - start:.0f} s")
    print(f"  {'depth':>8}{'deals':>7}{'same best':>11}{'avg regret':>12}{'ms each':>9}")
    for config in configs:
        same, regret, cpu = stats[config][0] / total, stats[config][1] / total, stats[config][2] / total
        depth, n = config
        label = "end" if depth == 0 else str(depth)
        print(f"  {label:>8}{n or '-':>7}{100 * same:>10.1f}%{regret:>12.3f}{1000 * cpu:>9.1f}")
    print(f"lookahead_multi: DEPTH = {DEPTH}, SAMPLES = {SAMPLES}")
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=80)
    parser.add_argument("--players", type=int, default=2, choices=(2, 3, 4))
    parser.add_argument("--partners", action="store_true", help="four players in partnerships")
    parser.add_argument("--reference", type=int, default=REFERENCE, help="deals in the reference (600)")
    parser.add_argument("--reference-depth", type=int, default=0, help="its depth, 0 to the end (0)")
    parser.add_argument("--configs", default="", help="depth:deals pairs to measure, e.g. 4:32,4:48 "
                                                       "(default MULTI_CONFIGS)")
    parser.add_argument("--seed", type=int, default=5, help="seed of the positions' games (5)")
    parser.add_argument("--read", action="store_true",
                        help="two players: hidden hands read from the discard (READ_DRAWS x samples draws)")
    args = parser.parse_args()
    if args.players > 2:
        return main_multi(args)
    start = time.perf_counter()
    stats = {n: [0, 0.0] for n in SIZES}
    for index, (hand, pile, unseen, held) in enumerate(positions(args.positions, seed=99)):
        # read from the discard as the expert does (the other player dealing in every other position,
        # its lead part of the four it kept), or every hidden hand alike
        read = {"they_deal": index % 2 == 0, "their_played": pile} if args.read else {}
        reference = play_values(hand, pile, unseen, held, samples=REFERENCE,
                                rng=random.Random(f"reference {index}"), **read)
        top = max(reference.values())
        for n in SIZES:
            rng = random.Random(f"sample {index}:{n}")
            values = play_values(hand, pile, unseen, held, samples=n, rng=rng, **read)
            chosen = max(values, key=lambda c: (round(values[c], 9), c.rank, c.suit))
            regret = top - reference[chosen]
            stats[n][0] += regret <= TOLERANCE
            stats[n][1] += regret
    total = args.positions
    how = f"{REFERENCE} samples or exact"
    if args.read:
        how = f"{READ_DRAWS * REFERENCE} draws read from the discard (each size drawn {READ_DRAWS} times)"
    print(f"{total} positions (the other player holding 3 or 4 hidden cards), reference {how}; "
          f"{time.perf_counter() - start:.0f} s")
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
