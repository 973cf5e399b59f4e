"""The look-ahead of the play with three and four players (strategy.lookahead_multi).

The solver keeps a fast copy of the go rule; these tests hold it to the engine's own (`Game`, which
asks `pegging.next_in_count` / `next_leader`): the same seat to move, the same legal cards and the
same points, move after move, in random positions of every table.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from crib_widgets.cards import Card, full_deck, parse_cards
from crib_widgets.game import Discard, Game, Go, Play, Rules
from crib_widgets.pegging import next_in_count, next_leader
from crib_widgets.strategy.lookahead import solve_play
from crib_widgets.strategy.lookahead_multi import (
    GO,
    MultiSolver,
    MultiView,
    _next_table,
    expert_card,
    greedy_line,
    hidden_deals,
    moves,
    multi_view,
    pile_key,
    play_values_multi,
    step,
)
from crib_widgets.strategy.pegging_choice import PlayView, expert_values

TABLES = [(3, False), (4, False), (4, True)]
_POINTS = ("peg", "go point", "last card")


def start_of_play(rules: Rules, seed: int) -> Game:
    """A game whose first deal's discards are made at random (seeded): the play is about to begin."""
    game = Game(rules, seed=seed)
    rng = random.Random(seed)
    for seat in range(rules.players):
        game.apply(Discard(seat, tuple(rng.sample(game.hands[seat], rules.discards))))
    return game


def solver_state(game: Game):
    """The engine's position as the solver's state (see `lookahead_multi.step`)."""
    view = multi_view(game, game.whose_turn, board=False)
    hands = tuple(tuple(sorted(c.rank for c in h)) for h in game.hands)
    holding = sum(1 << s for s, h in enumerate(hands) if h)
    return (hands, pile_key(tuple(c.rank for c in game.pile)), game.count, game.whose_turn, view.said,
            view.last, holding)


@pytest.mark.parametrize("players, partners", TABLES)
@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), choices=st.lists(st.integers(0, 3), min_size=20, max_size=20))
def test_the_solvers_turns_and_points_follow_the_engine(players, partners, seed, choices):
    game = start_of_play(Rules(players=players, partners=partners), seed)
    if game.phase != "play":
        return  # his heels ended the game (never at 0 points) or the play is not reached
    state = solver_state(game)
    for pick in choices + [0] * 60:
        if game.phase != "play":
            assert state is None, "the engine's play ended before the solver's"
            break
        assert state is not None, "the solver's play ended before the engine's"
        seat = game.whose_turn
        assert state[3] == seat, "a different seat to move"
        legal = game.legal_moves()
        ranks = moves(state)
        if ranks == [GO]:
            assert legal == [Go(seat)]
            move, rank = legal[0], GO
        else:
            assert sorted({m.card.rank for m in legal}) == ranks
            rank = ranks[pick % len(ranks)]
            move = next(m for m in legal if m.card.rank == rank)
        before = len(game.events)
        game.apply(move)
        engine = [(e.seat, e.points) for e in game.events[before:] if e.kind in _POINTS and e.points]
        pegs, state = step(state, rank, players)
        assert pegs == engine, f"{move}: the solver pegs {pegs}, the engine {engine}"
        if state is not None and game.phase == "play":
            assert state[1:] == solver_state(game)[1:] and state[0] == solver_state(game)[0]
    else:
        pytest.fail("the play did not end")


@pytest.mark.parametrize("players, partners", TABLES)
@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), laid=st.integers(0, 10), lowball=st.booleans())
def test_the_play_out_where_the_search_stops_follows_the_rules_move_by_move(players, partners, seed, laid,
                                                                              lowball):
    rules = Rules(players=players, partners=partners, lowball=lowball)
    game = start_of_play(rules, seed)
    rng = random.Random(seed)
    while game.phase == "play" and laid:
        move = rng.choice(game.legal_moves())
        laid -= isinstance(move, Play)
        game.apply(move)
    if game.phase != "play":
        return
    state = solver_state(game)
    sides = tuple(rules.side_of(s) for s in range(players))
    expected = [0.0] * max(sides) + [0.0]
    for seat, points in greedy_line(state, players, lowball):
        expected[sides[seat]] += points
    assert MultiSolver(sides, lowball).rollout(state) == tuple(expected)


@settings(max_examples=80, deadline=None)
@given(st.lists(st.integers(1, 13), min_size=8, max_size=8), st.integers(0, 1))
def test_with_two_sides_and_two_seats_the_search_is_the_two_player_solver(ranks, first):
    mine, theirs = tuple(sorted(ranks[:4])), tuple(sorted(ranks[4:]))
    if any(ranks.count(r) > 4 for r in ranks):
        return
    solver = MultiSolver((0, 1))
    hands = (mine, theirs)
    value = solver.value((hands, (), 0, first, 0, -1, 3))
    mover = first
    expected = solve_play(hands[mover], hands[1 - mover])
    assert value[mover] - value[1 - mover] == pytest.approx(expected)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_solvers_go_table_is_the_engines_go_rule_for_every_seat_and_hand(players):
    table = _next_table(players)
    for seat in range(players):
        for holding in range(1 << players):
            held = [bool(holding >> s & 1) for s in range(players)]
            for said in range(1 << players):
                said_go = [bool(said >> s & 1) for s in range(players)]
                expected = next_in_count(seat, held, said_go)
                assert table[seat][holding & ~said] == (-1 if expected is None else expected)
            if holding:
                assert table[seat][holding] == next_leader(seat, held)


def test_pile_key_keeps_what_can_still_score():
    assert pile_key((5, 7, 7, 8)) == (7, 8)
    assert pile_key((3, 9, 9)) == (9, 9)
    assert pile_key((2, 4, 3)) == (2, 4, 3)


def test_hidden_deals_obey_the_goes_and_add_up_to_one():
    unseen = [c for c in full_deck() if c.rank not in (5,)]
    deals = hidden_deals(unseen, {1: 2, 2: 3}, {1: 6}, samples=32, rng=random.Random(1))
    assert sum(w for _, w in deals) == pytest.approx(1)
    for hands, _ in deals:
        assert len(hands[1]) == 2 and len(hands[2]) == 3
        assert all(min(r, 10) > 6 for r in hands[1]), "a go on 25 means every card held is worth 7 or more"


def test_few_hidden_cards_are_weighed_exactly():
    unseen = parse_cards("5H 5D KS")
    deals = hidden_deals(unseen, {1: 1, 2: 1}, samples=32)
    weights = {(h[1], h[2]): w for h, w in deals}
    assert weights == pytest.approx({((5,), (5,)): 2 / 6, ((5,), (13,)): 2 / 6, ((13,), (5,)): 2 / 6})


# ---- positions where one move ahead is not enough -------------------------------------------


def view(seat, hand, pile, seen, held, sides, above, last) -> MultiView:
    """A seat's view: ``seen`` are the cards it has seen besides its hand (laid, its discard, the
    starter); every other card is unseen."""
    hand, pile, seen = tuple(parse_cards(hand)), tuple(parse_cards(pile)), set(parse_cards(seen))
    unseen = tuple(c for c in full_deck() if c not in seen and c not in hand)
    return MultiView(seat, hand, pile, sum(c.value for c in pile), unseen, held, above, 0, last, sides)


def one_move_choice(v: MultiView) -> Card:
    """What the expert played before: one move ahead, against the next opponent in the count."""
    n = len(v.held)
    nxt = next((s for s in ((v.seat + i) % n for i in range(1, n))
                if v.held[s] and v.sides[s] != v.sides[v.seat]), None)
    values = expert_values(PlayView(v.hand, v.pile, v.count, v.unseen, v.held[nxt] if nxt is not None else 0))
    return best(values)


def best(values: dict[Card, float]) -> Card:
    return max(values, key=lambda c: (round(values[c], 9), c.rank, c.suit))


# (view, the right card): each position comes from a seeded game between intermediate players
POSITIONS = {
    "keep_the_pair_of_jacks_to_lay_together_when_the_others_are_out_of_cards": (
        view(2, "10H JC JH", "4D", "AC QC AD 4D AH 4H 8H 5S QS", (1, 1, 3), (0, 1, 2), (0, 0, 0), 1), "10H"),
    "keep_the_pair_of_2s_for_the_end_and_lay_the_3": (
        view(0, "3D 2D 2S", "4C", "AC 4C AD 4D 5H 7H 4S 5S KS", (3, 1, 1), (0, 1, 2), (0, 0, 0), 2), "3D"),
    "keep_the_pair_of_4s_and_lay_the_7_while_the_others_still_hold_a_card": (
        view(1, "4H 7S 4C", "6C", "AC 3C 6C 8D AH AS 8S 10S JS", (1, 3, 1), (0, 1, 2), (2, 0, 2), 0), "7S"),
    "leave_21_when_your_partner_lays_next_a_ten_card_makes_31_for_your_side": (
        view(2, "6D 7C", "5S 10S", "2C 8C QC 3D QD 3H 4H 9H AS 5S 6S 7S 9S 10S", (1, 1, 2, 0), (0, 1, 0, 1),
             (4, 4, 0, 0), 1), "6D"),
    "the_opponent_between_has_no_cards_so_21_is_your_partners_31": (
        view(3, "10D 8H", "4H 9C", "AC 6C 7C 9C 9D JD AH 2H 4H KH AS 4S 10S JS", (0, 1, 1, 2), (0, 1, 0, 1),
             (0, 3, 4, 0), 2), "8H"),
}


@pytest.mark.parametrize("name", list(POSITIONS))
def test_where_one_move_ahead_plays_wrong_the_look_ahead_plays_right(name):
    v, right = POSITIONS[name]
    right = _card(right)
    assert one_move_choice(v) != right, "the one-move look-ahead already finds it: not a test of depth"
    assert best(play_values_multi(v)) == right
    # and it is right: solved to the end of the play over many more hidden deals
    reference = play_values_multi(v, samples=300, depth=0)
    assert best(reference) == right and reference[right] - reference[one_move_choice(v)] >= 1


def _card(text: str) -> Card:
    return parse_cards(text)[0]


def test_near_the_end_the_expert_takes_the_run_that_pegs_out_not_the_pair():
    hand, pile = tuple(parse_cards("7S 6C")), tuple(parse_cards("8C 7D"))
    unseen = tuple(c for c in full_deck() if c not in {*hand, *pile})
    base = dict(seat=0, hand=hand, pile=pile, count=15, unseen=unseen, held=(2, 3, 3), above=(0, 0, 0),
                said=0, last=2, sides=(0, 1, 2))
    for_points = play_values_multi(MultiView(**base))
    assert best(for_points) == _card("7S"), "for points alone the pair (22) is better than the run (21)"
    racing = play_values_multi(MultiView(**base, needs=(3, 40, 40)))
    assert best(racing) == _card("6C") and racing[_card("6C")] >= 1000  # 8-7-6 for 3: the game


def test_with_exact_finish_a_fifteen_that_would_pass_the_target_does_not_win():
    hand, pile = tuple(parse_cards("5S 2C")), tuple(parse_cards("KD"))
    unseen = tuple(c for c in full_deck() if c not in {*hand, *pile})
    base = dict(seat=0, hand=hand, pile=pile, count=10, unseen=unseen, held=(2, 3, 3), above=(0, 0, 0),
                said=0, last=2, sides=(0, 1, 2), needs=(1, 40, 40))
    assert play_values_multi(MultiView(**base))[_card("5S")] >= 1000  # 15-2 is 1 more than needed: it wins
    exact = play_values_multi(MultiView(**base, exact=True))
    assert exact[_card("5S")] < 1000  # ... but under exact finish it is refused


@pytest.mark.parametrize("players, partners", TABLES)
@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_in_random_plays_every_card_is_valued_and_the_hidden_hands_fit_the_goes(players, partners, seed):
    game = start_of_play(Rules(players=players, partners=partners), seed)
    rng = random.Random(seed)
    while game.phase == "play":
        seat = game.whose_turn
        v = multi_view(game, seat, board=False)
        playable = [c for c in game.hands[seat] if c.value <= 31 - game.count]
        values = play_values_multi(v, samples=4)
        assert set(values) == set(playable)
        choice = expert_card(game, seat)
        assert (Go(seat) if choice is None else Play(seat, choice)) in game.legal_moves()
        others = {s: v.held[s] for s in range(players) if s != seat}
        for hands, _ in hidden_deals(v.unseen, others, {s: v.above[s] for s in others}, samples=4):
            for s, ranks in hands.items():
                truth = sorted(c.rank for c in game.hands[s])
                assert len(ranks) == len(truth)
                # what a go revealed is true of the real hand, so the drawn hands obey it too
                above = v.above[s]
                assert all(min(r, 10) > above for r in ranks) and all(min(r, 10) > above for r in truth)
        game.apply(rng.choice(game.legal_moves()))


def test_drawn_deals_come_as_often_as_the_exact_weights_say():
    # seat 1 said go on 26 (every card it holds is 6 or more), seat 2 holds anything: the draws
    # (most restricted seat first) must be uniform over the deals that fit
    unseen = parse_cards("2H 4D 6S 8C 9H KD")
    held, above = {1: 2, 2: 2}, {1: 5}
    exact = {tuple(sorted(h.items())): w for h, w in hidden_deals(unseen, held, above, samples=1000)}
    drawn = {tuple(sorted(h.items())): w for h, w in hidden_deals(unseen, held, above, samples=3,
                                                                   rng=random.Random(0))}
    assert len(exact) < 1000 and len(drawn) <= 3  # few ways: weighed exactly; 3 draws: sampled
    many = {}
    rng = random.Random(7)
    for _ in range(40):
        for h, w in hidden_deals(unseen, held, above, samples=25, rng=rng):
            key = tuple(sorted(h.items()))
            many[key] = many.get(key, 0.0) + w / 40
    assert set(many) <= set(exact)
    for key, weight in exact.items():
        assert many.get(key, 0.0) == pytest.approx(weight, abs=0.015)
