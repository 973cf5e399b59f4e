"""Skills: what each question tests, so a class report can say who needs help with what.

A question tests the skill of its focus ("a double run" tests runs, "a crib with four of a suit"
the crib's flush rule, "the go" the go and 31). An answer given per kind also tests each kind it
names or should have named, one by one. A student's share right in a skill is the share of those
tests they passed; unanswered and unreadable answers say nothing about a skill and are left out.

>>> from crib_widgets.exercises.generate import make_set
>>> from crib_widgets.exercises.grading import check_answer
>>> ex = make_set("counting", "medium", 3, 7)[3]
>>> ex.focus, skills_tested(ex, check_answer(ex, "0"))
('a double run', [('runs', False)])
"""

from __future__ import annotations

from .grading import Grade
from .model import CountingExercise, Exercise, MugginsExercise

__all__ = ["SKILLS", "TRAINER_SKILLS", "PEGGING_CHOICES", "MUGGINS_CALLS", "DISCARDS", "skills_tested",
           "skill_of_focus", "skill_of_kind", "band", "BANDS"]

# Every skill, in the order the grid shows them.
SKILLS = ("fifteens", "pairs", "runs", "flush", "the crib's flush", "his nobs", "go and 31", "a right count")
# What the book's trainers also practise beyond a worksheet (`crib_widgets.lessons` records them).
PEGGING_CHOICES, MUGGINS_CALLS = "pegging choices", "Muggins calls"
# Choosing the throw to the crib at a game table: right when the throw costs less than the review
# calls a mistake (`strategy.review.NOTICE`) against the best one.
DISCARDS = "discards"
TRAINER_SKILLS = (DISCARDS, PEGGING_CHOICES, MUGGINS_CALLS)
_OF_KIND = {"fifteen": "fifteens", "pair": "pairs", "run": "runs", "flush": "flush", "nobs": "his nobs",
            "thirty-one": "go and 31", "go": "go and 31", "last card": "go and 31"}
# Share right -> (word, css class): the word is there for readers who cannot tell the colours apart.
BANDS = ((0.8, "secure", "good"), (0.5, "shaky", "fair"), (0.0, "needs help", "poor"))


def skill_of_focus(focus: str) -> tuple[str, ...]:
    """The skills a question's focus trains: ``"a missed fifteen"`` -> ``("fifteens",)``."""
    f = focus.lower()
    if "right count" in f:
        return ("a right count",)
    if "crib" in f and ("flush" in f or "suit" in f):
        return ("the crib's flush",)
    for words, skill in (("nobs", "his nobs"), ("flush", "flush"), ("run", "runs"), ("go", "go and 31"),
                         ("thirty-one", "go and 31"), ("last card", "go and 31")):
        if words in f.split() or (len(words) > 3 and words in f):
            return (skill,)
    pairs = (("fifteen", "fifteens"), ("pair", "pairs"), ("of a kind", "pairs"))
    found = tuple(skill for words, skill in pairs if words in f)
    return tuple(dict.fromkeys(found)) or (focus,)


def skill_of_kind(kind: str, *, crib: bool = False) -> str:
    """The skill a kind of points trains: ``"run"`` -> ``"runs"``; a crib's flush is its own skill.

    >>> skill_of_kind("go"), skill_of_kind("flush", crib=True)
    ('go and 31', "the crib's flush")
    """
    return "the crib's flush" if kind == "flush" and crib else _OF_KIND[kind]


def _kind_skill(exercise: Exercise, kind: str) -> str:
    crib = isinstance(exercise, (CountingExercise, MugginsExercise)) and exercise.crib
    return skill_of_kind(kind, crib=crib)


def skills_tested(exercise: Exercise, grade: Grade) -> list[tuple[str, bool]]:
    """(skill, passed) for each skill this graded answer tests; none for a blank or unreadable one."""
    if grade.status not in ("right", "wrong"):
        return []
    tested = {_kind_skill(exercise, k.kind): k.correct for k in grade.kinds if k.right or k.given}
    for skill in skill_of_focus(exercise.focus):
        tested[skill] = tested.get(skill, True) and grade.correct
    return list(tested.items())


def band(right: int, asked: int) -> tuple[str, str]:
    """The word and css class for ``right`` of ``asked``: secure (80% or more), shaky, needs help (under
    half)."""
    share = right / asked
    return next((word, css) for low, word, css in BANDS if share >= low)
