"""The Muggins quiz's model: the computer counts a hand aloud, sometimes wrongly; accept, call Muggins
or object.

The computer's slips come from the catalogue the worksheets use (`strategy.muggins_players.make_claim`),
what an answer does to the scores from the rules (`game.muggins.settle`), the best answer from the
computer caller that never misses (`strategy.muggins_players.best_answer`), and the grade from the
worksheets' grader (`exercises.grading.check_answer` on a `MugginsExercise`, the call said as
`exercises.model.muggins_call` says it).

>>> q = MugginsLesson(hands=[("5H 5D 5S JC", "5C", 28)])
>>> q.announced, q.score.total, q.best_answer
(28, 29, ('muggins', 1))
>>> q.answer("muggins", 1).settlement.outcome, q.tally["won"], q.records[0].skill
('missed', 1, 'Muggins calls')
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..bounded import whole_number
from ..cards import shuffled_deck
from ..errors import CribbageError
from ..exercises.grading import Grade, check_answer
from ..exercises.model import MugginsExercise, muggins_call
from ..game.kinds import AnswerKind, CountOutcome
from ..game.moves import ANSWER_KINDS
from ..game.muggins import MAX_COUNT, Settlement, settle
from ..scoring import HandScore, ScoreItem, score_hand
from ..skills import Skill, skill_of_kind
from ..strategy.muggins_players import best_answer, make_claim
from ..words import possessive
from . import checks
from .counting import read_hand_position
from .record import AnswerRecord, position_text

__all__ = ["read_named", "MugginsLesson", "Outcome", "ANSWERS"]

ANSWERS = ANSWER_KINDS  # what `MugginsLesson.answer` takes


@dataclass(frozen=True, slots=True)
class Outcome:
    """What an answer did: the rules' `Settlement`, whether it was the best answer (the grader's
    verdict), the `Grade`; or only ``problem`` when the answer was not taken (nothing changed)."""

    settlement: Settlement | None
    right: bool = False
    grade: Grade | None = None
    problem: str = ""


class MugginsLesson:
    """The computer counts; the learner answers as the rules of Muggins allow.

    ``error_rate`` (0 to 1) is how often the computer's count is wrong; ``crib_rate`` how often the
    hand is a crib; ``seed`` makes the hands repeatable. ``hands`` fixes the hands instead: a list
    of ``(hand, starter, announced)`` or ``(hand, starter, announced, is_crib)``; the computer then
    announces exactly that number (``said`` is None: only the number is spoken).

    State: ``score`` (the true count), ``announced``, ``said`` (the count as spoken), ``slip``,
    ``settlement`` (None until answered), ``records`` and ``tally``.
    """

    def __init__(self, *, error_rate: float = 0.5, crib_rate: float = 0.2,
                 seed: int | random.Random | None = None, hands: Sequence[Sequence[object]] | None = None,
                 name: str = "Computer") -> None:
        self.error_rate = checks.chance("error_rate", error_rate)
        self.crib_rate = checks.chance("crib_rate", crib_rate)
        self.rng = checks.seed(seed)
        self.fixed = _read_hands(hands)
        self.name = checks.label("name", name)
        self.records: list[AnswerRecord] = []
        self._answers: list[tuple[AnswerKind, int | None, int, int, Settlement, bool]] = []
        self._index = -1
        self.next_hand()

    @classmethod
    def from_position(cls, text: object, name: str = "Computer") -> MugginsLesson:
        """The quiz that asks again the count of a record's ``position``: the hand, the starter and
        the count announced (``"5H 5D 5S JC | 5C | said 28"``, ``"... | 5C crib | said 12"``).

        >>> MugginsLesson.from_position("5H 5D 5S JC | 5C | said 28").announced
        28
        """
        example = "write the hand, the starter and the count said, e.g. '5H 5D 5S JC | 5C | said 28'"
        head, _, said = text.rpartition("|") if isinstance(text, str) else ("", "", "")
        words = said.split()
        said_count = whole_number(words[1]) if len(words) == 2 else None  # not isdigit(): "²" is a digit
        if not head or said_count is None or words[0] != "said":
            raise CribbageError(f"{checks.shown(text)} is not a Muggins question: {example}")
        hand, starter, crib = read_hand_position(head, "a Muggins question's hand")
        return cls(hands=[(hand, starter, said_count, crib)], name=name)

    # ---- a new hand ---------------------------------------------------------------------------
    def next_hand(self) -> None:
        """Deal (or take the next fixed) hand and let the computer count it."""
        self._index += 1
        self.said: HandScore | None
        if self.fixed:
            self.score, self.announced = self.fixed[self._index % len(self.fixed)]
            self.said, self.slip = None, "fixed"
        else:
            deck = shuffled_deck(self.rng)
            crib = self.rng.random() < self.crib_rate
            self.score = score_hand(deck[:4], deck[4], crib=crib)
            self.announced, self.said, self.slip = make_claim(self.score, self.rng, self.error_rate)
        self.settlement: Settlement | None = None

    @property
    def room(self) -> int:
        """The most points a Muggins call can name: no hand holds more than 29."""
        return MAX_COUNT - self.announced

    @property
    def best_answer(self) -> tuple[AnswerKind, int | None]:
        """The answer of a caller who never misses (`muggins_players.best_answer`, which the
        computer callers' `answer_count` gives when they notice)."""
        return best_answer(self.announced, self.score.total)

    @property
    def exercise(self) -> MugginsExercise:
        """The count on show as the worksheets' Muggins question, for the grader."""
        s = self.score
        # a fixed hand announces a number only: one claimed line carries it
        claimed = self.said.items if self.said is not None else (ScoreItem("fifteen", (), self.announced),)
        return MugginsExercise(1, self.slip, s.hand, s.starter, s.crib, tuple(claimed))

    def slipped_kinds(self) -> tuple[str, ...]:
        """The kinds of points the computer missed or claimed too many of (none when right or fixed)."""
        if self.said is None:
            return ()
        true, claimed = Counter(self.score.items), Counter(self.said.items)
        return tuple(dict.fromkeys(i.kind for i in [*(true - claimed), *(claimed - true)]))

    # ---- the answer ---------------------------------------------------------------------------
    def answer(self, kind: AnswerKind | str, named: int | None = None) -> Outcome:
        """Answer the count (``accept``, ``muggins`` naming ``named``, ``overcount``); the rules settle.

        A second answer to the same count, or a Muggins call naming a number it cannot, changes
        nothing: the `Outcome` has no settlement and says why in ``problem``.
        """
        if kind not in ANSWERS:
            raise CribbageError(f"{checks.shown(kind)} is not an answer to a count: use one of "
                                f"{', '.join(ANSWERS)}")
        kind = AnswerKind(kind)
        if named is not None and (isinstance(named, bool) or not isinstance(named, int)):
            raise CribbageError(f"named={checks.shown(named)} is not a number of points: give a whole number")
        if self.settlement is not None:
            return Outcome(None, problem="This count is settled. Press Next hand for another.")
        if kind == AnswerKind.MUGGINS and not 1 <= (named or 0) <= self.room:
            return Outcome(None, problem=(
                f"{'No number' if named is None else named} cannot be called: name 1 to {self.room} missed "
                f"points for a Muggins call ({self.announced} announced, and no hand holds more than "
                f"{MAX_COUNT})."))
        true, said = self.score.total, self.announced
        settlement = settle(said, true, kind, named)
        grade = check_answer(self.exercise, _call(kind, named, said, true))
        self.settlement = settlement
        self._answers.append((kind, named, said, true, settlement, grade.correct))
        self._record(grade)
        return Outcome(settlement, grade.correct, grade)

    def _record(self, grade: Grade) -> None:
        # the count announced belongs to the question: a deck of mistakes needs it to ask it again
        hand = position_text(self.score.hand, self.score.starter, crib=self.score.crib)
        position = f"{hand} | said {self.announced}"
        slips = (skill_of_kind(k, crib=self.score.crib) for k in self.slipped_kinds())
        skills = [Skill.MUGGINS_CALLS, *slips]
        given = grade.read or grade.given
        self.records.extend(AnswerRecord("muggins", skill, grade.correct, 1, False, position, given)
                            for skill in dict.fromkeys(skills))

    @property
    def tally(self) -> dict[str, int]:
        """Points won by the learner's calls, points given away (a false call, an over-count
        accepted), missed points left unclaimed, best answers, and answers given."""
        t = {"won": 0, "given": 0, "missed chances": 0, "best": 0, "answered": 0}
        for kind, _named, said, true, s, right in self._answers:
            t["answered"] += 1
            t["best"] += right
            t["won"] += s.caller
            t["given"] += max(s.counter, 0) + (max(said - true, 0) if kind == AnswerKind.ACCEPT else 0)
            t["missed chances"] += max(true - said, 0) - (s.caller if s.outcome == CountOutcome.MISSED else 0)
        return t

    # ---- the words ----------------------------------------------------------------------------
    def outcome_words(self, kind: AnswerKind | str, named: int | None) -> str:
        """What the settled answer did, and what a better one would have done."""
        s, true, said, who = self.settlement, self.score.total, self.announced, self.name
        if s is None:
            return ""
        if s.outcome == CountOutcome.ACCEPTED:
            text = f"You accepted: {possessive(who)} {said} stands."
            if true > said:
                text += f" It held {true}: a Muggins call would have won you {true - said}."
            elif said > true:
                text += f" It held only {true}: objecting would have taken {said - true} from {who}."
        elif s.outcome == CountOutcome.MISSED and named is not None:  # a Muggins call names its points
            text = f"Muggins! {who} missed {true - said}; you named {named} and peg {s.caller}."
            if named < true - said:
                text += f" Naming {true - said} would have won all of them."
            elif named > true - said:
                text += f" Name exactly the points missed: {muggins_call(true - said)} was the call."
        elif s.outcome == CountOutcome.FALSE_MUGGINS:
            text = f"False Muggins: nothing was missed, so {who} pegs the {s.counter} you named."
            if said > true:
                text += f" The count was {said - true} too high: objecting would have won those."
        elif s.outcome == CountOutcome.TOO_HIGH:
            text = f"Too high by {-s.counter}: {who} loses {-s.counter} and you peg {s.caller}."
        else:
            text = "The count was not too high: nothing changes."
            if true > said:
                text += f" It was too low: {who} missed {true - said}, a Muggins call would have won them."
        return text

    def outcome_title(self) -> str:
        """The settlement in a few words, for the status line."""
        s, missed = self.settlement, self.score.total - self.announced
        if s is None:
            return ""
        if s.outcome == CountOutcome.MISSED and s.caller < missed:  # named too few: say so, not "won"
            return f"Muggins: you won {s.caller} of the {missed} missed points."
        return _TITLES[s.outcome]


_TITLES = {
    CountOutcome.ACCEPTED: "The count stands.",
    CountOutcome.MISSED: "Muggins: you won the missed points.",
    CountOutcome.FALSE_MUGGINS: "A false Muggins call.",
    CountOutcome.TOO_HIGH: "Objection upheld: the count was too high.",
    CountOutcome.NOT_TOO_HIGH: "Objection overruled.",
}


def _call(kind: AnswerKind, named: int | None, said: int, true: int) -> str:
    """The learner's answer as a call the grader reads. Too high! names no number: the rules move the
    whole excess (`settle`), so it is the call "too high by" the excess (by 1 when there is none)."""
    if kind == AnswerKind.ACCEPT:
        return muggins_call(0)
    if kind == AnswerKind.MUGGINS:
        return muggins_call(named or 0)
    return muggins_call(-max(said - true, 1))


def _read_hands(hands: object) -> list[tuple[HandScore, int]]:
    if hands is None:
        return []
    if isinstance(hands, (str, bytes)) or not isinstance(hands, Iterable):
        raise CribbageError(f"hands {checks.shown(hands)} is not a list of hands: give a list of (hand, "
                            "starter, announced), e.g. [('5H 5D 5S JC', '5C', 28)], or leave it out")
    entries = list(hands)
    if not entries:
        raise CribbageError("hands=[] gives the quiz no hands: list at least one (hand, starter, "
                            "announced), or leave hands out for dealt hands")
    return [_read_fixed(entry) for entry in entries]


def _read_fixed(entry: object) -> tuple[HandScore, int]:
    if isinstance(entry, (str, bytes)) or not isinstance(entry, Sequence) or not 3 <= len(entry) <= 4:
        raise CribbageError("each fixed hand is (hand, starter, announced) or (hand, starter, announced, "
                            f"is_crib), got {checks.shown(entry)}")
    crib = checks.flag("is_crib", entry[3]) if len(entry) == 4 else False
    score = score_hand(entry[0], entry[1], crib=crib)
    announced = entry[2]
    if type(announced) is not int or not 0 <= announced <= MAX_COUNT:
        raise CribbageError(f"an announced count is 0 to {MAX_COUNT}, got {announced!r}")
    return score, announced


def read_named(text: object) -> int | str:
    """The number of missed points typed for a Muggins call, or a sentence saying what to type.

    >>> read_named(" 2 "), read_named("two")[:18]
    (2, '"two" is not a num')
    """
    said = str(text).strip()
    try:
        return int(said)
    except ValueError:
        shown = f'"{said[:20]}" is not' if said else "An empty box is not"
        return (f"{shown} a number of missed points: type how many the count missed (1 or more), then "
                "press Muggins!")
