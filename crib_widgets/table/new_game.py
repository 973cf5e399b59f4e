"""A new game at the table from the options a person chose (plain values, as the option controls
hold them), and whether leaving the game on the table needs asking first.

>>> t = table_from_options({"players": 3, "partners": False, "target": 121, "muggins": True,
...     "ten_back": False, "lowball": False, "exact_finish": False, "strength": "beginner",
...     "name": "Ann", "hints": "warn", "warn_at": 3.0}, people="Ann, Ben")
>>> t.game.rules.players, t.game.rules.target, t.seats, t.game.names[:2], t.hint_level
(3, 121, ('learner', 'learner', 'beginner'), ('Ann', 'Ben'), 'warn')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..game import Rules
from .seats import people_seats
from .table import Table

__all__ = ["RULE_OPTIONS", "asks_before_leaving", "table_from_options"]

#: The options that are the game's rules (the others: the computers' strength, the person's name,
#: the hints and the warning threshold).
RULE_OPTIONS = ("players", "target", "partners", "muggins", "ten_back", "lowball", "exact_finish")


def table_from_options(options: Mapping[str, Any], people: str | None = None) -> Table:
    """A new table from the options by name (`RULE_OPTIONS` and ``strength``, ``name``, ``hints``,
    ``warn_at``); ``people``: the names typed for a pass-and-play game. Options the rules refuse
    raise `CribbageError` saying which."""
    seats = names = None
    if people is not None:
        seats, names = people_seats(people, options["players"], options["strength"])
    rules = Rules(**{key: options[key] for key in RULE_OPTIONS})
    return Table(
        rules,
        strength=options["strength"],
        name=options["name"],
        hint_level=options["hints"],
        warn_at=options["warn_at"],
        seats=seats,
        names=names,
    )


def asks_before_leaving(table: Table, *, kept: bool) -> bool:
    """A new game asks first when the game left is kept and a person has moved in it, unfinished."""
    game = table.game
    return kept and not game.is_over and any(m.seat in table.people for m in game.moves)
