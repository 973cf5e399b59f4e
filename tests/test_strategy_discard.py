"""Exact discard advice: reference values, agreement with the plain completion loop, ordering, errors."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from crib_widgets.cards import full_deck, parse_cards
from crib_widgets.errors import CardError, CribbageError
from crib_widgets.strategy import advise_discard
from crib_widgets.strategy.brute import plain_crib_average, plain_hand_average
from crib_widgets.strategy.discard import unseen_cards


def _option(options, discard):
    wanted = set(parse_cards(discard))
    return next(o for o in options if set(o.discard) == wanted)


def test_best_keep_of_5h_5d_js_4c_6c_kd_averages_734_over_46():
    best = advise_discard("5H 5D JS 4C 6C KD", dealer=True)[0]
    assert set(best.keep) == set(parse_cards("5H 5D 4C 6C"))
    assert best.hand_exact == Fraction(734, 46)
    assert (best.hand_min, best.hand_max) == (12, 24)
    assert round(best.hand_ev, 4) == 15.9565


def test_dealer_crib_with_two_fives_thrown_averages_9_252():
    option = _option(advise_discard("5H 5D 9C 8S 2C KS", dealer=True), "5H 5D")
    assert round(option.crib_ev, 3) == 9.252
    assert option.crib_exact == Fraction(1064, 115)


# Hands chosen for the parts that need suits: jacks (nobs from the hand, the crib and the unseen
# jacks), four and five of a suit (hand flush, crib flush), and plain ones.
EXACT_HANDS = [
    "5H 5D JS 4C 6C KD",
    "JH JC 5H 2H 9H QH",
    "AS 3S 7S 9S JS KD",
    "JD 4D 5S 6D QC KC",
]


@pytest.mark.parametrize("text", EXACT_HANDS)
def test_every_option_equals_the_plain_loop_over_every_completion(text):
    hand = parse_cards(text)
    unseen = unseen_cards(hand)
    for option in advise_discard(hand, dealer=False):
        assert option.hand_exact == plain_hand_average(option.keep, unseen), option.keep
        assert option.crib_exact == plain_crib_average(option.discard, unseen), option.discard


@pytest.mark.parametrize(
    ("text", "thrown"),
    [("JH 4D 7C 9S KS", "JH"), ("2C 5C 8C JC QC", "QC"), ("5S 5H 6D 7C 10H", "5S")],
)
def test_five_card_hands_equal_the_plain_loop(text, thrown):
    hand = parse_cards(text)
    option = _option(advise_discard(hand, dealer=True, players=3), thrown)
    unseen = unseen_cards(hand)
    assert len(unseen) == 47 and option.starters == 47
    assert option.hand_exact == plain_hand_average(option.keep, unseen)
    assert option.crib_exact == plain_crib_average(option.discard, unseen)


def test_three_and_four_players_give_the_same_averages_under_equal_likelihood():
    three = advise_discard("JH 4D 7C 9S KS", dealer=False, players=3)
    four = advise_discard("JH 4D 7C 9S KS", dealer=False, players=4)
    assert [(o.discard, o.hand_exact, o.crib_exact) for o in three] == [
        (o.discard, o.hand_exact, o.crib_exact) for o in four
    ]


def test_dealer_adds_the_crib_and_pone_subtracts_it():
    for dealer in (True, False):
        for option in advise_discard("5H 5D JS 4C 6C KD", dealer=dealer):
            sign = 1 if dealer else -1
            assert option.total_exact == option.hand_exact + sign * option.crib_exact
            assert option.total_ev == pytest.approx(float(option.total_exact))


def test_partner_dealing_makes_the_crib_count_for_your_side():
    options = advise_discard("JH 4D 7C 9S KS", dealer=False, players=4, partner_deals=True)
    assert all(o.own_crib and o.total_exact == o.hand_exact + o.crib_exact for o in options)


def test_pone_avoids_giving_the_dealer_two_fives():
    best = advise_discard("5H 5D 9C 8S 2C KS", dealer=False)[0]
    assert not any(c.rank == 5 for c in best.discard)


def test_lowball_ranks_the_fewest_net_points_first():
    normal = advise_discard("5H 5D JS 4C 6C KD", dealer=True)
    low = advise_discard("5H 5D JS 4C 6C KD", dealer=True, lowball=True)
    assert low[0].total_exact == min(o.total_exact for o in normal)
    assert [o.total_exact for o in low] == sorted(o.total_exact for o in low)
    assert set(low[0].keep) != set(normal[0].keep)


@settings(max_examples=30, deadline=None)
@given(st.permutations(full_deck()), st.booleans(), st.sampled_from([2, 3, 4]))
def test_options_cover_every_split_and_come_best_first(deck, dealer, players):
    size = 6 if players == 2 else 5
    hand = deck[:size]
    options = advise_discard(hand, dealer=dealer, players=players)
    assert len(options) == (15 if size == 6 else 5)
    assert len({frozenset(o.discard) for o in options}) == len(options)
    for option in options:
        assert sorted(option.keep + option.discard) == sorted(hand)
        assert option.hand_min <= option.hand_ev <= option.hand_max
        assert option.starters == 52 - size
        assert 0 <= option.crib_ev <= 29
    totals = [o.total_exact for o in options]
    assert totals == sorted(totals, reverse=True)


@pytest.mark.parametrize(
    ("cards", "kwargs", "message"),
    [
        ("5H 5D JS 4C 6C", {"dealer": True}, "hand for 2 players needs exactly 6 cards, got 5"),
        ("5H 5D JS 4C 6C KD", {"dealer": True, "players": 3}, "for 3 players needs exactly 5 cards, got 6"),
        ("5H 5D JS 4C 6C KD", {"dealer": True, "players": 5}, "players must be 2, 3 or 4"),
        ("5H 5H JS 4C 6C KD", {"dealer": True}, "5H appears twice"),
        ("5H 5D JS 4C 6C XX", {"dealer": True}, "'XX' is not a card"),
        ("5H 5D JS 4C 6C", {"dealer": True, "partner_deals": True, "players": 4}, "cannot both be true"),
        ("5H 5D JS 4C 6C KD", {"dealer": False, "partner_deals": True}, "needs four players"),
        ("5H 5D JS 4C 6C KD", {"dealer": "yes"}, "True or False"),
    ],
)
def test_bad_input_names_what_was_wrong(cards, kwargs, message):
    with pytest.raises((CardError, CribbageError), match=message):
        advise_discard(cards, **kwargs)
