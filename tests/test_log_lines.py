"""The table's log line of an event: each reason said once (the walk-through of two friends found
"pegs 1 for the go (go)" and "pegs 1 for the last card (last card)")."""

from __future__ import annotations

import random

from crib_widgets.game import Game
from crib_widgets.widgets.table_views import event_line


def _scored_lines(seed: int) -> list[str]:
    g = Game(seed=seed, dealer=0, names=("You", "Ben"))
    rng = random.Random(seed)
    while not g.is_over and g.deal_number < 4:
        g.apply(rng.choice(g.legal_moves()))
    return [event_line(e) for e in g.events if e.play_score is not None and e.play_score.items]


def test_the_go_and_the_last_card_are_said_once():
    lines = [line for seed in range(6) for line in _scored_lines(seed)]
    go = [line for line in lines if line.endswith("for the go")]
    last = [line for line in lines if line.endswith("for the last card")]
    assert go and last, lines
    assert not [line for line in lines if "(go" in line or "(last card" in line or "; go" in line]


def test_a_fifteen_or_a_pair_still_shows_its_cards():
    lines = [line for seed in range(6) for line in _scored_lines(seed)]
    with_cards = [line for line in lines if "for fifteen" in line or "for a pair" in line]
    assert with_cards and all(line.endswith(")") and ": " in line.split(" (", 1)[1] for line in with_cards)
