"""CountingTrainer: count a hand with the starter, alone or step by step with the computer.

Each level has a ladder of hands from easy to hard (`crib_widgets.lessons.ladders`); the trainer
walks it in order, then deals hands at that level.

>>> t = CountingTrainer("5H 5D 5S JC", starter="5C")
>>> t.mode.value = "total"; t.total_input.value = "29"; t.check_button.click(); t.tally
(1, 1)
>>> t.check_button.click(); t.tally  # asked again, the same answer is not recorded twice
(1, 1)
>>> t.count_button.click(); t.step_text
'fifteen two'
>>> t = CountingTrainer(level="fifteens"); t.rung, t.score.total
(0, 2)

"""

from __future__ import annotations

import random
from collections.abc import Iterable

import ipywidgets as widgets

from ..aloud import PHRASINGS
from ..cards import Card
from ..lessons.checks import flag
from ..lessons.counting import LEVELS, CountingLesson, Line, kind_label
from ..lessons.ladders import Rung
from ..scoring import KINDS, HandScore
from ..skills import RULES
from ..voice import count_player, player_html
from ..words import plural
from .answer_box import AnswerBox, mark_check
from .cards_view import card_html, cards_html
from .frame import Frame, action_button, from_model
from .progress_link import keep, out
from .styles import esc

__all__ = ["CountingTrainer", "LEVELS", "line_html"]


class CountingTrainer(Frame):
    """Count a hand: type the points per kind (or just the total) and press Check, or let the
    computer count it aloud one combination at a time.

    ``level`` is ``"fifteens"``, ``"pairs_runs"``, ``"flush_nobs"`` or ``"everything"`` (cribs
    too). The trainer starts on the level's ladder (20 hands, easy to hard, in order) and, once it
    is climbed, deals hands from ``seed`` that score only in the level's kinds. ``hand`` and
    ``starter`` give a first hand to show before the ladder (text such as ``"5H 5D 5S JC"`` and
    ``"5C"``); ``crib=True`` counts that hand as a crib. ``ladder`` names a chapter's own ladder
    (``"first"``: the first taste of fifteens), so that no two chapters start on the same hands.

    One running count: *Count it for me* shows it a step at a time (*Next step*), and the voice
    player beside it says the step on show, or the whole count before the first step.

    Child widgets: ``mode``, ``kind_inputs`` (dict kind -> input), ``total_input``, ``check_button``,
    ``count_button``, ``next_button``, ``level_picker``, ``hand_view``, ``feedback``, ``status``.
    State: ``score`` (the engine's `HandScore`), ``step`` (-1 before counting aloud), ``tally``,
    ``rung`` (the ladder hand on show, from 0; None for a given or a dealt hand).
    """

    def __init__(
        self,
        hand: str | Iterable[Card | str] | None = None,
        starter: str | Card | None = None,
        *,
        crib: bool = False,
        level: str = "everything",
        seed: int | random.Random | None = None,
        four_colour: bool = False,
        phrasing: str = "players",
        cribs: bool = True,
        ladder: str | None = None,
    ) -> None:
        # the model checks every option before anything is drawn, so a bad one leaves no half-made trainer
        lesson = CountingLesson(hand, starter, crib=crib, level=level, seed=seed, phrasing=phrasing,
                                cribs=cribs, ladder=ladder)
        four_colour = flag("four_colour", four_colour)
        super().__init__("Counting trainer")
        self.lesson = lesson
        self._kept = len(lesson.records)  # records the page's progress holds
        self.four_colour = four_colour
        self._build()
        self._put()

    # ---- layout -------------------------------------------------------------------------------
    def _build(self) -> None:
        self.hand_view = widgets.HTML()
        self.step_view = widgets.HTML()
        self.voice_view = widgets.HTML()  # "Count aloud": the count as speech (crib_widgets.voice)
        self.mode = widgets.ToggleButtons(
            options=[("Points per kind", "kinds"), ("Just the total", "total")],
            value="kinds",
            tooltips=["Enter fifteens, pairs, runs, flush and nobs separately", "Enter only the total"],
        )
        self.mode.style.button_width = "9.5em"
        # text boxes that judge nothing themselves: leaving one (a tap elsewhere, a phone's keyboard
        # closing) checks nothing; Check, or Enter (the page script presses Check), asks
        self.kind_inputs = {
            kind: AnswerBox(
                value="", description=kind_label(kind), tooltip=RULES[kind], placeholder="0",
                layout=widgets.Layout(width="11.5em"), style={"description_width": "5.2em"},
            )
            for kind in KINDS
        }
        self.total_input = AnswerBox(
            value="", description="Total", placeholder="0, 1, 2 ...",
            tooltip="All the points of the hand with the starter",
            layout=widgets.Layout(width="11.5em"), style={"description_width": "5.2em"},
        )
        self.kinds_box = widgets.HBox(list(self.kind_inputs.values()))
        self.kinds_box.add_class("crib-row")
        self.total_box = widgets.HBox([self.total_input])
        # Enter where no page script handles it (a notebook): the total box, or the last box on show
        self.total_input.on_enter(self._on_enter_total)
        for kind, box in self.kind_inputs.items():
            box.on_enter(lambda k=kind: self._on_enter_kind(k))
        self.check_button = mark_check(
            action_button("Check", "Check your count against the rules", "primary"))
        self.count_button = action_button(
            "Count it for me", "Show the count one step at a time, with the cards of each step lit", "info"
        )
        self.next_button = action_button("Next hand", "Go on to the next hand to count", "")
        self.level_picker = widgets.Dropdown(
            options=[("Everything in a hand" if key == "everything" and not self.lesson.cribs else label, key)
                     for key, (label, _) in LEVELS.items()], value=self.level,
            description="Level:", tooltip="Which kinds of points to count",
            layout=widgets.Layout(width="16.5em"), style={"description_width": "3.2em"},
        )
        self.words_picker = widgets.Dropdown(
            options=[(label, key) for key, label in PHRASINGS.items()], value=self.phrasing,
            description="Words:", tooltip="Count in the words players use, or name every combination",
            layout=widgets.Layout(width="16em"),
        )
        self.feedback = widgets.HTML()
        self.tally_view = widgets.HTML()
        self.peek = widgets.HTML()
        buttons = widgets.HBox([self.check_button, self.count_button, self.next_button])
        buttons.add_class("crib-row")
        answer = widgets.HBox([widgets.HTML('<span class="crib-label">Your answer</span>'), self.mode])
        answer.add_class("crib-row")
        footer = widgets.HBox([self.tally_view, self.level_picker, self.words_picker])
        footer.add_class("crib-row")
        footer.add_class("crib-spread")
        self._assemble(
            self.hand_view, self.step_view, self.voice_view, self.status, answer, self.kinds_box,
            self.total_box, buttons,
            self.feedback, footer, self.peek, out(),
        )
        self.check_button.on_click(lambda _: self._on_check())
        self.count_button.on_click(lambda _: self._on_count())
        self.next_button.on_click(lambda _: self._on_next())
        self.level_picker.observe(lambda _: self._on_level(), names="value")
        self.words_picker.observe(lambda _: self._on_words(), names="value")
        self.mode.observe(lambda _: self._on_mode(), names="value")

    # ---- the model's state, as the tests and the book read it ---------------------------------------
    score = from_model("score", "The engine's count of the hand on show (a `HandScore`).")
    rung = from_model("rung", "The ladder hand on show, from 0; None for a given or a dealt hand.")
    step = from_model("step", "The step of the count aloud on show (-1 before counting aloud).")
    level = from_model("level")
    phrasing = from_model("phrasing")
    rng = from_model("rng")
    tally = from_model("tally", "(hands counted right at the first unaided try, hands tried unaided).")
    step_text = from_model("step_text", "The words of the current spoken step ('' before counting aloud).")

    @property
    def ladder(self) -> tuple[Rung, ...]:
        """The current level's ladder of hands, easy to hard (as the lesson asks them)."""
        return self.lesson.ladder

    def show_hand(self, hand: str | Iterable[Card | str], starter: str | Card, *, crib: bool = False) -> None:
        """Put a given hand and starter on the table (errors name the bad card and leave the old hand)."""
        self.lesson.show_hand(hand, starter, crib=crib)
        self._put()

    def new_hand(self) -> None:
        """The next hand: the level's ladder in order, then a dealt hand that suits the level."""
        self.lesson.new_hand()
        self._put()

    def _put(self) -> None:
        """Draw the model's new hand with every box empty."""
        for box in (*self.kind_inputs.values(), self.total_input):
            box.value = ""
        self.feedback.value = ""
        self._prominent(self.check_button)
        self.count_button.description = "Count it for me"
        self.count_button.tooltip = "Show the count one step at a time, with the cards of each step lit"
        self._refresh()
        what = "crib" if self.score.crib else "hand"
        boxes = 1 if self.mode.value == "total" else len(self._shown_kinds())
        keys = "press Enter or Check" if boxes == 1 else "press Check (Enter in the last box checks too)"
        self.set_status(
            f"{self.lesson.where()}Count this {what} with the starter: type the points and {keys}. Stuck? "
            "Count it for me shows the count one step at a time; Count aloud reads it out.")

    def _prominent(self, button: widgets.Button) -> None:
        """One main button at a time: Check while counting, Next hand once the hand is done."""
        self.check_button.button_style = "primary" if button is self.check_button else ""
        self.next_button.button_style = "primary" if button is self.next_button else ""

    def _shown_kinds(self) -> tuple[str, ...]:
        return self.lesson.shown_kinds()

    # ---- drawing ------------------------------------------------------------------------------
    def _refresh(self) -> None:
        score = self.score
        steps = score.steps(self.phrasing)
        lit: tuple[Card, ...] = steps[self.step][1] if 0 <= self.step < len(steps) else ()
        counting = self.step >= 0 and bool(steps)
        what = "Crib" if score.crib else "Hand"
        starter = card_html(
            score.starter, four_colour=self.four_colour, lit=score.starter in lit,
            dim=counting and score.starter not in lit, tag="starter",
        )
        hand = cards_html(score.hand, lit=lit, four_colour=self.four_colour, dim_unlit=counting,
                          label=f"{what}: " + ", ".join(c.name for c in score.hand))
        self.hand_view.value = (
            f'<div class="crib-row crib-top"><span class="crib-label">{what}</span>{hand}'
            f'<span class="crib-gap"></span>{starter}</div>'
        )
        self._draw_step(steps)
        self._draw_voice(steps)
        for kind, box in self.kind_inputs.items():
            box.layout.display = None if kind in self._shown_kinds() else "none"
        self._on_mode_layout()
        right, tried = self.tally
        self.tally_view.value = f'<div class="crib-tally">Counted right first time: {right} of {tried}</div>'
        self.peek.value = (
            '<details class="crib-peek"><summary>Stuck? Open the full count</summary>'
            f"{_breakdown_html(score, self.phrasing)}</details>"
        )

    def _draw_voice(self, steps: list) -> None:
        """One running count: before the first step the voice says the whole count; once the count
        is stepping, it says the step on show, so its total is the one on screen."""
        if 0 <= self.step < len(steps):
            self.voice_view.value = player_html([steps[self.step]], label="Say this step",
                                                what="this step of the count")
        else:
            self.voice_view.value = count_player(self.score, self.phrasing)

    def _draw_step(self, steps: list) -> None:
        if self.step < 0:
            self.step_view.value = ""
            return
        if not steps:
            self.step_view.value = (
                '<div class="crib-say crib-big">"Nineteen": nothing scores. 0 points.</div>')
            return
        words, cards, total = steps[self.step]
        said = ", ".join(text for text, _, _ in steps[: self.step + 1])
        shown = " + ".join(c.pretty for c in cards)
        last = self.step == len(steps) - 1
        end = f" That makes {total}." if last else ""
        self.step_view.value = (
            f'<div class="crib-row"><span class="crib-count" title="running total">{total}</span>'
            f'<span class="crib-say crib-big">"{esc(words)}"</span>'
            f'<span class="crib-sub">({esc(shown)})</span></div>'
            f'<div class="crib-sub">So far: {esc(said)}.{end}</div>'
        )

    # ---- callbacks ----------------------------------------------------------------------------
    def _on_mode(self) -> None:
        self.went_live()
        self._on_mode_layout()

    def _on_mode_layout(self) -> None:
        by_kind = self.mode.value == "kinds"
        self.kinds_box.layout.display = None if by_kind else "none"
        self.total_box.layout.display = "none" if by_kind else None

    def _on_level(self) -> None:
        self.went_live()
        self.lesson.set_level(self.level_picker.value)  # a new level starts at the foot of its ladder
        self._put()

    def _on_words(self) -> None:
        self.went_live()
        self.lesson.set_phrasing(self.words_picker.value)
        self.count_button.description = "Count it for me"
        self._refresh()

    def _on_next(self) -> None:
        self.went_live()
        self.new_hand()

    def _on_count(self) -> None:
        self.went_live()
        last = self.lesson.next_step()
        steps = self.lesson.steps
        self.count_button.description = "Start again" if last else "Next step"
        self.count_button.tooltip = "Count it again from the start" if last else "Show the next combination"
        self._refresh()
        if last:
            self._prominent(self.next_button)
            self.set_status(
                f"That is the whole count: {self.score.total} points. Press Next hand for another, "
                "or Start again to go through it once more.")
        else:
            self.set_status(f"Step {self.step + 1} of {len(steps)}: the lit cards score. Press Next step.")

    def _on_enter_total(self) -> None:
        if self.mode.value == "total":
            self._on_check()

    def _on_enter_kind(self, kind: str) -> None:
        """Enter in the last box on show checks (in an earlier one it only commits the number)."""
        if self.mode.value == "kinds" and kind == self._shown_kinds()[-1]:
            self._on_check()

    def _on_check(self) -> None:
        self.went_live()
        if self.mode.value == "total":
            verdict = self.lesson.check_total(self.total_input.value)
        else:
            verdict = self.lesson.check_kinds({k: self.kind_inputs[k].value for k in self._shown_kinds()})
        self._kept = keep(self.lesson.records, self._kept)
        if verdict.problem:
            self.set_status(verdict.problem, "warn")
            return
        items = "".join(f"<li>{line_html(line)}</li>" for line in verdict.lines)
        self.feedback.value = f'<ul class="crib-list">{items}</ul>'
        self._refresh()
        score = self.score
        if verdict.right:
            self._prominent(self.next_button)
            self.set_status(
                f"Right: {plural(score.total, 'point')}. {score.aloud(self.phrasing)} "
                "Press Next hand for another.", "ok")
        else:
            self.set_status(
                "Not quite: the lines below say what was missed or counted too often. Fix them and press "
                "Check again, or press Count it for me to see it counted.", "bad",
            )


_TONES = {"missed": "crib-miss", "extra": "crib-extra"}


def line_html(line: Line) -> str:
    """A line of the model's feedback: its stressed words coloured and marked (✓ or ✗, not colour alone)."""
    if line.tone == "right":
        return f'<span class="crib-pts">✓</span>{esc(line.head)}'
    if line.tone in _TONES:
        gap = "" if line.detail.startswith(":") else " "
        return f'<span class="{_TONES[line.tone]}">{esc(line.head)}</span>{gap}{esc(line.detail)}'.rstrip()
    return esc(" ".join(filter(None, (line.head, line.detail))))


def _breakdown_html(score: HandScore, phrasing: str = "players") -> str:
    rows = "".join(f'<li><span class="crib-pts">{i.points}</span>{esc(i.reason)}</li>' for i in score.items)
    return (f'<div class="crib-say">{esc(score.aloud(phrasing))}</div>'
            + (f'<ul class="crib-list">{rows}</ul>' if rows else ""))
