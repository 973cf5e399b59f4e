"""The show after the play, near the end of a game (strategy.count_out): the non-dealer counts
first, then the dealer's hand, then its crib; the look-ahead plays for who counts out."""

from __future__ import annotations

from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from crib_widgets.cards import full_deck, parse_cards
from crib_widgets.game import Game, Rules
from crib_widgets.game.seat_view import own_discards
from crib_widgets.scoring import hand_total, score_hand
from crib_widgets.strategy import make_player
from crib_widgets.strategy.count_out import CountOut
from crib_widgets.strategy.lookahead import play_values, solve_play
from crib_widgets.strategy.players import look_ahead_view
from crib_widgets.strategy.solver import WIN

DECK = full_deck()
KEPT = parse_cards("5H 5D JS KD")  # with the 4 starter: fifteen 8 and a pair, 10
THROWN = parse_cards("2C 9S")
STARTER = parse_cards("4C")[0]
UNSEEN = [c for c in DECK if c not in {*KEPT, *THROWN, STARTER}]
WEAK = (1, 2, 3, 13)  # the other's ranks: A-2-3-K with the 4, a run of four and two fifteens, 8


def _out(i_deal: bool) -> CountOut:
    return CountOut(STARTER, KEPT, THROWN, i_deal=i_deal, unseen=UNSEEN)


def test_the_non_dealer_counts_first_so_it_wins_when_both_would_reach():
    assert _out(i_deal=False).end_value((10, 8), WEAK) == WIN      # I count first
    assert _out(i_deal=True).end_value((10, 8), WEAK) == -WIN      # they count first


def test_the_dealers_hand_counts_out_when_the_non_dealer_falls_short():
    assert _out(i_deal=True).end_value((10, 9), WEAK) == WIN
    assert _out(i_deal=False).end_value((11, 8), WEAK) == -WIN


def test_the_dealer_short_of_its_need_after_its_hand_counts_on_the_crib_by_its_chance():
    out = _out(i_deal=True)
    value = out.end_value((14, 30), WEAK)      # 4 more than the hand: the crib must make 4
    assert value == pytest.approx(out.crib_at_least(4) * WIN)
    assert 0 < value < WIN
    assert _out(i_deal=True).end_value((39, 30), WEAK) == 0.0     # no crib makes 29 more


def test_the_crib_chances_are_the_engine_s_crib_scores_over_every_pair_of_unseen_cards():
    thrown = parse_cards("5S 6S")
    starter = parse_cards("7S")[0]
    unseen = [c for c in DECK if c not in {*thrown, starter, *KEPT}]
    out = CountOut(starter, KEPT, thrown, i_deal=True, unseen=unseen)
    scores = [score_hand([*thrown, *pair], starter, crib=True).total for pair in combinations(unseen, 2)]
    for points in range(0, 30):
        exact = sum(s >= points for s in scores) / len(scores)
        assert out.crib_at_least(points) == pytest.approx(exact)
    assert out.crib_at_least(-3) == 1.0


def test_the_non_dealer_whose_hand_counts_out_plays_knowing_it_has_won_unless_pegged_out():
    hand, pile = parse_cards("5H 5D JS KD"), parse_cards("QC")
    unseen = [c for c in UNSEEN if c not in pile]
    values = play_values(hand, pile, unseen, held=3, need=9, their_need=None, they_deal=True,
                         their_played=pile, their_piles=((),), show=_out(i_deal=False))
    assert values and all(v > WIN - 31 for v in values.values())


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000))
def test_far_from_the_end_the_show_changes_nothing(seed):
    game = Game(seed=seed, dealer=seed % 2)
    players = [make_player("intermediate", seed=1), make_player("intermediate", seed=2)]
    while game.phase != "play":
        game.apply(players[game.whose_turn].choose(game, game.whose_turn))
    seat = game.whose_turn
    view = look_ahead_view(game, seat)
    assert view["show"] is not None
    assert play_values(**view) == play_values(**{**view, "show": None})


def test_the_view_s_show_holds_the_seat_s_kept_four_and_throw_all_through_the_play():
    game = Game(seed=11, dealer=0)
    players = [make_player("expert", seed=1), make_player("expert", seed=2)]
    kept = {}
    while game.deal_number == 1 and not game.is_over:
        seat = game.whose_turn
        if game.phase == "play" and game.hands[seat]:
            show = look_ahead_view(game, seat)["show"]
            kept.setdefault(seat, (*game.hands[seat], *game.played[seat]))
            assert show.mine == hand_total(kept[seat], game.starter)
            assert show.thrown == own_discards(game, seat)
            assert show.i_deal == (game.dealer == seat)
        game.apply(players[seat].choose(game, seat))
    assert set(kept) == {0, 1}


def test_with_an_exact_finish_a_show_that_would_carry_past_the_target_is_refused():
    exact = CountOut(STARTER, KEPT, THROWN, i_deal=False, unseen=UNSEEN, exact=True)
    assert exact.end_value((10, 30), WEAK) == WIN       # exactly 10 to go: out
    assert exact.end_value((9, 30), WEAK) == 0.0        # 10 would carry past 9: refused
    assert _out(i_deal=False).end_value((9, 30), WEAK) == WIN


def test_with_an_exact_finish_the_dealer_s_crib_must_make_exactly_what_is_left():
    exact = CountOut(STARTER, KEPT, THROWN, i_deal=True, unseen=UNSEEN, exact=True)
    # my hand 10 leaves 4 of 14: the crib must make exactly 4
    chance = exact.crib_at_least(4) - exact.crib_at_least(5)
    assert exact.end_value((14, 30), WEAK) == pytest.approx(chance * WIN)
    # my hand 10 would carry past 6: refused, so the crib must make all 6
    chance = exact.crib_at_least(6) - exact.crib_at_least(7)
    assert exact.end_value((6, 30), WEAK) == pytest.approx(chance * WIN)


def test_with_an_exact_finish_the_play_refuses_a_31_that_carries_past_the_target():
    # count 26, I lay the 5 for 31 and 2 with 1 to go: out, unless the finish must be exact
    assert solve_play([5], [], pile=[10, 10, 6], need=1) == WIN
    assert solve_play([5], [], pile=[10, 10, 6], need=1, exact=True) == 0.0
    assert solve_play([5], [], pile=[10, 10, 6], need=2, exact=True) == WIN


def test_the_expert_s_view_carries_the_exact_finish_to_the_look_ahead_and_the_show():
    game = Game(Rules(exact_finish=True), seed=4, dealer=1)
    players = [make_player("intermediate", seed=1), make_player("intermediate", seed=2)]
    while game.phase != "play":
        game.apply(players[game.whose_turn].choose(game, game.whose_turn))
    view = look_ahead_view(game, game.whose_turn)
    assert view["exact"] is True and view["show"].exact is True


def test_the_one_move_values_know_an_exact_finish_refuses_points_past_the_target():
    from crib_widgets.strategy.pegging_choice import PlayView, expert_values

    hand, pile = tuple(parse_cards("5H AC")), tuple(parse_cards("10S 10D 6C"))
    unseen = tuple(c for c in DECK if c not in {*hand, *pile})
    plain = expert_values(PlayView(hand, pile, 26, unseen, next_held=0, need=1))
    exact = expert_values(PlayView(hand, pile, 26, unseen, next_held=0, need=1, exact=True))
    assert plain[hand[0]] == WIN                    # 31 for 2 with 1 to go
    assert exact[hand[0]] == 0                      # refused: it would carry past 121
    assert max(exact, key=exact.get) == hand[1]     # the ace, and the go point for exactly 1
