"""BoardPlayView: chapter 12's board practice on the page: who gets home first, offence or defence,
what to throw and which card to lay near the end.

The model (`crib_widgets.lessons.board_play.BoardPlay`) asks, judges and says why; this view draws it
and forwards clicks. Answers are buttons (who, offence or defence) or card buttons (a throw: two
cards; a play: one), each named in words, usable by mouse, touch, or Tab and Space; nothing is
judged until Check is pressed, and each position is judged once.

>>> v = BoardPlayView(kind="seat", shuffle=False)
>>> v.choice_buttons[1].click(); v.check_button.click(); v.tally
(1, 1)
>>> v.next_button.button_style
'primary'
"""

from __future__ import annotations

import ipywidgets as widgets

from ..cards import Card
from ..lessons.board_play import KIND_NAMES, KINDS, BoardPlay, BoardVerdict
from ..lessons.checks import flag
from ..words import join_words
from .cards_view import CardPicker
from .choice_row import ChoiceRow
from .discard_trainer import verdict_html
from .frame import from_model
from .queue_view import ALL, QueueView
from .styles import esc

__all__ = ["BoardPlayView", "board_verdict_html"]


class BoardPlayView(QueueView):
    """The board practice on the page. ``kind`` (a key of `KINDS`, or None for all), ``shuffle`` and
    ``seed`` go to the model. Child widgets: ``kind_picker``, ``choice_buttons`` (one per answer, for
    who and offence/defence), ``hand_picker`` (cards: two for a throw, one for a play),
    ``check_button``, ``reveal_button``, ``next_button``, ``feedback``."""

    def __init__(self, *, kind: str | None = None, shuffle: bool = True, seed: int | None = 0,
                 four_colour: bool = False) -> None:
        lesson = BoardPlay(kind=kind, shuffle=shuffle, seed=seed)  # checks every option first
        self.four_colour = flag("four_colour", four_colour)
        super().__init__("Playing to the board")
        options = [("Every kind", ALL)] + [(KIND_NAMES[k], k) for k in KINDS]
        self.kind_picker = self._picker(options, kind, "Practise:", "Which kind of position to practise",
                                        "24em")
        self.choices = ChoiceRow(on_choose=self._on_choice)  # who, or offence or defence
        self.hand_picker = CardPicker(mode="toggle", max_selected=2, four_colour=self.four_colour,
                                      on_change=self._on_cards)
        self._frame(lesson, self.kind_picker, (self.choices, self.hand_picker), check_tip="Judge your answer",
                    reveal_tip="Show the answer with its reasons")

    @property
    def choice_buttons(self) -> list[widgets.Button]:
        """One button per answer (who, or offence or defence); none for a throw or a play."""
        return self.choices.buttons

    tally = from_model("tally", "(positions right, positions answered or shown).")
    question = from_model("question", "The `BoardQuestion` on show.")

    # ---- drawing ------------------------------------------------------------------------------
    def _draw_question(self) -> None:
        q = self.lesson.question
        facts = "".join(f"<li>{esc(f)}</li>" for f in q.facts())
        self.situation.value = (f'<ul class="crib-list">{facts}</ul>'
                                f'<div class="crib-big">{esc(q.prompt())}</div>')
        if q.kind in ("home", "seat"):
            self.choices.set_options(q.options())
            self.hand_picker.max_selected = 2
            self.hand_picker.set_cards([])
        else:
            self.choices.set_options(())
            cards = q.discard.position.cards if q.kind == "throw" else q.game.hands[0]
            self.hand_picker.max_selected = 2 if q.kind == "throw" else 1
            # in the play a card that would pass 31 cannot be laid
            playable = [c for c in cards if q.kind == "throw" or str(c) in dict(q.options())]
            self.hand_picker.set_cards(cards, enabled=playable)
        self._heading(board_verdict_html(q.judge(q.answer_key), shown=True))
        how = {"home": "Choose who, then press Check.", "seat": "Choose one, then press Check.",
               "throw": "Choose two cards (tap, click, or Tab and Space), then press Check.",
               "play": "Choose a card (tap, click, or Tab and Space), then press Check."}[q.kind]
        self.set_status(f"{self.lesson.prompt()} {how}")
        self._draw_tally()

    # ---- callbacks ----------------------------------------------------------------------------
    def _on_choice(self, key: str) -> None:
        self.went_live()
        if self.lesson.done:
            return
        self.lesson.choose(key)
        words = self.lesson.question.option_words(key)
        self.set_status(f"You chose: {words}. Press Check to judge it, or choose again.")

    def _on_cards(self, chosen: tuple[Card, ...]) -> None:
        self.went_live()
        lesson = self.lesson
        if lesson.done:
            return
        if lesson.question.kind == "play":
            lesson.clear()
            if chosen:
                lesson.choose(chosen[-1])
            names = join_words(c.name for c in chosen[-1:])
            self.set_status(f"You chose the {names}. Press Check to judge it, or choose again." if chosen
                            else "Choose a card to lay.")
            return
        for card in set(map(str, lesson.chosen)) ^ set(map(str, chosen)):
            lesson.choose(card)
        self._say_throw(chosen)

    def _on_check(self) -> None:
        verdict = self._checked()
        if verdict is None:
            return
        self.feedback.value = board_verdict_html(verdict)
        self._finish()
        tone = "ok" if verdict.right else "bad"
        self.set_status(f"{verdict.summary()} Press Next for the next position.", tone)
        self._draw_tally()

    def _on_reveal(self) -> None:
        self.went_live()
        verdict = self.lesson.reveal()
        if self.lesson.question.kind in ("throw", "play"):
            self.hand_picker.select(self.lesson.question.answer_key.split())
        self.feedback.value = board_verdict_html(verdict, shown=True)
        self._finish()
        self.set_status(f"The answer: {verdict.answer}. Press Next for the next position.")
        self._draw_tally()

    def _finish(self) -> None:
        self.hand_picker.set_enabled(False)
        self.choices.set_enabled(False)
        self._prominent(self.next_button)


def board_verdict_html(verdict: BoardVerdict, *, shown: bool = False) -> str:
    """A verdict drawn: the answer and why (a throw as the discard trainer draws it)."""
    if verdict.throw is not None:
        return verdict_html(verdict.throw, shown=shown)
    why = "".join(f"<li>{esc(r)}</li>" for r in verdict.reasons)
    head = f"The answer: {verdict.answer}." if shown else verdict.summary()
    return f'<div class="crib-big">{esc(head)}</div><div>Why:</div><ul class="crib-list">{why}</ul>'
