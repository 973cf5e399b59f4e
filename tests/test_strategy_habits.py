"""The other player's habit of grabbing the points (`habits`), and the look-ahead that expects it."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from crib_widgets.game import Game, Rules
from crib_widgets.strategy import habits, make_player
from crib_widgets.strategy.lookahead import solve_play
from crib_widgets.strategy.matches import play_game
from crib_widgets.strategy.solver import Solver, play_score


def _game(them: str, seed: int = 901) -> Game:
    return play_game(Game(Rules(), seed=seed), [make_player("expert", seed=7), make_player(them, seed=3)])


def test_nothing_is_known_before_a_deal_is_finished():
    assert habits.grab_share(Game(Rules(), seed=1), seat=0) == 0.0


def test_a_grabber_is_read_as_one_and_the_expert_is_not():
    # the beginner lays the card that scores most now, the highest of equal ones, at every turn
    beginner = _game("beginner")
    told = [t for t in habits.their_turns(beginner.events, 1) if t[0] not in t[1]]
    assert told and all(laid == grab for grab, _, laid in told)
    share = len(told) / (len(told) + habits.PRIOR)
    assert habits.grab_share(beginner, 0) == round(share / habits.STEP) * habits.STEP
    expert = _game("expert")
    assert habits.grab_share(expert, 0) < habits.grab_share(beginner, 0)


def test_each_turn_replayed_is_an_answer_with_a_choice_and_its_grab_scores_most():
    game = _game("intermediate", seed=902)
    turns = list(habits.their_turns(game.events, 1))
    assert turns
    for grab, best, laid in turns:
        assert best and laid in range(1, 14) and grab in range(1, 14)


def test_the_grab_is_the_card_that_scores_most_now_then_the_highest():
    # K-5 onto a 10: the 5 makes fifteen (2); with nothing scoring the king goes, not the 2
    solver = Solver()
    assert habits._choice(solver, (5, 13), (1, 2), (10,), 0)[0] == 5
    assert habits._choice(solver, (2, 13), (1, 3), (9,), 0)[0] == 13
    assert habits._choice(solver, (4, 13), (1, 3), (), 0) is None  # a lead: not a habit of answering


def test_the_look_ahead_punishes_a_grabber():
    # I lead a 4 from two: a grabber pairs it with its 4 (2) and my other 4 makes a pair royal (6);
    # the best answer is the 9, which scores nothing but gives nothing away
    best = solve_play([4, 4], [4, 9])
    grabbed = solve_play([4, 4], [4, 9], solver=Solver(grabs=1.0))
    assert grabbed > best
    assert play_score([4, 4, 4], 12) == 6


@st.composite
def deals(draw):
    """Two hands of a real deck (at most four of a rank), as ranks."""
    cards = draw(st.lists(st.integers(0, 51), min_size=2, max_size=8, unique=True))
    split = draw(st.integers(1, len(cards) - 1))
    ranks = [c // 4 + 1 for c in cards]
    return ranks[:split][:4], ranks[split:][:4]


@settings(max_examples=60, deadline=None)
@given(deals(), st.sampled_from([0.25, 0.5, 1.0]))
def test_expecting_grabs_never_values_the_play_below_best_answers(hands, share):
    """The other player's best answers are the worst it can do to me: any habit is worth at least as
    much, and expecting none is the plain minimax."""
    mine, theirs = hands
    plain = solve_play(mine, theirs)
    assert solve_play(mine, theirs, solver=Solver(grabs=share)) >= plain - 1e-9
    assert solve_play(mine, theirs, solver=Solver(grabs=0.0)) == plain
