"""Bringing a game with a friend back after a reload, a closed tab or a phone that slept.

The page keeps the game's text (`FriendGame.keep_text`) under its keep name, as it keeps a game
table's (`crib_widgets.table.keep`), and hands every kept text back in ``CRIB_GAMES``; it hands the
friend's link the page was opened with in ``CRIB_FRIEND`` (the text after ``#friend=``). `come_back`
decides: the game kept here (the link maker's page, or the friend's page opened again from the
same link) comes back where it was; a link to another room joins that game; a damaged kept text is
set aside with one sentence (the link, if any, still joins).
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from typing import Any

from ..bounded import load_json
from ..errors import CribbageError
from ..remote.group import DEFAULT_GROUP
from ..remote.keep import MAX_KEPT_BYTES
from ..remote.session import Session
from .friend import KEEP_VERSION, STATUSES, FriendGame
from .friend_codes import ROLES
from .friend_link import LINK_KEY, MAX_CODE, read_code
from .keep import VARIABLE as GAMES_VARIABLE
from .share import PAGE_LINK_VARIABLE

__all__ = ["FRIEND_VARIABLE", "friend_code", "kept_text", "read", "come_back"]

FRIEND_VARIABLE = "CRIB_FRIEND"
_FIELDS = ("v", "code", "count", "sent", "status", "session")
#: Kept only when they say something: joined by two codes ("make" or "take"), the deal whose show is up.
_OPTIONAL = ("codes", "show")
_WHERE = "the game with a friend kept in this browser"
_ROOM_IN_CODE = re.compile(r"[A-Za-z0-9_-]*")


def friend_code(environ: Mapping[str, str] = os.environ) -> str:
    """The friend's link the page was opened with ("" for none)."""
    code = environ.get(FRIEND_VARIABLE, "")
    if not code:
        code = environ.get(PAGE_LINK_VARIABLE, "").partition(LINK_KEY)[2]
    return code[: MAX_CODE + 1]


def kept_text(keep: str, environ: Mapping[str, str] = os.environ) -> str:
    """The text kept under ``keep`` ("" for none); a damaged store is a `CribbageError`."""
    text = environ.get(GAMES_VARIABLE, "")
    if not text:
        return ""
    kept = load_json(text, "the games kept in this browser", 4 * MAX_KEPT_BYTES)
    if not isinstance(kept, dict):
        raise CribbageError("the games kept in this browser are not a list of games")
    saved = kept.get(keep, "")
    if not isinstance(saved, str):
        raise CribbageError(f"{_WHERE} is not text")
    return saved


def read(text: str, keep: str, group: str = DEFAULT_GROUP) -> FriendGame | None:
    """The game ``text`` kept (None for a game finished here); damaged: a `CribbageError`."""
    data = load_json(text, _WHERE, MAX_KEPT_BYTES)
    if _done_room(data) is not None:
        return None
    codes = data.get("codes", "") if isinstance(data, dict) else ""  # joined by two codes: "make" or "take"
    show = data.get("show", 0) if isinstance(data, dict) else 0
    if not isinstance(data, dict) or not set(_FIELDS) <= set(data) <= {*_FIELDS, *_OPTIONAL} \
            or data["v"] != KEEP_VERSION or ("codes" in data and codes not in ROLES):
        raise CribbageError(f"{_WHERE} is damaged: it has exactly the fields {', '.join(_FIELDS)}")
    if type(show) is not int or not 0 <= show < 10**6:
        raise CribbageError(f"{_WHERE} is damaged: its show is not a deal's number")
    link = read_code(data["code"])
    count, sent, status = data["count"], _sent(data["sent"]), data["status"]
    if type(count) is not int or not 0 <= count < 10**9 or status not in STATUSES:
        raise CribbageError(f"{_WHERE} is damaged: its count or its friend's status is not one of the game's")
    session = Session.restore(_session(data["session"]))
    if session.game != link.game_id or session.me not in (0, link.device) or session.group.name != group:
        raise CribbageError(f"{_WHERE} is damaged: its game is not the game of its link")
    return FriendGame.restored(link, session, keep, count, sent, status, codes, show)


def _sent(value: object) -> list[tuple[int, str]]:
    pairs = value if isinstance(value, list) else [None]
    if not all(isinstance(p, list) and len(p) == 2 and type(p[0]) is int and isinstance(p[1], str)
               for p in pairs):
        raise CribbageError(f"{_WHERE} is damaged: its messages sent are not numbered texts")
    return [(p[0], p[1]) for p in pairs]  # type: ignore[index]


def _session(value: object) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise CribbageError(f"{_WHERE} is damaged: its session is not an object")
    return value


def come_back(keep: str, environ: Mapping[str, str] = os.environ, group: str = DEFAULT_GROUP
              ) -> tuple[FriendGame | None, str]:
    """The game this page plays with a friend, if any (kept here, or joined from the page's link),
    and a sentence when something could not be read (a damaged link or kept game)."""
    code = friend_code(environ)
    note = ""
    game: FriendGame | None = None
    try:
        text = kept_text(keep, environ)
    except CribbageError:
        text = ""  # the whole store is damaged: the game table says so already (table/keep.py)
    try:
        game = read(text, keep, group) if text else None
    except CribbageError as error:
        note = f"The game with a friend kept in this browser could not be brought back ({error})."
    if not code or (game is not None and _ROOM_IN_CODE.fullmatch(code) and _same_room(game, code)):
        return game, note
    left = _left_here(text, code)
    if left:  # a new player in a game this device's player already left would stop it for everyone
        return None, f"{note} {left}".strip()
    try:
        return FriendGame.join(code, keep=keep, group=group), note
    except CribbageError as error:
        words = str(error)
        return game, f"{note} {words[:1].upper()}{words[1:]}.".strip()


def _done_room(data: Any) -> str | None:
    """The room of a game finished or left on this device ("" for a marker kept before rooms were),
    or None when ``data`` is not that marker."""
    if not isinstance(data, dict) or data.get("v") != KEEP_VERSION or data.get("done") is not True:
        return None
    room = data.get("room", "")
    if set(data) - {"v", "done", "room"} or not isinstance(room, str) or not _ROOM_IN_CODE.fullmatch(room):
        return None
    return room


def _left_here(text: str, code: str) -> str:
    """The sentence for a link to the game this device's player left (or finished against the
    computer): it may not join again as a new player, which the others' devices would take for a
    changed message and stop the game. "" for any other link."""
    try:
        room = _done_room(load_json(text, _WHERE, MAX_KEPT_BYTES)) if text else None
        link = read_code(code) if room else None
    except CribbageError:
        return ""
    if link is None or link.room != room:
        return ""
    return (f"You left this game with {link.device_name(0)} on this device, so its link no longer opens "
            f"it: to play again, ask {link.device_name(0)} for a new link.")


def _same_room(game: FriendGame, code: str) -> bool:
    try:
        return read_code(code).room == game.room
    except CribbageError:
        return True  # a damaged link: the game kept here goes on
