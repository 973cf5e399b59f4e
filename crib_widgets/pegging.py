"""The play: what the card just laid scores, with the reason for every point.

>>> s = play_points("7H 8C")
>>> s.total, [i.reason for i in s.items]
(2, ['fifteen: 7♥ + 8♣'])
>>> play_points("5H 10C 5D 5S").items[0].kind
'pair'
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .cards import Card, parse_cards
from .errors import CribbageError

__all__ = ["PlayItem", "PlayScore", "play_points", "pile_total", "score_sequence", "GO"]

GO = "GO"
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
        if not self.items:
            return "no points"
        return ", ".join(f"{i.points} for {_item_words(i)}" for i in self.items)


_WORDS = {"run": "a run", "last card": "the last card", "go": "the go"}


def _item_words(item: PlayItem) -> str:
    if item.kind == "pair":
        return "a pair" if len(item.cards) == 2 else _SET_NAMES[len(item.cards)]
    if item.kind == "run":
        return f"a run of {len(item.cards)}"
    return _WORDS.get(item.kind, item.kind)


def pile_total(pile: Iterable[Card]) -> int:
    """The running count of a pile."""
    return sum(c.value for c in pile)


def play_points(pile: str | Sequence[Card | str]) -> PlayScore:
    """Points for the last card of ``pile`` (the cards laid since the count last went back to 0).

    Go and the last card of the play are the game's to award; see `score_sequence`.
    """
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

    A GO is worth 1 to the player who laid the last card when it closes the count (every player
    has said go in turn since that card); a count of 31 closes by itself. With ``final`` the last
    card of the sequence also scores 1 for the last card (not when it makes 31).
    """
    points: list[int] = []
    pile: list[Card] = []
    gos = 0
    last_layer = None
    for index, entry in enumerate(plays):
        if isinstance(entry, str) and entry.strip().upper() == GO:
            gos += 1
            points.append(0)
            if gos >= players and last_layer is not None:
                points[last_layer] += 1
                pile, gos, last_layer = [], 0, None
            continue
        pile.append(Card.parse(entry))
        points.append(play_points(pile).total)
        last_layer, gos = index, 0
        if pile_total(pile) == 31:
            pile, last_layer = [], None
    if final and last_layer is not None:
        points[last_layer] += 1
    return points
