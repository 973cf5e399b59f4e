"""A widget that walks a learner through a set: one question at a time, check, diagnose, reveal.

Type an answer and press Enter or "Check"; the feedback says what is right and, for answers per
kind, which kinds were missed. "Show the answer" reveals the full count. Buttons work with the
keyboard (Tab, then Enter or Space). Tests drive it without a browser:

>>> from crib_widgets.exercises.generate import make_set
>>> checker = ExerciseChecker(make_set("counting", "easy", hands=2, seed=7))
>>> checker.answer.value = "3"
>>> checker.check_button.click()
>>> checker.grades[1].status, "more points to find" in checker.feedback.value
('wrong', True)
>>> checker.answer.value = "fifteens 4"
>>> checker.check_button.click()
>>> checker.grades[1].correct, checker.progress.value
(True, 'Question 1 of 2 \u00b7 1 right so far')
>>> checker.next_button.click()
>>> checker.number, checker.answer.value
(2, '')
"""

from __future__ import annotations

from html import escape

import ipywidgets as widgets

from ..exercises.card_svg import CARD_CSS
from ..exercises.export_html import answer_html, question_html
from ..exercises.grading import Grade, check_answer
from ..exercises.model import ExerciseSet
from .answer_box import AnswerBox, mark_check

__all__ = ["ExerciseChecker"]

_STYLE = (
    "<style>.crib-check .said{font-style:italic} .crib-check .cards{display:flex;gap:1em;flex-wrap:wrap;"
    "align-items:flex-end} .crib-check .group,.crib-check .entry{text-align:center}"
    " .crib-check .label,.crib-check .seat,.crib-check .count{display:block;font-size:.85em}"
    " .crib-check .play{display:flex;flex-wrap:wrap;gap:.2em} .crib-check table td{padding:0 .5em 0 0}"
    " .crib-check .cards-text{font-size:.9em}" + CARD_CSS.replace("\n", " ") + "</style>"
)
_HINTS = {
    "counting": "e.g. 12, or per kind: fifteens 4, pairs 2, runs 3",
    "play": "e.g. 4, or per kind: fifteen 2, pair 2",
    "muggins": "accept, muggins 2, or too high 4",
}


def _box(html: str) -> str:
    return f'{_STYLE}<div class="crib-check">{html}</div>'


def _row(*children: widgets.Widget) -> widgets.HBox:
    """A row of controls that wraps onto the next line on a narrow (phone) screen."""
    return widgets.HBox(list(children), layout=widgets.Layout(flex_flow="row wrap", gap="4px"))


class ExerciseChecker(widgets.VBox):
    """Check answers to an `ExerciseSet` question by question.

    Children a test (or a curious learner) can reach: ``progress``, ``question``, ``answer`` (the
    text box), ``check_button``, ``reveal_button``, ``previous_button``, ``next_button``,
    ``feedback`` and ``solution``. State: ``number`` (1-based), ``grades`` (latest grade per
    question number) and ``revealed`` (question numbers whose answer was shown).
    """

    def __init__(self, exercise_set: ExerciseSet) -> None:
        self.exercise_set = exercise_set
        self.number = 1
        self.grades: dict[int, Grade] = {}
        self.answers: dict[int, str] = {}
        self.revealed: set[int] = set()
        title = exercise_set.title + (f" for {exercise_set.student}" if exercise_set.student else "")
        code = escape(exercise_set.code)
        heading = widgets.HTML(f"<b>{escape(title)}</b> \u00b7 set code <code>{code}</code>")
        self.progress = widgets.Label()
        self.question = widgets.HTML()
        # Judged only on Check or Enter: leaving the box (a tap elsewhere, a phone's keyboard
        # closing) must never count as an answer.
        self.answer = AnswerBox(
            numeric=False, placeholder=_HINTS[exercise_set.kind], description="Your answer:",
            style={"description_width": "initial"}, layout=widgets.Layout(width="28em"),
        )
        self.check_button = mark_check(widgets.Button(
            description="Check", button_style="primary",
            tooltip="Check your answer (or press Enter in the box)"))
        self.reveal_button = widgets.Button(description="Show the answer", tooltip="Show the full count")
        self.previous_button = widgets.Button(description="\u25c0 Previous", tooltip="Previous question")
        self.next_button = widgets.Button(description="Next \u25b6", tooltip="Next question")
        for button in (self.check_button, self.reveal_button, self.previous_button, self.next_button):
            button.layout.width = "auto"  # the whole label ("Show the answer"), never cut to "Show the an…"
        self.feedback = widgets.HTML()
        self.solution = widgets.HTML()
        self.check_button.on_click(lambda _: self.check())
        self.reveal_button.on_click(lambda _: self.reveal())
        self.previous_button.on_click(lambda _: self.go(self.number - 1))
        self.next_button.on_click(lambda _: self.go(self.number + 1))
        self.answer.on_enter(self.check)
        super().__init__([
            heading, self.progress, self.question,
            _row(self.answer, self.check_button),
            self.feedback,
            _row(self.previous_button, self.next_button, self.reveal_button),
            self.solution,
        ])
        self._show()

    @property
    def exercise(self):
        """The question on screen."""
        return self.exercise_set[self.number]

    def check(self) -> Grade:
        """Grade what is in the box and show the verdict with the diagnosis per kind."""
        grade = check_answer(self.exercise, self.answer.value)
        self.answers[self.number] = self.answer.value
        if grade.status != "unanswered":
            self.grades[self.number] = grade
        self.feedback.value = self._verdict(grade)
        self._update_progress()
        return grade

    def _verdict(self, grade: Grade) -> str:
        if grade.status == "unanswered":
            return f"Type your answer in the box first ({escape(_HINTS[self.exercise_set.kind])})."
        mark = {"right": "\u2714 Right", "wrong": "\u2718 Not yet", "unreadable": "? Could not read that"}
        detail = grade.message.split(": ", 1)[1] if ": " in grade.message else grade.message
        items = "".join(f"<li>{escape(m)}</li>" for m in grade.kind_messages(all_kinds=True))
        more = "" if grade.correct else " Try again, or press \u201cShow the answer\u201d."
        return (f"<b>{mark[grade.status]}</b>: {escape(detail)}.{more}"
                + (f"<ul>{items}</ul>" if items else ""))

    def reveal(self) -> None:
        """Show the full answer of the question on screen."""
        self.revealed.add(self.number)
        self.solution.value = _box(answer_html(self.exercise))

    def go(self, number: int) -> None:
        """Move to question ``number`` (kept within the set)."""
        self.number = min(max(number, 1), len(self.exercise_set))
        self._show()

    def _show(self) -> None:
        self.question.value = _box(f"<b>Question {self.number}.</b> " + question_html(self.exercise))
        self.answer.value = self.answers.get(self.number, "")
        grade = self.grades.get(self.number)
        self.feedback.value = self._verdict(grade) if grade else "Type your answer and press Enter or Check."
        self.solution.value = _box(answer_html(self.exercise)) if self.number in self.revealed else ""
        self.previous_button.disabled = self.number == 1
        self.next_button.disabled = self.number == len(self.exercise_set)
        self._update_progress()

    def _update_progress(self) -> None:
        right = sum(g.correct for g in self.grades.values())
        of = len(self.exercise_set)
        self.progress.value = f"Question {self.number} of {of} \u00b7 {right} right so far"

    def _repr_mimebundle_(self, **kwargs):
        # Where no widget can run (a static page), show the question itself instead of nothing.
        data = super()._repr_mimebundle_(**kwargs)
        data["text/html"] = _box(
            f"<b>{escape(self.exercise_set.title)}</b>, question {self.number} of {len(self.exercise_set)}. "
            + question_html(self.exercise)
            + "<p><i>Run this notebook to type answers and check them here.</i></p>"
        )
        return data
