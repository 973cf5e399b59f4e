"""Skills: what each question tests, so a class report can say who needs help with what.

Skills are `crib_widgets.skills.Skill`; this module says which a graded worksheet answer tests.
A question tests the skill of its focus ("a double run" tests runs, "a crib with four of a suit"
the crib's flush rule, "the go" the go and 31). An answer given per kind tests each kind it names or
should have named, one by one, each on its own points. A student's share right in a skill is the
share of those tests they passed; unanswered and unreadable answers say nothing about a skill and are
left out.

A total alone (`HOW_DECIDED`) is right or wrong as a whole: a right total passes each skill of the
focus, but a wrong one counts against a skill only when the points say it must be that skill's. A
hand of fifteens and pairs counted 2 short may have lost a fifteen or a pair: it is counted against
neither, and `undecided` says so for the report. Points missing beyond everything the other kinds
hold must be that kind's; too many points on a hand with one kind of points are that kind's.

>>> from crib_widgets.exercises.generate import make_set
>>> from crib_widgets.exercises.grading import check_answer
>>> ex = make_set("counting", "medium", 3, 7)[3]
>>> ex.focus, ex.solution().answer, skills_tested(ex, check_answer(ex, "10"))
('a double run', 10, [('runs', True)])
>>> skills_tested(ex, check_answer(ex, "8")), undecided(ex, check_answer(ex, "8"))[:56]
([], 'said 8, right is 10: the 2 points missing could be fifte')
>>> sorted(skills_tested(ex, check_answer(ex, "0")))  # 10 short: every kind in the hand was missed
[('fifteens', False), ('pairs', False), ('runs', False)]
"""

from __future__ import annotations

from dataclasses import dataclass

from ..skills import KIND_SKILLS, Skill, skill_of_kind
from ..words import join_words, plural
from .grading import Grade
from .model import CountingExercise, Exercise, MugginsExercise

__all__ = ["skills_tested", "skill_of_focus", "undecided", "HOW_DECIDED"]


def skill_of_focus(focus: str) -> tuple[str, ...]:
    """The skills a question's focus trains: ``"a missed fifteen"`` -> fifteens; a focus of two parts
    trains both: ``"a run and fifteens"`` -> runs and fifteens; a focus of no known skill is its own."""
    f = focus.lower()
    if " and " in f:
        both = [skill for part in f.split(" and ") for skill in skill_of_focus(part)]
        return tuple(dict.fromkeys(both))
    if "right count" in f:
        return (Skill.RIGHT_COUNT,)
    if "crib" in f and ("flush" in f or "suit" in f):
        return (Skill.CRIB_FLUSH,)
    for words, skill in (("nobs", Skill.NOBS), ("flush", Skill.FLUSH), ("run", Skill.RUNS), ("go", Skill.GO),
                         ("thirty-one", Skill.GO), ("last card", Skill.GO)):
        if words in f.split() or (len(words) > 3 and words in f):
            return (skill,)
    pairs = (("fifteen", Skill.FIFTEENS), ("pair", Skill.PAIRS), ("of a kind", Skill.PAIRS))
    found = tuple(skill for words, skill in pairs if words in f)
    return tuple(dict.fromkeys(found)) or (focus,)


def _kind_skill(exercise: Exercise, kind: str) -> str:
    crib = isinstance(exercise, (CountingExercise, MugginsExercise)) and exercise.crib
    return skill_of_kind(kind, crib=crib)


# How the report says it decided each skill (one home for the sentence).
HOW_DECIDED = (
    "How each skill was decided: an answer given per kind of points counts for each kind on its own "
    "points. A total alone counts for the skill the question practises: a right total for it, a wrong "
    "one against it only when the points tell which kind was miscounted (the points missing are more "
    "than every other kind in the hand holds, or the hand holds only that kind). Otherwise the wrong "
    "total is marked wrong but counted against no skill, and is listed below. Blank answers and answers "
    "that could not be read count for no skill.")


def _held(exercise: CountingExercise) -> dict[str, int]:
    """The points each skill's kinds make in a hand (``{"fifteens": 4, "pairs": 2}``)."""
    held: dict[str, int] = {}
    for line in exercise.solution().lines:
        if line.kind in KIND_SKILLS:
            skill = _kind_skill(exercise, line.kind)
            held[skill] = held.get(skill, 0) + line.points
    return held


@dataclass(frozen=True)
class _TotalCalls:
    """What a total alone says about skills: those it can tell (skill -> passed), the focus skills it
    cannot, the total said and the skills whose kinds the hand holds."""

    calls: dict[str, bool]
    unsure: tuple[str, ...] = ()
    said: int = 0
    held: tuple[str, ...] = ()


def _total_calls(exercise: Exercise, grade: Grade) -> _TotalCalls:
    focus = skill_of_focus(exercise.focus)
    if grade.correct or not isinstance(exercise, CountingExercise) or focus == (Skill.RIGHT_COUNT,):
        return _TotalCalls(dict.fromkeys(focus, grade.correct))
    from .answers import AnswerError, read_answer  # answers imports grading: read here, not at the top

    try:
        said = read_answer(exercise, grade.given).total
    except AnswerError:
        said = None
    held = _held(exercise)
    if said is None or not held:
        return _TotalCalls(dict.fromkeys(focus, False))
    gap = grade.solution.answer - said
    if gap > 0:  # short: a kind must be miscounted when the others together cannot make up the gap
        sure = {s for s in held if gap > sum(v for other, v in held.items() if other != s)}
    else:  # too many: only a hand with one kind of points tells which
        sure = set(held) if len(held) == 1 else set()
    unsure = tuple(s for s in focus if s not in sure)
    return _TotalCalls(dict.fromkeys(sure, False), unsure, said, tuple(held))


def skills_tested(exercise: Exercise, grade: Grade) -> list[tuple[str, bool]]:
    """(skill, passed) for each skill this graded answer tests; none for a blank or unreadable one."""
    if grade.status not in ("right", "wrong"):
        return []
    if not grade.kinds:
        return list(_total_calls(exercise, grade).calls.items())
    tested = {_kind_skill(exercise, k.kind): k.correct for k in grade.kinds if k.right or k.given}
    for skill in skill_of_focus(exercise.focus):
        tested.setdefault(skill, grade.correct)  # a focus with a kind of its own is judged by that kind
    return list(tested.items())


def undecided(exercise: Exercise, grade: Grade) -> str:
    """Why a wrong total is counted against none of the skills its question practises ("" when it is
    counted, or is not a total): ``"said 6, right is 8: the 2 points missing could be fifteens or
    pairs; not counted for fifteens or pairs"``."""
    if grade.status != "wrong" or grade.kinds:
        return ""
    found = _total_calls(exercise, grade)
    if not found.unsure:
        return ""
    right, said = grade.solution.answer, found.said
    if said < right:
        cause = f"the {plural(right - said, 'point')} missing could be {join_words(found.held, 'or')}"
    else:
        cause = f"the {plural(said - right, 'point')} too many could be claimed for any kind"
    blamed = f"; counted against {join_words(sorted(found.calls))} only" if found.calls else ""
    return f"said {said}, right is {right}: {cause}; not counted for {join_words(found.unsure, 'or')}{blamed}"
