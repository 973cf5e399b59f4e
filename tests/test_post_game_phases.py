"""Issue 36, item 7: the points-by-phase chart and the race add up to the result, never past the
game hole (a 121 win showed 128 by phase), and a negative value is never shown in a colour that
means points won."""

from __future__ import annotations

import random
import re

from hypothesis import given, settings
from hypothesis import strategies as st

from crib_widgets.game import Game, Rules
from crib_widgets.table.ending import final_result
from crib_widgets.widgets.post_game import points_by_phase, race_chart_html, score_race

VARIANTS = st.sampled_from([{}, {"target": 61}, {"muggins": True}, {"ten_back": True}, {"lowball": True}])


def random_game(seed: int, options: dict) -> Game:
    game, rng = Game(Rules(**options), seed=seed, dealer=seed % 2), random.Random(seed)
    while not game.is_over:
        game.apply(rng.choice(game.legal_moves()))
    return game


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000), VARIANTS)
def test_points_by_phase_and_the_race_end_at_the_result(seed, options):
    game = random_game(seed, options)
    result = final_result(game).scores
    assert [sum(row.values()) for row in points_by_phase(game)] == list(result)
    _, per_side, _ = score_race(game)
    assert [ys[-1] for ys in per_side] == list(result)


def test_a_win_that_ran_past_121_charts_121():
    for seed in range(40):
        game = random_game(seed, {})
        if max(game.scores) > game.rules.target:
            break
    else:
        raise AssertionError("no game of 40 ran past the game hole")
    winner = max(range(2), key=lambda s: game.scores[s])
    assert sum(points_by_phase(game)[winner].values()) == game.rules.target
    html = race_chart_html(game)
    said = re.search(r'aria-label="Points by phase: ([^"]*)"', html).group(1)
    numbers = [int(n) for n in re.findall(r"-?\d+", said.split(";")[winner].split(":", 1)[1])]
    assert sum(numbers) == game.rules.target


def test_the_reviews_small_board_in_a_game_to_121_names_both_laps_and_its_pegs_stand_on_their_scores():
    """Issue 36, item 7: pegs stood over "10" and "30" while the board said 113 and 91 (the board is
    now a two-lap board, crib_widgets.widgets.board; this checks the review draws it so)."""
    from crib_widgets.widgets.board import hole_xy
    from crib_widgets.widgets.review_view import _board

    game = Game(Rules(target=121), seed=1)
    html = _board(game, (113, 91))
    assert "The board then: Player 1 113, Player 2 91." in html and "second time round" in html
    assert ">50·110<" in html and ">30·90<" in html
    # 113 stands three holes on from the 110 mark, homeward; 91 one hole on from the 90 mark
    assert hole_xy(113, 0) == hole_xy(53, 0) and hole_xy(91, 1) == hole_xy(31, 1)
