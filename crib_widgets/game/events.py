"""Events: what a move caused, each with its sentence for people (worded by `narration`).

``points`` is always the exact change of ``side``'s score (negative when pegs go back), so a
board replays the scores from the events alone. Show events compute their `HandScore` only when
asked (``event.score``), which keeps simulations fast.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from ..cards import Card
from ..pegging import PlayScore
from ..scoring import HandScore, score_hand
from .kinds import EventKind

__all__ = ["Event"]


@dataclass(frozen=True, init=False)
class Event:
    """One thing that happened.

    ``kind`` is an `EventKind` (which knows whether it scores, whether its cards lie face down and
    which part of the game it belongs to).

    The play's points come in three kinds, each with its ``play_score`` (a `PlayScore` whose
    items say why, for `crib_widgets.pegging.play_call`) and ``cards``:

    - ``peg``: what the card just laid scores (fifteen, 31, pair, run; one amount), ``cards``
      the pile that scores;
    - ``go point``: 1 for the go to whoever laid the last card when nobody else can lay one
      (``cards``: that card); a ``go`` event is a player saying go and scores nothing;
    - ``last card``: 1 for the last card of the play, unless it made 31 (``cards``: that card).

    Under exact finish a refused amount is still an event of its kind with ``points`` 0.
    """

    kind: EventKind
    text: str
    seat: int | None = None
    side: int | None = None
    points: int = 0
    cards: tuple[Card, ...] = ()
    play_score: PlayScore | None = None
    starter: Card | None = None
    is_crib: bool = False
    _show: bool = field(default=False, repr=False)

    def __init__(self, kind: EventKind, text: str, seat: int | None = None, side: int | None = None,
                 points: int = 0, cards: tuple[Card, ...] = (), play_score: PlayScore | None = None,
                 starter: Card | None = None, is_crib: bool = False, _show: bool = False) -> None:
        # Events are made by the thousand: write the instance dict directly (a frozen dataclass
        # refuses setattr) and only for fields that differ from the class-level defaults.
        d = self.__dict__
        d["kind"] = kind
        d["text"] = text
        d["seat"] = seat
        d["side"] = side
        if points:
            d["points"] = points
        if cards:
            d["cards"] = cards
        if play_score is not None:
            d["play_score"] = play_score
        if starter is not None:
            d["starter"] = starter
            d["is_crib"] = is_crib
            d["_show"] = _show

    @cached_property
    def score(self) -> HandScore | None:
        """For ``show`` events: the full breakdown of the hand or crib with the starter."""
        if not self._show or self.starter is None:
            return None
        return score_hand(self.cards, self.starter, crib=self.is_crib)

    def __str__(self) -> str:
        return self.text

