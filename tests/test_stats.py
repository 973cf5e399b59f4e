"""Exact statistics: the distribution of all 12,994,800 (hand, starter) combinations."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from conftest import REFERENCE

from crib_widgets.stats import (
    TOTAL_COMBINATIONS,
    mean_score,
    percentile_below,
    probability_at_least,
    rarity,
    score_distribution,
)


def reference(name):
    data = json.loads((REFERENCE / f"{name}_score_distribution.json").read_text())
    return {int(k): v for k, v in data["distribution"].items()}


@pytest.mark.parametrize(("crib", "name"), [(False, "hand"), (True, "crib")])
def test_distribution_equals_the_reference_bin_for_bin(crib, name):
    assert score_distribution(crib) == reference(name)


def test_the_distribution_covers_every_combination():
    assert TOTAL_COMBINATIONS == 12_994_800 == sum(score_distribution().values())


def test_no_hand_scores_19_25_26_or_27():
    dist = score_distribution()
    assert [dist[s] for s in (19, 25, 26, 27)] == [0, 0, 0, 0]


def test_mean_matches_the_reference_fraction():
    data = json.loads((REFERENCE / "hand_score_distribution.json").read_text())
    assert mean_score() == Fraction(data["mean_exact_fraction"])


def test_percentiles():
    assert percentile_below(0) == 0
    assert percentile_below(30) == pytest.approx(100)
    assert probability_at_least(29) == pytest.approx(4 / TOTAL_COMBINATIONS)


def test_rarity_words():
    assert rarity(29) == "about 1 hand in 3,248,700"
    assert rarity(19) == "impossible"
    with pytest.raises(ValueError, match="between 0 and 29"):
        rarity(30)


# The hands people keep (issue 22): the book answers "is my hand good?" with these, not random fours.

def test_kept_hands_are_a_distribution_better_than_random_fours():
    from crib_widgets.stats import mean_score, probability_at_least
    from crib_widgets.strategy.kept_hands import kept_hand_stats

    kept = kept_hand_stats(deals=300, seed=5)
    assert abs(sum(kept.shares) - 1) < 1e-9 and len(kept.shares) == 30
    assert kept.mean > float(mean_score()) + 2  # kept about 8, random about 4.8
    assert kept.at_least(12) > probability_at_least(12) * 3
    assert kept.shares[0] < 0.02 < score_distribution()[0] / sum(score_distribution().values())
    assert kept.shares[19] == 0  # still impossible
    assert kept.at_least(0) == 1 and kept.below(0) == 0


def test_the_middle_kept_hand_has_at_least_half_on_each_side():
    from crib_widgets.strategy.kept_hands import kept_hand_stats

    kept = kept_hand_stats(deals=300, seed=5)
    middle = kept.median
    assert kept.below(middle + 1) >= 0.5 and kept.at_least(middle) >= 0.5
    assert kept.below(middle) < 0.5


def test_kept_hands_are_the_same_at_every_build_and_follow_the_seat():
    from crib_widgets.strategy.kept_hands import kept_hand_stats

    assert kept_hand_stats(deals=50, seed=3) == kept_hand_stats(deals=50, seed=3)
    assert kept_hand_stats(deals=50, seed=3, dealer=True) != kept_hand_stats(deals=50, seed=3, dealer=False)


def test_kept_hands_refuse_a_bad_count_or_seat():
    from crib_widgets.strategy.kept_hands import kept_hand_stats

    for bad in (0, -1, 2.5, True, 10**7):
        with pytest.raises(ValueError, match=r"deals=.* is not allowed: use a whole number"):
            kept_hand_stats(deals=bad)
    with pytest.raises(ValueError, match="dealer='yes' is not allowed"):
        kept_hand_stats(deals=5, dealer="yes")


def test_a_29_comes_once_in_216580_deals_when_you_choose_four_of_six():
    from math import comb

    from crib_widgets.stats import chance_of_29_dealt_six

    chance = chance_of_29_dealt_six()
    assert round(1 / chance) == 216_580
    # by brute force over the starter's suit: the 4 cards needed, the other 2 from the 47 left
    assert chance * comb(52, 6) * 46 == sum(comb(47, 2) for _suit in "CDHS")
