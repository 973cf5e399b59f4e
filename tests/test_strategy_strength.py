"""The measured strength the level menu shows: read from strength.json, which bench/strength.py writes."""

from __future__ import annotations

import pytest

from crib_widgets.errors import CribbageError
from crib_widgets.strategy.strength import load_strength, match_figures, strength_note


def test_the_figures_name_levels_games_seed_and_an_interval_around_the_rate():
    figures = load_strength()
    assert figures["matches"]
    for match in figures["matches"]:
        low, high = match["interval"]
        assert match["games"] > 0 and 0 <= match["wins"] <= match["games"]
        assert match["win rate"] == pytest.approx(match["wins"] / match["games"], abs=1e-4)
        assert low <= match["win rate"] <= high
        assert set(match["per deal"]) == set(match["levels"])


def test_each_level_has_a_note_for_the_menu_with_its_measured_rate():
    rate = round(100 * match_figures("expert", "beginner")["win rate"])
    assert strength_note("expert").startswith(f"beats the beginner in {rate}% of games")
    assert "intermediate" in strength_note("expert")
    assert strength_note("intermediate").startswith("beats the beginner")
    assert "against it" in strength_note("beginner")
    with pytest.raises(CribbageError, match="not a computer level"):
        strength_note("grandmaster")
