"""The wire format of remote play: small JSON messages, versioned, numbered, chained, checked.

Every message is one JSON object (at most `MAX_BYTES`), read only through the project's bounded
reader and then checked field by field; anything else is refused with one sentence (a
`WireError`) and changes nothing.

The envelope::

    {"crib": "remote", "v": 2, "game": "3f9a...", "from": 1, "seq": 7, "saw": [12, 6, 0, 0],
     "seen": ["<sha-256 hex>", "<sha-256 hex>", "", ""], "kind": "move", "body": {...}}

- ``from``: the sending device (0 is the device that made the link; a game has 2 to 4 devices).
- ``seq``: the sender's own count of its game messages, from 1, with no gap. A message already
  received is recognised by ``(from, seq)``: the same text is ignored, a different text under an
  old number (a replay with a changed body) stops the game.
- ``saw``: for each device (4 places), the ``seq`` of the last message from it the sender had
  taken in when it wrote this one (its own place: ``seq - 1``). A receiver takes a message in only
  after everything it names, so turns are ordered by the messages, never by clocks; a gap tells
  the receiver what was dropped, and it asks for it again.
- ``seen``: for each device, the hash (`digest`) of that last message (``""`` for none). Its own
  place makes each sender's messages a chain: a message changed after it was sent breaks every
  later one. The others' places let every device check that it took in the same messages as the
  sender did: a device that told two devices different things is found out at once.
- Control messages (``ack``, ``resync``) carry ``seq`` 0; they are not part of
  the game, only ``saw`` matters: "this is what I have; send me what I lack" (``resync``: sent by a
  device that comes back after a reload or a lost connection).

The game messages and their bodies (numbers of the group as lowercase hex text):

======== =====================================================================================
hello    from device 0: ``rules`` (`Rules.to_dict`), ``names`` and ``devices`` (one per seat: the
         device that plays it), ``computers`` (seats a computer plays), ``dealer``, ``group``
join     from each other device: ``hello``, the digest of the hello it accepts; ``page``: 16 hex
         digits the page drew, so a second page at the same device is told from a changed message
shuffle  ``deal``, ``deck``: 52 numbers, the deck locked with the sender's key and shuffled; the
         last device's: only the cards the deal uses (13, 17 or 21: `record.Layout.size`)
strip    ``deal``, ``values``: ``[[slot, number], ...]``, the sender's lock taken off those slots
move     ``deal``, ``move``: ``["discard", seat, [slot, ...]]``, ``["play", seat, slot, number]``
         (the card's number, the last lock off), ``["go", seat]``, ``["announce", seat, points]``,
         ``["answer", seat, kind]`` or ``["answer", seat, "muggins", points]``
proof    ``deal``, ``key`` and ``order``: the sender's key and shuffle of that deal, shown once it
         is over so every other device checks every step it took
leave    ``why``: ``""`` when the sender's player has left the game; else the sentence that stopped
         the game on the sender's device (at most 300 characters), so the others stop too
======== =====================================================================================
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..bounded import load_json
from ..errors import CribbageError
from ..game.kinds import AnswerKind
from ..game.moves import ANSWER_KINDS

__all__ = ["VERSION", "MAX_BYTES", "MAX_DEVICES", "GAME_KINDS", "CONTROL_KINDS", "WireError", "Message",
           "read", "write", "digest", "number", "hex_number", "new_message"]

# 2: a hand's card loses its locks from the device after its holder's round the table, not in
# device order (`record.DealRecord.strippers`: the deal's time with three and four devices), and
# the last device to shuffle sends only the cards the deal uses, its proof's order as many. A page
# of another version is refused in one sentence; so is a game kept by one (it cannot be taken up).
VERSION = 2
MAX_BYTES = 64_000  # a shuffled deck of 52 numbers of 2,048 bits is about 27 KB
MAX_DEVICES = 4
MAX_HEX = 512  # a number of 2,048 bits
GAME_KINDS = ("hello", "join", "shuffle", "strip", "move", "proof", "leave")
CONTROL_KINDS = ("ack", "resync")
_ENVELOPE = ("crib", "v", "game", "from", "seq", "saw", "seen", "kind", "body")
_GAME_ID = re.compile(r"[0-9a-f]{16}")
_HASH = re.compile(r"[0-9a-f]{64}")
_HEX = re.compile(rf"[0-9a-f]{{1,{MAX_HEX}}}")
_NAME_LENGTH = 40


class WireError(CribbageError):
    """A message that is not one this version of remote play sends: refused, nothing changed."""


@dataclass(frozen=True)
class Message:
    """One message as sent and received; ``text`` is exactly what travels."""

    game: str
    sender: int
    seq: int
    saw: tuple[int, ...]
    seen: tuple[str, ...]
    kind: str
    body: dict[str, Any]
    text: str

    @property
    def digest(self) -> str:
        """The hash later messages name in ``seen``."""
        return digest(self.text)

    @property
    def prev(self) -> str:
        """The hash of the sender's previous message (``""`` for its first)."""
        return self.seen[self.sender]

    @property
    def is_control(self) -> bool:
        return self.kind in CONTROL_KINDS


def digest(text: str) -> str:
    """SHA-256 of a message's text, as hex."""
    return hashlib.sha256(text.encode()).hexdigest()


def hex_number(value: int) -> str:
    """A group number as the wire writes it."""
    return format(value, "x")


def number(text: object, where: str) -> int:
    """A number of the group from its hex text, or a `WireError`."""
    if not isinstance(text, str) or not _HEX.fullmatch(text):
        raise WireError(f"{where} must be a number written in lowercase hex (at most {MAX_HEX} digits)")
    return int(text, 16)


def write(game: str, sender: int, seq: int, saw: tuple[int, ...], seen: tuple[str, ...], kind: str,
          body: dict[str, Any]) -> str:
    """The text of a message (keys sorted, no spaces: the same message is always the same text)."""
    data = {"crib": "remote", "v": VERSION, "game": game, "from": sender, "seq": seq, "saw": list(saw),
            "seen": list(seen), "kind": kind, "body": body}
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=True)


def new_message(game: str, sender: int, seq: int, saw: tuple[int, ...], seen: tuple[str, ...], kind: str,
                body: dict[str, Any]) -> Message:
    """A message to send, checked as a receiver will check it."""
    return read(write(game, sender, seq, saw, seen, kind, body))


def read(text: object) -> Message:
    """The message ``text`` holds, every field checked; else a `WireError` of one sentence."""
    if not isinstance(text, str):
        raise WireError(f"a message must be text, not {type(text).__name__}")
    data = load_json(text, "a message from the other device", MAX_BYTES)
    if not isinstance(data, dict) or data.get("crib") != "remote":
        raise WireError("this is not a message of crib's remote play")
    if data.get("v") != VERSION:
        raise WireError(f"this message is of version {data.get('v')!r} of remote play; this page speaks "
                        f"version {VERSION}: both players need the same page")
    if sorted(data) != sorted(_ENVELOPE):
        raise WireError(f"a message has exactly the fields {', '.join(_ENVELOPE)}")
    game, sender, seq, saw, seen, kind, body = (data[k] for k in _ENVELOPE[2:])
    if not isinstance(game, str) or not _GAME_ID.fullmatch(game):
        raise WireError("a message's game must be 16 lowercase hex digits")
    _check_index(sender, MAX_DEVICES, "a message's sender")
    if kind not in GAME_KINDS + CONTROL_KINDS:
        raise WireError(f"a message's kind must be one of {', '.join(GAME_KINDS + CONTROL_KINDS)}")
    if type(seq) is not int or seq < 0 or (seq == 0) != (kind in CONTROL_KINDS):
        raise WireError("a message's seq must be a whole number: 0 for ack and resync, from 1 otherwise")
    if not isinstance(saw, list) or len(saw) != MAX_DEVICES or any(type(s) is not int or s < 0 for s in saw):
        raise WireError(f"a message's saw must be {MAX_DEVICES} whole numbers")
    if seq and saw[sender] != seq - 1:
        raise WireError("a message's saw must name the sender's own previous message")
    if not isinstance(seen, list) or len(seen) != MAX_DEVICES or not all(
            isinstance(h, str) and (_HASH.fullmatch(h) if n else h == "")
            for h, n in zip(seen, saw, strict=True)):
        raise WireError(f"a message's seen must be {MAX_DEVICES} hashes, one for each message its saw names")
    if not isinstance(body, dict):
        raise WireError("a message's body must be an object")
    _BODIES[kind](body)
    return Message(game, sender, seq, tuple(saw), tuple(seen), kind, body, text)


def _check_index(value: object, size: int, where: str) -> int:
    if type(value) is not int or not 0 <= value < size:
        raise WireError(f"{where} must be a whole number from 0 to {size - 1}")
    return value


def _fields(body: dict[str, Any], kind: str, names: tuple[str, ...]) -> None:
    if sorted(body) != sorted(names):
        said = ", ".join(names) if names else "no fields"
        raise WireError(f"a {kind} message's body has exactly {said}")


def _deal(body: dict[str, Any], kind: str) -> None:
    if type(body["deal"]) is not int or not 1 <= body["deal"] <= 10_000:
        raise WireError(f"a {kind} message's deal must be a whole number from 1")


def _hello(body: dict[str, Any]) -> None:
    _fields(body, "hello", ("rules", "names", "devices", "computers", "dealer", "group"))
    if not isinstance(body["rules"], dict):
        raise WireError("a hello's rules must be an object of the game's options")
    names, devices, computers = body["names"], body["devices"], body["computers"]
    seats = len(names) if isinstance(names, list) else 0
    if not 2 <= seats <= 4 or not all(isinstance(n, str) and 0 < len(n.strip()) <= _NAME_LENGTH
                                      for n in names):
        raise WireError(f"a hello names 2 to 4 players, each in 1 to {_NAME_LENGTH} characters")
    if not isinstance(devices, list) or len(devices) != seats:
        raise WireError("a hello's devices name the device of each seat")
    for device in devices:
        _check_index(device, MAX_DEVICES, "a seat's device")
    if sorted(set(devices)) != list(range(len(set(devices)))) or len(set(devices)) < 2:
        raise WireError("a hello's devices are numbered 0, 1, ... with no gap, at least two of them")
    if not isinstance(computers, list) or len(computers) != seats or \
            any(type(c) is not bool for c in computers):
        raise WireError("a hello's computers say true or false for each seat")
    if any(c and d != 0 for c, d in zip(computers, devices, strict=True)):
        raise WireError("a computer plays only at the device that made the link")
    _check_index(body["dealer"], seats, "a hello's dealer")
    if not isinstance(body["group"], str) or len(body["group"]) > _NAME_LENGTH:
        raise WireError("a hello's group must be the name of a group")


def _join(body: dict[str, Any]) -> None:
    _fields(body, "join", ("hello", "page"))
    if not isinstance(body["hello"], str) or not _HASH.fullmatch(body["hello"]):
        raise WireError("a join names the hash of the hello it answers")
    if not isinstance(body["page"], str) or not _GAME_ID.fullmatch(body["page"]):
        raise WireError("a join names its page by 16 lowercase hex digits")


def _shuffle(body: dict[str, Any]) -> None:
    _fields(body, "shuffle", ("deal", "deck"))
    _deal(body, "shuffle")
    deck = body["deck"]
    if not isinstance(deck, list) or not 1 <= len(deck) <= 52:
        raise WireError("a shuffle's deck holds 1 to 52 numbers")
    for value in deck:
        number(value, "each number of a shuffled deck")


def _strip(body: dict[str, Any]) -> None:
    _fields(body, "strip", ("deal", "values"))
    _deal(body, "strip")
    values = body["values"]
    if not isinstance(values, list) or not 1 <= len(values) <= 52:
        raise WireError("a strip's values are 1 to 52 pairs of a slot and a number")
    for pair in values:
        if not isinstance(pair, list) or len(pair) != 2:
            raise WireError("each value of a strip is a pair of a slot and a number")
        _check_index(pair[0], 52, "a strip's slot")
        number(pair[1], "a strip's number")
    if len({pair[0] for pair in values}) != len(values):
        raise WireError("a strip names each slot once")


def _move(body: dict[str, Any]) -> None:
    _fields(body, "move", ("deal", "move"))
    _deal(body, "move")
    move = body["move"]
    if not isinstance(move, list) or not 2 <= len(move) <= 4 or move[0] not in _MOVES:
        raise WireError(f"a move is a list that starts with one of {', '.join(_MOVES)}")
    _check_index(move[1], 4, "a move's seat")
    _MOVES[move[0]](move[2:])


def _discard(args: list[Any]) -> None:
    if len(args) != 1 or not isinstance(args[0], list) or not 1 <= len(args[0]) <= 2:
        raise WireError("a discard names the slots of the 1 or 2 cards laid in the crib")
    for slot in args[0]:
        _check_index(slot, 52, "a discarded slot")
    if len(set(args[0])) != len(args[0]):
        raise WireError("a discard names two different slots")


def _play(args: list[Any]) -> None:
    if len(args) != 2:
        raise WireError("a play names the card's slot and its number")
    _check_index(args[0], 52, "a played slot")
    number(args[1], "a played card's number")


def _go(args: list[Any]) -> None:
    if args:
        raise WireError("a go names only the seat")


def _announce(args: list[Any]) -> None:
    if len(args) != 1:
        raise WireError("an announce names the points")
    _check_index(args[0], 30, "an announced count")


def _answer(args: list[Any]) -> None:
    if not args or args[0] not in ANSWER_KINDS:
        raise WireError("an answer is accept, muggins or overcount")
    if (len(args) == 2) != (args[0] == AnswerKind.MUGGINS):
        raise WireError("only a Muggins call names points")
    if len(args) == 2:
        _check_index(args[1], 30, "a Muggins call's points")


def _proof(body: dict[str, Any]) -> None:
    _fields(body, "proof", ("deal", "key", "order"))
    _deal(body, "proof")
    number(body["key"], "a proof's key")
    order = body["order"]
    if not isinstance(order, list) or not 1 <= len(order) <= 52 or len(set(order)) != len(order) \
            or not all(type(o) is int and 0 <= o < 52 for o in order):
        raise WireError("a proof's order holds 1 to 52 different places of the deck, each 0 to 51")


def _leave(body: dict[str, Any]) -> None:
    _fields(body, "leave", ("why",))
    if not isinstance(body["why"], str) or len(body["why"]) > 300:
        raise WireError("a leave's why is a sentence of at most 300 characters, or empty")


def _empty(kind: str) -> Callable[[dict[str, Any]], None]:
    return lambda body: _fields(body, kind, ())


_MOVES: dict[str, Callable[[list[Any]], None]] = {"discard": _discard, "play": _play, "go": _go,
                                                   "announce": _announce, "answer": _answer}
_BODIES: dict[str, Callable[[dict[str, Any]], None]] = {
    "hello": _hello, "join": _join, "shuffle": _shuffle, "strip": _strip, "move": _move, "proof": _proof,
    "leave": _leave, "ack": _empty("ack"), "resync": _empty("resync")}
