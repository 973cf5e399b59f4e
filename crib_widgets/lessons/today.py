"""Today's hand: the day's deal, the same for everyone (`daily.daily_hand`), thrown, counted and kept.

The learner sees the six cards dealt to them, chooses two for the crib and is told how that throw
compares with the best one (the discard advice, `strategy.discard.advise_discard`, the same advice
chapter 10 gives); then the starter is turned and they count the four cards they kept, with the
starter (`CountingLesson`, which grades and records the count, so a wrong count joins their deck of
mistakes). Once counted (or the count shown), the day is done (`Store.daily_done`) and the streak
is said in words. The view (`crib_widgets.widgets.today_view`) draws it and forwards clicks.

>>> from crib_widgets.lessons.kept import Kept
>>> t = TodayHand(Kept("", today="2026-12-03", device="d1"))
>>> t.stage, len(t.hand.dealt)
('throw', 6)
>>> best = t.advice[0]
>>> t.throw(best.discard), t.stage, t.rank
(True, 'count', 1)
>>> t.count(t.lesson.score.total), t.stage, t.kept.store.streak.current("2026-12-03")
(True, 'done', 1)
"""

from __future__ import annotations

from collections.abc import Iterable

from ..bounded import whole_number
from ..cards import Card, parse_cards
from ..errors import CribbageError
from ..scoring import MAX_HAND_SCORE
from ..strategy.discard import DiscardOption, advise_discard
from ..words import join_words, plural
from .checks import shown
from .counting import CountingLesson, Line
from .daily import daily_hand, daily_seed
from .kept import Kept

__all__ = ["TodayHand", "STAGES"]

STAGES = ("throw", "count", "done")


def _names(cards: Iterable[Card]) -> str:
    return join_words([c.name for c in cards])


def _about(value: float) -> str:
    """A number of points as a person says it: one decimal place."""
    return f"{value:.1f}"


class TodayHand:
    """Today's deal over the page's ``kept`` progress.

    State: ``hand`` (the day's `DailyHand`), ``stage`` (``throw``, ``count``, ``done``), ``advice``
    (every throw, best first), ``thrown`` (the two cards thrown), ``rank`` (1 for the best throw),
    ``lesson`` (the `CountingLesson` of the kept hand and the starter, once thrown), ``lines`` (what
    the last count said), ``message`` and ``tone``.
    """

    def __init__(self, kept: Kept) -> None:
        self.kept = kept
        self.day = kept.day()
        self.hand = daily_hand(self.day)
        self.advice: list[DiscardOption] = advise_discard(self.hand.dealt, dealer=self.hand.crib_is_yours)
        self.stage = "throw"
        self.thrown: tuple[Card, ...] = ()
        self.rank = 0
        self.lesson: CountingLesson | None = None
        self.lines: tuple[Line, ...] = ()
        self._seen = 0
        self.was_done = self.day in kept.store.streak.days
        self.message, self.tone = (kept.problem, "bad") if kept.problem else ("", "info")

    # ---- the words ----------------------------------------------------------------------------
    def date_words(self) -> str:
        """Today's date as the learner says it."""
        return f"{self.day:%A} {self.day.day} {self.day:%B} {self.day.year}"

    def deal_words(self) -> str:
        """Who deals and whose crib it is."""
        if self.hand.crib_is_yours:
            return "You deal today, so the crib is yours: what you throw scores for you."
        return "Your opponent deals today, so the crib is theirs: what you throw scores for them."

    def streak_words(self) -> str:
        """The learner's streak, current and best."""
        streak = self.kept.store.streak
        now, best = streak.current(self.day), streak.best
        if not now and not best:
            return "Do today's hand to start your streak."
        text = f"Your streak: {plural(now, 'day')} in a row"
        return text + (f" (your best: {plural(best, 'day')})." if best > now else ", your best yet!")

    def status(self) -> str:
        """What to do next, in one sentence or two."""
        if self.stage == "throw":
            again = "You did today's hand already; play it again if you like. " if self.was_done else ""
            return f"{again}Choose two cards to throw to the crib, then press Throw."
        if self.stage == "count":
            return ("Count your four cards with the starter: type the points and press Check (or Enter), "
                    "or press Show me the count.")
        return f"Today's hand is done. {self.streak_words()} Come back tomorrow for a new hand."

    def throw_words(self) -> str:
        """How the throw compares with the best one ('' before the throw)."""
        if not self.thrown:
            return ""
        mine, best = self.advice[self.rank - 1], self.advice[0]
        crib = "your crib" if self.hand.crib_is_yours else "your opponent's crib"
        keeps = (f"keeps {_names(mine.keep)}: about {_about(mine.hand_ev)} points on average in your hand, "
                 f"and about {_about(mine.crib_ev)} for {crib}")
        if mine.total_ev >= best.total_ev - 1e-9:
            return f"The best throw! It {keeps}."
        lost = best.total_ev - mine.total_ev
        return (f"Of the {len(self.advice)} ways to throw two cards, yours comes number {self.rank}. "
                f"It {keeps}. The best throw was the {_names(best.discard)}, keeping {_names(best.keep)}: "
                f"about {_about(best.hand_ev)} in your hand and {_about(best.crib_ev)} for {crib}, about "
                f"{_about(lost)} points better on average.")

    # ---- the steps ----------------------------------------------------------------------------
    def throw(self, cards: Iterable[Card | str] | str) -> bool:
        """Throw two of the six cards dealt; True when it is the best throw. Anything else is a
        `CribbageError` saying what to choose, and nothing changes."""
        if self.stage != "throw":
            raise CribbageError("you have thrown already: count your hand with the starter now")
        chosen = parse_cards(cards)
        strange = [c for c in chosen if c not in self.hand.dealt]
        if strange:
            raise CribbageError(f"the {strange[0].name} was not dealt to you: throw two of "
                                f"{_names(self.hand.dealt)}")
        if len(chosen) != 2:
            raise CribbageError(f"{plural(len(chosen), 'card')} chosen: choose exactly two cards to throw")
        rank = next(i for i, o in enumerate(self.advice, 1) if set(o.discard) == set(chosen))
        self.thrown, self.rank = tuple(chosen), rank
        keep = self.advice[rank - 1].keep
        self.lesson = CountingLesson(keep, self.hand.starter)
        self.stage = "count"
        self.message, self.tone = self.throw_words(), "ok" if rank == 1 else "warn"
        return self.advice[rank - 1].total_ev >= self.advice[0].total_ev - 1e-9

    def count(self, typed: object) -> bool:
        """Count the kept hand with the starter (the points typed); True when right. A right count
        finishes the day; a wrong one says what was missed and may be tried again."""
        if self.stage != "count" or self.lesson is None:
            raise CribbageError("throw two cards to the crib first" if self.stage == "throw" else
                                "today's hand is counted: come back tomorrow for a new one")
        total = typed if type(typed) is int else whole_number(str(typed))
        if total is None:
            said = str(typed).strip()
            what = "Nothing is typed" if not said else f"{shown(said)} is not a whole number of points"
            raise CribbageError(f"{what}: type the points from 0 to {MAX_HAND_SCORE}, such as 12, then press "
                                "Check")
        verdict = self.lesson.check_total(total)
        if verdict.problem:
            raise CribbageError(verdict.problem)
        self._seen = self.kept.take(self.lesson.records, self._seen)
        self.lines = verdict.lines
        if verdict.right:
            self._finish("Right!")
        else:
            self.message = "Not quite: look again and try once more, or press Show me the count."
            self.tone = "bad"
        return verdict.right

    def show_count(self) -> None:
        """Show the count (step by step words and every combination); the day is done."""
        if self.stage != "count" or self.lesson is None:
            raise CribbageError("throw two cards to the crib first" if self.stage == "throw" else
                                "today's hand is counted already")
        s = self.lesson.score
        self.lines = (Line("note", f"Your hand scores {s.total}.", s.aloud()),
                      *(Line("note", f"{i.reason} ({i.points})") for i in s.items))
        self._finish("Here is the count.")

    def table_options(self) -> dict[str, object]:
        """What a game table (`crib_widgets.widgets.game_table.GameTable`) needs to play today's deal
        out against the computer: the learner in seat 0, the day's dealer, the day's cards on top of
        the deck (later deals are shuffled from the day's seed, so they are the same for everyone
        too)."""
        return {"deck": self.hand.game_deck, "dealer": self.hand.dealer, "seed": daily_seed(self.day)}

    def play_words(self) -> str:
        """What playing it out means, said before the table opens."""
        return ("Play today's deal out against the computer: you get the same six cards, throw two again "
                "(the same two, or try the others), play to 31 and count. The game then goes on from "
                "there if you like.")

    def _finish(self, head: str) -> None:
        self.kept.store.daily_done(self.day)
        self.stage = "done"
        self.message, self.tone = f"{head} Today's hand is done. {self.streak_words()}", "ok"
