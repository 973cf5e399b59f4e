"""What one seat has seen of a game, and a game rebuilt from it (a shared position).

`seen_by` writes down, deal by deal, what the person at ``seat`` saw: their own dealt cards, the
starter once turned, the hands and cribs shown at the show, and every move but the other seats'
throws to the crib (face down: only that a throw was made). Nothing else: never another seat's
hidden cards. `rebuild` deals a game from such a record: the cards nobody saw are dealt afresh from
those left, so that every move of the record is still legal (a seat that said go at 25 is dealt no
card of 6 or less), then every move is replayed by the engine, which checks each against the rules.
So the rebuilt game shows exactly what the person saw: whose turn, the count, the pile, the go's,
the scores, every point pegged and why, and the review of their own decisions.

>>> from crib_widgets.game import Game
>>> game = Game(seed=3, dealer=0)
>>> _ = game.apply(game.legal_moves()[0])
>>> record = seen_by(game, 0)
>>> again, _ = rebuild(record, random.Random(1))
>>> again.hands[0] == game.hands[0] and again.scores == game.scores
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypedDict

from ..cards import Card, full_deck, parse_cards
from ..errors import CribbageError
from ..game import Discard, Event, EventKind, Game, Go, Move, Play, Rules, stack_deck
from ..game.deal import stacked_cut
from ..game.moves import move_from_list, move_to_list
from ..pegging import next_in_count
from .show import deal_starts

__all__ = ["Seen", "seen_by", "rebuild", "MAX_DEALS"]

#: More deals than any game has (a game to 121 takes about 10): a longer record is refused unread.
MAX_DEALS = 60
_HIDDEN = "hidden"  # a move list ["discard", seat] without its cards: a throw the seat did not see


class SeenDeal(TypedDict, total=False):
    """One deal as a seat saw it (see `Seen`)."""

    hand: tuple[Card, ...] | None  # None only while `seen_by` is still reading the moves
    starter: Card | None
    shown: tuple[tuple[Card, ...] | None, ...]
    crib: tuple[Card, ...] | None
    moves: list[object]  # as `move_to_list` writes them (another seat's throw ["discard", seat]); read
    # from a link, each is checked when it is replayed


@dataclass(frozen=True)
class Seen:
    """A seat's record of a game (see the module's text): the rules, names, starting scores, the
    first dealer or the cut, and per deal ``hands`` (the seat's dealt cards), ``starter`` (or None),
    ``shown`` (per seat the 4 cards shown at the show, or None), ``crib`` (shown, or None) and
    ``moves`` (move lists; another seat's throw without its cards)."""

    rules: Rules
    names: tuple[str, ...]
    seat: int
    scores: tuple[int, ...]
    dealer: int | None
    cut: tuple[tuple[Card, ...], ...] | None
    deals: tuple[SeenDeal, ...]


def seen_by(game: Game, seat: int) -> Seen:
    """What ``seat`` has seen of ``game`` (see the module's text)."""
    setup = game.setup
    if setup.start is not None:
        raise CribbageError("this game began at a lesson's moment: only a game played from its first deal "
                            "can be shared")
    replay = Game(**setup.options())
    deals: list[SeenDeal] = []
    for move in game.moves:
        while len(deals) < replay.deal_number:
            deals.append({"hand": None, "moves": []})
        deal = deals[-1]
        if type(move) is Discard and move.seat == seat:
            deal["hand"] = replay.hands[seat]
        hidden = type(move) is Discard and move.seat != seat
        deal["moves"].append(["discard", move.seat] if hidden else move_to_list(move))
        replay.apply(move)
    while len(deals) < game.deal_number:
        deals.append({"hand": None, "moves": []})
    if deals[-1]["hand"] is None:  # the deal on the table, before this seat's throw
        deals[-1]["hand"] = game.hands[seat]
    events = game.events
    starts = [*deal_starts(events), len(events)]
    n = game.rules.players
    for number, deal in enumerate(deals):
        starter: Card | None = None
        shown: list[tuple[Card, ...] | None] = [None] * n
        crib: tuple[Card, ...] | None = None
        for event in events[starts[number]:starts[number + 1]]:
            if event.kind == EventKind.STARTER:
                starter = event.cards[0]
            elif event.kind in (EventKind.SHOW, EventKind.ANNOUNCE) and event.seat is not None:
                crib, shown = _reveal(event.seat, event.cards, event.is_crib, crib, shown)
        if number == len(deals) - 1 and game.counting is not None:
            c = game.counting
            crib, shown = _reveal(c.owner, c.cards, c.is_crib, crib, shown)
        deal["starter"], deal["shown"], deal["crib"] = starter, tuple(shown), crib
    cut = None
    if setup.dealer is None:
        cut = setup.cut or _cut_rounds(events)
    return Seen(setup.rules, game.names, seat, setup.scores, setup.dealer, cut, tuple(deals))


Shown = list[tuple[Card, ...] | None]  # per seat, the hand shown at the show (None: not shown)


def _reveal(owner: int, cards: Sequence[Card], is_crib: bool, crib: tuple[Card, ...] | None,
            shown: Shown) -> tuple[tuple[Card, ...] | None, Shown]:
    if is_crib:
        return tuple(cards), shown
    shown = list(shown)
    shown[owner] = tuple(cards)
    return crib, shown


def _cut_rounds(events: Sequence[Event]) -> tuple[tuple[Card, ...], ...]:
    """The cut for the first deal, round by round, as the events tell it (a round of ties starts
    again from a lower seat)."""
    rounds: list[list[Card]] = []
    last: int | None = None
    for event in events:
        if event.kind == EventKind.CUT_FOR_DEAL and event.seat is not None:
            if last is None or event.seat <= last:
                rounds.append([])
            rounds[-1].append(event.cards[0])
            last = event.seat
    return tuple(tuple(r) for r in rounds)


# ---- rebuilding -------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Replayed:
    """What the replay noted: ``marks[k]`` the number of events after ``k`` moves; ``counts[k]``
    the count before move ``k``."""

    marks: tuple[int, ...]
    counts: tuple[int, ...]


def rebuild(seen: Seen, rng: random.Random) -> tuple[Game, Replayed]:
    """A game dealt from ``seen``: the seat's own cards and everything shown as seen, the cards
    nobody saw dealt from those left with ``rng`` (consistent with every go said), then every move
    replayed by the rules. A record no game can have raises `CribbageError` naming the deal."""
    if not seen.deals or len(seen.deals) > MAX_DEALS:
        raise CribbageError(f"it holds {len(seen.deals)} deals: a game has 1 to {MAX_DEALS}")
    n = seen.rules.players
    first = stacked_cut(n, seen.cut)[0] if seen.dealer is None else seen.dealer
    if type(first) is not int or not 0 <= first < n:
        raise CribbageError(f"its dealer {first!r} is not a seat: seats are 0 to {n - 1}")
    decks, moves = [], []
    for number, deal in enumerate(seen.deals, 1):
        try:
            deck, dealt = _deal(seen, deal, (first + number - 1) % n, rng)
        except CribbageError as error:
            raise CribbageError(f"deal {number}: {error}") from None
        decks.append(deck)
        moves.append(dealt)
    game = Game(seen.rules, seed=rng.randrange(2**31), deck=decks, dealer=seen.dealer, scores=seen.scores,
                names=seen.names, cut=seen.cut)
    marks, counts = [len(game.events)], []
    for number, deal_moves in enumerate(moves, 1):
        for move in deal_moves:
            if game.deal_number != number or game.is_over:
                raise CribbageError(f"deal {number} has a move after it ended: {move.describe()}")
            counts.append(game.count)
            try:
                game.apply(move)
            except CribbageError as error:
                raise CribbageError(f"deal {number}: {error}") from None
            marks.append(len(game.events))
        if number < len(moves) and game.deal_number == number and not game.is_over:
            raise CribbageError(f"deal {number} stops before its end, yet another deal follows it")
    return game, Replayed(tuple(marks), tuple(counts))


def _deal(seen: Seen, deal: SeenDeal, dealer: int, rng: random.Random) -> tuple[list[Card], list[Move]]:
    """One deal's deck (the seen cards, the rest dealt afresh) and its moves with every throw."""
    rules, seat, n = seen.rules, seen.seat, seen.rules.players
    size, k = rules.hand_size, rules.discards
    hand = tuple(deal["hand"] or ())
    if len(hand) != size:
        raise CribbageError(f"a hand dealt to {n} players has {size} cards, this one {len(hand)}")
    hidden = [_hidden_seat(m) for m in deal["moves"]]  # the seat of a face-down throw, else None
    listed = [move_from_list(m) if h is None else None for m, h in zip(deal["moves"], hidden, strict=True)]
    for m, h, move in zip(deal["moves"], hidden, listed, strict=True):
        if h is not None and (h == seat or not 0 <= h < n):
            raise CribbageError(f"a hidden throw {m!r} must be another seat's")
        if move is not None and type(move) is Discard and move.seat != seat:
            raise CribbageError("another seat's throw is face down: a link never names its cards")
    throw = next((m.cards for m in listed if isinstance(m, Discard)), ())
    played = [[m.card for m in listed if isinstance(m, Play) and m.seat == s] for s in range(n)]
    shown, crib = deal["shown"], deal["crib"]
    known = [*hand, *(c for s in range(n) if s != seat for c in (shown[s] or played[s])),
             *(c for c in crib or () if c not in throw), *([deal["starter"]] if deal["starter"] else [])]
    if len(set(known)) != len(known):
        raise CribbageError("a card appears twice in it")
    if any(set(played[s]) - set(held) for s, held in enumerate(shown) if held is not None):
        raise CribbageError("a seat lays a card its shown hand does not hold")
    unseen = [c for c in full_deck() if c not in set(known)]
    rng.shuffle(unseen)
    kept = _kept(seen, deal, listed, played, unseen)
    order = []  # the seats that threw, in turn
    for h, made in zip(hidden, listed, strict=True):
        if h is not None:
            order.append(h)
        elif isinstance(made, Discard):
            order.append(made.seat)
    throws = _throws(seat, n, k, throw, crib, order, unseen)
    starter = deal["starter"] or unseen.pop()
    hands = [list(hand) if s == seat else [*kept[s], *throws[s]] for s in range(n)]
    deck = stack_deck(hands, starter, dealer=dealer, crib_card=throws[n][0] if n == 3 else None)
    moves: list[Move] = []
    for h, move in zip(hidden, listed, strict=True):
        if h is not None:
            moves.append(Discard(h, tuple(throws[h])))
        elif move is not None:
            moves.append(move)
    return deck, moves


def _hidden_seat(m: object) -> int | None:
    """The seat of another seat's face-down throw (``["discard", seat]``), else None."""
    if isinstance(m, list) and len(m) == 2 and m[0] == "discard" and type(m[1]) is int:
        return m[1]
    return None


def _kept(seen: Seen, deal: SeenDeal, moves: Sequence[Move | None], played: list[list[Card]],
          unseen: list[Card]) -> list[list[Card]]:
    """Each other seat's four kept cards: as shown, or the cards it laid and fresh ones that fit
    every go it said (a card it held then would have been laid if it fitted)."""
    n, seat = seen.rules.players, seen.seat
    least = _least_values(n, moves)
    kept: list[list[Card]] = [[] for _ in range(n)]
    for s in sorted(range(n), key=lambda s: -least[s]):
        if s == seat:
            continue
        shown = deal["shown"][s]
        if shown is not None:
            kept[s] = list(shown)
            continue
        need = 4 - len(played[s])
        if need < 0:
            raise CribbageError(f"seat {s} lays more than the 4 cards of a hand")
        fits = [c for c in unseen if c.value >= least[s]][:need]
        if len(fits) < need:
            raise CribbageError(f"no cards are left for seat {s} that fit the go's it said")
        for card in fits:
            unseen.remove(card)
        kept[s] = [*played[s], *fits]
    return kept


def _least_values(n: int, moves: Sequence[Move | None]) -> list[int]:
    """Per seat, the least value a card it still holds can have: after saying go at a count of 25,
    every card it kept back is worth 7 or more (walking the play by the go rule)."""
    least, in_hand, said, count = [1] * n, [4] * n, [False] * n, 0
    for move in moves:
        if not isinstance(move, (Play, Go)):
            continue
        if isinstance(move, Go):
            least[move.seat] = max(least[move.seat], 32 - count)
            said[move.seat] = True
        else:
            count += move.card.value
            in_hand[move.seat] -= 1
        if count == 31 or next_in_count(move.seat, [h > 0 for h in in_hand], said) is None:
            count, said = 0, [False] * n
    return least


def _throws(seat: int, n: int, k: int, throw: tuple[Card, ...], crib: tuple[Card, ...] | None,
            order: list[int], unseen: list[Card]) -> list[list[Card]]:
    """Each seat's throw to the crib, and last (three players) the card dealt from the pack into it:
    a shown crib is shared out in the order it was made (the pack's card first, then each throw in
    the order of ``order``, the seats that threw); else the seat's own and fresh cards."""
    throws: list[list[Card]] = [[] for _ in range(n + 1)]
    if crib is None:
        fresh = [unseen.pop() for _ in range(4 - k)]
        throws[seat] = list(throw)
        for s in [*(s for s in range(n) if s != seat), n]:
            throws[s] = [fresh.pop() for _ in range(k if s < n else len(fresh))]
        return throws
    pool = list(crib)
    if n == 3:
        throws[n] = [pool.pop(0)]
    for s in order:
        throws[s] = [pool.pop(0) for _ in range(k)]
    if len(order) != n or pool or set(throws[seat]) != set(throw):
        raise CribbageError("the crib shown does not hold each seat's throw")
    return throws


def cards_of(text: object, what: str, count: int | None = None) -> tuple[Card, ...]:
    """Cards read from a record's text ("5H 6C ..."), ``count`` of them when given."""
    if not isinstance(text, str):
        raise CribbageError(f"its {what} must be card text such as '5H 6C', got {text!r:.40}")
    cards = tuple(parse_cards(text)) if text.strip() else ()
    if count is not None and len(cards) != count:
        raise CribbageError(f"its {what} must hold {count} cards, not {len(cards)}")
    return cards
