"""The table's save format: the engine's saved game plus who sits where and each person's hints.

>>> from crib_widgets.game import Game
>>> text = dumps(Game(seed=3, dealer=0), ("learner", "expert"), "warn", 2.0)
>>> saved = loads(text)
>>> saved.seats, saved.hint_level, saved.game.seed, saved.hints
(('learner', 'expert'), 'warn', 3, {0: ('warn', 2.0)})

Version 3 keeps a hint level per person (``"hints": {"0": {"level": ..., "warn_at": ...}}``) and
still writes version 2's ``"hint"`` (the first person's), so an older reader restores the game.
A save made while a finished deal's show was up says so (``"shown": {"paused": true, "step": 2}``,
the step counted aloud), so the show comes back with the game.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from ..bounded import NotJSON, decode_bounded, load_json, whole_number
from ..errors import CribbageError
from ..game import EventKind, Game
from ..game.save import MAX_SAVE_BYTES, SEED_DIGITS
from .advice import HintLevel, check_hint_level, check_warn_at
from .seats import LEARNER, check_seats, check_strength

__all__ = ["SAVE_FORMAT", "SavedTable", "dumps", "loads", "saved_hints"]

SAVE_FORMAT = "crib_widgets.GameTable"
VERSION = 3


@dataclass(frozen=True)
class SavedTable:
    """A restored save: the replayed game, the seats and the hint settings (``hints``: per person's
    seat, (level, warn at); ``hint_level`` and ``warn_at``: the first person's)."""

    game: Game
    seats: tuple[str, ...]
    hint_level: str
    warn_at: float
    hints: dict[int, tuple[str, float]] | None = None
    paused: bool = False
    show_step: int = -1


def dumps(game: Game, seats: tuple[str, ...], hint_level: str, warn_at: float,
          hints: dict[int, tuple[str, float]] | None = None, shown: tuple[bool, int] = (False, -1)) -> str:
    """The table as JSON text (version 3); ``hints`` per person's seat (default: every person
    ``hint_level`` and ``warn_at``); ``shown``: a finished deal's show is up, and the step of it
    counted aloud (-1: none)."""
    computers = [s for s in seats if s != LEARNER]
    if hints is None:
        hints = {seat: (hint_level, warn_at) for seat, s in enumerate(seats) if s == LEARNER}
    extra = {"shown": {"paused": shown[0], "step": shown[1]}} if shown != (False, -1) else {}
    return json.dumps({
        **extra,
        "format": SAVE_FORMAT,
        "version": VERSION,
        "strength": computers[0] if computers else "intermediate",
        "seats": list(seats),
        "hint": {"level": hint_level, "warn_at": warn_at},
        "hints": {str(seat): {"level": level, "warn_at": at} for seat, (level, at) in sorted(hints.items())},
        "game": json.loads(game.to_json()),
    })


def loads(text: object) -> SavedTable:
    """Read a save written by `dumps`, by the version 1 table, or a bare `Game.to_json` text.

    Anything else raises `CribbageError` saying what is wrong; nothing is changed anywhere.
    """
    if not isinstance(text, (str, bytes)) or not str(text).strip():
        raise CribbageError("there is no saved game here: the text is empty")
    if isinstance(text, bytes):
        text = decode_bounded(text, "this saved game", MAX_SAVE_BYTES, "give the text a save wrote")
    try:  # the one bounded reader: a nesting bomb or half a character is a sentence, not a RecursionError
        data = load_json(text, "this saved game", MAX_SAVE_BYTES, digits=SEED_DIGITS)
    except NotJSON:
        raise CribbageError("this is not a saved game (not JSON text)") from None
    if not isinstance(data, dict):
        raise CribbageError("this is not a saved game: expected a JSON object like {\"format\": ...}")
    if data.get("format") != SAVE_FORMAT:
        game = Game.from_json(json.dumps(data))
        players = game.rules.players
        return SavedTable(game, (LEARNER,) + ("intermediate",) * (players - 1), HintLevel.SHOW, 2.0)
    if data.get("version", 1) not in (1, 2, VERSION):
        raise CribbageError(f"this table save has version {data.get('version')!r}; this program reads "
                            f"versions 1 to {VERSION}")
    strength = check_strength(data.get("strength"))
    if not isinstance(data.get("game"), dict):
        raise CribbageError("this table save is damaged: it holds no game")
    game = Game.from_json(json.dumps(data["game"]))
    players = game.rules.players
    seats = data.get("seats", [LEARNER] + [strength] * (players - 1))
    hint = data.get("hint", {})
    if not isinstance(hint, dict):
        raise CribbageError("this table save is damaged: 'hint' must be an object")
    seats = check_seats(seats, players)
    level = check_hint_level(hint.get("level", HintLevel.SHOW))
    warn_at = check_warn_at(hint.get("warn_at", 2.0))
    paused, step = _shown(data.get("shown", {}), game)
    return SavedTable(game, seats, level, warn_at, _hints(data.get("hints"), seats, (level, warn_at)),
                      paused, step)


def _shown(shown: object, game: Game) -> tuple[bool, int]:
    """A save's show state, checked against its game: a show is up only right after a deal ended,
    and the step counted aloud is one of that show's (or of the finished game's last show)."""
    from .show import DealShow

    if not isinstance(shown, dict) or not isinstance(shown.get("paused", False), bool) or type(
            shown.get("step", -1)) is not int:
        raise CribbageError("this table save is damaged: 'shown' must be {\"paused\": true or false, "
                            "\"step\": a whole number}")
    paused, step = shown.get("paused", False), shown.get("step", -1)
    if paused and (game.is_over or game.deal_number < 2 or any(e.kind in (EventKind.PLAY, EventKind.STARTER)
                                                                 for e in game.deal_events())):
        raise CribbageError("this table save is damaged: it says a deal's show is up, but no deal has just "
                            "ended")
    steps = DealShow.of(game.events, finished=paused).steps if paused or game.is_over else ()
    if step != -1 and not 0 <= step < len(steps):
        raise CribbageError(f"this table save is damaged: its show step {step} is not one of the "
                            f"{len(steps)} steps of the show on the table")
    return paused, step


def _hints(saved: object, seats: tuple[str, ...], default: tuple[str, float]) -> dict[int, tuple[str, float]]:
    """Each person's (hint level, warn at) from a version 3 save; a person left out gets ``default``."""
    people = [seat for seat, s in enumerate(seats) if s == LEARNER]
    hints = dict.fromkeys(people, default)
    if saved is None:
        return hints
    if not isinstance(saved, dict):
        raise CribbageError("this table save is damaged: 'hints' must be an object of seats")
    for key, value in saved.items():
        if whole_number(key if isinstance(key, str) else None) not in hints or not isinstance(value, dict):
            sitting = ", ".join(map(str, people)) or "no seat"
            raise CribbageError(f"this table save is damaged: 'hints' names seat {key!r}, which is no "
                                f"person's seat (the people sit at {sitting})")
        hints[int(key)] = (check_hint_level(value.get("level")), check_warn_at(value.get("warn_at", 2.0)))
    return hints


def saved_hints(saved: SavedTable) -> dict[int, tuple[str, float]]:
    """Each person's hints in a save (a save before per-person hints: the first person's for all)."""
    if saved.hints is not None:
        return dict(saved.hints)
    return {seat: (saved.hint_level, saved.warn_at) for seat, s in enumerate(saved.seats) if s == LEARNER}
