"""`Game`: the whole state of a cribbage game as a state machine; moves in, events out.

>>> g = Game(seed=7, dealer=0, names=("Ann", "Ben"))
>>> g.phase, g.whose_turn, len(g.hands[1]), g.dealer
('discard', 1, 6, 0)
>>> import random
>>> rng = random.Random(1)
>>> while not g.is_over:
...     _ = g.apply(rng.choice(g.legal_moves()))
>>> max(g.scores) >= 121, g.result.winner in (0, 1)
(True, True)
>>> Game.from_json(g.to_json()).scores == g.scores
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from itertools import combinations
from typing import Any

from ..cards import Card
from ..errors import CribbageError
from . import begin, deal
from .checks import CheckMixin
from .events import Event
from .fast import VALUE, trusted_discard, trusted_play
from .kinds import AnswerKind, EventKind, Phase
from .moves import Announce, Answer, Discard, Go, Move, Play
from .muggins import MAX_COUNT, MugginsMixin
from .narration import Narrator, Said
from .play import PlayMixin
from .result import GameResult, decide
from .rules import Rules, pegged
from .save import game_from_json, game_to_json
from .seat_view import PlayView, play_view
from .setup import Setup, Start
from .show import Counting, ShowMixin

__all__ = ["Game", "PHASES"]

PHASES = tuple(Phase)  # the phases in the order a deal meets them

# Members bound once: Python 3.11 looks a member up on its enum class (Phase.PLAY) several times
# slower than the comparison itself (EnumType's __getattr__), and these run for every move.
_DISCARD, _PLAY, _ANNOUNCE, _ANSWER = Phase.DISCARD, Phase.PLAY, Phase.ANNOUNCE, Phase.ANSWER
_ACCEPT, _MUGGINS, _OVERCOUNT = AnswerKind.ACCEPT, AnswerKind.MUGGINS, AnswerKind.OVERCOUNT


class Game(CheckMixin, PlayMixin, ShowMixin, MugginsMixin):
    """One game of cribbage under `Rules`, from the first deal to the result.

    ``Game(rules=Rules(), seed=None, deck=None, dealer=None, scores=None, names=None)``

    - ``seed``: an int for the shuffles (a random one is chosen and kept when None, so every
      game can be saved and replayed).
    - ``deck``: an explicit deck for the first deal (top card first, card objects or text), or a
      list of such decks for the first deals in turn; later deals are shuffled from the seed. A
      deck of fewer than 52 cards is completed with the missing cards in a shuffled order.
      How a deck is dealt: cards go out one at a time from the top, first to the player left of
      the dealer (seat ``dealer + 1``) and on clockwise (increasing seat numbers), the dealer last
      in each round; 6 rounds with two players, 5 with three or four. With three players the
      next card (``deck[15]``) goes straight into the crib. The starter (the cut) is the next
      card: ``deck[12]`` with two players, ``deck[16]`` with three, ``deck[20]`` with four.
      `stack_deck` builds such a deck from the hands you want each seat to hold.
    - ``dealer``: the first dealer's seat; when None everyone cuts and the lowest card deals.
    - ``scores``: starting score per side (for endgame lessons), each 0 to target - 1.
    - ``names``: one name per seat for the sentences of the events (default "Player 1", ...;
      the name "You" is narrated as "You peg 2", "Your crib").
    - ``cut``: the cut for the first deal, stacked for a lesson instead of drawn from the seed:
      one card per seat, then a round per tie (see `stack_deck`'s module, ``stacked_cut``).
    - ``start``: begin the first deal at a lesson's moment, the show or the middle of the play
      (a `Start` or its dict; `show_scenario` and `play_scenario` build one).
    - ``first_deal``: the number the narration gives the first deal ("Deal 3: Ann deals"), for a
      game that is one deal of a longer one (a game between devices checks each deal with an
      engine of its own); ``deal_number`` still counts this engine's deals from 1.

    ``game.setup`` is the public `Setup` value of all of these (what a save writes down).

    Seats are numbered clockwise: the deal passes to seat ``dealer + 1``. The game stops only
    for a decision (discard, play or go, and with Muggins announce and answer); the deal, the
    cut, his heels, standard counting and the next deal happen inside `apply`.

    A stacked deal, Ann (seat 0) dealing and Ben holding five-five-five-jack:

    >>> from crib_widgets.game import stack_deck
    >>> deck = stack_deck(["AC 2C 3C 4C 6D 7D", "5H 5C 5D JS 9S 10S"], "5S", dealer=0)
    >>> g = Game(deck=deck, dealer=0, names=("Ann", "Ben"))
    >>> [str(c) for c in g.hands[1]], str(deck[12])
    (['5H', '5C', '5D', 'JS', '9S', '10S'], '5S')

    How the engine settles points the rules leave open:

    - Go is a move, also when it is the only one (learners say it). A player with no cards left
      is passed over. When every player still holding cards has said go, whoever laid the last
      card pegs the go and the next player holding cards leads.
    - Exact finish with Muggins: an announced count that would pass the target is not pegged;
      an over-count objection then takes from the counter only what was pegged.
    - Muggins: a call names 1 to 29 minus the announced count; a count of 0 cannot be objected to
      as too high. A count is settled in full before the end is decided: the counter's and the
      caller's points, the reveal and (10 back) a zero hand's setback; then if the counter stands
      at the target the counter has won (also when the caller does: the counter counted first),
      else if the caller does, the caller has.
    - Events never hide cards: a ``discard`` or ``crib card`` event carries the cards laid face
      down, so a view must decide what a player may see.
    """

    def __init__(self, rules: Rules | None = None, seed: int | None = None,
                 deck: Sequence[object] | str | None = None, dealer: int | None = None,
                 scores: Sequence[int] | None = None, names: Sequence[str] | None = None, *,
                 cut: Sequence[object] | None = None, start: Start | dict[str, Any] | None = None,
                 first_deal: int = 1) -> None:
        if type(first_deal) is not int or first_deal < 1:
            raise CribbageError(f"first_deal must be a whole number from 1, got {first_deal!r}")
        self._first_deal = first_deal
        if rules is None:
            rules = Rules()
        if not isinstance(rules, Rules):
            raise CribbageError(f"rules must be a Rules(...), got {type(rules).__name__}")
        if seed is None:
            seed = random.SystemRandom().randrange(2**32)
        if type(seed) is not int:
            raise CribbageError(f"seed must be a whole number, got {seed!r}")
        self._rules = rules.effective()
        n = self._rules.players
        self._side_of = tuple(self._rules.side_of(s) for s in range(n))
        self._seed = seed
        self._rng = random.Random(seed)
        if start is not None:
            start = Start.from_dict(start)
            if deck is not None:
                raise CribbageError("give either deck or start, not both: a start deals its own cards")
        self._decks = self._read_decks(deck)
        self._names = self._read_names(names, n)
        self._say = Narrator(self._names, self._rules.seats_of)
        self._scores = self._read_scores(scores)
        self._backs = list(self._scores)
        self._events: list[Event] = []
        self._moves: list[Move] = []
        self._result: GameResult | None = None
        self._deal_number = 0
        self._quiet = False
        for note in rules.notes:
            self._events.append(Event(EventKind.NOTE, note))
        if cut is not None and dealer is not None:
            raise CribbageError("give either dealer or cut, not both: the cut decides the dealer")
        stacked = None if cut is None else deal.stacked_cut(n, cut)
        cut_cards = None if stacked is None else tuple(tuple(c for _, c in r) for r in stacked[1])
        self._origin = Setup(rules, seed, tuple(tuple(d) for d in self._decks), dealer, tuple(self._scores),
                             self._names, cut_cards, start)
        if dealer is None:
            dealer = self._cut_for_deal(stacked)
        elif type(dealer) is not int or not 0 <= dealer < n:
            raise CribbageError(f"dealer {dealer!r} is not a seat: use 0 to {n - 1}")
        self._dealer = dealer
        if start is not None:
            self._decks = [begin.start_deck(self, start)]
        self._start_deal()
        if start is not None:
            begin.begin_at(self, start)

    def _read_decks(self, deck: object) -> list[list[Card]]:
        if deck is None:
            return []
        if not isinstance(deck, (str, list, tuple)):
            raise CribbageError(f"deck must be card text or a list of cards (or a list of such decks), "
                                f"got {type(deck).__name__}")
        if isinstance(deck, str) or (len(deck) and isinstance(deck[0], (str, Card))):
            decks = [deck]
        else:
            decks = list(deck)
        for d in decks:
            if not isinstance(d, (str, list, tuple)):
                raise CribbageError(f"each deck must be card text or a list of cards, got {d!r}")
        return [deal.complete_deck(d, random.Random(f"{self._seed}:{i}")) for i, d in enumerate(decks)]

    @staticmethod
    def _read_names(names: object, n: int) -> tuple[str, ...]:
        if names is None:
            return tuple(f"Player {i + 1}" for i in range(n))
        if isinstance(names, str) or not isinstance(names, (list, tuple)):
            raise CribbageError(f"names must be a list of {n} names, one per seat, got {names!r}")
        names = tuple(names)
        if len(names) != n or not all(isinstance(x, str) and x.strip() for x in names):
            raise CribbageError(f"names must be {n} non-empty strings, one per seat, got {names!r}")
        return tuple(x.strip() for x in names)

    def _read_scores(self, scores: object) -> list[int]:
        sides, target = self._rules.sides, self._rules.target
        if scores is None:
            return [0] * sides
        if not isinstance(scores, (list, tuple)):
            raise CribbageError(f"scores must be a list of {sides} whole numbers, one per side, "
                                f"got {scores!r}")
        checked: list[int] = list(scores)
        if len(checked) != sides or not all(type(s) is int and 0 <= s < target for s in checked):
            raise CribbageError(f"scores must be {sides} whole numbers from 0 to {target - 1} "
                                f"(one per side), got {checked!r}")
        return checked

    def _cut_for_deal(self, stacked: tuple[int, list[list[tuple[int, Card]]]] | None = None) -> int:
        dealer, rounds = stacked or deal.cut_for_deal(self._rules.players, self._rng)
        for index, cuts in enumerate(rounds):
            for seat, card in cuts:
                self._events.append(Event(EventKind.CUT_FOR_DEAL, self._say.cut(seat, card, again=index > 0),
                                          seat, self._side_of[seat], cards=(card,)))
        self._events.append(Event(EventKind.NOTE, self._say.first_dealer(dealer), dealer,
                                  self._side_of[dealer]))
        return dealer

    @property
    def setup(self) -> Setup:
        """How this game began, everything but its moves: ``Game(**game.setup.options())``
        starts it again (saving writes this down, then the moves)."""
        return self._origin

    @property
    def rules(self) -> Rules:
        """The rules as played (Muggins dropped when combined with Lowball)."""
        return self._rules

    @property
    def seed(self) -> int:
        return self._seed

    @property
    def names(self) -> tuple[str, ...]:
        return self._names

    @property
    def phase(self) -> Phase:
        """``discard``, ``play``, ``announce``, ``answer`` or ``over`` (a `Phase`)."""
        return self._phase

    @property
    def whose_turn(self) -> int | None:
        """The seat to move; in the discard phase the first seat still to discard (any such seat
        may move); None when the game is over."""
        if self._phase == _DISCARD:
            return self._discarders()[0]
        return self._turn

    @property
    def dealer(self) -> int:
        return self._dealer

    @property
    def deal_number(self) -> int:
        return self._deal_number

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Cards held now, per seat."""
        return tuple(tuple(h) for h in self._hands)

    @property
    def kept(self) -> tuple[tuple[Card, ...], ...]:
        """The hand each seat keeps for the show (empty tuples before all discards are in)."""
        return self._kept

    @property
    def crib(self) -> tuple[Card, ...]:
        return tuple(self._crib)

    @property
    def starter(self) -> Card | None:
        return self._starter

    @property
    def pile(self) -> tuple[Card, ...]:
        """Cards laid since the count last went back to 0."""
        return tuple(self._pile)

    @property
    def count(self) -> int:
        """The running total of the play."""
        return self._count

    @property
    def played(self) -> tuple[tuple[Card, ...], ...]:
        """All cards each seat has laid in this deal's play."""
        return tuple(tuple(p) for p in self._played)

    @property
    def undealt(self) -> tuple[Card, ...]:
        """The rest of the pack: cards of this deal's deck not dealt (the starter once it is turned
        is not among them)."""
        return tuple(c for c in self._deck[self._dealt:] if c != self._starter)

    @property
    def said_go(self) -> tuple[int, ...]:
        """Seats that have said go in the current count."""
        return tuple(s for s, g in enumerate(self._said_go) if g)

    @property
    def scores(self) -> tuple[int, ...]:
        """Score per side (a side is a player, or a partnership)."""
        return tuple(self._scores)

    @property
    def pegs(self) -> tuple[tuple[int, int], ...]:
        """Per side (front, back): the front peg at the score, the back peg where it was before the
        last change (after a setback the back peg is the higher one)."""
        return tuple(zip(self._scores, self._backs, strict=True))

    @property
    def is_over(self) -> bool:
        return self._result is not None

    @property
    def result(self) -> GameResult | None:
        return self._result

    @property
    def events(self) -> tuple[Event, ...]:
        """Every event since the game began."""
        return tuple(self._events)

    def deal_events(self) -> tuple[Event, ...]:
        """The events of this deal, from its ``deal`` event on."""
        return tuple(self._events[self._deal_start:])

    def view(self, seat: int) -> PlayView:
        """What ``seat`` may see now (its own cards and discards, the cards laid, the starter, who is
        still in the count; never another seat's hand or the crib): what a computer player and the
        review read."""
        return play_view(self, seat)

    @property
    def moves(self) -> tuple[Move, ...]:
        """Every move applied, in order."""
        return tuple(self._moves)

    @property
    def counting(self) -> Counting | None:
        """During a Muggins show: the hand or crib being counted; otherwise None."""
        c = self._counting
        if c is None:
            return None
        owner, cards, is_crib = c.item
        return Counting(owner, cards, self._cut_card(), is_crib, c.announced, c.answerers, c.index)

    @property
    def narrator(self) -> Narrator:
        """Who words this game's events for people (its names in sentences)."""
        return self._say

    def side_name(self, side: int) -> str:
        """A side in words: a name, or two partners' names."""
        return self._say.side(side)

    def legal_moves(self) -> list[Move]:
        """Every move allowed now, for every seat that may move (all card choices for discards)."""
        phase = self._phase
        moves: list[Move]
        if phase == _PLAY:
            seat, room = self._mover(), 31 - self._count
            moves = [trusted_play(seat, c) for c in self._hands[seat] if VALUE[c.rank] <= room]
            return moves or [Go(seat)]
        if phase == _DISCARD:
            k = self._rules.discards
            moves = []
            cache = self._discard_moves  # a hand does not change until it has discarded
            for seat in self._discarders():
                discards = cache[seat]
                if discards is None:
                    discards = cache[seat] = [trusted_discard(seat, c)
                                              for c in combinations(self._hands[seat], k)]
                moves += discards
            return moves
        if phase == _ANNOUNCE:
            seat = self._mover()
            return [Announce(seat, n) for n in range(MAX_COUNT + 1)]
        if phase == _ANSWER:
            seat, announced = self._mover(), self._counted().claimed()
            moves = [Answer(seat, _ACCEPT)]
            if announced > 0:
                moves.append(Answer(seat, _OVERCOUNT))
            moves += [Answer(seat, _MUGGINS, n) for n in range(1, MAX_COUNT - announced + 1)]
            return moves
        return []

    def check(self, move: Move) -> None:
        """Raise `IllegalMove` saying why ``move`` is not allowed now (and what is); change nothing."""
        self._check(move)

    def apply(self, move: Move) -> list[Event]:
        """Make ``move`` and everything that follows by itself; return the events it caused.

        An illegal move raises `IllegalMove` and leaves the game exactly as it was.
        """
        self._check(move)
        start = len(self._events)
        if isinstance(move, Discard) and len(move.cards) == 2 and move.cards[1] < move.cards[0]:
            move = trusted_discard(move.seat, (move.cards[1], move.cards[0]))
        self._moves.append(move)
        if isinstance(move, Play):
            self._play(move.seat, move.card)
        elif isinstance(move, Go):
            self._go(move.seat)
        elif isinstance(move, Discard):
            self._discard(move.seat, move.cards)
        elif isinstance(move, Announce):
            self._announce(move.seat, move.points)
        else:
            self._answer(move)
        return self._events[start:]

    def copy(self) -> Game:
        """An independent copy (cheap: no replay)."""
        new = object.__new__(Game)
        new.__dict__.update(self.__dict__)
        new._rng = random.Random()
        new._rng.setstate(self._rng.getstate())
        for name in ("_crib", "_pile", "_said_go", "_pending", "_scores", "_backs", "_events", "_moves",
                     "_queue", "_discard_moves"):
            setattr(new, name, list(getattr(self, name)))
        new._hands = [list(h) for h in self._hands]
        new._played = [list(p) for p in self._played]
        new._counting = None if self._counting is None else replace(self._counting)
        return new

    def _move_pegs(self, side: int, delta: int) -> None:
        self._backs[side] = self._scores[side]
        self._scores[side] += delta

    def _score(self, kind: EventKind, seat: int, points: int, said: Said, *, end: bool = True,
               **fields: Any) -> bool:  # fields: the Event's own (cards, starter, ...), passed on
        """Peg ``points`` for ``seat``'s side (exact finish may refuse them); True if the game ended."""
        if self._quiet:  # a lesson's set-up is laid out, not scored: its scores are given
            return False
        rules = self._rules
        side = self._side_of[seat]
        text = said.text
        if points > 0 and not pegged(points, rules.target - self._scores[side], rules.exact_finish):
            text = self._say.not_pegged(seat, points, said.reason, rules.target)
            points = 0
        if points:
            self._move_pegs(side, points)
        self._events.append(Event(kind, text, seat, side, points, **fields))
        if end and points > 0 and self._scores[side] >= rules.target:
            self._end(side)
            return True
        return False

    def _end(self, side: int) -> None:
        rules = self._rules
        self._result = decide(rules, tuple(self._scores), side, self._say)
        self._phase = Phase.OVER
        self._turn = None
        self._events.append(Event(EventKind.GAME_OVER, self._result.text, None, side))

    def to_json(self) -> str:
        """The game as JSON text: rules, seed, explicit decks, starting options and moves.

        Equal games give equal text; `Game.from_json` replays it to the identical state.
        """
        return game_to_json(self._origin, self._moves)

    @classmethod
    def from_json(cls, text: str) -> Game:
        """Restore a game saved with `to_json` by replaying its moves; a damaged or foreign save
        raises `CribbageError` saying what is wrong."""
        return game_from_json(text, cls)

    def __repr__(self) -> str:
        return (f"<Game {self._rules.describe()}; deal {self._deal_number}, {self._phase}; "
                f"scores {self.scores}>")
