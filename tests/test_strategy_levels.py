"""The computer levels play like people: the rules each level's docstring states, one test each,
and the expert's look-ahead on the positions where the old one-move rule went wrong."""

from __future__ import annotations

import random

import pytest

from crib_widgets.cards import full_deck, parse_cards
from crib_widgets.game import Discard, Game, Go, Play, Rules, scenario, stack_deck
from crib_widgets.strategy import make_player
from crib_widgets.strategy.lookahead import play_values, solve_play
from crib_widgets.strategy.players import look_ahead_view
from crib_widgets.strategy.solver import Solver


def card(text: str):
    return parse_cards(text)[0]


def discard_game(pone_hand: str) -> Game:
    """A deal in which seat 1 (not the dealer) holds ``pone_hand`` and must throw to seat 0's crib."""
    held = set(parse_cards(pone_hand))
    rest = [c for c in full_deck() if c not in held]
    deck = stack_deck([rest[:6], pone_hand], rest[6], dealer=0)
    return Game(deck=deck, dealer=0)


# ----- intermediate -----

@pytest.mark.parametrize("hand", ["7H 7D 2C 9S KD QC", "JH JD 4C 8S 2D 10C", "6H 6S AD 9C KH 3D"])
def test_intermediate_never_throws_a_pair_into_the_other_players_crib(hand):
    game = discard_game(hand)
    thrown = make_player("intermediate").choose(game, 1).cards
    assert thrown[0].rank != thrown[1].rank


def test_intermediate_leads_a_four_from_ace_four_four_jack_not_the_jack():
    game = scenario(["2H 6H 8H QS", "AS 4H 4D JC"], "9C", dealer=0)
    choice = make_player("intermediate").choose(game, 1)
    assert choice.card.rank == 4


def test_intermediate_does_not_make_21_when_a_low_card_avoids_it():
    game = scenario(["8H 9D 9S QS", "3C AH KD 7S"], "2D", dealer=0)
    intermediate = make_player("intermediate")
    game.apply(intermediate.choose(game, 1))  # leads the 3 (a card below 5)
    assert game.pile == (card("3C"),)
    game.apply(Play(0, card("8H")))  # count 11
    choice = intermediate.choose(game, 1).card
    assert game.count + choice.value != 21 and choice.rank != 13


def test_intermediate_does_not_lead_a_five_when_it_holds_another_card():
    game = scenario(["2H 6H 8H QS", "5C 5D 9C KH"], "3C", dealer=0)
    assert make_player("intermediate").choose(game, 1).card.rank != 5


def test_intermediate_lays_its_highest_safe_card_when_nothing_scores():
    game = scenario(["5H 9D 9S QS", "3C AH KD 7S"], "2D", dealer=0)
    game.apply(Play(1, card("AH")))
    game.apply(Play(0, card("5H")))  # count 6
    # nothing scores and 3 would make 9; 7 makes 13; the K makes 16: all safe, the highest goes
    assert make_player("intermediate").choose(game, 1).card == card("KD")


# ----- beginner -----

def test_beginner_keeps_what_it_sees_and_throws_a_pair_into_the_dealers_crib():
    game = discard_game("3H 5D 2D 8C 3C 8H")
    thrown = make_player("beginner").choose(game, 1).cards
    assert sorted(c.rank for c in thrown) == [3, 3]  # 5-2-8-8 shows 6 points; the crib never crosses its mind


def test_beginner_leads_its_highest_card_and_leads_fives():
    game = scenario(["2H 6H 8H QS", "AS 4H 4D JC"], "9C", dealer=0)
    assert make_player("beginner").choose(game, 1).card == card("JC")
    game = scenario(["2S 6H 8H QS", "5C 5D 3C 2H"], "9C", dealer=0)
    assert make_player("beginner").choose(game, 1).card.rank == 5


def test_beginner_brings_the_count_to_21_without_a_thought():
    game = scenario(["8H 9D 9S QS", "3C AH KD 7S"], "2D", dealer=0)
    game.apply(Play(1, card("3C")))
    game.apply(Play(0, card("8H")))  # count 11
    assert make_player("beginner").choose(game, 1).card == card("KD")  # 21


def test_beginner_takes_points_when_it_sees_them():
    game = scenario(["5H 9D 9S QS", "3C AH KD 7S"], "2D", dealer=0)
    game.apply(Play(1, card("7S")))
    game.apply(Play(0, card("5H")))  # count 12: the 3 makes 15
    assert make_player("beginner").choose(game, 1).card == card("3C")


# ----- expert: the look-ahead -----

def test_expert_plays_a_ten_card_onto_a_nine_from_king_ace_two_three():
    game = scenario(["9H 6D 7C 8S", "KS AH 2D 3C"], "4S", dealer=1)
    game.apply(Play(0, card("9H")))
    assert make_player("expert").choose(game, 1).card == card("KS")


def test_expert_makes_fifteen_on_a_led_five_instead_of_pairing_it():
    game = scenario(["5C 6C 7H 8D", "4S 5H 6D KC"], "QH", dealer=1)
    game.apply(Play(0, card("5C")))
    assert make_player("expert").choose(game, 1).card == card("KC")


def test_expert_does_not_lead_a_five():
    game = scenario(["2H 6H 8H QS", "5C 9D 2S KH"], "3C", dealer=0)
    assert make_player("expert").choose(game, 1).card.rank != 5


def test_the_expert_plays_the_card_the_look_ahead_values_most():
    game = scenario(["2H 6H 8H QS", "AS 4H 4D JC"], "9C", dealer=0)
    values = play_values(**look_ahead_view(game, 1))
    best = max(values.values())
    assert values[make_player("expert").choose(game, 1).card] == best


def test_a_go_tells_the_expert_what_the_other_player_cannot_hold():
    game = scenario(["KH QD 8S 9S", "7H 2D 9C 4S"], "3C", dealer=1)
    game.apply(Play(0, card("KH")))
    game.apply(Play(1, card("9C")))   # 19
    game.apply(Play(0, card("8S")))   # 27
    game.apply(Play(1, card("2D")))   # 29
    game.apply(game.legal_moves()[0])  # seat 0 says go: a Q and a 9 do not fit on 29
    view = look_ahead_view(game, 1)
    assert view["their_go_now"] and view["their_go_above"] == 2 and view["held"] == 2


def test_the_solver_follows_the_engines_rules_for_go_31_and_the_last_card():
    assert solve_play([5], [10]) == -3.0                      # 15-2 and the last card for them
    assert solve_play([10], [10]) == -3.0                     # they pair the 10 and take the last card
    # alone after their go: 10 on 10 pairs (2), a third 10 makes a pair royal (6) on 30, last card (1)
    assert solve_play([10, 10], [], [10], their_go=True, i_laid_last=False) == 9.0


@pytest.mark.parametrize("seed", range(12))
def test_the_solver_agrees_with_the_engine_over_whole_plays(seed):
    """Both players lay the solver's best card; the points the engine pegs in the play must add up
    to the solver's value of the whole play."""
    rng = random.Random(seed)
    deck = [c for c in full_deck() if c.rank != 11]
    cards = rng.sample(deck, 9)
    game = scenario([cards[:4], cards[4:8]], cards[8], dealer=0, rules=Rules(muggins=True))
    expected = solve_play([c.rank for c in game.hands[1]], [c.rank for c in game.hands[0]])  # seat 1 leads
    while game.phase == "play":
        seat = game.whose_turn
        game.apply(_solver_move(game, seat))
    assert game.scores[1] - game.scores[0] == expected


def _solver_move(game, seat):
    other = 1 - seat
    hands = tuple(tuple(sorted(c.rank for c in game.hands[s])) for s in (seat, other))
    pile = tuple(c.rank for c in game.pile)
    said = 2 if other in game.said_go else 0
    solver = Solver()
    room = 31 - game.count
    options = {c: solver.after(hands, pile, game.count, 0, said, (40, 40), c.rank)
               for c in game.hands[seat] if c.value <= room}
    if not options:
        return Go(seat)
    return Play(seat, max(options, key=options.get))


def test_discard_moves_of_the_expert_are_legal_in_every_seat():
    game = discard_game("3H 5D 2D 8C 3C 8H")
    move = make_player("expert").choose(game, 1)
    assert isinstance(move, Discard)
    game.check(move)
