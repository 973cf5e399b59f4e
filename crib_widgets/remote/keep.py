"""What a device keeps to rejoin its game after a reload, read back through the bounded reader.

The state (`Session.to_state`) is this device's messages log and its own secrets, and once a deal is
settled a checkpoint of the deals before (`crib_widgets.remote.checkpoint`) with only the later
deals' messages; the page keeps it as JSON text in the browser's storage, where anything may have
changed it. `read_kept` checks
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

__all__ = ["read_kept", "write_kept", "MAX_KEPT_BYTES", "BASE_FIELDS"]

MAX_KEPT_BYTES = 20_000_000  # a game of 121 between four devices logs about 3 MB
_FIELDS = ("me", "game", "group", "log", "secrets")
#: the fields of a kept checkpoint of the deals over (`crib_widgets.remote.checkpoint.take` writes them)
BASE_FIELDS = ("hello", "joined", "deals", "kept", "next", "left", "taken", "mail")
_GAME_ID = re.compile(r"[0-9a-f]{16}")
_HEX = re.compile(r"[0-9a-f]{1,512}")
_HASH = re.compile(r"[0-9a-f]{64}")
_SHORTS = re.compile(r"(?:[0-9a-f]{16})*")  # the starts of old messages' hashes, one after another
_BIG = 10**9  # no count of a game comes near


def write_kept(state: dict[str, Any]) -> str:
    """The state as the text a page keeps."""
    return json.dumps(state, sort_keys=True, separators=(",", ":"))


def read_kept(text: str) -> dict[str, Any]:
    """The state ``text`` holds, every field checked (the messages themselves are checked again as
    the session takes them back in)."""
    where = "the game kept on this device"
    data = load_json(text, where, MAX_KEPT_BYTES)
    if not isinstance(data, dict) or sorted(data) not in (sorted(_FIELDS), sorted((*_FIELDS, "base"))):
        raise CribbageError(f"{where} is damaged: it has exactly the fields {', '.join(_FIELDS)}")
    if type(data["me"]) is not int or not 0 <= data["me"] < MAX_DEVICES:
        raise CribbageError(f"{where} is damaged: its device is not 0 to {MAX_DEVICES - 1}")
    if not isinstance(data["game"], str) or not _GAME_ID.fullmatch(data["game"]):
        raise CribbageError(f"{where} is damaged: its game is not 16 hex digits")
    if data["group"] not in GROUPS:
        raise CribbageError(f"{where} is damaged: its group is not one of {', '.join(GROUPS)}")
    based = "base" in data
    if not isinstance(data["log"], list) or not all(isinstance(t, str) or (based and _whole(t))
                                                    for t in data["log"]):
        raise CribbageError(f"{where} is damaged: its log is not a list of messages")
    if based and not _base_ok(data["base"]):
        raise CribbageError(f"{where} is damaged: its checkpoint of the deals over is not one")
    secrets = data["secrets"]
    if not isinstance(secrets, dict) or not all(_keys_ok(k, v) for k, v in secrets.items()):
        raise CribbageError(f"{where} is damaged: its secrets are not each deal's key and order")
    return data


def _whole(value: object, low: int = 0) -> bool:
    return type(value) is int and low <= value < _BIG


def _wholes(value: object, low: int = 0) -> bool:
    return isinstance(value, list) and all(_whole(v, low) for v in value)


def _base_ok(base: object) -> bool:
    """The checkpoint's fields are of their kinds (its hello, cards and moves are read again as the
    game is brought back: the wire and the engine check them)."""
    if not isinstance(base, dict) or sorted(base) != sorted(BASE_FIELDS):
        return False
    kept, nxt, mail = base["kept"], base["next"], base["mail"]
    return (isinstance(base["hello"], str) and _wholes(base["joined"]) and _whole(base["deals"], 1)
            and _wholes(base["left"]) and _whole(base["taken"]) and isinstance(kept, list)
            and len(kept) == base["deals"] and all(_deal_ok(d) for d in kept)
            and (nxt is None or (isinstance(nxt, list) and len(nxt) == 2 and _whole(nxt[0])
                                 and _wholes(nxt[1])))
            and _mail_ok(mail))


def _deal_ok(deal: object) -> bool:
    return (isinstance(deal, list) and len(deal) == 2 and isinstance(deal[0], list) and len(deal[0]) == 52
            and all(isinstance(c, str) for c in deal[0]) and isinstance(deal[1], list)
            and all(isinstance(m, list) for m in deal[1]))


def _mail_ok(mail: object) -> bool:
    if not isinstance(mail, dict) or sorted(mail) != ["from", "hashes", "have", "old", "saw", "sent"]:
        return False
    old = mail["old"]
    if not isinstance(old, list) or not all(isinstance(o, list) and len(o) == 2 and _whole(o[0])
                                            and isinstance(o[1], str) and bool(_SHORTS.fullmatch(o[1]))
                                            for o in old):
        return False
    have, saw, hashes = mail["have"], mail["saw"], mail["hashes"]
    return (_wholes(have) and 2 <= len(have) <= MAX_DEVICES and isinstance(saw, list)
            and len(saw) == len(have) and all(_wholes(s) and len(s) == len(have) for s in saw)
            and _whole(mail["from"], 1)
            and isinstance(mail["sent"], list) and all(isinstance(t, str) for t in mail["sent"])
            and isinstance(hashes, list) and all(
                isinstance(h, list) and len(h) == 3 and _whole(h[0]) and h[0] < len(have) and _whole(h[1], 1)
                and isinstance(h[2], str) and bool(_HASH.fullmatch(h[2])) for h in hashes))


def _keys_ok(deal: str, keys: object) -> bool:
    if not (deal.isascii() and deal.isdigit() and isinstance(keys, dict)) or sorted(keys) != ["key", "order"]:
        return False
    order = keys["order"]
    return (isinstance(keys["key"], str) and bool(_HEX.fullmatch(keys["key"])) and isinstance(order, list)
            and 1 <= len(order) <= 52 and len(set(order)) == len(order)  # the last to shuffle: the deal's
            and all(type(o) is int and 0 <= o < 52 for o in order))
