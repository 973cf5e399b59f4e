"""The show and its order, partners sharing a score, and the board's two pegs (RULES.md: The show)."""

from __future__ import annotations

from crib_widgets.cards import parse_cards
from crib_widgets.game import Rules, run_script, scenario
from crib_widgets.scoring import score_hand


def shows(events):
    return [e for e in events if e.kind == "show"]


def play_out(game):
    """Lay the first legal card (or go) until the play is over."""
    events = []
    while game.phase == "play":
        events += game.apply(game.legal_moves()[0])
    return events


def test_hands_are_counted_left_of_the_dealer_first_then_the_dealer_then_the_crib():
    game = scenario(["AC 2C 3C 4C", "AD 2D 3D 4D", "AH 2H 3H 4H"], "KS", dealer=1)
    counted = [(e.seat, e.is_crib) for e in shows(play_out(game))]
    assert counted == [(2, False), (0, False), (1, False), (1, True)]


def test_each_hand_and_the_crib_is_counted_with_the_starter_and_pegged():
    game = scenario(["5H 5C 10D JS", "2C 3D 4H 9S"], "5S", dealer=0, discards=["6C 7C", "8C 9C"])
    events = shows(play_out(game))
    assert [(e.seat, e.points) for e in events] == [(1, 6), (0, 21), (0, 9)]  # run of 5 + two fifteens
    assert events[1].score == score_hand("5H 5C 10D JS", "5S")
    assert events[1].score.total == 21 and events[2].score.crib
    assert events[0].text == "Player 2's hand 2♣ 3♦ 4♥ 9♠ with 5♠: 6 points"


def test_a_four_card_flush_counts_in_the_hand_but_not_in_the_crib():
    game = scenario(["AH 3H 7H 9H", "2C 4D 6S 8S"], "KS", dealer=1, discards=["QD JD", "AD 3D"])
    hand = shows(play_out(game))[0]
    assert hand.score.by_kind()["flush"] == 4
    game = scenario(["2C 4D 6S 8S", "QD JD 4C 6C"], "KS", dealer=1, discards=["AH 3H", "7H 9H"])
    crib = shows(play_out(game))[-1]
    assert crib.is_crib and crib.score.by_kind()["flush"] == 0
    game = scenario(["2C 4D 6S 8S", "QD JD 4C 6C"], "KH", dealer=1, discards=["AH 3H", "7H 9H"])
    crib = shows(play_out(game))[-1]
    assert crib.score.by_kind()["flush"] == 5


def test_his_nobs_scores_one_in_the_show():
    game = scenario(["JS 2C 4D 6H", "AC 3D 7D 9H"], "KS", dealer=0, discards=["QC KC", "8D 10H"])
    ann = shows(play_out(game))[1]
    assert ann.score.by_kind()["nobs"] == 1 and ann.points == ann.score.total


def test_the_non_dealer_can_peg_out_in_the_show_so_the_dealers_hand_and_crib_are_never_counted():
    game = scenario(["AC 2C 3C 4C", "5C 5D 10S JH"], "2S", dealer=0, scores=(118, 115), names=("Ann", "Ben"))
    events = run_script(game, "5C AC 5D 2C 10S 3C go 4C")  # Ann pegs 1 for the go: 119
    events += run_script(game, "JH")  # Ben's last card: 116
    assert game.is_over and game.scores == (119, 126)
    assert [e.seat for e in shows(events)] == [1]  # Ann's 9-point hand and her crib are not counted
    assert game.result.winner == 1 and game.result.text == "Ben wins 126 to 119."


def test_a_side_can_win_in_the_middle_of_the_play():
    game = scenario(["5C 9C 9D 9H", "KH 8S 8D 8H"], "2S", dealer=0, scores=(119, 50))
    events = run_script(game, "KH 5C")
    assert game.is_over and game.phase == "over" and game.scores == (121, 50)
    assert [e.kind for e in events][-1] == "game over"
    assert game.hands[0] and not shows(events) and game.legal_moves() == []


def test_partners_share_one_score():
    rules = Rules(players=4, partners=True)
    game = scenario(["KH AC AD AH", "2C 7S 7D 7H", "3D 8S 8D 8H", "9S 9C 9D 9H"], "QS", dealer=3, rules=rules)
    events = run_script(game, "KH 2C 3D")
    assert [(e.seat, e.side, e.points) for e in events if e.kind == "peg"] == [(2, 0, 2)]
    assert game.scores == (2, 0) and game.rules.sides == 2


def test_partners_win_together_and_the_losing_side_can_be_skunked():
    rules = Rules(players=4, partners=True)
    game = scenario(["KH AC AD AH", "2C 7S 7D 7H", "3D 8S 8D 8H", "9S 9C 9D 9H"], "QS", dealer=3, rules=rules,
                    scores=(119, 50), names=("Ann", "Ben", "Cat", "Dan"))
    run_script(game, "KH 2C 3D")
    assert game.result.winner == 0
    assert game.result.text == "Ann and Cat win 121 to 50: Ben and Dan are double skunked."


def test_the_back_peg_jumps_ahead_of_the_front_peg_by_the_points_just_scored():
    game = scenario(["4D 4C KC KD", "4H 4S KH KS"], "2S", dealer=0)
    assert game.pegs == ((0, 0), (0, 0))
    run_script(game, "4H 4D")
    assert game.pegs == ((2, 0), (0, 0))
    run_script(game, "4S 4C")
    assert game.pegs == ((14, 2), (6, 0))


def test_the_crib_cards_come_from_the_discards_and_the_three_player_deck_card():
    game = scenario(["AC 2C 3C 4C", "AD 2D 3D 4D", "AH 2H 3H 4H"], "KS", dealer=0,
                    discards=["5C", "5D", "5H"], crib_card="9S")
    assert sorted(game.crib) == sorted(parse_cards("5C 5D 5H 9S"))
