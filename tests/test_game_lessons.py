"""Lessons the book and teachers set up (issue 12): a stacked cut for the first deal, a neutral
crib in `scenario`, and games that begin at the show or in the middle of the play with the
scores exactly as given."""

from __future__ import annotations

import json

import pytest

from crib_widgets.cards import Card, parse_cards
from crib_widgets.errors import CribbageError
from crib_widgets.game import Game, Rules, play_scenario, run_script, scenario, show_scenario
from crib_widgets.scoring import hand_total


def cards(text):
    return tuple(parse_cards(text))


# ---- the cut for deal ------------------------------------------------------------------------

def test_the_cut_for_the_first_deal_can_be_stacked_lowest_deals():
    game = Game(cut=[["KH", "3D"]], seed=1, names=("Ann", "Ben"))
    assert game.dealer == 1
    cuts = [e for e in game.events if e.kind == "cut for deal"]
    assert [(e.seat, e.cards) for e in cuts] == [(0, cards("KH")), (1, cards("3D"))]
    assert "Ben cuts the lowest card and deals first" in [e.text for e in game.events]


def test_a_stacked_cut_with_a_tie_cuts_again_and_survives_a_save():
    game = Game(Rules(players=3), cut=[["5H", "5D", "9C"], ["KS", "2C"]], seed=2)
    assert game.dealer == 1
    assert [e.text for e in game.events if e.kind == "cut for deal"][-2:] == [
        "Player 1 cuts again: K♠", "Player 2 cuts again: 2♣"]
    assert Game.from_json(game.to_json()).events == game.events


@pytest.mark.parametrize(("cut", "message"), [
    ([["KH"]], "cut round 1 needs 2 cards"),
    ([["KH", "KD"]], "ends in a tie between seats"),
    ([["KH", "3D"], ["AC"]], "already decides the dealer"),
    ([["KH", "KH"]], "KH appears twice"),
    ("KH 3D", "cut must be a list of rounds"),
])
def test_a_bad_stacked_cut_is_refused_saying_what_is_allowed(cut, message):
    with pytest.raises(CribbageError, match=message):
        Game(cut=cut, seed=1)


def test_a_cut_and_a_dealer_together_are_refused():
    with pytest.raises(CribbageError, match="either dealer or cut"):
        Game(cut=[["KH", "3D"]], dealer=0)


# ---- scenario's crib ---------------------------------------------------------------------------

def test_scenario_never_hands_the_dealer_a_crib_the_lesson_did_not_give():
    # issue 12: the default discards were the lowest free cards, a 12-point crib of four aces
    game = scenario(["5H 6H 7H 8H", "5C 6C 7C 8C"], "KS", dealer=1)
    assert hand_total(game.crib, game.starter, True) == 0
    assert not any(c.rank == 1 for c in game.crib)
    three = scenario(["5H 6H 7H 8H", "5C 6C 7C 8C", "2S 3S 4S 9S"], "KS", dealer=0)
    assert len(three.crib) == 4 and hand_total(three.crib, three.starter, True) == 0


def test_with_a_five_turned_the_neutral_crib_scores_as_little_as_it_can():
    from itertools import combinations

    from crib_widgets.cards import full_deck

    game = scenario(["AD 3D 10C 9S", "JD AC 2C 3C"], "5C")
    assert hand_total(game.crib, game.starter, True) == 2
    five = Card.parse("5S")  # and no four cards score less than 2 with a 5 turned
    assert min(hand_total(c, five, True) for c in combinations([c for c in full_deck() if c != five], 4)) == 2


def test_with_ten_back_scenario_asks_for_the_crib():
    with pytest.raises(CribbageError, match="with 10 back the crib decides points"):
        scenario(["5H 6H 7H 8H", "5C 6C 7C 8C"], "KS", rules=Rules(ten_back=True))


# ---- beginning at the show -------------------------------------------------------------------

def test_a_game_can_begin_at_the_show_with_the_scores_exactly_as_given():
    game = show_scenario(["2C 3D 4H 9S", "5H 5C 10D JS"], "6C 7C 8C 9C", "5S", dealer=0,
                         scores=(100, 90), names=("Ann", "Ben"), rules=Rules(muggins=True))
    assert game.phase == "announce" and game.whose_turn == 1 and game.scores == (100, 90)
    assert game.kept == (cards("2C 3D 4H 9S"), cards("5H 5C 10D JS")) and game.crib == cards("6C 7C 8C 9C")
    assert game.starter == Card.parse("5S") and game.moves == ()
    run_script(game, "21; accept")
    assert game.scores == (100, 111)
    assert Game.from_json(game.to_json()).scores == game.scores


def test_without_muggins_a_show_start_counts_every_hand_in_order():
    game = show_scenario(["2C 3D 4H 9S", "5H 5C 10D JS"], "6C 7C 8C 9C", "5S", dealer=0, scores=(10, 20))
    shows = [(e.seat, e.points, e.is_crib) for e in game.events if e.kind == "show"]
    assert shows == [(1, 21, False), (0, 6, False), (0, 9, True)]
    assert game.scores == (25, 41) and game.deal_number == 2


def test_a_show_start_with_a_jack_turned_pegs_no_heels():
    game = show_scenario(["2C 3D 4H 9S", "5H 5C 10D 6S"], "6C 7C 8C 9C", "JS", dealer=0,
                         rules=Rules(muggins=True), scores=(5, 5))
    assert game.scores == (5, 5) and not [e for e in game.events if e.kind == "heels"]


def test_a_bad_show_start_is_refused_naming_what_is_wrong():
    with pytest.raises(CribbageError, match="seat 1 keeps 4 cards"):
        show_scenario(["2C 3D 4H 9S", "5H 5C 10D"], "6C 7C 8C 9C", "5S")
    with pytest.raises(CribbageError, match="5H appears twice"):
        show_scenario(["2C 3D 4H 9S", "5H 5C 10D JS"], "6C 7C 8C 5H", "5S")
    with pytest.raises(CribbageError, match="the crib has 4 cards"):
        show_scenario(["2C 3D 4H 9S", "5H 5C 10D JS"], "6C 7C 8C", "5S")


# ---- beginning in the middle of the play ---------------------------------------------------

def test_a_game_can_begin_mid_play_with_the_pile_and_count_given_and_nothing_pegged():
    game = play_scenario(["5C 9D", "7H"], "KH 5S", "2D", laid=["AC", "3H 4H"], dealer=0,
                         scores=(40, 50), names=("Ann", "Ben"))
    assert game.phase == "play" and game.count == 15 and game.scores == (40, 50)
    assert game.pile == cards("KH 5S") and game.whose_turn == 1 and game.moves == ()
    assert game.hands == (cards("5C 9D"), cards("7H"))
    events = run_script(game, "7H")  # 22: nothing
    assert game.count == 22 and not [e for e in events if e.points]
    copy = Game.from_json(game.to_json())
    assert (copy.pile, copy.count, copy.hands) == (game.pile, game.count, game.hands)
    assert copy.scores == game.scores and copy.to_json() == game.to_json()


def test_a_mid_play_start_follows_the_go_rule_for_whose_turn_it_is():
    # Ben (left of the dealer) leads KH, Ann QC (20), Ben 9S (29), Ann says go: Ben to play on
    game = play_scenario(["5C 6C 7D", "AH"], ["KH", "QC", "9S", "go"], "2D", laid=["", "QD"])
    assert game.whose_turn == 1 and game.said_go == (0,) and game.count == 29
    events = run_script(game, "AH")  # 30; Ben has no cards left and Ann said go: Ben's go
    assert [(e.kind, e.seat, e.points) for e in events if e.points] == [("go point", 1, 1)]


@pytest.mark.parametrize(("pile", "held", "message"), [
    ("KH QC JD AS", ["5C 9D", "7H"], "closes the count"),  # 31
    ("KH", ["5C 9D 2S", "7H 8H"], "seat 0 keeps 4 cards"),
    ("KH QC 8D 9S", ["5C 9D", "7H"], "the pile cannot be laid as given at entry 4"),  # 28 + 9 is 37
])
def test_a_pile_that_cannot_be_the_current_count_is_refused(pile, held, message):
    with pytest.raises(CribbageError, match=message):
        play_scenario(held, pile, "2D", laid=["", "3H"])


def test_a_mid_play_start_gives_a_neutral_crib_unless_told():
    game = play_scenario(["5C 9D", "7H"], "KH 5S", "2D", laid=["AC", "3H 4H"])
    assert hand_total(game.crib, game.starter, True) == 0
    told = play_scenario(["5C 9D", "7H"], "KH 5S", "2D", laid=["AC", "3H 4H"], crib="5H 5D JD 10S")
    assert told.crib == cards("5H 5D JD 10S")


# ---- the setup is public, the save writes it -------------------------------------------------

def test_the_setup_is_a_public_value_that_starts_the_game_again():
    game = Game(Rules(players=3), seed=9, names=("A", "B", "C"))
    assert game.setup.dealer is None and game.setup.names == ("A", "B", "C")
    assert game.setup.scores == (0, 0, 0)
    again = Game(**game.setup.options())
    assert (again.dealer, again.hands, again.events) == (game.dealer, game.hands, game.events)
    data = json.loads(game.to_json())
    assert data["dealer"] == "cut" and data["names"] == ["A", "B", "C"] and data["decks"] == []


@pytest.mark.parametrize(("field", "message"), [
    ("names", "'names' is null: it must be a list of 2 names"),
    ("dealer", "'dealer' is null: it must be a seat 0 to 1, or 'cut'"),
    ("decks", "'decks' is null: it must be a list of decks"),
    ("scores", "'scores' is null: it must be a list of 2 whole numbers"),
])
def test_a_save_with_a_null_field_is_refused_naming_the_field(field, message):
    game = Game(seed=3, dealer=0)
    data = json.loads(game.to_json())
    with pytest.raises(CribbageError, match=message):
        Game.from_json(json.dumps({**data, field: None}))


def test_a_version_1_save_is_still_read():
    game = Game(seed=3)
    run_script(game, " ".join(str(c) for c in game.hands[game.whose_turn][:2]))
    data = json.loads(game.to_json())
    old = {**data, "version": 1, "names": None, "scores": None, "decks": None, "dealer": None}
    assert Game.from_json(json.dumps(old)).hands == game.hands


def test_fuzz_a_mid_play_start_reproduces_any_moment_of_a_real_play():
    """Random games stopped at a random moment of the play: the same moment set up with
    play_scenario has the same turn, count, pile, go calls and legal moves, and plays on alike."""
    import random

    from crib_widgets.game import Discard

    checked = 0
    for seed in range(120):
        rng = random.Random(seed)
        players = rng.choice((2, 3, 4))
        game = Game(Rules(players=players, muggins=True), seed=seed, dealer=0)
        while game.phase == "discard":
            game.apply(rng.choice([m for m in game.legal_moves() if isinstance(m, Discard)]))
        if game.phase != "play":
            continue
        for _ in range(rng.randrange(0, 4 * players)):
            if game.phase != "play":
                break
            game.apply(rng.choice(game.legal_moves()))
        if game.phase != "play" or not game.pile:
            continue
        events = list(game.events)
        since = max(i for i, e in enumerate(events) if e.kind in ("reset", "starter"))
        entries = [e for e in events[since + 1:] if e.kind in ("play", "go")]
        pile = ["go" if e.kind == "go" else str(e.cards[0]) for e in entries]
        laid = [[c for c in game.played[s] if c not in game.pile] for s in range(players)]
        lesson = play_scenario([list(h) for h in game.hands], pile, game.starter, laid=laid,
                               leader=entries[0].seat, crib=list(game.crib), dealer=0,
                               rules=Rules(players=players, muggins=True), seed=seed)
        assert (lesson.whose_turn, lesson.count, lesson.pile, lesson.said_go, lesson.hands) == (
            game.whose_turn, game.count, game.pile, game.said_go, game.hands), f"seed {seed}"
        assert lesson.legal_moves() == game.legal_moves()
        while game.phase == "play":
            move = rng.choice(game.legal_moves())
            assert [e.text for e in lesson.apply(move)] == [e.text for e in game.apply(move)]
        assert [sorted(k) for k in lesson.kept] == [sorted(k) for k in game.kept]  # laid first
        checked += 1
    assert checked >= 50
