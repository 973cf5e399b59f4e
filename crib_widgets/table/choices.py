"""Which of the table's controls the person holding the device may use now, from their legal moves:
the view enables and dims its buttons and cards from this, and decides nothing itself.

>>> from crib_widgets.cards import Card
>>> from crib_widgets.game import Go, Play
>>> c = choices([Play(0, Card.parse("5H")), Play(0, Card.parse("KS"))])
>>> sorted(card.name for card in c.cards), c.go, c.muggins, c.overcount
(['five of hearts', 'king of spades'], False, False, False)
>>> choices([Go(0)]).go
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..cards import Card
from ..game import Answer, AnswerKind, Go, Move, Play

__all__ = ["Choices", "choices"]


@dataclass(frozen=True)
class Choices:
    """What may be done now: the ``cards`` that may be laid, saying ``go``, calling ``muggins``,
    saying the count is too high (``overcount``)."""

    cards: frozenset[Card]
    go: bool
    muggins: bool
    overcount: bool


def choices(moves: Sequence[Move]) -> Choices:
    """The choices among ``moves`` (the person's legal moves now)."""
    kinds = {m.kind for m in moves if isinstance(m, Answer)}
    return Choices(
        cards=frozenset(m.card for m in moves if isinstance(m, Play)),
        go=any(isinstance(m, Go) for m in moves),
        muggins=AnswerKind.MUGGINS in kinds,
        overcount=AnswerKind.OVERCOUNT in kinds,
    )

