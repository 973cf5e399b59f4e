"""Who sits at the table: the learner's seat, the computers' levels and the names round the table.

>>> seat_names(3, "Ann")
('Ann', 'Left', 'Right')
>>> try:
...     check_name("Computer", 2)
... except CribbageError as error:
...     print(error)
your name 'Computer' is already a computer seat's name at this table (Computer): choose another name
"""

from __future__ import annotations

from ..errors import CribbageError

__all__ = ["LEARNER", "STRENGTHS", "seat_names", "check_name", "check_strength", "check_seats"]

STRENGTHS = ("beginner", "intermediate", "expert")
#: A seat played by a person through the view (every other seat names a computer level).
LEARNER = "learner"

_OTHERS = {
    2: ("Computer",),
    3: ("Left", "Right"),
    4: ("Left", "Across", "Right"),
}


def seat_names(players: int, you: str = "You", partners: bool = False) -> tuple[str, ...]:
    """Names round the table, clockwise from the learner: the seat to the left plays next."""
    others = _OTHERS[players]
    if partners and players == 4:
        others = ("Left", "Partner", "Right")
    return (you, *others)


def check_name(name: object, players: int, partners: bool = False) -> str:
    """The learner's name, stripped; a blank name or one that a computer seat already has is refused."""
    if not isinstance(name, str) or not name.strip():
        raise CribbageError("your name cannot be empty: type a name, or 'You'")
    name = name.strip()
    others = seat_names(players, "You", partners)[1:]
    if name.casefold() in {n.casefold() for n in others}:
        raise CribbageError(f"your name {name!r} is already a computer seat's name at this table "
                            f"({', '.join(others)}): choose another name")
    return name


def check_strength(strength: object) -> str:
    """A computer level by name; anything else is refused with the levels allowed."""
    if strength not in STRENGTHS:
        raise CribbageError(f"strength {strength!r} is not known: choose {', '.join(STRENGTHS)}")
    return strength  # type: ignore[return-value]


def check_seats(seats: object, players: int) -> tuple[str, ...]:
    """One entry per seat: ``"learner"`` (at most one) or a computer level."""
    if isinstance(seats, str) or not isinstance(seats, (list, tuple)) or len(seats) != players:
        raise CribbageError(f"seats must list {players} entries, one per seat: 'learner' or one of "
                            f"{', '.join(STRENGTHS)}; got {seats!r}")
    for entry in seats:
        if entry != LEARNER:
            check_strength(entry)
    if list(seats).count(LEARNER) > 1:
        raise CribbageError("only one seat can be the learner's: the others are computers")
    return tuple(seats)
