"""The queue of stored positions a trainer asks one after another, shared by the discard trainer
(`crib_widgets.lessons.discard_trainer.DiscardTrainer`) and chapter 12's board practice
(`crib_widgets.lessons.board_play.BoardPlay`): one group of the positions (a level, a kind) in a
shuffled order that is the same for the same seed, the next position (a new round, reshuffled, after
the last), where the queue stands, and the tally of first answers.

>>> class Squares(PositionQueue[int]):
...     def _ask(self) -> None:
...         self.done, self.question = False, self.position ** 2
>>> q = Squares((1, 2, 3), shuffle=False, seed=0)
>>> q.fill([2, 3], "no position")
>>> q.question, q.where
(4, '1 of 2')
>>> q.next(); q.next(); q.question
4
>>> toggled(("5H", "6D"), "JS"), toggled(("5H", "6D"), "5H")
(('6D', 'JS'), ('6D',))
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from typing import Generic, TypeVar

from ..errors import CribbageError
from . import checks
from .record import AnswerRecord

__all__ = ["ANSWERED", "PositionQueue", "toggled"]

P = TypeVar("P")
T = TypeVar("T")

#: What a trainer says when a position already answered is answered again.
ANSWERED = "this position is answered: press Next for the next one"


def toggled(chosen: tuple[T, ...], item: T, most: int = 2) -> tuple[T, ...]:
    """``chosen`` with ``item`` released if it was chosen, else added (past ``most``, the first
    chosen is released): a throw's cards, tapped one at a time."""
    if item in chosen:
        return tuple(c for c in chosen if c != item)
    return (*chosen, item)[-most:]


class PositionQueue(ABC, Generic[P]):
    """Stored positions asked in turn: ``all_positions`` (every one given), ``queue`` (the group
    asked, in its order), ``index`` (the one on show), ``done`` (it is answered), ``records`` (an
    `AnswerRecord` per answer) and the first answers' ``tally``. A trainer makes ``question`` for
    the position on show in `_ask`, and adds to ``_firsts`` whether each position's first answer
    was right."""

    done: bool

    def __init__(self, pool: tuple[P, ...], *, shuffle: bool, seed: int | random.Random | None) -> None:
        self.all_positions = pool
        self.rng = checks.seed(seed)
        self.shuffle = checks.flag("shuffle", shuffle)
        self.records: list[AnswerRecord] = []
        self._firsts: list[bool] = []
        self.queue: list[P] = []
        self.index = 0

    @abstractmethod
    def _ask(self) -> None:
        """Put the position on show (``self.position``) as a new question, nothing chosen yet."""

    def fill(self, queue: list[P], empty: str) -> None:
        """Ask these positions from the first (shuffled when shuffling); none at all is a
        `CribbageError` saying ``empty``, and the queue asked before stays."""
        if not queue:
            raise CribbageError(empty)
        if self.shuffle:
            self.rng.shuffle(queue)
        self.queue, self.index = queue, 0
        self._ask()

    def next(self) -> None:
        """The next position; after the last, a new round (reshuffled when shuffling)."""
        self.index = (self.index + 1) % len(self.queue)
        if self.index == 0 and self.shuffle:
            self.rng.shuffle(self.queue)
        self._ask()

    @property
    def position(self) -> P:
        """The position on show."""
        return self.queue[self.index]

    @property
    def where(self) -> str:
        """Where the queue stands: ``3 of 28``."""
        return f"{self.index + 1} of {len(self.queue)}"

    @property
    def tally(self) -> tuple[int, int]:
        """(positions right at the first answer, positions answered or shown)."""
        return sum(self._firsts), len(self._firsts)

    def _open(self) -> None:
        """Refuse (a `CribbageError`) to change the answer of a position already answered."""
        if self.done:
            raise CribbageError(ANSWERED)
