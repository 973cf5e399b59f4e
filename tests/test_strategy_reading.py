"""Reading the other player's hand from its discard (strategy.reading): a player keeps what scores,
so the look-ahead weighs the hidden hands that score more."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from crib_widgets.cards import Card, full_deck, parse_cards
from crib_widgets.game import Game, Play
from crib_widgets.scoring import rank_points
from crib_widgets.strategy import make_player
from crib_widgets.strategy.lookahead import hidden_hands, play_values
from crib_widgets.strategy.players import look_ahead_view
from crib_widgets.strategy.reading import keep_weight, read_hands

DECK = full_deck()
MINE = [*parse_cards("2S 3S 4D 7H 9C KC"), Card(8, "D")]
UNSEEN = [c for c in DECK if c not in MINE]


def _mean_points(hands) -> float:
    """The average points the hidden four cards hold as they stand."""
    return sum(w * rank_points(ranks) for ranks, w in hands)


def test_the_weights_add_up_to_one_and_each_hand_has_the_cards_still_held():
    for held in (1, 2, 3, 4):
        played = parse_cards("5H 10D JC QH")[: 4 - held]
        unseen = [c for c in UNSEEN if c not in played]
        hands = read_hands(unseen, played, held, they_deal=True)
        assert sum(w for _, w in hands) == pytest.approx(1)
        assert all(len(ranks) == held for ranks, _ in hands)


def test_a_hidden_hand_that_scores_is_likelier_than_when_every_hand_is_alike():
    """The four a player kept hold about twice the points of four cards drawn at random."""
    read = read_hands(UNSEEN, (), 4, they_deal=False, draws=400, rng=random.Random(1))
    alike = hidden_hands(UNSEEN, 4, samples=400, rng=random.Random(1))
    assert _mean_points(read) > 1.5 * _mean_points(alike)


def test_not_dealing_a_player_keeps_its_fives_and_pairs_out_of_the_crib_so_holds_more_of_them():
    dealing = read_hands(UNSEEN, (), 4, they_deal=True, draws=400, rng=random.Random(2))
    not_dealing = read_hands(UNSEEN, (), 4, they_deal=False, draws=400, rng=random.Random(2))
    assert _mean_points(not_dealing) > _mean_points(dealing)


def test_in_lowball_the_hand_read_is_the_one_that_scores_least():
    high = read_hands(UNSEEN, (), 4, they_deal=False, draws=300, rng=random.Random(3))
    low = read_hands(UNSEEN, (), 4, they_deal=False, lowball=True, draws=300, rng=random.Random(3))
    assert _mean_points(low) < _mean_points(high)


def test_a_go_is_kept_to_and_the_same_position_reads_the_same():
    hands = read_hands(UNSEEN, parse_cards("5H 10D"), 2, they_deal=True, above=6)
    assert all(min(ranks) >= 7 for ranks, _ in hands)
    assert hands == read_hands(UNSEEN, parse_cards("5H 10D"), 2, they_deal=True, above=6)


def test_a_hand_that_did_not_keep_four_is_not_read():
    assert read_hands(UNSEEN, (), 5, they_deal=True) == []
    assert read_hands(UNSEEN, parse_cards("5H"), 0, they_deal=True) == [((), 1.0)]


def test_a_player_who_keeps_what_scores_is_read_as_likely_to_keep_what_it_kept():
    """The beginner keeps the four that score most as they stand: its keeps are far likelier than
    one of the fifteen ways at random, by the reading's own weight."""
    beginner = make_player("beginner", seed=4)
    weights = []
    for seed in range(40):
        game = Game(seed=seed, dealer=0)
        hand = game.hands[1]
        throw = beginner.choose(game, 1).cards
        keep = [c for c in hand if c not in throw]
        weights.append(keep_weight(keep, throw, they_deal=False))
    assert sum(weights) / len(weights) > 4 / 15
    assert sum(w > 1 / 15 for w in weights) >= 30


@settings(max_examples=40, deadline=None)
@given(st.randoms(use_true_random=False), st.integers(0, 3), st.booleans(), st.sampled_from([0, 4, 8, 12]))
def test_every_hand_read_could_be_held(rnd, laid, they_deal, above):
    cards = rnd.sample(DECK, 7 + laid)
    played = cards[7:]  # the first seven are the player's six and the starter
    unseen = [c for c in DECK if c not in cards]
    hands = read_hands(unseen, played, 4 - laid, they_deal=they_deal, above=above, draws=24, rng=rnd)
    if not hands:  # nothing drawn could be held after that go: the look-ahead reads every hand alike
        return
    left = Counter(c.rank for c in unseen if c.value > above)
    assert sum(w for _, w in hands) == pytest.approx(1)
    for ranks, _ in hands:
        assert len(ranks) == 4 - laid
        assert all(n <= left[r] for r, n in Counter(ranks).items())


def test_the_expert_reads_the_hand_of_the_player_against_it():
    """What the expert knows at its turn says whose crib it is and what the other player laid."""
    game = Game(seed=11, dealer=0)
    players = [make_player("expert", seed=1), make_player("expert", seed=2)]
    for seat in (0, 1):
        game.apply(players[seat].choose(game, seat))
    lead = players[1].choose(game, 1)
    assert isinstance(lead, Play)
    game.apply(lead)
    view = look_ahead_view(game, 0)
    assert view["they_deal"] is False and view["their_played"] == (lead.card,)
    read = play_values(**view)
    alike = play_values(**{**view, "they_deal": None})
    assert read.keys() == alike.keys() and read != alike


def test_a_player_who_passed_up_points_is_read_as_not_holding_the_card_that_scored():
    """It answered a led 5 with a 4 (no points): a player who takes the points in front of it then
    holds no ten-card (15-2) and no 5 (a pair), so such hands weigh less than from the discard alone."""
    five, four = Card(5, "H"), Card(4, "D")
    unseen = [c for c in UNSEEN if c not in (five, four)]
    from_discard = read_hands(unseen, [four], 3, they_deal=True, draws=300, rng=random.Random(5))
    from_play = read_hands(unseen, [four], 3, they_deal=True, their_piles=[(5,)], draws=300,
                           rng=random.Random(5))

    def scoring_answer(hands) -> float:
        return sum(w for ranks, w in hands if any(r >= 10 or r == 5 for r in ranks))

    assert scoring_answer(from_play) < 0.6 * scoring_answer(from_discard)


def test_the_view_gives_the_pile_each_of_the_other_players_cards_was_laid_on():
    checked = 0
    for seed in range(6):
        game = Game(seed=seed, dealer=1)
        players = [make_player("intermediate", seed=1), make_player("intermediate", seed=2)]
        for seat in (0, 1):
            game.apply(players[seat].choose(game, seat))
        laid = []
        while game.phase == "play":
            seat = game.whose_turn
            if seat == 1 and laid:
                view = look_ahead_view(game, 1)
                assert view["their_piles"] == tuple(pile for who, pile in laid if who == 0)
                assert view["their_played"] == tuple(game.played[0])
                assert view["they_deal"] is False
                checked += 1
            move = players[seat].choose(game, seat)
            if isinstance(move, Play):
                laid.append((seat, tuple(c.rank for c in game.pile)))
            game.apply(move)
    assert checked >= 6


def test_a_lead_is_read_by_the_rules_of_thumb():
    """Players lead from a pair or a card below 5: a king led says the other three cards likely
    hold no card below 5, and a 7 led that another 7 is likelier than the discard alone says."""
    from crib_widgets.strategy import reading

    def share(led: Card, holds) -> tuple[float, float]:
        unseen = [c for c in UNSEEN if c != led]
        shares = []
        for lead in (0.0, reading.LEAD):
            hands = read_hands(unseen, [led], 3, they_deal=False, their_piles=[()], lead=lead, draws=400,
                               rng=random.Random(6))
            shares.append(sum(w for ranks, w in hands if holds(ranks)))
        return shares[0], shares[1]

    without, with_lead = share(Card(13, "H"), lambda ranks: min(ranks) < 5)
    assert with_lead < 0.8 * without
    without, with_lead = share(Card(7, "D"), lambda ranks: 7 in ranks)
    assert with_lead > 1.3 * without
