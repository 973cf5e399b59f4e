"""Playing a friend with no relay at all: two short codes swapped by hand (issue 39, the last resort).

When no relay reaches the friend's device (a school network that blocks them, no relay of its own),
two devices on the same Wi-Fi or network can still meet: the device that makes the game shows a
code (`FriendGame.make(..., codes=True)`), the friend types it on theirs, which shows a code of its
own (`CodesJoin`), and that one is typed on the first device; the two browsers then talk directly.
The page makes and reads the codes (``lite/runtime/src/page/lib/friend_codes.js``: the connection's
offer and answer, a check character, one sentence for a damaged code); Python carries the typed
text to the page (the hidden element's ``data-codes`` and ``data-typed``) and shows what the page
says (`crib_widgets.table.friend_bridge.codes_shown`, ``codes_failed``).

Once the two are joined, the game is played exactly as through a relay: the same numbered messages,
the same checks. The friend's device learns the game (its options and names) from the first message,
the link the maker's page would otherwise have sent (`link_message`). After a reload or a lost
connection each page keeps its game, the maker's page shows a new code, and a new pair of codes
joins the two again where they were.

>>> from crib_widgets.table.friend_link import FriendLink
>>> link = FriendLink.new(names=("Ann", "Ben"))
>>> link_in(link_message(link)) == link
True
>>> link_in('{"crib":"remote"}') is None
True
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Callable
from html import escape
from typing import TYPE_CHECKING

from ..bounded import bad_character, load_json
from ..errors import CribbageError
from .friend_bridge import register, unregister
from .friend_link import FriendLink, read_code

if TYPE_CHECKING:
    from .friend import FriendGame

__all__ = ["MAX_TYPED", "ROLES", "ROUTE_WORDS", "STATUSES", "LEFT_WORDS", "check_typed", "link_message",
           "link_in", "CodesJoin", "codes_html"]

#: The longest text read as a code (lib/friend_codes.js MAX_TYPED: a code is at most 83 characters).
MAX_TYPED = 200
#: "make": the device that made the game and shows the first code; "take": the friend's.
ROLES = ("make", "take")
#: The route the game goes by, as the panel says it (instead of the relay's name).
ROUTE_WORDS = "No relay: the two devices talk directly over this Wi-Fi or network"
_LINK_KEY = "crib-codes-link"
#: The friend's status, by codes, where it differs from through a relay (`friend.STATUSES`).
STATUSES = {"waiting": "Waiting for {friend}'s device: swap the two codes below",
            "left": "{friend}'s device is not connected now (a reload, or a phone that slept): swap a new "
                    "pair of codes below, and the game goes on where it was"}
#: The table's status line when the friend's device is not connected (by codes).
LEFT_WORDS = ("{friend}'s device is not connected now (a reload, or a phone that slept): swap a new pair of "
              "codes under Play a friend on another device, and the game goes on where it was.")
OTHER_GAME = ("The page that showed this code is playing another game with a friend: ask for the code "
              "of the page that plays this one.")


def check_typed(text: object) -> str:
    """A code as typed, read through the bounded reader's rules (the page checks the code itself)."""
    if not isinstance(text, str) or not text.strip():
        raise CribbageError("type the code your friend's page shows first")
    if len(text) > MAX_TYPED:
        raise CribbageError(f"that is longer than any code (at most {MAX_TYPED} letters, digits and "
                            "spaces): type only the code your friend's page shows")
    bad = bad_character(text)
    if bad is not None:
        raise CribbageError(f"a code has only digits and the letters A to Z, not {bad}")
    return " ".join(text.split())


def link_message(link: FriendLink) -> str:
    """The first message the game's maker sends over the codes' connection: the friend's link."""
    return json.dumps({"crib": _LINK_KEY, "code": link.for_device(1).code}, separators=(",", ":"))


def link_in(text: str) -> FriendLink | None:
    """The link a message brings (None for a message of the game); a damaged one: `CribbageError`."""
    if _LINK_KEY not in text[:40]:
        return None
    data = load_json(text, "the game's first message", 1_000)
    if not isinstance(data, dict) or sorted(data) != ["code", "crib"] or data["crib"] != _LINK_KEY:
        raise CribbageError("the game's first message is not the game's options")
    return read_code(data["code"])


class CodesJoin:
    """The friend's page before it knows the game: it has typed the maker's code (``typed``), shows
    the page's answer (``shown``), and becomes the `FriendGame` (``game``) when the game's first
    message arrives. The page reaches it, as any game, through `crib_widgets.table.friend_bridge`."""

    me = 1

    def __init__(self, typed: str, keep: str = "friend-game", group: str | None = None) -> None:
        self.room = secrets.token_urlsafe(16)  # this page's own name for the connection (none is shared)
        self.typed, self.keep, self.group = check_typed(typed), keep, group
        self.shown = self.note = ""
        self.game: FriendGame | None = None
        self.joined = False
        self.early: list[str] = []  # a message of the game that came before its first (none should)
        self.listeners: list[Callable[[], None]] = []
        register(self)

    # ---- the page's calls (friend_bridge): never raise ------------------------------------------------
    def deliver(self, text: str) -> str:
        try:
            link = link_in(text)
        except CribbageError as error:
            return self.say(f"A message that is not part of this game was set aside: {error}.")
        if link is None:
            self.early.append(text)
            return ""
        if link.players != 2:
            return self.say("Codes swapped by hand join two devices only: ask for a link to this game.")
        self._become(link)
        return ""

    def _become(self, link: FriendLink) -> None:
        from .friend import FriendGame  # friend.py imports this module

        kw = {} if self.group is None else {"group": self.group}
        game = FriendGame.join(link.code, keep=self.keep, page_room=self.room, **kw)
        game.codes, game.typed, game.shown = "take", self.typed, self.shown
        self.game = game
        game.peer("joined")
        for text in self.early:
            game.deliver(text)
        self.early = []
        self._changed()

    def peer(self, state: str, device: int | None = None) -> str:
        self.joined = state == "joined"
        if not self.joined:
            self.shown, self.typed = "", ""
        return self._changed("")

    def relay_open(self, relays: tuple[str, ...]) -> str:
        return ""

    def relay_failed(self, sentence: str) -> str:
        return self.say(sentence)

    def codes_shown(self, code: str) -> str:
        self.shown, self.note = code, ""
        return self._changed("")

    def say(self, sentence: str) -> str:
        self.note = sentence
        return self._changed(sentence)

    # ---- the person's --------------------------------------------------------------------------------
    def type_code(self, text: object) -> str:
        """The maker's code typed again (after a mistake): "" or the sentence refusing it."""
        try:
            self.typed = check_typed(text)
        except CribbageError as error:
            return self.say(f"{str(error)[:1].upper()}{str(error)[1:]}.")
        self.shown = self.note = ""
        return self._changed("")

    def end(self) -> None:
        """The person gave up on this game before it started."""
        unregister(self)
        self.listeners.clear()

    def out_html(self) -> str:
        """The hidden element the page's transport reads: no message yet, the code typed."""
        return (f'<pre class="crib-friend-text" data-room="{escape(self.room)}" data-relay="" '
                f'data-codes="take" data-typed="{escape(self.typed)}" data-n="0">[]</pre>')

    def _changed(self, sentence: str = "") -> str:
        for listener in list(self.listeners):
            listener()
        return sentence


def codes_html(role: str, shown: str, friend: str = "your friend", typed: str = "x") -> str:
    """The code this page shows and what to do with it, in players' words (before the page made it:
    that it is being made, or at the friend's page with nothing typed, what to type)."""
    if not shown:
        if role == "make":
            return "<p>Making this page's code…</p>"
        if not typed:
            return (f"<p>Type the code {escape(friend)}'s page shows now under Friend's code, and press Use "
                    "the code.</p>")
        return "<p>This page is making its own code from the one you typed…</p>"
    step = ("Type it on the other device (Play a friend, then Swap two codes instead). That page then shows "
            "a code of its own: type it below and press Use the code." if role == "make" else
            f"Type it on {escape(friend)}'s device, in the box under its code: the game then starts.")
    return (f'<p>This page\'s code: <code class="crib-friend-code" style="user-select:all;font-size:1.2em;'
            f'overflow-wrap:anywhere">{escape(shown)}</code></p><p>{step}</p>')
