"""What each difficulty promises, in words for the worksheet and as checks for the generators.

A generator keeps drawing until an exercise passes the check of its level (and of its focus), so
a set can only hold what its level promises.

>>> describe("counting", "easy")
'Hands only; they score with fifteens and pairs, nothing else.'
"""

from __future__ import annotations

from ..scoring import HandScore
from .model import CountingExercise, MugginsExercise, PlayExercise, Solution

__all__ = [
    "PROMISES", "ANSWER_BLANKS", "HARD_HAND_FEATURES",
    "describe", "hand_level", "play_level", "muggins_level",
]

PROMISES: dict[str, dict[str, str]] = {
    "counting": {
        "easy": "Hands only; they score with fifteens and pairs, nothing else.",
        "medium": "Every hand has a run, some a double run; fifteens and pairs too, no flush or nobs.",
        "hard": "Hands and cribs with flushes (and cribs where four of a suit do not count), his nobs, "
                "triple runs and double-double runs.",
    },
    "play": {
        "easy": "Two players; the last card scores with fifteen and pairs (also three or four of a kind).",
        "medium": "Two players; the last card always completes a run, sometimes out of order, "
                  "sometimes with fifteen or 31.",
        "hard": "Three or four players with go: the go, 31, the last card, three or four of a kind "
                "and runs across a go.",
    },
    "muggins": {
        "easy": "Hands with fifteens and pairs; a missed or doubled fifteen, a missed pair, "
                "or a right count.",
        "medium": "Hands with runs and double runs; a missed run, pair or fifteen, or a right count.",
        "hard": "Flushes in hand and crib, his nobs, triple and double-double runs counted wrongly, "
                "or right.",
    },
}

HARD_HAND_FEATURES = ("flush", "crib with four of a suit", "nobs", "triple or double-double run")


def describe(kind: str, difficulty: str) -> str:
    """One sentence telling a teacher what a set of this kind and difficulty holds."""
    return PROMISES[kind][difficulty]


def _kinds(score: HandScore) -> set[str]:
    return {item.kind for item in score.items}


def _runs(score: HandScore) -> int:
    return len(score.of_kind("run"))


def four_of_a_suit(exercise: CountingExercise | MugginsExercise) -> bool:
    """True when the four cards of the hand (or crib) share one suit."""
    return len({card.suit for card in exercise.hand}) == 1


def hard_features(exercise: CountingExercise | MugginsExercise, score: HandScore) -> set[str]:
    """The features of the hard level this hand shows."""
    found = set()
    if score.of_kind("flush"):
        found.add("flush")
    if exercise.crib and four_of_a_suit(exercise) and not score.of_kind("flush"):
        found.add("crib with four of a suit")
    if score.of_kind("nobs"):
        found.add("nobs")
    if _runs(score) >= 3:
        found.add("triple or double-double run")
    return found


def hand_level(exercise: CountingExercise | MugginsExercise, score: HandScore, difficulty: str) -> bool:
    """Does this hand belong to ``difficulty``?"""
    kinds = _kinds(score)
    if difficulty == "easy":
        return not exercise.crib and bool(kinds) and kinds <= {"fifteen", "pair"}
    if difficulty == "medium":
        return not exercise.crib and kinds <= {"fifteen", "pair", "run"} and 1 <= _runs(score) <= 2
    return bool(hard_features(exercise, score))


def play_level(exercise: PlayExercise, difficulty: str, solution: Solution | None = None) -> bool:
    """Does this play exercise belong to ``difficulty``? (``solution``: its solution, if known.)"""
    lines = (solution or exercise.solution()).lines
    kinds = {line.kind for line in lines}
    if difficulty == "easy":
        return exercise.players == 2 and bool(kinds) and kinds <= {"fifteen", "pair"}
    if difficulty == "medium":
        return exercise.players == 2 and "run" in kinds and kinds <= {"fifteen", "thirty-one", "run"}
    big_set = any(line.kind == "pair" and line.points >= 6 for line in lines)
    return exercise.players in (3, 4) and bool(kinds & {"go", "thirty-one", "last card", "run"} or big_set)


def muggins_level(exercise: MugginsExercise, score: HandScore, difficulty: str) -> bool:
    """Does this Muggins question belong to ``difficulty``? Its mistake must be of the level's kinds."""
    wrong = {line.kind for line in exercise.mistake}
    if difficulty == "easy":
        return hand_level(exercise, score, "easy") and wrong <= {"fifteen", "pair"}
    if difficulty == "medium":
        return hand_level(exercise, score, "medium") and wrong <= {"fifteen", "pair", "run"}
    # A wrongly claimed nobs (the jack of another suit) is a hard mistake on any hand.
    hard_hand = bool(hard_features(exercise, score)) or "nobs" in wrong
    return hard_hand and wrong <= {"flush", "nobs", "run"}


# The blanks a worksheet offers per question at each level: the kinds of points its hands or plays can
# score (not the game's kinds of scoring events).
ANSWER_BLANKS: dict[str, dict[str, tuple[str, ...]]] = {
    "counting": {
        "easy": ("fifteen", "pair"),
        "medium": ("fifteen", "pair", "run"),
        "hard": ("fifteen", "pair", "run", "flush", "nobs"),
    },
    "play": {
        "easy": ("fifteen", "pair"),
        "medium": ("fifteen", "thirty-one", "run"),
        "hard": ("fifteen", "thirty-one", "pair", "run", "go", "last card"),
    },
}
ANSWER_BLANKS["muggins"] = ANSWER_BLANKS["counting"]
