"""MugginsQuiz: the computer counts a hand aloud, sometimes wrongly; accept, call Muggins or object.

The outcome is the engine's (`crib_widgets.game.muggins.settle`); the quiz only invents the
computer's mistakes and draws the result.

>>> q = MugginsQuiz(hands=[("5H 5D 5S JC", "5C", 28)])
>>> q.announced, q.score.total
(28, 29)
>>> q.muggins_input.value = 1; q.muggins_button.click(); q.settlement.outcome, q.tally["won"]
('missed', 1)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import ipywidgets as widgets

from ..aloud import Step, number_words
from ..game.kinds import AnswerKind
from ..game.muggins import Settlement
from ..lessons.checks import flag
from ..lessons.muggins import ANSWERS, MugginsLesson, read_named
from ..strategy.muggins_players import Claim, make_claim
from ..voice import count_player, player_html
from ..words import possessive
from .answer_box import AnswerBox, mark_check
from .cards_view import card_html, cards_html
from .frame import Frame, action_button, from_model
from .progress_link import keep, out
from .styles import esc

__all__ = ["MugginsQuiz", "Claim", "make_claim", "ANSWERS"]


class MugginsQuiz(Frame):
    """The computer counts; you answer as the rules of Muggins allow.

    ``error_rate`` (0 to 1) is how often the computer's count is wrong; ``crib_rate`` how often the
    hand is a crib; ``seed`` makes the hands repeatable. ``hands`` fixes the hands instead: a list
    of ``(hand, starter, announced)`` or ``(hand, starter, announced, is_crib)``; the computer
    then announces exactly that number (its spoken count is then only the number).

    Child widgets: ``accept_button``, ``muggins_input``, ``muggins_button``, ``overcount_button``,
    ``next_button``, ``hand_view``, ``claim_view``, ``result``. State: ``score`` (true count),
    ``announced``, ``settlement`` (None until answered), ``tally`` (dict).
    """

    def __init__(
        self,
        *,
        error_rate: float = 0.5,
        crib_rate: float = 0.2,
        seed: int | None = None,
        hands: Sequence[Sequence] | None = None,
        name: str = "Computer",
        four_colour: bool = False,
    ) -> None:
        # the model checks every option before anything is drawn, so a bad one leaves no half-made quiz
        lesson = MugginsLesson(error_rate=error_rate, crib_rate=crib_rate, seed=seed, hands=hands, name=name)
        four_colour = flag("four_colour", four_colour)
        super().__init__("Muggins quiz")
        self.lesson = lesson
        self._kept = len(lesson.records)  # records the page's progress holds
        self.four_colour = four_colour
        self._build()
        self._draw_new_hand()

    # ---- the model's state, as the tests and the book read it ---------------------------------------
    name = from_model("name", "The computer's name, as the quiz says it.")
    rng = from_model("rng")
    score = from_model("score", "The true count of the hand on show (a `HandScore`).")
    announced = from_model("announced", "The number the computer announced.")
    said = from_model("said", "The count as the computer said it (None for a fixed hand: only the number).")
    slip = from_model("slip", "What the computer got wrong: right, missed, twice, ... or fixed.")
    settlement = from_model("settlement", "The rules' `Settlement` of the answer (None until answered).")
    tally = from_model("tally", "Points won and given away, missed chances, best answers, answers.")

    def _build(self) -> None:
        self.intro = widgets.HTML(
            '<div class="crib-sub">The computer counts its hand aloud and pegs what it says. Count the '
            "hand yourself, then accept, call Muggins naming the points it missed, or say the count is "
            "too high. Now and then it counts its crib: a crib's flush needs all five cards.</div>")
        self.hand_view = widgets.HTML()
        self.claim_view = widgets.HTML()
        self.accept_button = action_button("Accept", "The count is right (or let it stand)", "success")
        # a text box: read (and a number out of range explained) only when Muggins! is pressed
        self.muggins_input = AnswerBox(
            value="1", description="Missed:",
            tooltip="How many points the computer missed (you get them, at most this many): 1 or more",
            layout=widgets.Layout(width="9.5em"), style={"description_width": "4.2em"})
        self.muggins_button = mark_check(action_button("Muggins!", "Call Muggins: claim the points it missed",
                                                       "warning"))
        self.overcount_button = action_button("Too high!", "Object: the count is more than the hand holds",
                                              "danger")
        self.next_button = action_button("Next hand", "The computer counts another hand", "")
        self.result = widgets.HTML()
        self.tally_view = widgets.HTML()
        self.peek = widgets.HTML()
        answer = widgets.HBox([self.accept_button, self.muggins_input, self.muggins_button,
                               self.overcount_button])
        answer.add_class("crib-row")
        self._assemble(self.intro, self.hand_view, self.claim_view, self.status, answer, self.result,
                       self.next_button, self.tally_view, self.peek, out())
        self.accept_button.on_click(lambda _: self.answer(AnswerKind.ACCEPT))
        self.muggins_button.on_click(lambda _: self._on_muggins())
        self.muggins_input.on_enter(self._on_muggins)
        self.overcount_button.on_click(lambda _: self.answer(AnswerKind.OVERCOUNT))
        self.next_button.on_click(lambda _: self._on_next())

    # ---- a new hand ---------------------------------------------------------------------------
    def next_hand(self) -> None:
        """Deal (or take the next fixed) hand and let the computer count it."""
        self.lesson.next_hand()
        self._draw_new_hand()

    def _draw_new_hand(self) -> None:
        self.result.value = ""
        self.muggins_input.value = "1"
        for button in (self.accept_button, self.muggins_button, self.overcount_button):
            button.disabled = False
        self.muggins_button.disabled = self.muggins_input.disabled = self.lesson.room < 1
        self._draw_hand()
        self._draw_claim()
        self._draw_tally()
        self.peek.value = ('<details class="crib-peek"><summary>Stuck? Open the true count</summary>'
                           f"{self._breakdown_html()}</details>")
        self.set_status(f"{self.name} counts {self.announced}. Is that right? Accept, call Muggins with the "
                        "number of points missed, or press Too high!")

    def _draw_hand(self, marked: bool = False) -> None:
        s = self.score
        what = "crib" if s.crib else "hand"
        hand = cards_html(s.hand, four_colour=self.four_colour,
                          label=f"{possessive(self.name)} {what}: " + ", ".join(c.name for c in s.hand))
        starter = card_html(s.starter, four_colour=self.four_colour, tag="starter")
        label = f'<span class="crib-label">{possessive(esc(self.name))} {what}</span>'
        self.hand_view.value = (f'<div class="crib-row crib-top">{label}{hand}<span class="crib-gap"></span>'
                                f"{starter}</div>")

    def _draw_claim(self) -> None:
        words = f"{self.announced}." if self.said is None else self.said.aloud()
        self.claim_view.value = (
            f'<div class="crib-row"><span class="crib-count" title="announced">{self.announced}</span>'
            f'<span class="crib-say crib-big">{esc(self.name)}: "{esc(words)}"</span></div>'
            f'<div class="crib-sub">{esc(self.name)} pegs {self.announced} at once.</div>'
            + self._voice_html())

    def _voice_html(self) -> str:
        """The computer's count as speech, its claimed cards lighting step by step."""
        label = f"Hear {self.name} count"
        if self.said is None:  # a fixed hand: only the number is announced
            return player_html([Step(number_words(self.announced), (), self.announced)], label=label)
        return count_player(self.said, label=label)

    def _draw_tally(self) -> None:
        t = self.tally
        self.tally_view.value = (
            f'<div class="crib-tally">Points won by your calls: {t["won"]} · given away: {t["given"]} · '
            f'missed points left unclaimed: {t["missed chances"]} · best answer {t["best"]} of '
            f'{t["answered"]}</div>')

    # ---- the answer ---------------------------------------------------------------------------
    def _on_muggins(self) -> None:
        """Muggins! (or Enter in its box): the number as the box shows it."""
        named = read_named(self.muggins_input.value)
        if isinstance(named, str):
            self.went_live()
            self.set_status(named, "warn")
            return
        self.answer(AnswerKind.MUGGINS, named)

    def answer(self, kind: AnswerKind | str, named: int | None = None) -> Settlement | None:
        """Answer the count (``accept``, ``muggins`` naming ``named``, ``overcount``); the rules settle.

        A second answer to the same count is ignored (returns None) and changes nothing.
        """
        outcome = self.lesson.answer(kind, named)  # a bad kind or number is refused before anything moves
        self.went_live()
        if outcome.problem:
            self.set_status(outcome.problem, "warn")
            return None
        for button in (self.accept_button, self.muggins_button, self.overcount_button):
            button.disabled = True
        self.muggins_input.disabled = True
        self._kept = keep(self.lesson.records, self._kept)
        words = self.lesson.outcome_words(kind, named)
        self.result.value = f'<div class="crib-big">{esc(words)}</div>' + self._breakdown_html(marked=True)
        self.peek.value = ""  # the true count is laid out in the result now
        self._draw_tally()
        self.set_status(f"{self.lesson.outcome_title()} Press Next hand for another count.",
                        "ok" if outcome.right else "warn")
        return outcome.settlement

    def _breakdown_html(self, marked: bool = False) -> str:
        s = self.score
        claimed = Counter(self.said.items) if self.said is not None else None
        extras = claimed - Counter(s.items) if claimed is not None else Counter()
        rows = []
        for item in s.items:
            note = ""
            if marked and claimed is not None:
                if claimed[item] > 0:
                    claimed[item] -= 1
                else:
                    note = ' <span class="crib-miss">← missed</span>'
            rows.append(f'<li><span class="crib-pts">{item.points}</span>{esc(item.reason)}{note}</li>')
        if marked:
            real = set(s.items)
            for item, n in extras.items():
                why = "counted twice" if item in real else "not there"
                for _ in range(n):
                    rows.append(f'<li><span class="crib-pts crib-extra">+{item.points}</span>'
                                f'{esc(item.reason)} <span class="crib-extra">← {why} (counted by '
                                f'{esc(self.name)})</span></li>')
        head = f"<div>The true count: <b>{s.total}</b>. {esc(s.aloud())}</div>"
        return head + (f'<ul class="crib-list">{"".join(rows)}</ul>' if rows else "")

    def _on_next(self) -> None:
        self.went_live()
        self.next_hand()
