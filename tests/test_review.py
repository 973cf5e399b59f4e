"""The review of a game: every decision of one seat against the best one, costliest first.

The planted-mistakes game: the learner (seat 0, not dealing) throws a pair into the dealer's
crib, leads a 5, and lays a card that brings the count to 21 for the dealer's ten-card; every
other move of both seats is the expert's. The review must rank those three first, with costs.
"""

from __future__ import annotations

import pytest

from crib_widgets.cards import parse_cards
from crib_widgets.errors import CribbageError
from crib_widgets.game import Announce, Discard, Game, Play, Rules, scenario, stack_deck
from crib_widgets.strategy import make_player
from crib_widgets.strategy.matches import play_game
from crib_widgets.strategy.review import (
    NOTICE,
    PHASES,
    Decision,
    Review,
    review_deal,
    review_game,
    review_save,
)


def planted_game() -> tuple[Game, dict[str, int]]:
    """Two deals; returns the game and the move index of each planted mistake."""
    deck1 = stack_deck(["7H 7D 5C KS 6S 2C", "QH JD 10C 4D AS 6C"], "3H", dealer=1)
    deck2 = stack_deck(["9H 8C 3D 4S KH QS", "10D 10S JC 2H AD 6H"], "7C", dealer=0)
    game = Game(deck=[deck1, deck2], dealer=1, seed=3)
    expert = make_player("expert", seed=1)
    planted: dict[str, int] = {}
    while game.deal_number <= 2 and not game.is_over:
        seat = game.whose_turn
        move = expert.choose(game, seat)
        if seat == 0 and game.deal_number == 1:
            if game.phase == "discard":
                move, planted["pair"] = Discard(0, tuple(parse_cards("7H 7D"))), len(game.moves)
            elif game.phase == "play" and game.count == 0 and len(game.hands[0]) == 4:
                move, planted["five"] = Play(0, parse_cards("5C")[0]), len(game.moves)
            elif game.phase == "play" and "31" not in planted:
                bad = [c for c in game.hands[0] if game.count + c.value == 21]
                if bad:
                    move, planted["31"] = Play(0, bad[0]), len(game.moves)
        game.apply(move)
    return game, planted


@pytest.fixture(scope="module")
def planted():
    game, moves = planted_game()
    return game, moves, review_game(game, seat=0)


def test_the_three_planted_mistakes_come_first_with_their_costs(planted):
    _, moves, review = planted
    assert set(moves) == {"pair", "five", "31"}
    top = review.costliest(3)
    assert {d.move for d in top} == set(moves.values())
    by_move = {d.move: d for d in top}
    pair, five, thirty_one = (by_move[moves[k]] for k in ("pair", "five", "31"))
    assert pair.phase == "discard" and pair.cost > 2
    assert five.phase == "play" and five.cost > 0.5 and five.position.count == 0
    assert thirty_one.phase == "play" and thirty_one.cost > 0.5 and thirty_one.position.count == 15
    costs = [d.cost for d in top]
    assert costs == sorted(costs, reverse=True)
    # every other decision of the learner was the expert's own, so it costs nothing
    assert all(d.cost < NOTICE for d in review.decisions if d.move not in moves.values())


def test_each_mistake_says_why_in_words_a_learner_understands(planted):
    _, moves, review = planted
    by_move = {d.move: d for d in review.decisions}
    assert "pair" in by_move[moves["pair"]].reason
    assert "ten-card for fifteen" in by_move[moves["five"]].reason
    assert "31" in by_move[moves["31"]].reason
    for key in moves:
        decision = by_move[moves[key]]
        assert decision.best != decision.done and decision.best.value > decision.done.value
        assert decision.summary().startswith("Deal 1:")


def test_the_position_is_shown_as_it_was(planted):
    _, moves, review = planted
    five = next(d for d in review.decisions if d.move == moves["five"])
    assert len(five.position.hand) == 4 and five.position.pile == () and five.position.scores == (0, 0)
    assert five.position.dealer == 1 and five.position.starter == parse_cards("3H")[0]
    pair = next(d for d in review.decisions if d.move == moves["pair"])
    assert len(pair.position.hand) == 6 and pair.position.starter is None


def test_totals_per_phase_and_per_deal_add_up(planted):
    _, _, review = planted
    totals = review.totals()
    assert list(totals) == list(PHASES)
    assert sum(totals.values()) == pytest.approx(review.total)
    per_deal = review.per_deal()
    assert [deal for deal, _ in per_deal] == [1, 2, 3]
    assert sum(lost for _, lost in per_deal) == pytest.approx(review.total)
    assert per_deal[0][1] > 3
    assert "3 mistakes" in review.verdict


def test_a_deal_on_its_own_and_a_saved_game_give_the_same_review(planted):
    game, _, review = planted
    first = review_deal(game, 0, 1)
    assert {d.deal for d in first.decisions} == {1}
    assert [d.cost for d in first.decisions] == [d.cost for d in review.decisions if d.deal == 1]
    again = review_save(game.to_json(), 0)
    assert again == review


def test_the_experts_own_decisions_cost_nothing_before_the_end():
    game = play_game(Game(seed=21, dealer=0), [make_player("expert", 1), make_player("intermediate", 2)])
    review = review_game(game, 0)
    early = [d for d in review.decisions if max(d.position.scores) < 80]
    assert early and all(d.cost < 1e-9 for d in early)


def test_a_muggins_miscount_is_a_counting_decision_with_its_points():
    game = scenario(["5H 5C 10D JS", "2H 4C 8S QC"], "5D", dealer=1, rules=Rules(muggins=True))
    players = [make_player("expert", 1), make_player("expert", 2)]
    while game.phase == "play":
        seat = game.whose_turn
        game.apply(players[seat].choose(game, seat))
    assert game.phase == "announce" and game.whose_turn == 0
    game.apply(Announce(0, 14))  # the hand holds 20 with the 5 turned
    review = review_game(game, 0)
    count = next(d for d in review.decisions if d.phase == "count")
    assert count.cost == 6 and "holds 20" in count.reason
    assert review.totals()["count"] == 6


def test_bad_requests_are_refused_with_a_clear_error():
    game = Game(seed=1)
    with pytest.raises(CribbageError, match="seat 2 is not a seat"):
        review_game(game, 2)
    with pytest.raises(CribbageError, match="needs a Game"):
        review_game("not a game", 0)
    with pytest.raises(CribbageError, match="deal 5 is not a deal"):
        review_deal(game, 0, 5)
    assert isinstance(review_game(game, 0), Review)
    assert review_game(game, 0).verdict == "No decisions to review yet."


def test_decisions_are_frozen_values():
    game, _ = planted_game()
    decision = review_game(game, 0).decisions[0]
    assert isinstance(decision, Decision)
    with pytest.raises(AttributeError):
        decision.cost = 0
