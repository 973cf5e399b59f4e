"""One deal as a device sees it: the locked deck, the locks still on each slot, the cards it may
know, the moves, and the engine that checks them.

The engine (`crib_widgets.game.Game`) needs a card at every place of its deck, but a device knows
only its own hand and the cards shown. Every other place holds a stand-in: a card this device
has not seen, chosen from public knowledge only (what it was shown, and each go said), never from
the locked cards; so the engine checks every move, and a stand-in tells nothing about the card it
stands for. Stand-ins for a hand another device holds are the highest cards not seen, highest for
the seat that said go at the highest count, so that every go a true hand allows, the stand-ins
allow too. The starter and the crib are shown before the engine needs them: a move that would
turn the starter (the last discard) or count the crib (the last card of the play) waits.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ..cards import Card, full_deck
from ..errors import CribbageError
from ..game import Discard, Game, Go, Move, Play, Rules
from ..game.deal import deal_layout
from ..game.moves import Announce, Answer
from .group import CARDS, Group
from .poker import DealKeys, Strip

__all__ = ["DealRecord", "Foul", "Layout", "engine_deck"]

_DECK = full_deck()


class Foul(CribbageError):
    """What another device sent breaks the game: it stops, and the game so far is kept. ``cause``
    says which kind of wrong it was, for the players' sentence (`crib_widgets.table.friend_stops`):
    "unfair" (a step not the sender's to take), "refused" (a move the rules forbid), "dishonest" (a
    deal that does not check out), "theirs" (the sender's device stopped the game)."""

    def __init__(self, sentence: str, cause: str = "unfair") -> None:
        super().__init__(sentence)
        self.cause = cause


@dataclass(frozen=True)
class Layout:
    """Who receives each slot of a deal's deck."""

    owner: tuple[int | None, ...]  # seat receiving the slot, None when not dealt to a hand
    crib_slot: int  # -1 without a crib card (two or four players)
    starter_slot: int

    @classmethod
    def of(cls, players: int, dealer: int) -> Layout:
        order, crib_slot, starter_slot = deal_layout(players, dealer)
        owner: list[int | None] = list(order) + [None] * (CARDS - len(order))
        return cls(tuple(owner), crib_slot, starter_slot)

    def slots_of(self, seat: int) -> tuple[int, ...]:
        return tuple(j for j, s in enumerate(self.owner) if s == seat)

    @property
    def size(self) -> int:
        """How many slots the deal uses (the hands, the crib's card with three, the starter): the
        first ones; the last device to shuffle puts only these in its deck."""
        return self.starter_slot + 1


@dataclass
class DealRecord:
    """The public record of one deal, and what this device knows of it."""

    number: int
    dealer: int
    scores: tuple[int, ...]  # each side's score as the deal began
    layout: Layout
    shuffles: dict[int, list[int]] = field(default_factory=dict)  # device -> its locked deck
    values: list[int] = field(default_factory=list)  # each slot's number now
    locks: list[set[int]] = field(default_factory=list)  # devices whose lock is still on each slot
    strips: list[Strip] = field(default_factory=list)  # every lock taken off in public
    known: dict[int, Card] = field(default_factory=dict)  # slot -> card, only what this device may see
    moves: list[list[object]] = field(default_factory=list)  # accepted, in wire form
    rooms: list[tuple[int, int]] = field(default_factory=list)  # (seat, room left) of each go
    applied: int = 0  # how many of the moves the engine has taken
    done: bool = False  # the engine has finished this deal
    keys: dict[int, DealKeys] = field(default_factory=dict)  # each device's keys, once proved

    @property
    def dealt(self) -> bool:
        return bool(self.values)

    def discarded(self) -> list[int]:
        """Slots laid in the crib so far."""
        return [_whole(s) for m in self.moves if m[0] == "discard" for s in _items(m[2])]

    def played(self) -> list[int]:
        """Slots laid in the play so far."""
        return [_whole(m[2]) for m in self.moves if m[0] == "play"]

    def crib_slots(self) -> list[int]:
        return self.discarded() + ([self.layout.crib_slot] if self.layout.crib_slot >= 0 else [])

    def in_hand(self, seat: int) -> list[int]:
        """Slots ``seat`` still holds."""
        gone = set(self.discarded()) | set(self.played())
        return [j for j in self.layout.slots_of(seat) if j not in gone]

    def strippers(self, slot: int, devices: Sequence[int], discards: int) -> list[int]:
        """The devices (in order) that still have to take their lock off ``slot`` in public: every
        other device's for a card dealt to a hand, from the device after its holder's round the
        table (so that, the deck shuffled, every device has cards to unlock at once, and the devices
        work side by side: with four, each takes its lock off five cards, then five, then five,
        where device 0 alone took it off fifteen in wire version 1); everyone's, in device order,
        for the starter once every discard is in and for the crib once the play is over.
        ``devices`` names each seat's device."""
        if not self.locks:
            return []
        layout, players = self.layout, len(devices)
        public = (slot == layout.starter_slot and len(self.discarded()) == players * discards) or (
            slot in self.crib_slots() and len(self.played()) == players * 4)
        owner = layout.owner[slot]
        if public:
            return sorted(self.locks[slot])
        if owner is None or slot in self.discarded():
            return []
        holder, count = devices[owner], max(devices) + 1
        return sorted(self.locks[slot] - {holder}, key=lambda device: (device - holder) % count)

    def next_strippers(self, devices: Sequence[int], discards: int) -> list[int]:
        """The devices whose turn it is to take a lock off some slot."""
        return sorted({due[0] for slot in range(CARDS) if (due := self.strippers(slot, devices, discards))})

    def take_off(self, group: Group, device: int, slot: int, value: int) -> None:
        """``device`` took its lock off ``slot`` in public, leaving ``value`` (the card once no lock
        is left)."""
        if not group.is_number(value):
            raise Foul("a card was shown as a number outside the group")
        self.strips.append(Strip(device, slot, self.values[slot], value))
        self.values[slot] = value
        self.locks[slot].discard(device)
        if not self.locks[slot]:
            self.show(group, slot, value)

    def show(self, group: Group, slot: int, value: int) -> None:
        """The card at ``slot`` is ``value`` with every lock off: this device knows it now."""
        card = group.decode(value)
        if card is None:
            raise Foul("a card shown is not a card: the deal was tampered with", "dishonest")
        found = _DECK[card]
        if found in self.known.values() and self.known.get(slot) != found:
            raise Foul(f"the {found.name} was shown twice: the deal was tampered with", "dishonest")
        self.known[slot] = found

    def ready(self, entry: list[object], players: int) -> bool:
        """Whether the engine may take ``entry``, the next move: the last discard waits for the
        starter, the last card of the play for the crib, each shown to all (not only known here)."""
        upto = self.moves[:self.applied + 1]
        if entry[0] == "discard" and sum(1 for m in upto if m[0] == "discard") == players:
            return not self.locks[self.layout.starter_slot]
        if entry[0] == "play" and sum(1 for m in upto if m[0] == "play") == players * 4:
            return not any(self.locks[s] for s in self.crib_slots())
        return True

    def kept(self, group: Group, players: int) -> tuple[list[Card], list[Move]]:
        """The deal as a save keeps it, once every device's keys are in `keys`: every card it used
        (a game over in the play leaves some unshown: the keys show them now), and its moves with
        the discards by seat (they cross on the network: devices may take them in other orders)."""
        layout = self.layout
        used = [j for j, seat in enumerate(layout.owner) if seat is not None]
        used += [j for j in (layout.crib_slot, layout.starter_slot) if j >= 0]
        unlock = 1
        for keys in self.keys.values():
            unlock = unlock * group.unlock(keys.key) % group.q
        final = self.shuffles[len(self.keys) - 1]
        for slot in used:
            if slot not in self.known:
                self.show(group, slot, pow(final[slot], unlock, group.p))
        deck = engine_deck(self, players, set(range(players)))
        moves = sorted((m for m in self.moves if m[0] == "discard"), key=lambda m: str(m[1]))
        moves += [m for m in self.moves if m[0] != "discard"]
        return deck, [to_move(m, deck) for m in moves]

    def engine(self, rules: Rules, names: Sequence[str], mine: set[int]) -> Game:
        """A fresh engine for this deal with the moves applied so far (stand-ins where unknown)."""
        deck = engine_deck(self, rules.players, mine)
        game = Game(rules, seed=0, deck=deck, dealer=self.dealer, scores=list(self.scores), names=list(names),
                    first_deal=self.number)
        for entry in self.moves[:self.applied]:
            game.apply(to_move(entry, deck))
        return game


def _whole(value: object) -> int:
    assert isinstance(value, int)  # the wire checked it
    return value


def _items(value: object) -> list[object]:
    assert isinstance(value, list)
    return value


def engine_deck(record: DealRecord, players: int, mine: set[int]) -> list[Card]:
    """The deck the engine deals: known cards in their slots, stand-ins elsewhere (see the module)."""
    seen = set(record.known.values())
    unseen = sorted((c for c in _DECK if c not in seen), key=lambda c: (-c.value, c.index))
    need = [0] * players
    for seat, room in record.rooms:
        need[seat] = max(need[seat], room + 1)
    held = [j for seat in range(players) if seat not in mine for j in record.in_hand(seat)
            if j not in record.known]
    held.sort(key=lambda j: -need[record.layout.owner[j] or 0])
    rest = [j for j in range(CARDS) if j not in record.known and j not in set(held)]
    deck = [record.known.get(j) for j in range(CARDS)]
    for slot, card in zip(held + rest, unseen, strict=True):
        deck[slot] = card
    return [c for c in deck if c is not None]


def to_move(entry: list[object], deck: Sequence[Card]) -> Move:
    """An engine move from its wire form (slots stand for the cards at them)."""
    kind, seat = entry[0], entry[1]
    assert isinstance(seat, int)
    if kind == "discard":
        slots = entry[2]
        assert isinstance(slots, list)
        return Discard(seat, tuple(deck[s] for s in slots))
    if kind == "play":
        slot = entry[2]
        assert isinstance(slot, int)
        return Play(seat, deck[slot])
    if kind == "go":
        return Go(seat)
    if kind == "announce":
        points = entry[2]
        assert isinstance(points, int)
        return Announce(seat, points)
    answer = entry[2]
    assert isinstance(answer, str)
    extra = entry[3] if len(entry) > 3 else None
    assert extra is None or isinstance(extra, int)
    return Answer(seat, answer, extra)
