"""How the computers' moves appear at the table: one by one after a short pause, or one per press
of Next; and when the page's event loop runs them. Headless: the view asks, then draws.

>>> paced_by_next("auto", players=2), paced_by_next("auto", players=3), paced_by_next("next", players=2)
(False, True, True)
>>> read_points(" 12 "), read_points("30"), read_points("a dozen")
(12, None, None)
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

from ..errors import CribbageError

if TYPE_CHECKING:
    from .table import Table

__all__ = ["PACES", "PAUSE_SECONDS", "THINKING_SECONDS", "Pacer", "check_pace", "paced_by_next",
           "read_points", "running_loop"]

#: How the computers' moves appear: one by one after a short pause, one per press of Next, or
#: ``auto`` (a pause with two players, Next with three or four).
PACES = ("auto", "pause", "next")
PAUSE_SECONDS = 0.8
# after the learner's cards are drawn, before their throws are weighed (a second or two of the browser's
# Python, which would hold up a click made meanwhile)
THINKING_SECONDS = 1.5


def check_pace(pace: object) -> str:
    """A pace by name (see `PACES`)."""
    if pace not in PACES:
        raise CribbageError(f"pace {pace!r} is not known: choose {', '.join(PACES)}")
    return str(pace)


def paced_by_next(pace: str, players: int) -> bool:
    """The computers' moves wait for a press of Next (``auto``: with three or four players)."""
    return (pace if pace != "auto" else ("pause" if players == 2 else "next")) == "next"


def read_points(text: object) -> int | None:
    """A typed number of points, 0 to 29, or None for anything else."""
    try:
        points = int(str(text).strip())
    except ValueError:
        return None
    return points if 0 <= points <= 29 else None


def running_loop() -> asyncio.AbstractEventLoop | None:
    """The event loop that paces the computers' moves: the kernel's, or Pyodide's in the browser;
    None in a plain script or a test, where the moves follow at once."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        pass
    if sys.platform == "emscripten":
        return asyncio.get_event_loop()
    return None


class Pacer:
    """Runs a table's due steps (the computers' moves) at ``pace``: at once with no event loop (a
    test, a script), else one after each pause, or none until Next (`paced_by_next`). A step
    scheduled for an earlier game or move is dropped: `renew` at each new game or move."""

    def __init__(self, pace: str) -> None:
        self.pace = check_pace(pace)
        self.ticket = 0

    def renew(self) -> None:
        """A new game or move: the steps scheduled before it are dropped."""
        self.ticket += 1

    def by_next(self, table: Table) -> bool:
        """The table's steps wait for a press of Next."""
        return paced_by_next(self.pace, table.game.rules.players)

    def run(self, table: Table, draw: Callable[[], None], landed: Callable[[], None]) -> None:
        """``draw`` the table, then its due steps at the pace; ``landed`` when paced steps end at a
        person's turn, a deal's show or the game's end. While a person thinks, their throws are
        weighed."""
        draw()
        loop = running_loop()
        if not table.waiting and loop is not None:
            loop.call_later(THINKING_SECONDS, self._weigh, self.ticket, table)
        if not table.waiting or self.by_next(table):
            return
        if loop is None:  # no event loop (tests, a plain script): the steps follow at once
            table.run()
            draw()
            return
        loop.call_later(PAUSE_SECONDS, self._step, self.ticket, table, draw, landed)

    def _weigh(self, ticket: int, table: Table) -> None:
        if ticket == self.ticket:  # the person has not moved yet
            table.prepare_judging()

    def _step(self, ticket: int, table: Table, draw: Callable[[], None], landed: Callable[[], None]) -> None:
        if ticket != self.ticket:
            return
        table.advance()
        self.run(table, draw, landed)
        if not table.waiting:
            landed()
