"""What one seat may see at its turn in the play: its own cards and discards, the cards laid, the
starter, and who is still in the count; never another seat's hand or the crib.

The computer players and the review read the game only through this (and the events), so what a
player may know has one home, beside the game; `Game.view(seat)` asks it.

>>> from crib_widgets.game import Game, Rules
>>> game = Game(Rules(), seed=3, dealer=0)
>>> view = game.view(1)
>>> view.hand == game.hands[1], len(view.unseen), any(c in view.unseen for c in game.hands[1])
(True, 46, False)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from ..cards import Card, full_deck
from .kinds import EventKind

if TYPE_CHECKING:
    from .events import Event
    from .rules import Rules

__all__ = ["PlayView", "play_view", "own_discards", "Visible"]

# Members bound once: Python 3.11 looks a member up on its enum class (Phase.PLAY) several times
# slower than the comparison itself (EnumType's __getattr__), and these run for every move.
_DISCARD = EventKind.DISCARD


class Visible(Protocol):
    """What this module reads of a game (`Game` has it; the engine asks this module through
    `Game.view`, so it names no `Game` of its own)."""

    @property
    def rules(self) -> Rules: ...
    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]: ...
    @property
    def played(self) -> tuple[tuple[Card, ...], ...]: ...
    @property
    def starter(self) -> Card | None: ...
    @property
    def said_go(self) -> tuple[int, ...]: ...
    @property
    def pile(self) -> tuple[Card, ...]: ...
    @property
    def count(self) -> int: ...
    @property
    def scores(self) -> tuple[int, ...]: ...
    def deal_events(self) -> tuple[Event, ...]: ...


@dataclass(frozen=True, slots=True)
class PlayView:
    """What a player sees when it is its turn in the play.

    - ``hand``: the cards it holds; ``pile``: the cards laid since the count was last 0;
      ``count``: the running total.
    - ``unseen``: every card it cannot see (not in its hand, not its own discards, not laid,
      not the starter): the next player's cards are among them.
    - ``next_held``: how many cards the next player still in this count holds (0 when every
      other player has said go or has no cards: the player then plays on alone).
    - ``need``: points its side still needs to reach the target (None: not close, no matter);
      ``next_need``: the same for the next player's side.
    - ``lowball``: reaching the target loses, so points are to be avoided.
    - ``exact``: the exact-finish variant: points that would carry a side past the target are
      refused, so only exactly what is needed wins.
    """

    hand: tuple[Card, ...]
    pile: tuple[Card, ...]
    count: int
    unseen: tuple[Card, ...]
    next_held: int
    need: int | None = None
    next_need: int | None = None
    lowball: bool = False
    exact: bool = False

    def playable(self) -> list[Card]:
        """Cards that can be laid without passing 31."""
        room = 31 - self.count
        return [c for c in self.hand if c.value <= room]


def own_discards(game: Visible, seat: int) -> tuple[Card, ...]:
    """The cards ``seat`` laid in this deal's crib (it saw them; nobody else did)."""
    for event in game.deal_events():
        if event.kind == _DISCARD and event.seat == seat:
            return event.cards
    return ()


def play_view(game: Visible, seat: int) -> PlayView:
    """What ``seat`` can see at its turn in the play, for the play strategies."""
    rules = game.rules
    n = rules.players
    hand = game.hands[seat]
    known = set(hand)
    known.update(own_discards(game, seat))
    for laid in game.played:
        known.update(laid)
    if game.starter is not None:
        known.add(game.starter)
    unseen = tuple(c for c in full_deck() if c not in known)
    said = set(game.said_go)
    hands = game.hands
    side = rules.side_of(seat)
    # the next opponent still in this count (a partner in between is passed over: it will not
    # play against us); with nobody left the player plays on alone
    next_seat = next((s for s in ((seat + i) % n for i in range(1, n))
                      if hands[s] and s not in said and rules.side_of(s) != side), None)
    next_held = 0
    next_need = None
    if next_seat is not None:
        next_held = len(hands[next_seat])
        next_need = rules.target - game.scores[rules.side_of(next_seat)]
    return PlayView(hand=hand, pile=game.pile, count=game.count, unseen=unseen, next_held=next_held,
                    need=rules.target - game.scores[side], next_need=next_need, lowball=rules.lowball,
                    exact=rules.exact_finish)
