"""Weighing a discard whole (strategy.weigh): the exact hand and crib averages plus half the play
estimate of the keep, the same for the expert and the review."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from crib_widgets.cards import full_deck, parse_cards
from crib_widgets.game import Game
from crib_widgets.strategy import make_player
from crib_widgets.strategy.review import discard_options
from crib_widgets.strategy.weigh import PLAY_WEIGHT, SHORTLIST, weigh_discards

DECK = full_deck()
HAND = parse_cards("5H 5D JS 4C 6C KD")


@pytest.mark.parametrize("dealer", [True, False])
def test_the_value_is_hand_and_crib_plus_half_the_play_estimate(dealer):
    weighed = weigh_discards(HAND, dealer=dealer)
    assert PLAY_WEIGHT == 0.5
    played = [w for w in weighed if w.play is not None]
    assert played
    for w in played:
        assert w.value == pytest.approx(w.option.total_ev + PLAY_WEIGHT * w.play)
    assert [w.value for w in weighed] == sorted((w.value for w in weighed), reverse=True)


def test_only_throws_close_to_the_best_hand_and_crib_are_weighed_in_the_play():
    for seed in range(3):
        game = Game(seed=seed, dealer=0)
        for seat in (0, 1):
            weighed = weigh_discards(game.hands[seat], dealer=seat == 0)
            top = max(w.option.total_ev for w in weighed)
            for w in weighed:
                assert (w.play is not None) == (w.option.total_ev >= top - SHORTLIST)
            # so the play tips close calls only: the best is never further behind than that
            assert weighed[0].option.total_ev >= top - SHORTLIST


def test_the_play_weight_can_be_asked_for():
    full = weigh_discards(HAND, dealer=True, play_weight=1.0)
    none = weigh_discards(HAND, dealer=True, play_weight=0.0)
    for w in full:
        if w.play is not None:
            assert w.value == pytest.approx(w.option.total_ev + w.play)
    assert [w.value for w in none] == pytest.approx(sorted((w.option.total_ev for w in none), reverse=True))


@pytest.mark.parametrize("players", [3, 4])
def test_with_three_or_four_players_throws_go_by_hand_and_crib(players):
    hand = parse_cards("5H 5D JS 4C 6C")
    for w in weigh_discards(hand, dealer=False, players=players):
        assert w.play is None
        assert w.value == w.option.total_ev


@settings(max_examples=10, deadline=None)
@given(st.lists(st.sampled_from(DECK), min_size=6, max_size=6, unique=True), st.booleans())
def test_without_samples_throws_rank_by_hand_and_crib(hand, dealer):
    weighed = weigh_discards(hand, dealer=dealer, samples=0)
    assert len(weighed) == 15
    assert [w.value for w in weighed] == [w.option.total_ev for w in weighed]
    assert [w.value for w in weighed] == sorted((w.value for w in weighed), reverse=True)


def test_the_reviews_best_throw_is_the_experts():
    for seed in (3, 8):
        game = Game(seed=seed, dealer=1)
        for seat in (0, 1):
            best = discard_options(game, seat)[0]
            assert set(best.cards) == set(make_player("expert").choose(game, seat).cards)
