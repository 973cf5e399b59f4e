"""Sharing a position, the writing side: the code (and the link) of the moment on a game table, as
the person holding the device sees it. What the code holds, and how a link is read back into a
table, is `crib_widgets.table.share`.

The table asks this module for its link (`Table.share_link`), and `share` opens a `Table` from a
link: the writing needs only what a table shows (`Sharer`), so it stands below both.
"""

from __future__ import annotations

import base64
import json
import zlib
from collections.abc import Iterable
from typing import Any, Protocol

from ..cards import Card
from ..errors import CribbageError
from ..game import Game
from .seen import seen_by

__all__ = ["LINK_KEY", "CODE_VERSION", "Sharer", "share_code", "share_link"]

#: The link's fragment key: ``...page.html#crib=c2.<code>``.
LINK_KEY = "crib="
#: The version mark every code starts with.
CODE_VERSION = "c2."


class Sharer(Protocol):
    """What a shared code is made from: the table's game and what it shows the person holding the
    device (`crib_widgets.table.Table` is one)."""

    @property
    def game(self) -> Game: ...

    @property
    def you(self) -> int: ...

    @property
    def passing(self) -> int | None: ...

    @property
    def since(self) -> int: ...

    @property
    def paused(self) -> bool: ...

    @property
    def show_step(self) -> int: ...

    def shown_notes(self) -> list[tuple[int, str]]: ...


def share_code(table: Sharer) -> str:
    """The code of the position on ``table`` as the person holding the device sees it (see
    `crib_widgets.table.share`); refused while the device is being passed."""
    if table.passing is not None:
        raise CribbageError("the device is being passed: the person who takes it can share their position")
    game, seat = table.game, table.you
    seen = seen_by(game, seat)
    marks = _marks(game)
    data: dict[str, Any] = {
        "r": seen.rules.to_dict(), "n": list(seen.names), "seat": seat, "s": list(seen.scores),
        "d": "cut" if seen.dealer is None else seen.dealer,
        "g": [[_cards(d["hand"] or ()), str(d["starter"] or ""), [_cards(h or ()) for h in d["shown"]],
               _cards(d["crib"] or ()), d["moves"]] for d in seen.deals],
        "ui": [_move_at(marks, table.since), [_move_at(marks, at) for at, _ in table.shown_notes()],
               int(table.paused), table.show_step]}
    if seen.cut is not None:
        data["cut"] = [_cards(r) for r in seen.cut]
    packed = zlib.compress(json.dumps(data, separators=(",", ":")).encode("utf-8"), 9)
    return CODE_VERSION + base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def share_link(table: Sharer, base: str = "") -> str:
    """The link to the position on ``table``: ``base`` (the game table page's address) + ``#crib=``
    + its code."""
    if not isinstance(base, str):
        raise CribbageError("the page's address must be text, e.g. "
                            f"https://example.org/book/15_full_game.html; got {base!r}")
    return f"{base.split('#', 1)[0]}#{LINK_KEY}{share_code(table)}"


def _cards(cards: Iterable[Card]) -> str:
    return " ".join(str(c) for c in cards)


def _marks(game: Game) -> list[int]:
    """The number of events after each number of moves (``marks[k]``: after ``k`` moves)."""
    replay = Game(**game.setup.options())
    marks = [len(replay.events)]
    for move in game.moves:
        replay.apply(move)
        marks.append(len(replay.events))
    return marks


def _move_at(marks: list[int], at: int) -> int:
    """The number of moves made when the game had ``at`` events."""
    return max(k for k, mark in enumerate(marks) if mark <= at) if at >= marks[0] else 0
