"""Markdown worksheets and keys, for a course page, a wiki or a learning platform.

>>> from crib_widgets.exercises.generate import make_set
>>> s = make_set("counting", "easy", hands=1, seed=7)
>>> print(worksheet_markdown(s).splitlines()[0])
# Counting hands: easy
>>> "Fifteen two, fifteen four. 4 points." in answer_key_markdown(s)
True
"""

from __future__ import annotations

from collections.abc import Iterable

from .model import Exercise, ExerciseSet, MugginsExercise, PlayExercise, one_set, some_sets
from .sheet import answer_kinds, cards_text, instructions, key_headline, kind_label, play_text, set_line

__all__ = ["worksheet_markdown", "answer_key_markdown"]


def _question(exercise: Exercise) -> list[str]:
    if isinstance(exercise, PlayExercise):
        return [exercise.prompt(), "", f"Play: {play_text(exercise)}"]
    if isinstance(exercise, MugginsExercise):
        what = "crib" if exercise.crib else "hand"
        return [cards_text(exercise), "",
                f"The owner counts this {what}: \u201c{exercise.announced_score().aloud()}\u201d"]
    return [f"{exercise.prompt()} {cards_text(exercise)}"]


def _blanks(exercise: Exercise, kinds: tuple[str, ...]) -> str:
    if isinstance(exercise, MugginsExercise):
        return "Your call (accept / Muggins … / too high by …): ________"
    return " · ".join(f"{kind_label(k)} ____" for k in kinds) + " · **total ____**"


def worksheet_markdown(exercise_set: ExerciseSet) -> str:
    """The learner's worksheet: questions and blanks, no answers."""
    exercise_set = one_set(exercise_set, "worksheet_markdown")
    kinds = answer_kinds(exercise_set)
    lines = [
        f"# {exercise_set.title}",
        "",
        f"Name: {exercise_set.student or '____________________'}  ",
        f"Set code: `{exercise_set.code}` · {len(exercise_set)} questions",
        "",
        *(f"{line}  " for line in instructions(exercise_set)),
    ]
    for exercise in exercise_set:
        lines += ["", f"## {exercise.number}", "", *_question(exercise), "", _blanks(exercise, kinds)]
    return "\n".join(lines) + "\n"


def _key(exercise: Exercise) -> list[str]:
    solution = exercise.solution()
    lines = ["", f"## {exercise.number}: {exercise.focus}", "", *_question(exercise), "",
             f"**{key_headline(exercise)}**", ""]
    if isinstance(exercise, MugginsExercise):
        lines += [f"What the counter got wrong: {'; '.join(solution.notes) or 'nothing: the count is right'}",
                  ""]
    elif solution.notes:
        lines += [f"Does not score: {'; '.join(solution.notes)}.", ""]
    lines += [f"- {line.points}: {line.reason}" for line in solution.lines] or ["- nothing scores"]
    lines += [f"- **{solution.total}: total**", "", f"Said aloud: \u201c{solution.said}\u201d"]
    return lines


def answer_key_markdown(sets: ExerciseSet | Iterable[ExerciseSet]) -> str:
    """The teacher's key for one set or for every student's set."""
    sets = some_sets(sets, "answer_key_markdown")
    lines = [f"# Answer key: {sets[0].title}", "",
             "For the teacher: keep this away from the learners' worksheets."]
    for exercise_set in sets:
        lines += ["", f"# {exercise_set.student or 'Answers'}", "", set_line(exercise_set)]
        for exercise in exercise_set:
            lines += _key(exercise)
    return "\n".join(lines) + "\n"
