"""`Table`: a whole game at the table, without any widgets.

The table owns the game, the seats (the learner's and the computers'), the pacing of the
computers' moves, the finished deal's show, saving and restoring, and the advice. Every call
returns the `Change` records of what happened; a view draws the table's state and narrates them.

Two to four people can share one device ("pass and play"): give ``seats`` several ``"person"``
entries. Each person's cards are hidden until that person takes the device: when the next decision
in the discard or the play is another person's, the table stops with ``passing`` set to their seat
and ``prompt`` saying "Pass to Ben: tap when only Ben is looking"; `take_device` hands it over.
The show and the board are public (the counts need no handing over). Hints ("off", "warn",
"show") are each person's own, and `review` looks at any person's decisions.

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
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING

from ..errors import CribbageError
from ..game import ChangeKind, Discard, Event, Game, Go, Move, Phase, Rules
from . import seats as kinds
from .advice import Advice, HintLevel, advise, check_hint_level, check_hints, check_warn_at, cost_of
from .changes import Change, refused
from .ending import final_result
from .prompts import go_note, prompt_words, warning_text
from .reviews import Reviews
from .save import dumps, loads, saved_hints
from .seats import LEARNER, check_name, check_names, check_seats, check_strength, people_names, seat_names
from .show import DealShow, deal_starts

if TYPE_CHECKING:
    from ..lessons.record import AnswerRecord
    from ..strategy.review import Review

__all__ = ["Table"]



class Table:
    """A game of cribbage with people's seats (none, one, or several sharing the device) and
    computer seats.

    ``Table(rules=None, *, strength="intermediate", seats=None, name="You", names=None, seed=None,
    dealer=None, hint_level="show", warn_at=2.0, hints=None, deck=None)``

    - ``seats``: per seat ``"person"`` (also ``"learner"``) or a computer level (``beginner``,
      ``intermediate``, ``expert``); by default one person sits at seat 0 and every other seat plays
      ``strength``. Several people pass the device round. A table of computer seats only plays by
      itself (`play_out`), e.g. to review a game.
    - ``name``: the one person's name (a computer seat's name is refused); ``names`` names every
      seat (each different; with several people the default is "Player 1", "Player 2", ...,
      "Computer").
    - ``deck``: the top of the first deal's deck, as `Game` takes it (e.g. the day's hand,
      `crib_widgets.lessons.daily.DailyHand.game_deck`); later deals are shuffled from ``seed``.
    - ``hint_level``: ``off``, ``warn`` (a move costing more than ``warn_at`` points on average is
      held back once with a warning) or ``show``, for every person; ``hints`` (seat -> level)
      gives a person a level of their own.

    State: ``game``, ``seats``, ``people`` (the people's seats), ``you`` (the seat of the person
    holding the device, or 0 at a computers' table: the seat a review looks at), ``passing`` (the
    person the device must go to before anyone sees a hand, or None), ``hints`` (per person:
    level, warn at; ``hint_level`` and ``warn_at`` are those of the person holding the device),
    ``computers`` (seat -> player), ``records`` (the learner's throws, each an `AnswerRecord` for
    "discards" judged as the review judges it: `crib_widgets.lessons.discards`; none with several
    people at the device), ``paused`` (the finished deal's show is up),
    ``show`` (that show: `DealShow`), ``show_step`` (the step counted aloud, -1 for none),
    ``since`` (where the "just now" events begin: at the learner's last move, or at a new deal
    after the computers' face-down throws, which are no news the learner caused), ``notes`` (the
    table's own notes since then), ``warning`` (the move held back, or None), ``prompt`` (what the
    learner is to do now, in one sentence).
    """

    # kept across a restore (`_take` keeps them): the learner's judged throws and those still to judge
    _records: list[AnswerRecord]
    _unjudged: list[tuple[Game, Discard, bool]]

    def __init__(self, rules: Rules | None = None, *, strength: str = "intermediate",
                 seats: tuple[str, ...] | list[str] | None = None, name: str = "You",
                 names: tuple[str, ...] | list[str] | None = None, seed: int | None = None,
                 dealer: int | None = None, hint_level: str = HintLevel.SHOW, warn_at: float = 2.0,
                 hints: dict[int, str] | None = None, deck: Sequence[object] | str | None = None) -> None:
        rules = Rules() if rules is None else rules
        if not isinstance(rules, Rules):
            raise CribbageError(f"rules must be a Rules(...), got {type(rules).__name__}")
        check_strength(strength)
        seats = check_seats((LEARNER,) + (strength,) * (rules.players - 1) if seats is None else seats,
                            rules.players)
        if names is None and seats.count(LEARNER) > 1:
            names = people_names(seats)
        elif names is None:
            names = seat_names(rules.players, check_name(name, rules.players, rules.partners), rules.partners)
        names = check_names(names, rules.players)
        level, at = check_hint_level(hint_level), check_warn_at(warn_at)
        per_person = {seat: (level, at) for seat, s in enumerate(seats) if s == LEARNER}
        for seat, own in check_hints(hints, per_person).items():
            per_person[seat] = (own, at)
        if seed is None:
            seed = random.SystemRandom().randrange(2**31)
        game = Game(rules, seed=seed, deck=deck, dealer=dealer, names=names)
        self._take(game, seats, per_person)

    # ---- starting, saving, restoring ---------------------------------------------------------------
    def _take(self, game: Game, seats: tuple[str, ...], hints: Mapping[int, tuple[str, float]],
              paused: bool = False) -> None:
        from ..strategy import make_player

        self.game = game
        self.seats = seats
        self.people = tuple(seat for seat, s in enumerate(seats) if s == LEARNER)
        self.you = self.people[0] if self.people else 0
        self.passing: int | None = None
        # whose cards the screen may show: with several people nobody's until one takes the device
        self._shown_to: int | None = self.you if len(self.people) < 2 else None
        self.computers = {seat: make_player(level, seed=game.seed + seat)
                          for seat, level in enumerate(seats) if level not in (LEARNER, kinds.REMOTE)}
        self.hints = {seat: hints.get(seat, (HintLevel.SHOW, 2.0)) for seat in self.people}
        self.paused, self.show, self.show_step = paused, None, -1
        self.notes: list[str] = []  # the table's own notes since "just now", each before event _note_at[i]
        self._note_at: list[int] = []
        self.warning: Move | None = None
        # the learner's throws, each judged as an answer for "discards" (kept across a restore, so a
        # page's count of the records it has kept stays right); `_throw_hinted`: Show me or a
        # warning was seen before this deal's throw
        self.__dict__.setdefault("_records", [])
        self.__dict__.setdefault("_unjudged", [])  # throws made, judged when `records` is read
        self._throw_hinted = False
        self._deal = game.deal_number
        if game.is_over or paused:
            self.show = DealShow.of(game.events, finished=paused)
        self._quiet()
        # the computers' face-down throws are not news the learner caused: "just now" starts after them
        self.since = len(game.events)
        self._hand_over()

    @property
    def hint_level(self) -> str:
        """The hint level of the person holding the device ("show" at a computers' table)."""
        return self.hints.get(self.you, (HintLevel.SHOW, 2.0))[0]

    @property
    def warn_at(self) -> float:
        """Points a move of the person holding the device may cost before the table warns."""
        return self.hints.get(self.you, (HintLevel.SHOW, 2.0))[1]

    @property
    def strength(self) -> str:
        """The computers' level (the first computer seat's)."""
        return next((s for s in self.seats if s != LEARNER), "intermediate")

    @property
    def has_learner(self) -> bool:
        return LEARNER in self.seats

    def to_json(self) -> str:
        """The table as JSON text: the engine's saved game, the seats and each person's hints."""
        first = self.hints.get(self.people[0] if self.people else -1, (HintLevel.SHOW, 2.0))  # -1: nobody
        return dumps(self.game, self.seats, first[0], first[1], self.hints,
                     shown=(self.paused, self.show_step))

    def load_json(self, text: str) -> list[Change]:
        """Restore a table saved with `to_json` (or a bare `Game.to_json`); a damaged text raises
        `CribbageError` saying what is wrong, and this table goes on unchanged."""
        saved = loads(text)
        if not self.has_learner:
            raise CribbageError("this table has no learner's seat to restore a game into")
        self._take(saved.game, saved.seats, saved_hints(saved), saved.paused)
        self.show_step = saved.show_step
        text = f"Restored: {self.game.rules.describe()}, deal {self.game.deal_number}"
        return [Change(ChangeKind.RESTORED, text)]

    @classmethod
    def from_json(cls, text: str) -> Table:
        """A new table from a save (see `load_json`)."""
        saved = loads(text)
        table = cls.__new__(cls)
        table._take(saved.game, saved.seats, saved_hints(saved), saved.paused)
        table.show_step = saved.show_step
        return table

    @classmethod
    def from_game(cls, game: Game, seats: tuple[str, ...] | list[str], hint_level: str = HintLevel.SHOW,
                  warn_at: float = 2.0, *, paused: bool = False) -> Table:
        """A table round a game already begun (a lesson's moment, a shared position): ``seats`` as
        for the constructor; ``paused``: the deal just finished has its show up (the game's last
        move ended it)."""
        if not isinstance(game, Game):
            raise CribbageError(f"game must be a Game, got {type(game).__name__}")
        seats = check_seats(seats, game.rules.players)
        level, at = check_hint_level(hint_level), check_warn_at(warn_at)
        table = cls.__new__(cls)
        table._take(game, seats, {seat: (level, at) for seat, s in enumerate(seats) if s == LEARNER}, paused)
        return table

    def share_link(self, base: str = "") -> str:
        """A link to this moment as the person holding the device saw it (see
        `crib_widgets.table.share`): never a card they did not see."""
        from .share_write import share_link

        return share_link(self, base)

    def lock_hints(self, why: str) -> None:
        """Keep every person's hints as they are for the rest of the game (a class tournament plays
        without them); ``why`` ends the sentence that refuses a change."""
        self._hints_locked = why

    def set_hints(self, level: str, warn_at: float | None = None, *, seat: int | None = None) -> None:
        """Change a person's hint level (and warning threshold) during a game: by default the
        person holding the device's; each person keeps their own."""
        locked = self.__dict__.get("_hints_locked")
        if locked:
            raise CribbageError(f"the hints cannot be changed now: {locked}")
        seat = self.you if seat is None else seat
        if seat not in self.hints:
            raise CribbageError(f"seat {seat!r} is no person's seat: the people sit at "
                                f"{', '.join(map(str, self.people)) or 'no seat'}")
        level = check_hint_level(level)
        at = self.hints[seat][1] if warn_at is None else check_warn_at(warn_at)
        self.hints[seat] = (level, at)
        self.warning = None

    # ---- passing the device -------------------------------------------------------------------------
    def _person_due(self) -> int | None:
        """The person whose decision the game waits for (the first from the dealer's left while
        several people still have to throw), or None."""
        game = self.game
        if self.paused or game.is_over or not self.people:
            return None
        seats = {m.seat for m in game.legal_moves()} & set(self.people)
        if not seats:
            return None
        n = game.rules.players
        return next(s for s in ((game.dealer + 1 + i) % n for i in range(n)) if s in seats)

    def _hand_over(self) -> list[Change]:
        """Give the device to the person due. With several people, a hand is shown only after its
        person takes the device: in the discard and the play the table waits (``passing``) unless
        that person holds it already (and nobody else has looked since: a deal's show, a restore);
        the counts of the show are public, so there the device simply goes on."""
        due = self._person_due()
        if due is None or self._forced_go(due):
            return []
        if len(self.people) < 2 or self.game.phase in (Phase.ANNOUNCE, Phase.ANSWER):
            self.you, self.passing = due, None
            return []
        if due == self._shown_to:
            self.you, self.passing = due, None
            return []
        self.passing, self.warning = due, None
        return [Change(ChangeKind.PASS, self.prompt)]

    def take_device(self) -> list[Change]:
        """The person the device was passed to has it: their cards and choices are shown."""
        if self.passing is None:
            return refused("Nobody needs the device passed to them now.")
        self.you, self.passing = self.passing, None
        self._shown_to = self.you
        return [Change(ChangeKind.TOOK_DEVICE, f"{self.game.names[self.you]} has the device. {self.prompt}")]

    # ---- whose move -----------------------------------------------------------------------------------
    def learner_moves(self) -> list[Move]:
        """The learner's legal moves now (none while the show is up or a computer is to move)."""
        if self.paused or not self.has_learner or self.passing is not None:
            return []
        return [m for m in self.game.legal_moves() if m.seat == self.you]

    def _computer_to_move(self) -> int | None:
        game = self.game
        if game.is_over:
            return None
        if game.phase == Phase.DISCARD:
            waiting = sorted({m.seat for m in game.legal_moves()} & set(self.computers))
            return waiting[0] if waiting else None
        seat = game.whose_turn
        return seat if seat in self.computers else None

    def _only_go(self) -> bool:
        """The person due can only say go (the table says it for them)."""
        due = self._person_due()
        return due is not None and self._forced_go(due)

    def _forced_go(self, seat: int) -> bool:
        if self.game.phase != Phase.PLAY or self.game.whose_turn != seat:
            return False
        moves = self.game.legal_moves()
        return len(moves) == 1 and isinstance(moves[0], Go)

    @property
    def waiting(self) -> bool:
        """A step is due before the learner decides: a computer's move, or the learner's forced go."""
        if self.paused or self.game.is_over or self.passing is not None:
            return False
        return self._computer_to_move() is not None or self._only_go()

    @property
    def to_move(self) -> str:
        """Who the table waits for, in words: "you", a computer's name, the name of the person the
        device is to be passed to, or "" (nobody)."""
        if self.paused or self.game.is_over:
            return ""
        if self.passing is not None:
            return self.game.names[self.passing]
        seat = self._computer_to_move()
        if seat is not None:
            return self.game.names[seat]
        due = self._person_due()
        if due is not None and due != self.you:  # a forced go of another person's
            return self.game.names[due]
        return "you" if self.learner_moves() or self._only_go() else ""

    # ---- moves -------------------------------------------------------------------------------------------
    def move(self, move: Move, *, confirm: bool = False) -> list[Change]:
        """The learner's move. A move that is not allowed now is refused with the reason (nothing
        changes); at the ``warn`` level a move costing more than ``warn_at`` is held back once."""
        if not self.has_learner:
            return refused("Nobody sits at the learner's seat: this table plays by itself.")
        if self.paused:
            return refused("The deal is over: press Next deal to see your new cards.")
        if self.game.is_over:
            return refused("The game is over: start a new game to play again.")
        if self.passing is not None:
            name = self.game.names[self.passing]
            return refused(f"Pass the device to {name} first: {name} taps to see their cards.")
        if move.seat != self.you:
            return refused(f"seat {move.seat} is not yours: you sit at seat {self.you}")
        waiting_for = self._computer_to_move()
        if waiting_for is not None and self.game.phase != Phase.DISCARD:
            return refused(f"It is {self.game.names[waiting_for]}'s turn: wait for their move.")
        try:
            self.game.check(move)
        except CribbageError as error:
            return refused(str(error))
        warned = self._warn(move, confirm)
        if warned is not None:
            return [warned]
        self.since, self.notes, self._note_at, self.warning = len(self.game.events), [], [], None
        if isinstance(move, Discard) and len(self.people) == 1:  # several people's answers would mix
            self._unjudged.append((self.game.copy(), move, self._throw_hinted))
            self._throw_hinted = False
        events = tuple(self.game.apply(move))
        return [Change(ChangeKind.MOVED, move.describe(), events), *self._after()]

    @property
    def records(self) -> list[AnswerRecord]:
        """The learner's throws, each an answer for "discards" (`lessons.discards`), judged as the
        review judges them. A throw is judged when this is read, not when it is made: weighing it
        takes the browser's Python seconds, and the table answers the move first."""
        from ..lessons.discards import discard_record

        while self._unjudged:
            game, move, hinted = self._unjudged.pop(0)
            try:
                self._records.append(discard_record(game, move, hinted=hinted))
            except Exception:  # the learner's progress is extra: an unjudged throw is left out
                continue
        return self._records

    def prepare_judging(self) -> None:
        """Weigh the learner's possible throws now, while they think (the page calls this when idle),
        so judging the throw they make, "Show me" and the review find the work done."""
        if self.game.phase == Phase.DISCARD and len(self.people) == 1 and self.learner_moves():
            from ..strategy.review import discard_options

            discard_options(self.game, self.you)

    def _warn(self, move: Move, confirm: bool) -> Change | None:
        if self.hint_level != HintLevel.WARN or confirm or move == self.warning:
            return None
        cost = cost_of(self.game, move)
        if cost <= self.warn_at:
            return None
        self.warning = move
        self._throw_hinted |= isinstance(move, Discard)
        advice = advise(self.game, self.you)
        if advice is None:  # a move that costs points is a decision, and a decision has advice
            return None
        return Change(ChangeKind.WARNING, warning_text(move, cost, " ".join(c.pretty for c in advice.best)))

    def advance(self) -> list[Change]:
        """One step: the next visible computer move (with any face-down throws before it), or the
        learner's go when it is their only legal move. Nothing happens when no step is due."""
        if not self.waiting:
            return []
        if self._computer_to_move() is None:
            seat = self._person_due()
            if seat is None:
                raise CribbageError("the table waits for nobody: this is a bug")
            text = go_note(self.game.names, self.you, seat, self.game.count)
            self._note(text)
            events = tuple(self.game.apply(Go(seat)))
            return [Change(ChangeKind.AUTO_GO, text, events), *self._after()]
        events = self._quiet()
        seat = self._computer_to_move()
        if seat is not None:
            events += tuple(self.game.apply(self.computers[seat].choose(self.game, seat)))
        events += self._quiet()
        shown = [e for e in events if not e.kind.quiet]  # a throw to the crib is face down: no step
        text = "; ".join(e.text for e in shown) or "the computers lay their cards in the crib"
        return [Change(ChangeKind.COMPUTER, text, events), *self._after()]

    def _note(self, text: str) -> None:
        """A note of the table's own, placed among the events at the point it was made."""
        self.note_at(len(self.game.events), text)

    def note_at(self, at: int, text: str) -> None:
        """A note of the table's own before event ``at`` (a shared position's notes are put back so)."""
        self.notes.append(text)
        self._note_at.append(at)

    def shown_notes(self) -> list[tuple[int, str]]:
        """The table's notes the "just now" line shows: (the event they stand before, the text)."""
        return [(at, text) for at, text in zip(self._note_at, self.notes, strict=True) if at >= self.since]

    def recent_items(self) -> list[Event | str]:
        """The events since the learner's last move and the table's notes, in the order they
        happened (a note stands before the events it led to)."""
        events = self.shown_events
        marks = self.shown_notes()
        items: list[Event | str] = []
        for index in range(self.since, len(events) + 1):
            items += [text for at, text in marks if at == index]
            if index < len(events):
                items.append(events[index])
        return items

    def _quiet(self) -> tuple[Event, ...]:
        """The computers' throws to the crib, all at once (nobody sees them)."""
        events: list[Event] = []
        while self.game.phase == Phase.DISCARD and not self.paused:
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
            return [Change(ChangeKind.GAME_OVER, final_result(game).text)]
        if game.deal_number != self._deal:
            self._deal = game.deal_number
            self.show, self.show_step, self.paused = DealShow.of(game.events, finished=True), -1, True
            text = f"Deal {game.deal_number - 1} is over: every hand is counted."
            return [Change(ChangeKind.DEAL_OVER, text)]
        return self._hand_over()

    def next_deal(self) -> list[Change]:
        """Put the finished deal's show away; the computers throw to the new crib."""
        if not self.paused:
            return refused("There is no finished deal on the table to put away.")
        self.paused, self.show, self.show_step = False, None, -1
        self.notes, self._note_at = [], []
        events = self._quiet()
        self.since = len(self.game.events)  # the computers' throws are no news of the learner's making
        if len(self.people) > 1:
            self._shown_to = None  # everyone looked at the show: the new cards wait for their person
        handed = self._hand_over()
        text = f"Deal {self.game.deal_number}: new cards. {self.prompt}"
        return [Change(ChangeKind.NEXT_DEAL, text, events), *handed]

    def step_show(self) -> list[Change]:
        """Count the show aloud one combination further (after the last, back to none)."""
        if self.show is None or not self.show.steps or not (self.paused or self.game.is_over):
            return refused("There is no finished show to count aloud now.")
        self.show_step = self.show_step + 1 if self.show_step + 1 < len(self.show.steps) else -1
        if self.show_step < 0:
            return [Change(ChangeKind.SHOW_STEP, "That was the whole show.")]
        step = self.show.steps[self.show_step]
        return [Change(ChangeKind.SHOW_STEP, f'"{step.words}" (running total {step.total})')]

    @property
    def prompt(self) -> str:
        """What the learner is to do now, in one sentence ("" when nothing is theirs to decide).

        >>> Table(seed=2, dealer=0).prompt
        'Your deal: choose 2 cards for your crib.'
        >>> Table(seed=2, dealer=1).prompt
        "Computer's deal: choose 2 cards for Computer's crib."
        """
        game = self.game
        if self.passing is not None:
            name = game.names[self.passing]
            return f"Pass to {name}: tap when only {name} is looking."
        if not self.learner_moves():
            return ""
        words = prompt_words(game, self.you, only_go=self._only_go())
        if len(self.people) > 1 and game.phase in (Phase.DISCARD, Phase.PLAY):
            return f"{game.names[self.you]}, it is your turn. {words}"
        return words

    # ---- advice ---------------------------------------------------------------------------------------
    def advise(self) -> Advice | None:
        """The best move for the learner now and why (None when the learner has nothing to decide)."""
        if not self.learner_moves() or self.__dict__.get("_hints_locked"):
            return None
        if self.game.phase == Phase.DISCARD:
            self._throw_hinted = True  # a throw after Show me is practice, not a first unaided try
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

    def review(self, deals: tuple[int, ...] | None = None, seat: int | None = None) -> Review:
        """The review of the decisions made at a seat (by default the person holding the device),
        in the whole game or in ``deals`` (see `crib_widgets.strategy.review`); asked twice for the
        same moves, it is not redone."""
        reviews: Reviews = self.__dict__.setdefault("_reviews", Reviews())
        return reviews.of(self.game, self.you if seat is None else seat, deals)

    def review_shown(self, seat: int | None = None) -> Review:
        """The review a person asks for now: the finished deal's while its show is up, else the game's."""
        return self.review(deals=(self.shown_deal,) if self.paused else None, seat=seat)

    def play_out_people(self, choose: Callable[[Table, list[Move]], Move], limit: int = 100_000) -> Game:
        """Play the game to the end with ``choose(table, moves)`` deciding for whichever person holds
        the device (the device is handed over whenever asked, the show put away each deal): how
        tests and scripts drive a pass-and-play table."""
        for _ in range(limit):
            if self.game.is_over:
                return self.game
            if self.paused:
                self.next_deal()
            elif self.passing is not None:
                self.take_device()
            elif self.waiting:
                self.advance()
            else:
                moves = self.learner_moves()
                if not moves:
                    raise CribbageError("the table waits for nobody: this is a bug")
                self.move(choose(self, moves), confirm=True)
        raise CribbageError(f"the game did not end within {limit} steps")

    def __repr__(self) -> str:
        return f"<Table {self.seats}; {self.game!r}{'; show up' if self.paused else ''}>"
