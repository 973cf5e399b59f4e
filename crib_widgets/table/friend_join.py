"""The friend's page in a game by two codes swapped by hand, before it knows the game (issue 39).

It has typed the maker's code and shows the page's answer; the game's first message (the link,
`crib_widgets.table.friend_codes.link_message`) makes it the `FriendGame`. Its own module, not
`friend_codes`, because it makes a `FriendGame` and `friend.py` reads the codes' words from there.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from html import escape

from ..errors import CribbageError
from .friend import FriendGame
from .friend_bridge import register, unregister
from .friend_codes import check_typed, link_in
from .friend_link import FriendLink

__all__ = ["CodesJoin"]


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

    def elsewhere(self) -> str:
        return ""  # its room is this page's own name for the connection: no other tab has it

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
