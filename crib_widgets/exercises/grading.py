"""Grading: is an answer right, and if not, which kinds of points were missed or overcounted?

A total is marked right or wrong; points per kind also get a diagnosis kind by kind, such as
"fifteens: 2 of 3 found". An unreadable answer is graded as unreadable with the reason, so one
typo never stops the rest of a worksheet from being graded.

>>> from crib_widgets.exercises.generate import make_set
>>> s = make_set("counting", "medium", hands=2, seed=7)
>>> [c.pretty for c in s[1].hand], s[1].starter.pretty
(['A♠', '8♣', '6♥', '5♠'], '7♣')
>>> g = check_answer(s[1], "fifteens 2, runs 4")
>>> g.status, g.kind_messages()
('wrong', ['fifteens: 1 of 2 found (2 of 4 points)'])
>>> grade(s, [8, "lots"]).summary()
'1 of 2 right; 1 could not be read'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from ..errors import CribbageError
from ..skills import MISSED
from ..words import plural
from .answers import Answer, AnswerError, read_answer, read_as
from .model import (
    KIND_LABELS,
    CountingExercise,
    Exercise,
    ExerciseSet,
    MugginsExercise,
    Solution,
    muggins_call,
)

__all__ = ["KindCheck", "Grade", "Report", "check_answer", "grade"]

RIGHT, WRONG, UNREADABLE, UNANSWERED = "right", "wrong", "unreadable", "unanswered"


@dataclass(frozen=True, slots=True)
class KindCheck:
    """One kind of points in a per-kind answer: given, right, and a sentence about it."""

    kind: str
    given: int
    right: int
    message: str
    hint: str = ""  # the rule most often forgotten when the kind is wrong this way (also ends ``message``)

    @property
    def correct(self) -> bool:
        return self.given == self.right


@dataclass(frozen=True, slots=True)
class Grade:
    """The verdict on one answer. ``status`` is right, wrong, unreadable or unanswered."""

    number: int
    status: str
    message: str
    given: str
    solution: Solution
    kinds: tuple[KindCheck, ...] = ()
    read: str = ""  # how the answer was read ("fifteens 4, pairs 2 (6 in all)"); empty if it was not

    @property
    def correct(self) -> bool:
        return self.status == RIGHT

    @property
    def detail(self) -> str:
        """The message after its verdict (every message here is "right: ...", "not yet: ..." or
        "could not read the answer: ..."), for a page that shows the verdict its own way."""
        return self.message.partition(": ")[2]

    def kind_messages(self, *, all_kinds: bool = False) -> list[str]:
        """The diagnosis per kind: the kinds that were wrong, or with ``all_kinds`` every kind seen."""
        return [k.message for k in self.kinds if all_kinds or not k.correct]

    def line(self) -> str:
        """One line for a report, e.g. ``3. wrong: you said 10, right is 12``."""
        return f"{self.number:>2}. {self.message}"


@dataclass(frozen=True, slots=True)
class Report:
    """The grades of a whole set of answers."""

    title: str
    grades: tuple[Grade, ...]

    @property
    def right(self) -> int:
        return sum(g.correct for g in self.grades)

    def count(self, status: str) -> int:
        """How many answers have this status."""
        return sum(g.status == status for g in self.grades)

    def summary(self) -> str:
        """One line: how many are right, and how many could not be read or were left out."""
        text = f"{self.right} of {len(self.grades)} right"
        for status, words in ((UNREADABLE, "could not be read"), (UNANSWERED, "not answered")):
            n = self.count(status)
            if n:
                text += f"; {n} {words}"
        return text

    def found_by_kind(self) -> dict[str, tuple[int, int]]:
        """Over every per-kind answer: points found and points there, per kind (for spotting habits)."""
        totals: dict[str, tuple[int, int]] = {}
        for g in self.grades:
            for k in g.kinds:
                found, there = totals.get(k.kind, (0, 0))
                totals[k.kind] = (found + min(k.given, k.right), there + k.right)
        return totals

    def text(self) -> str:
        """The whole report as plain text, one line per question."""
        lines = [self.title, *(g.line() for g in self.grades)]
        habits = [f"{KIND_LABELS[k]}: {f} of {t} points found" for k, (f, t) in self.found_by_kind().items()
                  if t and f < t]
        if habits:
            lines.append("Across the set: " + "; ".join(habits))
        lines.append(self.summary() + ".")
        return "\n".join(lines)


def check_answer(exercise: Exercise, raw: object) -> Grade:
    """Grade one answer; never raises for a bad answer (it is graded unreadable, with the reason)."""
    solution = exercise.solution()
    if raw is None or (isinstance(raw, str) and not raw.strip()):
        return Grade(exercise.number, UNANSWERED, "not answered", "", solution)
    try:
        answer = read_answer(exercise, raw)
    except AnswerError as error:
        given = " ".join(raw.split()) if isinstance(raw, str) else str(raw)
        return Grade(exercise.number, UNREADABLE, f"could not read the answer: {error}", given, solution)
    graded = _grade_kinds(exercise, answer, solution) if answer.by_kind is not None else \
        _grade_total(exercise, answer, solution)
    return replace(graded, given=" ".join(str(raw).split()) if isinstance(raw, str) else graded.given,
                   read=read_as(exercise, answer))


def _grade_total(exercise: Exercise, answer: Answer, solution: Solution) -> Grade:
    given = answer.total
    assert given is not None
    if exercise.kind == "muggins":
        message = _call_message(given, solution)
    elif given == solution.answer:
        message = f"right: {_points(given)}"
    else:
        direction = "more points to find" if given < solution.answer else "fewer points than that"
        message = f"not yet: you said {given}; there are {direction}"
    status = RIGHT if given == solution.answer else WRONG
    return Grade(exercise.number, status, message, answer.text, solution)


def _call_message(given: int, solution: Solution) -> str:
    right = solution.answer
    said = muggins_call(given)
    if given == right:
        return f"right: {said}" + (f" ({'; '.join(solution.notes)})" if solution.notes else "")
    if right == 0:
        return f"not yet: you said {said!r}, but the count is right"
    if (right > 0) != (given > 0) or given == 0:
        return f"not yet: you said {said!r}; look again, the count is too {'low' if right > 0 else 'high'}"
    return f"not yet: you said {said!r}; the direction is right, the number of points is not"


def _grade_kinds(exercise: Exercise, answer: Answer, solution: Solution) -> Grade:
    given = answer.by_kind
    assert given is not None
    checks = tuple(
        _diagnose(kind, given.get(kind, 0), solution, exercise)
        for kind in solution.kinds
        if given.get(kind, 0) or solution.points(kind)
    )
    total = sum(given.values())
    wrong = [c.message for c in checks if not c.correct]
    if exercise.kind == "muggins":
        call = total - (solution.total - solution.answer)  # the learner's count minus the announced count
        verdict = f"your count {total} means {muggins_call(call)!r}"
        right_call = not wrong
        message = f"right: {verdict}" if right_call else f"not yet: {verdict}; " + "; ".join(wrong)
    elif not wrong:
        message = f"right: {_points(total)}, every kind"
    else:
        message = f"not yet: {total} in all; " + "; ".join(wrong)
    status = WRONG if wrong else RIGHT
    return Grade(exercise.number, status, message, answer.text, solution, checks)


def _diagnose(kind: str, given: int, solution: Solution, exercise: Exercise) -> KindCheck:
    label = KIND_LABELS[kind]
    right = solution.points(kind)
    lines = solution.of_kind(kind)
    sizes = {line.points for line in lines}
    if given == right:
        message = f"{label}: all {len(lines)} found ({_points(right)})" if len(lines) > 1 else \
            f"{label}: right ({_points(right)})"
    elif right == 0:
        message = f"{label}: you gave {given}, but there are none"
    elif given < right and len(sizes) == 1 and len(lines) > 1 and given % next(iter(sizes)) == 0:
        message = f"{label}: {given // next(iter(sizes))} of {len(lines)} found ({given} of {right} points)"
    elif given < right:
        message = f"{label}: {given} of {right} points found"
    else:
        message = f"{label}: {given - right} too many ({given} given, {right} there)"
    hint = _hint(kind, given, right, exercise, solution)
    return KindCheck(kind, given, right, message + (f": {hint}" if hint else ""), hint)


def _hint(kind: str, given: int, right: int, exercise: Exercise, solution: Solution) -> str:
    """The rule most often forgotten when this kind is wrong this way."""
    if given > right and isinstance(exercise, (CountingExercise, MugginsExercise)):
        # a crib's four of a suit, a jack of the wrong suit: the scoring module's own sentence
        rule = exercise.score().not_scored(kind)
        if rule:
            return rule
    if given >= right:
        return ""
    if kind == "flush" and right == 5:
        return MISSED["five-card flush"]
    if kind == "pair" and exercise.kind != "play" and len(solution.of_kind("pair")) >= 3:
        return MISSED["pairs in a hand"]
    if kind == "pair" and exercise.kind == "play" and right >= 6:
        return MISSED["pairs in the play"]
    if kind == "run" and len(solution.of_kind("run")) > 1:
        return MISSED["double run"]
    return MISSED.get(kind, "") if kind in ("go", "last card") else ""


def grade(exercise_set: ExerciseSet, answers: Sequence[object] | Mapping[int, object]) -> Report:
    """Grade answers to a whole set: a list in question order with one entry per question (None where
    unanswered), or a mapping from question number (1, 2, ...) to answer (questions left out are
    unanswered). A list of the wrong length is a `CribbageError`."""
    n = len(exercise_set)
    if isinstance(answers, Mapping):
        bad = [k for k in answers if isinstance(k, bool) or not isinstance(k, int) or not 1 <= k <= n]
        if bad:
            raise CribbageError(f"question {bad[0]!r} is not in this set: number answers 1 to {n}")
        given = [answers.get(i) for i in range(1, n + 1)]
    elif isinstance(answers, (str, bytes)) or not isinstance(answers, Sequence):
        raise CribbageError(f"answers must be a list (one per question) or a mapping from question "
                            f"number to answer, got {type(answers).__name__}")
    else:
        if len(answers) != n:
            # too few is refused as firmly as too many: a short list would shift or drop answers unseen
            were = "answers were" if len(answers) != 1 else "answer was"
            questions = plural(n, "question")
            raise CribbageError(f"{len(answers)} {were} given for a set of {questions}: give one answer per "
                                "question, in order (None for one left blank), or a mapping {number: answer}")
        given = list(answers)
    grades = tuple(check_answer(ex, raw) for ex, raw in zip(exercise_set.exercises, given, strict=True))
    title = exercise_set.title + (f" for {exercise_set.student}" if exercise_set.student else "")
    return Report(f"{title} (set {exercise_set.code})", grades)


def _points(n: int) -> str:
    return plural(n, "point")
