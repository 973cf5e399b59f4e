"""The deal, the discards, the cut and the play to 31, as part of `Game`."""

from __future__ import annotations

from ..cards import Card
from ..pegging import PlayScore, go_item, last_card_item, next_in_count, next_leader, play_points
from . import deal
from .events import Event
from .fast import VALUE, may_score, take
from .kinds import EventKind, Phase
from .moves import Discard
from .state import GameState

__all__ = ["PlayMixin"]

# Members bound once: Python 3.11 looks a member up on its enum class (Phase.PLAY) several times
# slower than the comparison itself (EnumType's __getattr__), and these are made for every card.
_DISCARD, _PLAY, _PEG, _LAST_CARD = EventKind.DISCARD, EventKind.PLAY, EventKind.PEG, EventKind.LAST_CARD
_GO, _GO_POINT, _RESET = EventKind.GO, EventKind.GO_POINT, EventKind.RESET


class PlayMixin(GameState):
    """Dealing and the play of `Game` (which holds the state)."""

    def _start_deal(self) -> None:
        rules, n = self._rules, self._rules.players
        self._deal_number += 1
        self._deal_start = len(self._events)
        index = self._deal_number - 1
        self._deck = self._decks[index] if index < len(self._decks) else deal.complete_deck((), self._rng)
        order, crib_index, starter_index = deal.deal_layout(n, self._dealer)
        deck = self._deck
        self._hands = [[] for _ in range(n)]
        for i, seat in enumerate(order):
            self._hands[seat].append(deck[i])
        self._crib = [deck[crib_index]] if crib_index >= 0 else []
        self._dealt = starter_index
        self._starter: Card | None = None
        self._kept: tuple[tuple[Card, ...], ...] = ((),) * n
        self._played = [[] for _ in range(n)]
        self._left = 4 * n  # cards still to be played this deal
        self._pending = [True] * n
        self._discard_moves: list[list[Discard] | None] = [None] * n
        self._pile: list[Card] = []
        self._count = 0
        self._said_go = [False] * n
        self._last_layer: int | None = None
        self._queue = []
        self._counting = None
        self._turn: int | None = None
        self._phase = Phase.DISCARD
        say, dealer = self._say, self._dealer
        side = rules.side_of(dealer)
        number = self._deal_number + self._first_deal - 1  # a deal of a longer game: its own number
        self._events.append(Event(EventKind.DEAL, say.deal(number, dealer), dealer, side))
        if crib_index >= 0:
            self._events.append(Event(EventKind.CRIB_CARD, say.crib_card(), dealer, side,
                                      cards=(deck[crib_index],)))

    def _next_deal(self) -> None:
        self._dealer = (self._dealer + 1) % self._rules.players
        self._start_deal()

    def _discard(self, seat: int, cards: tuple[Card, ...]) -> None:
        hand = self._hands[seat]
        for card in cards:
            take(hand, card)
        self._crib.extend(cards)
        self._pending[seat] = False
        self._events.append(Event(_DISCARD, self._say.discard(seat, len(cards), self._dealer), seat,
                                  self._side_of[seat], cards=cards))
        if not any(self._pending):
            self._cut()

    def _cut(self) -> None:
        n, dealer, say = self._rules.players, self._dealer, self._say
        starter = self._deck[self._dealt]
        self._starter = starter
        self._kept = tuple(tuple(h) for h in self._hands)
        cutter = (dealer - 1) % n
        self._events.append(Event(EventKind.STARTER, say.starter(cutter, dealer, starter), dealer,
                                  self._side_of[dealer], cards=(starter,)))
        if starter.rank == 11 and self._score(EventKind.HEELS, dealer, 2, say.heels(dealer),
                                              cards=(starter,)):
            return
        self._phase = Phase.PLAY
        self._turn = (dealer + 1) % n

    def _play(self, seat: int, card: Card) -> None:
        take(self._hands[seat], card)
        pile = self._pile
        pile.append(card)
        self._played[seat].append(card)
        self._count += VALUE[card.rank]
        self._last_layer = seat
        say = self._say
        side = self._side_of[seat]
        self._events.append(Event(_PLAY, say.play(seat, card, self._count), seat, side,
                                  cards=(card,)))
        if may_score(pile, self._count):
            ps = play_points(pile)
            if ps.items and self._score(_PEG, seat, ps.total, say.peg(seat, ps), cards=ps.pile,
                                        play_score=ps):
                return
        self._left -= 1
        if not self._left:
            last = PlayScore(tuple(pile), (last_card_item(card),))
            if self._count != 31 and self._score(_LAST_CARD, seat, 1, say.last_card(seat),
                                                 cards=(card,), play_score=last):
                return
            self._start_show()
            return
        if self._count == 31:
            self._reset(seat)
            return
        self._advance(seat)

    def _go(self, seat: int) -> None:
        self._said_go[seat] = True
        self._events.append(Event(_GO, self._say.go(seat), seat, self._side_of[seat]))
        self._advance(seat)

    def _advance(self, seat: int) -> None:
        """Give the turn to the next seat still in this count (the go rule, `next_in_count`); when
        nobody is, the last card laid pegs the go (a ``go point`` event) and the count closes."""
        nxt = next_in_count(seat, self._hands, self._said_go)
        if nxt is not None:
            self._turn = nxt
            return
        last = self._last_layer
        if last is None:
            raise RuntimeError("a count closes only after a card was laid in it")
        card = self._pile[-1]
        if self._score(_GO_POINT, last, 1, self._say.go_point(last), cards=(card,),
                       play_score=PlayScore(tuple(self._pile), (go_item(card),))):
            return
        self._reset(last)

    def _reset(self, last: int) -> None:
        """The count goes back to 0; the player after the last to lay a card (and holding one) leads."""
        n = self._rules.players
        leader = next_leader(last, self._hands)
        self._pile = []
        self._count = 0
        self._said_go = [False] * n
        self._last_layer = None
        self._turn = leader
        self._events.append(Event(_RESET, self._say.reset(leader), leader, self._side_of[leader]))
