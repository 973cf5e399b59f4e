"""Muggins questions: a hand counted aloud with one typical mistake (or none) to catch.

Each focus draws a hand and changes the list of combinations the counter claims: it drops one
(a missed fifteen), repeats one (a fifteen counted twice) or adds one that does not count (a
four-card flush in the crib). The count the counter says aloud is read from that list. The
mistakes themselves are the catalogue in `crib_widgets.strategy.mistakes`, which computer
counters in Muggins games draw from too.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from ..scoring import MAX_HAND_SCORE, HandScore, ScoreItem
from ..strategy import mistakes as catalogue
from .hands import COUNTING_FOCUSES, DECK, TRIES, Draw, any_draw, split_draw
from .levels import hand_level, muggins_level
from .model import CountingExercise, KeyLine, MugginsExercise

__all__ = ["MugginsFocus", "MUGGINS_FOCUSES", "make_muggins"]

# What a mistake does: from the true count to (claimed combinations, lines saying what went wrong),
# or None when this hand does not allow that mistake.
Change = Callable[[random.Random, HandScore], tuple[tuple[ScoreItem, ...], tuple[KeyLine, ...]] | None]


@dataclass(frozen=True, slots=True)
class MugginsFocus:
    """One kind of Muggins question: which hands, and what the counter gets wrong."""

    name: str
    draw: Callable[[random.Random], Draw]
    change: Change


def _keyed(change: Change) -> Change:
    """A catalogue change (`crib_widgets.strategy.mistakes`) with its lines as answer-key lines."""

    def keyed(rng: random.Random, score: HandScore):
        changed = change(rng, score)
        if changed is None:
            return None
        claimed, slips = changed
        return claimed, tuple(KeyLine(s.kind, s.points, _reason(s, score), s.cards) for s in slips)

    return keyed


def _reason(slip: catalogue.Slip, score: HandScore) -> str:
    """The slip in words; a claim the rules refuse (a crib's four of a suit, the wrong jack) names
    the rule in the scoring module's sentence (`HandScore.not_scored`), as the trainers do."""
    rule = score.not_scored(slip.kind) if slip.points < 0 else ""
    if not rule:
        return slip.reason
    what = slip.reason.split(", ")[0].split(": ")[0]  # "counted a flush of four in the crib"
    return f"{what}: {rule}"


_right = _keyed(catalogue.right)


def _mistake(name: str) -> Change:
    return _keyed(catalogue.MISTAKES[name])


def _jack_off_suit(rng: random.Random) -> Draw:
    cards = rng.sample(DECK, 5)
    if not any(c.rank == 11 for c in cards[:4]):
        cards[rng.randrange(4)] = next(c for c in rng.sample(DECK, 52) if c.rank == 11 and c not in cards)
    return split_draw(cards, rng.random() < 1 / 3)


def _hard_draw(names: tuple[str, ...]) -> Callable[[random.Random], Draw]:
    focuses = [f for f in COUNTING_FOCUSES["hard"] if f.name in names]

    def draw(rng: random.Random) -> Draw:
        return rng.choice(focuses).draw(rng)

    return draw


_ALL_HARD = tuple(f.name for f in COUNTING_FOCUSES["hard"])
_FLUSHES = ("a flush in the hand", "a flush in the crib")

MUGGINS_FOCUSES: dict[str, tuple[MugginsFocus, ...]] = {
    "easy": (
        MugginsFocus("a right count", any_draw(), _right),
        MugginsFocus("a missed fifteen", any_draw(), _mistake("a missed fifteen")),
        MugginsFocus("a missed pair", any_draw(), _mistake("a missed pair")),
        MugginsFocus("a fifteen counted twice", any_draw(), _mistake("a fifteen counted twice")),
    ),
    "medium": (
        MugginsFocus("a right count", any_draw(), _right),
        MugginsFocus("a missed run", any_draw(), _mistake("a missed run")),
        MugginsFocus("a double run counted as one run", any_draw(),
                     _mistake("a double run counted as one run")),
        MugginsFocus("a run counted one card short", any_draw(), _mistake("a run counted one card short")),
        MugginsFocus("a missed fifteen", any_draw(), _mistake("a missed fifteen")),
    ),
    "hard": (
        MugginsFocus("a right count", _hard_draw(_ALL_HARD), _right),
        MugginsFocus("a flush of four in the crib", _hard_draw(("a crib with four of a suit",)),
                     _mistake("a flush of four in the crib")),
        MugginsFocus("a missed flush", _hard_draw(_FLUSHES), _mistake("a missed flush")),
        MugginsFocus("a flush of five counted as four", _hard_draw(_FLUSHES),
                     _mistake("a flush of five counted as four")),
        MugginsFocus("missed his nobs", _hard_draw(("his nobs",)), _mistake("missed his nobs")),
        MugginsFocus("his nobs for the wrong jack", _jack_off_suit, _mistake("his nobs for the wrong jack")),
        MugginsFocus("a triple run counted short", _hard_draw(("a triple run",)),
                     _mistake("a triple run counted short")),
        MugginsFocus("a double-double run counted short", _hard_draw(("a double-double run",)),
                     _mistake("a double-double run counted short")),
    ),
}


def make_muggins(
    rng: random.Random, difficulty: str, focus: MugginsFocus, number: int, seen: set
) -> MugginsExercise:
    """One Muggins question of ``difficulty`` showing ``focus``; its hand new to ``seen``."""
    for _ in range(TRIES):
        hand, starter, crib = focus.draw(rng)
        key = (frozenset(hand), starter, crib)
        if key in seen:
            continue
        score = CountingExercise(number, focus.name, hand, starter, crib).score()
        if difficulty != "hard" and not hand_level(_as_exercise(score), score, difficulty):
            continue
        changed = focus.change(rng, score)
        if changed is None:
            continue
        exercise = MugginsExercise(number, focus.name, hand, starter, crib, *changed)
        if exercise.announced <= MAX_HAND_SCORE and muggins_level(exercise, score, difficulty):
            seen.add(key)
            return exercise
    raise RuntimeError(f"no hand found for {focus.name!r} after {TRIES} tries: please report this as a bug")


def _as_exercise(score: HandScore) -> CountingExercise:
    """The score's hand as an exercise, for the level checks that look at the cards."""
    return CountingExercise(0, "", score.hand, score.starter, score.crib)
