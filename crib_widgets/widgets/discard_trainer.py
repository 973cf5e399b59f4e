"""DiscardTrainerView: six cards, your seat and the score; choose two to throw, then Check.

The model (`crib_widgets.lessons.discard_trainer.DiscardTrainer`) asks, judges and says why; this
view draws it and forwards clicks. Cards are toggle buttons (mouse, touch, or Tab and Space), each
named in words; Check judges only when pressed.

>>> t = DiscardTrainerView(level="plain", shuffle=False)
>>> best = t.lesson.question.best.discard
>>> t.hand_picker.select(best); t.check_button.click(); t.tally
(1, 1)
>>> t.next_button.button_style
'primary'
"""

from __future__ import annotations

import ipywidgets as widgets

from ..cards import Card
from ..errors import CribbageError
from ..lessons.checks import flag
from ..lessons.discard_trainer import COST_HEAD, LEVEL_NAMES, LEVELS, DiscardTrainer, Verdict
from ..words import join_words
from .answer_box import mark_check
from .cards_view import CardPicker, cards_html
from .frame import Frame, action_button, from_model
from .progress_link import keep, out
from .styles import esc

__all__ = ["DiscardTrainerView", "verdict_html"]

ALL = "all"


class DiscardTrainerView(Frame):
    """The discard trainer on the page. ``level`` (a key of `LEVELS`, or None for all), ``shuffle``
    and ``seed`` go to the model. Child widgets: ``level_picker``, ``hand_picker`` (toggle cards,
    two at most), ``check_button``, ``reveal_button``, ``next_button``, ``feedback``."""

    def __init__(self, *, level: str | None = None, shuffle: bool = True, seed: int | None = 0,
                 four_colour: bool = False) -> None:
        lesson = DiscardTrainer(level=level, shuffle=shuffle, seed=seed)  # checks every option first
        self.four_colour = flag("four_colour", four_colour)
        super().__init__("Discard trainer")
        self.lesson = lesson
        self._kept = len(lesson.records)
        options = [("Every level", ALL)] + [(LEVEL_NAMES[k], k) for k in LEVELS]
        self.level_picker = widgets.Dropdown(options=options, value=level or ALL, description="Level:",
                                             tooltip="Which kind of throw to practise",
                                             layout=widgets.Layout(width="22em"))
        self.heading = widgets.HTML()
        self.situation = widgets.HTML()
        self.hand_picker = CardPicker(mode="toggle", max_selected=2, four_colour=self.four_colour,
                                      on_change=self._on_change)
        self.check_button = mark_check(action_button("Check", "Judge the two cards you chose", "primary"))
        self.reveal_button = action_button("Show me", "Show the best throw with its reasons", "info")
        self.next_button = action_button("Next", "Go on to the next position")
        buttons = widgets.HBox([self.check_button, self.reveal_button, self.next_button])
        buttons.add_class("crib-row")
        self.feedback = widgets.HTML()
        self.tally_view = widgets.HTML()
        self.peek = widgets.HTML()  # the answer, folded: a page read before it comes alive still has it
        footer = widgets.HBox([self.tally_view, self.level_picker]).add_class("crib-row")
        footer.add_class("crib-spread")
        self._assemble(self.heading, self.situation, self.hand_picker, self.status, buttons, self.feedback,
                       footer, self.peek, out())
        self.check_button.on_click(lambda _: self._on_check())
        self.reveal_button.on_click(lambda _: self._on_reveal())
        self.next_button.on_click(lambda _: self._on_next())
        self.level_picker.observe(lambda _: self._on_level(), names="value")
        self._draw_question()

    tally = from_model("tally", "(positions right at the first try, positions tried).")
    position = from_model("position", "The `DiscardPosition` on show.")
    question = from_model("question", "The `DiscardQuestion` on show.")

    # ---- drawing ------------------------------------------------------------------------------
    def _draw_question(self) -> None:
        p = self.lesson.position
        self.heading.value = f'<div class="crib-sub">{esc(self.lesson.heading())}</div>'
        seat = "You deal: the crib is yours" if p.dealer else "The other player deals: the crib is theirs"
        score = ("Score: far from the end" if p.scores is None else
                 f"Score: you {p.scores[0]}, them {p.scores[1]} (game at 121)")
        self.situation.value = (f'<div class="crib-big">{esc(seat)}.</div><div class="crib-sub">{esc(score)}.'
                                '</div><div class="crib-sub">Which two do you throw?</div>')
        self.hand_picker.set_cards(p.cards)
        self.hand_picker.set_enabled(True)
        self.feedback.value = ""
        self._prominent(self.check_button)
        best = self.lesson.question.throw(self.lesson.question.best.discard)
        self.peek.value = ('<details class="crib-peek"><summary>Open the answer</summary>'
                           f"{verdict_html(best, shown=True)}</details>")
        self.set_status(self.lesson.prompt() + " Choose two cards (tap, click, or Tab and Space), then press "
                        "Check.")
        self._draw_tally()

    def _draw_tally(self) -> None:
        self._kept = keep(self.lesson.records, self._kept)
        right, tried = self.tally
        self.tally_view.value = f'<div class="crib-tally">Right first time: {right} of {tried}</div>'

    def _prominent(self, button: widgets.Button) -> None:
        for b, style in ((self.check_button, "primary"), (self.next_button, "primary")):
            b.button_style = style if b is button else ""

    # ---- callbacks ----------------------------------------------------------------------------
    def _on_change(self, chosen: tuple[Card, ...]) -> None:
        self.went_live()
        if self.lesson.done:
            return
        self.lesson.choose(chosen)
        names = join_words(c.name for c in chosen)
        if len(chosen) == 2:
            self._prominent(self.check_button)  # after a wrong throw Next stood out: the press now is Check
            self.set_status(f"You chose the {names}. Press Check to judge the throw, or choose again.")
        else:
            self.set_status(f"Chosen: {('the ' + names) if chosen else 'nothing yet'}. Choose "
                            f"{2 - len(chosen)} more.")

    def _on_check(self) -> None:
        self.went_live()
        try:
            verdict = self.lesson.check()
        except CribbageError as error:
            self.set_status(f"{str(error)[0].upper()}{str(error)[1:]}.", "warn")
            return
        self.feedback.value = verdict_html(verdict)
        if verdict.right:
            self._finish()
            self.set_status(f"{verdict.summary()} Press Next for the next position.", "ok")
        else:
            # the best throw and its reasons are drawn below at once: the message points there
            self._prominent(self.next_button)
            self.set_status(f"{verdict.summary()} The best throw and why are shown below. Press Next for the "
                            "next position, or choose another throw to compare it.", "bad")
        self._draw_tally()

    def _on_reveal(self) -> None:
        self.went_live()
        verdict = self.lesson.reveal()
        self.hand_picker.select(verdict.best.discard)
        self.feedback.value = verdict_html(verdict, shown=True)
        self._finish()
        self.set_status(f"The best throw is the {verdict.best.throw_words} ({verdict.best.names()}). "
                        "Press Next for the next position.")
        self._draw_tally()

    def _finish(self) -> None:
        self.hand_picker.set_enabled(False)
        self._prominent(self.next_button)

    def _on_next(self) -> None:
        self.went_live()
        self.lesson.next()
        self._draw_question()

    def _on_level(self) -> None:
        self.went_live()
        value = self.level_picker.value
        self.lesson.select(None if value == ALL else value)
        self._draw_question()


def verdict_html(verdict: Verdict, *, shown: bool = False, top: int = 5) -> str:
    """The verdict drawn: the cost in hand, crib and play, the reasons, and the best throws ranked."""
    t, b = verdict.throw, verdict.best
    parts = ""
    if not shown and t.discard != b.discard:
        cells = "".join(f"<li>{esc(what)}: <b>{esc(words)}</b></li>" for what, words in verdict.cost_items())
        parts = f'<div>{esc(COST_HEAD)}:</div><ul class="crib-list">{cells}</ul>'
    why = "".join(f"<li>{esc(r)}</li>" for r in verdict.reasons)
    rows = []
    for throw in verdict.throws[:top]:
        mine = " (your throw)" if throw.discard == t.discard and not shown else ""
        reach = f", counts out with {throw.reach} of 46" if throw.reach is not None else ""
        play = f"{throw.play:+.1f}".replace("-", "−")
        rows.append(f"<li>{throw.rank}. throw {esc(throw.throw_words)}, keep {esc(throw.keep_words)}: "
                    f"hand {throw.hand:.1f}, crib {throw.crib:.1f}, play {play}{esc(reach)}{mine}</li>")
    if t.rank > top and not shown:
        rows.append(f"<li>… {t.rank}. throw {esc(t.throw_words)} (your throw)</li>")
    best = cards_html(b.discard, four_colour=False, small=True, label=f"the best throw: {b.names()}")
    return (f'<div class="crib-row"><span class="crib-label">Best throw</span>{best}</div>{parts}'
            f'<div>Why:</div><ul class="crib-list">{why}</ul>'
            f'<details class="crib-peek"><summary>Every throw, best first (averages; the crib with any '
            f'two cards beside yours)</summary><ul class="crib-list">{"".join(rows)}</ul></details>')

