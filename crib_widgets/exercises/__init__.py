"""Exercises for teachers and learners: seeded sets, worksheets, answer keys and grading.

>>> from crib_widgets.exercises import make_set, grade
>>> s = make_set("counting", "easy", hands=2, seed=7)
>>> [e.solution().answer for e in s]
[4, 2]
>>> grade(s, [4, "pairs 2"]).summary()
'2 of 2 right'

Kinds: counting (a hand or crib), play (what a card scores), muggins (check an announced count).
Difficulties: easy, medium, hard; `describe(kind, difficulty)` says what each promises.
"""

from .answers import Answer, AnswerError, read_answer
from .export_html import answer_key_html, preview, worksheet_html
from .export_markdown import answer_key_markdown, worksheet_markdown
from .generate import MAX_HANDS, class_sets, focuses, load_set, make_set, plan
from .grading import Grade, KindCheck, Report, check_answer, grade
from .levels import describe
from .model import (
    DIFFICULTIES,
    EXERCISE_KINDS,
    CountingExercise,
    ExerciseSet,
    KeyLine,
    MugginsExercise,
    PlayExercise,
    Solution,
)
from .seeds import student_seed
from .sheet import question_text

__all__ = [
    "DIFFICULTIES", "EXERCISE_KINDS", "MAX_HANDS",
    "Answer", "AnswerError", "CountingExercise", "ExerciseChecker", "ExerciseSet", "Grade", "KeyLine",
    "KindCheck", "MugginsExercise", "PlayExercise", "Report", "Solution",
    "answer_key_html", "answer_key_markdown", "check_answer", "class_sets", "describe", "focuses",
    "grade", "load_set", "make_set", "plan", "preview", "question_text", "read_answer", "student_seed",
    "worksheet_html", "worksheet_markdown",
]


def __getattr__(name: str):
    # The checking widget needs ipywidgets; importing it only when asked keeps the CLI quick.
    if name == "ExerciseChecker":
        from .check_widget import ExerciseChecker

        return ExerciseChecker
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
