"""Cutting for the first deal, the deck of each deal, and stacking a deck for a teaching scenario.

How a deck is dealt (deck[0] is the top card):

- Cards go out one at a time from the top, first to the player left of the dealer (seat
  ``dealer + 1``), then clockwise (increasing seat numbers, wrapping round), the dealer last in
  each round: 6 rounds with two players, 5 with three or four.
- Three players: the next card (``deck[15]``) goes face down into the crib.
- The starter is the next card after that: ``deck[12]`` (two players), ``deck[16]`` (three) or
  ``deck[20]`` (four). This stands for the cut: with a shuffled deck it is the same as turning the
  top card of the lower packet.

>>> from crib_widgets.cards import parse_cards
>>> deck = stack_deck(["5H 5C 5D JS 2C 3C", "AH 2H 3H 4H 6H 7H"], "5S", dealer=1)
>>> " ".join(str(c) for c in deck[:4]), str(deck[12])
('5H AH 5C 2H', '5S')
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from functools import cache

from ..cards import Card, full_deck, parse_cards
from ..errors import CribbageError

__all__ = ["stack_deck", "complete_deck", "deal_layout", "cut_for_deal", "stacked_cut"]


@cache
def deal_layout(players: int, dealer: int) -> tuple[tuple[int, ...], int, int]:
    """(seat receiving each dealt card in order, index of the crib card or -1, index of the starter)."""
    rounds = 6 if players == 2 else 5
    order = tuple((dealer + 1 + i) % players for i in range(players)) * rounds
    dealt = len(order)
    crib_index = dealt if players == 3 else -1
    return order, crib_index, dealt + (players == 3)


def stack_deck(hands: Sequence[str | Iterable[str | Card]], starter: str | Card, *, dealer: int = 0,
               crib_card: str | Card | None = None) -> list[Card]:
    """The top of a deck that deals ``hands[seat]`` to each seat and turns ``starter``.

    ``hands`` holds one hand per seat (6 cards with two players, 5 with three or four), in
    seat order; three players also need ``crib_card``, the card dealt straight into the crib.
    Give the result as ``Game(deck=...)`` together with the same ``dealer``; the rest of the deck
    is filled in by the game.
    """
    players = len(hands)
    if players not in (2, 3, 4):
        raise CribbageError(f"give one hand per player (2, 3 or 4 hands), got {players}")
    if not isinstance(dealer, int) or not 0 <= dealer < players:
        raise CribbageError(f"dealer {dealer!r} is not a seat: use 0 to {players - 1}")
    size = 6 if players == 2 else 5
    cards = [parse_cards(h) for h in hands]
    for seat, hand in enumerate(cards):
        if len(hand) != size:
            raise CribbageError(f"seat {seat} needs {size} cards with {players} players, got {len(hand)}")
    if (players == 3) != (crib_card is not None):
        raise CribbageError("a crib card from the deck is dealt with three players only"
                            if players != 3 else "three players need crib_card, the card dealt to the crib")
    order, _, _ = deal_layout(players, dealer)
    taken = [0] * players
    deck = []
    for seat in order:
        deck.append(cards[seat][taken[seat]])
        taken[seat] += 1
    if crib_card is not None:  # three players (checked above): the crib's card from the deck
        deck.append(Card.parse(crib_card))
    deck.append(Card.parse(starter))
    parse_cards(deck)  # every card at most once
    return deck


def complete_deck(top: Iterable[str | Card], rng: random.Random) -> list[Card]:
    """``top`` followed by the cards it lacks, in a shuffled order from ``rng``; 52 cards."""
    # The game only ever holds the 52 canonical card objects: it may then key caches by identity.
    cards = [_CANON[c.rank, c.suit] for c in parse_cards(top if isinstance(top, str) else list(top))]
    given = {(c.rank, c.suit) for c in cards}
    rest = [c for c in _FULL_DECK if (c.rank, c.suit) not in given] if given else list(_FULL_DECK)
    rng.shuffle(rest)
    return cards + rest


_FULL_DECK = tuple(full_deck())  # made once: building 52 checked cards per deal is slow
_CANON = {(c.rank, c.suit): c for c in _FULL_DECK}


def cut_for_deal(players: int, rng: random.Random) -> tuple[int, list[list[tuple[int, Card]]]]:
    """Everyone cuts; the lowest card (ace low) deals, ties cut again.

    Returns the dealer and the cuts of every round as (seat, card) pairs.
    """
    rounds = []
    seats = list(range(players))
    while True:
        deck = full_deck()
        rng.shuffle(deck)
        cuts = list(zip(seats, deck, strict=False))
        rounds.append(cuts)
        low = min(card.rank for _, card in cuts)
        seats = [seat for seat, card in cuts if card.rank == low]
        if len(seats) == 1:
            return seats[0], rounds


def stacked_cut(players: int, rounds: object) -> tuple[int, list[list[tuple[int, Card]]]]:
    """The cut for the first deal as given, for lessons: ``rounds[0]`` holds one card per seat
    in seat order; while the lowest rank is tied, the next round holds one card per tied seat.

    Returns the dealer and the cuts as `cut_for_deal` does; a cut that is not complete, names a
    card twice in a round or leaves a tie raises `CribbageError` saying what is allowed.

    >>> stacked_cut(2, [["KH", "3D"]])[0]
    1
    >>> stacked_cut(3, [["5H", "5D", "9C"], ["KS", "2C"]])[0]
    1
    """
    if isinstance(rounds, str) or not isinstance(rounds, Sequence) or not rounds:
        raise CribbageError(f"cut must be a list of rounds, each a list of cut cards, got {rounds!r}")
    seats = list(range(players))
    result = []
    for number, given in enumerate(rounds, 1):
        cards = parse_cards(given)
        if len(cards) != len(seats):
            who = "one per seat" if number == 1 else f"one for each tied seat {seats}"
            raise CribbageError(f"cut round {number} needs {len(seats)} cards ({who}), got {len(cards)}")
        cuts = list(zip(seats, cards, strict=True))
        result.append(cuts)
        low = min(card.rank for card in cards)
        seats = [seat for seat, card in cuts if card.rank == low]
        if len(seats) == 1:
            if number != len(rounds):
                raise CribbageError(f"cut round {number} already decides the dealer (seat {seats[0]}): "
                                    f"drop the {len(rounds) - number} round(s) after it")
            return seats[0], result
    raise CribbageError(f"the cut ends in a tie between seats {seats}: add a round with one card for each")
