"""Cards: the `Card` value, reading and printing card text, the deck and seeded shuffles.

>>> Card.parse("10h")
Card(rank=10, suit='H')
>>> str(Card.parse("TH")), Card.parse("th").pretty
('10H', '10♥')
>>> [str(c) for c in parse_cards("5H, 5D 5s JC")]
['5H', '5D', '5S', 'JC']
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .colours import COLOURS
from .errors import CardError

__all__ = [
    "RANKS",
    "RANK_VALUES",
    "SUITS",
    "SUIT_SYMBOLS",
    "SUIT_NAMES",
    "SUIT_INK",
    "RED_INK",
    "BLACK_INK",
    "RANK_NAMES",
    "Card",
    "parse_cards",
    "parse_hand",
    "full_deck",
    "shuffled_deck",
    "format_cards",
]

SUITS = "CDHS"
# The counting value of each rank, indexed by rank (0 unused): ace 1, two to ten face value, J Q K 10.
# The one table every fast path indexes (the game, the look-ahead, the scoring by ranks).
RANK_VALUES = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)
_SUIT_SET = frozenset(SUITS)
SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
# The ink of each suit on screen and on paper: one red and one black, each at least 7:1 on white.
RED_INK, BLACK_INK = COLOURS["red"], COLOURS["black"]
SUIT_INK = {"C": BLACK_INK, "D": RED_INK, "H": RED_INK, "S": BLACK_INK}
RANK_TEXT = {1: "A", 11: "J", 12: "Q", 13: "K"}
RANK_NAMES = {1: "ace", 11: "jack", 12: "queen", 13: "king"}
RANKS = tuple(range(1, 14))

_RANK_IN = {"A": 1, "T": 10, "J": 11, "Q": 12, "K": 13, "10": 10}
_RANK_IN.update({str(n): n for n in range(2, 10)})
_SUIT_IN = {"C": "C", "D": "D", "H": "H", "S": "S"}
_SUIT_IN.update({sym: s for s, sym in SUIT_SYMBOLS.items()})
_SUIT_IN.update({"♧": "C", "♢": "D", "♡": "H", "♤": "S"})
_EXAMPLE = "write a rank A 2-10 (or T) J Q K followed by a suit C D H S, e.g. 10H, TH, 5c or 10♥"
_SEPARATORS = re.compile(r"[\s,;]+")


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """One playing card: `rank` 1 (ace) to 13 (king) and `suit` one of C D H S."""

    rank: int
    suit: str

    def __post_init__(self) -> None:
        if not isinstance(self.rank, int) or not 1 <= self.rank <= 13:
            raise CardError(f"rank {self.rank!r} is not a card rank: use 1 (ace) to 13 (king)")
        if self.suit not in _SUIT_SET:
            raise CardError(f"suit {self.suit!r} is not a suit: use one of C D H S")

    @classmethod
    def parse(cls, text: object) -> Card:
        """Read one card such as ``"10H"``, ``"TH"``, ``"th"`` or ``"10♥"`` (a `Card` is returned
        as it is; anything else raises `CardError` naming it)."""
        if isinstance(text, Card):
            return text
        if not isinstance(text, str):
            raise CardError(f"{text!r} is not card text: {_EXAMPLE}")
        token = text.strip()
        if len(token) >= 2:
            rank = _RANK_IN.get(token[:-1].upper())
            suit = _SUIT_IN.get(token[-1].upper())
            if rank is not None and suit is not None:
                return cls(rank, suit)
        raise CardError(f"{text!r} is not a card: {_EXAMPLE}")

    @property
    def value(self) -> int:
        """Counting value: ace 1, two to ten face value, jack, queen and king 10."""
        return RANK_VALUES[self.rank]

    @property
    def rank_text(self) -> str:
        """The rank as printed: ``A``, ``2`` .. ``10``, ``J``, ``Q``, ``K``."""
        return RANK_TEXT.get(self.rank, str(self.rank))

    @property
    def pretty(self) -> str:
        """The card with its suit symbol, e.g. ``10♥``."""
        return self.rank_text + SUIT_SYMBOLS[self.suit]

    @property
    def name(self) -> str:
        """The card in words for screen readers, e.g. ``ten of hearts``."""
        words = RANK_NAMES.get(self.rank) or _NUMBER_WORDS[self.rank]
        return f"{words} of {SUIT_NAMES[self.suit]}"

    @property
    def index(self) -> int:
        """Position 0..51 in a new deck (clubs A-K, then diamonds, hearts, spades)."""
        return SUITS.index(self.suit) * 13 + self.rank - 1

    def __str__(self) -> str:
        return self.rank_text + self.suit


_NUMBER_WORDS = {
    2: "two", 3: "three", 4: "four", 5: "five", 6: "six",
    7: "seven", 8: "eight", 9: "nine", 10: "ten",
}


def parse_cards(cards: object, *, distinct: bool = True) -> list[Card]:
    """Read several cards from text (spaces or commas between them) or from a list (of cards or
    card text); anything else raises `CardError` naming it.

    With ``distinct`` (the default) the same card twice is an error naming it.

    >>> [c.pretty for c in parse_cards("AS 10d,KH")]
    ['A♠', '10♦', 'K♥']
    """
    if isinstance(cards, str):
        tokens: list[str | Card] = [t for t in _SEPARATORS.split(cards) if t]
    elif isinstance(cards, Card):
        tokens = [cards]
    elif isinstance(cards, Iterable):
        tokens = list(cards)
    else:
        raise CardError(f"{cards!r} is not a list of cards: {_EXAMPLE}")
    result = [Card.parse(t) for t in tokens]
    if distinct:
        _check_distinct(result)
    return result


def _check_distinct(cards: Sequence[Card]) -> None:
    # (rank, suit) pairs hash in C; a Card's dataclass __hash__ is a Python call (the engine
    # checks thousands of piles and decks)
    if len({(c.rank, c.suit) for c in cards}) == len(cards):
        return
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            raise CardError(f"{card} appears twice: every card in a deck is different")
        seen.add(card)


def parse_hand(cards: str | Iterable[str | Card], size: int, what: str = "hand") -> list[Card]:
    """Read exactly ``size`` distinct cards, or raise a `CardError` saying how many were given."""
    result = parse_cards(cards)
    if len(result) != size:
        shown = " ".join(str(c) for c in result) or "no cards"
        raise CardError(f"a {what} needs exactly {size} cards, got {len(result)}: {shown}")
    return result


def full_deck() -> list[Card]:
    """The 52 cards in new-deck order (clubs, diamonds, hearts, spades; ace to king)."""
    return [Card(rank, suit) for suit in SUITS for rank in RANKS]


def shuffled_deck(seed: int | random.Random | None = None) -> list[Card]:
    """A shuffled deck; the same seed gives the same order on every machine."""
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    deck = full_deck()
    rng.shuffle(deck)
    return deck


def format_cards(cards: Iterable[Card], *, pretty: bool = False, sep: str = " ") -> str:
    """Cards as text, canonical (``5H 10D``) or with suit symbols (``5♥ 10♦``)."""
    return sep.join(c.pretty if pretty else str(c) for c in cards)
