"""Seating, the deal, the crib, the cut and his heels (RULES.md: Seating, deal and crib; Starter)."""

from __future__ import annotations

import random

import pytest

from crib_widgets.cards import Card, parse_cards
from crib_widgets.errors import CribbageError
from crib_widgets.game import Game, Rules, run_script, stack_deck
from crib_widgets.game.deal import cut_for_deal


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_cards(text))


def test_two_players_get_six_cards_dealt_one_at_a_time_from_the_dealers_left():
    deck = parse_cards("AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC")
    game = Game(deck=deck, dealer=1)
    assert game.hands[0] == cards("AC 3C 5C 7C 9C JC")  # seat 0 is left of dealer 1: first card
    assert game.hands[1] == cards("2C 4C 6C 8C 10C QC")
    assert game.crib == () and game.starter is None


def test_the_starter_is_the_card_after_the_deal_and_is_never_dealt():
    deck = stack_deck(["AC 2C 3C 4C 5C 6C", "AD 2D 3D 4D 5D 6D"], "KS", dealer=0)
    game = Game(deck=deck, dealer=0)
    run_script(game, "AD 2D; AC 2C")
    assert game.starter == Card(13, "S")
    assert all(game.starter not in hand for hand in game.hands)
    assert game.kept == (cards("3C 4C 5C 6C"), cards("3D 4D 5D 6D"))


def test_three_players_get_five_cards_and_one_card_from_the_deck_goes_to_the_crib():
    hands = ["AC 2C 3C 4C 5C", "AD 2D 3D 4D 5D", "AH 2H 3H 4H 5H"]
    deck = stack_deck(hands, "KS", dealer=2, crib_card="QS")
    assert deck[15] == Card(12, "S") and deck[16] == Card(13, "S")
    game = Game(Rules(players=3), deck=deck, dealer=2)
    assert [len(h) for h in game.hands] == [5, 5, 5]
    assert game.crib == cards("QS")
    run_script(game, "AC; AD; AH")
    assert len(game.crib) == 4 and game.starter == Card(13, "S")
    assert game.phase == "play" and game.whose_turn == 0


def test_four_players_get_five_cards_and_each_lays_one_in_the_crib():
    game = Game(Rules(players=4), seed=3, dealer=1)
    assert [len(h) for h in game.hands] == [5, 5, 5, 5] and game.crib == ()
    assert game.legal_moves()[0].seat == 2  # left of the dealer discards first
    while game.phase == "discard":
        game.apply(game.legal_moves()[0])
    assert len(game.crib) == 4 and all(len(h) == 4 for h in game.hands)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_crib_always_has_four_cards_and_belongs_to_the_dealer(players):
    game = Game(Rules(players=players), seed=11, dealer=players - 1)
    while game.phase == "discard":
        game.apply(game.legal_moves()[-1])
    assert len(game.crib) == 4
    rng = random.Random(2)
    while game.phase == "play":
        game.apply(rng.choice(game.legal_moves()))
    crib_show = [e for e in game.events if e.kind == "show" and e.is_crib]
    assert crib_show[0].seat == players - 1 and len(crib_show[0].cards) == 4


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_deal_passes_to_the_left_every_hand(players):
    game = Game(Rules(players=players), seed=5, dealer=0)
    rng = random.Random(5)
    dealers = []
    while not game.is_over and game.deal_number <= 5:
        if not dealers or dealers[-1][0] != game.deal_number:
            dealers.append((game.deal_number, game.dealer))
        game.apply(rng.choice(game.legal_moves()))
    assert [d for _, d in dealers] == [i % players for i in range(len(dealers))]


def test_the_lowest_cut_deals_first_and_ties_cut_again():
    for seed in range(200):
        dealer, rounds = cut_for_deal(2, random.Random(seed))
        last = rounds[-1]
        assert min(last, key=lambda sc: sc[1].rank)[0] == dealer
        assert sorted(c.rank for _, c in last)[0] < sorted(c.rank for _, c in last)[1]
        for earlier in rounds[:-1]:
            ranks = sorted(c.rank for _, c in earlier)
            assert ranks[0] == ranks[1]  # a tie for lowest: cut again
    tied = next(s for s in range(200) if len(cut_for_deal(3, random.Random(s))[1]) > 1)
    dealer, rounds = cut_for_deal(3, random.Random(tied))
    low = min(c.rank for _, c in rounds[0])
    assert {s for s, c in rounds[1]} == {s for s, c in rounds[0] if c.rank == low}


def test_the_ace_cuts_low_and_the_game_narrates_the_cut():
    game = Game(seed=1, names=("Ann", "Ben"))
    cuts = [e for e in game.events if e.kind == "cut for deal"]
    assert cuts and all(e.text.startswith(("Ann cuts", "Ben cuts")) for e in cuts)
    final = cuts[-2:]
    low = min(final, key=lambda e: e.cards[0].rank)
    assert low.seat == game.dealer
    assert any("deals first" in e.text for e in game.events)


def test_the_non_dealer_cuts_and_the_dealer_turns_the_starter():
    deck = stack_deck(["AC 2C 3C 4C 5C 6C", "AD 2D 3D 4D 5D 6D"], "KS", dealer=0)
    game = Game(deck=deck, dealer=0, names=("Ann", "Ben"))
    events = run_script(game, "AD 2D; AC 2C")
    starter = next(e for e in events if e.kind == "starter")
    assert starter.text == "Ben cuts and Ann turns the starter: K♠"


def test_his_heels_gives_the_dealer_two_at_once():
    deck = stack_deck(["AC 2C 3C 4C 5C 6C", "AD 2D 3D 4D 5D 6D"], "JS", dealer=1)
    game = Game(deck=deck, dealer=1, names=("Ann", "Ben"))
    events = run_script(game, "AC 2C; AD 2D")
    heels = next(e for e in events if e.kind == "heels")
    assert (heels.seat, heels.points, heels.text) == (1, 2, "His heels: 2 for the dealer, Ben")
    assert game.scores == (0, 2)


def test_his_heels_can_win_before_a_card_is_played():
    deck = stack_deck(["AC 2C 3C 4C 5C 6C", "AD 2D 3D 4D 5D 6D"], "JH", dealer=0)
    game = Game(deck=deck, dealer=0, scores=(119, 100))
    run_script(game, "AD 2D; AC 2C")
    assert game.is_over and game.scores == (121, 100)
    assert game.result.winner == 0 and game.played == ((), ())
    assert game.legal_moves() == []


def test_a_short_deck_is_completed_and_stack_deck_checks_its_hands():
    game = Game(deck="5H 5C", dealer=0, seed=2)
    assert Card(5, "C") in game.hands[0] and Card(5, "H") in game.hands[1]
    with pytest.raises(CribbageError, match="needs 6 cards"):
        stack_deck(["AC 2C", "AD 2D 3D 4D 5D 6D"], "KS")
    with pytest.raises(CribbageError, match="three players need crib_card"):
        stack_deck(["AC 2C 3C 4C 5C", "AD 2D 3D 4D 5D", "AH 2H 3H 4H 5H"], "KS")
    with pytest.raises(CribbageError, match="twice"):
        stack_deck(["AC 2C 3C 4C 5C 6C", "AC 2D 3D 4D 5D 6D"], "KS")


def test_later_deals_come_from_a_list_of_decks_then_from_the_seed():
    first = stack_deck(["AC 2C 3C 4C 5C 6C", "AD 2D 3D 4D 5D 6D"], "KS", dealer=0)
    second = stack_deck(["AH 2H 3H 4H 5H 6H", "7H 8H 9H 10H JH QH"], "KC", dealer=1)
    game = Game(deck=[first, second], dealer=0)
    run_script(game, "AD 2D; AC 2C")
    while game.deal_number == 1:
        game.apply(game.legal_moves()[0])
    assert game.dealer == 1 and game.hands[0] == cards("AH 2H 3H 4H 5H 6H")


def test_setup_errors_name_what_is_allowed():
    with pytest.raises(CribbageError, match="dealer 2 is not a seat: use 0 to 1"):
        Game(dealer=2)
    with pytest.raises(CribbageError, match=r"scores must be 2 whole numbers from 0 to 120"):
        Game(scores=(121, 0))
    with pytest.raises(CribbageError, match="names must be 2 non-empty strings"):
        Game(names=("Ann",))
    with pytest.raises(CribbageError, match="seed must be a whole number"):
        Game(seed="x")
    with pytest.raises(CribbageError, match="rules must be a Rules"):
        Game(rules={"players": 2})
    with pytest.raises(CribbageError, match="AC appears twice"):
        Game(deck="AC 2C AC")
    with pytest.raises(CribbageError, match="'XX' is not a card"):
        Game(deck=[["5H", "XX"]])
