"""Every point RULES.md marks **(decided)**, each stated by a test named for it.

Some are also tested at length elsewhere (named in the docstrings); here each decided sentence
has one test of its own.
"""

from __future__ import annotations

import pytest

from crib_widgets.errors import CribbageError
from crib_widgets.game import Game, Go, Rules, run_script, scenario, show_scenario

NAMES = ("Ann", "Ben")


def test_decided_with_three_players_each_losers_skunk_is_reported_on_its_own():
    """Seen at length in test_game_end; here: one loser skunked, the other not."""
    game = show_scenario(["5H 5C 10D JS", "2C 3D 4H 9S", "AH 2H 7D 8S"], "6C 7C 8C 9C", "5S",
                         dealer=2, rules=Rules(players=3), scores=(110, 95, 60))
    assert game.is_over and game.result.winner == 0
    assert game.result.skunks == (None, None, "double skunk")


def test_decided_exact_finish_points_that_would_carry_past_the_target_are_not_pegged_at_all():
    game = show_scenario(["2C 3D 4H 9S", "5H 5C 10D JS"], "6C 7C 8C 9C", "5S", dealer=0,
                         rules=Rules(exact_finish=True), scores=(116, 50), names=NAMES)
    ann = [e for e in game.events if e.kind == "show" and e.seat == 0]
    assert [e.points for e in ann] == [0, 0]  # her hand of 6 and crib of 9: each refused whole
    assert ann[0].text == "Ann's 6 for the hand would pass 121: not pegged (exact finish)"
    assert game.scores == (116, 71) and not game.is_over


def test_decided_exact_finish_a_hands_show_count_that_lands_on_the_target_wins():
    game = show_scenario(["2C 3D 4H 9S", "5H 5C 10D JS"], "6C 7C 8C 9C", "5S", dealer=0,
                         rules=Rules(exact_finish=True), scores=(115, 50), names=NAMES)
    assert game.is_over and game.scores == (121, 71) and game.result.winner == 0


def test_decided_exact_finish_a_cards_play_score_is_refused_whole_and_the_last_card_point_is_apart():
    """RULES.md: "at 120 a fifteen on the last card is refused and its last-card point then makes
    exactly 121"."""
    game = scenario(["9C 6S 2D 5H", "KH 2S AS QH"], "4C", dealer=0, scores=(119, 50), names=NAMES,
                    rules=Rules(exact_finish=True))
    run_script(game, "KH 9C 2S 6S AS 2D go go")  # Ann laid the last card before both said go
    assert game.scores == (120, 50)
    events = run_script(game, "QH 5H")  # 5H makes fifteen and is the last card of the play
    assert [(e.kind, e.points, e.text) for e in events if e.kind in ("peg", "last card")] == [
        ("peg", 0, "Ann's 2 for fifteen would pass 121: not pegged (exact finish)"),
        ("last card", 1, "Ann pegs 1 for the last card")]
    assert game.is_over and game.scores == (121, 50)


def test_decided_exact_finish_his_heels_is_one_amount():
    """At 120 his heels (2) is refused whole; at 119 it wins (see also test_game_end)."""
    refused = scenario(["AC 2C 3C 4C", "AD 2D 3D 4D"], "JH", dealer=0, scores=(120, 0),
                       rules=Rules(exact_finish=True))
    assert refused.scores == (120, 0) and not refused.is_over
    won = scenario(["AC 2C 3C 4C", "AD 2D 3D 4D"], "JH", dealer=0, scores=(119, 0),
                   rules=Rules(exact_finish=True))
    assert won.is_over and won.scores == (121, 0)


def test_decided_lowball_with_exact_finish_is_refused_with_a_clear_message():
    with pytest.raises(CribbageError, match="exact finish cannot be combined with Lowball"):
        Rules(lowball=True, exact_finish=True)
    with pytest.raises(CribbageError, match="exact finish cannot be combined with Lowball"):
        Game(Rules.from_dict({"lowball": True, "exact_finish": True}))


def test_decided_muggins_an_objection_at_the_target_moves_the_excess_and_the_counter_wins():
    """Also test_game_muggins: 113 + 11 announced, holding 9, objected: 122 to 91, no skunk."""
    game = show_scenario(["2C 3D 4H 9S", "4S 5C 6D KS"], "6C 7C 8C 9C", "QS",
                         dealer=0, rules=Rules(muggins=True), scores=(89, 113), names=NAMES)
    run_script(game, "11; overcount")
    assert game.scores == (91, 122) and game.result.winner == 1 and game.result.skunks == (None, None)


def test_decided_ten_back_with_muggins_a_zero_hand_announced_to_the_target_goes_back_before_the_end():
    """Also test_game_ten_back: the 10 back is part of settling the count."""
    game = show_scenario(["2C 3D 4H 9S", "4S 9D 8D KS"], "6C 7C 8C 9C", "QS", dealer=0,
                         rules=Rules(muggins=True, ten_back=True), scores=(89, 115), names=NAMES)
    run_script(game, "8; accept")
    assert not game.is_over and game.scores == (89, 113)


def test_decided_lowball_ends_at_once_and_ranks_the_others_by_lowest_score_without_skunks():
    game = show_scenario(["5H 5C 10D JS", "2C 3D 4H 9S", "AH 2H 7D 8S"], "6C 7C 8C 9C", "5S",
                         dealer=2, rules=Rules(players=3, lowball=True), scores=(110, 40, 20))
    result = game.result
    assert game.is_over and result.reached == 0 and result.ranking == (2, 1, 0)
    assert result.skunks == (None, None, None) and "Lowball" in result.text


def test_a_go_is_a_move_also_when_it_is_the_only_one():
    """The engine's own decision (Game's docstring): learners say go."""
    game = scenario(["KC QC 5D 7C", "KH 9H 4H 3S"], "2S", dealer=0)
    run_script(game, "KH QC 9H")
    assert game.legal_moves() == [Go(0)]
