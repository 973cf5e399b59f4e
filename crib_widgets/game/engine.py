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
from collections.abc import Iterable, Sequence
from itertools import combinations

from ..cards import Card
from ..errors import CribbageError, IllegalMove
from ..pegging import PlayItem, play_points
from ..scoring import hand_total
from . import deal
from .events import Event, Names, plural
from .moves import MOVE_TYPES, Announce, Answer, Discard, Go, Move, Play
from .muggins import MAX_COUNT, answerers, settle
from .result import GameResult, decide
from .rules import Rules
from .show import Counting, show_order

__all__ = ["Game", "PHASES"]

PHASES = ("discard", "play", "announce", "answer", "over")
_PHASE_OF = {Discard: "discard", Play: "play", Go: "play", Announce: "announce", Answer: "answer"}
_MOVE_WORDS = {Discard: "discarding", Play: "playing a card", Go: "saying go", Announce: "announcing a count",
               Answer: "answering a count"}


_new, _set = object.__new__, object.__setattr__


def _trusted_discard(seat: int, cards: tuple[Card, ...]) -> Discard:
    """A Discard of cards taken from the hand itself, made without re-checking them (speed)."""
    move = _new(Discard)
    _set(move, "seat", seat)
    _set(move, "cards", cards)
    return move


_PLAYS: dict[tuple[int, int], Play] = {}


def _trusted_play(seat: int, card: Card) -> Play:
    """The (cached) Play of a card from a hand; cards in a game are the 52 canonical objects."""
    key = (seat, id(card))
    move = _PLAYS.get(key)
    if move is None:
        move = _PLAYS[key] = _new(Play)
        _set(move, "seat", seat)
        _set(move, "card", card)
    return move


# Card text and values by rank and suit: plain lookups, cheaper than hashing a Card (hot paths).
_PRETTY_BY = [{}] + [{s: Card(r, s).pretty for s in "CDHS"} for r in range(1, 14)]
_VALUE = [0] + [min(r, 10) for r in range(1, 14)]


def _pretty(card: Card) -> str:
    return _PRETTY_BY[card.rank][card.suit]


def _may_score(pile: list[Card], count: int) -> bool:
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


_SETS = {2: "a pair", 3: "three of a kind", 4: "four of a kind"}


def _play_words(item: PlayItem) -> str:
    """What a play item is called at the table: "a pair", "three of a kind", "a run of 4"."""
    if item.kind == "pair":
        return _SETS[len(item.cards)]
    if item.kind == "run":
        return f"a run of {len(item.cards)}"
    return item.kind


def _holds(hand: list[Card], card: Card) -> bool:
    """``card in hand``, trying identity first: the cards of legal moves are the hand's own objects
    and comparing by identity skips a Python-level ``__eq__`` per card."""
    for held in hand:
        if held is card:
            return True
    return card in hand


def _take(hand: list[Card], card: Card) -> None:
    """Remove ``card`` from ``hand`` (identity first, see `_holds`)."""
    for index, held in enumerate(hand):
        if held is card:
            del hand[index]
            return
    hand.remove(card)


def _cards(cards: Iterable[Card]) -> str:
    return " ".join([_PRETTY_BY[c.rank][c.suit] for c in cards])


class Game:
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
      as too high. If after the answers both the counter and the caller stand at the target, the
      counter, who counted first, has won.
    - Events never hide cards: a ``discard`` or ``crib card`` event carries the cards laid face
      down, so a view must decide what a player may see.
    """

    def __init__(self, rules: Rules | None = None, seed: int | None = None,
                 deck: Sequence | str | None = None, dealer: int | None = None,
                 scores: Sequence[int] | None = None, names: Sequence[str] | None = None) -> None:
        if rules is None:
            rules = Rules()
        if not isinstance(rules, Rules):
            raise CribbageError(f"rules must be a Rules(...), got {type(rules).__name__}")
        if seed is None:
            seed = random.SystemRandom().randrange(2**32)
        if type(seed) is not int:
            raise CribbageError(f"seed must be a whole number, got {seed!r}")
        self._setup = {"rules": rules.to_dict(), "seed": seed, "decks": None, "dealer": dealer,
                       "scores": None if scores is None else list(scores),
                       "names": None if names is None else list(names)}
        self._rules = rules.effective()
        n = self._rules.players
        self._side_of = tuple(self._rules.side_of(s) for s in range(n))
        self._seed = seed
        self._rng = random.Random(seed)
        self._decks = self._read_decks(deck)
        self._setup["decks"] = [[str(c) for c in d] for d in self._decks] or None
        self._names = self._read_names(names, n)
        self._say = Names(self._names)
        self._scores = self._read_scores(scores)
        self._backs = list(self._scores)
        self._events: list[Event] = []
        self._moves: list[Move] = []
        self._result: GameResult | None = None
        self._deal_number = 0
        for note in rules.notes:
            self._events.append(Event("note", note))
        if dealer is None:
            dealer = self._cut_for_deal()
        elif type(dealer) is not int or not 0 <= dealer < n:
            raise CribbageError(f"dealer {dealer!r} is not a seat: use 0 to {n - 1}")
        self._dealer = dealer
        self._start_deal()

    # ----- setup -----

    def _read_decks(self, deck) -> list[list[Card]]:
        if deck is None:
            return []
        if isinstance(deck, str) or (len(deck) and isinstance(deck[0], (str, Card))):
            decks = [deck]
        else:
            decks = list(deck)
        return [deal.complete_deck(d, random.Random(f"{self._seed}:{i}")) for i, d in enumerate(decks)]

    @staticmethod
    def _read_names(names, n: int) -> tuple[str, ...]:
        if names is None:
            return tuple(f"Player {i + 1}" for i in range(n))
        if isinstance(names, str):
            raise CribbageError(f"names must be a list of {n} names, one per seat, not one string")
        names = tuple(names)
        if len(names) != n or not all(isinstance(x, str) and x.strip() for x in names):
            raise CribbageError(f"names must be {n} non-empty strings, one per seat, got {names!r}")
        return tuple(x.strip() for x in names)

    def _read_scores(self, scores) -> list[int]:
        sides, target = self._rules.sides, self._rules.target
        if scores is None:
            return [0] * sides
        scores = list(scores)
        if len(scores) != sides or not all(type(s) is int and 0 <= s < target for s in scores):
            raise CribbageError(f"scores must be {sides} whole numbers from 0 to {target - 1} "
                                f"(one per side), got {scores!r}")
        return scores

    def _cut_for_deal(self) -> int:
        dealer, rounds = deal.cut_for_deal(self._rules.players, self._rng)
        for index, cuts in enumerate(rounds):
            again = " again" if index else ""
            for seat, card in cuts:
                self._events.append(Event("cut for deal", f"{self._say.verb(seat, 'cuts', 'cut')}{again}: "
                                          f"{card.pretty}", seat, self._side_of[seat], cards=(card,)))
        self._events.append(Event("note", f"{self._say.verb(dealer, 'cuts', 'cut')} the lowest card and "
                                  f"{'deal' if self._names[dealer] == 'You' else 'deals'} first", dealer,
                                  self._side_of[dealer]))
        return dealer

    # ----- public state -----

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
    def phase(self) -> str:
        """``discard``, ``play``, ``announce``, ``answer`` or ``over``."""
        return self._phase

    @property
    def whose_turn(self) -> int | None:
        """The seat to move; in the discard phase the first seat still to discard (any such seat
        may move); None when the game is over."""
        if self._phase == "discard":
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
        owner, cards, is_crib = c["item"]
        return Counting(owner, cards, self._starter, is_crib, c["announced"], c["answerers"], c["index"])

    def side_name(self, side: int) -> str:
        """A side in words: a name, or two partners' names."""
        return self._say.side(self._rules.seats_of(side))

    # ----- moves -----

    def legal_moves(self) -> list[Move]:
        """Every move allowed now, for every seat that may move (all card choices for discards)."""
        phase = self._phase
        if phase == "play":
            seat, room = self._turn, 31 - self._count
            cards = [_trusted_play(seat, c) for c in self._hands[seat] if _VALUE[c.rank] <= room]
            return cards or [Go(seat)]
        if phase == "discard":
            k = self._rules.discards
            moves = []
            cache = self._discard_moves  # a hand does not change until it has discarded
            for seat in self._discarders():
                if cache[seat] is None:
                    cache[seat] = [_trusted_discard(seat, c) for c in combinations(self._hands[seat], k)]
                moves += cache[seat]
            return moves
        if phase == "announce":
            return [Announce(self._turn, n) for n in range(MAX_COUNT + 1)]
        if phase == "answer":
            seat, announced = self._turn, self._counting["announced"]
            moves: list[Move] = [Answer(seat, "accept")]
            if announced > 0:
                moves.append(Answer(seat, "overcount"))
            moves += [Answer(seat, "muggins", n) for n in range(1, MAX_COUNT - announced + 1)]
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
        kind = type(move)
        if kind is Discard and len(move.cards) == 2 and move.cards[1] < move.cards[0]:
            move = _trusted_discard(move.seat, (move.cards[1], move.cards[0]))
        self._moves.append(move)
        if kind is Play:
            self._play(move.seat, move.card)
        elif kind is Go:
            self._go(move.seat)
        elif kind is Discard:
            self._discard(move.seat, move.cards)
        elif kind is Announce:
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
        new._counting = None if self._counting is None else dict(self._counting)
        return new

    # ----- checking -----

    def _discarders(self) -> list[int]:
        n = self._rules.players
        return [s for s in ((self._dealer + i) % n for i in range(1, n + 1)) if self._pending[s]]

    @property
    def prompt(self) -> str:
        """What the game waits for now, in a sentence (e.g. for a status line)."""
        say, phase = self._say, self._phase
        if phase == "over":
            return f"The game is over: {self._result.text}"
        if phase == "discard":
            seats = self._discarders()
            who = " and ".join(self._names[s] for s in seats)
            k = self._rules.discards
            each = " each" if len(seats) > 1 else ""
            crib = say.possessive(self._dealer, mid=True)
            return (f"{who} {'have' if len(seats) > 1 or who == 'You' else 'has'} to lay "
                    f"{plural(k, 'card')}{each} in {crib} crib")
        seat = self._turn
        if phase == "play":
            playable = [c for c in self._hands[seat] if _VALUE[c.rank] <= 31 - self._count]
            name = self._names[seat]
            if playable:
                where = "lead" if self._count == 0 else f"play on {self._count}"
                return f"{name} to {where}: {_cards(playable)} can be laid"
            return f"{name} must say go: no card can be laid on {self._count} without passing 31"
        c = self._counting
        owner, _, is_crib = c["item"]
        what = "crib" if is_crib else "hand"
        if phase == "announce":
            return f"{say.verb(owner, 'counts', 'count')} the {what}: announce 0 to {MAX_COUNT}"
        whose = say.possessive(owner, mid=True)
        return (f"{say.verb(seat, 'answers', 'answer')} {whose} count of {c['announced']}: "
                f"{self._answer_choices(c['announced'])}")

    def _prompt_mid(self) -> str:
        """The prompt inside a sentence (after a colon): "You ..." becomes "you ..."."""
        prompt = self.prompt
        return "y" + prompt[1:] if prompt.startswith("You ") else prompt

    @staticmethod
    def _answer_choices(announced: int) -> str:
        choices = ["accept"]
        if announced < MAX_COUNT:
            choices.append(f"Muggins naming 1 to {MAX_COUNT - announced} missed points")
        if announced > 0:
            choices.append("overcount (too high)")
        return ", ".join(choices[:-1]) + " or " + choices[-1]

    def _check(self, move: Move) -> None:
        kind = type(move)
        if kind not in MOVE_TYPES:
            raise IllegalMove(f"{move!r} is not a move: use Discard, Play, Go, Announce or Answer")
        if self._phase == "over":
            raise IllegalMove(f"no more moves: the game is over. {self._result.text}")
        seat = move.seat
        if seat >= self._rules.players:
            raise IllegalMove(f"seat {seat} does not exist: seats are 0 to {self._rules.players - 1}")
        if _PHASE_OF[kind] != self._phase:
            raise IllegalMove(f"{self._names[seat]} cannot be {_MOVE_WORDS[kind]} now: {self._prompt_mid()}")
        if kind is Discard:
            return self._check_discard(move)
        if seat != self._turn:
            raise IllegalMove(f"it is not {self._say.possessive(seat, mid=True)} turn: "
                              f"{self._prompt_mid()}")
        if kind is Play:
            return self._check_play(seat, move.card)
        if kind is Go:
            playable = [c for c in self._hands[seat] if _VALUE[c.rank] <= 31 - self._count]
            if playable:
                raise IllegalMove(f"{self._names[seat]} cannot say go while holding a playable card: "
                                  f"{_cards(playable)} can be laid on {self._count}")
            return None
        if kind is Announce:
            if not 0 <= move.points <= MAX_COUNT:
                raise IllegalMove(f"announce a count from 0 to {MAX_COUNT}, not {move.points}")
            return None
        return self._check_answer(move)

    def _check_discard(self, move: Discard) -> None:
        seat, k = move.seat, self._rules.discards
        name = self._names[seat]
        if not self._pending[seat]:
            raise IllegalMove(f"{name} has already discarded: {self._prompt_mid()}")
        if len(move.cards) != k:
            raise IllegalMove(f"with {self._rules.players} players each lays exactly {plural(k, 'card')} "
                              f"in the crib, not {len(move.cards)}")
        if k == 2 and move.cards[0] == move.cards[1]:
            raise IllegalMove(f"the same card twice: {_cards(move.cards)}; discard 2 different cards")
        hand = self._hands[seat]
        for card in move.cards:
            if not _holds(hand, card):
                raise IllegalMove(f"{name} does not hold {card.pretty}: the hand is {_cards(hand)}")

    def _check_play(self, seat: int, card: Card) -> None:
        hand = self._hands[seat]
        if not _holds(hand, card):
            held = f"the hand is {_cards(hand)}" if hand else "no cards are left in the hand"
            raise IllegalMove(f"{self._names[seat]} does not hold {card.pretty}: {held}")
        if _VALUE[card.rank] + self._count > 31:
            playable = [c for c in hand if _VALUE[c.rank] <= 31 - self._count]
            allowed = f"{_cards(playable)} can be laid" if playable else "the only move is to say go"
            raise IllegalMove(f"{card.pretty} would take the count from {self._count} to "
                              f"{self._count + card.value}, past 31: {allowed}")

    def _check_answer(self, move: Answer) -> None:
        announced = self._counting["announced"]
        if move.kind == "muggins" and not 1 <= move.points <= MAX_COUNT - announced:
            if announced == MAX_COUNT:
                raise IllegalMove(f"no Muggins on a count of {MAX_COUNT}: no hand holds more; "
                                  "accept or object that it is too high (overcount)")
            raise IllegalMove(f"a Muggins call names 1 to {MAX_COUNT - announced} missed points "
                              f"(the count was {announced}, no hand holds more than {MAX_COUNT}), "
                              f"not {move.points}")
        if move.kind == "overcount" and announced == 0:
            raise IllegalMove("a count of 0 cannot be too high: accept it or call Muggins")

    # ----- the deal -----

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
        self._queue: list = []
        self._counting: dict | None = None
        self._turn: int | None = None
        self._phase = "discard"
        say, dealer = self._say, self._dealer
        crib_word = say.possessive(dealer, mid=True)
        self._events.append(Event("deal", f"Deal {self._deal_number}: {say.verb(dealer, 'deals', 'deal')} "
                                  f"({crib_word} crib)", dealer, rules.side_of(dealer)))
        if crib_index >= 0:
            self._events.append(Event("crib card", "One card from the pack goes face down into the crib",
                                      dealer, rules.side_of(dealer), cards=(deck[crib_index],)))

    def _discard(self, seat: int, cards: tuple[Card, ...]) -> None:
        hand = self._hands[seat]
        for card in cards:
            _take(hand, card)
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

    # ----- the play -----

    def _play(self, seat: int, card: Card) -> None:
        _take(self._hands[seat], card)
        pile = self._pile
        pile.append(card)
        self._played[seat].append(card)
        self._count += _VALUE[card.rank]
        self._last_layer = seat
        say = self._say
        side = self._side_of[seat]
        text = f"{say.verb(seat, 'plays', 'play')} {_PRETTY_BY[card.rank][card.suit]}, count {self._count}"
        self._events.append(Event("play", text, seat, side, cards=(card,)))
        if _may_score(pile, self._count):
            ps = play_points(pile)
            if ps.items:
                words = ", ".join(f"{i.points} for {_play_words(i)}" for i in ps.items)
                said = words if len(ps.items) == 1 else f"{ps.total}: {words}"
                text = f"{say.verb(seat, 'pegs', 'peg')} {said}"
                reason = " and ".join(_play_words(i) for i in ps.items)
                if self._score("peg", seat, ps.total, text, reason, cards=ps.pile, play_score=ps):
                    return
        self._left -= 1
        if not self._left:
            if self._count != 31 and self._score("last card", seat, 1, f"{say.verb(seat, 'pegs', 'peg')} "
                                                 "1 for the last card", "the last card", cards=(card,)):
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
        """Give the turn to the next seat clockwise still in this count; close the count if none."""
        n, hands, said = self._rules.players, self._hands, self._said_go
        for i in range(1, n + 1):
            nxt = (seat + i) % n
            if hands[nxt] and not said[nxt]:
                self._turn = nxt
                return
        last = self._last_layer
        if self._score("peg", last, 1, f"{self._say.verb(last, 'pegs', 'peg')} 1 for the go", "the go"):
            return
        self._reset(last)

    def _reset(self, last: int) -> None:
        """The count goes back to 0; the player after the last to lay a card (and holding one) leads."""
        n, hands = self._rules.players, self._hands
        leader = next(s for s in ((last + i) % n for i in range(1, n + 1)) if hands[s])
        self._pile = []
        self._count = 0
        self._said_go = [False] * n
        self._last_layer = None
        self._turn = leader
        text = f"The count goes back to 0: {self._say.verb(leader, 'leads', 'lead', mid=True)}"
        self._events.append(Event("reset", text, leader, self._side_of[leader]))

    # ----- the show -----

    def _start_show(self) -> None:
        self._queue = show_order(self._rules.players, self._dealer, self._kept, self._crib)
        self._turn = None
        if self._rules.muggins:
            self._next_count()
            return
        starter, ten_back = self._starter, self._rules.ten_back
        for owner, cards, is_crib in self._queue:
            total = hand_total(cards, starter, is_crib)
            if self._score("show", owner, total, self._show_text(owner, cards, is_crib, total),
                           "the crib" if is_crib else "the hand", cards=cards, starter=starter,
                           is_crib=is_crib, _show=True):
                return
            if total == 0 and ten_back:
                self._ten_back(owner, is_crib)
        self._next_deal()

    def _show_text(self, owner: int, cards, is_crib: bool, total: int) -> str:
        what = "crib" if is_crib else "hand"
        return (f"{self._say.possessive(owner)} {what} {_cards(cards)} with {self._starter.pretty}: "
                f"{plural(total, 'point') if total else 'nothing'}")

    def _ten_back(self, owner: int, is_crib: bool) -> None:
        side = self._side_of[owner]
        before = self._scores[side]
        after = max(0, before - 10)
        what = f"{self._say.possessive(owner)} {'crib' if is_crib else 'hand'} scored nothing"
        if before == 0:
            text = f"{what}: 10 back, but the pegs are at 0 and stay there"
        elif before < 10:
            text = f"{what}: back {before} to 0"
        else:
            text = f"{what}: 10 back, from {before} to {after}"
        self._move_pegs(side, after - before)
        self._events.append(Event("ten back", text, owner, side, after - before))

    def _next_deal(self) -> None:
        self._dealer = (self._dealer + 1) % self._rules.players
        self._start_deal()

    # ----- Muggins -----

    def _next_count(self) -> None:
        if not self._queue:
            self._counting = None
            self._next_deal()
            return
        item = self._queue.pop(0)
        self._counting = {"item": item, "announced": None, "answerers": (), "index": 0, "pegged": 0,
                          "true": hand_total(item[1], self._starter, item[2])}
        self._phase = "announce"
        self._turn = item[0]

    def _announce(self, seat: int, points: int) -> None:
        c = self._counting
        owner, cards, is_crib = c["item"]
        c["announced"] = points
        side = self._side_of[owner]
        what = "crib" if is_crib else "hand"
        text = (f"{self._say.verb(owner, 'counts', 'count')} {points} for the {what} "
                f"{_cards(cards)} with {self._starter.pretty}")
        before = self._scores[side]
        self._score("announce", owner, points, text, f"the {what}", end=False, cards=cards,
                    starter=self._starter, is_crib=is_crib)
        c["pegged"] = self._scores[side] - before
        if self._scores[side] >= self._rules.target and points <= c["true"]:
            self._reveal()
            self._end(side)
            return
        c["answerers"] = answerers(self._rules, owner)
        self._phase = "answer"
        self._turn = c["answerers"][0]

    def _answer(self, move: Answer) -> None:
        c, say = self._counting, self._say
        seat = move.seat
        if move.kind == "muggins":
            text = f"{say.verb(seat, 'calls', 'call')} Muggins for {plural(move.points, 'missed point')}"
        elif move.kind == "overcount":
            text = f"{say.verb(seat, 'says', 'say')} the count is too high"
        else:
            text = f"{say.verb(seat, 'accepts', 'accept')} the count"
        self._events.append(Event("answer", text, seat, self._side_of[seat]))
        if move.kind == "accept":
            c["index"] += 1
            if c["index"] < len(c["answerers"]):
                self._turn = c["answerers"][c["index"]]
                return
        self._settle(seat, move)

    def _settle(self, caller: int, move: Answer) -> None:
        c, say, rules = self._counting, self._say, self._rules
        owner, _, is_crib = c["item"]
        announced, true = c["announced"], c["true"]
        s = settle(announced, true, move.kind, move.points)
        counter_side = rules.side_of(owner)
        stands = f"{say.possessive(owner, mid=True)} count of {announced} stands"
        if s.outcome == "accepted":
            self._events.append(Event("muggins", f"Accepted: {stands}", owner, counter_side))
        elif s.outcome == "not too high":
            self._events.append(Event("muggins", f"The count was not too high: nothing changes; {stands}",
                                      owner, counter_side))
        elif s.outcome == "false muggins":
            text = (f"False Muggins, nothing was missed: {say.verb(owner, 'pegs', 'peg', mid=True)} the "
                    f"{plural(s.counter, 'point')} named")
            self._score("muggins", owner, s.counter, text, "a false Muggins call")
        elif s.outcome == "too high":
            taken = -min(-s.counter, c["pegged"])
            if taken:
                self._move_pegs(counter_side, taken)
            text = f"Too high by {announced - true}: {say.verb(owner, 'loses', 'lose', mid=True)} {-taken}"
            self._events.append(Event("muggins", text, owner, counter_side, taken))
        if self._result is not None:
            return
        if self._scores[counter_side] >= rules.target:
            self._reveal()
            self._end(counter_side)
            return
        if s.caller and self._score("muggins", caller, s.caller,
                                    f"{'Muggins! ' if s.outcome == 'missed' else ''}"
                                    f"{say.verb(caller, 'pegs', 'peg')} {s.caller} "
                                    f"{'missed points' if s.outcome == 'missed' else 'for the over-count'}",
                                    "the Muggins call" if s.outcome == "missed" else "the over-count"):
            return
        self._reveal()
        if true == 0 and rules.ten_back:
            self._ten_back(owner, is_crib)
        self._next_count()

    def _reveal(self) -> None:
        """Show everybody the true count of the hand just settled."""
        owner, cards, is_crib = self._counting["item"]
        true = self._counting["true"]
        what = "crib" if is_crib else "hand"
        held = plural(true, "point") if true else "nothing"
        self._events.append(Event("show", f"{self._say.possessive(owner)} {what} {_cards(cards)} with "
                                  f"{self._starter.pretty} holds {held}",
                                  owner, self._side_of[owner], 0, cards, starter=self._starter,
                                  is_crib=is_crib, _show=True))

    # ----- scores -----

    def _move_pegs(self, side: int, delta: int) -> None:
        self._backs[side] = self._scores[side]
        self._scores[side] += delta

    def _score(self, kind: str, seat: int, points: int, text: str, reason: str, *, end: bool = True,
               **fields) -> bool:
        """Peg ``points`` for ``seat``'s side (exact finish may refuse them); True if the game ended."""
        rules = self._rules
        side = self._side_of[seat]
        if points > 0 and rules.exact_finish and self._scores[side] + points > rules.target:
            text = (f"{self._say.possessive(seat)} {points} for {reason} would pass {rules.target}: "
                    "not pegged (exact finish)")
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
        self._result = decide(rules, tuple(self._scores), side, self.side_name, self._side_verb)
        self._phase = "over"
        self._turn = None
        self._events.append(Event("game over", self._result.text, None, side))

    def _side_verb(self, side: int, third: str, base: str, mid: bool = False) -> str:
        name = self.side_name(side)
        plural_subject = name.startswith("You") or " and " in name
        if mid and name.startswith("You"):
            name = "y" + name[1:]
        return f"{name} {base if plural_subject else third}"

    # ----- saving -----

    def to_json(self) -> str:
        """The game as JSON text: rules, seed, explicit decks, starting options and moves.

        Equal games give equal text; `Game.from_json` replays it to the identical state.
        """
        from .save import game_to_json

        return game_to_json(self)

    @classmethod
    def from_json(cls, text: str) -> Game:
        """Restore a game saved with `to_json` by replaying its moves; a damaged or foreign save
        raises `CribbageError` saying what is wrong."""
        from .save import game_from_json

        return game_from_json(text)

    def __repr__(self) -> str:
        return (f"<Game {self._rules.describe()}; deal {self._deal_number}, {self._phase}; "
                f"scores {self.scores}>")
