"""The measured strength of the computer levels, for the level menu ("beats the beginner 99% of games").

The figures live in ``strength.json`` beside this module, written by ``bench/strength.py`` (and its
outside-bot entry by ``bench/vs_cribbagesim.py``): for each pair of levels the games played, the
seed, the first level's wins, its win rate with a 95% interval, and points per deal by phase.
Nothing here plays games: it only reads what the benches measured.

>>> figures = load_strength()
>>> {"levels", "games", "seed", "win rate", "interval", "per deal"} <= set(figures["matches"][0])
True
>>> strength_note("expert").startswith("beats the")
True
"""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources
from typing import Any

from ..errors import CribbageError

__all__ = ["load_strength", "match_figures", "strength_note", "FILE"]

FILE = "strength.json"


@lru_cache(maxsize=1)
def load_strength() -> dict[str, Any]:
    """The measured figures as written by ``bench/strength.py``."""
    text = resources.files(__package__).joinpath(FILE).read_text(encoding="utf-8")
    figures: dict[str, Any] = json.loads(text)  # the bench's JSON
    return figures


def match_figures(level: str, opponent: str) -> dict[str, Any] | None:
    """The measured match of ``level`` against ``opponent`` (as the first of the pair), or None."""
    for match in load_strength()["matches"]:
        if match["levels"] == [level, opponent]:
            found: dict[str, Any] = match
            return found
    return None


def strength_note(level: str) -> str:
    """What ``level`` is measured to do, in a few words for a menu: ``"beats the beginner in 97% of
    games"``; for the beginner, how often the next level up beats it."""
    names = ("beginner", "intermediate", "expert")
    if level not in names:
        raise CribbageError(f"{level!r} is not a computer level: choose {', '.join(names)}")
    notes = []
    for match in load_strength()["matches"]:
        first, second = match["levels"]
        rate = round(100 * match["win rate"])
        if first == level:
            notes.append(f"beats the {second} in {rate}% of games")
        elif second == level and level == "beginner":
            notes.append(f"the {first} wins {rate}% of games against it")
    if not notes:
        return "not yet measured"
    return "; ".join(notes[:2])
