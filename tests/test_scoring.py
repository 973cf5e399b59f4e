"""The show (RULES.md, "The show"): one test per rule, the reference vectors and properties."""

from __future__ import annotations

import pytest
from conftest import read_jsonl
from hypothesis import given, settings
from hypothesis import strategies as st

from crib_widgets.cards import Card, full_deck, parse_cards
from crib_widgets.errors import CardError
from crib_widgets.scoring import hand_total, score_hand

BREAKDOWN_NAMES = {"fifteens": "fifteen", "pairs": "pair", "runs": "run", "flush": "flush", "nobs": "nobs"}


@pytest.mark.parametrize("row", read_jsonl("hand_vectors.jsonl"), ids=lambda r: " ".join(r["hand"]))
def test_reference_hand_vectors(row):
    score = score_hand(row["hand"], row["starter"], crib=row["crib"])
    assert score.total == row["score"]
    expected = {BREAKDOWN_NAMES[k]: v for k, v in row["breakdown"].items()}
    assert score.by_kind() == expected
    cards = parse_cards(row["hand"])
    assert hand_total(cards, Card.parse(row["starter"]), row["crib"]) == row["score"]


def kinds(hand, starter, crib=False):
    return score_hand(hand, starter, crib=crib).by_kind()


def test_every_distinct_fifteen_scores_two():
    score = score_hand("7H 8C 8D AS", "6S")  # 7+8, 7+8, 8+6+A, 8+6+A
    fifteens = score.of_kind("fifteen")
    assert len(fifteens) == 4 and all(f.points == 2 for f in fifteens)
    assert all(sum(c.value for c in f.cards) == 15 for f in fifteens)


def test_fifteens_of_two_to_five_cards():
    assert kinds("AH 2C 3D 4S", "5S")["fifteen"] == 2  # all five cards
    assert kinds("KH 5C 2D 3S", "9C")["fifteen"] == 4  # K+5, K+2+3


def test_face_cards_count_ten_in_fifteens():
    assert kinds("JH QC KD 2S", "5H")["fifteen"] == 6


def test_pair_scores_two():
    assert kinds("9H 9C 2D 4S", "KH")["pair"] == 2


def test_three_of_a_kind_scores_six():
    assert kinds("9H 9C 9D 4S", "KH")["pair"] == 6


def test_four_of_a_kind_scores_twelve():
    assert kinds("9H 9C 9D 9S", "KH")["pair"] == 12


def test_pairs_are_by_rank_not_value():
    assert kinds("JH QC KD 10S", "2H")["pair"] == 0


def test_run_of_three_four_five():
    assert kinds("3H 4C 5D 9S", "QH")["run"] == 3
    assert kinds("3H 4C 5D 6S", "QH")["run"] == 4
    assert kinds("3H 4C 5D 6S", "7H")["run"] == 5


def test_a_longer_run_is_not_counted_as_shorter_runs():
    score = score_hand("3H 4C 5D 6S", "7H")
    assert [len(i.cards) for i in score.of_kind("run")] == [5]


def test_ace_is_low_queen_king_ace_is_no_run():
    assert kinds("QH KC AD 5S", "8H")["run"] == 0
    assert kinds("AH 2C 3D 8S", "10H")["run"] == 3


def test_double_run_of_three_counts_both_runs_and_the_pair():
    assert kinds("4H 5C 5D 6S", "2H") == {"fifteen": 4, "pair": 2, "run": 6, "flush": 0, "nobs": 0}


def test_double_run_of_four():
    assert kinds("4H 5C 6D 6S", "7H")["run"] == 8


def test_triple_run_is_three_runs_and_three_of_a_kind():
    score = score_hand("4H 5C 5D 5S", "6H")
    assert score.by_kind()["run"] == 9 and score.by_kind()["pair"] == 6


def test_double_double_run_is_four_runs_and_two_pairs():
    score = score_hand("4H 4C 5D 5S", "6H")
    assert score.by_kind()["run"] == 12 and score.by_kind()["pair"] == 4 and score.total == 24


def test_four_card_hand_flush_scores_four():
    assert kinds("2H 4H 6H 8H", "KS")["flush"] == 4


def test_five_card_hand_flush_scores_five():
    assert kinds("2H 4H 6H 8H", "KH")["flush"] == 5


def test_starter_alone_cannot_make_a_flush_with_three_hand_cards():
    assert kinds("2H 4H 6H 8C", "KH")["flush"] == 0


def test_crib_four_card_flush_does_not_count():
    assert kinds("2H 4H 6H 8H", "KS", crib=True)["flush"] == 0


def test_crib_five_card_flush_scores_five():
    assert kinds("2H 4H 6H 8H", "KH", crib=True)["flush"] == 5


def test_his_nobs_jack_of_the_starters_suit_scores_one():
    assert kinds("JH 2C 4D 6S", "9H")["nobs"] == 1
    assert kinds("JC 2C 4D 6S", "9H")["nobs"] == 0


def test_nobs_counts_in_the_crib_too():
    assert kinds("JH 2C 4D 6S", "9H", crib=True)["nobs"] == 1


def test_a_jack_turned_as_starter_is_not_nobs():
    assert kinds("2H 3C 4D 6S", "JH")["nobs"] == 0


def test_the_highest_hand_is_29():
    score = score_hand("5H 5C 5D JS", "5S")
    assert score.total == 29
    assert score.by_kind() == {"fifteen": 16, "pair": 12, "run": 0, "flush": 0, "nobs": 1}


def test_items_name_the_exact_cards():
    score = score_hand("7H 8C 2D 3S", "KH")
    (fifteen,) = [i for i in score.of_kind("fifteen") if Card.parse("7H") in i.cards]
    assert set(fifteen.cards) == set(parse_cards("7H 8C"))
    assert fifteen.reason == "fifteen: 7♥ + 8♣"


@pytest.mark.parametrize(
    ("hand", "starter", "error"),
    [
        ("5H 5D 5S", "5C", "exactly 4 cards, got 3"),
        ("5H 5D 5S JC 2C", "5C", "exactly 4 cards, got 5"),
        ("5H 5D 5S JC", "5H", "starter 5H is already in the hand"),
        ("5H 5D 5H JC", "5C", "5H appears twice"),
        ("5H 5D 5S XX", "5C", "'XX' is not a card"),
        ("5H 5D 5S JC", "5C 6C", "starter is one card"),
    ],
)
def test_bad_input_is_named(hand, starter, error):
    with pytest.raises(CardError, match=error):
        score_hand(hand, starter)
    with pytest.raises(CardError, match=error):
        hand_total(hand, starter)


def test_count_aloud_has_running_totals_and_the_total():
    text = score_hand("4H 5C 6D JS", "5S").aloud("plain")
    assert text.startswith("Fifteen two, fifteen four, fifteen six, fifteen eight, a pair is ten")
    assert text.endswith("and one for his nobs is seventeen. 17 points.")
    players = score_hand("4H 5C 6D JS", "5S").aloud()
    assert players.startswith(
        "Fifteen two, fifteen four, fifteen six, fifteen eight, a double run of three is")
    assert players.endswith("and one for his nobs is seventeen. 17 points.")


def test_zero_hand_is_nineteen_nothing():
    assert score_hand("2H 4C 10D QS", "8D").aloud() == "Nineteen: nothing. 0 points."


def test_count_steps_light_the_cards_and_run_up_to_the_total():
    score = score_hand("5H 5C 5D JS", "5S")
    steps = score.steps()
    assert steps[0][0] == "fifteen two" and len(steps[0][1]) >= 2
    assert steps[-1][2] == 29 and "a double pair royal is twenty-eight" in [s[0] for s in steps]
    assert "four of a kind is twenty-eight" in [s[0] for s in score.steps("plain")]


# ---- properties ------------------------------------------------------------------------------

five_cards = st.lists(st.sampled_from(full_deck()), min_size=5, max_size=5, unique=True)


@settings(max_examples=400, deadline=None)
@given(five_cards, st.booleans())
def test_total_equals_the_sum_of_items_and_the_fast_total(cards, crib):
    score = score_hand(cards[:4], cards[4], crib=crib)
    assert score.total == sum(i.points for i in score.items) == sum(score.by_kind().values())
    assert hand_total(cards[:4], cards[4], crib) == score.total
    assert (score.steps()[-1][2] if score.steps() else 0) == score.total


@settings(max_examples=200, deadline=None)
@given(five_cards, st.randoms(use_true_random=False))
def test_order_of_the_hand_does_not_matter(cards, rng):
    hand = cards[:4]
    shuffled = hand[:]
    rng.shuffle(shuffled)
    assert score_hand(hand, cards[4]).total == score_hand(shuffled, cards[4]).total


@settings(max_examples=200, deadline=None)
@given(five_cards, st.permutations("CDHS"), st.booleans())
def test_renaming_suits_changes_nothing(cards, suits, crib):
    rename = dict(zip("CDHS", suits, strict=True))
    renamed = [Card(c.rank, rename[c.suit]) for c in cards]
    original = score_hand(cards[:4], cards[4], crib=crib)
    assert original.total == score_hand(renamed[:4], renamed[4], crib=crib).total


@settings(max_examples=500, deadline=None)
@given(five_cards, st.booleans())
def test_19_25_26_27_never_occur_and_29_only_for_the_perfect_hand(cards, crib):
    total = hand_total(cards[:4], cards[4], crib)
    assert total not in (19, 25, 26, 27) and 0 <= total <= 29
    if total == 29:
        assert cards[4].rank == 5
        assert any(c.rank == 11 and c.suit == cards[4].suit for c in cards[:4])


def test_the_rank_table_gives_each_five_rank_hand_its_fifteens_pairs_and_runs_looked_up_or_whole():
    from itertools import combinations_with_replacement

    from crib_widgets.scoring import _RankTable, rank_key, rank_points

    looked_up, whole = _RankTable(), _RankTable()
    whole.fill()
    hands = [r for r in combinations_with_replacement(range(1, 14), 5) if r[0] != r[4]]
    assert len(whole) == len(hands) == 6175
    assert all(looked_up[rank_key(r)] == whole[rank_key(r)] == rank_points(r) for r in hands)
    assert whole[rank_key([5, 5, 5, 5, 11])] == 28  # the 29 hand less his nobs
    with pytest.raises(KeyError):  # four cards are not a show: no table entry, no made-up score
        looked_up[rank_key([5, 5, 10, 10])]
