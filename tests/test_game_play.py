"""The play to 31 (RULES.md: The play), driven through the engine with stacked hands.

Ann (seat 0) deals in the two-player games here, so Ben (seat 1) leads.
"""

from __future__ import annotations

import re

import pytest

from crib_widgets.cards import Card
from crib_widgets.errors import IllegalMove
from crib_widgets.game import Go, Play, run_script, scenario

NAMES = ("Ann", "Ben")


def pegs(events):
    """Points pegged in the play: (seat, points, sentence)."""
    return [(e.seat, e.points, e.text) for e in events if e.kind in ("peg", "go point", "last card")]


def two(ann: str, ben: str, **kw):
    return scenario([ann, ben], kw.pop("starter", "2S"), dealer=0, names=NAMES, **kw)


def test_the_player_left_of_the_dealer_leads():
    assert two("AC 2C 3C 4C", "AD 2D 3D 4D").whose_turn == 1
    three = scenario(["AC 2C 3C 4C", "AD 2D 3D 4D", "AH 2H 3H 4H"], "KS", dealer=2)
    assert three.phase == "play" and three.whose_turn == 0


def test_face_cards_count_ten_and_fifteen_scores_two():
    game = two("5C 9C 9D 9H", "KH 8S 8D 8H")
    events = run_script(game, "KH 5C")
    assert game.count == 15
    assert pegs(events) == [(0, 2, "Ann pegs 2 for fifteen")]


def test_thirty_one_scores_two_then_the_count_goes_back_to_zero_and_the_next_player_leads():
    game = two("9C 2D 10C 2H", "KH QS AS 3S")
    events = run_script(game, "KH 9C QS 2D")
    assert pegs(events) == [(0, 2, "Ann pegs 2 for thirty-one")]
    assert game.count == 0 and game.pile == ()
    assert game.whose_turn == 1
    assert [e.text for e in events if e.kind == "reset"] == ["The count goes back to 0: Ben leads"]


def test_pair_three_and_four_of_a_kind_score_2_6_12():
    game = two("4D 4C KC KD", "4H 4S KH KS")
    events = run_script(game, "4H 4D 4S 4C")
    assert pegs(events) == [(0, 2, "Ann pegs 2 for a pair"), (1, 6, "Ben pegs 6 for three of a kind"),
                            (0, 12, "Ann pegs 12 for four of a kind")]


def test_a_run_scores_in_any_order_and_grows_card_by_card():
    game = two("5C 6D 9D KD", "3H 4S 7H KS")
    events = run_script(game, "3H 5C 4S 6D 7H")
    assert pegs(events) == [(1, 3, "Ben pegs 3 for a run of 3"), (0, 4, "Ann pegs 4 for a run of 4"),
                            (1, 5, "Ben pegs 5 for a run of 5")]


def test_the_ace_is_low_so_queen_king_ace_is_no_run():
    game = two("KC 2C 3C 4C", "QH AS 9D 8D")
    assert pegs(run_script(game, "QH KC AS")) == []


def test_several_scores_on_one_card_add_up():
    game = two("4C 9D KD QD", "7H 4S 2H KS")
    events = run_script(game, "7H 4C 4S")
    assert pegs(events) == [(1, 4, "Ben pegs 4: 2 for fifteen, 2 for a pair")]
    assert events[-1].play_score.total == 4


def test_a_card_may_not_take_the_count_past_31():
    game = two("KC QC JC 10C", "KH QH 9H 2H")
    run_script(game, "KH KC QH")
    before = game.to_json()
    with pytest.raises(IllegalMove, match=r"QC \(Q♣\) would take the count from 30 to 40, past 31: "
                                          "the only move is to say go"):
        game.apply(Play(0, Card(12, "C")))
    assert game.to_json() == before
    assert game.legal_moves() == [Go(0)]


def test_no_go_while_holding_a_playable_card():
    game = two("KC QC JC AC", "KH QH 9H 2H")
    run_script(game, "KH KC QH")
    message = "Ann cannot say go while holding a playable card: AC (A♣) can be laid on 30"
    with pytest.raises(IllegalMove, match=re.escape(message)):
        game.apply(Go(0))
    assert Play(0, Card(1, "C")) in game.legal_moves()


def test_when_nobody_can_play_the_last_to_lay_a_card_pegs_one_for_the_go():
    game = two("QC KC 5D 7C", "KH 9H 4H 3S")
    events = run_script(game, "KH QC 9H go go")
    assert [e.text for e in events if e.kind == "go"] == ["Ann says go", "Ben says go"]
    assert pegs(events) == [(1, 1, "Ben pegs 1 for the go")]
    assert game.count == 0 and game.whose_turn == 0  # the player after Ben leads the next count


def test_after_a_go_the_other_player_keeps_laying_cards_while_they_can():
    game = two("KC QC JC 10C", "5H AH AS 2S", starter="9D")
    events = run_script(game, "5H KC AH QC AS")
    assert game.count == 27 and game.legal_moves() == [Go(0)]
    events += run_script(game, "go 2S")  # Ben plays on to 29, then has no cards: his go
    events += run_script(game, "JC 10C")  # Ann leads the next count and lays both
    assert pegs(events) == [(0, 2, "Ann pegs 2 for fifteen"), (1, 1, "Ben pegs 1 for the go"),
                            (0, 1, "Ann pegs 1 for the last card")]


def test_a_go_scores_nothing_when_the_count_is_31():
    game = two("AC 2C 3C 4C", "6D 7D 8D 9D")
    events = run_script(game, "6D AC 7D 2C 8D 3C go 4C")  # Ben cannot lay 9D on 27; Ann makes 31
    assert pegs(events) == [(0, 2, "Ann pegs 2 for thirty-one")]
    events = run_script(game, "9D")
    assert pegs(events) == [(1, 1, "Ben pegs 1 for the last card")]
    assert game.phase == "discard" and game.deal_number == 2


def test_the_last_card_making_31_scores_two_not_three():
    game = two("JC AC 8C 9C", "10H KS 9H 5H")
    events = run_script(game, "10H JC KS AC 9H 8C 5H 9C")
    assert pegs(events) == [(0, 2, "Ann pegs 2 for thirty-one"), (0, 2, "Ann pegs 2 for thirty-one")]
    assert not [e for e in events if e.kind == "last card"]


def test_pairs_never_reach_across_a_reset():
    game = two("QC 5D KC JD", "10H 6H 5S 9S")
    events = run_script(game, "10H QC 6H 5D")
    assert pegs(events) == [(0, 2, "Ann pegs 2 for thirty-one")]
    assert pegs(run_script(game, "5S")) == []


def test_runs_never_reach_across_a_reset():
    game = two("QC 5D KC JD", "10H 6H 4S 9S")
    run_script(game, "10H QC 6H 5D")
    assert pegs(run_script(game, "4S")) == []  # 6-5 | 4 is no run


def test_three_players_the_others_play_on_after_a_go_and_the_last_to_lay_a_card_pegs_it():
    game = scenario(["KC 8C 7C 6C", "QD AD 8D 7D", "9H 8H 7H 6H"], "2S", dealer=2)
    events = run_script(game, "KC QD 9H go AD")
    assert game.count == 30 and game.whose_turn == 2 and game.said_go == (0,)
    events += run_script(game, "go go")
    assert [e.seat for e in events if e.kind == "go"] == [0, 2, 1]
    assert pegs(events) == [(1, 1, "Player 2 pegs 1 for the go")]
    assert game.whose_turn == 2 and game.count == 0


def test_three_players_a_player_with_no_cards_left_is_passed_over():
    game = scenario(["AC 2C 3C 4C", "KD QD JD 10D", "9H 8H 7H 6H"], "2S", dealer=2)
    events = run_script(game, "AC KD 9H 2C go 8H go go")
    events += run_script(game, "3C QD 7H 4C go 6H")  # seat 0 is out of cards after 4C
    assert game.hands[0] == () and game.hands[2] == () and game.whose_turn == 1
    events += run_script(game, "JD")
    assert game.whose_turn == 1  # the only player with cards plays on alone
    events += run_script(game, "10D")
    assert pegs(events) == [(2, 1, "Player 3 pegs 1 for the go"), (2, 1, "Player 3 pegs 1 for the go"),
                            (1, 1, "Player 2 pegs 1 for the last card")]


def test_the_play_is_a_scored_sequence_like_the_reference_vectors():
    game = two("AC 2C 3C 4C", "6D 7D 8D 9D")
    events = run_script(game, "6D AC 7D 2C 8D 3C go 4C 9D")
    played = [e.cards[0] for e in events if e.kind == "play"]
    assert played == [Card.parse(c) for c in "6D AC 7D 2C 8D 3C 4C 9D".split()]
    assert sum(e.points for e in pegs_events(events)) == 3


def pegs_events(events):
    return [e for e in events if e.kind in ("peg", "go point", "last card")]


def test_the_go_point_has_its_own_event_kind_with_its_reason():
    game = two("QC KC 5D 7C", "KH 9H 4H 3S")
    events = run_script(game, "KH QC 9H go go")
    (go,) = [e for e in events if e.kind == "go point"]
    assert (go.seat, go.points, go.cards) == (1, 1, (Card.parse("9H"),))
    assert [i.kind for i in go.play_score.items] == ["go"]
    assert [e.kind for e in events if e.kind in ("go", "go point")] == ["go", "go", "go point"]
    assert not [e for e in events if e.kind == "peg"]  # a go is not a card's score


def test_every_play_point_event_carries_its_reasons_for_the_spoken_call():
    from crib_widgets.pegging import play_call

    game = two("6C 3C 2C AC", "4D 5D 9D KD")
    events = run_script(game, "4D 6C 5D 3C 9D 2C go AC KD")
    calls = [play_call(e.play_score) for e in events if e.kind in ("peg", "go point", "last card")]
    assert calls == ["fifteen for two, and run of three for five", "run of four for four", "go",
                     "one for last card"]
