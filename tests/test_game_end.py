"""Winning: target, skunks and lurch, exact finish, Lowball (RULES.md: Pegging and winning; Lowball)."""

from __future__ import annotations

import pytest

from crib_widgets.errors import CribbageError, IllegalMove
from crib_widgets.game import Go, Rules, run_script, scenario

NAMES = ("Ann", "Ben")


def ann_makes_fifteen(scores, **rules):
    """Ann deals; Ben leads a king and Ann's five makes fifteen."""
    game = scenario(["5C 9C 9D 9H", "KH 8S 8D 8H"], "2S", dealer=0, scores=scores, names=NAMES,
                    rules=Rules(**rules))
    return game, run_script(game, "KH 5C")


@pytest.mark.parametrize(("loser", "skunk"), [(91, None), (90, "skunk"), (61, "skunk"), (60, "double skunk"),
                                              (0, "double skunk")])
def test_skunks_in_the_121_game(loser, skunk):
    game, _ = ann_makes_fifteen((119, loser))
    assert game.result.winner == 0 and game.result.skunks == (None, skunk)


@pytest.mark.parametrize(("loser", "skunk"), [(31, None), (30, "lurch"), (0, "lurch")])
def test_a_loser_below_31_in_the_61_game_is_lurched(loser, skunk):
    game, _ = ann_makes_fifteen((59, loser), target=61)
    assert game.is_over and game.result.skunks == (None, skunk)
    if skunk:
        assert game.result.text == f"Ann wins 61 to {loser}: Ben is lurched."


def test_with_three_players_each_losers_skunk_is_reported_on_its_own():
    game = scenario(["KH AC AD AH", "5C 7S 7D 7H", "9S 9C 9D 9H"], "QS", dealer=2, scores=(95, 119, 40))
    run_script(game, "KH 5C")
    result = game.result
    assert result.winner == 1 and result.losers == (0, 2)
    assert result.skunks == (None, None, "double skunk")
    assert result.ranking == (1, 0, 2) and result.places == (2, 1, 3)
    assert result.text == "Player 2 wins with 121: Player 3 is double skunked."


def test_the_game_ends_the_moment_the_target_is_reached_and_no_move_is_allowed_after():
    game, events = ann_makes_fifteen((119, 50))
    assert events[-1].kind == "game over" and events[-1].text == "Ann wins 121 to 50: Ben is double skunked."
    assert game.legal_moves() == [] and game.whose_turn is None
    with pytest.raises(IllegalMove, match=r"the game is over\. Ann wins 121 to 50"):
        game.apply(Go(1))


def test_exact_finish_points_that_would_pass_the_target_are_not_pegged():
    game = scenario(["5C 4C 9C 8C", "KH QH 3S 9S"], "2S", dealer=0, scores=(120, 50), names=NAMES,
                    rules=Rules(exact_finish=True))
    events = run_script(game, "KH 5C")
    assert [(e.points, e.text) for e in events if e.kind == "peg"] == [
        (0, "Ann's 2 for fifteen would pass 121: not pegged (exact finish)")]
    assert game.scores == (120, 50) and not game.is_over
    run_script(game, "QH 4C go go")  # Ann pegs exactly 1 for the go
    assert game.is_over and game.scores == (121, 50) and game.result.winner == 0


def test_exact_finish_his_heels_wins_on_exactly_the_target_and_is_refused_past_it():
    won = scenario(["AC 2C 3C 4C", "AD 2D 3D 4D"], "JH", dealer=0, scores=(119, 0),
                   rules=Rules(exact_finish=True))
    assert won.is_over and won.scores == (121, 0)
    refused = scenario(["AC 2C 3C 4C", "AD 2D 3D 4D"], "JH", dealer=0, scores=(120, 0),
                       rules=Rules(exact_finish=True))
    assert not refused.is_over and refused.scores == (120, 0) and refused.phase == "play"


def test_lowball_the_first_to_reach_the_target_loses_and_there_are_no_skunks():
    game, _ = ann_makes_fifteen((119, 10), lowball=True)
    result = game.result
    assert game.is_over and result.lowball and result.reached == 0
    assert result.winner == 1 and result.losers == (0,) and result.skunks == (None, None)
    assert result.text == "Ann reaches 121 first and loses (Lowball): Ben wins 10 to 121."


def test_lowball_with_three_players_ranks_the_others_by_lowest_score():
    game = scenario(["KH AC AD AH", "5C 7S 7D 7H", "9S 9C 9D 9H"], "QS", dealer=2, scores=(50, 119, 30),
                    rules=Rules(players=3, lowball=True))
    run_script(game, "KH 5C")
    assert game.result.ranking == (2, 0, 1) and game.result.places == (2, 3, 1)
    assert game.result.winner == 2 and game.result.skunks == (None, None, None)


def test_lowball_equal_lowest_scores_share_the_win():
    game = scenario(["KH AC AD AH", "5C 7S 7D 7H", "9S 9C 9D 9H"], "QS", dealer=2, scores=(40, 119, 40),
                    rules=Rules(players=3, lowball=True))
    run_script(game, "KH 5C")
    assert game.result.winners == (0, 2) and game.result.places == (1, 3, 1)
    assert game.result.text.endswith("Player 1 and Player 3 share the win.")


def test_rules_accept_61_or_121_and_two_to_four_players_and_name_bad_options():
    assert Rules(target=61).target == 61
    for bad, message in [({"target": 100}, "play to 61"), ({"players": 5}, "2, 3 or 4"),
                         ({"partners": True}, "partners need 4 players"),
                         ({"lowball": True, "exact_finish": True}, "cannot be combined with Lowball"),
                         ({"muggins": "yes"}, "use True or False")]:
        with pytest.raises(CribbageError, match=message):
            Rules(**bad)


def test_muggins_with_lowball_is_played_as_lowball_without_muggins_and_says_so():
    rules = Rules(muggins=True, lowball=True)
    assert rules.notes == ("Muggins cannot be combined with Lowball: Lowball is played without Muggins.",)
    game = scenario(["5C 9C 9D 9H", "KH 8S 8D 8H"], "2S", dealer=0, rules=rules)
    assert game.rules.muggins is False and game.rules.lowball is True
    assert game.events[0].kind == "note" and "without Muggins" in game.events[0].text
    while game.phase == "play":
        game.apply(game.legal_moves()[0])
    assert game.phase == "discard"  # counted automatically, no announcing
