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

from ..cards import Card
from ..lessons.checks import flag
from ..lessons.discard_trainer import COST_HEAD, LEVEL_NAMES, LEVELS, DiscardTrainer, Verdict
from .cards_view import CardPicker, cards_html
from .frame import from_model
from .queue_view import ALL, QueueView
from .styles import esc

__all__ = ["DiscardTrainerView", "verdict_html"]


class DiscardTrainerView(QueueView):
    """The discard trainer on the page. ``level`` (a key of `LEVELS`, or None for all), ``shuffle``
    and ``seed`` go to the model. Child widgets: ``level_picker``, ``hand_picker`` (toggle cards,
    two at most), ``check_button``, ``reveal_button``, ``next_button``, ``feedback``."""

    def __init__(self, *, level: str | None = None, shuffle: bool = True, seed: int | None = 0,
                 four_colour: bool = False) -> None:
        lesson = DiscardTrainer(level=level, shuffle=shuffle, seed=seed)  # checks every option first
        self.four_colour = flag("four_colour", four_colour)
        super().__init__("Discard trainer")
        options = [("Every level", ALL)] + [(LEVEL_NAMES[k], k) for k in LEVELS]
        self.level_picker = self._picker(options, level, "Level:", "Which kind of throw to practise", "22em")
        self.hand_picker = CardPicker(mode="toggle", max_selected=2, four_colour=self.four_colour,
                                      on_change=self._on_change)
        self._frame(lesson, self.level_picker, (self.hand_picker,), check_tip="Judge the two cards you chose",
                    reveal_tip="Show the best throw with its reasons")

    tally = from_model("tally", "(positions right at the first try, positions tried).")
    position = from_model("position", "The `DiscardPosition` on show.")
    question = from_model("question", "The `DiscardQuestion` on show.")

    tally_words = "Right first time"

    # ---- drawing ------------------------------------------------------------------------------
    def _draw_question(self) -> None:
        p = self.lesson.position
        seat = "You deal: the crib is yours" if p.dealer else "The other player deals: the crib is theirs"
        score = ("Score: far from the end" if p.scores is None else
                 f"Score: you {p.scores[0]}, them {p.scores[1]} (game at 121)")
        self.situation.value = (f'<div class="crib-big">{esc(seat)}.</div><div class="crib-sub">{esc(score)}.'
                                '</div><div class="crib-sub">Which two do you throw?</div>')
        self.hand_picker.set_cards(p.cards)
        self.hand_picker.set_enabled(True)
        best = self.lesson.question.throw(self.lesson.question.best.discard)
        self._heading(verdict_html(best, shown=True))
        self.set_status(self.lesson.prompt() + " Choose two cards (tap, click, or Tab and Space), then press "
                        "Check.")
        self._draw_tally()

    # ---- callbacks ----------------------------------------------------------------------------
    def _on_change(self, chosen: tuple[Card, ...]) -> None:
        self.went_live()
        if self.lesson.done:
            return
        self.lesson.choose(chosen)
        self._say_throw(chosen)

    def _on_check(self) -> None:
        verdict = self._checked()
        if verdict is None:
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

