"""A class report built for action: who needs help with what, each mistake with who made it, every answer.

Every student's answers are scored again by the engine. The report (one self-contained page that
prints on A4 and reads on a phone) opens with the students who need help and the skills they
need it in, then a students x skills grid (each cell the share right, coloured and said in words:
secure, shaky, needs help), the class's most common mistakes each naming the students who made
them, what was asked, the questions, charts (SVG, no matplotlib) and every answer as the student
typed it beside what it was read as, so the teacher can overrule a reading. Where a student
attached their progress from the book to their results file, the report shows their stars per
skill in words (the book's own rating, `lessons.progress.SkillProgress`), marked as attached by
the student and not checked.

>>> from crib_widgets.exercises.assign import Assignment
>>> a = Assignment("counting", "easy", 2, 7, ("Ann", "Ben"), secret="22" * 16)
>>> sets = {n: a.student_set(n) for n in a.students}
>>> right = [str(e.solution().answer) for e in sets["Ann"]]
>>> r = class_report(a, {"Ann": right, "Ben": ["0", None]})
>>> [(row.student, row.right) for row in r.students]
[('Ann', 2), ('Ben', 0)]
>>> r.needing_help()
[('Ben', ['fifteens (0 of 1)'])]
"""

from __future__ import annotations

import csv
import io
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from html import escape

from ..scoring import CRIB_FLUSH_RULE, NOBS_RULE
from ..skills import MIN_RATED, RECENT, SKILLS, band
from ..words import plural
from .answers import read_answer
from .assign import Assignment
from .collect import Collected
from .export_html import PAGE_CSS
from .grading import Grade, Report, grade
from .model import KIND_LABELS, ExerciseSet, KeyLine, MugginsExercise
from .roster import name_list
from .sheet import answer_kinds
from .skills import HOW_DECIDED, skills_tested, undecided
from .spreadsheet import csv_text, shown_cell

__all__ = ["StudentRow", "QuestionRow", "ClassReport", "class_report", "mistakes_of", "report_files",
           "collected_report", "practised_lines", "PRACTISED"]

# How the report marks a student's attached progress: their own record, never checked by grading.
PRACTISED = "practised in the book, attached by the student, not checked"

@dataclass(frozen=True, slots=True)
class StudentRow:
    """One student's line: the grade of each answer, and misses per kind of points."""

    student: str
    report: Report
    misses: dict[str, int]
    skills: dict[str, tuple[int, int]] = field(default_factory=dict)  # skill -> (passed, tested)
    focuses: tuple[str, ...] = ()  # what each question trained, in order
    undecided: tuple[str, ...] = ()  # wrong totals counted against no skill, and why ("question 3 ...")

    @property
    def right(self) -> int:
        return self.report.right

    def weak(self) -> list[str]:
        """The skills this student got right less than half the time, worst first, with the counts."""
        low = [(r / n, skill, r, n) for skill, (r, n) in self.skills.items() if n and r / n < 0.5]
        order = {skill: i for i, skill in enumerate(SKILLS)}
        low.sort(key=lambda t: (t[0], order.get(t[1], 99)))
        return [f"{skill} ({r} of {n})" for _, skill, r, n in low]

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
    mistake_students: dict[str, tuple[str, ...]] = field(default_factory=dict)
    notes: tuple[str, ...] = field(default=())
    progress: dict[str, object] = field(default_factory=dict)  # student -> the Store they attached
    sources: dict[str, str] = field(default_factory=dict)  # student -> the file (or code) graded

    def mistake_lines(self) -> list[str]:
        """The most common mistakes as sentences naming who made them, e.g.
        ``fifteens too few: 3 answers, by Ann and Ben``."""
        return [f"{text}: {plural(n, 'answer')}, by {_names(self.mistake_students.get(text, ()))}"
                for text, n in self.mistakes]

    @property
    def skills(self) -> tuple[str, ...]:
        """The skills this set tested, in the grid's order."""
        seen = {skill for row in self.students for skill in row.skills}
        return tuple(s for s in SKILLS if s in seen) + tuple(sorted(seen - set(SKILLS)))

    def by_need(self) -> list[StudentRow]:
        """The students who need help most first: fewest right, then most weak skills, then by name."""
        return sorted(self.students, key=lambda r: (r.right / max(1, len(r.report.grades)), -len(r.weak()),
                                                    r.student.casefold()))

    def needing_help(self) -> list[tuple[str, list[str]]]:
        """Each student with a skill under half right, worst first, and those skills."""
        return [(row.student, row.weak()) for row in self.by_need() if row.weak()]

    @property
    def kinds(self) -> tuple[str, ...]:
        return tuple(answer_kinds(self.assignment.student_set(self.assignment.students[0])))

    def students_csv(self) -> str:
        n = self.assignment.hands
        rows: list[list[object]] = [["student", "score", "right", "wrong", "unreadable", "unanswered",
                                     *(f"{KIND_LABELS[k]} missed" for k in self.kinds),
                                     *(f"{s} right" for s in self.skills),
                                     *(["file graded"] if self.sources else [])]]
        for row in self.students:
            rows.append([row.student, f"{row.right}/{n}", row.right, row.count("wrong"),
                         row.count("unreadable"), row.count("unanswered"),
                         *(row.misses.get(k, 0) for k in self.kinds),
                         *(_share(row.skills.get(s)) for s in self.skills),
                         *([self.sources.get(row.student, "")] if self.sources else [])])
        for name in self.missing:
            rows.append([name, "no results", "", "", "", "", *("" for _ in self.kinds),
                         *("" for _ in self.skills), *([""] if self.sources else [])])
        return csv_text(rows)

    def answers_csv(self) -> str:
        """Every answer: who, which question, what it trained, what was typed, how it was read, the mark."""
        rows: list[list[object]] = [["student", "question", "focus", "typed", "read as", "status",
                                     "right answer"]]
        for row in self.students:
            for g, focus in zip(row.report.grades, row.focuses, strict=True):
                rows.append([row.student, g.number, focus, _cell(g.given), g.read, g.status,
                             _right_answer(g)])
        return csv_text(rows)

    def questions_csv(self) -> str:
        rows: list[list[object]] = [["question", "focus", "wrong", "unreadable", "unanswered", "answered by",
                                     *(f"{KIND_LABELS[k]} missed" for k in self.kinds)]]
        for q in self.questions:
            rows.append([q.number, q.focus, q.wrong, q.unreadable, q.unanswered,
                         len(self.students) - q.unanswered, *(q.kind_misses.get(k, 0) for k in self.kinds)])
        return csv_text(rows)

    def summary(self) -> str:
        """One line: how many graded, the class's average, who is missing."""
        n = len(self.students)
        if not n:
            return f"No results graded for set {self.assignment.code}."
        average = sum(r.right for r in self.students) / n
        text = (f"{plural(n, 'student')} graded on set {self.assignment.code}: on average "
                f"{average:.1f} of {self.assignment.hands} right")
        if self.missing:
            text += f"; no results yet from {name_list(self.missing)}"
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
        """The whole report as one self-contained page (prints on A4, reads at 390 px)."""
        a = self.assignment
        title = a.student_set(a.students[0]).title
        problems = "".join(
            f"<h2>{heading}</h2><ul>" + "".join(f"<li>{escape(line)}</li>" for line in lines) + "</ul>"
            for heading, lines in (("No results yet", self.missing), ("Not graded", self.refused),
                                   ("Notes", self.notes)) if lines)
        charts = "".join(f'<figure class="chart">{svg}</figure>' for svg in self.charts().values())
        body = (
            f"<header><h1>Class report: {escape(title)}</h1>"
            f'<p class="meta">Set code <code>{escape(a.code)}</code> \u00b7 class {escape(a.fingerprint)} '
            f"\u00b7 answers {'per kind' if a.answer_by == 'kind' else 'as totals'}</p>"
            f"<p>{escape(self.summary())}</p></header>{problems}"
            f"<h2>Who needs help with what</h2>{self._help_html()}"
            f"<h2>Students and skills</h2>{self._grid_html()}"
            f"{self._practised_html()}"
            f"<h2>The class's most common mistakes</h2>{self._mistakes_html()}"
            f"<h2>What was asked</h2>{self._focus_html()}"
            f'<h2>Students</h2><div class="wide">{_table(self.students_csv())}</div>'
            f'<h2>Questions</h2><div class="wide">{_table(self.questions_csv())}</div>'
            f'<h2>Charts</h2>{charts}'
            f"<h2>Every answer as typed</h2>{self._answers_html()}"
            "<footer>Every answer was scored again from the seed by the crib_widgets engine; a results "
            "file holds only what was typed. Where an answer was read in a way the student did not mean, "
            "what they typed is shown beside it: you may overrule it.</footer>"
        )
        return ("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
                f"<title>Class report {escape(a.code)}</title>\n<style>{PAGE_CSS}{REPORT_CSS}</style>\n"
                "</head>\n"
                f"<body>\n{body}\n</body>\n</html>\n")

    def _help_html(self) -> str:
        rows = self.needing_help()
        if not rows:
            return "<p>Nobody got a skill right less than half the time.</p>"
        items = "".join(f"<li><b>{escape(name)}</b>: {escape(', '.join(weak))}</li>" for name, weak in rows)
        return (f"<p>Students with a skill they got right less than half the time, the student with the "
                f"fewest right answers first:</p><ol class=\"help\">{items}</ol>")

    def _grid_html(self) -> str:
        skills = self.skills
        head = "".join(f'<th scope="col">{escape(s)}</th>' for s in skills)
        rows = []
        for row in self.by_need():
            cells = []
            for skill in skills:
                passed, tested = row.skills.get(skill, (0, 0))
                if not tested:
                    cells.append('<td class="none">\u2013<span class="word"> not asked</span></td>')
                    continue
                word, css = band(passed, tested)
                cells.append(f'<td class="{css}">{passed}/{tested}<span class="word"> {word}</span></td>')
            rows.append(f'<tr><th scope="row">{escape(row.student)}</th>'
                        f"<td>{row.right}/{len(row.report.grades)}</td>{''.join(cells)}</tr>")
        key = ('<p class="key">Each cell: questions on that skill answered right, of those answered. '
               '<span class="good">secure</span> 80% or more \u00b7 <span class="fair">shaky</span> half '
               'or more \u00b7 <span class="poor">needs help</span> under half \u00b7 \u2013 not asked. '
               "Students who need help most come first.</p>")
        return (f'{key}<div class="wide"><table class="grid skills"><thead><tr><th scope="col">student</th>'
                f'<th scope="col">score</th>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table></div>'
                f"{self._decided_html()}")

    def _decided_html(self) -> str:
        """How the grid was decided, and each wrong total it could not put on a skill."""
        items = "".join(f"<li><b>{escape(row.student)}</b>, {escape(line)}</li>"
                        for row in self.by_need() for line in row.undecided)
        listed = (f'<p>Wrong totals counted against no skill:</p><ul class="undecided">{items}</ul>'
                  if items else "")
        return f'<p class="key">{escape(HOW_DECIDED)}</p>{listed}'

    def _practised_html(self) -> str:
        """Each attached progress, in the class's order (students who need help most first)."""
        rows = [row for row in self.by_need() if row.student in self.progress]
        if not rows:
            return ""
        parts = []
        for row in rows:
            try:
                lines = practised_lines(self.progress[row.student])
            except Exception as error:  # the student's own record: never stops the class's report
                lines = [f"the attached progress could not be shown ({type(error).__name__})"]
            items = "".join(f"<li>{escape(line)}</li>" for line in lines)
            parts.append(f'<section class="practised"><h3>{escape(row.student)}</h3>'
                         f'<p class="key">{escape(PRACTISED[0].upper() + PRACTISED[1:])}.</p>'
                         f"<ul>{items}</ul></section>")
        return ("<h2>Practised in the book (attached by students)</h2>"
                f"<p>{plural(len(rows), 'student')} chose to add their progress from the book to their "
                "results file: their stars per skill from the book's trainers, counted from each skill's "
                f"last {RECENT} first tries without a hint. It is the student's own record, as their browser "
                "kept it: grading does not check it, and it does not change a score.</p>" + "".join(parts))

    def _mistakes_html(self) -> str:
        if not self.mistakes:
            return "<p>No mistakes: every answer was right.</p>"
        items = "".join(
            f"<li><b>{escape(text)}</b>: {plural(n, 'answer')}, by "
            f"{escape(_names(self.mistake_students.get(text, ())))}</li>" for text, n in self.mistakes)
        return f"<ol>{items}</ol>"

    def _focus_html(self) -> str:
        tally: dict[str, list[int]] = {}
        for row in self.students:
            for g, focus in zip(row.report.grades, row.focuses, strict=True):
                counts = tally.setdefault(focus, [0, 0, 0])
                counts[0] += g.status != "unanswered"
                counts[1] += g.correct
                counts[2] += 1
        lines = "".join(
            f"<tr><td>{escape(focus)}</td><td>{answered}</td><td>{right}</td>"
            f"<td>{band(right, answered)[0] if answered else ''}</td></tr>"
            for focus, (answered, right, _) in tally.items())
        return ('<div class="wide"><table class="grid"><thead><tr><th scope="col">asked about</th>'
                '<th scope="col">answers</th><th scope="col">right</th><th scope="col">the class</th></tr>'
                f"</thead><tbody>{lines}</tbody></table></div>")

    def _answers_html(self) -> str:
        parts = []
        marks = {"right": "\u2714 right", "wrong": "\u2718 wrong", "unreadable": "? not read",
                 "unanswered": "\u2013 blank"}
        for row in self.by_need():
            lines = "".join(
                f'<tr class="{g.status}"><td>{g.number}</td><td>{escape(focus)}</td>'
                f"<td>{escape(_cell(g.given)) or '<i>blank</i>'}</td><td>{escape(g.read)}</td>"
                f"<td>{marks.get(g.status, g.status)}</td><td>{escape(_right_answer(g))}</td></tr>"
                for g, focus in zip(row.report.grades, row.focuses, strict=True))
            parts.append(
                f'<section class="answers"><h3>{escape(row.student)} \u00b7 {row.right} of '
                f'{len(row.report.grades)} right</h3><div class="wide"><table class="grid"><thead><tr>'
                '<th scope="col">Q</th><th scope="col">asked about</th><th scope="col">typed</th>'
                '<th scope="col">read as</th><th scope="col">mark</th><th scope="col">right answer</th></tr>'
                f"</thead><tbody>{lines}</tbody></table></div></section>")
        return "".join(parts)


REPORT_CSS = (
    "table.grid{border-collapse:collapse;font-family:Arial,sans-serif;font-size:.9em}"
    "table.grid th,table.grid td{border:1px solid #999;padding:.15em .45em;text-align:left;"
    "vertical-align:top}"
    "div.wide{overflow-x:auto;max-width:100%}"
    "table.skills td{text-align:center;white-space:nowrap}"
    "table.skills th[scope=row]{position:sticky;left:0;background:#fff}"
    ".good{background:#d8efd9}.fair{background:#fbe9b7}.poor{background:#f6c9c9}"
    "td.none{color:#666}"
    ".word{font-size:.85em}"
    "p.key span{padding:0 .3em;border:1px solid #999}"
    "tr.wrong td:nth-child(5),tr.unreadable td:nth-child(5){font-weight:bold}"
    "figure.chart{margin:.5em 0}"
    "ol.help li{margin:.15em 0}"
    "section.practised h3{margin-bottom:.1em}section.practised p.key{margin:0;color:#555}"
    "@media (max-width:480px){body{font-size:10pt;padding:0 .4em;margin:.5em auto}"
    "table.grid{font-size:.82em}.word{display:block}}"
    "@media print{@page{size:A4;margin:12mm}body{max-width:none;margin:0;font-size:9.5pt}"
    "div.wide{overflow:visible}table.grid{font-size:.85em}section.answers{break-inside:avoid-page}"
    "h2{break-after:avoid}tr{break-inside:avoid}"
    ".good,.fair,.poor{-webkit-print-color-adjust:exact;print-color-adjust:exact}}"
)


def practised_lines(store: object) -> list[str]:
    """An attached progress (a `lessons.store.Store`) in words, one line per skill with the skill names
    of the class report, and a last line for the skills not tried yet; the stars and words are the
    book's own (`lessons.progress.SkillProgress`).

    >>> from crib_widgets.lessons import CountingLesson, Store
    >>> store = Store(device="d1")
    >>> for total in (29, 29, 29, 28):
    ...     verdict = CountingLesson("5H 5D 5S JC", starter="5C").check_total(total)
    ...     _ = store.add(verdict.records, "2026-12-02")
    >>> lines = practised_lines(store)
    >>> lines[0]
    'a right count: shaky (2 stars), 3 of last 4 first tries right'
    >>> lines[1][:44]
    'not tried yet in the book: fifteens, pairs, '

    """
    lines, untried = [], []
    for s in store.progress.skills():  # type: ignore[attr-defined]
        if s.word == "not tried yet":
            untried.append(s.skill)
        elif not s.stars:
            lines.append(f"{s.skill}: not rated yet ({plural(s.recent_tried, 'first try', 'first tries')} "
                         f"so far; stars come after {MIN_RATED})")
        else:
            lines.append(f"{s.skill}: {s.word} ({plural(s.stars, 'star')}), {s.recent_right} of last "
                         f"{s.recent_tried} first tries right")
    if untried:
        lines.append(f"not tried yet in the book: {', '.join(untried)}")
    return lines


def _names(names: Sequence[str]) -> str:
    """Names as a sentence lists them: "Ann", "Ann and Ben", "Ann, Ben and Cleo"."""
    names = list(names)
    if len(names) <= 1:
        return "".join(names)
    return f"{', '.join(names[:-1])} and {names[-1]}"


def _share(counts: tuple[int, int] | None) -> str:
    return f"{counts[0]}/{counts[1]}" if counts and counts[1] else ""


def _cell(text: str) -> str:
    """Typed text for a table or a CSV cell, on one line (`spreadsheet.csv_text` keeps it from being a
    formula)."""
    return " ".join(str(text).split())


def _right_answer(g: Grade) -> str:
    return g.solution.call or str(g.solution.answer)


def _table(text: str) -> str:
    """A CSV text as an HTML table, its first row the heading."""
    head, *rows = list(csv.reader(io.StringIO(text)))
    cells = "".join(f'<th scope="col">{escape(h)}</th>' for h in head)
    body = "".join("<tr>" + "".join(f"<td>{escape(shown_cell(c))}</td>" for c in row) + "</tr>"
                   for row in rows)
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
    """What question ``number`` trains across the class; a Muggins set draws each student's questions in
    its own order, so there the question's focuses are listed with how many students had each."""
    found = Counter(exercise_set[number].focus for exercise_set in sets)
    if len(found) == 1:
        return next(iter(found))
    return "; ".join(f"{focus} ({n})" for focus, n in found.most_common())


def class_report(
    assignment: Assignment, answers: Mapping[str, Sequence[str | None]], refused: Sequence[str] = (),
    notes: Sequence[str] = (), progress: Mapping[str, object] | None = None,
) -> ClassReport:
    """Grade every student's answers (name on the class list -> answers in question order);
    ``progress``: the progress some students attached (name -> `lessons.store.Store`), shown as theirs."""
    sets: dict[str, ExerciseSet] = {}
    rows: list[StudentRow] = []
    mistakes: Counter[str] = Counter()
    who: dict[str, list[str]] = {}
    per_question: list[dict] = [{"wrong": 0, "unreadable": 0, "unanswered": 0, "kinds": Counter()}
                                for _ in range(assignment.hands)]
    for name in assignment.students:
        if name not in answers:
            continue
        sets[name] = exercise_set = assignment.student_set(name)
        report = grade(exercise_set, list(answers[name]))
        misses: Counter[str] = Counter()
        skills: dict[str, list[int]] = {}
        unsure: list[str] = []
        for exercise, g in zip(exercise_set, report.grades, strict=True):
            why = undecided(exercise, g)
            if why:
                unsure.append(f"question {exercise.number} ({exercise.focus}): {why}")
            slot = per_question[exercise.number - 1]
            if g.status in slot:
                slot[g.status] += 1
            for skill, passed in skills_tested(exercise, g):
                tally = skills.setdefault(skill, [0, 0])
                tally[0] += passed
                tally[1] += 1
            for text, kind in mistakes_of(exercise, g):
                mistakes[text] += 1
                if name not in who.setdefault(text, []):
                    who[text].append(name)
                if kind:
                    misses[kind] += 1
                    slot["kinds"][kind] += 1
        rows.append(StudentRow(name, report, dict(misses), {k: (v[0], v[1]) for k, v in skills.items()},
                               tuple(e.focus for e in exercise_set), tuple(unsure)))
    graded = list(sets.values()) or [assignment.student_set(assignment.students[0])]
    questions = tuple(
        QuestionRow(number, _focus_of(graded, number), s["wrong"], s["unreadable"], s["unanswered"],
                    dict(s["kinds"]))
        for number, s in enumerate(per_question, start=1)
    )
    missing = tuple(n for n in assignment.students if n not in answers)
    return ClassReport(assignment, tuple(rows), questions, tuple(mistakes.most_common(8)), missing,
                       tuple(refused), {text: tuple(names) for text, names in who.items()}, tuple(notes),
                       {n: p for n, p in (progress or {}).items() if n in answers})


def report_files(report: ClassReport) -> dict[str, str]:
    """The report's files by name, as `crib grade` writes them and the teachers' page offers them:
    the page, two tables, every answer, and a chart per kind."""
    files = {"report.html": report.html(), "students.csv": report.students_csv(),
             "questions.csv": report.questions_csv(), "answers.csv": report.answers_csv()}
    files.update({f"chart-{kind.replace(' ', '-')}.svg": svg for kind, svg in report.charts().items()})
    return files


def collected_report(assignment: Assignment, got: Collected) -> ClassReport:
    """The report of what was collected (`crib_widgets.exercises.collect`): every student taken graded,
    with the lines for inputs refused and the notes, as `crib grade` and the teachers' page make it."""
    answers = {name: s.answers for name, s in got.taken.items()}
    attached = {name: s.progress for name, s in got.taken.items() if s.progress is not None}
    made = class_report(assignment, answers, got.refused, got.notes, attached)
    return replace(made, sources={name: s.source for name, s in got.taken.items()})
