"""Printable HTML: a worksheet per learner and, as a separate document, the answer key.

Both are single self-contained files (inline CSS and SVG cards, no scripts, no web fonts) that
print on A4 or Letter. The worksheet never contains an answer: keys are only ever written by
`answer_key_html`.

>>> from crib_widgets.exercises.generate import make_set
>>> s = make_set("counting", "easy", hands=2, seed=7)
>>> page = worksheet_html(s)
>>> page.startswith("<!DOCTYPE html>") and "Fifteen two" not in page
True
>>> "Fifteen two" in answer_key_html(s)
True
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape

from ..colours import COLOURS, css_variables
from .card_svg import CARD_CSS, card_svg, go_svg
from .model import CountingExercise, Exercise, ExerciseSet, MugginsExercise, PlayExercise, one_set, some_sets
from .sheet import (
    answer_kinds,
    cards_text,
    instructions,
    key_headline,
    kind_label,
    play_rows,
    play_text,
    set_line,
)

__all__ = ["worksheet_html", "answer_key_html", "totals_grid_html", "question_html", "answer_html", "preview",
           "PAGE_CSS"]

_RULE, _PAPER = COLOURS["rule"], COLOURS["paper"]
# A page that stands alone (a worksheet, a key, a report) carries the colours' variables itself.
PAGE_CSS = css_variables() + """
:root { color: var(--crib-print-text); background: var(--crib-paper); }
body { font-family: Georgia, 'DejaVu Serif', serif; font-size: 11pt; line-height: 1.35; margin: 1.5em auto;
       max-width: 60em; padding: 0 1em; }
h1 { font-size: 1.5em; margin: 0 0 .2em; }
h2 { font-size: 1.15em; margin: 1.2em 0 .4em; }
.meta { font-family: Arial, sans-serif; font-size: .95em; margin: .2em 0; }
.meta code { font-size: 1.05em; border: 1px solid var(--crib-rule); padding: 0 .3em; }
.name-line { display: inline-block; min-width: 16em; border-bottom: 1px solid var(--crib-print); }
.intro { margin: .4em 0 1em; }
.intro p { margin: .25em 0; }
ol.questions { list-style: none; padding: 0; margin: 0; display: grid;
               grid-template-columns: repeat(auto-fill, minmax(21em, 1fr)); gap: .8em; }
li.question { border: 1px solid var(--crib-quiet); border-radius: 6px; padding: .5em .7em .6em;
  break-inside: avoid; }
.qnum { font-family: Arial, sans-serif; font-weight: bold; font-size: 1.1em; margin-right: .4em; }
.prompt { margin: 0 0 .4em; }
.said { font-style: italic; }
.cards { display: flex; align-items: flex-end; gap: 1em; flex-wrap: wrap; margin: .2em 0; }
.group { text-align: center; }
.group .label { font-family: Arial, sans-serif; font-size: .8em; text-transform: uppercase;
                letter-spacing: .06em; display: block; margin-bottom: .15em; }
.cards-text { font-family: Arial, sans-serif; font-size: .9em; margin: .3em 0; }
.play { display: flex; flex-wrap: wrap; gap: .2em .1em; margin: .2em 0; }
.entry { text-align: center; font-family: Arial, sans-serif; font-size: .8em; }
.entry .seat { display: block; font-weight: bold; }
.entry .count { display: block; }
.entry.asked .count, .entry.asked .seat { font-weight: bold; text-decoration: underline; }
.end { font-family: Arial, sans-serif; font-size: .85em; }
.blanks { font-family: Arial, sans-serif; font-size: .9em; margin-top: .5em; display: flex; flex-wrap: wrap;
          gap: .3em 1em; }
.blank { white-space: nowrap; }
.blank .line { display: inline-block; width: 2.8em; border-bottom: 1px solid var(--crib-print);
  margin-left: .3em; }
.blank.total .line { width: 3.5em; border-bottom-width: 2px; }
.blank.call .line { width: 10em; }
table.breakdown { border-collapse: collapse; font-family: Arial, sans-serif; font-size: .9em;
                  margin: .3em 0; }
table.breakdown td { padding: .05em .5em .05em 0; vertical-align: top; }
table.breakdown td.pts { text-align: right; min-width: 1.6em; }
table.breakdown tr.total td { border-top: 1px solid var(--crib-print); font-weight: bold; }
.answer { font-family: Arial, sans-serif; font-weight: bold; margin: .2em 0; }
.focus { font-family: Arial, sans-serif; font-size: .85em; color: var(--crib-print-soft); }
.warning { font-family: Arial, sans-serif; border: 2px solid var(--crib-print); padding: .3em .6em;
           display: inline-block; }
section.student + section.student { break-before: page; }
section.totals + section.student { break-before: page; }
table.totals { border-collapse: collapse; font-family: Arial, sans-serif; font-size: .9em; }
table.totals th, table.totals td { border: 1px solid var(--crib-print-faint); padding: .1em .4em;
  text-align: center; }
table.totals th[scope="row"] { text-align: left; }
footer { margin-top: 1.5em; font-family: Arial, sans-serif; font-size: .8em; color: var(--crib-print-soft); }
@page { margin: 12mm; }
@media print {
  body { margin: 0; max-width: none; font-size: 10.5pt; }
  li.question { border-color: var(--crib-print); }
}
""" + CARD_CSS


def _page(title: str, body: str) -> str:
    return (
        "<!DOCTYPE html>\n"
        '<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{escape(title)}</title>\n<style>{PAGE_CSS}</style>\n</head>\n<body>\n{body}\n</body>\n</html>\n"
    )


def _hand_cards(exercise: CountingExercise | MugginsExercise) -> str:
    what = "Crib" if exercise.crib else "Hand"
    hand = "".join(card_svg(c) for c in exercise.hand)
    return (
        '<div class="cards">'
        f'<div class="group"><span class="label">{what}</span>{hand}</div>'
        f'<div class="group"><span class="label">Starter</span>{card_svg(exercise.starter)}</div>'
        "</div>"
        f'<p class="cards-text">{escape(cards_text(exercise))}</p>'
    )


def _play_cards(exercise: PlayExercise) -> str:
    entries = []
    for row in play_rows(exercise):
        if row.card is None:
            picture, count = go_svg(row.seat), "go"
        else:
            note = "the card in question" if row.asked else ""
            picture = card_svg(row.card, asked=row.asked, note=note)
            count = "?" if row.asked else str(row.count)
        css = "entry asked" if row.asked else "entry"
        entries.append(f'<div class="{css}"><span class="seat">{row.seat}</span>{picture}'
                       f'<span class="count">{count}</span></div>')
    end = '<p class="end">End of the play: every card is laid.</p>' if exercise.final else ""
    return (f'<div class="play">{"".join(entries)}</div>{end}'
            f'<p class="cards-text">{escape(play_text(exercise))}</p>')


def _picture(exercise: Exercise) -> str:
    if isinstance(exercise, PlayExercise):
        return _play_cards(exercise)
    return _hand_cards(exercise)


def _prompt(exercise: Exercise) -> str:
    if isinstance(exercise, MugginsExercise):
        what = "crib" if exercise.crib else "hand"
        return (f'The owner counts this {what}: <span class="said">\u201c'
                f"{escape(exercise.announced_score().aloud())}\u201d</span>")
    return escape(exercise.prompt())


def _blanks(exercise: Exercise, kinds: tuple[str, ...]) -> str:
    if isinstance(exercise, MugginsExercise):
        cells = ['<span class="blank call">Your call (accept / Muggins&nbsp;… / too high by&nbsp;…):'
                 '<span class="line"></span></span>']
    else:
        line = '<span class="line"></span>'
        cells = [f'<span class="blank">{escape(kind_label(k))}{line}</span>' for k in kinds]
        cells.append('<span class="blank total">total<span class="line"></span></span>')
    return f'<div class="blanks">{"".join(cells)}</div>'


def worksheet_html(exercise_set: ExerciseSet, *, online: str | None = None,
                   typed: tuple[str, str] | None = None) -> str:
    """The learner's printable worksheet: questions and blanks, no answers. ``online`` is the link to
    the same set on the published site's assignment page (written by `crib assign`); ``typed`` is
    where to type the codes and the student's code (`crib_widgets.exercises.short`), to reach it
    from paper."""
    exercise_set = one_set(exercise_set, "worksheet_html")
    kinds = answer_kinds(exercise_set)
    who = (escape(exercise_set.student) if exercise_set.student else '<span class="name-line"></span>')
    questions = "\n".join(
        f'<li class="question" id="q{ex.number}"><p class="prompt"><span class="qnum">{ex.number}</span>'
        f"{_prompt(ex)}</p>{_picture(ex)}{_blanks(ex, kinds)}</li>"
        for ex in exercise_set
    )
    intro = "".join(f"<p>{escape(line)}</p>" for line in instructions(exercise_set))
    body = (
        f"<header><h1>{escape(exercise_set.title)}</h1>"
        f'<p class="meta">Name: {who}</p>'
        f'<p class="meta">Set code: <code>{escape(exercise_set.code)}</code> \u00b7 '
        f"{len(exercise_set)} questions</p>"
        f'<div class="intro">{intro}</div></header>\n'
        f'<ol class="questions">\n{questions}\n</ol>\n'
        f"<footer>{_online_footer(exercise_set, online, typed)}</footer>"
    )
    return _page(f"{exercise_set.title}: worksheet", body)


def _online_footer(exercise_set: ExerciseSet, online: str | None,
                   typed: tuple[str, str] | None = None) -> str:
    if online and typed:
        return (f"Do this set online and hand it in: open {escape(typed[0])}, then type the set code "
                f"<b>{escape(exercise_set.code)}</b>, your student code <b>{escape(typed[1])}</b> and your "
                "name "
                f'(or use <a href="{escape(online, quote=True)}">your link</a>, if your teacher sent it).')
    if online:
        return (f'Do this set online, and check your answers: <a href="{escape(online, quote=True)}">'
                "your link to the assignment page</a> (your teacher sends it).")
    who = " and your name" if exercise_set.student else ""
    return (f"Check your answers on the book's site: open its page \u201cYour assignment\u201d and type "
            f"the set code {escape(exercise_set.code)}{who}.")


def _short_answer(exercise: Exercise) -> str:
    solution = exercise.solution()
    if isinstance(exercise, MugginsExercise):
        n = solution.answer
        return "accept" if n == 0 else (f"M {n}" if n > 0 else f"high {-n}")
    return str(solution.answer)


def totals_grid_html(sets: list[ExerciseSet]) -> str:
    """The key's first table: one row per student, one column per question, the right answers."""
    numbers = range(1, len(sets[0]) + 1)
    head = "".join(f"<th scope=\"col\">{n}</th>" for n in numbers)
    rows = "".join(
        f'<tr><th scope="row">{escape(s.student or "everyone")}</th>'
        + "".join(f"<td>{escape(_short_answer(e))}</td>" for e in s) + "</tr>"
        for s in sets
    )
    note = ("Muggins: M n = Muggins for n points missed, high n = too high by n." if sets[0].kind == "muggins"
            else "Points of each answer.")
    return (f'<section class="totals"><h2>Totals at a glance</h2><p class="meta">{note}</p>'
            f'<table class="totals"><thead><tr><th scope="col">student</th>{head}</tr></thead>'
            f"<tbody>{rows}</tbody></table></section>")


def _breakdown(exercise: Exercise) -> str:
    solution = exercise.solution()
    rows = "".join(f'<tr><td class="pts">{line.points}</td><td>{escape(line.reason)}</td></tr>'
                   for line in solution.lines)
    if not solution.lines:
        rows = '<tr><td class="pts">0</td><td>nothing scores</td></tr>'
    rows += f'<tr class="total"><td class="pts">{solution.total}</td><td>total</td></tr>'
    return f'<table class="breakdown">{rows}</table>'


def question_html(exercise: Exercise) -> str:
    """One question as an HTML fragment (prompt and cards, no blanks and no answer)."""
    return f'<p class="prompt">{_prompt(exercise)}</p>{_picture(exercise)}'


def answer_html(exercise: Exercise) -> str:
    """The answer to one question as an HTML fragment: headline, mistake, breakdown, said aloud."""
    solution = exercise.solution()
    parts = [f'<p class="answer">{escape(key_headline(exercise))}</p>']
    if isinstance(exercise, MugginsExercise):
        wrong = "; ".join(solution.notes) or "nothing: the count is right"
        parts.append(f"<p>What the counter got wrong: {escape(wrong)}</p>")
    elif solution.notes:
        parts.append(f"<p>Does not score: {escape('; '.join(solution.notes))}.</p>")
    parts.append(_breakdown(exercise))
    parts.append(f'<p>Said aloud: <span class="said">\u201c{escape(solution.said)}\u201d</span></p>')
    return "".join(parts)


def _key_item(exercise: Exercise) -> str:
    return (
        f'<li class="question"><p class="prompt"><span class="qnum">{exercise.number}</span>'
        f'<span class="focus">{escape(exercise.focus)}</span></p>'
        f"<p>{_prompt(exercise)}</p>{_picture(exercise)}{answer_html(exercise)}</li>"
    )


def answer_key_html(sets: ExerciseSet | Iterable[ExerciseSet]) -> str:
    """The teacher's key for one set or for every student's set, one section (and page) each."""
    sets = some_sets(sets, "answer_key_html")
    sections = []
    for exercise_set in sets:
        items = "\n".join(_key_item(ex) for ex in exercise_set)
        heading = escape(exercise_set.student or "Answers")
        sections.append(
            f'<section class="student"><h2>{heading}</h2>'
            f'<p class="meta">{escape(set_line(exercise_set))}</p>'
            f'<ol class="questions">\n{items}\n</ol></section>'
        )
    title = f"Answer key: {sets[0].title}"
    body = (
        f"<header><h1>{escape(title)}</h1>"
        '<p class="warning">For the teacher: keep this page away from the learners\u2019 worksheets.</p>'
        f'<div class="intro"><p>{escape(instructions(sets[0])[0])}</p></div></header>\n'
        + totals_grid_html(sets) + "\n"
        + "\n".join(sections)
    )
    return _page(title, body)


def preview(page: str, *, height: int = 560, title: str = "worksheet preview") -> str:
    """A whole page inside an ``<iframe>``, for showing a worksheet in a notebook without its styles
    leaking into the notebook around it.

    >>> preview("<p>hi</p>")[:72]
    '<div class="crib-preview"><iframe title="worksheet preview" srcdoc="&lt;'
    """
    return (f'<div class="crib-preview"><iframe title="{escape(title)}" srcdoc="{escape(page, quote=True)}" '
            f'style="width: 100%; height: {int(height)}px; border: 1px solid {_RULE}; background: {_PAPER};">'
            "</iframe></div>")
