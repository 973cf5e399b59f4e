"""Muggins: counting your own hand, the answers and every outcome (RULES.md: Variant: Muggins).

In the two-player deal used here Ann (seat 0) deals. Ben's hand 5H 5C 10D JS with the starter
5S is worth 21, Ann's 2C 3D 4H 9S is worth 6 and Ann's crib 6C 7C 8C 9C is worth 9. The play
gives Ben 1 for a go and Ann 1 for the last card.
"""

from __future__ import annotations

import pytest

from crib_widgets.errors import CribbageError, IllegalMove
from crib_widgets.game import Announce, Answer, Rules, run_script, scenario
from crib_widgets.game.muggins import answerers, settle

PLAY = "10D 2C JS 3D 5H go go 4H 5C 9S"


def muggins_game(scores=None, **rules):
    game = scenario(["2C 3D 4H 9S", "5H 5C 10D JS"], "5S", dealer=0, discards=["6C 7C", "8C 9C"],
                    names=("Ann", "Ben"), scores=scores, rules=Rules(muggins=True, **rules))
    events = run_script(game, PLAY)
    assert [e.text for e in events if e.kind in ("peg", "go point", "last card")] == [
        "Ben pegs 1 for the go", "Ann pegs 1 for the last card"]  # the play is scored automatically
    return game


def test_the_owner_announces_the_count_and_it_is_pegged_at_once():
    game = muggins_game()
    assert game.phase == "announce" and game.whose_turn == 1
    assert game.counting.owner == 1 and not game.counting.is_crib and game.counting.announced is None
    assert len(game.legal_moves()) == 30  # 0 to 29
    events = run_script(game, "announce 21")
    assert [(e.kind, e.points, e.text) for e in events] == [
        ("announce", 21, "Ben counts 21 for the hand 5♥ 5♣ 10♦ J♠ with 5♠")]
    assert game.scores == (1, 22) and game.phase == "answer" and game.whose_turn == 0


def test_if_every_opponent_accepts_the_count_stands_even_if_wrong():
    for announced, expected in [(21, 22), (15, 16), (25, 26)]:
        game = muggins_game()
        events = run_script(game, f"{announced}; accept")
        assert game.scores == (1, expected)
        assert f"Accepted: Ben's count of {announced} stands" in [e.text for e in events]


def test_once_settled_the_true_breakdown_is_shown_to_everybody():
    game = muggins_game()
    events = run_script(game, "15; accept")
    shown = [e for e in events if e.kind == "show"]
    assert len(shown) == 1 and shown[0].points == 0
    assert shown[0].score.total == 21 and shown[0].text == "Ben's hand 5♥ 5♣ 10♦ J♠ with 5♠ holds 21 points"


@pytest.mark.parametrize(("named", "ann_gets"), [(4, 4), (6, 6), (10, 6)])
def test_a_muggins_call_takes_the_missed_points_but_never_more_than_named(named, ann_gets):
    game = muggins_game()
    events = run_script(game, f"15; muggins {named}")
    assert game.scores == (1 + ann_gets, 16)
    assert f"Muggins! Ann pegs {ann_gets} missed points" in [e.text for e in events]


def test_a_false_muggins_call_gives_the_counter_the_number_named():
    game = muggins_game()
    events = run_script(game, "21; muggins 3")
    assert game.scores == (1, 25)
    assert "False Muggins, nothing was missed: Ben pegs the 3 points named" in [e.text for e in events]
    game = muggins_game()
    run_script(game, "25; muggins 2")  # too high is not "missed": the call is false too
    assert game.scores == (1, 28)


def test_an_over_count_objection_moves_the_excess_from_the_counter_to_the_caller():
    game = muggins_game()
    events = run_script(game, "25; overcount")
    assert game.scores == (5, 22)
    assert [(e.seat, e.points) for e in events if e.kind == "muggins"] == [(1, -4), (0, 4)]
    assert "Too high by 4: Ben loses 4" in [e.text for e in events]


def test_an_over_count_objection_to_a_right_count_changes_nothing():
    game = muggins_game()
    events = run_script(game, "21; overcount")
    assert game.scores == (1, 22)
    assert "The count was not too high: nothing changes; Ben's count of 21 stands" in [e.text for e in events]


def test_the_dealer_counts_the_crib_last_in_the_same_way():
    game = muggins_game()
    run_script(game, "21; accept")
    assert game.counting.owner == 0 and not game.counting.is_crib and game.whose_turn == 0
    run_script(game, "6; accept")
    assert game.counting.owner == 0 and game.counting.is_crib and game.phase == "announce"
    events = run_script(game, "9; muggins 2")  # a false call: Ann gets 2
    assert game.scores == (1 + 6 + 9 + 2, 22)
    assert [e.kind for e in events][-2:] == ["show", "deal"]
    assert game.phase == "discard" and game.deal_number == 2


def test_with_three_players_answers_go_round_from_the_counters_left_and_the_first_call_settles():
    rules = Rules(players=3, muggins=True)
    game = scenario(["AC 2C 3C 4C", "AD 2D 3D 4D", "AH 2H 3H 4H"], "KS", dealer=2, rules=rules)
    while game.phase == "play":
        game.apply(game.legal_moves()[0])
    assert game.counting.owner == 0
    run_script(game, "0")
    assert game.counting.answerers == (1, 2) and game.whose_turn == 1
    run_script(game, "accept")
    assert game.whose_turn == 2 and game.phase == "answer"
    run_script(game, "muggins 1")
    assert game.phase == "announce" and game.counting.owner == 1
    run_script(game, "0; muggins 1")  # seat 2 never answers: the first call settled it
    assert game.phase == "announce" and game.counting.owner == 2


def test_in_partnership_play_only_the_other_side_answers():
    assert answerers(Rules(players=4, partners=True, muggins=True), 0) == (1, 3)
    assert answerers(Rules(players=4, muggins=True), 0) == (1, 2, 3)
    rules = Rules(players=4, partners=True, muggins=True)
    game = scenario(["AC 2C 3C 4C", "AD 2D 3D 4D", "AH 2H 3H 4H", "AS 2S 3S 4S"], "KS", dealer=3, rules=rules)
    while game.phase == "play":
        game.apply(game.legal_moves()[0])
    run_script(game, "5")
    seats = [game.whose_turn]
    run_script(game, "accept")
    seats.append(game.whose_turn)
    assert seats == [1, 3]


def test_a_count_that_reaches_the_target_and_is_not_too_high_ends_the_game_at_once():
    for announced in (21, 15):
        game = muggins_game(scores=(100, 110))
        events = run_script(game, str(announced))
        assert game.is_over and game.scores == (101, 111 + announced) and game.result.winner == 1
        assert [e.kind for e in events] == ["announce", "show", "game over"]


def test_a_count_that_reaches_the_target_but_is_too_high_waits_for_the_answers():
    game = muggins_game(scores=(110, 50))  # after the play: 111 to 51
    run_script(game, "21; accept")
    run_script(game, "12")  # Ann's hand holds 6: 123 is not a win yet
    assert not game.is_over and game.scores == (123, 72) and game.phase == "answer"
    run_script(game, "overcount")
    assert not game.is_over and game.scores == (117, 78)
    game = muggins_game(scores=(110, 50))
    run_script(game, "21; accept; 12; accept")
    assert game.is_over and game.result.winner == 0 and game.scores == (123, 72)


def test_announce_and_answer_errors_say_what_is_allowed():
    game = muggins_game()
    with pytest.raises(IllegalMove, match="announce a count from 0 to 29, not 30"):
        game.apply(Announce(1, 30))
    with pytest.raises(IllegalMove, match=r"it is not Ann's turn: Ben counts the hand: announce 0 to 29"):
        game.apply(Announce(0, 6))
    run_script(game, "20")
    with pytest.raises(IllegalMove, match="a Muggins call names 1 to 9 missed points"):
        game.apply(Answer(0, "muggins", 10))
    game = muggins_game()
    run_script(game, "0")
    with pytest.raises(IllegalMove, match="a count of 0 cannot be too high"):
        game.apply(Answer(0, "overcount"))
    assert "Ann answers Ben's count of 0: accept or Muggins naming 1 to 29 missed points" in game.prompt


def test_exact_finish_with_muggins_a_count_past_the_target_is_not_pegged():
    game = muggins_game(scores=(100, 110), exact_finish=True)  # after the play: 101 to 111
    events = run_script(game, "15")
    assert game.scores == (101, 111) and game.phase == "answer"
    assert events[0].text == "Ben's 15 for the hand would pass 121: not pegged (exact finish)"
    run_script(game, "accept")
    assert game.scores == (101, 111) and not game.is_over


def test_exact_finish_with_muggins_an_over_count_takes_only_what_was_pegged():
    game = muggins_game(scores=(100, 110), exact_finish=True)
    run_script(game, "25; overcount")  # 25 was not pegged; the excess of 4 still goes to Ann
    assert game.scores == (105, 111)


def test_exact_finish_with_muggins_a_count_landing_on_the_target_wins():
    game = muggins_game(scores=(100, 110), exact_finish=True)
    run_script(game, "10")  # fewer than the 21 held, so not too high: it stands at once
    assert game.is_over and game.scores == (101, 121) and game.result.winner == 1


def overcount_at_the_target_game(scores, **rules):
    """Ben (seat 1) holds 4H 5C 6D KS with QS: 9 points; the play gives Ann 7 and Ben 2."""
    game = scenario(["AC 2C 3D 7D", "4H 5C 6D KS"], "QS", dealer=0, discards=["KC QC", "JD 10D"],
                    names=("Ann", "Ben"), scores=scores, rules=Rules(muggins=True, **rules))
    run_script(game, "4H AC 5C 2C 6D 3D KS 7D")
    return game


def test_decided_an_objection_at_the_target_settles_fully_then_the_counter_who_still_reaches_it_wins():
    # issue 12 as seen: Ben at 113 announces 11 holding 9; Ann (the dealer) at 89 objects.
    game = overcount_at_the_target_game((82, 111))
    assert game.scores == (89, 113)
    events = run_script(game, "11; overcount")
    assert game.is_over and game.scores == (91, 122)  # RULES.md: 122 to 91, no skunk
    assert game.result.winner == 1 and game.result.skunks == (None, None)
    assert [e.text for e in events if e.kind == "muggins"] == ["Too high by 2: Ben loses 2",
                                                               "Ann pegs 2 for the over-count"]
    assert events[-1].kind == "game over" and "skunk" not in events[-1].text
    assert "show" in [e.kind for e in events]  # the true count is shown before the end


def test_decided_when_both_stand_at_the_target_after_an_objection_the_counter_wins():
    game = overcount_at_the_target_game((112, 117))  # Ann 119, Ben 119
    run_script(game, "15; overcount")  # Ben 134 - 6 = 128, Ann 119 + 6 = 125
    assert game.scores == (125, 128) and game.result.winner == 1


def test_a_false_muggins_call_at_the_target_settles_before_the_end():
    game = overcount_at_the_target_game((82, 111))
    events = run_script(game, "9")  # right and reaching 122: over at once
    assert game.is_over and game.scores == (89, 122) and events[-1].kind == "game over"
    game = overcount_at_the_target_game((82, 100))
    run_script(game, "9; muggins 3")  # false: Ben pegs the 3 named
    assert game.scores == (89, 114) and not game.is_over


def test_settling_a_muggins_call_without_its_points_is_a_sentence_not_a_type_error():
    # found by mypy: settle(..., "muggins") without ``named`` reached min(missed, None)
    with pytest.raises(CribbageError, match="names the missed points"):
        settle(announced=8, true=12, kind="muggins")
    assert settle(announced=8, true=12, kind="muggins", named=9).caller == 4
