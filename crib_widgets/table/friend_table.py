"""`FriendTable`: the game table of a game with a friend, drawn as every game table is drawn.

A `Table` whose seats are this device's people (`LEARNER`) and every other seat (`REMOTE`: a
friend's, or at a table of three or four a computer's, played by `FriendGame`): its game is
the session's engine for the deal in play (the friend's cards not yet shown are stand-ins there,
drawn face down like a computer's), and a move made here is sent to the friend's device through
the `FriendGame` instead of being applied here. The friend's moves arrive from the session:
`sync` takes them in after every message. A finished deal's show stays up until Next deal, and
the next deal comes once both devices have shuffled. Hints are off: their advice would weigh
the stand-ins. Once the game is over and every deal proved honest, the table holds the whole game
(every card shown by then), so the review, the score race and the log cover every deal.

>>> from crib_widgets.table.friend import FriendGame
>>> ann = FriendGame.make(names=("Ann", "Ben"), group="test-160", dealer=0)
>>> FriendTable.of(ann) is None  # nothing dealt before Ben joins
True
"""

from __future__ import annotations

from ..errors import CribbageError
from ..game import ChangeKind, Game, Move
from .advice import HintLevel
from .changes import Change, refused
from .ending import final_result
from .friend import FriendGame
from .prompts import go_note
from .seats import LEARNER, REMOTE
from .show import DealShow
from .table import Table

__all__ = ["FriendTable", "NO_HINTS"]

NO_HINTS = "a game with a friend is played without hints"


class FriendTable(Table):
    """The table of ``flow``'s game as this device shows it; see the module."""

    flow: FriendGame
    number: int  # the session's number of the deal on the table
    asked_next = False  # Next deal was pressed before the next deal was dealt
    whole = False  # the table holds the whole game, over and proved

    @classmethod
    def of(cls, flow: FriendGame) -> FriendTable | None:
        """The table of the deal on the table (None until the first deal is dealt): the show this
        device had up, if it had one (a page reloaded at a show shows it again, not the next deal)."""
        number, engine = flow.session.played
        over = flow.session.last_over
        if flow.show_up and over is not None and over[0] == flow.show_up:
            number, engine = over
        if engine is None:
            return None
        table = cls.__new__(cls)
        table.flow, table.number = flow, number
        table._take_deal(engine)
        return table

    def _take_deal(self, engine: Game) -> None:
        over = engine.deal_number > 1 and not engine.is_over
        self._take(engine, self._seats(), self._no_hints(), paused=over)
        self.lock_hints(NO_HINTS)
        self.flow.show_up = self.number if over else 0

    def _seats(self) -> tuple[str, ...]:
        """This device's people's seats are played here; every other seat (a friend's, or a
        computer's, which `FriendGame` plays at the link maker's device) comes from the session."""
        link = self.flow.link
        return tuple(LEARNER if d == self.flow.me and not c else REMOTE
                     for d, c in zip(link.devices, link.computers, strict=True))

    def _no_hints(self) -> dict[int, tuple[str, float]]:
        return {seat: (HintLevel.OFF, 2.0) for seat, s in enumerate(self._seats()) if s == LEARNER}

    @property
    def strength(self) -> str:
        return "on their own device"

    def prepare_judging(self) -> None:
        """Nothing to weigh: a throw against a friend is not judged (no hints, no progress records)."""

    @property
    def shown_deal(self) -> int:
        return self.game.deal_number if self.whole else self.number

    @property
    def friend_to_move(self) -> bool:
        """The game waits for the friend's device (a move, a shuffle, the cards being shown)."""
        return not self.paused and not self.game.is_over and not self.learner_moves() and not self.waiting

    def learner_moves(self) -> list[Move]:
        if self.paused or self.passing is not None or self.game is not self.flow.session.engine:
            return []
        return self.flow.legal_moves()

    @property
    def to_move(self) -> str:
        if self.friend_to_move:
            return self.flow.friend
        return super().to_move

    # ---- moves go to the friend's device --------------------------------------------------------
    def move(self, move: Move, *, confirm: bool = False) -> list[Change]:
        """This device's person's move, sent to the friend's device (refused with the reason when it
        is not allowed now: nothing changes)."""
        if self.flow.stopped or self.flow.finished:
            return refused(self.flow.stopped or self.flow.finished_words())
        if self.paused:
            return refused("The deal is over: press Next deal to see your new cards.")
        if not self.learner_moves():
            return refused(_sentence(self.flow.waiting_for() or "Wait for your friend"))
        try:
            self.game.check(move)
        except CribbageError as error:
            return refused(str(error))
        self.since, self.notes, self._note_at, self.warning = len(self.game.events), [], [], None
        said = self.flow.play(move)
        if said:
            return refused(said)
        return [Change(ChangeKind.MOVED, move.describe()), *self.sync()]

    def advance(self) -> list[Change]:
        """Say go for this device's person when it is their only move (sent like any move)."""
        if not self.waiting or self._computer_to_move() is not None:
            return []
        moves = self.learner_moves()
        if not moves:
            return []
        self._note(go_note(self.game.names, self.you, self.you, self.game.count))
        self.flow.play(moves[0])
        return self.sync()

    def run(self) -> list[Change]:
        return self.advance()

    def sync(self) -> list[Change]:
        """Take in what the session has now (the friend's moves, a deal's end, the next deal)."""
        session = self.flow.session
        if session.is_over and session.proved and not self.whole:
            return self._whole_game()
        number, engine = session.played
        if engine is None or engine is self.game or self.whole:
            return []
        if number != self.number:
            if self.paused:  # the show stays up until Next deal (pressed already: the cards come now)
                return self.next_deal() if self.asked_next else []
            over = self.flow.session.last_over
            if over is not None and over[0] == self.number:  # the deal on the table ended: its show first
                return self._moved_on(over[1])
            self.number = number  # the deal before was over when this table was made
            self._take_deal(engine)
            return []
        return self._moved_on(engine)

    def _moved_on(self, engine: Game) -> list[Change]:
        """The friend's moves in ``engine`` (the deal on the table, further on) are taken in."""
        before = len(self.game.events)
        self.game = engine
        return [Change(ChangeKind.MOVED, "; ".join(e.text for e in engine.events[before:]),
                       tuple(engine.events[before:])), *self._after()]

    def _whole_game(self) -> list[Change]:
        """The game is over and proved: the whole of it goes on the table."""
        moved = self._moved_on(self.flow.session.played[1] or self.game)
        self.whole = True
        self._take(self.flow.session.kept_game(here=True), self.seats, self._no_hints())
        self.lock_hints(NO_HINTS)
        return [c for c in moved if c.kind != ChangeKind.GAME_OVER] + [
            Change(ChangeKind.GAME_OVER, final_result(self.game).text)]

    def next_deal(self) -> list[Change]:
        """Put the finished deal's show away; the next deal's cards come when both devices have
        shuffled (at once if they have)."""
        if not self.paused:
            return refused("There is no finished deal on the table to put away.")
        number, engine = self.flow.session.played
        if engine is None or number == self.number:
            self.asked_next = True
            waiting = self.flow.waiting_for()
            if self.flow.status == "left" and waiting:  # no new cards come until the friend is back
                return refused(_sentence(waiting))
            return refused(f"{waiting or 'The next deal is being shuffled'}: the new cards come in a moment.")
        self.number, self.asked_next = number, False
        self._take_deal(engine)
        return [Change(ChangeKind.NEXT_DEAL, f"Deal {number}: new cards. {self.prompt}")]

    def _after(self) -> list[Change]:
        if self.game.deal_number > 1 and not self.game.is_over and not self.paused:
            self.paused, self.show_step, self.flow.show_up = True, -1, self.number
            self.show = DealShow.of(self.game.events, finished=True)
            return [Change(ChangeKind.DEAL_OVER, f"Deal {self.number} is over: every hand is counted.")]
        return super()._after()


def _sentence(words: str) -> str:
    """Words said as one sentence: a full stop at the end, once."""
    return words if words.endswith(".") else f"{words}."
