"""The same assignment as an nbgrader source notebook, for a class that works on a JupyterHub.

`nbgrader_notebook` makes ``source/<id>/<id>.ipynb`` in nbgrader's format (cell metadata schema 3):
the student types their name (checked against the roster, "did you mean Chloé?"), their own set
is made from the seed and the name as on the sheets and the page, and each question has an answer
cell (``solution``) and a graded cell worth one point that asks the engine. When the teacher turned
checking off, the graded cells' checks sit between nbgrader's hidden-test markers, so the released
notebook does not check and only autograding does.

>>> from crib_widgets.exercises.assign import Assignment
>>> nb = nbgrader_notebook(Assignment("counting", "easy", 2, 7, ("Ann", "Ben"), secret="00" * 16))
>>> [c["metadata"]["nbgrader"]["grade_id"] for c in nb["cells"]][:5]
['intro', 'name', 'setup', 'question_1', 'answer_1']
>>> sum(c["metadata"]["nbgrader"].get("points", 0) for c in nb["cells"])
2
"""

from __future__ import annotations

import json
from html import escape

from .assign import Assignment, find_on_roster
from .card_svg import CARD_CSS
from .export_html import question_html
from .generate import make_set
from .grading import check_answer
from .model import ExerciseSet
from .sheet import instructions

__all__ = ["nbgrader_notebook", "assignment_id", "open_set", "show_question", "mark"]


def assignment_id(assignment: Assignment) -> str:
    """nbgrader's name for the assignment, e.g. ``crib-counting-medium-12-7``."""
    return "crib-" + assignment.code.replace("/", "-")


def open_set(params: dict, name: str) -> ExerciseSet:
    """The student's set, for a name on the roster (in the notebook's setup cell)."""
    student = find_on_roster(name, params["roster"])
    return make_set(params["kind"], params["difficulty"], params["hands"], params["seed"], student)


def show_question(exercise_set: ExerciseSet, number: int):
    """One question drawn with its cards (cards named in words for screen readers)."""
    from IPython.display import HTML

    style = ".crib-q .cards{display:flex;gap:1em;flex-wrap:wrap} .crib-q .label{display:block}" + CARD_CSS
    return HTML(f"<style>{style}</style><div class=\"crib-q\"><b>Question {number}.</b> "
                f"{question_html(exercise_set[number])}</div>")


def mark(exercise_set: ExerciseSet, number: int, answer: object) -> None:
    """Pass if ``answer`` is right; otherwise fail with the engine's words (nbgrader scores it 0)."""
    grade = check_answer(exercise_set[number], answer)
    assert grade.correct, f"question {number}: {grade.message}"


def _cell(kind: str, source: str, grade_id: str, *, solution: bool = False, points: int = 0) -> dict:
    meta = {"grade": bool(points), "grade_id": grade_id, "locked": not solution, "schema_version": 3,
            "solution": solution, "task": False}
    if points:
        meta["points"] = points
    cell = {"cell_type": kind, "metadata": {"nbgrader": meta}, "source": source.splitlines(True)}
    if kind == "code":
        cell.update(execution_count=None, outputs=[])
    return cell


def nbgrader_notebook(assignment: Assignment) -> dict:
    """The source notebook of the assignment (a dict in nbformat 4)."""
    first = assignment.student_set(assignment.students[0])
    params = {"kind": assignment.kind, "difficulty": assignment.difficulty, "hands": assignment.hands,
              "seed": assignment.seed, "roster": list(assignment.students)}
    hint = {"counting": '"12", or "15-2 15-4 pair 6"', "play": '"4", or "pair 2 + go 1"',
            "muggins": '"accept", "muggins 2" or "too high 4"'}[assignment.kind]
    intro = (f"# {escape(first.title)}\n\nSet code `{assignment.code}`, {assignment.hands} questions.\n\n"
             + "\n\n".join(instructions(first))
             + f"\n\nType your name in the next cell, run the notebook, and write each answer between the "
               f"quotes, e.g. {hint}.")
    cells = [
        _cell("markdown", intro, "intro"),
        _cell("code", 'name = ""  # your name, as on the class list', "name", solution=True),
        _cell("code", "from crib_widgets.exercises.nbgrader import mark, open_set, show_question\n\n"
                      f"my_set = open_set({json.dumps(params, ensure_ascii=False)}, name)", "setup"),
    ]
    for number in range(1, assignment.hands + 1):
        check = f"mark(my_set, {number}, answer_{number})"
        if not assignment.check_as_you_go:
            check = f"### BEGIN HIDDEN TESTS\n{check}\n### END HIDDEN TESTS"
        cells += [
            _cell("code", f"show_question(my_set, {number})", f"question_{number}"),
            _cell("code", f'answer_{number} = ""', f"answer_{number}", solution=True),
            _cell("code", check, f"check_{number}", points=1),
        ]
    for index, cell in enumerate(cells):
        cell["id"] = f"crib-{index:03d}"
    kernel = {"display_name": "Python 3", "language": "python", "name": "python3"}
    return {"cells": cells, "metadata": {"kernelspec": kernel, "language_info": {"name": "python"}},
            "nbformat": 4, "nbformat_minor": 5}
