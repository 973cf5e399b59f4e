"""Shared test fixtures: where the project's reference data lives."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
REFERENCE = ROOT.parent / "shared" / "reference"


def read_jsonl(name: str) -> list[dict]:
    """Rows of a reference .jsonl file."""
    with open(REFERENCE / name, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


@pytest.fixture(scope="session")
def reference_dir() -> Path:
    if not REFERENCE.is_dir():
        pytest.fail(f"reference data not found at {REFERENCE}: shared/ must sit beside the checkout")
    return REFERENCE
