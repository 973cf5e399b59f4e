"""The charts after a game say the same result as the game table: a side that reaches the target stops
in the game hole (table.ending.final_result), never the points a last count carried past it."""

from __future__ import annotations

from crib_widgets.table import Table
from crib_widgets.table.ending import final_result
from crib_widgets.widgets.post_game import race_chart_html


def test_the_score_race_says_the_result_line_not_the_points_past_the_game_hole():
    game = Table(seats=("beginner", "expert"), seed=0).play_out()
    assert max(game.scores) > game.rules.target  # the last count ran past the game hole
    said = final_result(game)
    html = race_chart_html(game)
    assert said.text != game.result.text and said.text in html and game.result.text not in html
    assert f"at the end You {said.scores[0]}, Computer {said.scores[1]}" in html
