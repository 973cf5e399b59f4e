"""The show of a deal, grouped per hand and crib and counted aloud one combination at a time.

>>> from crib_widgets.game import Game
>>> import random
>>> g, rng = Game(seed=4, dealer=0), random.Random(4)
>>> while g.deal_number == 1:
...     _ = g.apply(rng.choice(g.legal_moves()))
>>> show = DealShow.of(g.events, finished=True)
>>> [group[-1].kind for group in show.groups]
['show', 'show', 'show']
>>> show.steps[0].words.startswith(("fifteen", "a pair", "a run", "a flush", "nobs", "nothing"))
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..cards import Card
from ..game import Event, EventKind, Part

__all__ = ["ShowStep", "DealShow", "show_groups", "deal_starts"]


def show_groups(events: Sequence[Event]) -> list[list[Event]]:
    """The show's events grouped per hand or crib: announcements, answers, settlement, the count,
    and a following 10 back."""
    groups: list[list[Event]] = []
    current: list[Event] = []
    for event in events:
        if event.kind == EventKind.TEN_BACK and not current and groups:
            groups[-1].append(event)
            continue
        if event.kind.part == Part.SHOW:
            current.append(event)
        if event.kind == EventKind.SHOW:
            groups.append(current)
            current = []
    if current:
        groups.append(current)
    return groups


def deal_starts(events: Sequence[Event]) -> list[int]:
    """Where each deal's events begin."""
    return [i for i, e in enumerate(events) if e.kind == EventKind.DEAL]


@dataclass(frozen=True)
class ShowStep:
    """One combination counted aloud: which group (hand or crib), the words, the cards, the total."""

    group: int
    words: str
    cards: tuple[Card, ...]
    total: int


@dataclass(frozen=True)
class DealShow:
    """A deal's show: ``groups`` of events and the ``steps`` of counting it aloud."""

    groups: tuple[tuple[Event, ...], ...]
    steps: tuple[ShowStep, ...]
    end: int  # index just past the deal's last event in the game's events

    @classmethod
    def of(cls, events: Sequence[Event], *, finished: bool) -> DealShow:
        """The show of the last finished deal (``finished``) or of the deal still on the table."""
        starts = deal_starts(events)
        if finished and len(starts) >= 2:
            begin, end = starts[-2], starts[-1]
        else:
            begin, end = (starts[-1] if starts else 0), len(events)
        groups = tuple(tuple(g) for g in show_groups(events[begin:end]))
        steps = tuple(
            ShowStep(index, words, tuple(cards), total)
            for index, group in enumerate(groups)
            for e in group
            if e.kind == EventKind.SHOW and e.score is not None
            for words, cards, total in e.score.steps()
        )
        return cls(groups, steps, end)
