"""The counting trainer's model: deal a hand to a level, grade the learner's count, explain, record.

Each level has a ladder of hands from easy to hard (`crib_widgets.lessons.ladders`); the trainer
walks it in order, then deals hands at that level. An answer (points per kind, or just the total)
is graded by the worksheets' grader (`exercises.grading.check_answer`), explained in the scoring
module's words (each combination's reason, `HandScore.not_scored`, the catalogue of counting
mistakes) and recorded by skill.

>>> t = CountingLesson("5H 5D 5S JC", starter="5C")
>>> t.check_total(29).right, t.tally
(True, (1, 1))
>>> v = CountingLesson("7H 8C 2D 2S", starter="KH").check_kinds({"fifteen": 0, "pair": 2})
>>> v.right, v.lines[0].head, [(r.skill, r.right) for r in v.records]
(False, '✗ Fifteens: you missed 2', [('fifteens', False), ('pairs', True), ('a right count', False)])
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from ..aloud import Step, check_phrasing
from ..cards import Card, shuffled_deck
from ..errors import CribbageError
from ..exercises.grading import Grade, check_answer
from ..exercises.model import KIND_LABELS, CountingExercise
from ..exercises.skills import skills_tested
from ..scoring import KINDS, MAX_HAND_SCORE, HandScore, score_hand
from ..strategy.mistakes import MISTAKES
from . import checks
from .ladders import LADDERS, LEVEL_KINDS, OWN_LADDERS, Rung
from .record import AnswerRecord, position_text, records_for

__all__ = ["CountingLesson", "LEVELS", "Line", "Verdict", "kind_label", "read_count", "read_hand_position"]

# The levels follow the chapters: fifteens; pairs and runs (with fifteens); flush and nobs (with
# everything before, in hands); everything, cribs too. Short names, so a menu fits on a phone.
LEVELS: dict[str, tuple[str, tuple[str, ...]]] = {
    "fifteens": ("Fifteens", LEVEL_KINDS["fifteens"]),
    "pairs_runs": ("Pairs and runs", LEVEL_KINDS["pairs_runs"]),
    "flush_nobs": ("Flush and nobs", LEVEL_KINDS["flush_nobs"]),
    "everything": ("Everything, cribs too", LEVEL_KINDS["everything"]),
}
FOCUS = "a right count"  # what every trainer question asks (`exercises.skills.skill_of_focus`)
# The over-counts the scoring module has a rule for: a crib's four-card flush, a jack of the wrong suit.
_PHANTOMS = (MISTAKES["a flush of four in the crib"], MISTAKES["his nobs for the wrong jack"])


def read_hand_position(text: object, what: str = "a counting hand") -> tuple[str, str, bool]:
    """(hand, starter, crib) from a hand's position text (`record.position_text`): four cards, a
    bar and the starter, ``" crib"`` after it for a crib. Anything else is a `CribbageError` saying
    how it is written (the cards themselves are read, and a bad one named, by the scoring module).

    >>> read_hand_position("5H 5D 5S JC | 5C crib")
    ('5H 5D 5S JC', '5C', True)
    """
    example = "write four cards, a bar and the starter, e.g. '5H 5D 5S JC | 5C' (' crib' after it for a crib)"
    if not isinstance(text, str) or text.count("|") != 1:
        raise CribbageError(f"{checks.shown(text)} is not {what}: {example}")
    hand, rest = (part.strip() for part in text.split("|"))
    words = rest.split()
    crib = len(words) == 2 and words[1] == "crib"
    if not hand or len(words) != 1 + crib:
        raise CribbageError(f"{checks.shown(text)} is not {what}: {example}")
    return hand, words[0], crib


def kind_label(kind: str) -> str:
    """A kind of points as a heading: ``"Fifteens"``, ``"His nobs"`` (`exercises.model.KIND_LABELS`)."""
    return KIND_LABELS[kind].capitalize()


@dataclass(frozen=True, slots=True)
class Line:
    """One line of feedback: ``tone`` (``right``, ``missed``, ``extra`` or ``note``), the words to
    stress (``head``) and the words that follow (``detail``)."""

    tone: str
    head: str
    detail: str = ""


@dataclass(frozen=True, slots=True)
class Verdict:
    """The grade of one answer: right or not, the lines that explain it, the grader's `Grade` and the
    records it added (none when the answer was out of range and not graded: ``problem`` says why)."""

    right: bool
    lines: tuple[Line, ...] = ()
    grade: Grade | None = None
    records: tuple[AnswerRecord, ...] = ()
    problem: str = ""


class CountingLesson:
    """Count a hand with the starter: the hand on show, the count step by step, answers and records.

    ``level`` is ``"fifteens"``, ``"pairs_runs"``, ``"flush_nobs"`` or ``"everything"`` (cribs
    too). The lesson starts on the level's ladder and, once it is climbed, deals hands from ``seed``
    that score only in the level's kinds. ``hand`` and ``starter`` give a first hand to count before
    the ladder; ``crib=True`` counts that hand as a crib. ``cribs=False`` asks hands only, never a
    crib (a page that comes before the crib is taught): a ladder of hands of its own
    (`ladders.HANDS`), and dealt hands that are never cribs. ``ladder`` names a chapter's own ladder
    (`ladders.OWN_LADDERS`, e.g. ``"first"`` for the first taste of fifteens), so that no two
    chapters start on the same hands.

    State: ``score`` (the engine's `HandScore`), ``rung`` (the ladder hand on show, None for a given
    or dealt hand), ``step`` (-1 before counting aloud), ``records`` (every answer), ``tally``.
    """

    def __init__(self, hand: str | Iterable[Card | str] | None = None, starter: str | Card | None = None, *,
                 crib: bool = False, level: str = "everything", seed: int | random.Random | None = None,
                 phrasing: str = "players", cribs: bool = True, ladder: str | None = None) -> None:
        check_level(level)
        if ladder is not None and (not isinstance(ladder, str) or ladder not in OWN_LADDERS
                                   or OWN_LADDERS[ladder][0] != level):
            owns = ", ".join(f"{name!r} (level {lvl!r})" for name, (lvl, _) in OWN_LADDERS.items())
            raise CribbageError(f"ladder {checks.shown(ladder)} is not a ladder of level {level!r}: use one "
                                f"of {owns}, or None for the level's own")
        if (hand is None) != (starter is None):
            raise CribbageError("give both a hand of four cards and a starter, or neither for a dealt hand")
        crib = checks.flag("crib", crib)
        self.cribs = checks.flag("cribs", cribs)
        # a chapter's own ladder, so that no chapter starts on another's hands: the hands-only
        # ladder for a page before the crib is taught (the crib chapter climbs the whole one)
        self.own_ladder = ladder or ("hands" if not self.cribs else None)
        first = None  # a bad card is named here
        if hand is not None and starter is not None:  # both or neither (checked above)
            first = score_hand(hand, starter, crib=crib)
        self.rng = checks.seed(seed)
        self.phrasing = check_phrasing(phrasing)
        self.level = level
        self.records: list[AnswerRecord] = []
        self._next_rung = 0  # the ladder hand `new_hand` shows
        if first is not None:
            self._put(first, None)
        else:
            self.new_hand()

    @classmethod
    def from_position(cls, text: object, *, level: str = "everything", phrasing: str = "players"
                      ) -> CountingLesson:
        """The lesson that asks again the hand of a record's ``position`` (``"5H 5D 5S JC | 5C"``,
        ``"... | 5C crib"``); ``options`` as for the lesson (``level``, ``phrasing``).

        >>> CountingLesson.from_position("5H 5D 5S JC | 5C").position
        '5H 5D 5S JC | 5C'
        """
        hand, starter, crib = read_hand_position(text)
        return cls(hand, starter, crib=crib, level=level, phrasing=phrasing)

    # ---- the hand -----------------------------------------------------------------------------
    @property
    def ladder(self) -> tuple[Rung, ...]:
        """The current level's ladder of hands, easy to hard: the chapter's own (``ladder``, or the
        hands-only one when ``cribs`` is off) at its level, else the level's (without its cribs when
        ``cribs`` is off)."""
        own = OWN_LADDERS.get(self.own_ladder or "")
        if own is not None and own[0] == self.level:
            return own[1]
        return tuple(rung for rung in LADDERS[self.level] if self.cribs or not rung.crib)

    @property
    def climbed(self) -> bool:
        """Whether the ladder is climbed (hands are now dealt)."""
        return self._next_rung >= len(self.ladder)

    def show_hand(self, hand: str | Iterable[Card | str], starter: str | Card, *, crib: bool = False) -> None:
        """Put a given hand and starter on the table (errors name the bad card and keep the old hand)."""
        self._put(score_hand(hand, starter, crib=checks.flag("crib", crib)), None)

    def new_hand(self) -> None:
        """The next hand: the level's ladder in order, then a dealt hand that suits the level."""
        if not self.climbed:
            rung = self._next_rung
            self._next_rung += 1
            hand, starter, crib, _ = self.ladder[rung]
            self._put(score_hand(hand, starter, crib=crib), rung)
        else:
            self._put(self._deal(), None)

    def set_level(self, level: str) -> None:
        """Go to another level, at the foot of its ladder."""
        self.level = check_level(level)
        self._next_rung = 0
        self.new_hand()

    def set_phrasing(self, phrasing: str) -> None:
        """Count in other words (`aloud.PHRASINGS`); the count aloud starts again."""
        self.phrasing = check_phrasing(phrasing)
        self.step = -1

    def _deal(self) -> HandScore:
        """A dealt hand that scores only in the level's kinds and holds what the level is about."""
        kinds = LEVELS[self.level][1]
        for _ in range(2000):
            deck = shuffled_deck(self.rng)
            crib = self.cribs and self.level == "everything" and self.rng.random() < 0.25
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
        self.attempts = 0  # answers given to this hand
        self.hinted = False  # the count was shown (a step at a time) before an answer
        self.done = False  # answered right, or counted to its end
        self.solved = False  # answered right: a further answer is not graded
        self._given: set[tuple[object, ...]] = set()  # the answers given to this hand, each graded once

    @property
    def exercise(self) -> CountingExercise:
        """The hand on show as the worksheets' question, for the grader."""
        s = self.score
        return CountingExercise(1, FOCUS, s.hand, s.starter, s.crib)

    @property
    def position(self) -> str:
        """The hand on show in card text (for the records)."""
        return position_text(self.score.hand, self.score.starter, crib=self.score.crib)

    def shown_kinds(self) -> tuple[str, ...]:
        """The kinds asked about: the level's, and any other this hand scores in."""
        points = self.score.by_kind()
        wanted = LEVELS[self.level][1]
        return tuple(k for k in KINDS if k in wanted or points[k])

    def where(self) -> str:
        """Where the hand on show sits in the ladder, e.g. ``'Fifteens, hand 3 of 20. '``."""
        label = LEVELS[self.level][0]
        if not self.cribs and self.level == "everything":
            label = "Everything in a hand"  # this page asks no cribs: don't promise them
        if self.rung is not None:
            return f"{label}, hand {self.rung + 1} of {len(self.ladder)}. "
        if self.climbed:
            return f"{label}: a dealt hand (the ladder is climbed). "
        return ""

    # ---- the count aloud (the hint) -----------------------------------------------------------
    @property
    def steps(self) -> list[Step]:
        """The count in steps (`HandScore.steps`) in the chosen words."""
        return self.score.steps(self.phrasing)

    @property
    def step_text(self) -> str:
        """The words of the current spoken step ('' before counting aloud)."""
        steps = self.steps
        return steps[self.step][0] if 0 <= self.step < len(steps) else ""

    def next_step(self) -> bool:
        """Show the next step of the count (from the first again after the last); True at the last.
        A hand counted this way is hinted: answers after it are not first unaided tries."""
        steps = self.steps
        self.hinted = True
        self.step = self.step + 1 if self.step + 1 < max(len(steps), 1) else 0
        last = self.step >= len(steps) - 1
        self.done = self.done or last
        return last

    # ---- answers ------------------------------------------------------------------------------
    @property
    def tally(self) -> tuple[int, int]:
        """(hands counted right at the first unaided try, hands tried unaided)."""
        firsts = [r for r in self.records if r.skill == FOCUS and r.unaided]
        return sum(r.right for r in firsts), len(firsts)

    def out_of_range(self, said: Mapping[str, int]) -> str:
        """What is wrong with a number no hand can score ('' when all are 0 to 29); ``said`` maps a
        kind, or ``"total"``, to the number typed."""
        for kind, value in said.items():
            if not 0 <= value <= MAX_HAND_SCORE:
                return (f"{_box_label(kind)}: {value} cannot be right: a hand scores 0 to {MAX_HAND_SCORE} "
                        "points. Change the number and press Check.")
        return ""

    def _refused(self, key: tuple[object, ...]) -> str:
        """Why an answer is not graded again ('' when it is new): a hand counted right is done, and
        the same answer asked twice (Check pressed twice, Enter then Check) is recorded once."""
        if self.solved:
            return "You counted this hand right already. Press Next hand for another."
        if key in self._given:
            return ("That is the answer you gave already (it counts once). Change a number and press Check, "
                    "or press Count it for me to see it counted.")
        return ""

    def check_kinds(self, said: Mapping[str, int | str]) -> Verdict:
        """Grade points per kind (the shown kinds; one left out, or a box left empty, counts as 0); a
        number typed as text is read, and anything that is not one is explained, not graded."""
        read = {k: read_count(said.get(k, 0), k, blank=0) for k in self.shown_kinds()}
        problem = next((v for v in read.values() if isinstance(v, str)), "")
        counts = {k: v for k, v in read.items() if isinstance(v, int)}  # all of them, without a problem
        problem = problem or self.out_of_range(counts) or self._refused(("kinds", tuple(counts.items())))
        if problem:
            return Verdict(False, problem=problem)
        self._given.add(("kinds", tuple(counts.items())))
        grade = self._grade(counts)
        truth = self.score.by_kind()
        hints = {check.kind: check.hint for check in grade.kinds}  # the worksheets' own reminders
        lines = tuple(self._kind_line(kind, value, truth[kind], hints.get(kind, ""))
                      for kind, value in counts.items())
        return self._answered(grade, lines)

    def check_total(self, value: int | str) -> Verdict:
        """Grade a total (a number, or the text typed: anything that is not a number is explained)."""
        read = read_count(value, "total")
        if isinstance(read, str):
            return Verdict(False, problem=read)
        value = read
        problem = self.out_of_range({"total": value}) or self._refused(("total", value))
        if problem:
            return Verdict(False, problem=problem)
        self._given.add(("total", value))
        grade = self._grade(value)
        if grade.correct:
            return self._answered(grade, (Line("right", f"{value} points — right."),))
        score, real = self.score, self.score.total
        how = f"you missed {real - value}" if value < real else f"you counted {value - real} too many"
        truth = score.by_kind()
        per_kind = " · ".join(f"{kind_label(k)} {truth[k]}" for k in KINDS)
        lines = (Line("missed", f"✗ You said {value}, the hand scores {real}: {how}."),
                 *self._total_hints(value), Line("note", f"By kind: {per_kind}."),
                 *(Line("note", f"{i.reason} ({i.points})") for i in score.items))
        return self._answered(grade, lines)

    def _grade(self, raw: object) -> Grade:
        self.attempts += 1
        return check_answer(self.exercise, raw)

    def _answered(self, grade: Grade, lines: tuple[Line, ...]) -> Verdict:
        exercise = self.exercise
        added = records_for("counting", skills_tested(exercise, grade), attempt=self.attempts,
                            hinted=self.hinted, position=self.position, given=grade.read or grade.given)
        self.records.extend(added)
        self.done = self.done or grade.correct
        self.solved = grade.correct
        return Verdict(grade.correct, lines, grade, tuple(added))

    # ---- the words of the feedback ------------------------------------------------------------
    def items_words(self, kind: str) -> str:
        """The combinations of one kind with their points, or why there are none."""
        score = self.score
        items = score.of_kind(kind)
        if not items:  # the scoring layer says why when it looks as if it might score
            none = "is no" if kind in ("flush", "nobs") else "are no"
            return score.not_scored(kind) or f"there {none} {KIND_LABELS[kind]} here"
        return "; ".join(f"{item.reason} ({item.points})" for item in items)

    def _kind_line(self, kind: str, value: int, real: int, hint: str = "") -> Line:
        name = kind_label(kind)
        if value == real:
            return Line("right", f"{name}: {real} — right.")
        detail = f"(you said {value}, there are {real}): {self.items_words(kind)}."
        if hint and hint not in detail:  # a rule the scoring module already gave is not said twice
            detail += f" Remember: {hint}."
        if value < real:
            return Line("missed", f"✗ {name}: you missed {real - value}", detail)
        return Line("extra", f"✗ {name}: over-counted by {value - real}", detail)

    def _total_hints(self, value: int) -> list[Line]:
        """Where a wrong total most likely went wrong: the kind or combination worth exactly the gap,
        or a rule of the scoring module (a crib's flush, his nobs) worth exactly the excess."""
        score = self.score
        gap = score.total - value
        truth = score.by_kind()
        if gap > 0:
            kinds = [k for k in KINDS if truth[k] == gap]
            if kinds:
                return [Line("missed", f"Look again at the {KIND_LABELS[k]}", f": {self.items_words(k)}.")
                        for k in kinds]
            single = [i for i in score.items if i.points == gap]
            if single:
                return [Line("missed", "Did you miss this one?", f"{single[0].reason} ({single[0].points}).")]
            return []
        rules = []
        for mistake in _PHANTOMS:
            slip = mistake(random.Random(0), score)
            if slip and slip[1][0].points == gap and score.not_scored(slip[1][0].kind):
                rules.append(score.not_scored(slip[1][0].kind))
        if rules:
            return [Line("extra", f"Too many: {rule}.") for rule in rules]
        twice = [i for i in score.items if i.points == -gap]
        if twice:
            return [Line("extra", "Did you count this one twice?", f"{twice[0].reason} ({twice[0].points}).")]
        return []


def _box_label(kind: str) -> str:
    return "Total" if kind == "total" else kind_label(kind)


def read_count(typed: object, kind: str, *, blank: int | None = None) -> int | str:
    """The whole number typed in a box (``kind``: a kind of points or ``"total"``), or a sentence
    saying what is wrong with it; an empty box is ``blank`` (a kind left empty counts as 0), or a
    sentence when None.

    >>> read_count(" 12 ", "total"), read_count("", "run", blank=0), read_count("1 2", "total")[:20]
    (12, 0, 'Total: "1 2" is not ')
    """
    if isinstance(typed, int) and not isinstance(typed, bool):
        return typed
    text = str(typed).strip()
    if not text:
        if blank is not None:
            return blank
        return "Type the points first (0 if nothing scores), then press Enter or Check."
    try:
        return int(text)
    except ValueError:
        return (f'{_box_label(kind)}: "{text[:20]}" is not a whole number: type one from 0 to '
                f"{MAX_HAND_SCORE}, then press Check.")


def check_level(level: object) -> str:
    """A level's key, or a `CribbageError` naming the levels."""
    if not isinstance(level, str) or level not in LEVELS:
        raise CribbageError(f"level {checks.shown(level)} is not known: use one of {', '.join(LEVELS)}")
    return level


def _fits(level: str, score: HandScore) -> bool:
    """Whether a dealt hand holds what its level is about (a pair or run; a flush, nobs or a near
    miss at them: four of a suit in the hand, or a jack)."""
    if level == "pairs_runs":
        points = score.by_kind()
        return bool(points["pair"] or points["run"])
    if level == "flush_nobs":
        return len({c.suit for c in score.hand}) == 1 or any(c.rank == 11 for c in score.hand)
    return True
