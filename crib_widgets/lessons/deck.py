"""My mistakes: every hand or play the learner got wrong, brought back on a Leitner schedule.

Why Leitner boxes and not py-fsrs: py-fsrs is not among the packages the book's page loads, and a
new dependency in the browser's Python costs every learner a download; a Leitner schedule is a few
lines anyone can check, and it is the schedule language teachers already use with flash cards.

The rule, for each question (a lesson and its position: the hand and starter, the play, or the hand
and the count announced in a Muggins quiz, as the `AnswerRecord` carries it):

- A wrong answer (or the answer shown) puts the question in box 1, due the same day.
- A right **first unaided try** on or after its due day moves it up a box: box 2 is due a day
  later, box 3 three days later (`DAYS`). Right three times in a row (`IN_A_ROW`), spread over at
  least four days, and it leaves the deck.
- Any other answer (a second try, a try after a hint, a right answer before it is due) moves
  nothing; the question stays due if it was.

The deck holds only what answers made: it is rebuilt from the learner's answers in the order they
were given (`Deck.of`), so merging two devices' progress gives one deck. Days are passed in.

>>> from crib_widgets.lessons import CountingLesson
>>> from crib_widgets.lessons.progress import Answer
>>> wrong = CountingLesson("5H 5D 5S JC", starter="5C").check_total(28)
>>> deck = Deck.of([Answer.of(wrong.records, "d1-1", "2026-12-02")])
>>> [(i.position, i.box, str(i.due)) for i in deck.due("2026-12-02")]
[('5H 5D 5S JC | 5C', 1, '2026-12-02')]
>>> right = CountingLesson("5H 5D 5S JC", starter="5C").check_total(29)
>>> deck.answer(Answer.of(right.records, "d1-2", "2026-12-02"))
>>> deck.due("2026-12-02"), str(deck.items[0].due)
([], '2026-12-03')
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from datetime import date, timedelta

from .days import read_day
from .progress import Answer

__all__ = ["Deck", "Item", "DAYS", "IN_A_ROW"]

DAYS = (0, 1, 3)  # days until a question in box 1, 2, 3 is due again
IN_A_ROW = len(DAYS)  # right first tries in a row that take a question out of the deck


@dataclass(frozen=True, slots=True)
class Item:
    """A question in the deck: ``lesson`` and ``position`` (what a trainer needs to ask it again),
    its ``box`` (1 to 3), the day it is ``due``, the day it entered the deck (``added``, at its last
    wrong answer), the day of its ``last`` answer, and how many right it has ``in_a_row``."""

    lesson: str
    position: str
    box: int
    due: date
    added: date
    last: date
    in_a_row: int = 0

    @property
    def key(self) -> tuple[str, str]:
        """The question: (lesson, position)."""
        return (self.lesson, self.position)


class Deck:
    """The learner's mistakes: questions by (lesson, position)."""

    def __init__(self) -> None:
        self._items: dict[tuple[str, str], Item] = {}
        # the day each question last moved up a box ("up") or left the deck ("left"), so that
        # Practise can say why a mistake is no longer due (answered right in its trainer)
        self.moved: dict[tuple[str, str], tuple[date, str]] = {}

    @classmethod
    def of(cls, answers: Iterable[Answer]) -> Deck:
        """The deck the answers make, taken in the order they were given."""
        deck = cls()
        for answer in sorted(answers, key=lambda a: a.order):
            deck.answer(answer)
        return deck

    @property
    def items(self) -> tuple[Item, ...]:
        """Every question in the deck, the first due first."""
        return tuple(sorted(self._items.values(), key=_due_order))

    def __len__(self) -> int:
        return len(self._items)

    def __contains__(self, key: object) -> bool:
        return key in self._items

    def answer(self, answer: Answer) -> None:
        """Move the question ``answer`` answered as the schedule says (see the module's doc)."""
        key, day = (answer.lesson, answer.position), answer.day
        item = self._items.get(key)
        if not answer.right:
            self._items[key] = Item(answer.lesson, answer.position, 1, day, day, day)
            self.moved.pop(key, None)
            return
        if item is None:
            return
        if answer.unaided and day >= item.due:
            in_a_row = item.in_a_row + 1
            self.moved[key] = (day, "left" if in_a_row >= IN_A_ROW else "up")
            if in_a_row >= IN_A_ROW:
                del self._items[key]
                return
            box = item.box + 1
            self._items[key] = replace(item, box=box, due=day + timedelta(days=DAYS[box - 1]), last=day,
                                       in_a_row=in_a_row)
            return
        self._items[key] = replace(item, due=max(item.due, day), last=max(item.last, day))

    def due(self, today: object) -> list[Item]:
        """The questions due on ``today`` (a date or ``YYYY-MM-DD``), the longest due first."""
        day = read_day(today)
        return [item for item in self.items if item.due <= day]


def _due_order(item: Item) -> tuple[date, date, str, str]:
    return (item.due, item.added, item.lesson, item.position)
