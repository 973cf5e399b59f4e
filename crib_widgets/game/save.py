"""Saving a game as JSON and restoring it by replaying its moves.

A save holds the game's public `Setup` (the rules, the seed, any explicit decks, the first
dealer or ``"cut"``, the starting scores and names, a stacked cut and a lesson's start) and the
moves. Restoring builds a new game and replays every move, so the result is identical to the
saved game or an error: never a half-built game.

Version 2 writes every field out (no nulls) and refuses a null or wrongly typed field naming it.
Version 1 saves (which wrote null for "not given") are still read with that meaning.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any, Protocol, TypeVar

from ..bounded import NotJSON, decode_bounded, load_json
from ..errors import CribbageError
from .moves import Move, move_from_list, move_to_list
from .rules import Rules
from .setup import Setup

__all__ = ["game_to_json", "game_from_json", "FORMAT", "VERSION"]

FORMAT = "crib_widgets.game"
VERSION = 2
MAX_SAVE_BYTES = 2_000_000  # a whole game of 121 with every deck is under 50 KB
SEED_DIGITS = 40  # a seed is any whole number; the book's are 64-bit (20 digits)
_KEYS = {"format", "version", "rules", "seed", "decks", "dealer", "scores", "names", "moves"}


class Replayable(Protocol):
    """What a save is replayed into: a game that takes moves (`Game`, which this module does not
    import: the game saves itself through it)."""

    def apply(self, move: Move) -> object: ...


G = TypeVar("G", bound=Replayable)


def game_to_json(setup: Setup, moves: Sequence[Move]) -> str:
    """Deterministic JSON text of a game begun by ``setup`` and played by ``moves``: equal games
    give equal text."""
    data = setup.to_dict()
    data.update(format=FORMAT, version=VERSION, moves=[move_to_list(m) for m in moves])
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def game_from_json(text: str | bytes, new_game: Callable[..., G]) -> G:
    """Replay a save into ``new_game(**setup options)`` (`Game.from_json` passes `Game`); raise
    `CribbageError` naming what is wrong with a damaged or foreign one."""
    if isinstance(text, bytes):
        text = decode_bounded(text, "this saved game", MAX_SAVE_BYTES, "give the text a save wrote")
    if not isinstance(text, str):
        raise CribbageError(f"this is not a saved game: a save is text, not {type(text).__name__}")
    try:  # the one bounded reader: a nesting bomb or half a character is a sentence, not a RecursionError
        data = load_json(text, "this saved game", MAX_SAVE_BYTES, digits=SEED_DIGITS)
    except NotJSON:
        raise CribbageError("this is not a saved game (not JSON text)") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise CribbageError(f"this is not a saved crib_widgets game: expected format {FORMAT!r}")
    if data.get("version") not in (1, VERSION):
        raise CribbageError(f"this save has version {data.get('version')!r}; "
                            f"this program reads versions 1 and {VERSION}")
    missing = sorted(_KEYS - set(data))
    if missing:
        raise CribbageError(f"this save is damaged: it lacks {', '.join(missing)}")
    if not isinstance(data["moves"], list):
        raise CribbageError("this save is damaged: 'moves' must be a list")
    if data["version"] == 1:
        data = _from_version_1(data)
    try:
        game = new_game(**Setup.from_dict(data))
    except CribbageError as error:
        raise CribbageError(f"this save is damaged: {error}") from None
    except (TypeError, ValueError, IndexError, KeyError, AttributeError) as error:
        raise CribbageError(f"this save is damaged: its setup cannot be read ({error})") from None
    for number, entry in enumerate(data["moves"], 1):
        try:
            game.apply(move_from_list(entry))
        except CribbageError as error:
            raise CribbageError(f"this save is damaged at move {number} {entry!r}: {error}") from None
    return game


def _from_version_1(data: dict[str, Any]) -> dict[str, Any]:
    """Version 1 wrote null for what was not given: the default names, zero scores, decks all
    shuffled from the seed, and a first dealer found by cutting."""
    try:
        rules = Rules.from_dict(data["rules"])
    except CribbageError as error:
        raise CribbageError(f"this save is damaged: {error}") from None
    data = dict(data)
    if data["names"] is None:
        data["names"] = [f"Player {i + 1}" for i in range(rules.players)]
    if data["scores"] is None:
        data["scores"] = [0] * rules.sides
    if data["decks"] is None:
        data["decks"] = []
    if data["dealer"] is None:
        data["dealer"] = "cut"
    return data
