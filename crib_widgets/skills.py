"""The skills a learner practises and a teacher's report grades, with how each is rated and the rule
of each kind of points in one sentence: one home, read by the trainers (`crib_widgets.lessons`) and
the worksheets' grading and report (`crib_widgets.exercises`).

A `Skill` is a `StrEnum` whose values are the names kept in saved progress and results files, so a
skill and its name compare equal and old files still load:

>>> Skill.CRIB_FLUSH == "the crib's flush", Skill("go and 31") is Skill.GO
(True, True)
>>> skill_of_kind("last card"), skill_of_kind("flush", crib=True)
('go and 31', "the crib's flush")
>>> band(4, 5), band(2, 5)
(('secure', 'good'), ('needs help', 'poor'))
>>> RULES["pair"]
'2 for every pair (three of a kind is 6, four is 12)'
"""

from __future__ import annotations

from enum import StrEnum

from .scoring import CRIB_FLUSH_RULE, NOBS_RULE

__all__ = ["Skill", "SKILLS", "TRAINER_SKILLS", "BANDS", "RECENT", "MIN_RATED", "RULES", "MISSED",
           "skill_of_kind", "band", "KIND_SKILLS"]


class Skill(StrEnum):
    """One skill, named as the report and the learner's progress name it. It shows as its name, as a
    skill read back from a saved file (a plain string) does, so records look the same either way."""

    def __repr__(self) -> str:
        return repr(self.value)

    FIFTEENS = "fifteens"
    PAIRS = "pairs"
    RUNS = "runs"
    FLUSH = "flush"
    CRIB_FLUSH = "the crib's flush"
    NOBS = "his nobs"
    GO = "go and 31"
    RIGHT_COUNT = "a right count"
    # What the book's trainers also practise beyond a worksheet:
    # choosing the throw to the crib (right when it costs less than the review calls a mistake,
    # `strategy.review.NOTICE`, against the best one)
    DISCARDS = "discards"
    PEGGING_CHOICES = "pegging choices"
    MUGGINS_CALLS = "Muggins calls"
    # chapter 12's board practice: who gets home first, offence or defence, and late plays
    BOARD = "playing to the board"


# The skills a worksheet tests, in the order the report's grid shows them.
SKILLS = tuple(Skill)[:8]
TRAINER_SKILLS = (Skill.DISCARDS, Skill.PEGGING_CHOICES, Skill.MUGGINS_CALLS, Skill.BOARD)

# The skill each kind of points trains (in the show or the play).
KIND_SKILLS = {"fifteen": Skill.FIFTEENS, "pair": Skill.PAIRS, "run": Skill.RUNS, "flush": Skill.FLUSH,
            "nobs": Skill.NOBS, "thirty-one": Skill.GO, "go": Skill.GO, "last card": Skill.GO}

# How a skill is rated, by the learner's stars and the teacher's report alike: the last RECENT first
# unaided tries, once there are MIN_RATED of them; share right -> (word, css class), the word there
# for readers who cannot tell the colours apart.
RECENT = 5
MIN_RATED = 3
BANDS = ((0.8, "secure", "good"), (0.5, "shaky", "fair"), (0.0, "needs help", "poor"))

# The rule of each kind of points in the show, as a trainer offers it beside the kind's box.
RULES = {
    "fifteen": "2 for every set of cards adding up to 15",
    "pair": "2 for every pair (three of a kind is 6, four is 12)",
    "run": "1 per card for every run of three or more",
    "flush": f"4 for four hand cards of one suit, 5 with the starter ({CRIB_FLUSH_RULE})",
    "nobs": f"1 point: {NOBS_RULE}",
}
# The rule most often forgotten when a kind is counted short, as the grader adds it to its verdict
# (an over-count's rule is the scoring module's: `HandScore.not_scored`).
MISSED = {
    "five-card flush": "the starter is of the same suit, so the flush is five",
    "pairs in a hand": "three of a kind is three pairs (6), four of a kind six pairs (12)",
    "pairs in the play": "three of a kind in a row scores 6, four 12",
    "double run": "a repeated rank inside a run makes another whole run",
    "go": "nobody could lay another card under 31, so the last card laid takes 1 for the go",
    "last card": "the very last card of the play scores 1",
}


def skill_of_kind(kind: str, *, crib: bool = False) -> Skill:
    """The skill a kind of points trains: ``"run"`` -> runs; a crib's flush is its own skill."""
    return Skill.CRIB_FLUSH if kind == "flush" and crib else KIND_SKILLS[kind]


def band(right: int, asked: int) -> tuple[str, str]:
    """The word and css class for ``right`` of ``asked``: secure (80% or more), shaky, needs help (under
    half)."""
    share = right / asked
    return next((word, css) for low, word, css in BANDS if share >= low)
