"""The narration's person and grammar come from one place (crib_widgets.words.name_verb): "You say go",
"Computer says go", never "You says go"; the "just now" line never reads ".;" (issue 36 item 10)."""

from __future__ import annotations

import random

from crib_widgets.exercises.card_svg import go_svg
from crib_widgets.game import Game
from crib_widgets.widgets import GameTable
from crib_widgets.words import name_verb


def test_one_grammar_for_every_name():
    assert name_verb("You", "says go") == "You say go"
    assert name_verb("Computer", "says go") == "Computer says go"
    assert name_verb("You", "pegs", mid=True) == "you peg"
    assert name_verb("You", "cuts", "cut") == "You cut"
    assert 'aria-label="You say go"' in go_svg("You") and 'aria-label="Left says go"' in go_svg("Left")


def test_every_sentence_of_a_game_says_you_in_the_right_person():
    for seed in range(5):
        game = Game(seed=seed, names=("You", "Computer"))
        rng = random.Random(seed)
        while not game.is_over:
            game.apply(rng.choice(game.legal_moves()))
        texts = [e.text for e in game.events]
        assert not any(t.startswith("You ") and t.split()[1] in ("says", "pegs", "lays", "plays", "cuts",
                                                                 "counts", "accepts", "deals") for t in texts)
        assert any(t == "You say go" for t in texts) or not any("say go" in t for t in texts)


def test_the_just_now_line_never_reads_a_full_stop_then_a_semicolon():
    for seed in range(40):
        t = GameTable(seed=seed, strength="beginner", target=61)
        rng = random.Random(seed)
        for _ in range(60):
            if t.game.is_over:
                break
            if t.table.paused:
                t.continue_button.click()
                continue
            moves = t.table.learner_moves()
            if moves:
                t._move(rng.choice(moves), confirm=True)
            if "table says go for you" in t.recent_view.value:
                assert ".;" not in t.recent_view.value and "go for you; You say go" in t.recent_view.value
                return
    raise AssertionError("no forced go met in 40 games")


def test_the_pegging_drills_go_tiles_say_you_say_go():
    from crib_widgets.lessons.scenarios import SCENARIOS
    from crib_widgets.widgets.pegging_drill import play_row_html

    drawn = "".join(play_row_html(s) for s in SCENARIOS if any(p.upper() == "GO" for p in s.plays))
    assert "You say go" in drawn and "Left says go" in drawn and "You says go" not in drawn
