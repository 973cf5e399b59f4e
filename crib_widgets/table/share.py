"""Sharing a position: a link that opens one moment of a game in the book's game table, as it was.

A learner stuck on a hand sends it to a friend or a teacher ("here is the hand I could not play").
The link carries the game as the sharer saw it (`crib_widgets.table.seen`): the rules, the names,
every deal's own cards, starter and show, and every move but the other players' throws to the crib.
It never carries another player's hidden cards: whoever opens it plays the sharer's seat, and the
cards nobody saw are dealt afresh from those left, consistent with every go said (the same way
every time the link is opened). Every move is replayed by the rules, so the table opened shows
what the sharer saw: whose turn, the count, the pile, the go's, the scores, every point pegged and
why, the "just now" line, a deal's show if it was up, and the review of the sharer's decisions.

The text after ``#crib=`` is the record as compact JSON, compressed (zlib, whose checksum catches
a link cut short or edited) and written in URL-safe base64, after a version mark ``c2.``. Every
value in it is checked against the game's rules before use; a link that fails says so in one
sentence. Links of version ``c1`` (which carried only the moment, and could not bring back the
turn after a go) are refused with a sentence asking for the position to be shared again.

>>> from crib_widgets.table import Table
>>> t = Table(seed=4, dealer=1)
>>> link = share_link(t, "https://example.org/book/15_full_game.html")
>>> link.startswith("https://example.org/book/15_full_game.html#crib=c2.")
True
>>> shared = read_link(link)
>>> shared.at, shared.seat, shared.cards == t.game.hands[0]
('discard', 0, True)
>>> opened = shared.table()
>>> opened.game.hands[0] == t.game.hands[0] and opened.game.phase == "discard"
True
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import os
import random
from dataclasses import dataclass, field
from typing import TypedDict

from ..bounded import NotJSON, decode_bounded, inflate_bounded, load_json
from ..cards import Card
from ..errors import CribbageError
from ..game import EventKind, Game, Go, Rules
from ..lessons.checks import shown
from .advice import HintLevel
from .seats import LEARNER, check_names, check_strength
from .seen import MAX_DEALS, Replayed, Seen, SeenDeal, cards_of, rebuild, seen_by
from .share_write import CODE_VERSION, LINK_KEY, share_code, share_link
from .table import Table

__all__ = ["LINK_KEY", "PAGE_LINK_VARIABLE", "SharedPosition", "page_address", "page_link", "share_code",
           "share_link", "read_link"]

#: A student's tournament link: ``...15_full_game.html#tournament=1&set=...`` (table.class_tournament).
TOURNAMENT_LINK_KEY = "tournament="
_OLD_VERSIONS = ("c1.",)
#: Where the page's own address reaches Python: the live page's runtime sets this environment
#: variable to ``location.href`` before it runs a page's cells (a Web Worker cannot see the page).
PAGE_LINK_VARIABLE = "CRIB_PAGE_LINK"
#: The longest code read (a whole game to 121 is about 3,000 characters): anything longer is refused unread.
MAX_CODE = 20_000
#: The longest record unpacked from a code (a zlib bomb is refused at this size).
MAX_UNPACKED = 200_000
_AGAIN = "copy the whole link again from the person who shared it"
_DAMAGED = f"this link is damaged (cut short or changed): {_AGAIN}"
_KEYS = {"r", "n", "seat", "s", "d", "g", "ui"}


class TableView(TypedDict):
    """What the table showed when the link was made (see `SharedPosition`)."""

    since: int
    gos: list[int]
    paused: bool
    step: int


@dataclass(frozen=True)
class SharedPosition:
    """A position read from a link (see the module's text): ``seen``, the sharer's record;
    ``view``, what the table showed (``since``: the move the "just now" line starts at; ``gos``:
    the moves where the table said go for the sharer; ``paused``: a finished deal's show was up;
    ``step``: the combination of the show counted aloud, -1 for none). ``game`` is the game
    rebuilt from it (checked move by move when the link was read)."""

    seen: Seen
    view: TableView
    code: str = field(default="", compare=False)
    game: Game | None = field(default=None, compare=False, repr=False)
    replayed: Replayed | None = field(default=None, compare=False, repr=False)

    @property
    def seat(self) -> int:
        """The sharer's seat, which the person opening the link plays."""
        return self.seen.seat

    def _rebuilt(self) -> tuple[Game, Replayed]:
        """The game rebuilt when the link was read, and what its replay noted."""
        if self.game is None or self.replayed is None:
            raise CribbageError("this position was not read from a link: read it with read_link")
        return self.game, self.replayed

    @property
    def rules(self) -> Rules:
        return self._rebuilt()[0].rules

    @property
    def names(self) -> tuple[str, ...]:
        return self._rebuilt()[0].names

    @property
    def at(self) -> str:
        """The moment: ``discard``, ``play``, ``announce``, ``answer`` (the show) or ``over``."""
        return self._rebuilt()[0].phase

    @property
    def cards(self) -> tuple[Card, ...]:
        """The sharer's cards in hand at that moment."""
        return self._rebuilt()[0].hands[self.seat]

    def table(self, strength: str = "intermediate", hint_level: str = HintLevel.SHOW) -> Table:
        """A table at this position: the sharer's seat is the person's, the others computers of
        ``strength``; the hidden cards are dealt from those nobody has seen, the same for every
        opening of the same link."""
        from .prompts import go_note

        check_strength(strength)
        rebuilt, replayed = self._rebuilt()
        game, view = rebuilt.copy(), self.view
        seats = tuple(LEARNER if s == self.seat else strength for s in range(game.rules.players))
        table = Table.from_game(game, seats, hint_level, paused=view["paused"])
        marks, counts = replayed.marks, replayed.counts
        table.since = marks[view["since"]]
        for k in view["gos"]:
            table.note_at(marks[k], go_note(game.names, self.seat, game.moves[k].seat, counts[k]))
        if view["step"] >= 0:
            table.show_step = view["step"]
        return table


def page_address() -> str:
    """The live page's own address without its ``#...`` part ("" outside a live page): the address
    "Share this position" puts before ``#crib=...``, so the link opens this page's game table."""
    return os.environ.get(PAGE_LINK_VARIABLE, "").split("#", 1)[0]


def page_link() -> str:
    """The link the page was opened with when it opens something at the game table: a shared
    position (``...#crib=...``) or a student's tournament (``...#tournament=...``, see
    `crib_widgets.table.class_tournament`); "" when there is none (or when Python does not run in a
    page: Jupyter, a script, a test without the variable)."""
    href = os.environ.get(PAGE_LINK_VARIABLE, "")
    return href if LINK_KEY in href or TOURNAMENT_LINK_KEY in href else ""


# ---- reading ------------------------------------------------------------------------------------------

def read_link(text: object) -> SharedPosition:
    """The position in a shared link (the whole address, the part after ``#``, or the code).

    A damaged, edited or impossible link raises `CribbageError` with one sentence saying so and
    what to do.
    """
    if not isinstance(text, str) or not text.strip():
        raise CribbageError("there is no shared position here: paste the whole link, which contains '#crib='")
    code = text.strip()
    if LINK_KEY in code:
        code = code.split(LINK_KEY, 1)[1].split("&", 1)[0]
    code = code.lstrip("#")
    if code.startswith(_OLD_VERSIONS):
        raise CribbageError("this link was made by an earlier version of the book, which could not bring "
                            "back every moment of a game: ask for the position to be shared again")
    if not code.startswith(CODE_VERSION):
        raise CribbageError("this is not a shared cribbage position: its code should start 'c2.' (after "
                            "'#crib=')")
    if len(code) > MAX_CODE:
        raise CribbageError(f"this link is too long to be a shared position (over {MAX_CODE:,} characters)")
    data = _decode(code[len(CODE_VERSION):])
    try:
        seen, view = _record(data)
        rng = random.Random(hashlib.sha256(code.encode()).hexdigest())
        game, replayed = rebuild(seen, rng)
        if seen_by(game, seen.seat) != seen:
            raise CribbageError("what it says was seen (a starter, a hand shown, a move's order) is not what "
                                "its moves show")
        _check_view(view, game)
    except CribbageError as error:
        raise CribbageError(f"this link's position is not a cribbage position: {error}") from None
    except (KeyError, TypeError, IndexError, AttributeError, ValueError):
        raise CribbageError("this link's position is incomplete: copy the whole link again") from None
    return SharedPosition(seen, view, code, game, replayed)


def _decode(body: str) -> object:
    """The JSON value a code's body holds; a damaged body says so in one sentence. Read by the one
    bounded reader (`crib_widgets.bounded`): a zlib bomb is stopped at `MAX_UNPACKED`, and a nesting
    bomb, a number too long, half a character or a control character is refused before the parser
    or anything else sees it (a nesting bomb was a RecursionError that stopped the page's Python)."""
    try:
        packed = base64.b64decode(body + "=" * (-len(body) % 4), altchars=b"-_", validate=True)
    except (binascii.Error, ValueError):
        raise CribbageError(_DAMAGED) from None
    try:
        unpacked = inflate_bounded(packed, "this link", MAX_UNPACKED)
        text = decode_bounded(unpacked, "this link", MAX_UNPACKED, _AGAIN)
        return load_json(text, "this link", MAX_UNPACKED)
    except NotJSON:
        raise CribbageError(_DAMAGED) from None
    except CribbageError as error:
        said = str(error)
        raise CribbageError(said if _AGAIN in said else f"{said}{':' if 'damaged' in said else ';'} {_AGAIN}"
                            ) from None


def _record(data: object) -> tuple[Seen, TableView]:
    """The record and the view's state, every value checked for its kind and range."""
    if not isinstance(data, dict):
        raise CribbageError("it holds no position")
    unknown = sorted(set(data) - _KEYS - {"cut"})
    if unknown:
        raise CribbageError(f"it holds {', '.join(map(shown, unknown[:3]))}, which no position has")
    rules = Rules.from_dict(data["r"])
    n = rules.players
    names = check_names(data["n"], n)
    seat, dealer = data["seat"], data["d"]
    _seat("seat", seat, n)
    if dealer != "cut":
        _seat("dealer", dealer, n)
    cut = None
    if dealer == "cut":
        if not isinstance(data.get("cut"), list) or not 1 <= len(data["cut"]) <= 10:
            raise CribbageError("its cut for the first deal must be a list of 1 to 10 rounds")
        cut = tuple(cards_of(r, "cut") for r in data["cut"])
    scores = data["s"]
    if not isinstance(scores, list) or len(scores) != rules.sides or not all(
            type(s) is int and 0 <= s < rules.target for s in scores):
        raise CribbageError(f"its starting scores {scores!r:.40} must be {rules.sides} whole numbers from 0 "
                            f"to {rules.target - 1}")
    deals = data["g"]
    if not isinstance(deals, list) or not 1 <= len(deals) <= MAX_DEALS:
        raise CribbageError(f"it must hold 1 to {MAX_DEALS} deals")
    seen = Seen(rules, names, seat, tuple(scores), None if dealer == "cut" else dealer, cut,
                tuple(_deal(d, rules, number) for number, d in enumerate(deals, 1)))
    return seen, _view(data["ui"])


def _seat(what: str, value: object, n: int) -> None:
    if type(value) is not int or not 0 <= value < n:
        raise CribbageError(f"its {what} {value!r:.20} is not a seat: seats are 0 to {n - 1}")


def _deal(entry: object, rules: Rules, number: int) -> SeenDeal:
    if not isinstance(entry, list) or len(entry) != 5:
        raise CribbageError(f"its deal {number} must list the hand, the starter, the hands shown, the crib "
                            "and the moves")
    hand, starter, shown, crib, moves = entry
    n = rules.players
    if not isinstance(shown, list) or len(shown) != n:
        raise CribbageError(f"its deal {number} must list a shown hand (or '') for each of the {n} seats")
    if not isinstance(moves, list) or len(moves) > 200:
        raise CribbageError(f"its deal {number} must list its moves (at most 200)")
    return {"hand": cards_of(hand, f"deal {number}'s hand", rules.hand_size),
            "starter": (cards_of(starter, f"deal {number}'s starter", 1) or (None,))[0] if starter else None,
            "shown": tuple(cards_of(h, f"deal {number}'s shown hand", 4) if h else None for h in shown),
            "crib": cards_of(crib, f"deal {number}'s crib", 4) if crib else None,
            "moves": moves}


def _view(ui: object) -> TableView:
    if not (isinstance(ui, list) and len(ui) == 4 and type(ui[0]) is int and isinstance(ui[1], list)
            and all(type(k) is int for k in ui[1]) and ui[2] in (0, 1) and type(ui[3]) is int):
        raise CribbageError("its table state must be [the move 'just now' starts at, the table's go's, "
                            "0 or 1 for a show up, the step counted aloud]")
    return {"since": ui[0], "gos": ui[1], "paused": bool(ui[2]), "step": ui[3]}


def _check_view(view: TableView, game: Game) -> None:
    """The table's state fits the game: its moves exist, a go the table said was a go, a show is up
    only when a deal has just ended, and the step counted aloud is one of that show's."""
    moves = len(game.moves)
    if not 0 <= view["since"] <= moves:
        raise CribbageError(f"its 'just now' starts at move {view['since']}, but the game has {moves} moves")
    for k in view["gos"]:
        if not view["since"] <= k < moves or type(game.moves[k]) is not Go:
            raise CribbageError(f"it says the table said go at move {k}, which is no go since 'just now'")
    if view["paused"] and (game.is_over or game.deal_number < 2
                           or any(e.kind in (EventKind.PLAY, EventKind.STARTER) for e in game.deal_events())):
        raise CribbageError("it says a deal's show is up, but no deal has just ended")
    if view["step"] != -1:
        from .show import DealShow

        up = view["paused"] or game.is_over
        steps = DealShow.of(game.events, finished=view["paused"]).steps if up else ()
        if not 0 <= view["step"] < len(steps):
            raise CribbageError(f"its show step {view['step']} is not one of the {len(steps)} steps of the "
                                "show on the table")

