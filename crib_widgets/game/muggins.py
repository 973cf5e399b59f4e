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
from ..words import plural
from .events import Event
from .fast import cards_text
from .moves import Answer
from .rules import Rules
from .state import CountState, GameState

__all__ = ["Settlement", "settle", "answerers", "MAX_COUNT", "MugginsMixin"]

MAX_COUNT = MAX_HAND_SCORE  # no count can claim more than a hand holds


@dataclass(frozen=True, slots=True)
class Settlement:
    """Score changes a settled count causes: for the counter's side and the caller's side."""

    counter: int
    caller: int
    outcome: str  # accepted, missed, false muggins, too high, not too high


def settle(announced: int, true: int, kind: str, named: int | None = None) -> Settlement:
    """What an answer does. ``accept`` by everyone leaves the announced count standing.

    - Muggins naming ``named``: the caller gets the points really missed, at most ``named``;
      if nothing was missed the call is false and the counter gets ``named``.
    - Over-count: the excess moves from the counter to the caller; a count that was not too
      high changes nothing.
    """
    if kind == "accept":
        return Settlement(0, 0, "accepted")
    if kind == "muggins":
        if named is None:
            raise CribbageError("a Muggins call names the missed points it claims: give named=1 or more")
        missed = true - announced
        if missed > 0:
            return Settlement(0, min(missed, named), "missed")
        return Settlement(named, 0, "false muggins")
    excess = announced - true
    if excess > 0:
        return Settlement(-excess, excess, "too high")
    return Settlement(0, 0, "not too high")


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
        self._phase = "announce"
        self._turn = item[0]

    def _announce(self, seat: int, points: int) -> None:
        c = self._counted()
        owner, cards, is_crib = c.item
        c.announced = points
        side = self._side_of[owner]
        what = "crib" if is_crib else "hand"
        starter = self._cut_card()
        text = (f"{self._say.verb(owner, 'counts', 'count')} {points} for the {what} "
                f"{cards_text(cards)} with {starter.pretty}")
        before = self._scores[side]
        self._score("announce", owner, points, text, f"the {what}", end=False, cards=cards,
                    starter=starter, is_crib=is_crib)
        c.pegged = self._scores[side] - before
        if self._scores[side] >= self._rules.target and points <= c.true:
            self._reveal()
            self._end(side)
            return
        c.answerers = answerers(self._rules, owner)
        self._phase = "answer"
        self._turn = c.answerers[0]

    def _answer(self, move: Answer) -> None:
        c, say = self._counted(), self._say
        seat = move.seat
        if move.kind == "muggins":
            assert move.points is not None  # an Answer of kind muggins always names its points
            text = f"{say.verb(seat, 'calls', 'call')} Muggins for {plural(move.points, 'missed point')}"
        elif move.kind == "overcount":
            text = f"{say.verb(seat, 'says', 'say')} the count is too high"
        else:
            text = f"{say.verb(seat, 'accepts', 'accept')} the count"
        self._events.append(Event("answer", text, seat, self._side_of[seat]))
        if move.kind == "accept":
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
        stands = f"{say.possessive(owner, mid=True)} count of {announced} stands"
        if s.outcome == "accepted":
            self._events.append(Event("muggins", f"Accepted: {stands}", owner, counter_side))
        elif s.outcome == "not too high":
            self._events.append(Event("muggins", f"The count was not too high: nothing changes; {stands}",
                                      owner, counter_side))
        elif s.outcome == "false muggins":
            text = (f"False Muggins, nothing was missed: {say.verb(owner, 'pegs', 'peg', mid=True)} the "
                    f"{plural(s.counter, 'point')} named")
            self._score("muggins", owner, s.counter, text, "a false Muggins call", end=False)
        elif s.outcome == "too high":
            taken = -min(-s.counter, c.pegged)
            if taken:
                self._move_pegs(counter_side, taken)
            text = f"Too high by {announced - true}: {say.verb(owner, 'loses', 'lose', mid=True)} {-taken}"
            self._events.append(Event("muggins", text, owner, counter_side, taken))
        if s.caller:
            missed = s.outcome == "missed"
            self._score("muggins", caller, s.caller,
                        f"{'Muggins! ' if missed else ''}{say.verb(caller, 'pegs', 'peg')} "
                        f"{plural(s.caller, 'missed point') if missed else f'{s.caller} for the over-count'}",
                        "the Muggins call" if missed else "the over-count", end=False)
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
        true = c.true
        starter = self._cut_card()
        what = "crib" if is_crib else "hand"
        held = plural(true, "point") if true else "nothing"
        self._events.append(Event("show", f"{self._say.possessive(owner)} {what} {cards_text(cards)} with "
                                  f"{starter.pretty} holds {held}",
                                  owner, self._side_of[owner], 0, cards, starter=starter,
                                  is_crib=is_crib, _show=True))
