"""Exercises as values: the question shown to a learner and the solution the engine works out.

Every solution is computed by the rules engine (`score_hand`, `play_points`, `score_sequence`),
never stored, so an answer key can never disagree with the game.

>>> from crib_widgets.cards import parse_cards
>>> hand = tuple(parse_cards("4H 5C 6D JS"))
>>> ex = CountingExercise(1, "a double run", hand, parse_cards("5S")[0])
>>> ex.solution().answer, ex.solution().points("run")
(17, 6)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import ClassVar

from ..cards import Card
from ..errors import CribbageError
from ..pegging import GO, PLAY_KINDS, item_words, pile_total, play_points, score_sequence
from ..scoring import KINDS, HandScore, ScoreItem, score_hand
from ..words import plural

__all__ = [
    "EXERCISE_KINDS",
    "DIFFICULTIES",
    "HAND_KINDS",
    "PLAY_KINDS",
    "KIND_LABELS",
    "SEATS",
    "KeyLine",
    "Solution",
    "CountingExercise",
    "PlayExercise",
    "MugginsExercise",
    "Exercise",
    "ExerciseSet",
    "one_set",
    "some_sets",
]

EXERCISE_KINDS = ("counting", "play", "muggins")
DIFFICULTIES = ("easy", "medium", "hard")
HAND_KINDS = KINDS
# How a kind is named when points of it are listed ("fifteens: 2 of 3 found").
KIND_LABELS = {
    "fifteen": "fifteens", "pair": "pairs", "run": "runs", "flush": "flush", "nobs": "his nobs",
    "thirty-one": "thirty-one", "go": "the go", "last card": "the last card",
}
SEATS = "ABCD"


@dataclass(frozen=True, slots=True)
class KeyLine:
    """One line of an answer key: a kind of points, how many, and the cards in words."""

    kind: str
    points: int
    reason: str
    cards: tuple[Card, ...] = ()


@dataclass(frozen=True, slots=True)
class Solution:
    """What the engine says about one exercise.

    ``answer`` is the number a learner must give: the points of a hand or of a card, or for
    Muggins the points the counter missed (positive) or claimed too many (negative), 0 to accept.
    ``total`` is the true count, ``lines`` the breakdown, ``said`` the count said aloud.
    """

    answer: int
    total: int
    kinds: tuple[str, ...]
    lines: tuple[KeyLine, ...]
    said: str
    call: str = ""
    notes: tuple[str, ...] = ()

    def points(self, kind: str) -> int:
        """True points of one kind."""
        return sum(line.points for line in self.lines if line.kind == kind)

    def by_kind(self) -> dict[str, int]:
        """True points of every kind that can be answered, zero where nothing scores."""
        return {kind: self.points(kind) for kind in self.kinds}

    def of_kind(self, kind: str) -> tuple[KeyLine, ...]:
        """The scoring combinations of one kind."""
        return tuple(line for line in self.lines if line.kind == kind)


def _hand_lines(score: HandScore) -> tuple[KeyLine, ...]:
    return tuple(KeyLine(item.kind, item.points, item.reason, item.cards) for item in score.items)


def not_scored_rules(score: HandScore) -> tuple[str, ...]:
    """Why each kind that looks as if it scores here does not (`HandScore.not_scored`), in order.

    >>> from crib_widgets.scoring import score_hand
    >>> not_scored_rules(score_hand("2H 6H 9H JH", "5C", crib=True))
    ("a crib's flush needs all five cards", "his nobs is the jack of the starter's suit (♣), not J♥")
    """
    return tuple(rule for kind in HAND_KINDS if (rule := score.not_scored(kind)))


def _hand_words(crib: bool) -> str:
    return "crib" if crib else "hand"


@dataclass(frozen=True, slots=True)
class CountingExercise:
    """Count a hand (or the crib) with the starter."""

    number: int
    focus: str
    hand: tuple[Card, ...]
    starter: Card
    crib: bool = False
    kind: ClassVar[str] = "counting"

    def score(self) -> HandScore:
        """The engine's count of the hand."""
        return score_hand(self.hand, self.starter, crib=self.crib)

    def prompt(self) -> str:
        """The question in words."""
        return f"Count this {_hand_words(self.crib)} with the starter."

    def solution(self) -> Solution:
        """Total, breakdown and the count aloud; ``notes`` say why what looks as if it scores does
        not (a crib's four of a suit, a jack of the wrong suit), in the scoring module's words."""
        score = self.score()
        return Solution(score.total, score.total, HAND_KINDS, _hand_lines(score), score.aloud(),
                        notes=not_scored_rules(score))


@dataclass(frozen=True, slots=True)
class PlayExercise:
    """What does the marked card score in the play?

    ``plays`` is one count, from the moment the total was last 0, in turn order: (seat, card) or
    (seat, None) for "go". ``asked`` is the index of the card in question. ``final`` marks the
    last count of the play, so its last card scores one for the last card.
    """

    number: int
    focus: str
    players: int
    plays: tuple[tuple[int, Card | None], ...]
    asked: int
    final: bool = False
    kind: ClassVar[str] = "play"

    def pile(self) -> tuple[Card, ...]:
        """The cards of this count up to and including the card in question."""
        return tuple(card for _, card in self.plays[: self.asked + 1] if card is not None)

    @property
    def card(self) -> Card:
        """The card in question."""
        card = self.plays[self.asked][1]
        assert card is not None, "the asked entry of a play exercise is always a card"
        return card

    @property
    def seat(self) -> str:
        """The player who laid the card in question (A, B, C or D)."""
        return SEATS[self.plays[self.asked][0]]

    def count_before(self) -> int:
        """The running count announced just before the card in question."""
        return pile_total(self.pile()[:-1])

    def shows_more(self) -> bool:
        """True when entries follow the card in question (players saying go, later cards)."""
        return self.asked < len(self.plays) - 1

    def prompt(self) -> str:
        """The question in words."""
        return f"How many points does {self.seat} peg for the {self.card.pretty}?"

    def solution(self) -> Solution:
        """Points of the card in question, with go and last card as the game awards them."""
        entries = [GO if card is None else card for _, card in self.plays]
        points = score_sequence(entries, self.players, self.final)[self.asked]
        score = play_points(self.pile())
        lines = [KeyLine(item.kind, item.points, item.reason, item.cards) for item in score.items]
        extra = points - score.total
        if extra:
            last = self.final and all(card is None for _, card in self.plays[self.asked + 1 :])
            kind = "last card" if last else "go"
            reason = "last card of the play" if last else "go: nobody else can lay a card"
            lines.append(KeyLine(kind, extra, reason, (self.card,)))
        said = _play_words(lines, score.count)
        return Solution(points, points, PLAY_KINDS, tuple(lines), said)


def _play_words(lines: list[KeyLine], count: int) -> str:
    """The play said aloud, e.g. ``'The count is 15: 2 for fifteen, 2 for a pair. 4 points.'``."""
    if not lines:
        return f"The count is {count}: no points."
    parts = [f"{line.points} for {item_words((line.points, line.kind))}" for line in lines]
    total = sum(line.points for line in lines)
    return f"The count is {count}: {', '.join(parts)}. {plural(total, 'point')}."


@dataclass(frozen=True, slots=True)
class MugginsExercise:
    """A player counts a hand aloud, maybe wrongly: accept, call Muggins, or say it is too high.

    ``claimed`` are the combinations the counter announced (some missing, some extra);
    ``mistake`` explains the difference in words, empty when the count is right.
    """

    number: int
    focus: str
    hand: tuple[Card, ...]
    starter: Card
    crib: bool
    claimed: tuple[ScoreItem, ...]
    mistake: tuple[KeyLine, ...] = ()
    kind: ClassVar[str] = "muggins"

    def score(self) -> HandScore:
        """The engine's true count."""
        return score_hand(self.hand, self.starter, crib=self.crib)

    def announced_score(self) -> HandScore:
        """The count as the counter gave it (same cards, the claimed combinations)."""
        return HandScore(self.hand, self.starter, self.crib, self.claimed)

    @property
    def announced(self) -> int:
        """The number the counter announced."""
        return sum(item.points for item in self.claimed)

    def claim(self) -> str:
        """The count the owner gives, in words: the question without the calls it asks for."""
        return f"The owner counts this {_hand_words(self.crib)}: \u201c{self.announced_score().aloud()}\u201d"

    def prompt(self) -> str:
        """The question in words."""
        return (f"{self.claim()} Accept, call Muggins (how many points were missed?) or say it is too high "
                "(by how many?).")

    def solution(self) -> Solution:
        """The right call, the true breakdown, and what the counter got wrong."""
        score = self.score()
        answer = score.total - self.announced
        notes = tuple(f"{line.reason} ({line.points:+d})" for line in self.mistake)
        return Solution(answer, score.total, HAND_KINDS, _hand_lines(score), score.aloud(),
                        muggins_call(answer), notes)


def muggins_call(difference: int) -> str:
    """What to say for a count that is ``difference`` points short (negative: too high).

    >>> muggins_call(2), muggins_call(0), muggins_call(-4)
    ('Muggins, 2', 'accept', 'too high by 4')
    """
    if difference > 0:
        return f"Muggins, {difference}"
    if difference < 0:
        return f"too high by {-difference}"
    return "accept"


Exercise = CountingExercise | PlayExercise | MugginsExercise


@dataclass(frozen=True, slots=True)
class ExerciseSet:
    """A numbered list of exercises of one kind and difficulty, made from a seed (and a student)."""

    kind: str
    difficulty: str
    seed: int
    exercises: tuple[Exercise, ...]
    student: str | None = None

    def __len__(self) -> int:
        return len(self.exercises)

    def __iter__(self):
        return iter(self.exercises)

    def __getitem__(self, number: int) -> Exercise:
        """Exercise by its number as printed, starting at 1."""
        if not isinstance(number, int) or not 1 <= number <= len(self.exercises):
            from ..errors import CribbageError

            raise CribbageError(f"there is no exercise {number!r}: this set has 1 to {len(self.exercises)}")
        return self.exercises[number - 1]

    @property
    def code(self) -> str:
        """Short text that remakes this set with `load_set`, e.g. ``counting/hard/20/7``."""
        return f"{self.kind}/{self.difficulty}/{len(self.exercises)}/{self.seed}"

    @property
    def title(self) -> str:
        """A heading such as ``Counting hands: hard``."""
        return f"{TITLES[self.kind]}: {self.difficulty}"

    def solutions(self) -> list[Solution]:
        """The solution of every exercise, in order."""
        return [exercise.solution() for exercise in self.exercises]


def one_set(value: object, what: str) -> ExerciseSet:
    """``value`` if it is an `ExerciseSet`; otherwise a `CribbageError` saying how to make one."""
    if not isinstance(value, ExerciseSet):
        shown = repr(value) if len(repr(value)) <= 40 else f"{repr(value)[:30]}..."
        raise CribbageError(f"{what} needs an exercise set, e.g. make_set('counting', 'easy', 10, 7), "
                            f"got {shown}")
    return value


def some_sets(value: object, what: str) -> list[ExerciseSet]:
    """One set or a list of sets (every student's) as a non-empty list, or a `CribbageError`."""
    if isinstance(value, ExerciseSet):
        return [value]
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        return [one_set(value, what)]
    sets = list(value)
    if not sets:
        raise CribbageError(f"{what} needs at least one exercise set, e.g. class_sets(...) for a class")
    return [one_set(v, what) for v in sets]


TITLES = {
    "counting": "Counting hands",
    "play": "Scoring the play",
    "muggins": "Muggins calls",
}
