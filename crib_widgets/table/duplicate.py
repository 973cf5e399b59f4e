"""Duplicate play: every student plays the same deals against the same computer, so skill, not the
luck of the cards, decides a class tournament.

A teacher chooses a ``seed``, the number of ``deals`` and the computer's ``level``. Each deal is a
board of its own, as in duplicate bridge: the same 52 cards in the same order for everyone, the
dealer alternating (the student deals the even boards), both scores starting at 0. The computer's
moves depend only on the cards and the student's moves (its player is seeded by the set and the
board). A board is worth the student's points minus the computer's; the total ranks the class.

The results are the student's moves, board by board. `score_results` never trusts a stated score:
it replays every board through the engine, making the computer's moves again, and refuses a file
whose moves the rules do not allow, or whose stated points differ from the replay, with one line.

>>> match = DuplicateSet(seed=7, deals=2, level="beginner").start()
>>> match.board, match.table.game.dealer
(1, 0)
>>> from crib_widgets.game import Discard
>>> _ = match.table.move(Discard(0, match.table.game.hands[0][:2]))
>>> _ = match.table.run()
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Any, TypedDict

from ..bounded import MAX_RESULTS_BYTES, NotJSON, load_json
from ..cards import shuffled_deck
from ..errors import CribbageError
from ..game import ChangeKind, Game, Go, Rules
from ..game.moves import move_from_list, move_to_list
from .advice import HintLevel
from .seats import LEARNER, check_strength
from .share import TOURNAMENT_LINK_KEY
from .table import Table

__all__ = ["DUPLICATE_FORMAT", "MAX_DEALS", "DuplicateSet", "DuplicateMatch", "BoardScore", "Standing",
           "score_results", "replay_boards", "rank_class", "rank", "TOURNAMENT_LINK_KEY"]

DUPLICATE_FORMAT = "crib_widgets.duplicate"
MAX_DEALS = 40
_NAMES = ("You", "Computer")


class PlayedBoard(TypedDict):
    """A finished board: its number, the student's moves (as `move_to_list` writes them) and the
    points it was worth to the student."""

    board: int
    moves: list[object]
    points: int


@dataclass(frozen=True)
class DuplicateSet:
    """The teacher's choice: ``seed`` (0 to 999,999,999), ``deals`` (1 to `MAX_DEALS`), the
    computer's ``level``, and the game's options (two players; Muggins may be on)."""

    seed: int
    deals: int
    level: str = "intermediate"
    muggins: bool = False

    def __post_init__(self) -> None:
        if type(self.seed) is not int or not 0 <= self.seed <= 999_999_999:
            raise CribbageError(f"seed {self.seed!r} is not allowed: use a whole number 0 to 999999999")
        if type(self.deals) is not int or not 1 <= self.deals <= MAX_DEALS:
            raise CribbageError(f"deals {self.deals!r} is not allowed: use a whole number 1 to {MAX_DEALS}")
        check_strength(self.level)
        if not isinstance(self.muggins, bool):
            raise CribbageError(f"muggins must be True or False, got {self.muggins!r}")

    @property
    def rules(self) -> Rules:
        return Rules(players=2, target=121, muggins=self.muggins)

    def board_game(self, board: int) -> Game:
        """Board ``board`` (1 to ``deals``) at its start: its own deck, its dealer, 0 to 0."""
        if type(board) is not int or not 1 <= board <= self.deals:
            raise CribbageError(f"board {board!r} is not in this set: boards are 1 to {self.deals}")
        deck = shuffled_deck(random.Random(f"duplicate:{self.seed}:{board}"))
        return Game(self.rules, seed=self.seed * 1000 + board, deck=[deck], dealer=(board + 1) % 2,
                    names=_NAMES)

    def board_table(self, board: int) -> Table:
        """A table at board ``board``: the student at seat 0, the computer at seat 1, with no hints
        (every student plays the boards unaided: a fair tournament)."""
        table = Table.from_game(self.board_game(board), (LEARNER, self.level), hint_level=HintLevel.OFF)
        table.lock_hints("a class tournament is played without hints, the same for everyone")
        return table

    def start(self) -> DuplicateMatch:
        return DuplicateMatch(self)

    def to_dict(self) -> dict[str, int | str | bool]:
        return {"seed": self.seed, "deals": self.deals, "level": self.level, "muggins": self.muggins}

    @classmethod
    def from_dict(cls, info: dict[str, Any]) -> DuplicateSet:
        """A set from `to_dict`'s values read from JSON (any values: the set checks each)."""
        seed: Any = info.get("seed")
        deals: Any = info.get("deals")
        level: Any = info.get("level")
        return cls(seed, deals, level, info.get("muggins", False))


def board_over(table: Table) -> bool:
    """A board ends with its deal: the show is up (or, rarely, the game ended)."""
    return table.paused or table.game.is_over or table.game.deal_number > 1


def board_points(game: Game) -> int:
    """What a board is worth to the student: their points in it minus the computer's."""
    return game.scores[0] - game.scores[1]


@dataclass
class DuplicateMatch:
    """A student's way through a set: ``board`` (1-based), ``table`` (that board's `Table`),
    ``played`` (the finished boards' moves and points)."""

    set: DuplicateSet
    board: int = 1
    played: list[PlayedBoard] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.table = self.set.board_table(self.board)

    @property
    def board_done(self) -> bool:
        return board_over(self.table)

    @property
    def finished(self) -> bool:
        return len(self.played) == self.set.deals

    @property
    def points(self) -> int:
        """Points won against the computer on the boards finished."""
        return sum(b["points"] for b in self.played)

    def next_board(self) -> None:
        """Keep the finished board and deal the next; refused before the board ends."""
        if not self.board_done:
            raise CribbageError(f"board {self.board} is not finished: play its deal to the end first")
        if len(self.played) < self.board:
            game = self.table.game
            self.played.append({"board": self.board, "moves": _decisions(game), "points": board_points(game)})
        if self.board < self.set.deals:
            self.board += 1
            self.table = self.set.board_table(self.board)

    def to_dict(self) -> dict[str, object]:
        """The way through the set so far, for the browser to keep: the set, the boards finished and
        the student's moves on the board on the table (`restore` replays them)."""
        return {"set": self.set.to_dict(), "played": self.played, "moves": _decisions(self.table.game)}

    @classmethod
    def restore(cls, data: object) -> DuplicateMatch:
        """A match from `to_dict`: the boards finished replayed by the rules (their points are the
        replay's) and the board on the table played on to where the student left it; anything
        else raises `CribbageError` naming what is wrong."""
        if not isinstance(data, dict) or not isinstance(data.get("set"), dict):
            raise CribbageError("a kept tournament names its set of boards")
        chosen = DuplicateSet.from_dict(data["set"])
        played, moves = data.get("played"), data.get("moves")
        if not isinstance(played, list) or not isinstance(moves, list):
            raise CribbageError("a kept tournament lists the boards finished and the moves of the board on "
                                "the table")
        boards = replay_boards(chosen, played)
        match = cls(chosen, board=min(len(boards) + 1, chosen.deals))
        match.played = [{"board": b.board, "moves": played[b.board - 1]["moves"], "points": b.points}
                        for b in boards]
        if not match.finished:
            _play(match.table, match.board, moves, complete=False)
        return match

    def results(self, student: str) -> str:
        """The results file's text: the set, the student's name and every finished board's moves and
        stated points (which `score_results` checks by replaying)."""
        if not isinstance(student, str) or not student.strip():
            raise CribbageError("the student's name cannot be empty")
        return json.dumps({"format": DUPLICATE_FORMAT, "version": 1, "set": self.set.to_dict(),
                           "student": student.strip(), "boards": self.played}, indent=1)


@dataclass(frozen=True)
class BoardScore:
    """One board replayed: its number, the points it was worth to the student, the replayed game."""

    board: int
    points: int
    game: Game


def score_results(text: str, expected: DuplicateSet | None = None) -> tuple[str, tuple[BoardScore, ...]]:
    """Replay a results file: (the student's name, each board's replayed score). Raises
    `CribbageError` with one line naming the board and what is wrong (a move the rules or the set
    do not allow, a stated score the replay does not give, another set than ``expected``)."""
    if not isinstance(text, str):
        raise CribbageError("this is not a duplicate results file (not JSON text)")
    try:  # the one bounded reader: a nesting bomb here was a RecursionError that stopped the ranking
        data = load_json(text, "this duplicate results file", MAX_RESULTS_BYTES)
    except NotJSON:
        raise CribbageError("this is not a duplicate results file (not JSON text)") from None
    if not isinstance(data, dict) or data.get("format") != DUPLICATE_FORMAT:
        raise CribbageError("this is not a duplicate results file (its format should be "
                            f"{DUPLICATE_FORMAT!r})")
    info = data.get("set")
    if not isinstance(info, dict):
        raise CribbageError("this results file names no set of deals")
    chosen = DuplicateSet.from_dict(info)
    if expected is not None and chosen != expected:
        raise CribbageError(f"these results are for another set ({chosen.to_dict()}), not "
                            f"{expected.to_dict()}")
    student = data.get("student")
    boards = data.get("boards")
    if not isinstance(student, str) or not student.strip() or not isinstance(boards, list):
        raise CribbageError("this results file is damaged: it needs the student's name and a list of boards")
    return student.strip(), replay_boards(chosen, boards)


def replay_boards(chosen: DuplicateSet, boards: list[object]) -> tuple[BoardScore, ...]:
    """Replay boards 1, 2, ... of ``chosen`` (each ``{"board": n, "moves": [...], "points": p}``)
    through the engine; `CribbageError` names the first board that is wrong and why."""
    if len(boards) > chosen.deals:
        raise CribbageError(f"this results file lists {len(boards)} boards; the set has {chosen.deals}")
    return tuple(_replay(chosen, number, board) for number, board in enumerate(boards, 1))


def _decisions(game: Game) -> list[object]:
    """The student's decisions (a go is never a choice: the table says it when no card fits)."""
    return [move_to_list(m) for m in game.moves if m.seat == 0 and not isinstance(m, Go)]


def _replay(chosen: DuplicateSet, number: int, board: object) -> BoardScore:
    moves = board.get("moves") if isinstance(board, dict) else None
    if not isinstance(board, dict) or not isinstance(moves, list) or board.get("board") != number:
        raise CribbageError(f"board {number}: damaged (each board needs its number and its moves)")
    table = chosen.board_table(number)
    _play(table, number, moves, complete=True)
    points = board_points(table.game)
    if board.get("points") != points:
        raise CribbageError(f"board {number}: the file says {board.get('points')!r} points, the replay gives "
                            f"{points}: the score was changed")
    return BoardScore(number, points, table.game)


def _play(table: Table, number: int, moves: list[object], *, complete: bool) -> None:
    """Play the student's ``moves`` on board ``number`` (the computer's moves made again); with
    ``complete`` the moves must finish the board."""
    moves = list(moves)
    while not board_over(table):
        if table.waiting:
            table.advance()
            continue
        if not moves and not complete:
            return
        if not moves:
            raise CribbageError(f"board {number}: the moves stop before the deal is over")
        try:
            move = move_from_list(moves.pop(0))
        except CribbageError as error:
            raise CribbageError(f"board {number}: a move cannot be read ({error})") from None
        changes = table.move(move, confirm=True)
        if changes[0].kind != ChangeKind.MOVED:
            raise CribbageError(f"board {number}: the move {move.describe()!r} was not allowed there: "
                                f"{changes[0].text}")
    if moves:
        raise CribbageError(f"board {number}: {len(moves)} move(s) listed after the deal was over")


@dataclass(frozen=True)
class Standing:
    """A student's place in the class: points won against the computer on the same cards, the
    boards played, and (with ``review``) the points lost by phase, as the review counts them."""

    place: int
    student: str
    points: int
    boards: int
    lost: dict[str, float]


def rank_class(files: dict[str, str], chosen: DuplicateSet, *, review: bool = True
               ) -> tuple[list[Standing], list[str]]:
    """Rank the results files (name of the file -> its text) of one set: the standings, most points
    first (equal points share a place), and one line for each file refused (the rest are ranked)."""
    scored, refused = [], []
    for where, text in sorted(files.items()):
        try:
            scored.append(score_results(text, chosen))
        except CribbageError as error:
            refused.append(f"{where}: {error}")
    return rank(scored, review=review), refused


def rank(scored: list[tuple[str, tuple[BoardScore, ...]]], *, review: bool = True) -> list[Standing]:
    """The standings of students whose boards were replayed: most points won against the computer
    first (equal points share a place), each with the points lost by phase (with ``review``)."""
    from ..strategy.review import PHASES, review_game

    rows = []
    for student, boards in scored:
        lost: dict[str, float] = dict.fromkeys(PHASES, 0.0)
        if review:
            for board in boards:
                for phase, value in review_game(board.game, 0, deals=(1,)).totals().items():
                    lost[phase] += value
        rows.append((student, sum(b.points for b in boards), len(boards), lost))
    rows.sort(key=lambda s: (-s[1], s[0].casefold()))
    return [Standing(1 + sum(other[1] > points for other in rows), student, points, boards, lost)
            for student, points, boards, lost in rows]
