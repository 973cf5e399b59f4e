"""The frame the position trainers' views share (the discard trainer's and chapter 12's board
practice's), drawing a `crib_widgets.lessons.position_queue.PositionQueue`: the heading, the
situation, what the learner answers with, Check / Show me / Next, the feedback, the tally beside the
choice of what to practise, and the answer folded at the foot (a page read before it comes alive
still has it). Next and the choice are forwarded to the model's `next` and `select`; each view
draws its own question and verdict."""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from ..cards import Card
from ..errors import CribbageError
from ..words import join_words
from .answer_box import mark_check
from .frame import Frame, action_button
from .progress_link import keep, out
from .styles import esc

__all__ = ["ALL", "QueueView"]

#: The choice of what to practise that asks every position (a Dropdown whose value is None shows none).
ALL = "all"


class QueueView(Frame):
    """A position trainer's frame. A view makes its own parts, calls `_frame`, and defines
    ``_draw_question``, ``_on_check`` and ``_on_reveal`` (its question, verdict and answer drawn);
    ``tally_words`` head the tally (``Right: 3 of 4``)."""

    tally_words = "Right"
    lesson: Any

    def _frame(self, lesson: Any, picker: widgets.Dropdown, answer: tuple[widgets.Widget, ...], *,
               check_tip: str, reveal_tip: str) -> None:
        """Make the shared parts around ``answer`` (the controls the learner answers with), wire
        them, and draw the first question."""
        self.lesson = lesson
        self._kept = len(lesson.records)  # records the page's progress holds
        self.heading = widgets.HTML()
        self.situation = widgets.HTML()
        self.check_button = mark_check(action_button("Check", check_tip, "primary"))
        self.reveal_button = action_button("Show me", reveal_tip, "info")
        self.next_button = action_button("Next", "Go on to the next position")
        buttons = widgets.HBox([self.check_button, self.reveal_button, self.next_button])
        buttons.add_class("crib-row")
        self.feedback = widgets.HTML()
        self.tally_view = widgets.HTML()
        self.peek = widgets.HTML()
        footer = widgets.HBox([self.tally_view, picker]).add_class("crib-row")
        footer.add_class("crib-spread")
        self._assemble(self.heading, self.situation, *answer, self.status, buttons, self.feedback, footer,
                       self.peek, out())
        self.check_button.on_click(lambda _: self._on_check())
        self.reveal_button.on_click(lambda _: self._on_reveal())
        self.next_button.on_click(lambda _: self._on_next())
        picker.observe(lambda change: self._on_select(change["new"]), names="value")
        self._draw_question()

    @staticmethod
    def _picker(options: list[tuple[str, str]], value: str | None, description: str, tooltip: str,
                width: str) -> widgets.Dropdown:
        """The choice of what to practise: ``options`` after "every one" (`ALL`)."""
        return widgets.Dropdown(options=options, value=value or ALL, description=description,
                                tooltip=tooltip, layout=widgets.Layout(width=width))

    def _heading(self, peek: str) -> None:
        """The heading from the model, the feedback cleared, Check prominent, the answer folded."""
        self.heading.value = f'<div class="crib-sub">{esc(self.lesson.heading())}</div>'
        self.feedback.value = ""
        self._prominent(self.check_button)
        self.peek.value = f'<details class="crib-peek"><summary>Open the answer</summary>{peek}</details>'

    def _checked(self) -> Any:
        """The model's verdict on the answer chosen, or None when it refused (said in the status)."""
        self.went_live()
        try:
            return self.lesson.check()
        except CribbageError as error:
            self.set_status(f"{str(error)[0].upper()}{str(error)[1:]}.", "warn")
            return None

    def _say_throw(self, chosen: tuple[Card, ...]) -> None:
        """The status line as the cards of a throw are chosen: what is chosen and what to do next."""
        names = join_words(c.name for c in chosen)
        if len(chosen) == 2:
            self._prominent(self.check_button)  # after a wrong throw Next stood out: the press now is Check
            self.set_status(f"You chose the {names}. Press Check to judge the throw, or choose again.")
        else:
            self.set_status(f"Chosen: {('the ' + names) if chosen else 'nothing yet'}. Choose "
                            f"{2 - len(chosen)} more.")

    def _draw_tally(self) -> None:
        self._kept = keep(self.lesson.records, self._kept)
        right, tried = self.lesson.tally
        self.tally_view.value = f'<div class="crib-tally">{self.tally_words}: {right} of {tried}</div>'

    def _prominent(self, button: widgets.Button) -> None:
        for b, style in ((self.check_button, "primary"), (self.next_button, "primary")):
            b.button_style = style if b is button else ""

    def _on_next(self) -> None:
        self.went_live()
        self.lesson.next()
        self._draw_question()

    def _on_select(self, value: str) -> None:
        self.went_live()
        self.lesson.select(None if value == ALL else value)
        self._draw_question()
