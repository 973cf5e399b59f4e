"""The moves a player can make: small frozen values that the game checks and applies.

Cards may be given as text; they are read with `Card.parse`.

>>> Play(0, "5H")
Play(seat=0, card=Card(rank=5, suit='H'))
>>> Discard(1, "5H JD").cards
(Card(rank=5, suit='H'), Card(rank=11, suit='D'))
>>> Answer(1, "muggins", 3).describe()
'Muggins 3'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..cards import Card, parse_cards
from ..errors import CribbageError
from ..scoring import MAX_HAND_SCORE
from .kinds import AnswerKind

__all__ = ["Move", "Discard", "Play", "Go", "Announce", "Answer", "ANSWER_KINDS", "move_to_list",
           "move_from_list"]

ANSWER_KINDS = tuple(AnswerKind)
_MUGGINS = AnswerKind.MUGGINS


def _check_seat(seat: object) -> None:
    if type(seat) is not int or seat < 0:
        raise CribbageError(f"seat {seat!r} is not a seat number: seats are 0, 1, 2, ...")


@dataclass(frozen=True, slots=True)
class Discard:
    """Lay ``cards`` (2 with two players, 1 with three or four) face down in the crib."""

    seat: int
    cards: tuple[Card, ...]

    def __post_init__(self) -> None:
        _check_seat(self.seat)
        cards = self.cards
        # Fast path for the tuples of Card that legal_moves builds; the game checks for repeats.
        if type(cards) is not tuple or any(type(c) is not Card for c in cards):
            object.__setattr__(self, "cards", tuple(parse_cards(cards)))

    def describe(self) -> str:
        return "discard " + " ".join(c.pretty for c in self.cards)


@dataclass(frozen=True, slots=True)
class Play:
    """Lay ``card`` in the play, adding its value to the count."""

    seat: int
    card: Card

    def __post_init__(self) -> None:
        _check_seat(self.seat)
        if type(self.card) is not Card:
            object.__setattr__(self, "card", Card.parse(self.card))

    def describe(self) -> str:
        return "play " + self.card.pretty


@dataclass(frozen=True, slots=True)
class Go:
    """Say "go": no card in hand can be laid without passing 31."""

    seat: int

    def __post_init__(self) -> None:
        _check_seat(self.seat)

    def describe(self) -> str:
        return "go"


@dataclass(frozen=True, slots=True)
class Announce:
    """Muggins: announce the count of the hand (or crib) being shown, 0 to 29."""

    seat: int
    points: int

    def __post_init__(self) -> None:
        _check_seat(self.seat)
        if type(self.points) is not int:
            raise CribbageError(f"announce a whole number of points from 0 to {MAX_HAND_SCORE}, not "
                                f"{self.points!r}")

    def describe(self) -> str:
        return f"announce {self.points}"


@dataclass(frozen=True, slots=True)
class Answer:
    """Muggins: answer a count. ``kind`` is an `AnswerKind` (its word, e.g. ``"accept"``, is read
    as it): ``accept``, ``muggins`` (``points`` = the missed points claimed) or ``overcount`` (the
    count is too high)."""

    seat: int
    kind: AnswerKind
    points: int | None = None

    def __post_init__(self) -> None:
        _check_seat(self.seat)
        if type(self.kind) is not AnswerKind:
            if self.kind not in ANSWER_KINDS:
                raise CribbageError(f"answer {self.kind!r} is unknown: answer accept, muggins or overcount")
            object.__setattr__(self, "kind", AnswerKind(self.kind))
        if self.kind == _MUGGINS:
            if type(self.points) is not int:
                raise CribbageError(f"a Muggins call names a whole number of missed points, "
                                    f"not {self.points!r}")
        elif self.points is not None:
            raise CribbageError(f"{self.kind!r} takes no number of points (only a Muggins call names one)")

    def describe(self) -> str:
        return f"Muggins {self.points}" if self.kind == _MUGGINS else self.kind.value


Move = Discard | Play | Go | Announce | Answer
MOVE_TYPES = (Discard, Play, Go, Announce, Answer)


def move_to_list(move: Move) -> list[object]:
    """A move as a short JSON-ready list, e.g. ``["play", 0, "5H"]``."""
    if isinstance(move, Discard):
        return ["discard", move.seat, [str(c) for c in move.cards]]
    if isinstance(move, Play):
        return ["play", move.seat, str(move.card)]
    if isinstance(move, Go):
        return ["go", move.seat]
    if isinstance(move, Announce):
        return ["announce", move.seat, move.points]
    return ["answer", move.seat, move.kind.value] + ([move.points] if move.kind == _MUGGINS else [])


# A save's move arguments come from JSON (any values): each move's own checks name what is wrong.
_READERS: dict[str, Callable[[list[Any]], Move]] = {
    "discard": lambda args: Discard(args[0], args[1]),
    "play": lambda args: Play(args[0], args[1]),
    "go": lambda args: Go(*args),
    "announce": lambda args: Announce(*args),
    "answer": lambda args: Answer(*args),
}


def move_from_list(data: object) -> Move:
    """Read a move written by `move_to_list`; anything else raises `CribbageError`."""
    if not isinstance(data, list) or not data or data[0] not in _READERS:
        raise CribbageError(f"{data!r} is not a move: expected e.g. ['play', 0, '5H'] with one of "
                            f"{', '.join(_READERS)}")
    try:
        return _READERS[data[0]](data[1:])
    except (TypeError, IndexError):
        raise CribbageError(f"{data!r} is not a complete {data[0]} move") from None
