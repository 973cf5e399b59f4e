"""Who sits at the table: the people's seats, the computers' levels and the names round the table.

A seat is played by a person at this device (``"person"``, saved as ``"learner"``, the name it has
always had), by a computer of a level, or by a friend on another device (`REMOTE`: only a game
with a friend has one, `crib_widgets.table.friend_table`; its moves arrive from the friend's
device). One person plays the computers; two to four people pass the device round ("pass and
play"), any other seats computers.

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
from ..lessons.checks import shown  # a value quoted short: a 5 MB name in a link is not echoed

__all__ = ["LEARNER", "PERSON", "REMOTE", "STRENGTHS", "seat_names", "people_names", "check_name",
           "check_names", "check_strength", "check_seats", "people_seats"]

STRENGTHS = ("beginner", "intermediate", "expert")
#: A seat played by a person through the view (every other seat names a computer level).
LEARNER = "learner"
#: The same, as a person setting up a table may say it (stored as `LEARNER`).
PERSON = "person"
#: A seat played on a friend's device: its moves arrive from the game's session, never chosen here.
REMOTE = "friend"

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


def people_names(seats: tuple[str, ...]) -> tuple[str, ...]:
    """Names for a table of several people: "Player 1", "Player 2", ... for the people and
    "Computer" (or "Computer 1", "Computer 2") for the computers.

    >>> people_names(("learner", "expert", "learner", "beginner"))
    ('Player 1', 'Computer 1', 'Player 2', 'Computer 2')
    """
    computers = sum(s != LEARNER for s in seats)
    names, person, computer = [], 0, 0
    for entry in seats:
        if entry == LEARNER:
            person += 1
            names.append(f"Player {person}")
        else:
            computer += 1
            names.append("Computer" if computers == 1 else f"Computer {computer}")
    return tuple(names)


def check_names(names: object, players: int) -> tuple[str, ...]:
    """One name per seat, each non-empty and different from the others (ignoring case), stripped.

    >>> check_names(["Ann", " Ben "], 2)
    ('Ann', 'Ben')
    """
    if isinstance(names, str) or not isinstance(names, (list, tuple)) or len(names) != players:
        raise CribbageError(f"names must list {players} names, one per seat; got {shown(names)}")
    if not all(isinstance(n, str) and n.strip() for n in names):
        raise CribbageError(f"every seat needs a name (a name cannot be empty); got {shown(list(names))}")
    cleaned = tuple(n.strip() for n in names)
    for i, name in enumerate(cleaned):
        if len(name) > 24:
            raise CribbageError(f"the name {shown(name)} is too long: use at most 24 characters")
        if name.casefold() in (n.casefold() for n in cleaned[:i]):
            raise CribbageError(f"two seats are both called {name!r}: give each seat its own name")
    return cleaned


def check_strength(strength: object) -> str:
    """A computer level by name; anything else is refused with the levels allowed."""
    if not isinstance(strength, str) or strength not in STRENGTHS:
        raise CribbageError(f"strength {strength!r} is not known: choose {', '.join(STRENGTHS)}")
    return strength


def check_seats(seats: object, players: int) -> tuple[str, ...]:
    """One entry per seat: ``"person"`` (or ``"learner"``: a person at this device, any number of
    seats) or a computer level; a person's seat is stored as ``"learner"``.

    >>> check_seats(["person", "expert", "person"], 3)
    ('learner', 'expert', 'learner')
    """
    if isinstance(seats, str) or not isinstance(seats, (list, tuple)) or len(seats) != players:
        raise CribbageError(f"seats must list {players} entries, one per seat: 'person' or one of "
                            f"{', '.join(STRENGTHS)}; got {seats!r}")
    for entry in seats:
        if entry not in (LEARNER, PERSON) and entry not in STRENGTHS:
            raise CribbageError(f"seat {entry!r} is not known: a seat is 'person' (someone at this device) "
                                f"or a computer level, {', '.join(STRENGTHS)}")
    return tuple(LEARNER if entry == PERSON else entry for entry in seats)


def people_seats(people: object, players: int, strength: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Seats and names for people at this device: ``people`` (names, or one text "Ann, Ben") in
    seats 0, 1, ...; the other seats are computers of ``strength`` named "Computer" (1, 2).

    >>> people_seats("Ann, Ben", 3, "expert")
    (('person', 'person', 'expert'), ('Ann', 'Ben', 'Computer'))
    """
    if isinstance(people, str):
        people = [p.strip() for p in people.split(",") if p.strip()]
    if isinstance(people, str) or not isinstance(people, (list, tuple)):
        raise CribbageError(f"people must be a list of names, e.g. ('Ann', 'Ben'); got {people!r}")
    if not 2 <= len(people) <= players:
        raise CribbageError(
            f"pass and play needs 2 to {players} people's names for a {players}-player game "
            f"(separated by commas, e.g. Ann, Ben); got {len(people)}"
        )
    computers = players - len(people)
    names = [*people] + (["Computer"] if computers == 1 else [f"Computer {i + 1}" for i in range(computers)])
    return ("person",) * len(people) + (strength,) * computers, tuple(names)
