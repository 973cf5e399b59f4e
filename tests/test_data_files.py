"""The reference data in tests/data/ is whole: every score bin, every hand, every row well formed."""

from __future__ import annotations

import json

import pytest
from conftest import REFERENCE, read_jsonl

HANDS = 12_994_800  # 4-card hands with a starter: C(52,4) * 48


@pytest.mark.parametrize("name", ["hand", "crib"])
def test_distribution_has_every_score_and_every_hand(name):
    data = json.loads((REFERENCE / f"{name}_score_distribution.json").read_text())
    counts = {int(score): n for score, n in data["distribution"].items()}
    assert set(counts) <= set(range(30))
    assert data["total"] == sum(counts.values()) == HANDS


def test_vectors_are_well_formed():
    hands = read_jsonl("hand_vectors.jsonl")
    plays = read_jsonl("pegging_vectors.jsonl")
    assert len(hands) >= 30 and len(plays) >= 10
    assert all(len(h["hand"]) == 4 and h["starter"] and isinstance(h["score"], int) for h in hands)
    assert all(len(p["points"]) == len(p["plays"]) for p in plays)
