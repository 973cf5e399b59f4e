"""The hard play exercises simulate 3-4 player counts in the reference notation (every player says
"GO" in turn, scored by `score_sequence`); the game engine must agree with every point of them."""

from __future__ import annotations

import random

import pytest

from crib_widgets.exercises.piles import DECK, simulate_play
from crib_widgets.game import Go, Play, Rules, scenario
from crib_widgets.pegging import score_sequence


def points_by_seat_in_the_notation(counts, players: int) -> list[int]:
    points = [0] * players
    for plays, final in counts:
        entries = [card if card is not None else "GO" for _, card in plays]
        for (seat, _), won in zip(plays, score_sequence(entries, players, final), strict=True):
            points[seat] += won
    return points


def points_by_seat_in_the_engine(counts, players: int) -> list[int]:
    order = [(seat, card) for plays, _ in counts for seat, card in plays if card is not None]
    hands = [[card for seat, card in order if seat == s] for s in range(players)]
    starter = next(c for c in DECK if all(c not in h for h in hands) and c.rank != 11)
    game = scenario(hands, starter, rules=Rules(players=players), dealer=0)
    events = []
    for seat, card in order:
        while not any(isinstance(m, Play) for m in game.legal_moves()):
            events += game.apply(Go(game.whose_turn))
        assert game.whose_turn == seat, "the simulation gave the turn to another seat than the engine"
        events += game.apply(Play(seat, card))
    assert game.phase != "play"
    points = [0] * players
    for event in events:
        if event.kind in ("peg", "go point", "last card"):  # the play's points; the show follows
            points[event.seat] += event.points
    return points


@pytest.mark.parametrize("players", [3, 4])
def test_simulated_plays_score_as_the_engine_scores_them(players):
    for seed in range(150):
        counts = simulate_play(random.Random(seed), players)
        assert points_by_seat_in_the_notation(counts, players) == points_by_seat_in_the_engine(
            counts, players), f"seed {seed}"
