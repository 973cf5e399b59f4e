"""Muggins: who answers a count, what each answer does to the scores (`settle`, pure), and the
announce/answer steps of a Muggins show as part of `Game`.

>>> settle(announced=8, true=12, kind="muggins", named=3)
Settlement(counter=0, caller=3, outcome='missed')
>>> settle(announced=8, true=8, kind="muggins", named=3)
Settlement(counter=3, caller=0, outcome='false muggins')
>>> settle(announced=12, true=8, kind="overcount")
Settlement(counter=-4, caller=4, outcome='too high')
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import CribbageError
from ..scoring import MAX_HAND_SCORE, hand_total
from .events import Event
from .kinds import AnswerKind, CountOutcome, EventKind, Phase
from .moves import Answer
from .rules import Rules
from .state import CountState, GameState

__all__ = ["Settlement", "settle", "answerers", "MAX_COUNT", "MugginsMixin"]

MAX_COUNT = MAX_HAND_SCORE  # no count can claim more than a hand holds
# Members bound once: a member looked up on its class (AnswerKind.ACCEPT) costs several times the
# comparison on Python 3.11, and these run for every answer.
_ACCEPT, _MUGGINS = AnswerKind.ACCEPT, AnswerKind.MUGGINS
_ACCEPTED, _MISSED, _FALSE_MUGGINS = CountOutcome.ACCEPTED, CountOutcome.MISSED, CountOutcome.FALSE_MUGGINS
_TOO_HIGH, _NOT_TOO_HIGH = CountOutcome.TOO_HIGH, CountOutcome.NOT_TOO_HIGH


@dataclass(frozen=True, slots=True)
class Settlement:
    """Score changes a settled count causes: for the counter's side and the caller's side."""

    counter: int
    caller: int
    outcome: CountOutcome


def settle(announced: int, true: int, kind: AnswerKind, named: int | None = None) -> Settlement:
    """What an answer does. ``accept`` by everyone leaves the announced count standing.

    - Muggins naming ``named``: the caller gets the points really missed, at most ``named``;
      if nothing was missed the call is false and the counter gets ``named``.
    - Over-count: the excess moves from the counter to the caller; a count that was not too
      high changes nothing.
    """
    if kind == _ACCEPT:
        return Settlement(0, 0, _ACCEPTED)
    if kind == _MUGGINS:
        if named is None:
            raise CribbageError("a Muggins call names the missed points it claims: give named=1 or more")
        missed = true - announced
        if missed > 0:
            return Settlement(0, min(missed, named), _MISSED)
        return Settlement(named, 0, _FALSE_MUGGINS)
    excess = announced - true
    if excess > 0:
        return Settlement(-excess, excess, _TOO_HIGH)
    return Settlement(0, 0, _NOT_TOO_HIGH)


def answerers(rules: Rules, counter: int) -> tuple[int, ...]:
    """Seats that answer a count, in turn from the counter's left; partners do not answer."""
    side = rules.side_of(counter)
    seats = ((counter + i) % rules.players for i in range(1, rules.players))
    return tuple(s for s in seats if rules.side_of(s) != side)


class MugginsMixin(GameState):
    """The Muggins show of `Game` (which holds the state): announce, answers, settlement."""

    def _next_count(self) -> None:
        if not self._queue:
            self._counting = None
            self._next_deal()
            return
        item = self._queue.pop(0)
        self._counting = CountState(item, hand_total(item[1], self._cut_card(), item[2]))
        self._phase = Phase.ANNOUNCE
        self._turn = item[0]

    def _announce(self, seat: int, points: int) -> None:
        c = self._counted()
        owner, cards, is_crib = c.item
        c.announced = points
        side = self._side_of[owner]
        starter = self._cut_card()
        before = self._scores[side]
        said = self._say.announce(owner, points, cards, starter, is_crib)
        self._score(EventKind.ANNOUNCE, owner, points, said, end=False, cards=cards, starter=starter,
                    is_crib=is_crib)
        c.pegged = self._scores[side] - before
        if self._scores[side] >= self._rules.target and points <= c.true:
            self._reveal()
            self._end(side)
            return
        c.answerers = answerers(self._rules, owner)
        self._phase = Phase.ANSWER
        self._turn = c.answerers[0]

    def _answer(self, move: Answer) -> None:
        c, seat = self._counted(), move.seat
        self._events.append(Event(EventKind.ANSWER, self._say.answer(seat, move.kind, move.points), seat,
                                  self._side_of[seat]))
        if move.kind == _ACCEPT:
            c.index += 1
            if c.index < len(c.answerers):
                self._turn = c.answerers[c.index]
                return
        self._settle(seat, move)

    def _settle(self, caller: int, move: Answer) -> None:
        """Settle the count in full (the counter's and the caller's points, the reveal, 10 back),
        and only then decide the end: the counter, who counted first, before the caller."""
        c, say, rules = self._counted(), self._say, self._rules
        owner, _, is_crib = c.item
        announced, true = c.claimed(), c.true
        s = settle(announced, true, move.kind, move.points)
        counter_side = rules.side_of(owner)
        if s.outcome in (_ACCEPTED, _NOT_TOO_HIGH):
            stands = say.count_stands(owner, announced, accepted=s.outcome == _ACCEPTED)
            self._events.append(Event(EventKind.MUGGINS, stands, owner, counter_side))
        elif s.outcome == _FALSE_MUGGINS:
            self._score(EventKind.MUGGINS, owner, s.counter, say.false_muggins(owner, s.counter), end=False)
        elif s.outcome == _TOO_HIGH:
            taken = -min(-s.counter, c.pegged)
            if taken:
                self._move_pegs(counter_side, taken)
            self._events.append(Event(EventKind.MUGGINS, say.too_high(owner, announced - true, -taken), owner,
                                      counter_side, taken))
        if s.caller:
            said = say.caller_pegs(caller, s.caller, missed=s.outcome == _MISSED)
            self._score(EventKind.MUGGINS, caller, s.caller, said, end=False)
        self._reveal()
        if true == 0 and rules.ten_back:
            self._ten_back(owner, is_crib)
        for side in (counter_side, self._side_of[caller]):
            if self._scores[side] >= rules.target:
                self._end(side)
                return
        self._next_count()

    def _reveal(self) -> None:
        """Show everybody the true count of the hand just settled."""
        c = self._counted()
        owner, cards, is_crib = c.item
        starter = self._cut_card()
        self._events.append(Event(EventKind.SHOW, self._say.reveal(owner, cards, starter, is_crib, c.true),
                                  owner, self._side_of[owner], 0, cards, starter=starter,
                                  is_crib=is_crib, _show=True))
