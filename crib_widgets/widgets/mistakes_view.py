"""The "Practise my mistakes" widget (book/practise.ipynb): it draws
`crib_widgets.lessons.practice.Practice` over the page's kept progress and forwards clicks.

Each question is drawn as its chapter draws it (the hand and the starter, or the cards on the
table), every card named in words; the answer goes to the model, which grades it through the
lesson that first asked it and keeps it, and the page saves the progress (`progress_link.saved`).
"""

from __future__ import annotations

import ipywidgets as widgets

from ..cards import Card
from ..errors import CribbageError
from ..game.kinds import AnswerKind
from ..lessons.muggins import read_named
from ..lessons.practice import Practice
from .answer_box import AnswerBox, mark_check
from .cards_view import CardPicker, card_html, cards_html
from .choice_row import ChoiceRow
from .counting_trainer import line_html
from .frame import Frame, action_button, from_model
from .pegging_drill import play_row_html
from .progress_link import kept, out, saved
from .styles import esc

__all__ = ["MistakesView"]

_NOTE = ("Getting ready: in a few moments your own mistakes appear here, as this browser kept them. "
         "If it stays still, they cannot be shown on this copy of the page.")


class MistakesView(Frame):
    """The learner's mistakes due today, one at a time.

    Child widgets: ``summary``, ``where``, ``table``, ``question``, ``answer_input``,
    ``check_button``, ``hand_picker`` and ``card_check`` (for "which card?"), ``throw_picker`` and
    ``throw_check`` (for a throw to the crib), ``choice_row`` (a `ChoiceRow`, a button per answer to a
    board position) and ``choice_check``, ``accept_button``, ``muggins_input``, ``muggins_button``,
    ``overcount_button``, ``next_button``, ``feedback``. State: the model's ``item``, ``kind`` and
    ``position``.

    A card or an answer tapped is only chosen (it stands pressed and says so to screen readers);
    Check judges it, once, as every chapter's trainer does.
    """

    def __init__(self, practice: Practice | None = None, *, four_colour: bool = False) -> None:
        super().__init__("Practise my mistakes", note=_NOTE)
        self.practice = practice or Practice(kept())
        self.lesson = self.practice  # what `from_model` reads
        self.four_colour = four_colour
        self.add_class("crib-mistakes")
        self.summary = widgets.HTML()
        self.where = widgets.HTML()
        self.table = widgets.HTML()
        self.question = widgets.HTML()
        self.answer_input = AnswerBox(
            value="", description="Points:", placeholder="0, 1, 2 ...",
            tooltip="How many points; press Enter or Check", layout=widgets.Layout(width="11em"),
            style={"description_width": "4em"})
        self.answer_input.add_class("crib-points")
        self.check_button = mark_check(action_button("Check", "Check your answer", "primary"))
        self.answer_row = widgets.HBox([self.answer_input, self.check_button]).add_class("crib-row")
        # "which card?": one card chosen (tap, click, or Tab and Space), judged on Check
        self.hand_picker = CardPicker(mode="toggle", max_selected=1, four_colour=four_colour,
                                      on_change=self._on_card)
        self.card_check = action_button("Check", "Judge the card you chose", "primary")
        self.card_row = widgets.VBox([self.hand_picker, self.card_check])
        self.accept_button = action_button("Accept", "The count is right (or let it stand)", "success")
        self.muggins_input = AnswerBox(
            value="1", description="Missed:", tooltip="How many points the computer missed: 1 or more",
            layout=widgets.Layout(width="9.5em"), style={"description_width": "4.2em"})
        self.muggins_button = mark_check(
            action_button("Muggins!", "Call Muggins: claim the points it missed", "warning"))
        self.overcount_button = action_button("Too high!", "Object: the count is more than the hand holds",
                                              "danger")
        self.muggins_row = widgets.HBox([self.accept_button, self.muggins_input, self.muggins_button,
                                         self.overcount_button]).add_class("crib-row")
        # a throw to the crib: two cards chosen (tap, click, or Tab and Space), judged on Check
        self.throw_picker = CardPicker(mode="toggle", max_selected=2, four_colour=four_colour)
        self.throw_check = mark_check(action_button("Check", "Judge the two cards you chose", "primary"))
        self.throw_row = widgets.VBox([self.throw_picker, self.throw_check])
        # a board position (chapter 12): one button per answer, named in words, judged on Check
        self.choice_row = ChoiceRow(on_choose=self._on_choice)
        self.choice_check = action_button("Check", "Judge the answer you chose", "primary")
        self.choice_box = widgets.VBox([self.choice_row, self.choice_check])
        self.next_button = action_button("Next", "Go on to the next mistake due")
        self.feedback = widgets.HTML()
        self._assemble(self.summary, self.where, self.table, self.question, self.status, self.answer_row,
                       self.card_row, self.throw_row, self.choice_box, self.muggins_row, self.feedback,
                       self.next_button, out())
        self.check_button.on_click(lambda _: self._on_check())
        self.answer_input.on_enter(self._on_check)
        self.accept_button.on_click(lambda _: self._on_call(AnswerKind.ACCEPT))
        self.muggins_button.on_click(lambda _: self._on_muggins())
        self.muggins_input.on_enter(self._on_muggins)
        self.overcount_button.on_click(lambda _: self._on_call(AnswerKind.OVERCOUNT))
        self.next_button.on_click(lambda _: self._on_next())
        self.throw_check.on_click(lambda _: self._on_throw())
        self.card_check.on_click(lambda _: self._on_card_check())
        self.choice_check.on_click(lambda _: self._on_choice_check())
        self._draw_question()

    item = from_model("item", "The deck's question on show (None when nothing is due).")
    kind = from_model("kind", "What the question asks for: count, points, card, muggins ('' for none).")
    position = from_model("position", "The question on show in card text.")

    # ---- drawing ------------------------------------------------------------------------------
    def _draw_question(self) -> None:
        p = self.practice
        self.summary.value = f'<div class="crib-big">{esc(p.summary())}</div>' if p.item else ""
        self.where.value = f'<div class="crib-sub">{esc(p.where())}</div>'
        self.question.value = f'<div class="crib-big">{esc(p.question())}</div>' if p.item else ""
        self.feedback.value = ""
        self.answer_input.value = ""
        self.muggins_input.value = "1"
        kind = p.kind
        self._show(self.answer_row, kind in ("count", "points"))
        self._show(self.muggins_row, kind == "muggins")
        self._show(self.card_row, kind == "card")
        self._show(self.throw_row, kind == "throw")
        self._show(self.choice_box, kind == "choice")
        self.choice_row.set_options(p.options())
        self.throw_picker.set_cards(p.lesson.position.cards if kind == "throw" else [])
        for control in (self.answer_input, self.check_button, self.accept_button, self.muggins_input,
                        self.muggins_button, self.overcount_button, self.throw_check, self.card_check,
                        self.choice_check):
            control.disabled = False
        if kind == "card":
            self.hand_picker.set_cards([Card.parse(c) for c in p.lesson.scenario.hand])
        else:
            self.hand_picker.set_cards([])
        self._draw_table()
        self.next_button.description = "Next" if p.item else "Look again"
        self.next_button.tooltip = ("Go on to the next mistake due" if p.item else
                                    "Look again for mistakes due (after answering in a trainer on this page)")
        self.next_button.button_style = ""
        self._show(self.next_button, not p.item)
        self.check_button.button_style = "primary"
        self.set_status(p.status(), p.tone if not p.item and p.message else "info")

    def _draw_table(self) -> None:
        p, lesson = self.practice, self.practice.lesson
        if p.kind in ("count", "muggins"):
            s = lesson.score
            whose = "Your" if p.kind == "count" else f"{lesson.name}'s"
            what = f"{whose} {'crib' if s.crib else 'hand'}"
            hand = cards_html(s.hand, four_colour=self.four_colour,
                              label=f"{what}: " + ", ".join(c.name for c in s.hand))
            starter = card_html(s.starter, four_colour=self.four_colour, tag="starter")
            said = (f'<div class="crib-row"><span class="crib-count" title="announced">{lesson.announced}'
                    f'</span><span class="crib-say">{esc(lesson.name)} says {lesson.announced}.</span></div>'
                    if p.kind == "muggins" else "")
            self.table.value = (f'<div class="crib-row crib-top"><span class="crib-label">{esc(what)}</span>'
                                f'{hand}<span class="crib-gap"></span>{starter}</div>{said}')
        elif p.kind in ("points", "card"):
            self.table.value = play_row_html(lesson.scenario, four_colour=self.four_colour)
        else:
            self.table.value = ""

    @staticmethod
    def _show(widget: widgets.Widget, shown: bool) -> None:
        widget.layout.display = None if shown else "none"

    def _draw_answered(self) -> None:
        p = self.practice
        lines = "".join(f"<li>{line_html(line)}</li>" for line in p.lines)
        self.feedback.value = (f'<div class="crib-big">{esc(p.moved)}</div>'
                               + (f'<ul class="crib-list">{lines}</ul>' if lines else ""))
        for control in (self.answer_input, self.check_button, self.accept_button, self.muggins_input,
                        self.muggins_button, self.overcount_button, self.throw_check, self.card_check,
                        self.choice_check):
            control.disabled = True
        self.hand_picker.set_enabled(False)
        self.throw_picker.set_enabled(False)
        self.choice_row.set_enabled(False)
        self.check_button.button_style = ""
        self.next_button.description = "Next" if p.left else "Done for today"
        self.next_button.button_style = "primary"
        self._show(self.next_button, True)
        self.summary.value = f'<div class="crib-sub">{esc(p.summary())}</div>'
        self.where.value = ""
        self.set_status(p.status(), "ok" if p.right else "bad")
        saved()

    # ---- callbacks ----------------------------------------------------------------------------
    def _answer(self, do) -> None:
        self.went_live()
        if self.practice.answered or self.practice.item is None:
            return
        try:
            do()
        except CribbageError as error:  # a bad answer changes nothing: say what to do instead
            self.set_status(f"{str(error)[0].upper()}{str(error)[1:].rstrip('.')}.", "warn")
            return
        self._draw_answered()

    def _on_check(self) -> None:
        typed = self.answer_input.value
        if self.practice.kind == "count":
            self._answer(lambda: self.practice.count(typed))
        elif self.practice.kind == "points":
            self._answer(lambda: self.practice.points(typed))

    def _on_throw(self) -> None:
        self._answer(lambda: self.practice.throw(self.throw_picker.selected))

    def _on_card(self, chosen: tuple[Card, ...]) -> None:
        """A card tapped is chosen, not judged: Check judges it."""
        self.went_live()
        if self.practice.answered or self.practice.kind != "card":
            return
        self.set_status(self.practice.chosen_words(chosen[0].name if chosen else None))

    def _on_card_check(self) -> None:
        chosen = self.hand_picker.selected
        self._answer(lambda: self.practice.pick(chosen[0] if chosen else None))

    def _on_choice(self, key: str) -> None:
        """An answer tapped is chosen, not judged: Check judges it."""
        self.went_live()
        if self.practice.answered or self.practice.kind != "choice":
            return
        self.set_status(self.practice.chosen_words(dict(self.practice.options())[key]))

    def _on_choice_check(self) -> None:
        key = self.choice_row.chosen
        self._answer(lambda: self.practice.choose(key))

    def _on_muggins(self) -> None:
        named = read_named(self.muggins_input.value)
        if isinstance(named, str):
            self.went_live()
            self.set_status(named, "warn")
            return
        self._on_call(AnswerKind.MUGGINS, named)

    def _on_call(self, kind: AnswerKind, named: int | None = None) -> None:
        self._answer(lambda: self.practice.call(kind, named))

    def _on_next(self) -> None:
        self.went_live()
        self.practice.next()
        self._draw_question()
