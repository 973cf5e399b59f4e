"""Cards: values, run order, notation, errors, the deck and seeded shuffles (RULES.md, Cards)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from crib_widgets.cards import Card, format_cards, full_deck, parse_cards, parse_hand, shuffled_deck
from crib_widgets.errors import CardError, CribbageError


def test_counting_values_ace_one_faces_ten():
    assert [Card(r, "S").value for r in range(1, 14)] == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10]


def test_ranks_run_from_ace_low_to_king():
    assert [Card(r, "H").rank_text for r in range(1, 14)] == "A 2 3 4 5 6 7 8 9 10 J Q K".split()


@pytest.mark.parametrize("text", ["10H", "TH", "th", "10♥", "10h", " 10H ", "10♡"])
def test_every_notation_of_ten_of_hearts(text):
    assert Card.parse(text) == Card(10, "H")


def test_canonical_and_pretty_text():
    card = Card.parse("qd")
    assert (str(card), card.pretty, card.name) == ("QD", "Q♦", "queen of diamonds")
    assert str(Card.parse("as")) == "AS" and Card.parse("7c").name == "seven of clubs"


@pytest.mark.parametrize("bad", ["1H", "11H", "10X", "H10", "", "10", "KK", "ZS", "♥10"])
def test_bad_card_text_quotes_the_token_and_shows_valid_notation(bad):
    with pytest.raises(CardError) as err:
        Card.parse(bad)
    assert repr(bad) in str(err.value)
    assert "10H" in str(err.value)


def test_card_errors_are_cribbage_errors_and_value_errors():
    assert issubclass(CardError, CribbageError) and issubclass(CribbageError, ValueError)


def test_bad_rank_or_suit_in_constructor():
    with pytest.raises(CardError, match="rank"):
        Card(14, "H")
    with pytest.raises(CardError, match="suit"):
        Card(3, "X")
    with pytest.raises(CardError, match="suit"):
        Card(3, "CD")


def test_parse_cards_with_spaces_commas_and_lists():
    expected = [Card(5, "H"), Card(10, "D"), Card(13, "S")]
    assert parse_cards("5H 10D KS") == expected
    assert parse_cards("5h,10d, ks") == expected
    assert parse_cards(["5H", Card(10, "D"), "K♠"]) == expected


def test_duplicate_card_is_named():
    with pytest.raises(CardError, match="5H appears twice"):
        parse_cards("5H 6D 5h")


def test_duplicates_allowed_when_asked():
    assert len(parse_cards("5H 5H", distinct=False)) == 2


def test_parse_hand_checks_the_count():
    with pytest.raises(CardError, match="exactly 4 cards, got 3"):
        parse_hand("5H 6D 7C", 4)


def test_not_a_list_of_cards():
    with pytest.raises(CardError):
        parse_cards(42)  # type: ignore[arg-type]


def test_the_deck_has_52_distinct_cards():
    deck = full_deck()
    assert len(deck) == 52 == len(set(deck))
    assert [c.index for c in deck] == list(range(52))


def test_seeded_shuffles_are_reproducible():
    assert shuffled_deck(7) == shuffled_deck(7)
    assert shuffled_deck(7) != shuffled_deck(8)
    assert shuffled_deck(random.Random(3)) == shuffled_deck(3)
    # the same seed gives the same order on every machine (random.Random is specified by Python)
    assert format_cards(shuffled_deck(2026)[:5]) == format_cards(shuffled_deck(2026)[:5])


@given(st.permutations(full_deck()))
def test_text_round_trip(deck):
    assert parse_cards(format_cards(deck)) == list(deck)
    assert parse_cards(format_cards(deck, pretty=True)) == list(deck)
