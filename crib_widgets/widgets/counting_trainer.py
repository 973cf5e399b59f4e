"""CountingTrainer: count a hand with the starter, alone or step by step with the computer.

Each level has a ladder of hands from easy to hard (`crib_widgets.widgets.ladders`); the trainer
walks it in order, then deals hands at that level.

>>> t = CountingTrainer("5H 5D 5S JC", starter="5C")
>>> t.mode.value = "total"; t.total_input.value = 29; t.check_button.click(); t.tally
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

from ..aloud import PHRASINGS, check_phrasing
from ..cards import Card, shuffled_deck
from ..errors import CribbageError
from ..scoring import KINDS, HandScore, score_hand
from ..voice import count_player, player_html
from . import checks
from .cards_view import card_html, cards_html
from .frame import Frame, action_button
from .ladders import LADDERS, LEVEL_KINDS, Rung
from .styles import esc

__all__ = ["CountingTrainer", "LEVELS", "KIND_LABELS"]

# The levels follow the chapters: fifteens; pairs and runs (with fifteens); flush and nobs (with
# everything before, in hands); everything, cribs too. Short names, so the menu fits on a phone.
LEVELS: dict[str, tuple[str, tuple[str, ...]]] = {
    "fifteens": ("Fifteens", LEVEL_KINDS["fifteens"]),
    "pairs_runs": ("Pairs and runs", LEVEL_KINDS["pairs_runs"]),
    "flush_nobs": ("Flush and nobs", LEVEL_KINDS["flush_nobs"]),
    "everything": ("Everything, cribs too", LEVEL_KINDS["everything"]),
}
KIND_LABELS = {"fifteen": "Fifteens", "pair": "Pairs", "run": "Runs", "flush": "Flush", "nobs": "His nobs"}
_KIND_HINTS = {
    "fifteen": "2 for every set of cards adding up to 15",
    "pair": "2 for every pair (three of a kind is 6, four is 12)",
    "run": "1 per card for every run of three or more",
    "flush": "4 for four hand cards of one suit, 5 with the starter (a crib needs all five)",
    "nobs": "1 for the jack of the starter's suit",
}


class CountingTrainer(Frame):
    """Count a hand: type the points per kind (or just the total) and press Check, or let the
    computer count it aloud one combination at a time.

    ``level`` is ``"fifteens"``, ``"pairs_runs"``, ``"flush_nobs"`` or ``"everything"`` (cribs
    too). The trainer starts on the level's ladder (20 hands, easy to hard, in order) and, once it
    is climbed, deals hands from ``seed`` that score only in the level's kinds. ``hand`` and
    ``starter`` give a first hand to show before the ladder (text such as ``"5H 5D 5S JC"`` and
    ``"5C"``); ``crib=True`` counts that hand as a crib.

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
    ) -> None:
        # every option is checked before anything is built, so a bad one leaves no half-made trainer
        if not isinstance(level, str) or level not in LEVELS:
            raise CribbageError(f"level {checks.shown(level)} is not known: use one of {', '.join(LEVELS)}")
        if (hand is None) != (starter is None):
            raise CribbageError("give both a hand of four cards and a starter, or neither for a dealt hand")
        crib = checks.flag("crib", crib)
        if hand is not None:
            score_hand(hand, starter, crib=crib)  # a bad card is named here, before anything is drawn
        rng = checks.seed(seed)
        four_colour = checks.flag("four_colour", four_colour)
        self.phrasing = check_phrasing(phrasing)  # the words of the count: players' cadence or plain
        super().__init__("Counting trainer")
        self.rng = rng
        self.four_colour = four_colour
        self.level = level
        self.rung: int | None = None
        self._next_rung = 0  # the ladder hand Next hand shows
        self._right = 0
        self._tried = 0
        self._build()
        if hand is not None:
            self.show_hand(hand, starter, crib=crib)
        else:
            self.new_hand()

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
        # plain IntTexts: a number out of range is explained on Check, never clamped unseen
        self.kind_inputs = {
            kind: widgets.IntText(
                value=0, description=KIND_LABELS[kind], tooltip=_KIND_HINTS[kind],
                layout=widgets.Layout(width="11.5em"), style={"description_width": "5.2em"},
            )
            for kind in KINDS
        }
        self.total_input = widgets.IntText(
            value=0, description="Total",
            tooltip="All the points of the hand with the starter",
            layout=widgets.Layout(width="11.5em"), style={"description_width": "5.2em"},
        )
        self.kinds_box = widgets.HBox(list(self.kind_inputs.values()))
        self.kinds_box.add_class("crib-row")
        self.total_box = widgets.HBox([self.total_input])
        # Enter (or leaving the box) commits a number: in the total box, or the last box on show,
        # that checks at once, as a learner expects (an earlier box only moves on to the next)
        self.total_input.observe(self._on_entered, names="value")
        for box in self.kind_inputs.values():
            box.observe(self._on_entered, names="value")
        self._resetting = False
        self.check_button = action_button("Check", "Check your count against the rules", "primary", "check")
        self.count_button = action_button(
            "Count it for me", "Show the count one step at a time, with the cards of each step lit", "info"
        )
        self.next_button = action_button("Next hand", "Go on to the next hand to count", "", "forward")
        self.level_picker = widgets.Dropdown(
            options=[(label, key) for key, (label, _) in LEVELS.items()], value=self.level,
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
            self.feedback, footer, self.peek,
        )
        self.check_button.on_click(lambda _: self._on_check())
        self.count_button.on_click(lambda _: self._on_count())
        self.next_button.on_click(lambda _: self._on_next())
        self.level_picker.observe(lambda _: self._on_level(), names="value")
        self.words_picker.observe(lambda _: self._on_words(), names="value")
        self.mode.observe(lambda _: self._on_mode(), names="value")

    # ---- state --------------------------------------------------------------------------------
    @property
    def tally(self) -> tuple[int, int]:
        """(hands counted right at the first try, hands tried)."""
        return self._right, self._tried

    @property
    def step_text(self) -> str:
        """The words of the current spoken step ('' before counting aloud)."""
        steps = self.score.steps(self.phrasing)
        return steps[self.step][0] if 0 <= self.step < len(steps) else ""

    @property
    def ladder(self) -> tuple[Rung, ...]:
        """The current level's ladder of hands, easy to hard."""
        return LADDERS[self.level]

    def show_hand(self, hand: str | Iterable[Card | str], starter: str | Card, *, crib: bool = False) -> None:
        """Put a given hand and starter on the table (errors name the bad card and leave the old hand)."""
        self._put(score_hand(hand, starter, crib=checks.flag("crib", crib)), None)

    def new_hand(self) -> None:
        """The next hand: the level's ladder in order, then a dealt hand that suits the level."""
        if self._next_rung < len(self.ladder):
            rung = self._next_rung
            self._next_rung += 1
            hand, starter, crib, _ = self.ladder[rung]
            self._put(score_hand(hand, starter, crib=crib), rung)
        else:
            self._put(self._deal(), None)

    def _deal(self) -> HandScore:
        """A dealt hand that scores only in the level's kinds and holds what the level is about."""
        kinds = LEVELS[self.level][1]
        for _ in range(2000):
            deck = shuffled_deck(self.rng)
            crib = self.level == "everything" and self.rng.random() < 0.25
            score = score_hand(deck[:4], deck[4], crib=crib)
            points = score.by_kind()
            if any(points[k] for k in KINDS if k not in kinds) or not _fits(self.level, score):
                continue
            if score.total == 0 and self.rng.random() < 0.7:
                continue  # a few "nineteens" teach something; too many bore
            break
        return score

    def _put(self, score: HandScore, rung: int | None) -> None:
        self.score = score
        self.rung = rung
        self.step = -1
        self._attempted = False
        self._shown = False
        self._resetting = True
        try:
            for box in (*self.kind_inputs.values(), self.total_input):
                box.value = 0
        finally:
            self._resetting = False
        self.feedback.value = ""
        self._prominent(self.check_button)
        self.count_button.description = "Count it for me"
        self.count_button.tooltip = "Show the count one step at a time, with the cards of each step lit"
        self._refresh()
        what = "crib" if score.crib else "hand"
        boxes = 1 if self.mode.value == "total" else len(self._shown_kinds())
        keys = "press Enter or Check" if boxes == 1 else "press Check (Enter in the last box checks too)"
        self.set_status(
            f"{self._where()}Count this {what} with the starter: type the points and {keys}. Stuck? "
            "Count it for me shows the count one step at a time; Count aloud reads it out.")

    def _where(self) -> str:
        """Where the hand on show sits in the ladder, for the status line."""
        label = LEVELS[self.level][0]
        if self.rung is not None:
            return f"{label}, hand {self.rung + 1} of {len(self.ladder)}. "
        if self._next_rung >= len(self.ladder):
            return f"{label}: a dealt hand (the ladder is climbed). "
        return ""

    def _prominent(self, button: widgets.Button) -> None:
        """One main button at a time: Check while counting, Next hand once the hand is done."""
        self.check_button.button_style = "primary" if button is self.check_button else ""
        self.next_button.button_style = "primary" if button is self.next_button else ""

    def _shown_kinds(self) -> tuple[str, ...]:
        points = self.score.by_kind()
        wanted = LEVELS[self.level][1]
        return tuple(k for k in KINDS if k in wanted or points[k])

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
        self.level = self.level_picker.value
        self._next_rung = 0  # a new level starts at the foot of its ladder
        self.new_hand()

    def _on_words(self) -> None:
        self.went_live()
        self.phrasing = self.words_picker.value
        self.step = -1
        self.count_button.description = "Count it for me"
        self._refresh()

    def _on_next(self) -> None:
        self.went_live()
        self.new_hand()

    def _on_count(self) -> None:
        self.went_live()
        steps = self.score.steps(self.phrasing)
        self._shown = True
        self.step = self.step + 1 if self.step + 1 < max(len(steps), 1) else 0
        last = self.step >= len(steps) - 1
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

    def _on_entered(self, change: dict) -> None:
        """A number committed (Enter, or leaving the box): the only box, or the last one, checks."""
        if self._resetting:
            return
        if self.mode.value == "total":
            if change["owner"] is self.total_input:
                self._on_check()
            return
        shown = self._shown_kinds()
        if change["owner"] is self.kind_inputs[shown[-1]]:
            self._on_check()

    def _on_check(self) -> None:
        self.went_live()
        out_of_range = self._out_of_range()
        if out_of_range:
            self.set_status(out_of_range, "warn")
            return
        score = self.score
        first = not self._attempted
        self._attempted = True
        if self.mode.value == "total":
            ok, lines = _check_total(score, self.total_input.value)
        else:
            said = {k: self.kind_inputs[k].value for k in self._shown_kinds()}
            ok, lines = _check_kinds(score, said)
        if first and not self._shown:
            self._tried += 1
            self._right += ok
        items = "".join(f"<li>{line}</li>" for line in lines)
        self.feedback.value = f'<ul class="crib-list">{items}</ul>'
        self._refresh()
        if ok:
            self._prominent(self.next_button)
            self.set_status(
                f"Right: {score.total} points. {score.aloud(self.phrasing)} Press Next hand for another.",
                "ok")
        else:
            self.set_status(
                "Not quite: the lines below say what was missed or counted too often. Fix them and press "
                "Check again, or press Count it for me to see it counted.", "bad",
            )

    def _out_of_range(self) -> str:
        """What is wrong with a typed number no hand can score ('' when every box is in range)."""
        boxes = [("Total", self.total_input)] if self.mode.value == "total" else [
            (KIND_LABELS[k], self.kind_inputs[k]) for k in self._shown_kinds()]
        for label, box in boxes:
            if not 0 <= box.value <= MAX_HAND:
                return (f"{label}: {box.value} cannot be right: a hand scores 0 to {MAX_HAND} points. Change "
                        "the number and press Check.")
        return ""


MAX_HAND = 29  # the most any hand or crib scores; the boxes take 0 to this


def _items_html(score: HandScore, kind: str) -> str:
    items = score.of_kind(kind)
    if not items:  # the scoring layer says why when it looks as if it might score
        return esc(score.not_scored(kind)) or (
            f"there {'is no' if kind in ('flush', 'nobs') else 'are no'} {KIND_LABELS[kind].lower()} here")
    return "; ".join(f"{esc(item.reason)} ({item.points})" for item in items)


def _check_kinds(score: HandScore, said: dict[str, int]) -> tuple[bool, list[str]]:
    truth = score.by_kind()
    lines = []
    for kind, value in said.items():
        real = truth[kind]
        name = KIND_LABELS[kind]
        if value == real:
            lines.append(f'<span class="crib-pts">✓</span>{name}: {real} — right.')
        elif value < real:
            lines.append(f'<span class="crib-miss">✗ {name}: you missed {real - value}</span> '
                         f"(you said {value}, there are {real}): {_items_html(score, kind)}.")
        else:
            lines.append(f'<span class="crib-extra">✗ {name}: over-counted by {value - real}</span> '
                         f"(you said {value}, there are {real}): {_items_html(score, kind)}.")
    return all(said[k] == truth[k] for k in said), lines


def _check_total(score: HandScore, value: int) -> tuple[bool, list[str]]:
    real = score.total
    if value == real:
        return True, [f'<span class="crib-pts">✓</span>{real} points — right.']
    how = f"you missed {real - value}" if value < real else f"you counted {value - real} too many"
    head = f'<span class="crib-miss">✗ You said {value}, the hand scores {real}: {how}.</span>'
    truth = score.by_kind()
    per_kind = " · ".join(f"{KIND_LABELS[k]} {truth[k]}" for k in KINDS)
    return False, [head, *_total_hints(score, value), f"By kind: {per_kind}.",
                   *(f"{esc(i.reason)} ({i.points})" for i in score.items)]


# What a kind is wrongly counted as when it scores nothing (see HandScore.not_scored).
_PHANTOM_POINTS = {"flush": 4, "nobs": 1}


def _total_hints(score: HandScore, value: int) -> list[str]:
    """Where a wrong total most likely went wrong: the kind or combination worth exactly the gap."""
    gap = score.total - value
    truth = score.by_kind()
    if gap > 0:
        kinds = [k for k in KINDS if truth[k] == gap]
        if kinds:
            return [f'<span class="crib-miss">Look again at the {KIND_LABELS[k].lower()}</span>: '
                    f"{_items_html(score, k)}." for k in kinds]
        single = [i for i in score.items if i.points == gap]
        if single:
            return [f'<span class="crib-miss">Did you miss this one?</span> {esc(single[0].reason)} '
                    f"({single[0].points})."]
        return []
    rules = [score.not_scored(k) for k in KINDS if _PHANTOM_POINTS.get(k) == -gap and score.not_scored(k)]
    if rules:
        return [f'<span class="crib-extra">Too many: {esc(r)}.</span>' for r in rules]
    twice = [i for i in score.items if i.points == -gap]
    if twice:
        return [f'<span class="crib-extra">Did you count this one twice?</span> {esc(twice[0].reason)} '
                f"({twice[0].points})."]
    return []


def _breakdown_html(score: HandScore, phrasing: str = "players") -> str:
    rows = "".join(f'<li><span class="crib-pts">{i.points}</span>{esc(i.reason)}</li>' for i in score.items)
    return (f'<div class="crib-say">{esc(score.aloud(phrasing))}</div>'
            + (f'<ul class="crib-list">{rows}</ul>' if rows else ""))



def _fits(level: str, score: HandScore) -> bool:
    """Whether a dealt hand holds what its level is about (a pair or run; a flush, nobs or a near
    miss at them: four of a suit in the hand, or a jack)."""
    if level == "pairs_runs":
        points = score.by_kind()
        return bool(points["pair"] or points["run"])
    if level == "flush_nobs":
        return len({c.suit for c in score.hand}) == 1 or any(c.rank == 11 for c in score.hand)
    return True
