"""`Options`: the game the device that makes the link offers (its hello), and who sits where.

>>> from crib_widgets.game import Rules
>>> o = Options(Rules(target=61), ("Ann", "Ben"), (0, 1), (False, False), 0, "test-160")
>>> Options.from_body(o.body(), "test-160") == o
True
>>> o.device_count, o.seats_of(1)
(2, (1,))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..errors import CribbageError
from ..game import Rules

__all__ = ["Options"]


@dataclass(frozen=True)
class Options:
    """The rules, one name per seat, the device that plays each seat (a computer plays at device 0),
    the first dealer and the group the deal is locked in."""

    rules: Rules
    names: tuple[str, ...]
    devices: tuple[int, ...]
    computers: tuple[bool, ...]
    dealer: int
    group: str

    @property
    def device_count(self) -> int:
        return max(self.devices) + 1

    def seats_of(self, device: int) -> tuple[int, ...]:
        """The seats ``device`` plays (its people's and, at device 0, the computers')."""
        return tuple(s for s, d in enumerate(self.devices) if d == device)

    def names_at(self, device: int) -> tuple[str, ...]:
        """The seats' names as ``device``'s table says them: its one person is "You" ("You lay 2 cards
        in the crib", as at a game against the computer); with two people at it, each by name."""
        people = [s for s in self.seats_of(device) if not self.computers[s]]
        if len(people) != 1:
            return self.names
        return tuple("You" if s == people[0] else name for s, name in enumerate(self.names))

    def device_name(self, device: int) -> str:
        """The people of ``device`` in words (a computer is not named among them)."""
        people = [self.names[s] for s in self.seats_of(device) if not self.computers[s]]
        return " and ".join(people) or "the computer"

    def body(self) -> dict[str, Any]:
        """The hello's body."""
        return {"rules": self.rules.to_dict(), "names": list(self.names), "devices": list(self.devices),
                "computers": list(self.computers), "dealer": self.dealer, "group": self.group}

    @classmethod
    def from_body(cls, body: dict[str, Any], group: str) -> Options:
        """The options of a hello whose body `crib_widgets.remote.wire` has checked; a `CribbageError`
        when its rules are not a game, or it locks the deal in another group than ``group``."""
        rules = Rules.from_dict(body["rules"])
        if rules.players != len(body["names"]):
            raise CribbageError(f"the hello names {len(body['names'])} players for a game of {rules.players}")
        if body["group"] != group:
            raise CribbageError(f"the hello locks the deal in the group {body['group']!r}; this page uses "
                                f"{group!r}: both players need the same page")
        return cls(rules, tuple(n.strip() for n in body["names"]), tuple(body["devices"]),
                   tuple(body["computers"]), body["dealer"], group)
