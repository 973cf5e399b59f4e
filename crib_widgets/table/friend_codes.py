"""Playing a friend with no relay at all: two short codes swapped by hand (issue 39, the last resort).

When no relay reaches the friend's device (a school network that blocks them, no relay of its own),
two devices on the same Wi-Fi or network can still meet: the device that makes the game shows a
code (`FriendGame.make(..., codes=True)`), the friend types it on theirs, which shows a code of its
own (`crib_widgets.table.friend_join.CodesJoin`), and that one is typed on the first device; the
two browsers then talk directly.
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
from html import escape

from ..bounded import bad_character, load_json
from ..errors import CribbageError
from .friend_link import FriendLink, read_code

__all__ = ["MAX_TYPED", "ROLES", "ROUTE_WORDS", "STATUSES", "LEFT_WORDS", "check_typed", "link_message",
           "link_in", "codes_html"]

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
