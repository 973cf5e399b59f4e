"""The class report as one self-contained page (prints on A4, reads on a phone), its charts, and the
files `crib grade` and the teachers' page write.

The page opens with the students who need help and the skills they need it in, then a students x
skills grid (each cell the share right, coloured and said in words: secure, shaky, needs help), the
class's most common mistakes each naming the students who made them, what was asked, the questions,
charts (`crib_widgets.charts`: SVG, no matplotlib) and every answer as the student typed it beside
what it was read as, so the teacher can overrule a reading. Where a student attached their progress
from the book, their stars per skill in words, marked as attached by the student and not checked.

>>> from crib_widgets.exercises.assign import Assignment
>>> from crib_widgets.exercises.report import class_report
>>> a = Assignment("counting", "easy", 2, 7, ("Ann", "Ben"), secret="22" * 16)
>>> r = class_report(a, {"Ann": ["4", "2"], "Ben": ["0", None]})
>>> sorted(report_files(r))
['answers.csv', 'chart-all.svg', 'questions.csv', 'report.html', 'students.csv']
"""

from __future__ import annotations

import csv
import io
from html import escape

from ..charts import Series, bar_chart
from ..colours import COLOURS
from ..skills import MIN_RATED, RECENT, band
from ..words import join_words, plural
from .export_html import PAGE_CSS
from .model import KIND_LABELS
from .report import PRACTISED, ClassReport
from .report_csv import answers_csv, questions_csv, right_answer, students_csv, typed_cell
from .skills import HOW_DECIDED
from .spreadsheet import shown_cell

__all__ = ["report_html", "report_charts", "report_files", "practised_lines", "REPORT_CSS"]


def report_files(report: ClassReport) -> dict[str, str]:
    """The report's files by name, as `crib grade` writes them and the teachers' page offers them:
    the page, two tables, every answer, and a chart per kind."""
    files = {"report.html": report_html(report), "students.csv": students_csv(report),
             "questions.csv": questions_csv(report), "answers.csv": answers_csv(report)}
    files.update({f"chart-{kind.replace(' ', '-')}.svg": svg for kind, svg in report_charts(report).items()})
    return files


def report_charts(report: ClassReport) -> dict[str, str]:
    """An SVG bar chart per kind of points (how many missed it, question by question), plus one of
    wrong answers per question (``"all"``)."""
    wrong = [(q.number, q.wrong + q.unreadable) for q in report.questions]
    charts = {"all": _bars("Wrong answers, question by question", wrong)}
    for kind in report.kinds:
        values = [(q.number, q.kind_misses.get(kind, 0)) for q in report.questions]
        if any(v for _, v in values):
            charts[kind] = _bars(f"{KIND_LABELS[kind].capitalize()} missed, question by question", values)
    return charts


def _bars(title: str, values: list[tuple[int, int]]) -> str:
    """A bar per question, each named in text (screen readers read the title, the label and each bar's
    tooltip)."""
    said = ", ".join(f"question {number} {value}" for number, value in values)
    return bar_chart([f"Q{number}" for number, _ in values],
                     [Series("answers", [value for _, value in values], COLOURS["ink"])],
                     title=title, label=said, y_label="answers")


def report_html(report: ClassReport) -> str:
    """The whole report as one self-contained page (prints on A4, reads at 390 px)."""
    a = report.assignment
    title = a.student_set(a.students[0]).title
    problems = "".join(
        f"<h2>{heading}</h2><ul>" + "".join(f"<li>{escape(line)}</li>" for line in lines) + "</ul>"
        # What went wrong with the files first: a long list of names missing would hide it below the fold.
        for heading, lines in (("Not graded", report.refused), ("Notes", report.notes),
                               ("No results yet", report.missing)) if lines)
    charts = "".join(f'<figure class="chart">{svg}</figure>' for svg in report_charts(report).values())
    body = (
        f"<header><h1>Class report: {escape(title)}</h1>"
        f'<p class="meta">Set code <code>{escape(a.code)}</code> \u00b7 class {escape(a.fingerprint)} '
        f"\u00b7 answers {'per kind' if a.answer_by == 'kind' else 'as totals'}</p>"
        f"<p>{escape(report.summary())}</p></header>{problems}"
        f"<h2>Who needs help with what</h2>{_help_html(report)}"
        f"<h2>Students and skills</h2>{_grid_html(report)}"
        f"{_practised_html(report)}"
        f"<h2>The class's most common mistakes</h2>{_mistakes_html(report)}"
        f"<h2>What was asked</h2>{_focus_html(report)}"
        f'<h2>Students</h2><div class="wide">{_table(students_csv(report))}</div>'
        f'<h2>Questions</h2><div class="wide">{_table(questions_csv(report))}</div>'
        f'<h2>Charts</h2>{charts}'
        f"<h2>Every answer as typed</h2>{_answers_html(report)}"
        "<footer>Every answer was scored again from the seed by the crib_widgets engine; a results "
        "file holds only what was typed. Where an answer was read in a way the student did not mean, "
        "what they typed is shown beside it: you may overrule it.</footer>"
    )
    return ("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
            '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f"<title>Class report {escape(a.code)}</title>\n"
            f"<style>{PAGE_CSS}{REPORT_CSS}</style>\n"
            "</head>\n"
            f"<body>\n{body}\n</body>\n</html>\n")

def _help_html(report: ClassReport) -> str:
    rows = report.needing_help()
    if not rows:
        return "<p>Nobody got a skill right less than half the time.</p>"
    items = "".join(f"<li><b>{escape(name)}</b>: {escape(', '.join(weak))}</li>" for name, weak in rows)
    return (f"<p>Students with a skill they got right less than half the time, the student with the "
            f"fewest right answers first:</p><ol class=\"help\">{items}</ol>")

def _grid_html(report: ClassReport) -> str:
    skills = report.skills
    head = "".join(f'<th scope="col">{escape(s)}</th>' for s in skills)
    rows = []
    for row in report.by_need():
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
            f"{_decided_html(report)}")

def _decided_html(report: ClassReport) -> str:
    """How the grid was decided, and each wrong total it could not put on a skill."""
    items = "".join(f"<li><b>{escape(row.student)}</b>, {escape(line)}</li>"
                    for row in report.by_need() for line in row.undecided)
    listed = (f'<p>Wrong totals counted against no skill:</p><ul class="undecided">{items}</ul>'
              if items else "")
    return f'<p class="key">{escape(HOW_DECIDED)}</p>{listed}'

def _practised_html(report: ClassReport) -> str:
    """Each attached progress, in the class's order (students who need help most first)."""
    rows = [row for row in report.by_need() if row.student in report.progress]
    if not rows:
        return ""
    parts = []
    for row in rows:
        try:
            lines = practised_lines(report.progress[row.student])
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

def _mistakes_html(report: ClassReport) -> str:
    if not report.mistakes:
        return "<p>No mistakes: every answer was right.</p>"
    items = "".join(
        f"<li><b>{escape(text)}</b>: {plural(n, 'answer')}, by "
        f"{escape(join_words(report.mistake_students.get(text, ())))}</li>" for text, n in report.mistakes)
    return f"<ol>{items}</ol>"

def _focus_html(report: ClassReport) -> str:
    tally: dict[str, list[int]] = {}
    for row in report.students:
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

def _answers_html(report: ClassReport) -> str:
    parts = []
    marks = {"right": "\u2714 right", "wrong": "\u2718 wrong", "unreadable": "? not read",
             "unanswered": "\u2013 blank"}
    for row in report.by_need():
        lines = "".join(
            f'<tr class="{g.status}"><td>{g.number}</td><td>{escape(focus)}</td>'
            f"<td>{escape(typed_cell(g.given)) or '<i>blank</i>'}</td><td>{escape(g.read)}</td>"
            f"<td>{marks.get(g.status, g.status)}</td><td>{escape(right_answer(g))}</td></tr>"
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
    "table.grid th,table.grid td{border:1px solid var(--crib-rule);padding:.15em .45em;text-align:left;"
    "vertical-align:top}"
    "div.wide{overflow-x:auto;max-width:100%}"
    "table.skills td{text-align:center;white-space:nowrap}"
    "table.skills th[scope=row]{position:sticky;left:0;background:var(--crib-paper)}"
    ".good{background:var(--crib-good)}.fair{background:var(--crib-fair)}.poor{background:var(--crib-poor)}"
    "td.none{color:var(--crib-faint)}"
    ".word{font-size:.85em}"
    "p.key span{padding:0 .3em;border:1px solid var(--crib-rule)}"
    "tr.wrong td:nth-child(5),tr.unreadable td:nth-child(5){font-weight:bold}"
    "figure.chart{margin:.5em 0}"
    "ol.help li{margin:.15em 0}"
    "section.practised h3{margin-bottom:.1em}section.practised p.key{margin:0;color:var(--crib-quiet)}"
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


def _table(text: str) -> str:
    """A CSV text as an HTML table, its first row the heading."""
    head, *rows = list(csv.reader(io.StringIO(text)))
    cells = "".join(f'<th scope="col">{escape(h)}</th>' for h in head)
    body = "".join("<tr>" + "".join(f"<td>{escape(shown_cell(c))}</td>" for c in row) + "</tr>"
                   for row in rows)
    return f'<table class="grid"><thead><tr>{cells}</tr></thead><tbody>{body}</tbody></table>'
