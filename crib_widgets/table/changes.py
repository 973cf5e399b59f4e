"""What changed at the table: the small records a `Table` hands its view after every call.

A view redraws from the table's state; the changes say what to narrate ("Computer lays 5♥",
"you say go: no card fits under 31", "that throw costs 3.2 points on average").
"""

from __future__ import annotations

from dataclasses import dataclass

from ..game import Event

__all__ = ["Change", "KINDS"]

#: ``moved``: a learner's move was applied; ``computer``: one computer move; ``auto go``: the table
#: said go for the learner (the only legal move); ``deal over``: a deal ended and its show waits to be
#: read; ``next deal``: the show was put away; ``show step``: one combination of the show counted
#: aloud; ``warning``: a costly move held back until confirmed; ``refused``: a move or input that was
#: not allowed (nothing changed); ``new game``, ``restored``: a game was started or restored;
#: ``game over``; ``pass``: with several people, the device must go to the person named before their
#: cards are shown; ``took device``: that person has it.
KINDS = ("moved", "computer", "auto go", "deal over", "next deal", "show step", "warning", "refused",
         "new game", "restored", "game over", "pass", "took device")


@dataclass(frozen=True)
class Change:
    """One thing that changed: its ``kind`` (see `KINDS`), a sentence, and the engine's events."""

    kind: str
    text: str
    events: tuple[Event, ...] = ()

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"change kind {self.kind!r} is not one of {', '.join(KINDS)}")
