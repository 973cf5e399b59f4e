"""Exercises for teachers and learners: seeded sets, worksheets, answer keys and grading.

>>> from crib_widgets.exercises import make_set, grade
>>> s = make_set("counting", "easy", hands=2, seed=7)
>>> [e.solution().answer for e in s]
[4, 2]
>>> grade(s, [4, "pairs 2"]).summary()
'2 of 2 right'

Kinds: counting (a hand or crib), play (what a card scores), muggins (check an announced count).
Difficulties: easy, medium, hard; `describe(kind, difficulty)` says what each promises.
A set is checked question by question on a page by `crib_widgets.widgets.ExerciseChecker`.
"""

from typing import TYPE_CHECKING

from .._lazy import lazy_package

#: The names each module of this package gives (each imported when first asked for).
MODULES = {
    "answers": ("Answer", "AnswerError", "read_answer"),
    "export_html": ("answer_key_html", "preview", "worksheet_html"),
    "export_markdown": ("answer_key_markdown", "worksheet_markdown"),
    "generate": ("MAX_HANDS", "class_sets", "focuses", "load_set", "make_set", "plan"),
    "grading": ("Grade", "KindCheck", "Report", "check_answer", "grade"),
    "levels": ("describe",),
    "model": ("DIFFICULTIES", "EXERCISE_KINDS", "CountingExercise", "ExerciseSet", "KeyLine",
              "MugginsExercise", "PlayExercise", "Solution"),
    "seeds": ("student_seed",),
    "sheet": ("question_text",),
}

__getattr__, __all__ = lazy_package(__name__, MODULES)

if TYPE_CHECKING:  # for type checkers and editors: the names, as if imported here
    from .answers import Answer as Answer
    from .answers import AnswerError as AnswerError
    from .answers import read_answer as read_answer
    from .export_html import answer_key_html as answer_key_html
    from .export_html import preview as preview
    from .export_html import worksheet_html as worksheet_html
    from .export_markdown import answer_key_markdown as answer_key_markdown
    from .export_markdown import worksheet_markdown as worksheet_markdown
    from .generate import MAX_HANDS as MAX_HANDS
    from .generate import class_sets as class_sets
    from .generate import focuses as focuses
    from .generate import load_set as load_set
    from .generate import make_set as make_set
    from .generate import plan as plan
    from .grading import Grade as Grade
    from .grading import KindCheck as KindCheck
    from .grading import Report as Report
    from .grading import check_answer as check_answer
    from .grading import grade as grade
    from .levels import describe as describe
    from .model import DIFFICULTIES as DIFFICULTIES
    from .model import EXERCISE_KINDS as EXERCISE_KINDS
    from .model import CountingExercise as CountingExercise
    from .model import ExerciseSet as ExerciseSet
    from .model import KeyLine as KeyLine
    from .model import MugginsExercise as MugginsExercise
    from .model import PlayExercise as PlayExercise
    from .model import Solution as Solution
    from .seeds import student_seed as student_seed
    from .sheet import question_text as question_text
