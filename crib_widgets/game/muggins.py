"""Muggins: who answers a count, and what each answer does to the scores.

>>> settle(announced=8, true=12, kind="muggins", named=3)
Settlement(counter=0, caller=3, outcome='missed')
>>> settle(announced=8, true=8, kind="muggins", named=3)
Settlement(counter=3, caller=0, outcome='false muggins')
>>> settle(announced=12, true=8, kind="overcount")
Settlement(counter=-4, caller=4, outcome='too high')
"""

from __future__ import annotations

from dataclasses import dataclass

from .rules import Rules

__all__ = ["Settlement", "settle", "answerers", "MAX_COUNT"]

MAX_COUNT = 29


@dataclass(frozen=True, slots=True)
class Settlement:
    """Score changes a settled count causes: for the counter's side and the caller's side."""

    counter: int
    caller: int
    outcome: str  # accepted, missed, false muggins, too high, not too high


def settle(announced: int, true: int, kind: str, named: int | None = None) -> Settlement:
    """What an answer does. ``accept`` by everyone leaves the announced count standing.

    - Muggins naming ``named``: the caller gets the points really missed, at most ``named``;
      if nothing was missed the call is false and the counter gets ``named``.
    - Over-count: the excess moves from the counter to the caller; a count that was not too
      high changes nothing.
    """
    if kind == "accept":
        return Settlement(0, 0, "accepted")
    if kind == "muggins":
        missed = true - announced
        if missed > 0:
            return Settlement(0, min(missed, named), "missed")
        return Settlement(named, 0, "false muggins")
    excess = announced - true
    if excess > 0:
        return Settlement(-excess, excess, "too high")
    return Settlement(0, 0, "not too high")


def answerers(rules: Rules, counter: int) -> tuple[int, ...]:
    """Seats that answer a count, in turn from the counter's left; partners do not answer."""
    side = rules.side_of(counter)
    seats = ((counter + i) % rules.players for i in range(1, rules.players))
    return tuple(s for s in seats if rules.side_of(s) != side)
