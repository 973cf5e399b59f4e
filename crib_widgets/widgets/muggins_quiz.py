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
from collections.abc import Iterable, Sequence

import ipywidgets as widgets

from ..aloud import Step, number_words
from ..cards import shuffled_deck
from ..errors import CribbageError
from ..game.muggins import MAX_COUNT, Settlement, settle
from ..scoring import HandScore, score_hand
from ..strategy.muggins_players import Claim, make_claim
from ..voice import count_player, player_html
from . import checks
from .cards_view import card_html, cards_html
from .frame import Frame, action_button
from .styles import esc

__all__ = ["MugginsQuiz", "Claim", "make_claim", "ANSWERS"]

ANSWERS = ("accept", "muggins", "overcount")  # what `MugginsQuiz.answer` takes

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
        # every option is checked before anything is built, so a bad one leaves no half-made quiz
        error_rate, crib_rate = checks.chance("error_rate", error_rate), checks.chance("crib_rate", crib_rate)
        rng = checks.seed(seed)
        fixed = self._read_hands(hands)
        name = checks.label("name", name)
        four_colour = checks.flag("four_colour", four_colour)
        super().__init__("Muggins quiz")
        self.error_rate = error_rate
        self.crib_rate = crib_rate
        self.rng = rng
        self.fixed = fixed
        self.name = name
        self.four_colour = four_colour
        self.tally = {"won": 0, "given": 0, "missed chances": 0, "best": 0, "answered": 0}
        self._index = -1
        self._build()
        self.next_hand()

    @classmethod
    def _read_hands(cls, hands: object) -> list[tuple[HandScore, int]]:
        if hands is None:
            return []
        if isinstance(hands, (str, bytes)) or not isinstance(hands, Iterable):
            raise CribbageError(f"hands {checks.shown(hands)} is not a list of hands: give a list of (hand, "
                                "starter, announced), e.g. [('5H 5D 5S JC', '5C', 28)], or leave it out")
        entries = list(hands)
        if not entries:
            raise CribbageError("hands=[] gives the quiz no hands: list at least one (hand, starter, "
                                "announced), or leave hands out for dealt hands")
        return [cls._read_fixed(entry) for entry in entries]

    @staticmethod
    def _read_fixed(entry: Sequence) -> tuple[HandScore, int]:
        if isinstance(entry, (str, bytes)) or not isinstance(entry, Sequence) or not 3 <= len(entry) <= 4:
            raise CribbageError("each fixed hand is (hand, starter, announced) or (hand, starter, announced, "
                                f"is_crib), got {checks.shown(entry)}")
        crib = checks.flag("is_crib", entry[3]) if len(entry) == 4 else False
        score = score_hand(entry[0], entry[1], crib=crib)
        announced = entry[2]
        if type(announced) is not int or not 0 <= announced <= MAX_COUNT:
            raise CribbageError(f"an announced count is 0 to {MAX_COUNT}, got {announced!r}")
        return score, announced

    def _build(self) -> None:
        self.intro = widgets.HTML(
            '<div class="crib-sub">The computer counts its hand aloud and pegs what it says. Count the '
            "hand yourself, then accept, call Muggins naming the points it missed, or say the count is "
            "too high. Now and then it counts its crib: a crib's flush needs all five cards.</div>")
        self.hand_view = widgets.HTML()
        self.claim_view = widgets.HTML()
        self.accept_button = action_button("Accept", "The count is right (or let it stand)", "success",
                                           "check")
        # a plain IntText: a number out of range is explained when Muggins! is pressed, never clamped unseen
        self.muggins_input = widgets.IntText(
            value=1, description="Missed:",
            tooltip="How many points the computer missed (you get them, at most this many): 1 or more",
            layout=widgets.Layout(width="9.5em"), style={"description_width": "4.2em"})
        self.muggins_button = action_button("Muggins!", "Call Muggins: claim the points it missed",
                                            "warning", "hand-paper-o")
        self.overcount_button = action_button("Too high!", "Object: the count is more than the hand holds",
                                              "danger", "arrow-down")
        self.next_button = action_button("Next hand", "The computer counts another hand", "", "forward")
        self.result = widgets.HTML()
        self.tally_view = widgets.HTML()
        self.peek = widgets.HTML()
        answer = widgets.HBox([self.accept_button, self.muggins_input, self.muggins_button,
                               self.overcount_button])
        answer.add_class("crib-row")
        self._assemble(self.intro, self.hand_view, self.claim_view, self.status, answer, self.result,
                       self.next_button, self.tally_view, self.peek)
        self.accept_button.on_click(lambda _: self.answer("accept"))
        self.muggins_button.on_click(lambda _: self.answer("muggins", self.muggins_input.value))
        self.overcount_button.on_click(lambda _: self.answer("overcount"))
        self.next_button.on_click(lambda _: self._on_next())

    # ---- a new hand ---------------------------------------------------------------------------
    def next_hand(self) -> None:
        """Deal (or take the next fixed) hand and let the computer count it."""
        self._index += 1
        if self.fixed:
            self.score, self.announced = self.fixed[self._index % len(self.fixed)]
            self.said, self.slip = None, "fixed"
        else:
            deck = shuffled_deck(self.rng)
            crib = self.rng.random() < self.crib_rate
            self.score = score_hand(deck[:4], deck[4], crib=crib)
            self.announced, self.said, self.slip = make_claim(self.score, self.rng, self.error_rate)
        self.settlement: Settlement | None = None
        self.result.value = ""
        room = MAX_COUNT - self.announced
        self.muggins_input.value = 1
        for button in (self.accept_button, self.muggins_button, self.overcount_button):
            button.disabled = False
        self.muggins_button.disabled = self.muggins_input.disabled = room < 1
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
                          label=f"{self.name}'s {what}: " + ", ".join(c.name for c in s.hand))
        starter = card_html(s.starter, four_colour=self.four_colour, tag="starter")
        label = f'<span class="crib-label">{esc(self.name)}\'s {what}</span>'
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
    def answer(self, kind: str, named: int | None = None) -> Settlement | None:
        """Answer the count (``accept``, ``muggins`` naming ``named``, ``overcount``); the engine settles.

        A second answer to the same count is ignored (returns None) and changes nothing.
        """
        if kind not in ANSWERS:
            raise CribbageError(f"{checks.shown(kind)} is not an answer to a count: use one of "
                                f"{', '.join(ANSWERS)}")
        if named is not None and (isinstance(named, bool) or not isinstance(named, int)):
            raise CribbageError(f"named={checks.shown(named)} is not a number of points: give a whole number")
        self.went_live()
        if self.settlement is not None:
            self.set_status("This count is settled. Press Next hand for another.", "warn")
            return None
        if kind == "muggins" and not 1 <= (named or 0) <= MAX_COUNT - self.announced:
            room = MAX_COUNT - self.announced
            self.set_status(f"{'No number' if named is None else named} cannot be called: name 1 to {room} "
                            f"missed points for a Muggins call ({self.announced} announced, and no hand "
                            f"holds more than {MAX_COUNT}).", "warn")
            return None
        true, said = self.score.total, self.announced
        s = settle(said, true, kind, named)
        self.settlement = s
        right = kind == _best_kind(said, true) and (kind != "muggins" or named >= true - said)
        t = self.tally
        t["answered"] += 1
        t["best"] += right
        t["won"] += s.caller
        t["given"] += s.counter if s.counter > 0 else 0
        t["given"] += max(said - true, 0) if kind == "accept" else 0
        t["missed chances"] += max(true - said, 0) - (s.caller if s.outcome == "missed" else 0)
        for button in (self.accept_button, self.muggins_button, self.overcount_button):
            button.disabled = True
        self.muggins_input.disabled = True
        self.result.value = self._outcome_html(kind, named, s) + self._breakdown_html(marked=True)
        self.peek.value = ""  # the true count is laid out in the result now
        self._draw_tally()
        self.set_status(f"{_outcome_title(s, true - said)} Press Next hand for another count.",
                        "ok" if right else "warn")
        return s

    def _outcome_html(self, kind: str, named: int | None, s: Settlement) -> str:
        true, said, who = self.score.total, self.announced, esc(self.name)
        if s.outcome == "accepted":
            text = f"You accepted: {who}'s {said} stands."
            if true > said:
                text += f" It held {true}: a Muggins call would have won you {true - said}."
            elif said > true:
                text += f" It held only {true}: objecting would have taken {said - true} from {who}."
        elif s.outcome == "missed":
            text = f"Muggins! {who} missed {true - said}; you named {named} and peg {s.caller}."
            if named < true - said:
                text += f" Naming {true - said} would have won all of them."
        elif s.outcome == "false muggins":
            text = f"False Muggins: nothing was missed, so {who} pegs the {s.counter} you named."
            if said > true:
                text += f" The count was {said - true} too high: objecting would have won those."
        elif s.outcome == "too high":
            text = f"Too high by {-s.counter}: {who} loses {-s.counter} and you peg {s.caller}."
        else:
            text = "The count was not too high: nothing changes."
            if true > said:
                text += f" It was too low: {who} missed {true - said}, a Muggins call would have won them."
        return f'<div class="crib-big">{esc(text)}</div>'

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


def _best_kind(said: int, true: int) -> str:
    if said < true:
        return "muggins"
    return "overcount" if said > true else "accept"


_TITLES = {
    "accepted": "The count stands.",
    "missed": "Muggins: you won the missed points.",
    "false muggins": "A false Muggins call.",
    "too high": "Objection upheld: the count was too high.",
    "not too high": "Objection overruled.",
}


def _outcome_title(s: Settlement, missed: int) -> str:
    if s.outcome == "missed" and s.caller < missed:  # a call that named too few: say so, not "won"
        return f"Muggins: you won {s.caller} of the {missed} missed points."
    return _TITLES[s.outcome]

