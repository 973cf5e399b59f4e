"""Beginning the first deal at a lesson's moment (a `Start`): at the show, or in the middle of
the play with a pile on the table.

The moment's cards are dealt from a stacked deck and the steps before it (the discards, the
cut, the cards already laid) are laid out by the engine's own rules with nothing pegged: the
scores are the game's starting scores, as the lesson gives them. The moves of the set-up are
not the game's moves; `Setup.start` records the moment so that a save replays it.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from ..cards import Card, parse_cards
from ..errors import CribbageError, IllegalMove
from ..pegging import next_in_count
from .deal import complete_deck, stack_deck
from .events import Event
from .fast import take
from .kinds import EventKind, Phase
from .moves import Go, Play

if TYPE_CHECKING:
    from .setup import Start
    from .state import GameState

__all__ = ["start_deck", "begin_at", "pile_seats", "neutral_crib"]


def pile_seats(pile: Sequence[Card | str], leader: int, in_hand: list[int]) -> list[int]:
    """The seat laying each entry of a count begun by ``leader``, by the go rule; ``in_hand[s]``
    is how many cards seat ``s`` holds as the count begins (updated as cards are laid)."""
    n = len(in_hand)
    said = [False] * n
    seats: list[int] = []
    turn: int | None = leader
    for number, entry in enumerate(pile, 1):
        if turn is None:
            raise CribbageError(f"the pile closes the count before entry {number} ({entry}): give only "
                                "the cards and gos since the count was last 0")
        seats.append(turn)
        if entry == "go":
            said[turn] = True
        else:
            in_hand[turn] -= 1
            if in_hand[turn] < 0:
                raise CribbageError(f"seat {turn} lays {entry} in the pile but has no card left to lay")
        turn = next_in_count(turn, [h > 0 for h in in_hand], said)
    return seats


def _hands(game: GameState, start: Start) -> list[list[Card]]:
    """The 4 cards each seat keeps for the show, in the order it lays them."""
    n = game._rules.players
    if start.at == "show":
        if len(start.kept) != n:
            raise CribbageError(f"start at the show needs one kept hand per seat ({n}), "
                                f"got {len(start.kept)}")
        hands = [list(k) for k in start.kept]
    else:
        if len(start.held) != n or len(start.laid) != n:
            raise CribbageError(f"start in the play needs 'held' and 'laid' with one list per seat ({n}), "
                                f"got {len(start.held)} and {len(start.laid)}")
        leader = (game._dealer + 1) % n if start.leader is None else start.leader
        if not 0 <= leader < n:
            raise CribbageError(f"start 'leader' {leader} is not a seat: use 0 to {n - 1}")
        in_hand = [4 - len(laid) for laid in start.laid]
        seats = pile_seats(start.pile, leader, in_hand)
        hands = [list(laid) for laid in start.laid]
        for seat, entry in zip(seats, start.pile, strict=True):
            if entry != "go":
                hands[seat].append(Card.parse(entry))
        for seat in range(n):
            hands[seat] += start.held[seat]
    for seat, hand in enumerate(hands):
        if len(hand) != 4:
            shown = " ".join(str(c) for c in hand) or "no cards"
            what = "kept" if start.at == "show" else "laid + pile + held"
            raise CribbageError(f"seat {seat} keeps 4 cards for the show ({what}), got {len(hand)}: {shown}")
    if len(start.crib) != 4:
        raise CribbageError(f"the crib has 4 cards, got {len(start.crib)}: {' '.join(map(str, start.crib))}")
    parse_cards([c for h in hands for c in h] + list(start.crib) + [start.starter])  # each card once
    return hands


def start_deck(game: GameState, start: Start) -> list[Card]:
    """The first deal's deck: it deals each seat its kept cards and its share of the crib."""
    hands = _hands(game, start)
    n, k = game._rules.players, game._rules.discards
    # The crib keeps the order given: the card from the pack first (three players), then each
    # seat's share in the order they discard (from the dealer's left).
    crib = list(start.crib)
    crib_card = crib.pop(0) if n == 3 else None
    full = [list(hand) for hand in hands]
    for i in range(n):
        full[(game._dealer + 1 + i) % n] += crib[k * i : k * i + k]
    top = stack_deck(full, start.starter, dealer=game._dealer, crib_card=crib_card)
    return complete_deck(top, random.Random(f"{game._seed}:start"))


def begin_at(game: GameState, start: Start) -> None:
    """Lay out the first deal up to ``start`` without pegging, then hand it to the players."""
    n = game._rules.players
    k = game._rules.discards
    game._quiet = True
    try:
        for seat in game._discarders():
            game._discard(seat, tuple(game._hands[seat][4 : 4 + k]))
        if start.at == "show":
            for seat in range(n):
                game._played[seat] = list(game._hands[seat])
                game._hands[seat] = []
            game._left = 0
        else:
            _lay_out_play(game, start)
    finally:
        game._quiet = False
    if start.at == "show":
        game._events.append(Event(EventKind.NOTE, game._say.lesson_begins(None)))
        game._start_show()
    else:
        game._events.append(Event(EventKind.NOTE, game._say.lesson_begins(game._count)))


def _lay_out_play(game: GameState, start: Start) -> None:
    n = game._rules.players
    for seat in range(n):
        for card in start.laid[seat]:
            take(game._hands[seat], card)
            game._played[seat].append(card)
    game._left = sum(len(h) for h in game._hands)
    game._turn = (game._dealer + 1) % n if start.leader is None else start.leader
    if not game._hands[game._turn]:
        raise CribbageError(f"seat {game._turn} cannot lead the count: it has no cards left")
    for number, entry in enumerate(start.pile, 1):
        seat = game._turn
        move = Go(seat) if entry == "go" else Play(seat, Card.parse(entry))
        before = len(game._events)
        try:
            game._check(move)
        except IllegalMove as error:
            raise CribbageError(f"the pile cannot be laid as given at entry {number} ({entry}): "
                                f"{error}") from None
        if entry == "go":
            game._go(seat)
        else:
            game._play(seat, next(c for c in game._hands[seat] if c == entry))  # the deck's own card
        if game._phase != Phase.PLAY or any(e.kind == EventKind.RESET for e in game._events[before:]):
            raise CribbageError(f"the pile closes the count at entry {number} ({entry}): give only the "
                                "cards and gos since the count was last 0, ending before it goes back to 0")


def neutral_crib(used: Iterable[Card], starter: Card) -> tuple[Card, ...]:
    """Four cards nobody holds that score as little as possible as a crib with ``starter``:
    nothing whenever such four cards exist (with a 5 turned none do: then 2, the least any four
    cards score with a 5; the 24 highest free cards are tried, those making fifteen with the
    starter last). A lesson's crib when it does not say which, so it hands nobody points the
    lesson did not mean.

    >>> " ".join(str(c) for c in neutral_crib(parse_cards("5H 6H 7H 8H 5C 6C 7C 8C"), Card.parse("KS")))
    'QC 10C 9C 7D'
    """
    from itertools import combinations

    from ..cards import full_deck
    from ..scoring import hand_total

    taken = set(used) | {starter}
    free = sorted((c for c in full_deck() if c not in taken),
                  key=lambda c: (c.value + starter.value == 15, -c.rank, c.suit))
    floor = 2 if starter.rank == 5 else 0  # no four cards score less with the starter (checked)
    best: tuple[Card, ...] = ()
    least: int | None = None
    for crib in combinations(free[:24], 4):  # 10,626 cribs: enough to find the least, and quick
        total = hand_total(crib, starter, True)
        if least is None or total < least:
            best, least = crib, total
            if total <= floor:
                break
    return best
