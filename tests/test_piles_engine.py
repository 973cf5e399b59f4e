"""The hard play exercises replay their plays through the game engine (issue 12: one home for
the go rule), and the sets they make stay the same as before."""

from __future__ import annotations

import random

from crib_widgets.exercises import piles
from crib_widgets.game import Game


def written(counts):
    return [(" ".join("go" if card is None else str(card) for _, card in plays), final)
            for plays, final in counts]


def test_a_simulated_play_is_played_by_the_engine(monkeypatch):
    applied = []
    real = Game.apply

    def spy(self, move):
        applied.append(move)
        return real(self, move)

    monkeypatch.setattr(Game, "apply", spy)
    counts = piles.simulate_play(random.Random(5), 3)
    laid = [card for plays, _ in counts for _, card in plays if card is not None]
    assert [m.card for m in applied if hasattr(m, "card")] == laid
    assert len(laid) == 12


def test_the_notation_is_the_one_worksheets_pinned_by_seed_were_made_with():
    # written by the simulation's own loop before it asked the engine (every seat writes an
    # entry in turn, a seat out of cards writes go)
    assert written(piles.simulate_play(random.Random(5), 3)) == [
        ("4D 4H AS 6S 3S 3D 2C 4C go go go", False), ("10D 8S 9S go go go", False), ("8H", True)]
