"""Practise my mistakes: the deck's questions due today, asked again by the lesson that first asked them.

Every hand or play the learner got wrong is in their deck (`deck.Deck`, rebuilt from the kept
answers); this model takes the questions due today, longest due first, and asks each again with the
lesson model made for exactly that position (`CountingLesson.from_position`,
`PeggingLesson.from_position`, `MugginsLesson.from_position`). That lesson grades the answer, as in
its chapter; the answer is kept (`Kept.take`), so the deck moves as its schedule says: a right first
try moves the question up a box and brings it back later, three right in a row take it out of the
deck, and a wrong one keeps it due today (it comes back at the end of the round). Everything the
learner reads is said here; the view (`crib_widgets.widgets.mistakes_view`) draws it.

>>> from crib_widgets.lessons.kept import Kept
>>> kept = Kept("", today="2026-12-02", device="d1")
>>> _ = kept.take(CountingLesson("5H 5D 5S JC", starter="5C").check_total(28).records, 0)
>>> p = Practice(kept)
>>> p.kind, p.position, p.left
('count', '5H 5D 5S JC | 5C', 1)
>>> p.count(29), p.moved
(True, 'Right! It moves up to box 2 and comes back tomorrow (Thursday 3 December).')
>>> p.next(), p.summary()
(False, 'Nothing is due today: your next mistake comes back tomorrow (Thursday 3 December).')
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, timedelta
from typing import TypeVar

from ..bounded import whole_number
from ..cards import Card
from ..errors import CribbageError
from ..game.kinds import AnswerKind
from ..scoring import MAX_HAND_SCORE
from ..words import join_words, plural
from . import checks
from .board_play import BoardPlay
from .counting import CountingLesson, Line
from .deck import IN_A_ROW, Item
from .discard_trainer import DiscardTrainer
from .kept import Kept
from .muggins import ANSWERS, MugginsLesson
from .pegging import PeggingLesson

__all__ = ["Practice", "lesson_for", "day_words", "KINDS"]

# What the learner does for each question: count a hand, say what a card scores, pick a card, answer
# the computer's count.
KINDS = ("count", "points", "card", "muggins", "throw", "choice")
_WHAT = {"counting": ("hand to count", "hands to count"), "pegging": ("play", "plays"),
         "muggins": ("Muggins count", "Muggins counts"),
         "discarding": ("throw to the crib", "throws to the crib"),
         "board": ("position near the end of a game", "positions near the end of a game")}
EMPTY = ("Your deck of mistakes is empty: well done! Any hand or play you get wrong in the book's "
         "trainers (the counting trainer in \"The whole show\", the pegging drill in \"The play to 31\", "
         "the Muggins quiz in \"Muggins\", the discard trainer in \"Discarding\", the board practice in "
         "\"Playing to the board\")"
         " comes here, so you can practise it again until you know it. "
         "Meanwhile, try today's hand below.")


Lesson = CountingLesson | PeggingLesson | MugginsLesson | DiscardTrainer | BoardPlay
"""A trainer's lesson model, made for one question of the deck."""
_L = TypeVar("_L", CountingLesson, PeggingLesson, MugginsLesson, DiscardTrainer, BoardPlay)

MAKERS: dict[str, Callable[[str], Lesson]] = {
    "counting": CountingLesson.from_position, "pegging": PeggingLesson.from_position,
    "muggins": MugginsLesson.from_position, "discarding": DiscardTrainer.from_position,
    "board": BoardPlay.from_position}


def lesson_for(lesson: str, position: str) -> Lesson:
    """The lesson model that asks the question of ``lesson`` (``counting``, ``pegging``,
    ``muggins``, ``discarding``) at ``position`` again; a bad one is a `CribbageError` saying what is allowed.

    >>> lesson_for("muggins", "5H 5D 5S JC | 5C | said 28").announced
    28
    >>> lesson_for("cooking", "5H")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    crib_widgets.errors.CribbageError: 'cooking' is not a trainer whose questions can be asked again: ...
    """
    if lesson not in MAKERS:
        raise CribbageError(f"{checks.shown(lesson)} is not a trainer whose questions can be asked again: "
                            f"use one of {', '.join(MAKERS)}")
    return MAKERS[lesson](position)


def day_words(day: date, today: date) -> str:
    """A day as the learner says it: ``today``, ``tomorrow (Thursday 3 December)``, ``Monday 7
    December``."""
    named = _named(day)
    if day <= today:
        return "today"
    return f"tomorrow ({named})" if day == today + timedelta(days=1) else named


def _named(day: date) -> str:
    return f"{day:%A} {day.day} {day:%B}"


class Practice:
    """The questions of the learner's deck due today, one at a time, over the page's ``kept``.

    State: ``item`` (the deck's question on show, None when nothing is due), ``lesson`` (the model
    asking it), ``kind`` (see `KINDS`), ``answered`` (the question on show is graded), ``right``,
    ``lines`` (what the grade says, each a `Line`), ``moved`` (where the question went in the deck),
    ``message`` and ``tone`` (what to say about the last thing done: info, ok, bad, warn).
    """

    def __init__(self, kept: Kept) -> None:
        self.kept = kept
        self.asked: set[tuple[str, str]] = set()  # questions asked in this round
        self.skipped: dict[tuple[str, str], str] = {}  # questions that could not be asked again, and why
        self._checked: set[tuple[str, str]] = set()
        self.done_today = 0  # questions answered on this page
        self._answered_here: set[tuple[str, str]] = set()
        self.item: Item | None = None
        self.lesson: Lesson | None = None
        self.lines: tuple[Line, ...] = ()  # set with the rest of the question's state by next()
        self.message, self.tone = (kept.problem, "bad") if kept.problem else ("", "info")
        self.next()

    # ---- what is due --------------------------------------------------------------------------
    def due(self) -> list[Item]:
        """The deck's questions due today (longest due first), without any that cannot be asked."""
        return [i for i in self.kept.store.deck.due(self.kept.day()) if self._askable(i)]

    def _askable(self, item: Item) -> bool:
        """Whether the question can be asked again (a question kept by an older page may not be: it is
        left out, and ``skipped`` says why)."""
        if item.key not in self._checked:
            try:
                lesson_for(item.lesson, item.position)
            except CribbageError as error:
                self.skipped[item.key] = str(error)
            self._checked.add(item.key)
        return item.key not in self.skipped

    @property
    def left(self) -> int:
        """Questions due today, the one on show included."""
        return len(self.due())

    def next(self) -> bool:
        """Ask the next question due (one not yet asked in this round; then the round starts again
        with those still due). False when nothing is due."""
        self.answered, self.right, self.lines, self.moved = False, False, (), ""
        self._seen = 0
        due = self.due()
        fresh = [i for i in due if i.key not in self.asked]
        if due and not fresh:
            self.asked.clear()
            fresh = due
        if not fresh:
            self.item, self.lesson = None, None
            return False
        self.item, self.lesson = fresh[0], lesson_for(fresh[0].lesson, fresh[0].position)
        self.asked.add(self.item.key)
        return True

    @property
    def kind(self) -> str:
        """What the question on show asks for (see `KINDS`), "" when nothing is due."""
        lesson = self.lesson
        if isinstance(lesson, CountingLesson):
            return "count"
        if isinstance(lesson, PeggingLesson):
            return "points" if lesson.scenario.ask == "last" else "card"
        if isinstance(lesson, DiscardTrainer):
            return "throw"
        if isinstance(lesson, BoardPlay):
            return "choice"
        return "muggins" if lesson is not None else ""

    @property
    def position(self) -> str:
        """The question on show in card text ("" when none)."""
        return self.item.position if self.item else ""

    # ---- the words ----------------------------------------------------------------------------
    def summary(self) -> str:
        """What is due today, or when the next question comes back, or what to do with an empty deck."""
        today = self.kept.day()
        due = self.due()
        if due:
            counts: dict[str, int] = {}
            for item in due:
                counts[item.lesson] = counts.get(item.lesson, 0) + 1
            parts = [f"{n} {_WHAT[k][n != 1]}" for k, n in counts.items()]
            verb = "is" if len(due) == 1 else "are"
            return (f"{plural(len(due), 'mistake')} {verb} due today: {join_words(parts)}.{self._others()}"
                    f"{self._moved_elsewhere()}")
        later = [i for i in self.kept.store.deck.items if i.key not in self.skipped and i.lesson in MAKERS]
        self.skipped.update((i.key, "not a trainer of this page") for i in self.kept.store.deck.items
                            if i.lesson not in MAKERS)
        if not later and self.skipped:
            return (f"Nothing to practise here today.{self._others()}{self._moved_elsewhere()} "
                    "Meanwhile, try today's hand below.")
        if not later and not self.kept.live:  # the page's picture, drawn before any progress is read
            return "Your own mistakes come here, as this browser kept them."
        if not later:
            return EMPTY + self._moved_elsewhere()
        first = min(i.due for i in later)
        when = day_words(first, today)
        return (f"Nothing is due today: your next mistake comes back {when}.{self._others()}"
                f"{self._moved_elsewhere()}")

    def _moved_elsewhere(self) -> str:
        """Why mistakes that were due today are not asked now: answered right today elsewhere (in
        their chapter's trainer, or here before this page), they moved up a box or left the deck; or ''."""
        deck, today = self.kept.store.deck, self.kept.day()
        moved = {key: how for key, (day, how) in deck.moved.items()
                 if day == today and key not in self._answered_here}
        if not moved:
            return ""
        items = {i.key: i for i in deck.items}
        up = [items[key] for key, how in moved.items() if how == "up" and key in items]
        left = sum(how == "left" for how in moved.values())
        one = len(moved) == 1
        parts = []
        if up:
            back = day_words(min(i.due for i in up), today)
            parts.append(f"it moved up a box and comes back {back}" if one else
                         f"{len(up)} moved up a box, the first back {back}")
        if left:
            parts.append(f"{'it' if one else left} left your deck, right {IN_A_ROW} times in a row")
        return (f" ({plural(len(moved), 'mistake')} {'was' if one else 'were'} answered right today "
                f"(in {'its' if one else 'their'} chapter's trainer, or here earlier), so "
                f"{'it is' if one else 'they are'} not asked now: {'; '.join(parts)}.)")

    def _others(self) -> str:
        """A sentence about mistakes this page cannot ask again (kept by other pages, or damaged), or ''."""
        damaged = sum(1 for key in self.skipped if key[0] in MAKERS and not _other_table(*key))
        elsewhere = len(self.skipped) - damaged
        said = ""
        if elsewhere:
            verb = "is" if elsewhere == 1 else "are"
            said += (f" ({plural(elsewhere, 'mistake')} from elsewhere in the book, such as a throw to the "
                     f"crib at a game table, {verb} not asked on this page.)")
        if damaged:
            verb = "was" if damaged == 1 else "were"
            said += (f" ({plural(damaged, 'kept mistake')} could not be read as a question the rules "
                     f"allow, so {'it' if damaged == 1 else 'they'} {verb} set aside.)")
        return said

    def where(self) -> str:
        """Where the question on show stands in the deck, in words."""
        item = self.item
        if item is None:
            return ""
        since = "today" if item.added >= self.kept.day() else f"on {_named(item.added)}"
        run = f", right {plural(item.in_a_row, 'time')} in a row so far" if item.in_a_row else ""
        return (f"You got this one wrong {since}. Box {item.box} of {IN_A_ROW}{run}: right {IN_A_ROW} "
                "times in a row and it leaves your deck.")

    def question(self) -> str:
        """The question on show, with every card named in words."""
        lesson = self.lesson
        if isinstance(lesson, CountingLesson):
            s = lesson.score
            what = "crib" if s.crib else "hand"
            return (f"Count this {what}: {join_words([c.name for c in s.hand])}, with the starter "
                    f"{s.starter.name}. How many points?")
        if isinstance(lesson, PeggingLesson):
            sc = lesson.scenario
            laid = [p for p in sc.plays if p.upper() != "GO"]
            table = join_words([Card.parse(p).name for p in laid]) if laid else "nothing yet: you lead"
            if sc.ask == "last":
                card = lesson.answer.card
                assert card is not None  # a "last" question's answer names its card
                who = lesson.last_layer
                whose = "your" if who == "You" else f"{who}'s"
                end = " It is the last card of the play." if sc.final else ""
                return (f"On the table: {table}. How many points does {whose} {card.name} score?{end}")
            goal = "scores the most now" if sc.ask == "best" else "gives the least away"
            hand = join_words([Card.parse(c).name for c in sc.hand])
            if sc.ask == "strong":  # chapter 11's technique positions: what you know at the table, then
                return (f"{sc.story} On the table: {table}. You hold {hand}. Which card would a strong "
                        "player lay?")
            return f"On the table: {table}. You hold {hand}. Which card {goal}?"
        if isinstance(lesson, MugginsLesson):
            s = lesson.score
            what = "crib" if s.crib else "hand"
            return (f"{lesson.name} counts its {what}, {join_words([c.name for c in s.hand])} with the "
                    f"starter {s.starter.name}, as {lesson.announced}. Accept it, call Muggins naming the "
                    "points it missed, or say it is too high.")
        if isinstance(lesson, (DiscardTrainer, BoardPlay)):
            return lesson.prompt()
        return ""

    def status(self) -> str:
        """What to do next, in one sentence."""
        if self.item is None:
            return self.summary() if not self.message else f"{self.message} {self.summary()}"
        if self.answered:
            left = self.left
            more = ("Press Next for the next one." if left else "That was the last one due today.")
            return f"{'Right!' if self.right else 'Not this time.'} {more}"
        return {"count": "Type the points and press Check (or Enter).",
                "points": "Type the points and press Check (or Enter).",
                "card": "Choose the card you would lay (tap or click it, or press Tab to reach it and Space "
                        "to choose it), then press Check.",
                "muggins": "Press Accept, Muggins! (with the points missed) or Too high!",
                "throw": "Choose two cards to throw (tap, click, or Tab and Space), then press Check.",
                "choice": "Choose your answer (tap, click, or Tab and Space), then press Check.",
                }[self.kind]

    def chosen_words(self, chosen: str | None) -> str:
        """What to say when the learner chooses a card or an answer (its words; None: nothing chosen
        now) before pressing Check: a choice is never judged until then."""
        if chosen is None:
            return self.status()
        what = f"the {chosen}" if self.kind == "card" else chosen
        return f"You chose {what}. Press Check to judge it, or choose again."

    # ---- answers ------------------------------------------------------------------------------
    def count(self, typed: object) -> bool:
        """Answer a hand to count with the total typed (a number or text); True when right. A number
        that is not a count is a `CribbageError` saying what is allowed, and nothing changes."""
        lesson = self._asking("count", CountingLesson)
        value = _whole(typed)
        verdict = lesson.check_total(value)
        if verdict.problem:
            raise CribbageError(verdict.problem)
        return self._graded(verdict.right, verdict.lines)

    def points(self, typed: object) -> bool:
        """Answer "what does the card score?" with the points typed; True when right."""
        lesson = self._asking("points", PeggingLesson)
        result = lesson.check_points(typed)
        if result.problem:
            raise CribbageError(result.problem)
        a = lesson.answer
        assert a.card is not None  # a "points" question asks about the last card laid
        lines = (Line("note", f"The {a.card.name} scores {plural(int(a.points), 'point')}:",
                      "; ".join(a.reasons) + "." if a.reasons else "nothing."),)
        return self._graded(result.right, lines)

    def pick(self, card: Card | str | None) -> bool:
        """Answer "which card?" with a card of the hand; True when right. No card (None) is a
        `CribbageError` saying to choose one first."""
        lesson = self._asking("card", PeggingLesson)
        if card is None:
            raise CribbageError("choose a card first, then press Check")
        result = lesson.pick(Card.parse(card) if isinstance(card, str) else card)
        if result.problem:
            raise CribbageError(result.problem)
        a = lesson.answer
        best = join_words([c.name for c in a.best_cards], "or")
        # chapter 11's technique positions: the card a strong player lays, each card's worth on average
        weighed = lesson.scenario.ask in ("safest", "strong")
        lines = [Line("note", f"A strong player lays the {best}." if lesson.scenario.ask == "strong"
                      else f"Best: {best}.")]
        for option, value, why in a.options:
            shown = "cannot be laid" if value is None else (f"{value:+.1f} on average" if weighed else
                                                               plural(int(value), "point"))
            lines.append(Line("note", f"The {option.name}: {shown}", f"({'; '.join(why)})."))
        return self._graded(result.right, tuple(lines))

    def call(self, kind: AnswerKind | str, named: int | None = None) -> bool:
        """Answer the computer's count (``accept``, ``muggins`` naming ``named``, ``overcount``)."""
        lesson = self._asking("muggins", MugginsLesson)
        if kind not in ANSWERS:
            raise CribbageError(f"{checks.shown(kind)} is not an answer to a count: use one of "
                                f"{', '.join(ANSWERS)}")
        outcome = lesson.answer(kind, named)
        if outcome.problem:
            raise CribbageError(outcome.problem)
        s = lesson.score
        lines = (Line("note", lesson.outcome_words(kind, named)),
                 Line("note", f"The true count: {s.total}.", s.aloud()))
        return self._graded(outcome.right, lines)

    def throw(self, cards: object) -> bool:
        """Answer "which two do you throw?" with two cards of the hand; True when right."""
        lesson = self._asking("throw", DiscardTrainer)
        lesson.choose(cards)
        verdict = lesson.check()
        lines = [Line("note", verdict.summary())]
        lines += [Line("note", verdict.cost_sentence())] if not verdict.right else []
        lines += [Line("note", why) for why in verdict.reasons]
        return self._graded(verdict.right, tuple(lines))

    def choose(self, key: object) -> bool:
        """Answer a board position (chapter 12) with one of its options (`options`); True when right.
        No answer (None) is a `CribbageError` saying to choose one first."""
        lesson = self._asking("choice", BoardPlay)
        if key is None:
            raise CribbageError("choose an answer first, then press Check")
        lesson.choose(key)
        verdict = lesson.check()
        lines = [Line("note", verdict.summary())] + [Line("note", why) for why in verdict.reasons]
        return self._graded(verdict.right, tuple(lines))

    def options(self) -> tuple[tuple[str, str], ...]:
        """(key, words) of each answer to a board position on show; () for other questions."""
        lesson = self.lesson
        return lesson.question.options() if isinstance(lesson, BoardPlay) else ()

    def _asking(self, kind: str, model: type[_L]) -> _L:
        if self.item is None:
            raise CribbageError("nothing is due to answer: " + self.summary())
        if self.answered:
            raise CribbageError("this question is answered: press Next for the next one")
        if self.kind != kind:
            raise CribbageError(f"this question asks for {_ASKS[self.kind]}, not {_ASKS[kind]}")
        if not isinstance(self.lesson, model):  # the kind names the model: never reached
            raise RuntimeError(f"a {kind} question is asked by a {model.__name__}")
        return self.lesson

    def _graded(self, right: bool, lines: tuple[Line, ...]) -> bool:
        """Keep the answer (the deck moves) and say where the question went."""
        assert self.item is not None and self.lesson is not None
        self._seen = self.kept.take(self.lesson.records, self._seen)
        self._answered_here.add(self.item.key)
        self.answered, self.right, self.lines = True, right, tuple(lines)
        self.done_today += 1
        self.moved = self._moved(self.item, right)
        self.message, self.tone = self.moved, "ok" if right else "bad"
        return right

    def _moved(self, item: Item, right: bool) -> str:
        today = self.kept.day()
        after = next((i for i in self.kept.store.deck.items if i.key == item.key), None)
        if after is None:
            return f"Right {IN_A_ROW} times in a row: this one leaves your deck. Well done!"
        if not right:
            return "It stays in your deck, back in box 1: it comes back at the end of this round."
        if after.box > item.box:
            return (f"Right! It moves up to box {after.box} and comes back {day_words(after.due, today)}.")
        return f"Right! It comes back {day_words(after.due, today)}."


def _other_table(lesson: str, position: str) -> bool:
    """A throw kept at a game table of three or four players or Lowball: the trainer asks only
    two-player throws, so it is not damaged, just asked elsewhere (at the table)."""
    return lesson == "discarding" and "," in position.rpartition("|")[2]


def _whole(typed: object) -> int:
    """The whole number typed for a count, or a `CribbageError` saying what to type."""
    number = typed if type(typed) is int else whole_number(str(typed))
    if number is not None:
        return number
    said = str(typed).strip()
    what = "Nothing is typed" if not said else f"{checks.shown(said)} is not a whole number of points"
    raise CribbageError(f"{what}: type the points from 0 to {MAX_HAND_SCORE}, such as 12 (0 for a hand of "
                        "nothing), then press Check")


_ASKS = {"count": "a count", "points": "the points a card scores", "card": "a card to lay",
         "muggins": "an answer to the computer's count", "throw": "two cards to throw",
         "choice": "one of the answers", "": "nothing"}
