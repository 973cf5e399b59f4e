"""The link that invites a friend to a game on their own device: ``<page>#friend=<code>``.

The code is URL-safe base64 (``[A-Za-z0-9_-]``, at most `MAX_CODE` characters) of a small JSON
object: the room both devices meet in (128 random bits), the game's options (61 or 121, Muggins),
the players' names, the relay if it is not the public ones, and the device number of the one who
opens it. Only Python reads and writes it; a damaged code is refused with one sentence, read
through the project's bounded reader, and nothing in it is ever run or shown unchecked.

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
from dataclasses import dataclass

from ..bounded import load_json
from ..errors import CribbageError
from .seats import check_names

__all__ = ["LINK_KEY", "MAX_CODE", "MAX_RELAY", "FriendLink", "read_code", "check_relay", "relay_words"]

LINK_KEY = "#friend="
MAX_CODE = 400
MAX_RELAY = 100
_VERSION = 1
_FIELDS = ("v", "room", "to", "mug", "relay", "dev", "names")
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


def relay_words(relay: str) -> str:
    """The relay in words, as the players are told it."""
    return f"the relay at {relay}" if relay else "the public relays"


@dataclass(frozen=True)
class FriendLink:
    """What a friend's link says: ``room``, ``target`` (61 or 121), ``muggins``, ``relay`` ("" for
    the public relays), ``device`` (the device number of whoever opens it) and ``names`` (one per
    seat, the link maker's first)."""

    room: str
    target: int
    muggins: bool
    relay: str
    device: int
    names: tuple[str, ...]

    @classmethod
    def new(cls, *, target: int = 61, muggins: bool = False, relay: str = "",
            names: tuple[str, ...] | list[str] = ("You", "Friend")) -> FriendLink:
        """A link to a new game, in a fresh room; bad options are refused with one sentence."""
        if target not in (61, 121):
            raise CribbageError(f"a game with a friend is played to 61 or 121, not {target!r}")
        if type(muggins) is not bool:
            raise CribbageError("muggins must be True or False")
        link = cls(secrets.token_urlsafe(16), target, muggins, check_relay(relay), 1, check_names(names, 2))
        if len(link.code) > MAX_CODE:
            raise CribbageError("the names and the relay's address are too long for a link: shorten them")
        return link

    @property
    def game_id(self) -> str:
        """The game's id on the wire (16 hex digits, from the room)."""
        return hashlib.sha256(self.room.encode()).hexdigest()[:16]

    @property
    def code(self) -> str:
        data = {"v": _VERSION, "room": self.room, "to": self.target, "mug": self.muggins, "relay": self.relay,
                "dev": self.device, "names": list(self.names)}
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
    if not isinstance(data, dict) or sorted(data) != sorted(_FIELDS) or data["v"] != _VERSION:
        raise CribbageError("it is not a link to a game with a friend made by this book")
    room, target, muggins, device, names = data["room"], data["to"], data["mug"], data["dev"], data["names"]
    if not isinstance(room, str) or not _ROOM.fullmatch(room):
        raise CribbageError("its room is not 22 to 64 letters and digits")
    if target not in (61, 121) or type(target) is not int:
        raise CribbageError("its game is not to 61 or 121")
    if type(muggins) is not bool or type(device) is not int or device != 1:
        raise CribbageError("its options are not true or false, or its device is not 1")
    return FriendLink(room, target, muggins, check_relay(data["relay"]), device, check_names(names, 2))
