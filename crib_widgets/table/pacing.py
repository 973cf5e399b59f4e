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

from ..errors import CribbageError

__all__ = ["PACES", "PAUSE_SECONDS", "THINKING_SECONDS", "check_pace", "paced_by_next", "read_points",
           "running_loop"]

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
