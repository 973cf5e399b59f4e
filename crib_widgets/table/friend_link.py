"""The link that invites a friend to a game on their own device: ``<page>#friend=<code>``.

The code is URL-safe base64 (``[A-Za-z0-9_-]``, at most `MAX_CODE` characters) of a small JSON
object: the room both devices meet in (128 random bits), the game's options (61 or 121, Muggins),
the players' names, the relay if it is not the public ones, and the device number of the one who
opens it. A game of three or four seats (four: partners) also says who sits where (``devs``: the
device of each seat, 0 the link maker's; ``cpu``: the seats a computer plays, at device 0): each
friend's device gets its own link, the same room and its own device number, so every device knows
the whole table before the deal starts. Only Python reads and writes it; a damaged code is refused
with one sentence, read through the project's bounded reader, and nothing in it is ever run or
shown unchecked.

>>> link = FriendLink.new(target=61, names=("Ann", "Ben"))
>>> read_code(link.code) == link
True
>>> read_code("%%%")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
crib_widgets.errors.CribbageError: this friend's link is damaged (a link's code holds only ...): ask your ...
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
import re
import secrets
from dataclasses import dataclass, replace

from ..bounded import load_json
from ..errors import CribbageError
from .seats import check_names

__all__ = ["LINK_KEY", "MAX_CODE", "MAX_RELAY", "SEAT_KINDS", "FriendLink", "read_code", "check_relay",
           "relay_words", "plan_seats"]

LINK_KEY = "#friend="
MAX_CODE = 400
MAX_RELAY = 100
_VERSION = 1
_FIELDS = ("v", "room", "to", "mug", "relay", "dev", "names")
_TABLE_FIELDS = ("devs", "cpu")  # only in a link to a game of three or four seats
#: Who may sit in a seat: a person at the link maker's device, a computer (played there), a friend.
SEAT_KINDS = ("here", "computer", "friend")
_ROOM = re.compile(r"[A-Za-z0-9_-]{22,64}")  # 22 characters of base64 are 132 bits
_CODE = re.compile(r"[A-Za-z0-9_-]*")
_RELAY = re.compile(r"wss?://[A-Za-z0-9.-]{1,63}(:[0-9]{1,5})?(/[A-Za-z0-9._~/-]*)?")


def check_relay(relay: object) -> str:
    """A relay's address: "" for the public relays, or a ``wss://`` (``ws://``) address."""
    if relay is None or (isinstance(relay, str) and not relay.strip()):
        return ""
    if not isinstance(relay, str) or len(relay.strip()) > MAX_RELAY or not _RELAY.fullmatch(relay.strip()):
        raise CribbageError(f"a relay's address starts with wss:// (or ws://) followed by a host name, "
                            f"at most {MAX_RELAY} characters, e.g. wss://relay.myschool.org")
    return relay.strip()


def plan_seats(seats: object) -> tuple[tuple[int, ...], tuple[bool, ...]]:
    """The device of each seat and whether a computer plays it, from one `SEAT_KINDS` word a seat
    (the link maker in the first seat, "here"; each friend on a device of their own, numbered in
    seat order).

    >>> plan_seats(("here", "friend", "computer", "friend"))
    ((0, 1, 0, 2), (False, False, True, False))
    """
    if isinstance(seats, str) or not isinstance(seats, (list, tuple)) or not 2 <= len(seats) <= 4:
        raise CribbageError(f"a game with friends has 2, 3 or 4 seats, one of {', '.join(SEAT_KINDS)} "
                            f"each; got {seats!r}"[:300])
    if any(kind not in SEAT_KINDS for kind in seats) or seats[0] != "here" or "friend" not in seats:
        raise CribbageError(f"each seat is one of {', '.join(SEAT_KINDS)}: the first is 'here' (the one "
                            "who makes the link) and at least one is 'friend'")
    devices, friends = [], 0
    for kind in seats:
        friends += kind == "friend"
        devices.append(friends if kind == "friend" else 0)
    return tuple(devices), tuple(kind == "computer" for kind in seats)


def relay_words(relay: str) -> str:
    """The relay in words, as the players are told it."""
    return f"the relay at {relay}" if relay else "the public relays"


@dataclass(frozen=True)
class FriendLink:
    """What a friend's link says: ``room``, ``target`` (61 or 121), ``muggins``, ``relay`` ("" for
    the public relays), ``device`` (the device number of whoever opens it), ``names`` (one per
    seat, the link maker's first), ``devices`` (each seat's device) and ``computers`` (the seats a
    computer plays)."""

    room: str
    target: int
    muggins: bool
    relay: str
    device: int
    names: tuple[str, ...]
    devices: tuple[int, ...] = (0, 1)
    computers: tuple[bool, ...] = (False, False)

    @classmethod
    def new(cls, *, target: int = 61, muggins: bool = False, relay: str = "",
            names: tuple[str, ...] | list[str] = ("You", "Friend"),
            seats: tuple[str, ...] | list[str] = ("here", "friend")) -> FriendLink:
        """A link to a new game, in a fresh room, for the first friend's device (`for_device` gives
        the others'); ``seats``: one of `SEAT_KINDS` a seat. Bad options are refused with one sentence."""
        if target not in (61, 121):
            raise CribbageError(f"a game with a friend is played to 61 or 121, not {target!r}")
        if type(muggins) is not bool:
            raise CribbageError("muggins must be True or False")
        devices, computers = plan_seats(seats)
        link = cls(secrets.token_urlsafe(16), target, muggins, check_relay(relay), 1,
                   check_names(names, len(devices)), devices, computers)
        if any(len(link.for_device(d).code) > MAX_CODE for d in link.friend_devices):
            raise CribbageError("the names and the relay's address are too long for a link: shorten them")
        return link

    @property
    def players(self) -> int:
        return len(self.names)

    @property
    def friend_devices(self) -> range:
        """The friends' devices (1, 2, ...): one link each."""
        return range(1, max(self.devices) + 1)

    def for_device(self, device: int) -> FriendLink:
        """The same game's link for the friend's device ``device``."""
        if device not in self.friend_devices:
            known = ", ".join(map(str, self.friend_devices))
            raise CribbageError(f"this game's friends' devices are {known}, not {device!r}")
        return replace(self, device=device)

    def device_name(self, device: int) -> str:
        """The people at ``device`` in words."""
        return " and ".join(n for n, d, c in zip(self.names, self.devices, self.computers, strict=True)
                            if d == device and not c) or "the computer"

    @property
    def game_id(self) -> str:
        """The game's id on the wire (16 hex digits, from the room)."""
        return hashlib.sha256(self.room.encode()).hexdigest()[:16]

    @property
    def code(self) -> str:
        data = {"v": _VERSION, "room": self.room, "to": self.target, "mug": self.muggins, "relay": self.relay,
                "dev": self.device, "names": list(self.names)}
        if self.players > 2:
            data.update(devs=list(self.devices), cpu=[int(c) for c in self.computers])
        text = json.dumps(data, separators=(",", ":"), ensure_ascii=False)
        return base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")

    def url(self, base: str = "") -> str:
        """The link to send: the page's address (``base``) and the code."""
        return f"{base.split('#', 1)[0]}{LINK_KEY}{self.code}"


def read_code(text: object) -> FriendLink:
    """The link in ``text`` (the whole link, or its code); a damaged one is a `CribbageError` of one
    sentence."""
    try:
        return _read(text)
    except CribbageError as error:
        raise CribbageError(f"this friend's link is damaged ({error}): ask your friend to send it "
                            "again") from None


def _read(text: object) -> FriendLink:
    if not isinstance(text, str) or not text.strip():
        raise CribbageError("there is no code in it")
    code = text.strip()
    if LINK_KEY in code:
        code = code.split(LINK_KEY, 1)[1]
    if len(code) > MAX_CODE:
        raise CribbageError(f"a link's code is at most {MAX_CODE} characters")
    if not _CODE.fullmatch(code):
        raise CribbageError("a link's code holds only letters, digits, '-' and '_'")
    try:
        raw = base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))
        words = raw.decode("utf-8")
    except (binascii.Error, ValueError):
        raise CribbageError("its code is cut short or changed") from None
    data = load_json(words, "a link's code", MAX_CODE)
    if not isinstance(data, dict) or sorted(data) not in (sorted(_FIELDS), sorted(_FIELDS + _TABLE_FIELDS)) \
            or data["v"] != _VERSION:
        raise CribbageError("it is not a link to a game with a friend made by this book")
    room, target, muggins, device, names = data["room"], data["to"], data["mug"], data["dev"], data["names"]
    if not isinstance(room, str) or not _ROOM.fullmatch(room):
        raise CribbageError("its room is not 22 to 64 letters and digits")
    if target not in (61, 121) or type(target) is not int:
        raise CribbageError("its game is not to 61 or 121")
    devices, computers = _table(data.get("devs", [0, 1]), data.get("cpu", [0, 0]))
    if len(devices) == 2 and "devs" in data:
        raise CribbageError("a link to a game of two says nothing of who sits where")
    if type(muggins) is not bool or type(device) is not int or not 1 <= device <= max(devices):
        raise CribbageError("its options are not true or false, or its device is not one of the game's")
    return FriendLink(room, target, muggins, check_relay(data["relay"]), device,
                      check_names(names, len(devices)), devices, computers)


def _table(devs: object, cpu: object) -> tuple[tuple[int, ...], tuple[bool, ...]]:
    """Who sits where in a link: checked as `plan_seats` makes it."""
    if not (isinstance(devs, list) and isinstance(cpu, list) and len(devs) == len(cpu)
            and all(type(d) is int for d in devs) and all(c in (0, 1) and type(c) is int for c in cpu)):
        raise CribbageError("its seats are not a list of devices and computers")
    kinds = ["computer" if c else "here" if d == 0 else "friend" for d, c in zip(devs, cpu, strict=True)]
    planned = plan_seats(kinds)
    if planned != (tuple(devs), tuple(bool(c) for c in cpu)):
        raise CribbageError("its seats are not numbered as a link made by this book numbers them")
    return planned
