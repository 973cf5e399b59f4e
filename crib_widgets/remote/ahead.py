"""This device's secret keys for each deal of a remote game, and the work it does with them ahead.

A device's keys for a deal (`DealKeys`: its lock and its shuffle's order) are kept from their first
use until the deal is proved honest (`secrets`, in the kept game). While nobody waits for this
device, it chooses the next deal's keys and locks and shuffles the plain deck with them ahead
(`ready`, in memory only, so the kept game does not change): device 0 sends that deck as the deal's
first shuffle, and every device looks its own cards up in it (`unlock`) instead of taking its lock
off each one, a full-size exponentiation saved per card.
"""

from __future__ import annotations

from .group import Group
from .poker import DealKeys, shuffle, strip
from .record import DealRecord

__all__ = ["Ahead", "next_deal"]


class Ahead:
    """One device's keys for each deal and the decks it locked ahead with them; see the module."""

    def __init__(self, group: Group) -> None:
        self.group = group
        self.secrets: dict[int, DealKeys] = {}  # deal number -> this device's keys, once used (kept)
        # deal number -> the keys chosen for it, the plain deck locked and shuffled with them, and
        # the card each of its numbers stands for (this device's lock off, looked up)
        self.ready: dict[int, tuple[DealKeys, list[int], dict[int, int]]] = {}

    def prepare(self, number: int) -> None:
        """Choose this device's keys for deal ``number`` and lock and shuffle the plain deck with
        them ahead. In memory only: a reloaded page chooses again, or makes the deck again from the
        keys it kept once they were used."""
        if number not in self.ready:
            self.ready = {n: r for n, r in self.ready.items() if n >= number - 1}
            self.locked(number, self.secrets.get(number) or DealKeys.new(self.group))

    def keys(self, number: int, size: int) -> DealKeys:
        """This device's keys for deal ``number``, kept from now on: those chosen ahead, if any; its
        shuffle puts the first ``size`` places of its order in its deck (the last device's: only
        the cards the deal uses, so that it locks no more)."""
        if number not in self.secrets:
            ready = self.ready.get(number)
            self.secrets[number] = ready[0] if ready else DealKeys.new(self.group)
        keys = self.secrets[number]
        if len(keys.order) > size:
            keys = self.secrets[number] = DealKeys(keys.key, keys.order[:size])
        return keys

    def locked(self, number: int, keys: DealKeys) -> list[int]:
        """The plain deck locked and shuffled with ``keys`` for deal ``number`` (made once)."""
        ready = self.ready.get(number)
        if ready is None or ready[0] != keys:
            deck = shuffle(self.group, self.group.plain_deck(), keys)
            ready = (keys, deck, {value: card for value, card in zip(deck, keys.order, strict=True)})
            self.ready[number] = ready
        return ready[1]

    def unlock(self, record: DealRecord, slot: int) -> int:
        """The number at ``slot`` with this device's own lock off (never sent): looked up in the deck
        this device locked ahead when the number is one of its cards locked by it alone, else taken
        off (`strip`); the same number either way."""
        value = record.values[slot]
        keys = self.secrets[record.number]
        ready = self.ready.get(record.number)
        card = ready[2].get(value) if ready and ready[0].key == keys.key else None
        if card is not None:
            return self.group.encode(card)
        return strip(self.group, value, keys)


def next_deal(record: DealRecord, seats: tuple[int, ...]) -> int | None:
    """The deal a device playing ``seats`` may make its work for ahead (`Ahead.prepare`) while
    ``record`` is the deal in play: the next one, once it holds its hand; None while the deal in
    play still needs it."""
    mine = [s for seat in seats for s in record.layout.slots_of(seat)]
    if not record.locks or any(s not in record.known for s in mine):
        return None
    return record.number + 1
