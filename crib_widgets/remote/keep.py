"""What a device keeps to rejoin its game after a reload, read back through the bounded reader.

The state (`Session.to_state`) is this device's messages log and its own secrets; the page keeps
it as JSON text in the browser's storage, where anything may have changed it. `read_kept` checks
it field by field; a damaged state is a `CribbageError` of one sentence, never a half-restored game.

>>> read_kept('{"me": 1}')  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
crib_widgets.errors.CribbageError: the game kept on this device is damaged: it has exactly ...
"""

from __future__ import annotations

import json
import re
from typing import Any

from ..bounded import load_json
from ..errors import CribbageError
from .group import GROUPS
from .wire import MAX_DEVICES

__all__ = ["read_kept", "write_kept", "MAX_KEPT_BYTES"]

MAX_KEPT_BYTES = 20_000_000  # a game of 121 between four devices logs about 3 MB
_FIELDS = ("me", "game", "group", "log", "secrets")
_GAME_ID = re.compile(r"[0-9a-f]{16}")
_HEX = re.compile(r"[0-9a-f]{1,512}")


def write_kept(state: dict[str, Any]) -> str:
    """The state as the text a page keeps."""
    return json.dumps(state, sort_keys=True, separators=(",", ":"))


def read_kept(text: str) -> dict[str, Any]:
    """The state ``text`` holds, every field checked (the messages themselves are checked again as
    the session takes them back in)."""
    where = "the game kept on this device"
    data = load_json(text, where, MAX_KEPT_BYTES)
    if not isinstance(data, dict) or sorted(data) != sorted(_FIELDS):
        raise CribbageError(f"{where} is damaged: it has exactly the fields {', '.join(_FIELDS)}")
    if type(data["me"]) is not int or not 0 <= data["me"] < MAX_DEVICES:
        raise CribbageError(f"{where} is damaged: its device is not 0 to {MAX_DEVICES - 1}")
    if not isinstance(data["game"], str) or not _GAME_ID.fullmatch(data["game"]):
        raise CribbageError(f"{where} is damaged: its game is not 16 hex digits")
    if data["group"] not in GROUPS:
        raise CribbageError(f"{where} is damaged: its group is not one of {', '.join(GROUPS)}")
    if not isinstance(data["log"], list) or not all(isinstance(t, str) for t in data["log"]):
        raise CribbageError(f"{where} is damaged: its log is not a list of messages")
    secrets = data["secrets"]
    if not isinstance(secrets, dict) or not all(_keys_ok(k, v) for k, v in secrets.items()):
        raise CribbageError(f"{where} is damaged: its secrets are not each deal's key and order")
    return data


def _keys_ok(deal: str, keys: object) -> bool:
    if not (deal.isascii() and deal.isdigit() and isinstance(keys, dict)) or sorted(keys) != ["key", "order"]:
        return False
    order = keys["order"]
    return (isinstance(keys["key"], str) and bool(_HEX.fullmatch(keys["key"])) and isinstance(order, list)
            and sorted(o if type(o) is int else -1 for o in order) == list(range(52)))
