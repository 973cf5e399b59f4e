"""Shared test fixtures: where the project's reference data lives (``tests/data/``, see its README)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
REFERENCE = ROOT / "tests" / "data"


def read_jsonl(name: str) -> list[dict]:
    """Rows of a reference .jsonl file."""
    with open(REFERENCE / name, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


@pytest.fixture(scope="session")
def reference_dir() -> Path:
    if not REFERENCE.is_dir():
        pytest.fail(f"reference data not found at {REFERENCE}: tests/data/ is part of the repository")
    return REFERENCE
