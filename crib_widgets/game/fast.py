"""Hot-path helpers of the engine: card values and text by lookup, identity-first card search,
legal moves made without re-checking, and a guard that says when a played card might score.

A random game makes thousands of these calls, so each avoids hashing or comparing `Card`
objects through Python-level methods. The game only ever holds the 52 canonical card objects
(see `deal.complete_deck`), which makes identity tests and identity-keyed caches safe.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..cards import RANK_VALUES, Card
from .moves import Discard, Play

__all__ = ["VALUE", "PRETTY", "cards_text", "typed", "may_score", "holds", "take", "trusted_discard",
           "trusted_play"]

_new, _set = object.__new__, object.__setattr__

# Card text and values by rank and suit: plain lookups, cheaper than hashing a Card.
PRETTY: list[dict[str, str]] = [{}] + [{s: Card(r, s).pretty for s in "CDHS"} for r in range(1, 14)]
VALUE = RANK_VALUES


def cards_text(cards: Iterable[Card]) -> str:
    """Cards with suit symbols, e.g. ``5♥ 10♦``."""
    return " ".join([PRETTY[c.rank][c.suit] for c in cards])


def typed(cards: Card | Iterable[Card]) -> str:
    """Cards for messages, in the notation users type with the symbols after it:
    ``5C (5♣)``, ``5H 10D (5♥ 10♦)``."""
    if isinstance(cards, Card):
        cards = (cards,)
    cards = tuple(cards)
    return f"{' '.join(str(c) for c in cards)} ({cards_text(cards)})"


def trusted_discard(seat: int, cards: tuple[Card, ...]) -> Discard:
    """A Discard of cards taken from the hand itself, made without re-checking them (speed)."""
    move = _new(Discard)
    _set(move, "seat", seat)
    _set(move, "cards", cards)
    return move


_PLAYS: dict[tuple[int, int], Play] = {}



def trusted_play(seat: int, card: Card) -> Play:
    """The (cached) Play of a card from a hand; cards in a game are the 52 canonical objects."""
    key = (seat, id(card))
    move = _PLAYS.get(key)
    if move is None:
        move = _PLAYS[key] = _new(Play)
        _set(move, "seat", seat)
        _set(move, "card", card)
    return move



def may_score(pile: list[Card], count: int) -> bool:
    """False only when the card just laid surely scores nothing, so that `play_points` (the one
    place the play is scored) is asked only about cards that might score: a speed guard."""
    if count == 15 or count == 31:
        return True
    n = len(pile)
    if n < 2:
        return False
    last = pile[-1].rank
    if pile[-2].rank == last:
        return True
    # A run needs the last k cards (k >= 3) to be k different ranks spanning k - 1.
    low = high = last
    seen = 1 << last
    for k in range(2, n + 1):
        rank = pile[-k].rank
        bit = 1 << rank
        if seen & bit:
            return False
        seen |= bit
        if rank < low:
            low = rank
        elif rank > high:
            high = rank
        if k >= 3 and high - low == k - 1:
            return True
    return False



def holds(hand: list[Card], card: Card) -> bool:
    """``card in hand``, trying identity first: the cards of legal moves are the hand's own objects
    and comparing by identity skips a Python-level ``__eq__`` per card."""
    for held in hand:
        if held is card:
            return True
    return card in hand



def take(hand: list[Card], card: Card) -> None:
    """Remove ``card`` from ``hand`` (identity first, see `holds`)."""
    for index, held in enumerate(hand):
        if held is card:
            del hand[index]
            return
    hand.remove(card)

