"""The review's reasons (issue 35, "a coach who explains"): each names what the better choice does
that the chosen one does not, tells the two apart, never restates the cost, and the "scores more
later" fallback stays rare; Show me's sentence is about the card it recommends; the end of a game
says how it ended. bench/review_reasons.py measures the same over 8 games on two seed sets."""

from __future__ import annotations

import re

import pytest

from crib_widgets.cards import Card
from crib_widgets.game import Discard, Game, Play, Rules
from crib_widgets.strategy import make_player
from crib_widgets.strategy.lines import Line
from crib_widgets.strategy.matches import play_game
from crib_widgets.strategy.review import review_game
from crib_widgets.strategy.review.reasons import (
    _later_part,
    _their_later_part,
    how_it_ended,
    is_fallback,
    often,
    restates_cost,
)
from crib_widgets.strategy.review.replay import fresh_copy
from crib_widgets.strategy.solver import pile_points
from crib_widgets.table import Table
from crib_widgets.table.ending import game_verdict

_RANKS = {"ace": 1, "jack": 11, "queen": 12, "king": 13, **{str(n): n for n in range(2, 11)}}


@pytest.fixture(scope="module")
def reviewed():
    """Two seeded games to 121, a beginner (seat 0) reviewed against the expert, with the games."""
    out = []
    for seed in (3, 8):
        game = play_game(Game(seed=seed), [make_player("beginner", seed), make_player("expert", seed + 1)])
        out.append((game, review_game(game, seat=0)))
    return out


def _mistakes(reviewed):
    return [(g, d) for g, r in reviewed for d in r.decisions if d.is_mistake]


def test_no_reason_restates_the_cost_and_the_fallback_is_rare(reviewed):
    found = _mistakes(reviewed)
    assert len(found) >= 15
    assert not [d.reason for _, d in found if restates_cost(d.reason, d.cost)]
    assert sum(is_fallback(d.reason) for _, d in found) <= 0.05 * len(found)


def test_play_reasons_are_about_the_better_card(reviewed):
    for _, d in _mistakes(reviewed):
        if d.phase == "play":
            best = d.best.cards[0].rank_text
            assert re.match(rf"(the|after the) {best}\b", d.reason), d.reason


def test_a_named_answer_scores_on_the_chosen_card_and_not_on_the_better_one(reviewed):
    checked = 0
    for _, d in _mistakes(reviewed):
        found = re.search(r"lets them answer an? (\w+) for", d.reason)
        if d.phase != "play" or not found:
            continue
        reply = _RANKS[found.group(1)]
        pile = tuple(c.rank for c in d.position.pile)
        done, best = d.done.cards[0], d.best.cards[0]
        on_done = pile_points((*pile, done.rank, reply))
        fits = d.position.count + best.value + min(reply, 10) <= 31
        assert not fits or on_done > pile_points((*pile, best.rank, reply)), d.reason
        checked += 1
    assert checked >= 3


def test_the_old_sentences_fail_the_checks():
    old = "the 8 keeps the 9 for later, where it scores more over the rest of the play"
    assert is_fallback(old) and restates_cost(old, 0.9)
    assert restates_cost("the 7 would be worth 1.2 less", 1.2)
    assert not restates_cost("the 2 (count 2) gives them no answer for fifteen", 0.3)
    assert [often(p) for p in (0.0, 0.1, 0.5, 0.7, 0.8, 0.95)] == [
        "hardly ever", "about 1 time in 10", "about half the time", "about 2 times in 3",
        "about 3 times in 4", "nearly every time"]


def test_pairing_a_led_card_names_the_pair_royal_and_why():
    # seed 8, deal 3: the expert leads the 10 of spades; pairing it is what the review faults
    game = play_game(Game(seed=8), [make_player("beginner", 8), make_player("expert", 9)])
    replay = fresh_copy(game)
    for move in game.moves:
        if (isinstance(move, Play) and move.seat == 0 and len(replay.pile) == 1
                and replay.pile[0].rank == move.card.rank and replay.deal_number == 3):
            break
        replay.apply(move)
    else:
        raise AssertionError("the planted pairing is not in the game")
    (decision,) = [d for d in review_game(game, seat=0, deals=(3,)).decisions
                   if d.phase == "play" and d.position.pile == replay.pile]
    assert decision.cost > 2
    assert "three of a kind" in decision.reason and "a lead is often from a pair" in decision.reason
    assert decision.reason.startswith(f"the {decision.best.cards[0].rank_text} (count 15) makes fifteen")


def test_show_me_explains_the_card_it_recommends():
    t = Table(seed=0, strength="beginner", dealer=1)
    t.move(Discard(0, t.game.hands[0][:2]))
    t.run()
    advice = t.advise()
    assert advice is not None and advice.phase == "play" and len(advice.options) > 1
    best = advice.best[0].rank_text
    assert re.match(rf"(The|After the) {best}\b", advice.why), advice.why


def test_a_pone_who_counts_out_first_is_explained():
    game = Table(seats=("beginner", "expert"), seed=5).play_out()
    said = how_it_ended(game, 0)
    assert said.startswith("Computer counted out with the hand (8 points), from 120 to 121.")
    assert "the pone (who did not deal) first" in said
    assert "your hand (3 points) and your crib (7 points) were never counted" in said
    assert how_it_ended(game) == said  # the learner's side is "You": "your hand" by its name too
    review = review_game(game, seat=0, deals=(game.deal_number,))
    assert how_it_ended(game, 0) not in game_verdict(review, game, 0)  # one deal: no verdict on the game
    assert game_verdict(review_game(game, seat=0), game, 0).endswith(said)


def test_the_winners_own_crib_left_uncounted_is_no_point_missed():
    """The dealer counts out with the hand: the crib is not counted, because the game is won (RULES.md:
    the first to reach the target wins at once). The two friends' walk-through saw "Ann's crib (5
    points) was never counted" in the review, as if a point were missed."""
    game = Table(seats=("beginner", "expert"), seed=8).play_out()
    said = how_it_ended(game, 0)
    assert said == ("Computer counted out with the hand (12 points), from 120 to 121. The game was over "
                    "there, before Computer's crib was counted.")
    assert "never" not in how_it_ended(Table(seats=("beginner", "expert"), seed=12).play_out(), 0)


def test_a_game_pegged_out_in_the_play_says_no_hand_was_counted():
    game = Table(seats=("beginner", "expert"), seed=4).play_out()
    assert how_it_ended(game, 0) == (
        "Computer pegged out in the play with 1 for the last card, from 120 to 121. The hands and the "
        "crib are counted only after the play, so none was counted this deal.")
    assert how_it_ended(Game(seed=1), 0) == ""


def test_three_and_four_player_reasons_compare_the_lines_too():
    found = []
    for players, partners in ((3, False), (4, True)):
        seats = [make_player("beginner", 1)] + [make_player("expert", 1 + s) for s in range(1, players)]
        game = play_game(Game(Rules(players=players, partners=partners), seed=1), seats)
        found += [d for d in review_game(game, seat=0).decisions if d.is_mistake]
    assert len(found) >= 10
    assert not [d.reason for d in found if restates_cost(d.reason, d.cost) or is_fallback(d.reason)]
    plays = [d for d in found if d.phase == "play"]
    assert all(re.match(rf"(the|after the) {d.best.cards[0].rank_text}\b", d.reason) for d in plays)


def test_lowball_reasons_say_points_count_against_their_taker():
    seats = [make_player("beginner", 3), make_player("expert", 4)]
    game = play_game(Game(Rules(lowball=True), seed=3), seats)
    found = [d for d in review_game(game, seat=0).decisions if d.is_mistake]
    assert found and all(d.reason.startswith("in Lowball points count against") for d in found)
    assert not [d for d in found if restates_cost(d.reason, d.cost) or is_fallback(d.reason)]
    assert not [d for d in found if "safer" in d.reason or "invites" in d.reason]  # their points help you


def _learner_game_2024():
    """The chapter-15 table (seed 2024), the learner throwing Q-K and leading the 4 of clubs, as in
    the reported review (the rest laid by the first card that fits)."""
    table = Table(Rules(target=121), strength="expert", seed=2024)
    table.move(Discard(0, [Card.parse("QD"), Card.parse("KD")]))
    table.run()
    table.move(Play(0, Card.parse("4C")))
    table.run()
    return table.game, review_game(table.game, seat=0, deals=(1,))


def test_their_later_fifteen_past_15_is_said_to_come_once_the_count_starts_again():
    # count 14: the 10 makes 24, the 8 makes 22; no fifteen is left in this count after either
    done, best = Card.parse("10C"), Card.parse("8S")
    d, b = Line(), Line()
    d.add((1, "later", "fifteen", 7), 2, 0.33)
    text = _their_later_part(done, best, d, b, "fifteen", 14)
    assert text is not None
    assert "once the count starts again" in text[1] and "in the next count" in text[1], text
    assert "(count 24)" in text[1] and "(count 22)" in text[1]
    # ours, the same: a 5 kept at count 23 makes fifteen only in the next count
    b.add((0, "later", "fifteen", 5), 2, 0.25)
    ours = _later_part(Card.parse("5C"), Card.parse("3S"), Line(), b, "fifteen", 20)
    assert ours is not None and ", once the count starts again," in ours[1] and "in the next count" in ours[1]
    # below 15 a later fifteen may come in this count: no such words
    low = _their_later_part(done, best, d, Line(), "fifteen", 0)
    assert low is not None and "count starts again" not in low[1] and "next count" not in low[1]


def test_their_later_pairs_after_a_lead_name_the_card_each_lead_keeps():
    # reported: "after the 4 they score a pair about half the time, after the 2 about 1 time in 4",
    # though three of each rank are unseen; the model's cause is the card kept to be laid later
    _, review = _learner_game_2024()
    (lead,) = [d for d in review.decisions if d.phase == "play" and not d.position.pile]
    assert lead.is_mistake and lead.best.cards[0].rank == 2
    assert "they score a pair" not in lead.reason, lead.reason
    assert "laying the 4 keeps your 2, which they pair later" in lead.reason, lead.reason


def test_a_throw_reason_never_says_their_pairs_in_the_play_and_names_the_crib_beside_the_play(reviewed):
    # reported: "2-4-8-10 let the other player peg a pair about 1 time in 3, 4-8-10-Q hardly ever"
    # (any card can be paired: the figure came from sampled hands solved with both hands known),
    # and the crib (Q-K against 2-K into the other player's crib) went unsaid
    _, review = _learner_game_2024()
    (throw,) = [d for d in review.decisions if d.phase == "discard"]
    assert "peg a pair" not in throw.reason, throw.reason
    assert "throwing Q-K gives the other player's crib help" in throw.reason, throw.reason
    throws = [d for _, d in _mistakes(reviewed) if d.phase == "discard"]
    pairs = re.compile(r"let the other player peg (a pair|three|four)")
    assert not [d.reason for d in throws if pairs.search(d.reason)]
