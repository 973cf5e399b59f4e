"""What changed at the table: the small records a `Table` hands its view after every call.

A view redraws from the table's state; the changes say what to narrate ("Computer lays 5♥",
"you say go: no card fits under 31", "that throw costs 3.2 points on average").
"""

from __future__ import annotations

from dataclasses import dataclass

from ..game import ChangeKind, Event

__all__ = ["Change", "refused"]


@dataclass(frozen=True)
class Change:
    """One thing that changed: its ``kind`` (a `ChangeKind`, which says what each means), a sentence,
    and the engine's events."""

    kind: ChangeKind
    text: str
    events: tuple[Event, ...] = ()

    def __post_init__(self) -> None:
        if not isinstance(self.kind, ChangeKind):
            raise TypeError(f"a change's kind is a ChangeKind ({', '.join(ChangeKind)}), not {self.kind!r}")


def refused(text: str) -> list[Change]:
    """A move or input that was not allowed, and why: nothing changed."""
    return [Change(ChangeKind.REFUSED, text)]
