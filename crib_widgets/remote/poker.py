"""The mental-poker deal: each device locks and shuffles the deck; locks come off one at a time.

How a deal goes (SRA with partial unlocking; see `crib_widgets.remote.group` for the numbers):

1. Device 0 locks the 52 encoded cards with its key and shuffles them (its own order from
   ``secrets.SystemRandom``, never the game's seed), then device 1 does the same to the result,
   and so on. The last device locks and deals only as many as the deal uses (13, 17 or 21: the
   first places of its order), picked blind: every card it picks carries the lock of every
   device before it, so unless all of them are its accomplices it cannot tell one from another,
   and if they all are, it is the honest one and its pick is at random. No device chooses the
   cards either way. The last deck is the deal's: slot ``j`` is the card at position ``j`` of the
   engine's deck (`crib_widgets.game.deal.deal_layout` says who receives it).
2. A slot is shown to a device by every other device taking its own lock off, one after another
   from the device after it round the table (`crib_widgets.remote.record.DealRecord.strippers`),
   each publishing the number it leaves (`strip`); the receiving device takes its own lock off on
   its own, never sent (`strip` again, or a look-up in the plain deck it locked ahead with the same
   key: `crib_widgets.remote.session`). A card shown to everyone (the starter, the crib, a card
   laid in the play) loses every lock in public: its last number is the card itself.
3. No key leaves a device before the deal is over; no device can unlock a slot alone, nor tell
   two locked cards apart (the Decisional Diffie-Hellman assumption in the group of squares).
4. When the deal is over every device shows its key and its order (`Proof`): every other device
   recomputes its shuffle and every number it published (`check_proof`). A device that lied about
   a card it laid, or changed the deck, is found out then, and the game stops.

>>> from .group import GROUPS
>>> g = GROUPS["test-160"]
>>> a, b = DealKeys.new(g), DealKeys.new(g)
>>> deck = shuffle(g, shuffle(g, g.plain_deck(), a), b)
>>> slot = 7
>>> g.decode(strip(g, strip(g, deck[slot], a), b)) in range(52)
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from .group import CARDS, Group

__all__ = ["DealKeys", "Strip", "shuffle", "strip", "check_shuffle", "check_strips"]


@dataclass(frozen=True)
class DealKeys:
    """One device's secrets for one deal: its locking key and its shuffle (kept on the device)."""

    key: int
    order: tuple[int, ...]

    @classmethod
    def new(cls, group: Group) -> DealKeys:
        """Fresh secrets from the system's randomness."""
        order = list(range(CARDS))
        random.SystemRandom().shuffle(order)
        return cls(group.new_key(), tuple(order))

    def to_dict(self) -> dict[str, object]:
        return {"key": format(self.key, "x"), "order": list(self.order)}

    @classmethod
    def from_dict(cls, data: dict[str, object]) -> DealKeys:
        key, order = data["key"], data["order"]
        assert isinstance(key, str) and isinstance(order, list)
        return cls(int(key, 16), tuple(int(o) for o in order))


@dataclass(frozen=True)
class Strip:
    """A lock taken off in public: ``device`` turned ``before`` into ``after`` at ``slot``."""

    device: int
    slot: int
    before: int
    after: int


def shuffle(group: Group, deck: Sequence[int], keys: DealKeys) -> list[int]:
    """``deck`` locked with ``keys.key`` and put in ``keys.order`` (output j is input order[j])."""
    key, p = keys.key, group.p
    return [pow(deck[i], key, p) for i in keys.order]


def strip(group: Group, value: int, keys: DealKeys) -> int:
    """``value`` with this device's lock taken off."""
    return pow(value, group.unlock(keys.key), group.p)


def check_shuffle(group: Group, before: Sequence[int], after: Sequence[int], keys: DealKeys) -> bool:
    """Whether ``after`` is ``before`` locked and shuffled with ``keys``."""
    return list(after) == shuffle(group, before, keys)


def check_strips(group: Group, strips: Sequence[Strip], keys: DealKeys) -> bool:
    """Whether every lock ``keys``' device took off in public was its own (locking the number it left
    gives back the number it was given)."""
    return all(pow(s.after, keys.key, group.p) == s.before for s in strips)
