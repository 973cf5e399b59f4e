"""The game table in a class tournament on the same cards: board after board, then the results file
for the teacher, which the replay scores exactly."""

from __future__ import annotations

import random

import pytest

from crib_widgets.errors import CribbageError
from crib_widgets.table.duplicate import DuplicateSet, score_results
from crib_widgets.widgets import GameTable


def test_a_student_plays_every_board_and_hands_in_results_the_replay_confirms():
    t = GameTable(duplicate={"seed": 5, "deals": 2, "level": "beginner"}, name="Ann", hints="off")
    assert "tournament board 1 of 2" in t.rules_view.value
    rng = random.Random(5)
    first_hand = t.game.hands[0]
    assert first_hand == DuplicateSet(seed=5, deals=2, level="beginner").board_game(1).hands[0]
    for _ in range(400):
        if t.match.finished:
            break
        game = t.game
        if t.paused:
            assert t.continue_button.description in ("Next board", "See the results")
            t.continue_button.click()
        elif t.table.waiting:
            t.next_move_button.click()
        elif game.phase == "discard":
            for b in t.picker.buttons[:2]:
                b.value = True
            t.lay_button.click()
        else:
            rng.choice([b for b in t.picker.buttons if not b.disabled]).click()
    assert t.match.finished and "All 2 boards played" in t.status_text
    assert t.continue_button.layout.display == "none"
    student, boards = score_results(t.save_box.value, DuplicateSet(seed=5, deals=2, level="beginner"))
    assert student == "Ann" and sum(b.points for b in boards) == t.match.points
    t.restore_button.click()
    assert "played through, not restored" in t.status_text


def test_a_bad_tournament_is_refused():
    with pytest.raises(CribbageError, match="deals 99 is not allowed"):
        GameTable(duplicate={"seed": 5, "deals": 99})
    with pytest.raises(CribbageError, match="duplicate must be a dict"):
        GameTable(duplicate="seed 5")


def test_a_new_game_leaves_the_tournament():
    t = GameTable(duplicate={"seed": 5, "deals": 2, "level": "beginner"})
    t.new_game_button.click()
    assert t.match is None and "tournament" not in t.rules_view.value
