"""Sharing a position: a link that opens one deal or one moment of a game in the book's game table.

A learner stuck on a hand sends it to a friend or a teacher ("here is the hand I could not play").
The link carries that one position as the sharer sees it: the rules, the names, the dealer, the
scores, the sharer's own cards (and the two they threw to the crib), and what is public (the
starter, the cards laid). It never carries another player's hidden cards: whoever opens it plays
the sharer's seat, and the hidden hands and crib cards are dealt afresh from the cards nobody has
seen (the same way every time the link is opened). A finished game has nothing hidden, so its link
carries the whole game, every move, to replay and review.

The text after ``#crib=`` is the position as compact JSON, compressed (zlib, whose checksum catches
a link cut short or edited) and written in URL-safe base64, after a version mark ``c1.``.

>>> from crib_widgets.table import Table
>>> t = Table(seed=4, dealer=1)
>>> link = share_link(t, "https://example.org/book/15_full_game.html")
>>> link.startswith("https://example.org/book/15_full_game.html#crib=c1.")
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
import json
import os
import random
import zlib
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..bounded import NotJSON, decode_bounded, inflate_bounded, load_json
from ..cards import Card, full_deck, parse_cards
from ..errors import CribbageError
from ..game import Game, Rules, stack_deck
from .seats import LEARNER, check_names, check_strength

if TYPE_CHECKING:
    from .table import Table

__all__ = ["LINK_KEY", "PAGE_LINK_VARIABLE", "SharedPosition", "page_address", "page_link", "share_code",
           "share_link", "read_link"]

#: The link's fragment key: ``...page.html#crib=c1.<code>``.
LINK_KEY = "crib="
#: A student's tournament link: ``...15_full_game.html#tournament=1&set=...`` (exercises.tournament).
TOURNAMENT_LINK_KEY = "tournament="
_VERSION = "c1."
_RULES = ("players", "partners", "target", "muggins", "ten_back", "lowball", "exact_finish")
#: Where the page's own address reaches Python: the live page's runtime sets this environment
#: variable to ``location.href`` before it runs a page's cells (a Web Worker cannot see the page).
PAGE_LINK_VARIABLE = "CRIB_PAGE_LINK"
#: The longest code read (a finished 121 game is a few kilobytes): anything longer is refused unread.
MAX_CODE = 20_000
MAX_POSITION_BYTES = 300_000  # a position unpacked from a link (a finished game's save is under 100 KB)
_AGAIN = "copy the whole link again from the person who shared it"
_DAMAGED = f"this link is damaged (cut short or changed): {_AGAIN}"


@dataclass(frozen=True)
class SharedPosition:
    """A position read from a link (see the module's text).

    ``at``: ``"discard"`` (the sharer's dealt hand), ``"play"`` (their cards left, the public
    cards laid) or ``"over"`` (a finished game); ``seat``: the sharer's seat, which the person
    opening the link plays; ``cards``: the sharer's cards (dealt, or still held); ``thrown``: their
    throw to the crib (the play only); ``starter``, ``laid`` (per seat, in earlier counts of this
    deal), ``pile`` (this count in order: (seat, card or "go")), ``leader`` (who led this count).
    """

    rules: Rules
    names: tuple[str, ...]
    dealer: int
    scores: tuple[int, ...]
    seat: int
    at: str
    cards: tuple[Card, ...] = ()
    thrown: tuple[Card, ...] = ()
    starter: Card | None = None
    laid: tuple[tuple[Card, ...], ...] = ()
    pile: tuple[tuple[int, Card | str], ...] = ()
    leader: int | None = None
    saved: str = ""
    code: str = field(default="", compare=False)

    def table(self, strength: str = "intermediate", hint_level: str = "show") -> Table:
        """A table at this position: the sharer's seat is the person's, the others computers of
        ``strength``; the hidden cards are dealt from those nobody has seen, the same for every
        opening of the same link."""
        from .table import Table

        check_strength(strength)
        if self.at == "over":
            return Table.from_json(self.saved)
        seats = tuple(LEARNER if s == self.seat else strength for s in range(self.rules.players))
        rng = random.Random(hashlib.sha256(self.code.encode()).hexdigest())
        try:
            game = self._discard_game(rng) if self.at == "discard" else self._play_game(rng)
        except CribbageError as error:
            raise CribbageError(f"this link's position cannot be played: {error}") from None
        return Table.from_game(game, seats, hint_level)

    def _unseen(self, rng: random.Random, known: list[Card]) -> list[Card]:
        rest = [c for c in full_deck() if c not in set(known)]
        rng.shuffle(rest)
        return rest

    def _discard_game(self, rng: random.Random) -> Game:
        rules, n = self.rules, self.rules.players
        size = 6 if n == 2 else 5
        rest = self._unseen(rng, list(self.cards))
        hands = [list(self.cards) if s == self.seat else [rest.pop() for _ in range(size)] for s in range(n)]
        crib_card = rest.pop() if n == 3 else None
        deck = stack_deck(hands, rest.pop(), dealer=self.dealer, crib_card=crib_card)
        return Game(rules, seed=rng.randrange(2**31), deck=[deck], dealer=self.dealer, scores=self.scores,
                    names=self.names)

    def _play_game(self, rng: random.Random) -> Game:
        rules, n = self.rules, self.rules.players
        pile_cards = [c for _, c in self.pile if isinstance(c, Card)]
        laid = [c for cards in self.laid for c in cards]
        known = [*self.cards, *self.thrown, self.starter, *pile_cards, *laid]
        rest = self._unseen(rng, known)
        in_pile = [s for s, c in self.pile if isinstance(c, Card)]
        held = []
        for s in range(n):
            if s == self.seat:
                held.append(list(self.cards))
                continue
            left = 4 - len(self.laid[s]) - in_pile.count(s)
            if left < 0:
                raise CribbageError(f"seat {s} has laid more than the 4 cards of a hand")
            held.append([rest.pop() for _ in range(left)])
        crib = [*self.thrown] + [rest.pop() for _ in range(4 - len(self.thrown))]
        start = {"at": "play", "starter": str(self.starter), "crib": [str(c) for c in crib],
                 "held": [[str(c) for c in h] for h in held],
                 "laid": [[str(c) for c in h] for h in self.laid],
                 "pile": [c if isinstance(c, str) else str(c) for _, c in self.pile], "leader": self.leader}
        return Game(rules, seed=rng.randrange(2**31), dealer=self.dealer, scores=self.scores,
                    names=self.names, start=start)


# ---- writing ------------------------------------------------------------------------------------------

def share_code(table: Table) -> str:
    """The code of the position on ``table`` as the person holding the device sees it (see the
    module's text); refused while the device is being passed or during the show's counting."""
    game = table.game
    data: dict[str, Any] = {"r": [getattr(game.rules, k) for k in _RULES], "n": list(game.names),
                            "d": game.dealer, "s": list(game.scores), "seat": table.you}
    if game.is_over:
        data.update(at="over", save=table.to_json())
    elif table.passing is not None:
        raise CribbageError("the device is being passed: the person who takes it can share their position")
    elif table.paused:
        raise CribbageError("the deal is over: share a position from the next deal's cards, or once the game "
                            "is over, the whole game")
    elif game.phase == "discard":
        data.update(at="discard", h=_cards(_dealt(game, table.you)))
    elif game.phase == "play":
        data.update(at="play", h=_cards(game.hands[table.you]), t=_cards(_thrown(game, table.you)),
                    st=str(game.starter), **_count_now(game))
    else:
        raise CribbageError("the hands are being counted: every card is on the table for all to see; share "
                            "a position in the discard or the play, or the whole game once it is over")
    packed = zlib.compress(json.dumps(data, separators=(",", ":")).encode("utf-8"), 9)
    return _VERSION + base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def share_link(table: Table, base: str = "") -> str:
    """The link to the position on ``table``: ``base`` (the game table page's address) + ``#crib=``
    + its code."""
    if not isinstance(base, str):
        raise CribbageError("the page's address must be text, e.g. "
                            f"https://example.org/book/15_full_game.html; got {base!r}")
    return f"{base.split('#', 1)[0]}#{LINK_KEY}{share_code(table)}"


def _cards(cards) -> str:
    return " ".join(str(c) for c in cards)


def _dealt(game: Game, seat: int) -> tuple[Card, ...]:
    """The seat's dealt hand: the cards held now in the discard (the throw not yet made)."""
    return tuple(game.hands[seat]) + tuple(_thrown(game, seat))


def _deal_events(game: Game):
    starts = [i for i, e in enumerate(game.events) if e.kind == "deal"]
    return game.events[starts[-1]:] if starts else game.events


def _thrown(game: Game, seat: int) -> tuple[Card, ...]:
    return tuple(c for e in _deal_events(game) if e.kind == "discard" and e.seat == seat for c in e.cards)


def _count_now(game: Game) -> dict[str, Any]:
    """The public play so far: cards laid in earlier counts per seat, this count (who laid what, and
    who said go, in order) and its leader."""
    laid: list[list[str]] = [[] for _ in range(game.rules.players)]
    pile: list[list] = []
    for event in _deal_events(game):
        if event.kind == "reset":
            for seat, card in pile:
                if card != "go":
                    laid[seat].append(card)
            pile = []
        elif event.kind == "play":
            pile.append([event.seat, str(event.cards[0])])
        elif event.kind == "go" and pile:
            pile.append([event.seat, "go"])
    leader = pile[0][0] if pile else None
    return {"l": [" ".join(cards) for cards in laid], "p": pile, "ld": leader}


def page_address() -> str:
    """The live page's own address without its ``#...`` part ("" outside a live page): the address
    "Share this position" puts before ``#crib=...``, so the link opens this page's game table."""
    return os.environ.get(PAGE_LINK_VARIABLE, "").split("#", 1)[0]


def page_link() -> str:
    """The link the page was opened with when it opens something at the game table: a shared
    position (``...#crib=...``) or a student's tournament (``...#tournament=...``, see
    `crib_widgets.exercises.tournament`); "" when there is none (or when Python does not run in a
    page: Jupyter, a script, a test without the variable)."""
    href = os.environ.get(PAGE_LINK_VARIABLE, "")
    return href if LINK_KEY in href or TOURNAMENT_LINK_KEY in href else ""


# ---- reading ------------------------------------------------------------------------------------------

def read_link(text: object) -> SharedPosition:
    """The position in a shared link (the whole address, the part after ``#``, or the code).

    A damaged or edited link raises `CribbageError` with one sentence saying so and what to do.
    """
    if not isinstance(text, str) or not text.strip():
        raise CribbageError("there is no shared position here: paste the whole link, which contains '#crib='")
    code = text.strip()
    if LINK_KEY in code:
        code = code.split(LINK_KEY, 1)[1].split("&", 1)[0]
    code = code.lstrip("#")
    if not code.startswith(_VERSION):
        raise CribbageError("this is not a shared cribbage position: its code should start 'c1.' (after "
                            "'#crib=')")
    if len(code) > MAX_CODE:
        raise CribbageError(f"this link is too long to be a shared position (over {MAX_CODE:,} characters)")
    try:
        body = code[len(_VERSION):]
        packed = base64.b64decode(body + "=" * (-len(body) % 4), altchars=b"-_", validate=True)
    except (binascii.Error, ValueError):
        raise CribbageError(_DAMAGED) from None
    try:  # the one bounded reader: a zlib bomb, a nesting bomb, half a character are one sentence
        unpacked = inflate_bounded(packed, "this link", MAX_POSITION_BYTES)
        data = load_json(decode_bounded(unpacked, "this link", MAX_POSITION_BYTES, _AGAIN), "this link",
                         MAX_POSITION_BYTES)
    except NotJSON:
        raise CribbageError(_DAMAGED) from None
    except CribbageError as error:
        said = str(error)
        raise CribbageError(said if _AGAIN in said else f"{said}{':' if 'damaged' in said else ';'} {_AGAIN}"
                            ) from None
    try:
        return _position(data, code)
    except CribbageError as error:
        raise CribbageError(f"this link's position is not a cribbage position: {error}") from None
    except (KeyError, TypeError, IndexError, AttributeError):
        raise CribbageError("this link's position is incomplete: copy the whole link again") from None


def _position(data: object, code: str) -> SharedPosition:
    if not isinstance(data, dict):
        raise CribbageError("it holds no position")
    rules = Rules(**dict(zip(_RULES, data["r"], strict=True)))
    n = rules.players
    names = check_names(data["n"], n)
    dealer, seat = data["d"], data["seat"]
    for what, value in (("dealer", dealer), ("seat", seat)):
        if type(value) is not int or not 0 <= value < n:
            raise CribbageError(f"its {what} {value!r} is not a seat: seats are 0 to {n - 1}")
    scores, at = data["s"], data["at"]
    if at == "over":  # a finished game: its save says it all, checked by replaying it
        from .save import loads

        loads(data["save"])
        return SharedPosition(rules=rules, names=names, dealer=dealer, scores=tuple(scores), seat=seat,
                              at=at, saved=data["save"], code=code)
    if not isinstance(scores, list) or len(scores) != rules.sides or not all(
            type(s) is int and 0 <= s < rules.target for s in scores):
        raise CribbageError(f"its scores {scores!r} must be {rules.sides} whole numbers from 0 to "
                            f"{rules.target - 1}")
    common = dict(rules=rules, names=names, dealer=dealer, scores=tuple(scores), seat=seat, at=at, code=code)
    if at == "discard":
        cards = tuple(parse_cards(data["h"]))
        size = 6 if n == 2 else 5
        if len(cards) != size:
            raise CribbageError(f"a hand dealt with {n} players has {size} cards, this one {len(cards)}")
        return SharedPosition(**common, cards=cards)
    if at == "play":
        laid = tuple(tuple(parse_cards(h)) if h else () for h in data["l"])
        if len(laid) != n:
            raise CribbageError(f"it lists cards laid for {len(laid)} seats, not {n}")
        pile = tuple(_pile_entry(e, n) for e in data["p"])
        cards, thrown = tuple(parse_cards(data["h"])), tuple(parse_cards(data["t"]))
        every = [*cards, *thrown, *(c for h in laid for c in h), *(c for _, c in pile if isinstance(c, Card))]
        starter = Card.parse(data["st"])
        if len({*every, starter}) != len(every) + 1:
            raise CribbageError("a card appears twice in it")
        leader = data["ld"]
        if (leader is None) != (not pile) or (pile and leader != pile[0][0]):
            raise CribbageError(f"its count's leader {leader!r} is not the seat that laid its first card")
        return SharedPosition(**common, cards=cards, thrown=thrown, starter=starter, laid=laid, pile=pile,
                              leader=leader)
    raise CribbageError(f"its moment {at!r} is not one of discard, play, over")


def _pile_entry(entry: object, n: int) -> tuple[int, Card | str]:
    if not isinstance(entry, list) or len(entry) != 2 or type(entry[0]) is not int or not 0 <= entry[0] < n:
        raise CribbageError(f"its count lists {entry!r}: each entry is a seat (0 to {n - 1}) and a card "
                            "or go")
    return entry[0], "go" if entry[1] == "go" else Card.parse(entry[1])
