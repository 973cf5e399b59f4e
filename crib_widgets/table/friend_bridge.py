"""Where the page's transport hands Python what arrives for a game with a friend.

The page (Trystero, over the relay the link names) calls, through ``window.cribLive.run``::

    from crib_widgets.table.friend_bridge import deliver
    deliver("ROOM", "B64")          # a message, standard base64 of its UTF-8 text
    peer("ROOM", "joined")          # or "left": the friend's page came or went
    peer("ROOM", "left", "2")       # the same, naming the device ("0" to "3") when the page knows it
    relay_open("ROOM", "wss://a wss://b")  # the relays the page reaches now
    relay_failed("ROOM", "one sentence")
    codes_shown("ROOM", "7K2M Q8TV ...")   # a game joined by two codes (no relay): the code to show
    codes_failed("ROOM", "one sentence")   # a code typed that cannot be read, or no connection
    elsewhere("ROOM", "")           # another tab of this browser has this game open: keep out

Each finds the games of that room on this page (`register`) and hands it on. None of them ever
raises: whatever is wrong (a room this page does not play, base64 that is not, a message too
long, text that is not a message of the game) is one sentence, returned and said in the game's
panel, and the game so far is kept. The page's side is lite/runtime/src/page/lib/friend.js.
"""

from __future__ import annotations

import base64
import binascii
import re
from typing import Protocol

from ..bounded import bad_character

__all__ = ["MAX_MESSAGE", "ROOM", "FriendPeer", "register", "unregister", "games", "deliver", "peer",
           "relay_open", "relay_failed", "codes_shown", "codes_failed", "elsewhere"]

MAX_MESSAGE = 256 * 1024  # the page caps a message at this many bytes before it sends it here
ROOM = re.compile(r"[A-Za-z0-9_-]{16,64}")
_MAX_B64 = 4 * ((MAX_MESSAGE + 2) // 3)
_SENTENCE = 300
_CODE = re.compile(r"[0-9A-Z ]{1,120}")  # lib/friend_codes.js: Crockford's base 32 in groups
_RELAY_URL = re.compile(r"wss?://[A-Za-z0-9.-]{1,63}(:[0-9]{1,5})?(/[A-Za-z0-9._~/-]*)?")


class FriendPeer(Protocol):
    """What the bridge needs of one device's game (`crib_widgets.table.friend.FriendGame`)."""

    @property
    def room(self) -> str: ...

    @property
    def me(self) -> int: ...

    def deliver(self, text: str) -> str: ...

    def peer(self, state: str, device: int | None = None) -> str: ...

    def relay_failed(self, sentence: str) -> str: ...

    def relay_open(self, relays: tuple[str, ...]) -> str: ...

    def say(self, sentence: str) -> str: ...

    def codes_shown(self, code: str) -> str: ...

    def elsewhere(self) -> str: ...


_ROOMS: dict[str, dict[int, FriendPeer]] = {}


def register(game: FriendPeer) -> None:
    """Let the page reach ``game`` (a game restored after a reload takes its old self's place)."""
    _ROOMS.setdefault(game.room, {})[game.me] = game


def unregister(game: FriendPeer) -> None:
    """The page no longer reaches ``game`` (it is finished against the computer, or replaced)."""
    room = _ROOMS.get(game.room, {})
    if room.get(game.me) is game:
        del room[game.me]
    if not room:
        _ROOMS.pop(game.room, None)


def games(room: str) -> list[FriendPeer]:
    """The games of ``room`` on this page (one, except in tests that put both devices in one Python)."""
    return list(_ROOMS.get(room, {}).values())


def _room(room: object) -> list[FriendPeer] | str:
    if not isinstance(room, str) or not ROOM.fullmatch(room):
        return "A message was set aside: its room is not 16 to 64 letters and digits."
    found = games(room)
    return found or "A message was set aside: it came for a game this page is not playing."


def deliver(room: object, b64: object) -> str:
    """Hand a message that arrived (base64 of its UTF-8 text) to the room's games; "" or the one
    sentence saying what was wrong."""
    found = _room(room)
    if isinstance(found, str):
        return found
    text = _decode(b64)
    if text is None:
        return _say(found, "A message was set aside: it was not base64 of text of at most "
                           f"{MAX_MESSAGE // 1024} KB.")
    said = [g.deliver(text) for g in found]
    return next((s for s in said if s), "")


def _decode(b64: object) -> str | None:
    if not isinstance(b64, str) or len(b64) > _MAX_B64:
        return None
    try:
        raw = base64.b64decode(b64, validate=True)
        return None if len(raw) > MAX_MESSAGE else raw.decode("utf-8")
    except (binascii.Error, ValueError):
        return None


def peer(room: object, state: object, device: object = None) -> str:
    """A friend's page joined the room or left it (``"joined"``, ``"left"``); ``device``: whose
    (its device number, "0" for the link maker's, "1" to "3"), when the page knows it (the page
    learns it from the first message that page sent)."""
    found = _room(room)
    if isinstance(found, str):
        return found
    if state not in ("joined", "left"):
        return _say(found, "The page said something about your friend that is neither joined nor left.")
    if device is not None and device not in ("0", "1", "2", "3"):
        return _say(found, "The page named a friend's device that is not 0, 1, 2 or 3.")
    assert isinstance(state, str)
    said = [g.peer(state, None if device is None else int(device)) for g in found]
    return next((s for s in said if s), "")


def relay_open(room: object, relays: object) -> str:
    """The relays the page reaches now (their addresses, separated by spaces)."""
    found = _room(room)
    if isinstance(found, str):
        return found
    urls = tuple(relays.split()) if isinstance(relays, str) and len(relays) <= 2_000 else ()
    if not urls or len(urls) > 10 or not all(_RELAY_URL.fullmatch(u) for u in urls):
        return _say(found, "The page named a relay that is not a wss:// address.")
    said = [g.relay_open(urls) for g in found]
    return next((s for s in said if s), "")


def relay_failed(room: object, sentence: object) -> str:
    """The relay cannot be reached: ``sentence`` (the page's words) is said in the panel."""
    found = _room(room)
    if isinstance(found, str):
        return found
    words = _words(sentence, "The relay cannot be reached.")
    said = [g.relay_failed(words) for g in found]
    return next((s for s in said if s), "")


def codes_shown(room: object, code: object) -> str:
    """The code the page made for a game joined by two codes, to be shown and typed on the friend's."""
    found = _room(room)
    if isinstance(found, str):
        return found
    if not isinstance(code, str) or not _CODE.fullmatch(code):
        return _say(found, "The page made a code that is not digits and capitals in groups.")
    said = [g.codes_shown(code) for g in found]
    return next((s for s in said if s), "")


def elsewhere(room: object, _text: object = "") -> str:
    """Another tab of this browser has this game open (the page lets one tab a room in at a time):
    this page keeps out of the game, and says where it is played."""
    found = _room(room)
    if isinstance(found, str):
        return found
    said = [g.elsewhere() for g in found]
    return next((s for s in said if s), "")


def codes_failed(room: object, sentence: object) -> str:
    """A code typed could not be read, or the two devices did not connect: the page's sentence."""
    found = _room(room)
    if isinstance(found, str):
        return found
    return _say(found, _words(sentence, "The code could not be used."))


def _words(sentence: object, otherwise: str) -> str:
    """The page's sentence, whitespace folded and cut short; ``otherwise`` when it is not one."""
    if not isinstance(sentence, str) or not sentence.strip() or bad_character(sentence) is not None:
        return otherwise
    return " ".join(sentence.split())[:_SENTENCE]


def _say(found: list[FriendPeer], sentence: str) -> str:
    """Say ``sentence`` in the games' panels and return it."""
    for game in found:
        game.say(sentence)
    return sentence
