"""The show: every scoring combination of a hand or crib with the starter, and its count aloud.

>>> s = score_hand("5H 5C 5D JS", "5S")
>>> s.total, s.by_kind()
(29, {'fifteen': 16, 'pair': 12, 'run': 0, 'flush': 0, 'nobs': 1})
>>> hand_total("5H 5C 5D JS", "5S")
29
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations, product
from typing import TYPE_CHECKING

from .cards import RANK_VALUES, SUIT_NAMES, SUIT_SYMBOLS, Card, parse_cards, parse_hand
from .errors import CardError
from .words import join_words

if TYPE_CHECKING:
    from .aloud import Step

__all__ = [
    "KINDS", "MAX_HAND_SCORE", "ScoreItem", "HandScore", "score_hand", "hand_total",
    "rank_points", "rank_key", "rank_table", "RANK_WEIGHT", "check_show", "StarterRow", "starter_rows",
]

KINDS = ("fifteen", "pair", "run", "flush", "nobs")
MAX_HAND_SCORE = 29  # the most a hand or crib scores: three fives and the right jack, the fourth five turned
JACK = 11
CRIB_FLUSH_RULE = "a crib's flush needs all five cards"
NOBS_RULE = "his nobs is the jack of the starter's suit"


@dataclass(frozen=True, slots=True)
class ScoreItem:
    """One scoring combination: its kind, the exact cards in it and its points."""

    kind: str
    cards: tuple[Card, ...]
    points: int

    @property
    def reason(self) -> str:
        """The combination in words, e.g. ``fifteen: 7♥ + 8♣``."""
        shown = " + ".join(c.pretty for c in self.cards)
        return f"{_ITEM_NAMES[self.kind](self)}: {shown}"


_ITEM_NAMES = {
    "fifteen": lambda item: "fifteen",
    "pair": lambda item: "pair",
    "run": lambda item: f"run of {len(item.cards)}",
    "flush": lambda item: f"flush of {len(item.cards)}",
    "nobs": lambda item: "his nobs",
}


@dataclass(frozen=True, slots=True)
class HandScore:
    """The full count of one hand (or crib) with the starter."""

    hand: tuple[Card, ...]
    starter: Card
    crib: bool
    items: tuple[ScoreItem, ...]

    @property
    def total(self) -> int:
        """All points of the show for this hand."""
        return sum(item.points for item in self.items)

    def by_kind(self) -> dict[str, int]:
        """Points per kind, every kind present (zero where nothing scored)."""
        points = dict.fromkeys(KINDS, 0)
        for item in self.items:
            points[item.kind] += item.points
        return points

    def of_kind(self, kind: str) -> list[ScoreItem]:
        """The combinations of one kind."""
        return [item for item in self.items if item.kind == kind]

    def not_scored(self, kind: str) -> str:
        """Why ``kind`` scores nothing here although it looks as if it might ('' otherwise): the one
        home of these rule sentences, which the trainers and worksheets ask.

        >>> score_hand("2H 6H 9H KH", "5C", crib=True).not_scored("flush")
        "a crib's flush needs all five cards"
        >>> score_hand("JD 2C 6S 9H", "5C").not_scored("nobs")
        "his nobs is the jack of the starter's suit (♣), not J♦"
        """
        if self.of_kind(kind):
            return ""
        if kind == "flush" and self.crib and len({c.suit for c in self.hand}) == 1:
            return CRIB_FLUSH_RULE
        jacks = [c for c in self.hand if c.rank == JACK]
        if kind == "nobs" and jacks:
            suit = self.starter.pretty[-1]
            return f"{NOBS_RULE} ({suit}), not {join_words((c.pretty for c in jacks), 'or')}"
        return ""

    def aloud(self, phrasing: str = "players") -> str:
        """The count said aloud with running totals, ending with the total.

        ``phrasing`` is ``"players"`` (the table's cadence) or ``"plain"`` (every combination named).
        """
        from .aloud import say_count

        return say_count(self, phrasing)

    def steps(self, phrasing: str = "players") -> list[Step]:
        """The spoken count as steps: (words, cards lit, running total); see `crib_widgets.aloud`."""
        from .aloud import count_steps

        return count_steps(self, phrasing)


def check_show(hand: str | Iterable[str | Card], starter: str | Card) -> tuple[list[Card], Card]:
    """Read a 4-card hand and a starter; raise `CardError` if either is malformed."""
    cards = parse_hand(hand, 4)
    turned = parse_cards([starter] if isinstance(starter, Card) else starter)
    if len(turned) != 1:
        raise CardError(f"the starter is one card, got {len(turned)}")
    if turned[0] in cards:
        raise CardError(f"the starter {turned[0]} is already in the hand: the five cards must differ")
    return cards, turned[0]


def score_hand(hand: str | Iterable[str | Card], starter: str | Card, *, crib: bool = False) -> HandScore:
    """Count a hand (or with ``crib=True`` the crib) with the starter, combination by combination."""
    cards, turned = check_show(hand, starter)
    five = [*cards, turned]
    items = [*_fifteens(five), *_pairs(five), *_runs(five)]
    items += _flush(cards, turned, crib)
    items += _nobs(cards, turned)
    return HandScore(tuple(cards), turned, crib, tuple(items))


def _fifteens(five: Sequence[Card]) -> list[ScoreItem]:
    found = []
    for size in range(2, 6):
        for combo in combinations(five, size):
            if sum(c.value for c in combo) == 15:
                found.append(ScoreItem("fifteen", combo, 2))
    return found


def _pairs(five: Sequence[Card]) -> list[ScoreItem]:
    return [ScoreItem("pair", (a, b), 2) for a, b in combinations(five, 2) if a.rank == b.rank]


def _runs(five: Sequence[Card]) -> list[ScoreItem]:
    by_rank: dict[int, list[Card]] = {}
    for card in sorted(five, key=lambda c: c.rank):
        by_rank.setdefault(card.rank, []).append(card)
    items = []
    for ranks in _longest_runs(set(by_rank)):
        for combo in product(*(by_rank[r] for r in ranks)):
            items.append(ScoreItem("run", combo, len(combo)))
    return items


def _longest_runs(ranks: set[int]) -> list[list[int]]:
    """Maximal sequences of 3+ consecutive ranks (the ace is low only)."""
    runs, current = [], []
    for rank in range(1, 15):
        if rank in ranks:
            current.append(rank)
            continue
        if len(current) >= 3:
            runs.append(current)
        current = []
    return runs


# A flush of the four cards of a hand; with the starter of their suit too (a crib's only flush), 5.
HAND_FLUSH = 4


def _flush(cards: Sequence[Card], starter: Card, crib: bool) -> list[ScoreItem]:
    suit = cards[0].suit
    if any(c.suit != suit for c in cards):
        return []
    if starter.suit == suit:
        return [ScoreItem("flush", (*cards, starter), HAND_FLUSH + 1)]
    return [] if crib else [ScoreItem("flush", tuple(cards), HAND_FLUSH)]


def _nobs(cards: Sequence[Card], starter: Card) -> list[ScoreItem]:
    return [ScoreItem("nobs", (c, starter), 1) for c in cards if c.rank == JACK and c.suit == starter.suit]


def rank_points(ranks: Iterable[int]) -> int:
    """Fifteens, pairs and runs of five cards given only their ranks (suits add flush and nobs)."""
    ranks = sorted(ranks)
    values = [RANK_VALUES[r] for r in ranks]
    points = 0
    for size in range(2, 6):
        points += 2 * sum(1 for combo in combinations(values, size) if sum(combo) == 15)
    counts = Counter(ranks)
    points += sum(n * (n - 1) for n in counts.values())
    for run in _longest_runs(set(counts)):
        ways = 1
        for r in run:
            ways *= counts[r]
        points += len(run) * ways
    return points


# A multiset of ranks is keyed by its counts in base 5 (at most four cards of a rank), so the key
# is a plain sum and the hot path needs no sorting.
RANK_WEIGHT = (0, *(5 ** (rank - 1) for rank in range(1, 14)))


class _RankTable(dict):
    """Each multiset's points worked out the first time it is looked up: the computer's first
    discard needs a few hundred of the 6,175, and a learner's first deal should not wait for all."""

    def __missing__(self, key: int) -> int:
        ranks, rest = [], key
        for rank in range(1, 14):
            rest, count = divmod(rest, 5)
            ranks += [rank] * count
        if rest or len(ranks) != 5:
            raise KeyError(key)
        points = self[key] = rank_points(ranks)
        return points

    def fill(self) -> None:
        from itertools import combinations_with_replacement

        for ranks in combinations_with_replacement(range(1, 14), 5):
            if ranks[0] != ranks[4]:  # five of one rank: no deck has them
                self[rank_key(ranks)]  # looked up to be worked out


_TABLE = _RankTable()


def rank_table(full: bool = False) -> dict[int, int]:
    """Points of fifteens, pairs and runs for every multiset of five ranks, keyed by `rank_key`;
    each worked out on first use, or all at once with ``full``.

    >>> rank_table()[rank_key([5, 5, 5, 11, 5])]
    28
    """
    if full:
        _TABLE.fill()
    return _TABLE


def rank_key(ranks: Iterable[int]) -> int:
    """The table key of a multiset of ranks (order does not matter)."""
    return sum(RANK_WEIGHT[r] for r in ranks)


def hand_total(hand: Sequence[Card] | str, starter: Card | str, crib: bool = False) -> int:
    """The show total only, fast: for simulations and statistics.

    Cards should be `Card` objects for speed; text is accepted and checked like `score_hand`.
    """
    if isinstance(hand, str) or isinstance(starter, str):
        hand, starter = check_show(hand, starter)
    a, b, c, d = hand
    w = RANK_WEIGHT
    points = _TABLE[w[a.rank] + w[b.rank] + w[c.rank] + w[d.rank] + w[starter.rank]]
    suit = a.suit
    if b.suit == suit and c.suit == suit and d.suit == suit:
        if starter.suit == suit:
            points += HAND_FLUSH + 1
        elif not crib:
            points += HAND_FLUSH
    s = starter.suit
    if (a.rank == 11 and a.suit == s) or (b.rank == 11 and b.suit == s) or (
        c.rank == 11 and c.suit == s
    ) or (d.rank == 11 and d.suit == s):
        points += 1
    return points


@dataclass(frozen=True, slots=True)
class StarterRow:
    """The starters that give a 4-card ``hand`` one ``total``, named as exactly as words allow.

    ``parts`` say which cards in words, each ``(how, ranks, suits)``: ``("any", ranks, ())`` every
    unseen card of those ranks ("any J"); ``("but", ranks, suits)`` every unseen card of those
    ranks except the suits named ("any Q but Q♣"); ``("of", ranks, suits)`` only those suits of
    those ranks ("A, 2 or 3 of clubs"). The suit is named only where it decides (his nobs,
    a flush); `cards_named` reads the parts back into cards.
    """

    hand: tuple[Card, ...]
    total: int
    cards: tuple[Card, ...]
    parts: tuple[tuple[str, tuple[int, ...], tuple[str, ...]], ...]

    def cards_named(self) -> tuple[Card, ...]:
        """The cards the words name (equal to ``cards``: tests hold the words to it)."""
        unseen = [c for c in _DECK if c not in self.hand]
        named = []
        for how, ranks, suits in self.parts:
            for c in unseen:
                if c.rank in ranks and (how == "any" or (c.suit in suits) == (how == "of")):
                    named.append(c)
        return tuple(sorted(named, key=lambda c: (c.rank, c.suit)))

    def words(self) -> str:
        """E.g. ``'any J, or 10♦ or 10♥'``, ``'A, 2, 3, 4, 6, 7 or 8 of clubs (♣)'``."""
        return ", or ".join(_part_words(*part) for part in self.parts)


def _either(words: list[str]) -> str:
    return join_words(words, "or")


def _part_words(how: str, ranks: tuple[int, ...], suits: tuple[str, ...]) -> str:
    rank_words = _either([Card(r, "S").rank_text for r in ranks])
    if how == "any":
        return f"any {rank_words}"
    cards = [Card(r, s).pretty for r in ranks for s in suits]
    symbols = " ".join(SUIT_SYMBOLS[s] for s in suits)
    suit_words = f"{_either([SUIT_NAMES[s] for s in suits])} ({symbols})"
    if how == "but":
        return f"any {rank_words} but {_either(cards)}" if len(ranks) == 1 else \
            f"any {rank_words} not of {suit_words}"
    return _either(cards) if len(ranks) == 1 else f"{rank_words} of {suit_words}"


def starter_rows(hand: str | Iterable[str | Card]) -> list[StarterRow]:
    """Every card that could be turned for a 4-card ``hand``, grouped by the hand's total with
    it, highest total first, each row's cards named in words (see `StarterRow`).

    >>> [(r.total, r.words()) for r in starter_rows("5H 5D 10S JC")][-2:]
    [(11, 'A, 2, 3, 4, 6, 7 or 8 of clubs (♣)'), (10, 'any A, 2, 3, 4, 6, 7 or 8 not of clubs (♣)')]
    """
    cards = tuple(parse_hand(hand, 4))
    unseen = [c for c in _DECK if c not in cards]
    by_total: dict[int, list[Card]] = {}
    for starter in unseen:
        by_total.setdefault(hand_total(cards, starter), []).append(starter)
    rows = []
    for total in sorted(by_total, reverse=True):
        row = sorted(by_total[total], key=lambda c: (c.rank, c.suit))
        groups: dict[tuple[str, tuple[str, ...]], list[int]] = {}
        for rank in sorted({c.rank for c in row}):
            present = tuple(c.suit for c in row if c.rank == rank)
            missing = tuple(c.suit for c in unseen if c.rank == rank and c.suit not in present)
            key = ("any", ()) if not missing else ("but", missing) if len(missing) < len(present) \
                else ("of", present)
            groups.setdefault(key, []).append(rank)
        parts = tuple((how, tuple(ranks), suits) for (how, suits), ranks in groups.items())
        rows.append(StarterRow(cards, total, tuple(row), parts))
    return rows


_DECK = tuple(Card(rank, suit) for suit in "CDHS" for rank in range(1, 14))
