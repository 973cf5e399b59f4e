"""The computer levels for a level menu, each with its measured strength.

The figures come from ``crib_widgets/strategy/strength.json`` when the strength bench has written
one (``bench/strength.py``), otherwise from the last measured run kept here (`MEASURED`): always a
number that was measured, with the games and the seed it came from.

>>> [value for _, value in level_options()]
['beginner', 'intermediate', 'expert']
>>> level_options()[2][0]
'Expert: beats the beginner 99% and the intermediate 58% of games'
"""

from __future__ import annotations

import json
from importlib import resources

from .seats import STRENGTHS

__all__ = ["MEASURED", "measured_strength", "level_label", "level_options", "measured_note"]

#: The last measured run: 1,000 two-player games to 121 per pair, seed 2024 (bench/strength.py).
MEASURED = {
    "games": 1000,
    "seed": 2024,
    "results": [
        {"level": "expert", "opponent": "beginner", "win_rate": 0.994},
        {"level": "expert", "opponent": "intermediate", "win_rate": 0.584},
    ],
}

_WORDS = {
    "beginner": "makes a beginner's choices",
    "intermediate": "takes the points in front of it",
    "expert": "plays the averages and looks ahead",
}


def measured_strength() -> dict:
    """The strength figures: the bench's latest file if the package holds one, else `MEASURED`."""
    try:
        text = resources.files("crib_widgets.strategy").joinpath("strength.json").read_text(encoding="utf-8")
        data = json.loads(text)
    except (OSError, ValueError):
        return MEASURED
    if not isinstance(data, dict) or not isinstance(data.get("results"), list):
        return MEASURED
    return data


def level_label(level: str, data: dict | None = None) -> str:
    """A level's name with its measured strength, e.g. "Expert: beats the beginner 99% of games"."""
    data = measured_strength() if data is None else data
    wins = [r for r in data.get("results", []) if isinstance(r, dict) and r.get("level") == level
            and isinstance(r.get("win_rate"), (int, float))]
    if not wins:
        return f"{level.capitalize()}: {_WORDS.get(level, 'a computer player')}"
    beats = " and ".join(f"the {r['opponent']} {100 * r['win_rate']:.0f}%" for r in wins)
    return f"{level.capitalize()}: beats {beats} of games"


def level_options() -> list[tuple[str, str]]:
    """(label, level) pairs for a level menu, weakest first."""
    data = measured_strength()
    return [(level_label(level, data), level) for level in STRENGTHS]


def measured_note() -> str:
    """Where the figures come from, for a caption: "measured in 1,000 games per pair, seed 2024"."""
    data = measured_strength()
    return f"measured in {data.get('games', '?'):,} two-player games per pair, seed {data.get('seed', '?')}"
