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
