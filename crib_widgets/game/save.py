"""Saving a game as JSON and restoring it by replaying its moves.

A save holds the rules, the seed, any explicit decks, the starting dealer, scores and names,
and the moves. Restoring builds a new game and replays every move, so the result is identical
to the saved game or an error: never a half-built game.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from ..errors import CribbageError
from .moves import move_from_list, move_to_list
from .rules import Rules

if TYPE_CHECKING:
    from .engine import Game

__all__ = ["game_to_json", "game_from_json", "FORMAT", "VERSION"]

FORMAT = "crib_widgets.game"
VERSION = 1
_KEYS = {"format", "version", "rules", "seed", "decks", "dealer", "scores", "names", "moves"}


def game_to_json(game: Game) -> str:
    """Deterministic JSON text: equal games give equal text."""
    data = dict(game._setup)
    data.update(format=FORMAT, version=VERSION, moves=[move_to_list(m) for m in game.moves])
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def game_from_json(text: str | bytes) -> Game:
    """Replay a save; raise `CribbageError` naming what is wrong with a damaged or foreign one."""
    from .engine import Game

    try:
        data = json.loads(text)
    except (TypeError, ValueError) as error:
        raise CribbageError(f"this is not a saved game (not JSON: {error})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise CribbageError(f"this is not a saved crib_widgets game: expected format {FORMAT!r}")
    if data.get("version") != VERSION:
        raise CribbageError(f"this save has version {data.get('version')!r}; "
                            f"this program reads version {VERSION}")
    missing = sorted(_KEYS - set(data))
    if missing:
        raise CribbageError(f"this save is damaged: it lacks {', '.join(missing)}")
    if not isinstance(data["moves"], list):
        raise CribbageError("this save is damaged: 'moves' must be a list")
    try:
        game = Game(Rules.from_dict(data["rules"]), seed=data["seed"], deck=data["decks"],
                    dealer=data["dealer"], scores=data["scores"], names=data["names"])
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
