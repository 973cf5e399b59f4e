"""The play: what the card just laid scores, with the reason for every point, the go rule, and
the words for every play score (the one home the engine, the drills and the exercises ask).

>>> s = play_points("7H 8C")
>>> s.total, [i.reason for i in s.items]
(2, ['fifteen: 7♥ + 8♣'])
>>> play_points("5H 10C 5D 5S").items[0].kind
'pair'
>>> play_call(play_points("5H 5D 5S"))
'fifteen for two, and a pair royal for eight'
>>> next_in_count(0, holding=[True, True], said_go=[False, True]) is None  # 0 laid, 1 said go
False
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .cards import Card, parse_cards
from .errors import CribbageError

__all__ = ["PlayItem", "PlayScore", "play_points", "pile_total", "score_sequence", "GO", "PLAY_KINDS",
           "go_item", "last_card_item", "item_words", "points_words", "play_call", "next_in_count",
           "next_leader"]

GO = "GO"
PLAY_KINDS = ("fifteen", "thirty-one", "pair", "run", "go", "last card")
_SET_NAMES = {2: "pair", 3: "three of a kind", 4: "four of a kind"}
_SET_POINTS = {2: 2, 3: 6, 4: 12}


@dataclass(frozen=True, slots=True)
class PlayItem:
    """One reason the last card scores: ``kind`` is fifteen, thirty-one, pair, run, go or last card."""

    kind: str
    cards: tuple[Card, ...]
    points: int

    @property
    def reason(self) -> str:
        """The reason in words, e.g. ``three of a kind: 4♠ 4♥ 4♦``."""
        if self.kind in ("go", "last card"):
            return self.kind
        shown = " + ".join(c.pretty for c in self.cards)
        if self.kind == "pair":
            return f"{_SET_NAMES[len(self.cards)]}: {shown}"
        if self.kind == "run":
            return f"run of {len(self.cards)}: {shown}"
        return f"{self.kind}: {shown}"


@dataclass(frozen=True, slots=True)
class PlayScore:
    """What the last card of a pile scores."""

    pile: tuple[Card, ...]
    items: tuple[PlayItem, ...]

    @property
    def total(self) -> int:
        """Points for the last card."""
        return sum(item.points for item in self.items)

    @property
    def count(self) -> int:
        """The running total of the pile after the card."""
        return pile_total(self.pile)

    def describe(self) -> str:
        """The points in words, e.g. ``'2 for fifteen, 2 for a pair'``, or ``'no points'``."""
        return points_words(self.items)


def go_item(card: Card) -> PlayItem:
    """The point for the go, won by ``card`` (the last card laid before everyone said go)."""
    return PlayItem("go", (card,), 1)


def last_card_item(card: Card) -> PlayItem:
    """The point for the last card of the play (not given when it makes 31)."""
    return PlayItem("last card", (card,), 1)


# ---- the words for each play score: one home ------------------------------------------------

_WORDS = {"fifteen": "fifteen", "thirty-one": "thirty-one", "last card": "the last card", "go": "the go"}
_CALL_SETS = {2: "a pair", 3: "a pair royal", 4: "double pair royal"}
_CALL_WORDS = {"fifteen": "fifteen", "thirty-one": "thirty-one"}


def _kind_size(item: PlayItem | tuple[int, str]) -> tuple[str, int, int]:
    """(kind, cards in the set or run, points) of a `PlayItem` or a ``(points, kind)`` pair."""
    if isinstance(item, PlayItem):
        return item.kind, len(item.cards), item.points
    points, kind = item
    if kind not in PLAY_KINDS:
        raise CribbageError(f"{kind!r} is not a play score: use one of {', '.join(PLAY_KINDS)}")
    sizes = {2: 2, 6: 3, 12: 4}
    if kind == "pair" and points not in sizes:
        raise CribbageError(f"a pair scores 2, 6 or 12 in the play, not {points!r}")
    return kind, sizes[points] if kind == "pair" else points, points


def item_words(item: PlayItem | tuple[int, str]) -> str:
    """What a play score is called in a sentence: ``fifteen``, ``thirty-one``, ``a pair``,
    ``three of a kind``, ``four of a kind``, ``a run of 4``, ``the go``, ``the last card``.

    ``item`` is a `PlayItem` or a ``(points, kind)`` pair such as ``(6, "pair")``.

    >>> item_words((6, "pair")), item_words((4, "run")), item_words((1, "go"))
    ('three of a kind', 'a run of 4', 'the go')
    """
    kind, size, _ = _kind_size(item)
    if kind == "pair":
        return "a pair" if size == 2 else _SET_NAMES[size]
    if kind == "run":
        return f"a run of {size}"
    return _WORDS[kind]


def points_words(items: Iterable[PlayItem | tuple[int, str]]) -> str:
    """Points with their reasons, e.g. ``'2 for fifteen, 2 for a pair'``; ``'no points'`` if none.

    >>> points_words([(2, "fifteen"), (1, "last card")])
    '2 for fifteen, 1 for the last card'
    """
    parts = [f"{_kind_size(i)[2]} for {item_words(i)}" for i in items]
    return ", ".join(parts) if parts else "no points"


def play_call(points_reasons: PlayScore | Iterable[PlayItem | tuple[int, str]]) -> str:
    """What a player says at the table for the points of one card, as spoken words.

    ``points_reasons`` is a `PlayScore`, its items, or ``(points, kind)`` pairs. Fifteens, 31s,
    pairs and runs are called with the running total ("fifteen for two, and a pair for four");
    the go is called "go" and the last card "one for last card". No points: an empty string.

    >>> play_call([(2, "thirty-one")]), play_call([(12, "pair")]), play_call([(3, "run")])
    ('thirty-one for two', 'double pair royal for twelve', 'run of three for three')
    >>> play_call([(1, "go")]), play_call([(1, "last card")]), play_call([(2, "pair")])
    ('go', 'one for last card', 'a pair for two')
    """
    from .aloud import number_words

    items = points_reasons.items if isinstance(points_reasons, PlayScore) else points_reasons
    calls, total = [], 0
    for item in items:
        kind, size, points = _kind_size(item)
        if kind == "go":
            calls.append("go")
            continue
        if kind == "last card":
            calls.append("one for last card")
            continue
        total += points
        if kind == "pair":
            name = _CALL_SETS[size]
        elif kind == "run":
            name = f"run of {number_words(size)}"
        else:
            name = _CALL_WORDS[kind]
        calls.append(f"{name} for {number_words(total)}")
    return ", and ".join(calls)


# ---- the go rule: one home ------------------------------------------------------------------


def next_in_count(seat: int, holding: Sequence[object], said_go: Sequence[bool]) -> int | None:
    """The go rule: the next seat clockwise after ``seat`` still in this count (it holds cards and
    has not said go), or None when nobody is: the count is closed and the last card laid pegs
    1 for the go (a count of 31 closes by itself). ``holding[s]`` is true when seat ``s`` holds
    cards (a bool, or the hand itself).

    >>> next_in_count(0, [True, True, True], [False, True, False])
    2
    >>> next_in_count(0, [True, False, True], [True, False, True]) is None
    True
    """
    n = len(holding)
    for i in range(1, n + 1):
        nxt = (seat + i) % n
        if holding[nxt] and not said_go[nxt]:
            return nxt
    return None


def next_leader(last: int, holding: Sequence[object]) -> int:
    """Who leads the next count: the player after ``last`` (who laid the last card) holding cards."""
    n = len(holding)
    return next(s for s in ((last + i) % n for i in range(1, n + 1)) if holding[s])


def pile_total(pile: Iterable[Card]) -> int:
    """The running count of a pile."""
    return sum(c.value for c in pile)


def play_points(pile: str | Sequence[Card | str]) -> PlayScore:
    """Points for the last card of ``pile`` (the cards laid since the count last went back to 0).

    Go and the last card of the play are the game's to award; see `score_sequence`.
    """
    if isinstance(pile, (list, tuple)) and all(type(c) is Card for c in pile) \
            and len({(c.rank, c.suit) for c in pile}) == len(pile):
        cards = tuple(pile)  # the engine's and the drills' piles: already cards, each once
    else:
        cards = tuple(parse_cards(pile))
    if not cards:
        raise CribbageError("the pile is empty: lay a card before asking what it scores")
    total = pile_total(cards)
    if total > 31:
        raise CribbageError(
            f"the count {' + '.join(str(c.value) for c in cards)} = {total} passes 31: "
            "a card may only be laid while the count stays at 31 or below"
        )
    items: list[PlayItem] = []
    if total == 15:
        items.append(PlayItem("fifteen", cards, 2))
    if total == 31:
        items.append(PlayItem("thirty-one", cards, 2))
    same = _same_rank_tail(cards)
    if same >= 2:
        items.append(PlayItem("pair", cards[-same:], _SET_POINTS[same]))
    run = _run_tail(cards)
    if run:
        items.append(PlayItem("run", cards[-run:], run))
    return PlayScore(cards, tuple(items))


def _same_rank_tail(cards: Sequence[Card]) -> int:
    n = 1
    while n < len(cards) and cards[-n - 1].rank == cards[-1].rank:
        n += 1
    return n


def _run_tail(cards: Sequence[Card]) -> int:
    """Length of the longest run (3+) made by the last cards, in any order; 0 if none."""
    for size in range(len(cards), 2, -1):
        ranks = sorted(c.rank for c in cards[-size:])
        if all(b - a == 1 for a, b in itertools.pairwise(ranks)):
            return size
    return 0


def score_sequence(plays: Sequence[str | Card], players: int = 2, final: bool = False) -> list[int]:
    """Points for each entry of a whole play written in turn order, ``"GO"`` where a player says go.

    Entry ``i`` is made by seat ``i % players``: every seat writes an entry in its turn, a card or
    ``"GO"`` (also a seat with no cards left says GO). The go rule is `next_in_count`'s: a GO
    that leaves nobody in the count is worth 1 to the player who laid the last card; a count of
    31 closes by itself. With ``final`` the last card of the sequence also scores 1 for the last
    card (not when it makes 31). A card written twice is an error naming it.
    """
    points: list[int] = []
    pile: list[Card] = []
    holding, said_go = [True] * players, [False] * players
    last_layer = None
    laid = parse_cards([e for e in plays if not (isinstance(e, str) and e.strip().upper() == GO)])
    cards = iter(laid)
    for index, entry in enumerate(plays):
        if isinstance(entry, str) and entry.strip().upper() == GO:
            said_go[index % players] = True
            points.append(0)
            if last_layer is not None and next_in_count(index % players, holding, said_go) is None:
                points[last_layer] += 1
                pile, said_go, last_layer = [], [False] * players, None
            continue
        pile.append(next(cards))
        points.append(play_points(pile).total)
        last_layer, said_go = index, [False] * players
        if pile_total(pile) == 31:
            pile, last_layer = [], None
    if final and last_layer is not None:
        points[last_layer] += 1
    return points
