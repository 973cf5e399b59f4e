"""The "Today's hand" widget (book/practise.ipynb): it draws `crib_widgets.lessons.today.TodayHand`
over the page's kept progress and forwards clicks: choose two cards for the crib, see how the throw
compares with the best one, count the four kept with the starter; the day is then done and the
streak shown. The page saves the progress (`progress_link.saved`).
"""

from __future__ import annotations

import ipywidgets as widgets

from ..errors import CribbageError
from ..lessons.today import TodayHand
from ..words import join_words
from .answer_box import AnswerBox, mark_check
from .cards_view import CardPicker, card_html, cards_html
from .counting_trainer import line_html
from .frame import Frame, action_button, from_model
from .progress_link import kept, out, saved
from .styles import esc

__all__ = ["TodayView"]

_NOTE = ("Getting ready: in a few moments today's hand can be played here, and your streak appears as "
         "this browser kept it. If it stays still, it cannot be played on this copy of the page.")


class TodayView(Frame):
    """Today's deal: throw two, count the rest with the starter, keep the streak.

    Child widgets: ``heading``, ``picker`` (the six cards dealt, pick two), ``throw_button``,
    ``throw_view`` (how the throw compares), ``hand_view`` (the four kept and the starter),
    ``answer_input``, ``check_button``, ``show_button``, ``feedback``, ``streak_view``, ``play_button``
    (once the day's hand is done: plays the deal out at a game table, put in ``table_box``). State: the
    model's ``stage``.
    """

    def __init__(self, today: TodayHand | None = None, *, four_colour: bool = False) -> None:
        super().__init__("Today's hand", note=_NOTE)
        self.today = today or TodayHand(kept())
        self.lesson = self.today  # what `from_model` reads
        self.four_colour = four_colour
        self.add_class("crib-today")
        self.heading = widgets.HTML()
        self.picker = CardPicker(self.today.hand.dealt, mode="toggle", max_selected=2,
                                 four_colour=four_colour, on_change=self._on_choose)
        self.throw_button = action_button("Throw", "Throw the two cards you chose to the crib", "primary")
        self.throw_row = widgets.HBox([self.picker, self.throw_button]).add_class("crib-row")
        self.throw_view = widgets.HTML()
        self.hand_view = widgets.HTML()
        self.answer_input = AnswerBox(
            value="", description="Points:", placeholder="0, 1, 2 ...",
            tooltip="The points of your four cards with the starter; press Enter or Check",
            layout=widgets.Layout(width="11em"), style={"description_width": "4em"})
        self.answer_input.add_class("crib-points")
        self.check_button = mark_check(action_button("Check", "Check your count", "primary"))
        self.show_button = action_button("Show me the count", "Show the count with every combination", "info")
        self.count_row = widgets.HBox([self.answer_input, self.check_button, self.show_button]).add_class(
            "crib-row")
        self.feedback = widgets.HTML()
        self.streak_view = widgets.HTML()
        self.play_button = action_button("Play it out", "Play today's deal against the computer", "primary")
        self.play_view = widgets.HTML()
        self.play_row = widgets.VBox([self.play_view, self.play_button])
        self.table_box = widgets.VBox()  # the game table, once asked for
        self._assemble(self.heading, self.throw_row, self.throw_view, self.hand_view, self.status,
                       self.count_row, self.feedback, self.streak_view, self.play_row, self.table_box, out())
        self.throw_button.on_click(lambda _: self._on_throw())
        self.check_button.on_click(lambda _: self._on_check())
        self.answer_input.on_enter(self._on_check)
        self.show_button.on_click(lambda _: self._on_show())
        self.play_button.on_click(lambda _: self._on_play())
        self._draw()

    stage = from_model("stage", "Where the day's hand is: throw, count or done.")

    # ---- drawing ------------------------------------------------------------------------------
    def _draw(self) -> None:
        t = self.today
        dealt = ", ".join(c.name for c in t.hand.dealt)
        self.heading.value = (f'<div class="crib-big">{esc(t.date_words())}</div><div class="crib-sub">'
                              f"Everyone gets the same deal today. {esc(t.deal_words())} "
                              f"You are dealt: {esc(dealt)}.</div>")
        throwing = t.stage == "throw"
        self.throw_button.disabled = not throwing
        self.picker.set_enabled(throwing)
        if not throwing:
            self.picker.select(t.thrown)
            self.picker.set_enabled(False)
        thrown = join_words(c.name for c in t.thrown)
        self.throw_view.value = (f'<div class="crib-sub">You threw the {esc(thrown)}. {esc(t.throw_words())}'
                                 "</div>" if t.thrown else "")
        if t.lesson is not None:
            s = t.lesson.score
            hand = cards_html(s.hand, four_colour=self.four_colour,
                              label="Your hand: " + ", ".join(c.name for c in s.hand))
            starter = card_html(s.starter, four_colour=self.four_colour, tag="starter")
            self.hand_view.value = ('<div class="crib-row crib-top"><span class="crib-label">Your hand</span>'
                                    f'{hand}<span class="crib-gap"></span>{starter}</div>'
                                    f'<div class="crib-sub">The starter is the {esc(s.starter.name)}.</div>')
        else:
            self.hand_view.value = ""
        counting = t.stage == "count"
        self.count_row.layout.display = None if counting else "none"
        for control in (self.answer_input, self.check_button, self.show_button):
            control.disabled = not counting
        lines = "".join(f"<li>{line_html(line)}</li>" for line in t.lines)
        self.feedback.value = f'<ul class="crib-list">{lines}</ul>' if lines else ""
        self.streak_view.value = f'<div class="crib-tally">{esc(t.streak_words())}</div>'
        self.play_row.layout.display = None if t.stage == "done" and not self.table_box.children else "none"
        self.play_view.value = f'<div class="crib-sub">{esc(t.play_words())}</div>'
        if t.stage == "count" and t.tone == "bad":  # a wrong count: what to do about it
            self.set_status(t.message, "bad")
        else:
            self.set_status(t.status(), "ok" if t.stage == "done" else "info")

    # ---- callbacks ----------------------------------------------------------------------------
    def _on_choose(self, chosen) -> None:
        self.went_live()
        if self.today.stage != "throw":
            return
        names = join_words(c.name for c in chosen)
        if len(chosen) == 2:
            self.set_status(f"You chose {names}. Press Throw to throw them to the crib.")
        elif chosen:
            self.set_status(f"You chose the {names}: choose one more card to throw, then press Throw.")
        else:
            self.set_status(self.today.status())

    def _on_throw(self) -> None:
        self.went_live()
        try:
            self.today.throw(self.picker.selected)
        except CribbageError as error:
            self.set_status(f"{str(error)[0].upper()}{str(error)[1:]}.", "warn")
            return
        self._draw()

    def _on_check(self) -> None:
        self.went_live()
        if self.today.stage != "count":
            return
        try:
            self.today.count(self.answer_input.value)
        except CribbageError as error:
            self.set_status(f"{str(error)[0].upper()}{str(error)[1:].rstrip('.')}.", "warn")
            return
        self._draw()
        saved()

    def _on_play(self) -> None:
        from .game_table import GameTable  # only when asked: most visits never open it

        self.went_live()
        if self.today.stage != "done" or self.table_box.children:
            return
        table = GameTable(four_colour=self.four_colour, **self.today.table_options())
        table.went_live()  # made by a click: Python runs, so no "Getting ready" note
        self.table_box.children = (table,)
        self._draw()
        self.set_status("Today's deal is on the table below: choose two cards to throw to the crib.")

    def _on_show(self) -> None:
        self.went_live()
        if self.today.stage != "count":
            return
        self.today.show_count()
        self._draw()
        saved()
