"""The computer levels for a level menu, each with its measured strength.

The figures come from ``crib_widgets/strategy/strength.json`` when the strength bench has written
one (``bench/strength.py``), otherwise from the last measured run kept here (`MEASURED`): always a
number that was measured, with the games and the seed it came from.

>>> [value for _, value in level_options()]
['beginner', 'intermediate', 'expert']
>>> level_label("expert", MEASURED)
'Expert: beats the beginner 99% and the intermediate 58% of games'
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

from .seats import STRENGTHS

__all__ = ["MEASURED", "MIN_GAMES", "measured_strength", "level_label", "level_options", "measured_note"]

#: The last measured run before the bench wrote its file (bench/strength.py, seed 2024), in the
#: bench's format: two-player games to 121, the first level's share of wins.
MEASURED: dict[str, Any] = {  # the strength file's shape (JSON)
    "about": "the previous session's run of bench/strength.py: 1,000 games per pair, seed 2024",
    "matches": [
        {"levels": ["expert", "beginner"], "games": 1000, "seed": 2024, "win rate": 0.994},
        {"levels": ["expert", "intermediate"], "games": 1000, "seed": 2024, "win rate": 0.584},
    ],
}

_WORDS = {
    "beginner": "makes a beginner's choices",
    "intermediate": "takes the points in front of it",
    "expert": "plays the averages and looks ahead",
}


def _matches(data: object) -> list[dict[str, Any]]:
    """The well-formed matches of a strength file (anything malformed is left out)."""
    if not isinstance(data, dict) or not isinstance(data.get("matches"), list):
        return []
    return [m for m in data["matches"] if isinstance(m, dict) and isinstance(m.get("levels"), list)
            and len(m["levels"]) == 2 and isinstance(m.get("win rate"), (int, float))
            and isinstance(m.get("games"), int) and m["games"] > 0]


#: A match of fewer games (a run stopped early) is not shown: the last full run's figure stands.
MIN_GAMES = 100


def measured_strength() -> dict[str, Any]:
    """The strength figures: each pair of levels from the bench's file in the package when it played
    at least `MIN_GAMES` games, else from `MEASURED`."""
    try:
        text = resources.files("crib_widgets.strategy").joinpath("strength.json").read_text(encoding="utf-8")
        data = json.loads(text)
    except (OSError, ValueError):
        data = {}
    fresh = {tuple(m["levels"]): m for m in _matches(data) if m["games"] >= MIN_GAMES}
    kept = {tuple(m["levels"]): m for m in MEASURED["matches"]}
    kept.update(fresh)
    return {"about": data.get("about", MEASURED["about"]) if fresh else MEASURED["about"],
            "matches": list(kept.values())}


def level_label(level: str, data: dict[str, Any] | None = None) -> str:
    """A level's name with its measured strength, e.g. "Expert: beats the beginner 99% of games"."""
    data = measured_strength() if data is None else data
    wins = [m for m in _matches(data) if m["levels"][0] == level]
    if not wins:
        return f"{level.capitalize()}: {_WORDS.get(level, 'a computer player')}"
    beats = " and ".join(f"the {m['levels'][1]} {100 * m['win rate']:.0f}%" for m in wins)
    return f"{level.capitalize()}: beats {beats} of games"


def level_options() -> list[tuple[str, str]]:
    """(label, level) pairs for a level menu, weakest first."""
    data = measured_strength()
    return [(level_label(level, data), level) for level in STRENGTHS]


def measured_note() -> str:
    """Where the figures come from, e.g. "measured in two-player games to 121: expert against
    beginner 1,000 games, ... (seed 2024)"."""
    matches = _matches(measured_strength())
    pairs = ", ".join(f"{m['levels'][0]} against {m['levels'][1]} {m['games']:,} games" for m in matches)
    seeds = sorted({str(m.get("seed", "?")) for m in matches})
    return f"measured in two-player games to 121: {pairs} (seed {', '.join(seeds)})"
