"""The class report's three tables as CSV (``students.csv``, ``questions.csv``, ``answers.csv``),
each cell made safe for a spreadsheet program by `spreadsheet.csv_text`.

>>> from crib_widgets.exercises.assign import Assignment
>>> from crib_widgets.exercises.report import class_report
>>> a = Assignment("counting", "easy", 2, 7, ("Ann", "Ben"), secret="22" * 16)
>>> r = class_report(a, {"Ann": ["4", "2"]})
>>> print(students_csv(r), end="")
student,score,right,wrong,unreadable,unanswered,fifteens missed,pairs missed,fifteens right,pairs right
Ann,2/2,2,0,0,0,0,0,1/1,1/1
Ben,no results,,,,,,,,
"""

from __future__ import annotations

from .grading import Grade
from .model import KIND_LABELS
from .report import ClassReport
from .spreadsheet import csv_text

__all__ = ["students_csv", "questions_csv", "answers_csv", "typed_cell", "right_answer"]


def students_csv(report: ClassReport) -> str:
    """A line per student: the score, the marks, misses per kind, the share right per skill."""
    n = report.assignment.hands
    kinds, skills, sources = report.kinds, report.skills, report.sources
    rows: list[list[object]] = [["student", "score", "right", "wrong", "unreadable", "unanswered",
                                 *(f"{KIND_LABELS[k]} missed" for k in kinds),
                                 *(f"{s} right" for s in skills),
                                 *(["file graded"] if sources else [])]]
    for row in report.students:
        rows.append([row.student, f"{row.right}/{n}", row.right, row.count("wrong"),
                     row.count("unreadable"), row.count("unanswered"),
                     *(row.misses.get(k, 0) for k in kinds),
                     *(_share(row.skills.get(s)) for s in skills),
                     *([sources.get(row.student, "")] if sources else [])])
    for name in report.missing:
        rows.append([name, "no results", "", "", "", "", *("" for _ in kinds),
                     *("" for _ in skills), *([""] if sources else [])])
    return csv_text(rows)


def answers_csv(report: ClassReport) -> str:
    """Every answer: who, which question, what it trained, what was typed, how it was read, the mark."""
    rows: list[list[object]] = [["student", "question", "focus", "typed", "read as", "status",
                                 "right answer"]]
    for row in report.students:
        for g, focus in zip(row.report.grades, row.focuses, strict=True):
            rows.append([row.student, g.number, focus, typed_cell(g.given), g.read, g.status,
                         right_answer(g)])
    return csv_text(rows)


def questions_csv(report: ClassReport) -> str:
    """A line per question: what it trained, how many got it wrong or left it, misses per kind."""
    kinds = report.kinds
    rows: list[list[object]] = [["question", "focus", "wrong", "unreadable", "unanswered", "answered by",
                                 *(f"{KIND_LABELS[k]} missed" for k in kinds)]]
    for q in report.questions:
        rows.append([q.number, q.focus, q.wrong, q.unreadable, q.unanswered,
                     len(report.students) - q.unanswered, *(q.kind_misses.get(k, 0) for k in kinds)])
    return csv_text(rows)


def typed_cell(text: str) -> str:
    """Typed text for a table or a CSV cell, on one line (`spreadsheet.csv_text` keeps it from being a
    formula)."""
    return " ".join(str(text).split())


def right_answer(g: Grade) -> str:
    """The right answer as a student would write it: the call of a Muggins question, else the points."""
    return g.solution.call or str(g.solution.answer)


def _share(counts: tuple[int, int] | None) -> str:
    return f"{counts[0]}/{counts[1]}" if counts and counts[1] else ""
