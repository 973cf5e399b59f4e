"""`Table`: a whole game at the table, without any widgets.

The table owns the game, the seats (the learner's and the computers'), the pacing of the
computers' moves, the finished deal's show, saving and restoring, and the advice. Every call
returns the `Change` records of what happened; a view draws the table's state and narrates them.

The computers move one step at a time: `advance` makes the next visible computer move (their
throws to the crib happen at once, being face down) and a view decides how to pace the steps, a
short pause or a "Next" button. When the learner's only legal move is Go, `advance` says it for
them, with a note.

>>> t = Table(seed=1, strength="beginner")
>>> t.game.phase, t.you, t.seats
('discard', 0, ('learner', 'beginner'))
>>> advice = t.advise()
>>> [c.kind for c in t.move(Discard(0, advice.best))]
['moved']
>>> while t.waiting:
...     _ = t.advance()
>>> t.game.whose_turn == t.you or t.paused or t.game.is_over
True
"""

from __future__ import annotations

import random

from ..errors import CribbageError
from ..game import Discard, Event, Game, Go, Move, Rules
from ..game.events import plural
from .advice import Advice, advise, check_hint_level, check_warn_at, cost_of
from .changes import Change
from .ending import final_result
from .save import dumps, loads
from .seats import LEARNER, check_name, check_seats, check_strength, seat_names
from .show import DealShow, deal_starts

__all__ = ["Table"]

#: Engine events a computer move shows (its throw to the crib is face down: it is no step).
_QUIET = ("discard", "crib card")


def _capital(words: str) -> str:
    return words[:1].upper() + words[1:]


class Table:
    """A game of cribbage with one learner's seat (or none) and computer seats.

    ``Table(rules=None, *, strength="intermediate", seats=None, name="You", names=None, seed=None,
    dealer=None, hint_level="show", warn_at=2.0)``

    - ``seats``: per seat ``"learner"`` or a computer level (``beginner``, ``intermediate``,
      ``expert``); by default the learner sits at seat 0 and every other seat plays ``strength``.
      A table of computer seats only plays by itself (`play_out`), e.g. to review a game.
    - ``name``: the learner's name (a computer seat's name is refused); ``names`` overrides all.
    - ``hint_level``: ``off``, ``warn`` (a move costing more than ``warn_at`` points on average is
      held back once with a warning) or ``show``.

    State: ``game``, ``seats``, ``you`` (the learner's seat, or 0 at a computers' table: the seat
    a review looks at), ``computers`` (seat -> player), ``paused`` (the finished deal's show is up),
    ``show`` (that show: `DealShow`), ``show_step`` (the step counted aloud, -1 for none),
    ``since`` (where the "just now" events begin: at the learner's last move, or at a new deal
    after the computers' face-down throws, which are no news the learner caused), ``notes`` (the
    table's own notes since then), ``warning`` (the move held back, or None), ``prompt`` (what the
    learner is to do now, in one sentence).
    """

    def __init__(self, rules: Rules | None = None, *, strength: str = "intermediate",
                 seats: tuple[str, ...] | list[str] | None = None, name: str = "You",
                 names: tuple[str, ...] | list[str] | None = None, seed: int | None = None,
                 dealer: int | None = None, hint_level: str = "show", warn_at: float = 2.0) -> None:
        rules = Rules() if rules is None else rules
        if not isinstance(rules, Rules):
            raise CribbageError(f"rules must be a Rules(...), got {type(rules).__name__}")
        check_strength(strength)
        seats = check_seats((LEARNER,) + (strength,) * (rules.players - 1) if seats is None else seats,
                            rules.players)
        if names is None:
            names = seat_names(rules.players, check_name(name, rules.players, rules.partners), rules.partners)
        if seed is None:
            seed = random.SystemRandom().randrange(2**31)
        game = Game(rules, seed=seed, dealer=dealer, names=names)
        self._take(game, seats, check_hint_level(hint_level), check_warn_at(warn_at))

    # ---- starting, saving, restoring ---------------------------------------------------------------
    def _take(self, game: Game, seats: tuple[str, ...], hint_level: str, warn_at: float) -> None:
        from ..strategy import make_player

        self.game = game
        self.seats = seats
        self.you = seats.index(LEARNER) if LEARNER in seats else 0
        self.computers = {seat: make_player(level, seed=game.seed + seat)
                          for seat, level in enumerate(seats) if level != LEARNER}
        self.hint_level, self.warn_at = hint_level, warn_at
        self.paused, self.show, self.show_step = False, None, -1
        self.notes, self._note_at, self.warning = [], [], None
        self._deal = game.deal_number
        if game.is_over:
            self.show = DealShow.of(game.events, finished=False)
        self._quiet()
        # the computers' face-down throws are not news the learner caused: "just now" starts after them
        self.since = len(game.events)

    @property
    def strength(self) -> str:
        """The computers' level (the first computer seat's)."""
        return next((s for s in self.seats if s != LEARNER), "intermediate")

    @property
    def has_learner(self) -> bool:
        return LEARNER in self.seats

    def to_json(self) -> str:
        """The table as JSON text: the engine's saved game, the seats and the hint level."""
        return dumps(self.game, self.seats, self.hint_level, self.warn_at)

    def load_json(self, text: str) -> list[Change]:
        """Restore a table saved with `to_json` (or a bare `Game.to_json`); a damaged text raises
        `CribbageError` saying what is wrong, and this table goes on unchanged."""
        saved = loads(text)
        if not self.has_learner:
            raise CribbageError("this table has no learner's seat to restore a game into")
        self._take(saved.game, saved.seats, saved.hint_level, saved.warn_at)
        return [Change("restored", f"Restored: {self.game.rules.describe()}, deal {self.game.deal_number}")]

    @classmethod
    def from_json(cls, text: str) -> Table:
        """A new table from a save (see `load_json`)."""
        saved = loads(text)
        table = cls.__new__(cls)
        table._take(saved.game, saved.seats, saved.hint_level, saved.warn_at)
        return table

    def set_hints(self, level: str, warn_at: float | None = None) -> None:
        """Change the hint level (and the warning threshold) during a game."""
        self.hint_level = check_hint_level(level)
        if warn_at is not None:
            self.warn_at = check_warn_at(warn_at)
        self.warning = None

    # ---- whose move -----------------------------------------------------------------------------------
    def learner_moves(self) -> list[Move]:
        """The learner's legal moves now (none while the show is up or a computer is to move)."""
        if self.paused or not self.has_learner:
            return []
        return [m for m in self.game.legal_moves() if m.seat == self.you]

    def _computer_to_move(self) -> int | None:
        game = self.game
        if game.is_over:
            return None
        if game.phase == "discard":
            waiting = sorted({m.seat for m in game.legal_moves()} & set(self.computers))
            return waiting[0] if waiting else None
        seat = game.whose_turn
        return seat if seat in self.computers else None

    def _only_go(self) -> bool:
        moves = self.learner_moves()
        return len(moves) == 1 and isinstance(moves[0], Go)

    @property
    def waiting(self) -> bool:
        """A step is due before the learner decides: a computer's move, or the learner's forced go."""
        if self.paused or self.game.is_over:
            return False
        return self._computer_to_move() is not None or self._only_go()

    @property
    def to_move(self) -> str:
        """Who the table waits for, in words: "you", a computer's name, or "" (nobody)."""
        if self.paused or self.game.is_over:
            return ""
        seat = self._computer_to_move()
        if seat is not None:
            return self.game.names[seat]
        return "you" if self.learner_moves() else ""

    # ---- moves -------------------------------------------------------------------------------------------
    def move(self, move: Move, *, confirm: bool = False) -> list[Change]:
        """The learner's move. A move that is not allowed now is refused with the reason (nothing
        changes); at the ``warn`` level a move costing more than ``warn_at`` is held back once."""
        if not self.has_learner:
            return [Change("refused", "Nobody sits at the learner's seat: this table plays by itself.")]
        if self.paused:
            return [Change("refused", "The deal is over: press Next deal to see your new cards.")]
        if self.game.is_over:
            return [Change("refused", "The game is over: start a new game to play again.")]
        if move.seat != self.you:
            return [Change("refused", f"seat {move.seat} is not yours: you sit at seat {self.you}")]
        waiting_for = self._computer_to_move()
        if waiting_for is not None and self.game.phase != "discard":
            return [Change("refused", f"It is {self.game.names[waiting_for]}'s turn: wait for their move.")]
        try:
            self.game.check(move)
        except CribbageError as error:
            return [Change("refused", str(error))]
        warned = self._warn(move, confirm)
        if warned is not None:
            return [warned]
        self.since, self.notes, self._note_at, self.warning = len(self.game.events), [], [], None
        events = tuple(self.game.apply(move))
        return [Change("moved", move.describe(), events), *self._after()]

    def _warn(self, move: Move, confirm: bool) -> Change | None:
        if self.hint_level != "warn" or confirm or move == self.warning:
            return None
        cost = cost_of(self.game, move)
        if cost <= self.warn_at:
            return None
        self.warning = move
        advice = advise(self.game, self.you)
        best = " ".join(c.pretty for c in advice.best)
        what = "throw" if isinstance(move, Discard) else "card"
        return Change("warning", f"Careful: that {what} gives up {cost:.1f} points on average against the "
                                 f"best ({best}). Make the same move again to go ahead, or choose another.")

    def advance(self) -> list[Change]:
        """One step: the next visible computer move (with any face-down throws before it), or the
        learner's go when it is their only legal move. Nothing happens when no step is due."""
        if not self.waiting:
            return []
        if self._computer_to_move() is None:
            text = (f"You cannot lay a card on {self.game.count} without passing 31, so the table says go "
                    "for you.")
            self._note(text)
            events = tuple(self.game.apply(Go(self.you)))
            return [Change("auto go", text, events), *self._after()]
        events = self._quiet()
        seat = self._computer_to_move()
        if seat is not None:
            events += tuple(self.game.apply(self.computers[seat].choose(self.game, seat)))
        events += self._quiet()
        shown = [e for e in events if e.kind not in _QUIET]
        text = "; ".join(e.text for e in shown) or "the computers lay their cards in the crib"
        return [Change("computer", text, events), *self._after()]

    def _note(self, text: str) -> None:
        """A note of the table's own, placed among the events at the point it was made."""
        self.notes.append(text)
        self._note_at.append(len(self.game.events))

    def recent_items(self) -> list[Event | str]:
        """The events since the learner's last move and the table's notes, in the order they
        happened (a note stands before the events it led to)."""
        events = self.shown_events
        marks = [(at, text) for at, text in zip(self._note_at, self.notes, strict=True) if at >= self.since]
        items: list[Event | str] = []
        for index in range(self.since, len(events) + 1):
            items += [text for at, text in marks if at == index]
            if index < len(events):
                items.append(events[index])
        return items

    def _quiet(self) -> tuple[Event, ...]:
        """The computers' throws to the crib, all at once (nobody sees them)."""
        events: list[Event] = []
        while self.game.phase == "discard" and not self.paused:
            seat = self._computer_to_move()
            if seat is None:
                break
            events += self.game.apply(self.computers[seat].choose(self.game, seat))
        return tuple(events)

    def run(self) -> list[Change]:
        """Every step due until the learner has a decision, the deal's show is up or the game ends."""
        changes: list[Change] = []
        while self.waiting:
            changes += self.advance()
        return changes

    def _after(self) -> list[Change]:
        """After any move: a finished deal pauses on its show; a finished game keeps its last show."""
        game = self.game
        if game.is_over:
            self.show, self.show_step = DealShow.of(game.events, finished=False), -1
            return [Change("game over", final_result(game).text)]
        if game.deal_number != self._deal:
            self._deal = game.deal_number
            self.show, self.show_step, self.paused = DealShow.of(game.events, finished=True), -1, True
            return [Change("deal over", f"Deal {game.deal_number - 1} is over: every hand is counted.")]
        return []

    def next_deal(self) -> list[Change]:
        """Put the finished deal's show away; the computers throw to the new crib."""
        if not self.paused:
            return [Change("refused", "There is no finished deal on the table to put away.")]
        self.paused, self.show, self.show_step = False, None, -1
        self.notes, self._note_at = [], []
        events = self._quiet()
        self.since = len(self.game.events)  # the computers' throws are no news of the learner's making
        return [Change("next deal", f"Deal {self.game.deal_number}: new cards. {self.prompt}", events)]

    def step_show(self) -> list[Change]:
        """Count the show aloud one combination further (after the last, back to none)."""
        if self.show is None or not self.show.steps or not (self.paused or self.game.is_over):
            return [Change("refused", "There is no finished show to count aloud now.")]
        self.show_step = self.show_step + 1 if self.show_step + 1 < len(self.show.steps) else -1
        if self.show_step < 0:
            return [Change("show step", "That was the whole show.")]
        step = self.show.steps[self.show_step]
        return [Change("show step", f'"{step.words}" (running total {step.total})')]

    @property
    def prompt(self) -> str:
        """What the learner is to do now, in one sentence ("" when nothing is theirs to decide).

        >>> Table(seed=2, dealer=0).prompt
        'Your deal: choose 2 cards for your crib.'
        >>> Table(seed=2, dealer=1).prompt
        "Computer's deal: choose 2 cards for Computer's crib."
        """
        game = self.game
        if not self.learner_moves():
            return ""
        if game.phase == "discard":
            dealer = self._whose(game.dealer)
            return (f"{_capital(dealer)} deal: choose {plural(game.rules.discards, 'card')} "
                    f"for {dealer} crib.")
        if game.phase == "play":
            if self._only_go():
                return f"You cannot lay a card on {game.count} without passing 31: say go."
            if not game.pile:
                return "Your lead: the count starts at 0, lay any card."
            return f"Your turn: the count is {game.count}; lay a card that keeps it at 31 or under."
        what = "crib" if game.counting.is_crib else "hand"
        if game.phase == "announce":
            return f"Count your {what} with the starter and announce the points."
        return (f"{_capital(self._whose(game.counting.owner))} {what} is counted as "
                f"{plural(game.counting.announced, 'point')}: accept it, call Muggins or say it is too high.")

    def _whose(self, seat: int) -> str:
        """A seat's possessive: "your" for the learner, "Ann's", "Across'"."""
        if seat == self.you:
            return "your"
        name = self.game.names[seat]
        return f"{name}'" if name.endswith("s") else f"{name}'s"

    # ---- advice ---------------------------------------------------------------------------------------
    def advise(self) -> Advice | None:
        """The best move for the learner now and why (None when the learner has nothing to decide)."""
        if not self.learner_moves():
            return None
        return advise(self.game, self.you)

    def cost(self, move: Move) -> float:
        """Points the learner's move gives up on average against the best one."""
        return cost_of(self.game, move)

    # ---- what to draw -----------------------------------------------------------------------------------
    @property
    def shown_deal(self) -> int:
        """The deal the view describes: the finished one while its show is up."""
        return self.game.deal_number - 1 if self.paused else self.game.deal_number

    @property
    def shown_events(self) -> tuple[Event, ...]:
        """The events the view narrates: while the finished deal's show is up, none of the next deal's."""
        events = self.game.events
        if self.paused and self.show is not None:
            return events[: self.show.end]
        return events

    def deal_events(self) -> tuple[Event, ...]:
        """The events of the deal on the table (the finished one while its show is up)."""
        events = self.shown_events
        starts = deal_starts(events)
        return events[starts[-1]:] if starts else events

    def recent(self) -> tuple[Event, ...]:
        """The events since the learner's last move, up to what the view may show."""
        return self.shown_events[self.since:]

    def play_out(self, limit: int = 100_000) -> Game:
        """Play the game to the end with every seat a computer's (the show put away each deal)."""
        if self.has_learner:
            raise CribbageError("this table has a learner's seat: only a computers' table plays by itself")
        for _ in range(limit):
            if self.game.is_over:
                return self.game
            if self.paused:
                self.next_deal()
            else:
                self.advance()
        raise CribbageError(f"the game did not end within {limit} steps")

    def review(self, deals: tuple[int, ...] | None = None):
        """The review of the decisions made at the learner's seat, in the whole game or in ``deals``
        (see `crib_widgets.strategy.review`); asked twice for the same moves, it is not redone."""
        from ..strategy.review import review_game

        key = (len(self.game.moves), None if deals is None else tuple(deals))
        cached = getattr(self, "_review", None)
        if cached is None or cached[0] != key:
            self._review = (key, review_game(self.game, self.you, deals=deals))
        return self._review[1]

    def review_shown(self):
        """The review a learner asks for now: the finished deal's while its show is up, else the game's."""
        return self.review(deals=(self.shown_deal,) if self.paused else None)

    def __repr__(self) -> str:
        return f"<Table {self.seats}; {self.game!r}{'; show up' if self.paused else ''}>"

