"""Keeping a game in the browser as it is played, so a reload, a closed tab or a lost connection
never loses it (issue 36): the page keeps each table's text in the browser's storage under the
table's ``keep`` name and hands every kept text back to Python before a cell runs, as it does the
learner's progress. Nothing is sent anywhere.

A kept text is a game table's save (`Table.to_json`: the rules chosen, every move, a deal's show
if it was up), or a class tournament's way through its boards (`DuplicateMatch.to_dict`: the boards
finished and the moves of the board on the table, each replayed by the rules when it comes back).
The page sets ``os.environ["CRIB_GAMES"]`` to a JSON object, keep name -> kept text ("{}" when
nothing is kept); the variable is absent outside a live page (Jupyter, a script, the book's build).

>>> from crib_widgets.table import Table
>>> t = Table(seed=5)
>>> environ = {VARIABLE: json.dumps({"full-game": keep_text(t)})}
>>> back, note = restore("full-game", environ)
>>> back.game.hands == t.game.hands, note
(True, '')
>>> restore("first-game", environ)
(None, '')
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping

from ..bounded import load_json
from ..errors import CribbageError
from .duplicate import DuplicateMatch
from .table import Table

__all__ = ["VARIABLE", "MAX_KEPT", "Keeper", "live_page", "keep_text", "restore", "check_name", "welcome"]

VARIABLE = "CRIB_GAMES"
#: The longest kept text read (a game to 121 with three players is about 30,000 characters).
MAX_KEPT = 300_000


def live_page(environ: Mapping[str, str]) -> bool:
    """Python runs in a live page that keeps games (the page set the variable)."""
    return VARIABLE in environ


def check_name(name: object) -> str:
    """A keep name: a short word of letters, digits and dashes (it names the kept game in storage)."""
    if not isinstance(name, str) or not 1 <= len(name) <= 80 or not all(
            c.isascii() and (c.isalnum() or c in "-_:.") for c in name):
        raise CribbageError(f"keep must be a short name such as 'full-game' (letters, digits and '-'), "
                            f"got {name!r:.40}")
    return name


def keep_text(table: Table, match: DuplicateMatch | None = None) -> str:
    """The text the page keeps for a table (or for a tournament's match on it)."""
    if match is not None:
        return json.dumps({"tournament": match.to_dict()}, separators=(",", ":"))
    return table.to_json()


def restore(name: str, environ: Mapping[str, str]) -> tuple[Table | DuplicateMatch | None, str]:
    """The game kept under ``name`` (None when there is none) and a sentence when a kept text could
    not be read (it is set aside: a new game starts, nothing else is lost)."""
    text = environ.get(VARIABLE)
    if not text:
        return None, ""
    try:
        if len(text) > 20 * MAX_KEPT:
            raise CribbageError("the games kept in this browser are too long to read")
        kept = load_json(text, "the games kept in this browser")
        if not isinstance(kept, dict):
            raise CribbageError("the games kept in this browser are not a list of games")
        saved = kept.get(name)
        if saved is None:
            return None, ""
        if not isinstance(saved, str) or len(saved) > MAX_KEPT:
            raise CribbageError(f"it is not a saved game of at most {MAX_KEPT:,} characters")
        data = load_json(saved, "the kept game")
        if isinstance(data, dict) and "tournament" in data:
            return DuplicateMatch.restore(data["tournament"]), ""
        return Table.from_json(saved), ""
    except CribbageError as error:
        return None, (f"The game kept in this browser could not be brought back ({error}), so a new game "
                      "starts.")


def welcome(table: Table) -> str:
    """What the table says when a kept game comes back."""
    return (f"Welcome back: your game ({table.game.rules.describe()}, deal {table.shown_deal}) is as you "
            "left it. To start another, press New game under Game options and new game.")


class Keeper:
    """The keeping of one game table's game under its ``name`` (see the module's text): the hidden
    element's HTML the page keeps it from, and the game brought back."""

    def __init__(self, name: str) -> None:
        self.name = check_name(name)

    def key(self, match: DuplicateMatch | None = None, student: str = "") -> str:
        """The storage name: the table's own, or one per student and set of boards."""
        if match is None:
            return self.name
        who = f"{student}|{sorted(match.set.to_dict().items())}".encode()
        return f"{self.name}-tournament-{hashlib.sha256(who).hexdigest()[:16]}"

    def element(self, table: Table, match: DuplicateMatch | None = None, student: str = "") -> str:
        """The hidden element's HTML the page keeps (lite/runtime/src/page/lib/kept_game.js)."""
        from html import escape

        return (f'<span class="crib-game-text" data-key="{escape(self.key(match, student))}">'
                f"{escape(keep_text(table, match))}</span>")

    def come_back(self, environ: Mapping[str, str]) -> tuple[Table | None, str]:
        """The table kept under this name (None when there is none), and a sentence when a kept
        text could not be read. With none kept (a first visit) the page's own table stays: it is
        the page's picture, so a card tapped while Python started is the card chosen."""
        kept, note = restore(self.name, environ)
        return (kept if isinstance(kept, Table) else None), note

    def match_back(self, environ: Mapping[str, str], match: DuplicateMatch, student: str
                   ) -> DuplicateMatch | None:
        """The student's kept way through ``match``'s set (None when there is none, or it is
        damaged: then the boards start at 1)."""
        kept, _ = restore(self.key(match, student), environ)
        return kept if isinstance(kept, DuplicateMatch) and kept.set == match.set else None
