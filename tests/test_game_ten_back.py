"""10 back: a hand or crib that scores nothing in the show goes back 10 (RULES.md: Variant: 10 back).

Every card below has an even value, so no fifteen is possible: Ben's hand 2C 4D 6S 8H, Ann's
hand 2D 4S 6H 8C and Ann's crib 2H 4H 6D 8S all score nothing with a king or jack turned. In the
play Ann pegs 1 for a go, 2 for a pair and 1 for the last card; Ben pegs nothing.
"""

from __future__ import annotations

from crib_widgets.game import Rules, run_script, scenario

PLAY = "2C 4S 6S 2D 4D 6H go go 8H 8C"


def zero_game(scores, starter="KS", **rules):
    game = scenario(["2D 4S 6H 8C", "2C 4D 6S 8H"], starter, dealer=0, discards=["2H 4H", "6D 8S"],
                    names=("Ann", "Ben"), scores=scores, rules=Rules(ten_back=True, **rules))
    return game, run_script(game, PLAY)


def back(events):
    return [(e.seat, e.points, e.text) for e in events if e.kind == "ten back"]


def test_a_zero_hand_goes_back_ten_and_a_zero_crib_sets_the_dealer_back_after_the_dealers_hand():
    game, events = zero_game((30, 50))
    assert back(events) == [
        (1, -10, "Ben's hand scored nothing: 10 back, from 50 to 40"),
        (0, -10, "Ann's hand scored nothing: 10 back, from 34 to 24"),
        (0, -10, "Ann's crib scored nothing: 10 back, from 24 to 14"),
    ]
    kinds = [(e.kind, e.seat, e.is_crib) for e in events if e.kind in ("show", "ten back")]
    assert kinds == [("show", 1, False), ("ten back", 1, False), ("show", 0, False), ("ten back", 0, False),
                     ("show", 0, True), ("ten back", 0, False)]
    assert game.scores == (14, 40)  # the dealer lost 20 in one deal


def test_points_from_the_play_and_his_heels_do_not_save_a_hand():
    game, events = zero_game((30, 50), starter="JS")
    assert [e.kind for e in game.events if e.kind == "heels"] == ["heels"]
    assert [p for _, p, _ in back(events)] == [-10, -10, -10]
    assert game.scores == (30 + 2 + 4 - 20, 40)


def test_pegs_never_go_behind_the_start():
    _, events = zero_game((30, 4))
    assert back(events)[0] == (1, -4, "Ben's hand scored nothing: back 4 to 0")
    game, events = zero_game((30, 0))
    stays = "Ben's hand scored nothing: 10 back, but the pegs are at 0 and stay there"
    assert back(events)[0] == (1, 0, stays)
    assert game.scores[1] == 0


def test_going_back_never_ends_the_game_not_even_in_lowball():
    game, _ = zero_game((30, 50), lowball=True)
    assert not game.is_over and game.scores == (14, 40)  # in Lowball going back helps its owner


def test_partners_share_the_setback_of_either_partners_zero_hand():
    rules = Rules(players=4, partners=True, ten_back=True)
    game = scenario(["AC 2C 3C 4C", "2D 4D 6H 8C", "AH 2H 3H 4H", "AS 2S 3S 4S"], "KS", dealer=3, rules=rules,
                    discards=["5C", "5D", "5H", "5S"], scores=(40, 40))
    events = []
    while game.phase == "play":
        events += game.apply(game.legal_moves()[0])
    assert [(e.seat, e.side, e.points) for e in events if e.kind == "ten back"] == [(1, 1, -10)]
    # seat 3 pegged 12 in the play for the side; seat 1's zero hand takes the side's score back
    texts = [e.text for e in events if e.kind == "ten back"]
    assert texts == ["Player 2's hand scored nothing: 10 back, from 52 to 42"]


def test_with_three_players_each_goes_back_on_their_own_and_the_crib_is_still_the_dealers():
    rules = Rules(players=3, ten_back=True)
    game = scenario(["2D 4S 6H 8C", "2C 4D 6S 8H", "AH 2S 3H 4H"], "KS", dealer=2, rules=rules,
                    discards=["10D", "QD", "6C"], crib_card="8D", scores=(40, 40, 40))
    events = []
    while game.phase == "play":
        events += game.apply(game.legal_moves()[0])
    shown = [(e.kind, e.seat, e.side, e.is_crib) for e in events if e.kind in ("show", "ten back")]
    assert shown == [("show", 0, 0, False), ("ten back", 0, 0, False), ("show", 1, 1, False),
                     ("ten back", 1, 1, False), ("show", 2, 2, False), ("show", 2, 2, True),
                     ("ten back", 2, 2, False)]  # seat 2's own hand scores; its crib does not


def muggins_zero(announce_ben: int):
    game = scenario(["2D 4S 6H 8C", "5H 5C 10D JS"], "KS", dealer=0, discards=["2H 4H", "6D 8S"],
                    names=("Ann", "Ben"), scores=(40, 40), rules=Rules(ten_back=True, muggins=True))
    while game.phase == "play":
        game.apply(game.legal_moves()[0])
    before = game.scores
    run_script(game, f"{announce_ben}; accept")
    return game, before


def test_with_muggins_a_hand_with_points_never_goes_back_even_if_announced_as_zero():
    game, before = muggins_zero(0)
    assert game.scores == before and not back(game.events)


def test_with_muggins_the_true_count_decides_a_zero_hand_goes_back_though_its_announced_points_stand():
    game, _ = muggins_zero(0)
    start = game.scores[0]
    events = run_script(game, "5; accept")  # Ann's hand holds nothing; Ben accepts the 5
    assert back(events) == [(0, -10, f"Ann's hand scored nothing: 10 back, from {start + 5} to {start - 5}")]


def zero_hand_at_the_target(scores):
    """Ben (seat 1) holds 4H 9C 8D KS with QS: nothing; the play gives Ann 2 and Ben nothing."""
    game = scenario(["AC 2C 3D 7D", "4H 9C 8D KS"], "QS", dealer=0, discards=["KC QC", "JD 10D"],
                    names=("Ann", "Ben"), scores=scores, rules=Rules(muggins=True, ten_back=True))
    run_script(game, "4H AC 9C 2C 8D 3D go go KS 7D")
    assert game.phase == "announce" and game.scores == (scores[0] + 2, scores[1])
    return game


def test_decided_with_muggins_a_zero_hand_announced_to_the_target_waits_then_goes_back_ten():
    game = zero_hand_at_the_target((87, 115))
    events = run_script(game, "8")  # 123 announced, but the hand holds nothing: an over-count
    assert not game.is_over and game.phase == "answer"
    events += run_script(game, "accept")  # the 8 stand; then 10 back; then the target is checked
    assert not game.is_over and game.scores == (89, 113)
    kinds = [e.kind for e in events]
    assert kinds.index("muggins") < kinds.index("show") < kinds.index("ten back") and "game over" not in kinds
    (back,) = [e.text for e in events if e.kind == "ten back"]
    assert back == "Ben's hand scored nothing: 10 back, from 123 to 113"


def test_decided_with_muggins_an_objected_zero_hand_goes_back_ten_from_the_settled_score():
    game = zero_hand_at_the_target((87, 115))
    run_script(game, "8; overcount")
    assert not game.is_over and game.scores == (97, 105)


def test_decided_with_muggins_a_zero_hand_still_at_the_target_after_going_back_wins():
    game = zero_hand_at_the_target((87, 120))
    run_script(game, "15; accept")  # 135, back 10 to 125: still past 121
    assert game.is_over and game.scores == (89, 125) and game.result.winner == 1
