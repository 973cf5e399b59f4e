"""The play (RULES.md, "The play (pegging) to 31"): what the card just laid scores."""

from __future__ import annotations

import pytest
from conftest import read_jsonl
from hypothesis import given, settings
from hypothesis import strategies as st

from crib_widgets.cards import full_deck
from crib_widgets.errors import CribbageError
from crib_widgets.pegging import (
    item_words,
    next_in_count,
    next_leader,
    play_call,
    play_points,
    points_words,
    score_sequence,
)


@pytest.mark.parametrize("row", read_jsonl("pegging_vectors.jsonl"), ids=lambda r: " ".join(r["plays"]))
def test_reference_play_sequences(row):
    assert score_sequence(row["plays"], row["players"], row["final"]) == row["points"]


def points(pile):
    return play_points(pile).total


def kinds(pile):
    return {i.kind: i.points for i in play_points(pile).items}


def test_exactly_fifteen_scores_two():
    assert kinds("7H 8C") == {"fifteen": 2}


def test_exactly_thirty_one_scores_two():
    assert kinds("KH QC 5D 6S") == {"thirty-one": 2}


def test_pair_with_the_previous_card_scores_two():
    assert kinds("9H 9C") == {"pair": 2}


def test_three_of_a_kind_in_a_row_scores_six():
    assert kinds("4H 4C 4D") == {"pair": 6}


def test_four_of_a_kind_in_a_row_scores_twelve():
    assert kinds("2H 2C 2D 2S") == {"pair": 12}


def test_pairs_must_be_consecutive():
    assert points("9H 2C 9D") == 0


def test_pairs_are_by_rank_not_value():
    assert points("KH QD") == 0


def test_run_of_three_in_any_order():
    assert kinds("5H 3C 4D") == {"run": 3}


def test_longest_run_counts_one_per_card():
    assert kinds("2H 3C 4D 5S 6S") == {"run": 5}


def test_run_needs_the_immediately_preceding_cards():
    assert points("3H 4C 9D 5S") == 0


def test_broken_run_healed_later_scores_the_run():
    # 4 6 5 : run of three; then 3 makes 3-4-5-6
    assert kinds("4H 6C 5D") == {"run": 3, "fifteen": 2}
    assert kinds("4H 6C 5D 3S") == {"run": 4}


def test_a_pair_inside_breaks_the_run():
    assert points("8S 7H 7S 6H") == 0


def test_ace_is_low_in_play_runs():
    assert points("QH KC AD") == 0
    assert kinds("2H AC 3D") == {"run": 3}


def test_several_scores_on_one_card_add_up():
    assert kinds("5H 5D 5S") == {"fifteen": 2, "pair": 6}
    assert kinds("10H 10D 2H 2C 4H 3H") == {"thirty-one": 2, "run": 3}


def test_thirty_one_with_a_pair():
    assert kinds("KH 9D 6C 3S 3H") == {"thirty-one": 2, "pair": 2}


def test_a_pile_over_31_is_an_error_naming_the_count():
    with pytest.raises(CribbageError, match="= 35 passes 31"):
        play_points("KH QD JS 5C")


def test_an_empty_pile_is_an_error():
    with pytest.raises(CribbageError, match="empty"):
        play_points([])


def test_go_closing_the_count_scores_one_for_the_last_card_laid():
    assert score_sequence(["KH", "QD", "9S", "GO", "GO"], players=2) == [0, 0, 1, 0, 0]


def test_thirty_one_scores_two_not_three():
    assert score_sequence(["KH", "QD", "9S", "2C"], players=2, final=True) == [0, 0, 0, 2]


def test_last_card_of_the_play_scores_one():
    assert score_sequence(["KH", "QD", "2C"], players=2, final=True) == [0, 0, 1]


def test_pairs_and_runs_never_reach_across_a_reset():
    plays = ["KH", "QD", "9S", "2C", "2H"]  # 31 resets; 2H starts a new count
    assert score_sequence(plays, players=2) == [0, 0, 0, 2, 0]


def test_reasons_name_the_cards():
    (item,) = play_points("4S 4H 4D").items
    assert item.reason == "three of a kind: 4♠ + 4♥ + 4♦"
    assert play_points("7H 8C").describe() == "2 for fifteen"
    assert play_points("5H 5D 5S").describe() == "2 for fifteen, 6 for three of a kind"
    assert play_points("2H 2D 2S 2C").describe() == "12 for four of a kind"
    assert play_points("4H 6C 5D").describe() == "2 for fifteen, 3 for a run of 3"


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(full_deck()), min_size=1, max_size=8, unique=True))
def test_points_are_the_sum_of_items_and_never_negative(pile):
    while sum(c.value for c in pile) > 31:
        pile = pile[:-1]
    if pile:
        score = play_points(pile)
        assert score.total == sum(i.points for i in score.items) >= 0
        assert score.count == sum(c.value for c in pile)


def test_a_card_played_twice_is_refused_also_after_a_reset():
    # issue 12: the repeat of 10H falls after the reset at 31 and was accepted
    with pytest.raises(CribbageError, match="10H appears twice"):
        score_sequence(["10H", "JH", "QH", "AH", "10H"], players=2)
    with pytest.raises(CribbageError, match="5C appears twice"):
        score_sequence(["5C", "GO", "5C"], players=2)


# ---- the one home of the words and the go rule ----------------------------------------------

@pytest.mark.parametrize(("items", "said"), [
    ([(2, "fifteen")], "fifteen for two"),
    ([(2, "thirty-one")], "thirty-one for two"),
    ([(2, "pair")], "a pair for two"),
    ([(6, "pair")], "a pair royal for six"),
    ([(12, "pair")], "double pair royal for twelve"),
    ([(3, "run")], "run of three for three"),
    ([(1, "go")], "go"),
    ([(1, "last card")], "one for last card"),
    ([(2, "fifteen"), (2, "pair")], "fifteen for two, and a pair for four"),
    ([], ""),
])
def test_play_call_says_what_players_say_at_the_table(items, said):
    assert play_call(items) == said


def test_play_call_reads_the_engines_play_scores():
    assert play_call(play_points("4H 6C 5D")) == "fifteen for two, and run of three for five"
    assert play_call(play_points("KH 9D 6C 3S 3H").items) == "thirty-one for two, and a pair for four"


def test_play_call_and_item_words_refuse_unknown_scores():
    with pytest.raises(CribbageError, match="'nobs' is not a play score"):
        play_call([(1, "nobs")])
    with pytest.raises(CribbageError, match="a pair scores 2, 6 or 12"):
        item_words((4, "pair"))


def test_words_for_each_play_score_have_one_home():
    assert [item_words(i) for i in play_points("5H 5D 5S").items] == ["fifteen", "three of a kind"]
    assert item_words((4, "run")) == "a run of 4" and item_words((1, "go")) == "the go"
    assert points_words([(2, "fifteen"), (1, "last card")]) == "2 for fifteen, 1 for the last card"
    assert play_points("8H 7C").describe() == points_words(play_points("8H 7C").items)


def test_the_go_rule_the_count_closes_when_nobody_holding_cards_is_still_in_it():
    # seat 0 laid the last card; seat 1 said go; seat 2 has no cards left: 0 may play on
    assert next_in_count(1, [True, True, False], [False, True, False]) == 0
    assert next_in_count(0, [True, True, False], [True, True, False]) is None
    assert next_leader(0, [True, False, True]) == 2


def test_score_sequence_asks_the_go_rule_with_three_players():
    # A lays KH, B and C cannot, A lays 9H and then also says go: A pegs the go once
    assert score_sequence(["KH", "GO", "GO", "QH", "GO", "GO", "GO"], players=3) == [0, 0, 0, 1, 0, 0, 0]
