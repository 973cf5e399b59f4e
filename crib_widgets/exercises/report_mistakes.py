"""The class report's mistakes: each wrong answer in words the class shares, so one mistake made on
different hands is counted once ("fifteens too few", "his nobs too many (his nobs is the jack of the
starter's suit)").

>>> from crib_widgets.exercises.generate import make_set
>>> from crib_widgets.exercises.grading import check_answer
>>> ex = make_set("counting", "medium", 3, 7)[3]
>>> for text, kind in mistakes_of(ex, check_answer(ex, "fifteen 0, pair 2, run 3")):
...     print(kind, "|", text)
fifteen | fifteens too few
run | runs too few (a repeated rank inside a run makes another whole run)
"""

from __future__ import annotations

from ..scoring import CRIB_FLUSH_RULE, NOBS_RULE
from .answers import read_answer
from .grading import Grade
from .model import KIND_LABELS, Exercise, KeyLine, MugginsExercise

__all__ = ["mistakes_of"]


def mistakes_of(exercise: Exercise, g: Grade) -> list[tuple[str, str | None]]:
    """The mistakes in one graded answer, in words, each with the kind of points it concerns."""
    if g.status in ("right", "unanswered"):
        return []
    if g.status == "unreadable":
        return [("an answer that could not be read", None)]
    if isinstance(exercise, MugginsExercise) and not g.kinds:
        if not exercise.mistake:
            return [("objected to a right count (it should have been accepted)", None)]
        said = read_answer(exercise, g.given).total
        how = "did not catch" if said == 0 else "caught, but called the wrong points for"
        return [(f"{how}: {_slip_words(exercise, line)}", line.kind) for line in exercise.mistake]
    if g.kinds:
        found: list[tuple[str, str | None]] = []
        for k in g.kinds:
            if k.correct:
                continue
            hint = _class_rule(k.hint) if k.hint else ""
            way = "too few" if k.given < k.right else "too many"
            found.append((f"{KIND_LABELS[k.kind]} {way}" + (f" ({hint})" if hint else ""), k.kind))
        return found
    return [(f"a wrong total on {exercise.focus}", None)]


def _class_rule(text: str) -> str:
    """A hint as the class shares it: a scoring rule's sentence without this hand's cards
    ("his nobs is the jack of the starter's suit (♥), not J♠" -> "...starter's suit"), so the
    report counts one mistake once across hands."""
    rule = next((r for r in (CRIB_FLUSH_RULE, NOBS_RULE) if text.startswith(r)), None)
    return rule or text


def _slip_words(exercise: MugginsExercise, line: KeyLine) -> str:
    """What the counter got wrong, without the cards: "missed a fifteen", or for a claim the rules
    refuse, the mistake and the rule: "his nobs for the wrong jack (his nobs is the jack of ...)"."""
    rule = exercise.score().not_scored(line.kind) if line.points < 0 else ""
    if rule:
        return f"{exercise.focus} ({_class_rule(rule)})"
    return line.reason.split(":")[0]
