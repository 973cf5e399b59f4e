"""`Rules`: which game is played (players, partners, target and the variants), checked once.

>>> Rules().describe()
'2 players, 121 points'
>>> r = Rules(players=4, partners=True, target=61, muggins=True)
>>> r.sides, r.side_of(2), r.seats_of(1)
(2, 0, (1, 3))
>>> Rules(muggins=True, lowball=True).effective().muggins
False
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace

from ..errors import CribbageError

__all__ = ["Rules", "TARGETS", "PLAYER_COUNTS", "pegged"]

TARGETS = (61, 121)
PLAYER_COUNTS = (2, 3, 4)
_FLAGS = ("partners", "muggins", "ten_back", "lowball", "exact_finish")
_NO_MUGGINS_NOTE = "Muggins cannot be combined with Lowball: Lowball is played without Muggins."


def pegged(points: int, need: int, exact: bool) -> int:
    """What is pegged of one amount of ``points`` (a card's score, a go or last-card point, a show
    count, his heels) when ``need`` more reach the target: all of it, unless the finish must be
    exact (``exact``) and it would carry past the target; then none (it is refused whole).

    >>> pegged(2, 1, exact=False), pegged(2, 1, exact=True), pegged(1, 1, exact=True)
    (2, 0, 1)
    """
    return 0 if exact and points > need else points


@dataclass(frozen=True, slots=True)
class Rules:
    """The options of one game. Invalid combinations raise `CribbageError` naming what is allowed.

    - ``players``: 2, 3 or 4. ``partners``: 4 players only, seats 0 and 2 against 1 and 3.
    - ``target``: 121 (the long game) or 61 (the short game).
    - ``muggins``: hands are counted by their owners and answered by the opponents.
    - ``ten_back``: a hand or crib that scores nothing in the show sets its owner 10 back.
    - ``lowball``: the first to reach the target loses (Muggins is then not played).
    - ``exact_finish``: points that would carry past the target are not pegged.
    """

    players: int = 2
    partners: bool = False
    target: int = 121
    muggins: bool = False
    ten_back: bool = False
    lowball: bool = False
    exact_finish: bool = False

    def __post_init__(self) -> None:
        if type(self.players) is not int or self.players not in PLAYER_COUNTS:
            raise CribbageError(f"players={self.players!r} is not allowed: cribbage is played by 2, 3 or 4")
        if type(self.target) is not int or self.target not in TARGETS:
            raise CribbageError(f"target={self.target!r} is not allowed: play to 61 (short game) or 121")
        for name in _FLAGS:
            if not isinstance(getattr(self, name), bool):
                raise CribbageError(f"{name}={getattr(self, name)!r} is not allowed: use True or False")
        if self.partners and self.players != 4:
            raise CribbageError(
                f"partners need 4 players (seats 0+2 against 1+3), not {self.players}: "
                "use players=4 or partners=False"
            )
        if self.lowball and self.exact_finish:
            raise CribbageError(
                "exact finish cannot be combined with Lowball: in Lowball reaching the target loses, "
                "so there is no peg-out to make exact; choose one of them"
            )

    @property
    def sides(self) -> int:
        """How many sides score: 2 with partners, otherwise one per player."""
        return 2 if self.partners else self.players

    def side_of(self, seat: int) -> int:
        """The side a seat scores for (its partnership, or itself)."""
        return seat % 2 if self.partners else seat

    def seats_of(self, side: int) -> tuple[int, ...]:
        """The seats that score for one side."""
        return tuple(s for s in range(self.players) if self.side_of(s) == side)

    @property
    def hand_size(self) -> int:
        """Cards dealt to each player: 6 with two players, 5 with three or four."""
        return 6 if self.players == 2 else 5

    @property
    def discards(self) -> int:
        """Cards each player lays in the crib: 2 with two players, 1 with three or four."""
        return 2 if self.players == 2 else 1

    @property
    def skunk_lines(self) -> tuple[tuple[int, str], ...]:
        """(score below which, name) from the worst to the mildest; none in Lowball."""
        if self.lowball:
            return ()
        if self.target == 121:
            return ((61, "double skunk"), (91, "skunk"))
        return ((31, "lurch"),)

    @property
    def notes(self) -> tuple[str, ...]:
        """Remarks on how the rules are applied (e.g. Muggins dropped under Lowball)."""
        return (_NO_MUGGINS_NOTE,) if self.muggins and self.lowball else ()

    def effective(self) -> Rules:
        """The rules as played: Muggins is dropped when Lowball is chosen too."""
        return replace(self, muggins=False) if self.muggins and self.lowball else self

    def describe(self) -> str:
        """The rules in a few words, e.g. ``'4 players in partnerships, 61 points, Muggins'``."""
        words = [f"{self.players} players" + (" in partnerships" if self.partners else ""),
                 f"{self.target} points"]
        words += [label for name, label in _LABELS if getattr(self, name)]
        return ", ".join(words)

    def to_dict(self) -> dict[str, int | bool]:
        """The options as a plain dict (for saving)."""
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @classmethod
    def from_dict(cls, data: object) -> Rules:
        """Rules from `to_dict` output; unknown keys are an error naming the allowed ones."""
        if not isinstance(data, dict):
            raise CribbageError(f"rules must be a dict of options, got {type(data).__name__}")
        allowed = [f.name for f in fields(cls)]
        unknown = sorted(set(data) - set(allowed))
        if unknown:
            raise CribbageError(f"unknown rule option(s) {', '.join(unknown)}: "
                                f"allowed are {', '.join(allowed)}")
        return cls(**data)


_LABELS = (("muggins", "Muggins"), ("ten_back", "10 back"), ("lowball", "Lowball"),
           ("exact_finish", "exact finish"))
