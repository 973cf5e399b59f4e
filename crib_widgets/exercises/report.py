"""A class report: every student's answers scored again by the engine, the class's habits in words.

Rows per student (score and misses per kind of points), rows per question (how many got it
wrong), the most common mistakes named in words, and a bar chart (SVG, no matplotlib) per kind.
Misses per kind come from answers given per kind, and for Muggins sets from the kind of the
counter's mistake that was not caught (a wrong total alone does not say which kind was missed).

>>> from crib_widgets.exercises.assign import Assignment
>>> a = Assignment("counting", "easy", 2, 7, ("Ann", "Ben"), secret="22" * 16)
>>> sets = {n: a.student_set(n) for n in a.roster}
>>> right = [str(e.solution().answer) for e in sets["Ann"]]
>>> r = class_report(a, {"Ann": right, "Ben": ["0", None]})
>>> [(row.student, row.right) for row in r.students]
[('Ann', 2), ('Ben', 0)]
"""

from __future__ import annotations

import csv
import io
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from html import escape

from ..scoring import CRIB_FLUSH_RULE, NOBS_RULE
from .answers import read_answer
from .assign import Assignment
from .export_html import PAGE_CSS
from .grading import Grade, Report, grade
from .model import KIND_LABELS, ExerciseSet, KeyLine, MugginsExercise
from .sheet import answer_kinds

__all__ = ["StudentRow", "QuestionRow", "ClassReport", "class_report", "mistakes_of"]


@dataclass(frozen=True, slots=True)
class StudentRow:
    """One student's line: the grade of each answer, and misses per kind of points."""

    student: str
    report: Report
    misses: dict[str, int]

    @property
    def right(self) -> int:
        return self.report.right

    def count(self, status: str) -> int:
        return self.report.count(status)


@dataclass(frozen=True, slots=True)
class QuestionRow:
    """One question across the class: what it trains, and how many answered it wrong or not at all."""

    number: int
    focus: str
    wrong: int
    unreadable: int
    unanswered: int
    kind_misses: dict[str, int]


@dataclass(frozen=True)
class ClassReport:
    """Everything `crib grade` writes: rows, mistakes in words, charts, and who is missing."""

    assignment: Assignment
    students: tuple[StudentRow, ...]
    questions: tuple[QuestionRow, ...]
    mistakes: tuple[tuple[str, int], ...]
    missing: tuple[str, ...]
    refused: tuple[str, ...] = field(default=())
    mistake_students: dict[str, int] = field(default_factory=dict)

    def mistake_lines(self) -> list[str]:
        """The most common mistakes as sentences, e.g. ``fifteens too few: 3 answers, by 2 of 3 students``."""
        of = len(self.students)
        return [f"{text}: {n} answer{'s' if n != 1 else ''}, by {self.mistake_students.get(text, 0)} of {of} "
                f"student{'s' if of != 1 else ''}" for text, n in self.mistakes]

    @property
    def kinds(self) -> tuple[str, ...]:
        return tuple(answer_kinds(self.assignment.student_set(self.assignment.roster[0])))

    def students_csv(self) -> str:
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(["student", "score", "right", "wrong", "unreadable", "unanswered",
                         *(f"{KIND_LABELS[k]} missed" for k in self.kinds)])
        n = self.assignment.hands
        for row in self.students:
            writer.writerow([row.student, f"{row.right}/{n}", row.right, row.count("wrong"),
                             row.count("unreadable"), row.count("unanswered"),
                             *(row.misses.get(k, 0) for k in self.kinds)])
        for name in self.missing:
            writer.writerow([name, "no results", "", "", "", "", *("" for _ in self.kinds)])
        return out.getvalue()

    def questions_csv(self) -> str:
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(["question", "focus", "wrong", "unreadable", "unanswered", "answered by",
                         *(f"{KIND_LABELS[k]} missed" for k in self.kinds)])
        for q in self.questions:
            writer.writerow([q.number, q.focus, q.wrong, q.unreadable, q.unanswered,
                             len(self.students) - q.unanswered,
                             *(q.kind_misses.get(k, 0) for k in self.kinds)])
        return out.getvalue()

    def summary(self) -> str:
        """One line: how many graded, the class's average, who is missing."""
        n = len(self.students)
        if not n:
            return f"No results graded for set {self.assignment.code}."
        average = sum(r.right for r in self.students) / n
        text = (f"{n} student{'s' if n != 1 else ''} graded on set {self.assignment.code}: on average "
                f"{average:.1f} of {self.assignment.hands} right")
        if self.missing:
            text += f"; no results yet from {', '.join(self.missing)}"
        return text + "."

    def charts(self) -> dict[str, str]:
        """An SVG bar chart per kind of points (how many missed it, question by question), plus one of
        wrong answers per question."""
        wrong = [(q.number, q.wrong + q.unreadable) for q in self.questions]
        charts = {"all": _bars("Wrong answers, question by question", wrong, len(self.students))}
        for kind in self.kinds:
            values = [(q.number, q.kind_misses.get(kind, 0)) for q in self.questions]
            if any(v for _, v in values):
                charts[kind] = _bars(f"{KIND_LABELS[kind].capitalize()} missed, question by question", values,
                                     len(self.students))
        return charts

    def html(self) -> str:
        """The whole report as one self-contained page."""
        a = self.assignment
        words = "".join(f"<li>{escape(line)}</li>" for line in self.mistake_lines()) \
            or "<li>No mistakes: every answer was right.</li>"
        charts = "".join(f'<figure class="chart">{svg}</figure>' for svg in self.charts().values())
        refused = ("<h2>Not graded</h2><ul>" + "".join(f"<li>{escape(r)}</li>" for r in self.refused)
                   + "</ul>") if self.refused else ""
        body = (
            f"<header><h1>Class report: {escape(a.student_set(a.roster[0]).title)}</h1>"
            f'<p class="meta">Set code <code>{escape(a.code)}</code> \u00b7 class {escape(a.fingerprint)} '
            f"\u00b7 answers {'per kind' if a.answer_by == 'kind' else 'as totals'}</p>"
            f"<p>{escape(self.summary())}</p></header>"
            f"<h2>The class's most common mistakes</h2><ol>{words}</ol>"
            f"<h2>Students</h2>{_table(self.students_csv())}"
            f"<h2>Questions</h2>{_table(self.questions_csv())}"
            f"<h2>Charts</h2>{charts}{refused}"
            "<footer>Every answer was scored again from the seed by the crib_widgets engine; a results "
            "file holds only what was typed.</footer>"
        )
        css = PAGE_CSS + ("table.grid{border-collapse:collapse;font-family:Arial,sans-serif;font-size:.9em}"
                          "table.grid th,table.grid td{border:1px solid #999;padding:.15em .45em;"
                          "text-align:left} figure.chart{margin:.5em 0}")
        return ("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
                f"<title>Class report {escape(a.code)}</title>\n<style>{css}</style>\n</head>\n<body>\n"
                f"{body}\n</body>\n</html>\n")


def _table(text: str) -> str:
    """A CSV text as an HTML table, its first row the heading."""
    head, *rows = list(csv.reader(io.StringIO(text)))
    cells = "".join(f'<th scope="col">{escape(h)}</th>' for h in head)
    body = "".join("<tr>" + "".join(f"<td>{escape(c)}</td>" for c in row) + "</tr>" for row in rows)
    return f'<table class="grid"><thead><tr>{cells}</tr></thead><tbody>{body}</tbody></table>'


def _bars(title: str, values: Sequence[tuple[int, int]], students: int) -> str:
    """A horizontal bar per question, labelled in text (screen readers read the title and labels)."""
    top = max([students, 1, *(v for _, v in values)])
    row, left, width = 18, 44, 320
    height = 30 + row * len(values)
    bars = []
    for i, (number, value) in enumerate(values):
        y = 24 + i * row
        w = round(width * value / top)
        bars.append(f'<text x="{left - 6}" y="{y + 12}" text-anchor="end" font-size="11">Q{number}</text>'
                    f'<rect x="{left}" y="{y + 2}" width="{w}" height="{row - 5}" fill="#27455f"/>'
                    f'<text x="{left + w + 4}" y="{y + 12}" font-size="11">{value}</text>')
    return (f'<svg xmlns="http://www.w3.org/2000/svg" role="img" viewBox="0 0 {left + width + 40} {height}" '
            f'width="{left + width + 40}" height="{height}" style="max-width:100%;height:auto" '
            'font-family="Arial, sans-serif">'
            f"<title>{escape(title)}</title>"
            f'<text x="0" y="14" font-size="13" font-weight="bold">{escape(title)}</text>'
            + "".join(bars) + "</svg>")


def mistakes_of(exercise, g: Grade) -> list[tuple[str, str | None]]:
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
        found = []
        for k in g.kinds:
            if k.correct:
                continue
            detail = k.message.split(": ", 2)
            hint = _class_rule(detail[2]) if len(detail) > 2 else ""
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


def _focus_of(sets: Sequence[ExerciseSet], number: int) -> str:
    """What question ``number`` trains across the class (a Muggins set orders it per student)."""
    found = {exercise_set[number].focus for exercise_set in sets}
    return found.pop() if len(found) == 1 else "a different focus for each student"


def class_report(
    assignment: Assignment, answers: Mapping[str, Sequence[str | None]], refused: Sequence[str] = ()
) -> ClassReport:
    """Grade every student's answers (name on the roster -> answers in question order)."""
    sets: dict[str, ExerciseSet] = {}
    rows: list[StudentRow] = []
    mistakes: Counter[str] = Counter()
    who: dict[str, set[str]] = {}
    per_question: list[dict] = [{"wrong": 0, "unreadable": 0, "unanswered": 0, "kinds": Counter()}
                                for _ in range(assignment.hands)]
    for name in assignment.roster:
        if name not in answers:
            continue
        sets[name] = exercise_set = assignment.student_set(name)
        report = grade(exercise_set, list(answers[name]))
        misses: Counter[str] = Counter()
        for exercise, g in zip(exercise_set, report.grades, strict=True):
            slot = per_question[exercise.number - 1]
            if g.status in slot:
                slot[g.status] += 1
            for text, kind in mistakes_of(exercise, g):
                mistakes[text] += 1
                who.setdefault(text, set()).add(name)
                if kind:
                    misses[kind] += 1
                    slot["kinds"][kind] += 1
        rows.append(StudentRow(name, report, dict(misses)))
    graded = list(sets.values()) or [assignment.student_set(assignment.roster[0])]
    questions = tuple(
        QuestionRow(number, _focus_of(graded, number), s["wrong"], s["unreadable"], s["unanswered"],
                    dict(s["kinds"]))
        for number, s in enumerate(per_question, start=1)
    )
    missing = tuple(n for n in assignment.roster if n not in answers)
    return ClassReport(assignment, tuple(rows), questions, tuple(mistakes.most_common(5)), missing,
                       tuple(refused), {text: len(names) for text, names in who.items()})
