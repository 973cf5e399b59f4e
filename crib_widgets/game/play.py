"""The deal, the discards, the cut and the play to 31, as part of `Game`."""

from __future__ import annotations

from ..cards import Card
from ..pegging import PlayScore, go_item, item_words, last_card_item, next_in_count, next_leader, play_points
from ..words import plural
from . import deal
from .events import Event
from .fast import PRETTY, VALUE, may_score, take
from .moves import Discard
from .state import GameState

__all__ = ["PlayMixin"]


class PlayMixin(GameState):
    """Dealing and the play of `Game` (which holds the state)."""

    def _start_deal(self) -> None:
        rules, n = self._rules, self._rules.players
        self._deal_number += 1
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
        self._phase = "discard"
        say, dealer = self._say, self._dealer
        crib_word = say.possessive(dealer, mid=True)
        self._events.append(Event("deal", f"Deal {self._deal_number}: {say.verb(dealer, 'deals', 'deal')} "
                                  f"({crib_word} crib)", dealer, rules.side_of(dealer)))
        if crib_index >= 0:
            self._events.append(Event("crib card", "One card from the pack goes face down into the crib",
                                      dealer, rules.side_of(dealer), cards=(deck[crib_index],)))

    def _next_deal(self) -> None:
        self._dealer = (self._dealer + 1) % self._rules.players
        self._start_deal()

    def _discard(self, seat: int, cards: tuple[Card, ...]) -> None:
        hand = self._hands[seat]
        for card in cards:
            take(hand, card)
        self._crib.extend(cards)
        self._pending[seat] = False
        whose = "the" if seat == self._dealer else self._say.possessive(self._dealer, mid=True)
        self._events.append(Event("discard", f"{self._say.verb(seat, 'lays', 'lay')} "
                                  f"{plural(len(cards), 'card')} in {whose} crib", seat,
                                  self._side_of[seat], cards=cards))
        if not any(self._pending):
            self._cut()

    def _cut(self) -> None:
        n, dealer, say = self._rules.players, self._dealer, self._say
        starter = self._deck[self._dealt]
        self._starter = starter
        self._kept = tuple(tuple(h) for h in self._hands)
        cutter = (dealer - 1) % n
        text = (f"{say.verb(cutter, 'cuts', 'cut')} and {say.verb(dealer, 'turns', 'turn', mid=True)} "
                f"the starter: {starter.pretty}")
        self._events.append(Event("starter", text, dealer, self._side_of[dealer], cards=(starter,)))
        heels = f"His heels: 2 for the dealer, {say.name(dealer, mid=True)}"
        if starter.rank == 11 and self._score("heels", dealer, 2, heels, "his heels", cards=(starter,)):
            return
        self._phase = "play"
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
        text = f"{say.verb(seat, 'plays', 'play')} {PRETTY[card.rank][card.suit]}, count {self._count}"
        self._events.append(Event("play", text, seat, side, cards=(card,)))
        if may_score(pile, self._count):
            ps = play_points(pile)
            if ps.items:
                words = ps.describe()
                said = words if len(ps.items) == 1 else f"{ps.total}: {words}"
                text = f"{say.verb(seat, 'pegs', 'peg')} {said}"
                reason = " and ".join(item_words(i) for i in ps.items)
                if self._score("peg", seat, ps.total, text, reason, cards=ps.pile, play_score=ps):
                    return
        self._left -= 1
        if not self._left:
            text = f"{say.verb(seat, 'pegs', 'peg')} 1 for the last card"
            if self._count != 31 and self._score("last card", seat, 1, text, "the last card", cards=(card,),
                                                 play_score=PlayScore(tuple(pile), (last_card_item(card),))):
                return
            self._start_show()
            return
        if self._count == 31:
            self._reset(seat)
            return
        self._advance(seat)

    def _go(self, seat: int) -> None:
        self._said_go[seat] = True
        self._events.append(Event("go", f"{self._say.verb(seat, 'says', 'say')} go", seat,
                                  self._side_of[seat]))
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
        if self._score("go point", last, 1, f"{self._say.verb(last, 'pegs', 'peg')} 1 for the go", "the go",
                       cards=(card,), play_score=PlayScore(tuple(self._pile), (go_item(card),))):
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
        text = f"The count goes back to 0: {self._say.verb(leader, 'leads', 'lead', mid=True)}"
        self._events.append(Event("reset", text, leader, self._side_of[leader]))
