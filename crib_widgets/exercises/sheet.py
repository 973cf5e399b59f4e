"""The words of a worksheet and its key, shared by the HTML and Markdown exports so they agree."""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import Card, format_cards
from ..words import plural
from .levels import ANSWER_BLANKS, describe
from .model import KIND_LABELS, SEATS, CountingExercise, Exercise, ExerciseSet, MugginsExercise, PlayExercise

__all__ = [
    "PlayRow", "instructions", "answer_kinds", "play_rows", "cards_text", "play_text", "question_text",
    "key_headline", "set_line",
]


def set_line(exercise_set: ExerciseSet) -> str:
    """``Set counting/hard/20/7 for Ann``: what a learner types to load the set again."""
    who = f" for {exercise_set.student}" if exercise_set.student else ""
    return f"Set {exercise_set.code}{who}"


def answer_kinds(exercise_set: ExerciseSet) -> tuple[str, ...]:
    """The kinds of points that can score in this set (the blanks offered per question)."""
    return ANSWER_BLANKS[exercise_set.kind][exercise_set.difficulty]


def instructions(exercise_set: ExerciseSet) -> list[str]:
    """What the set holds and how to answer, a sentence per item."""
    how = {
        "counting": "Count each hand with its starter, as you would in the show. Write the total; "
                    "for extra practice write the points of each kind too.",
        "play": "Each row is one count of the play, in turn order; players are A, B, C, D. Say what "
                "the marked card scores for the player who lays it"
                + (" (go and last card included)." if exercise_set.difficulty == "hard" else "."),
        "muggins": "Check each announced count. Write 'accept' if it is right, 'Muggins' and the "
                   "number of points missed, or 'too high' and the number counted too many.",
    }[exercise_set.kind]
    return [describe(exercise_set.kind, exercise_set.difficulty), how]


def cards_text(exercise: CountingExercise | MugginsExercise) -> str:
    """``Hand: 7♥ 8♣ 5♦ J♠, starter 5♠`` (or ``Crib: ...``)."""
    what = "Crib" if exercise.crib else "Hand"
    return f"{what}: {format_cards(exercise.hand, pretty=True)}, starter {exercise.starter.pretty}"


@dataclass(frozen=True, slots=True)
class PlayRow:
    """One entry of a count as shown: who, which card (None for go), the count after it, asked or not."""

    seat: str
    card: Card | None
    count: int
    asked: bool

    def text(self) -> str:
        if self.card is None:
            return f"{self.seat}: go"
        if self.asked:
            return f"{self.seat}: {self.card.pretty} (?)"
        return f"{self.seat}: {self.card.pretty} ({self.count})"


def play_rows(exercise: PlayExercise) -> list[PlayRow]:
    """The entries of the count with running totals; the asked card's count is left for the learner."""
    rows, count = [], 0
    for index, (seat, card) in enumerate(exercise.plays):
        if card is not None:
            count += card.value
        rows.append(PlayRow(SEATS[seat], card, count, index == exercise.asked))
    return rows


def play_text(exercise: PlayExercise) -> str:
    """The count in one line, e.g. ``A: 7♥ (7), B: 8♣ (?)``, then the end of the play if it is."""
    text = ", ".join(row.text() for row in play_rows(exercise))
    return text + (": end of the play, every card is laid" if exercise.final else "")


def question_text(exercise: Exercise) -> str:
    """The cards of any question in one line of text: a hand and starter, or the count of a play."""
    return play_text(exercise) if isinstance(exercise, PlayExercise) else cards_text(exercise)


def key_headline(exercise: Exercise) -> str:
    """The answer in a few words: ``12 points``, ``Muggins, 2 (announced 6, true count 8)``."""
    solution = exercise.solution()
    if isinstance(exercise, MugginsExercise):
        return f"{solution.call} (announced {exercise.announced}, true count {solution.total})"
    return plural(solution.answer, "point")


def kind_label(kind: str) -> str:
    """``fifteens``, ``his nobs``: a kind as a worksheet heading."""
    return KIND_LABELS[kind]
