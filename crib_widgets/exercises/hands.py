"""Hands to count: for every difficulty a list of focuses, each with a way to draw candidates.

Common shapes are drawn at random and kept when they fit; rare ones (flushes, nobs, triple and
double-double runs) are built on purpose with random ranks and suits, then checked by the engine
like any other hand.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from ..cards import SUITS, Card, full_deck
from ..scoring import HandScore
from .levels import four_of_a_suit, hand_level
from .model import CountingExercise

__all__ = ["Draw", "HandFocus", "COUNTING_FOCUSES", "draw_hand", "make_counting", "TRIES", "any_draw",
           "split_draw"]

DECK = tuple(full_deck())
TRIES = 200_000  # far more than any focus needs; reaching it means a focus is impossible (a bug)

# A candidate: four cards, the starter, and whether they are a crib.
Draw = tuple[tuple[Card, ...], Card, bool]


@dataclass(frozen=True, slots=True)
class HandFocus:
    """One kind of question within a difficulty: how to draw candidates and what must hold."""

    name: str
    draw: Callable[[random.Random], Draw]
    check: Callable[[CountingExercise, HandScore], bool]


def split_draw(cards: list[Card], crib: bool) -> Draw:
    """Five cards as a question's hand (the first four), starter and whether it is a crib."""
    return tuple(cards[:4]), cards[4], crib


def any_draw(crib: bool | None = False) -> Callable[[random.Random], Draw]:
    """Five random cards; ``crib=None`` makes about one in three a crib."""

    def draw(rng: random.Random) -> Draw:
        cards = rng.sample(DECK, 5)
        return split_draw(cards, rng.random() < 1 / 3 if crib is None else crib)

    return draw


def _suited(*, crib: bool, starter_matches: bool | None) -> Callable[[random.Random], Draw]:
    """Four cards of one suit; the starter of that suit, of another, or any (None)."""

    def draw(rng: random.Random) -> Draw:
        suit = rng.choice(SUITS)
        ranks = rng.sample(range(1, 14), 4)
        hand = [Card(r, suit) for r in ranks]
        if starter_matches is None:
            pool = [c for c in DECK if c not in hand]
        else:
            pool = [c for c in DECK if c not in hand and (c.suit == suit) == starter_matches]
        return tuple(hand), rng.choice(pool), crib

    return draw


def _nobs(rng: random.Random) -> Draw:
    jack = Card(11, rng.choice(SUITS))
    others = rng.sample([c for c in DECK if c != jack], 3)
    pool = [c for c in DECK if c.suit == jack.suit and c != jack and c not in others]
    hand = [jack, *others]
    rng.shuffle(hand)
    return tuple(hand), rng.choice(pool), rng.random() < 1 / 3


def _run_shape(copies: tuple[int, int, int]) -> Callable[[random.Random], Draw]:
    """Three consecutive ranks with the given numbers of cards, e.g. (2, 2, 1), in a random order."""

    def draw(rng: random.Random) -> Draw:
        low = rng.randint(1, 11)
        counts = list(copies)
        rng.shuffle(counts)
        cards = [Card(low + i, suit) for i, n in enumerate(counts) for suit in rng.sample(SUITS, n)]
        rng.shuffle(cards)
        return split_draw(cards, rng.random() < 1 / 3)

    return draw


def _kinds(score: HandScore) -> set[str]:
    return {item.kind for item in score.items}


def _run_lengths(score: HandScore) -> list[int]:
    return [len(item.cards) for item in score.of_kind("run")]


COUNTING_FOCUSES: dict[str, tuple[HandFocus, ...]] = {
    "easy": (
        HandFocus("fifteens", any_draw(), lambda e, s: _kinds(s) == {"fifteen"}),
        HandFocus("pairs", any_draw(), lambda e, s: _kinds(s) == {"pair"}),
        HandFocus("fifteens and pairs", any_draw(), lambda e, s: _kinds(s) == {"fifteen", "pair"}),
    ),
    "medium": (
        HandFocus("a run of three", any_draw(), lambda e, s: _run_lengths(s) == [3]),
        HandFocus("a run of four or five", any_draw(), lambda e, s: len(_run_lengths(s)) == 1
                  and _run_lengths(s)[0] >= 4),
        HandFocus("a double run", any_draw(), lambda e, s: len(_run_lengths(s)) == 2),
        HandFocus("a run and fifteens", any_draw(),
                  lambda e, s: bool(s.of_kind("run") and s.of_kind("fifteen"))),
    ),
    "hard": (
        HandFocus("a flush in the hand", _suited(crib=False, starter_matches=None),
                  lambda e, s: not e.crib and bool(s.of_kind("flush"))),
        HandFocus("a flush in the crib", _suited(crib=True, starter_matches=True),
                  lambda e, s: e.crib and bool(s.of_kind("flush"))),
        HandFocus("a crib with four of a suit", _suited(crib=True, starter_matches=False),
                  lambda e, s: e.crib and four_of_a_suit(e) and not s.of_kind("flush")),
        HandFocus("his nobs", _nobs, lambda e, s: bool(s.of_kind("nobs"))),
        HandFocus("a triple run", _run_shape((3, 1, 1)), lambda e, s: len(_run_lengths(s)) == 3),
        HandFocus("a double-double run", _run_shape((2, 2, 1)), lambda e, s: len(_run_lengths(s)) == 4),
    ),
}


def draw_hand(
    rng: random.Random,
    draw: Callable[[random.Random], Draw],
    keep: Callable[[CountingExercise, HandScore], bool],
    seen: set,
    what: str,
) -> tuple[CountingExercise, HandScore]:
    """Draw candidates until one is new (not in ``seen``) and ``keep`` accepts it."""
    for _ in range(TRIES):
        hand, starter, crib = draw(rng)
        key = (frozenset(hand), starter, crib)
        if key in seen:
            continue
        exercise = CountingExercise(0, what, hand, starter, crib)
        score = exercise.score()
        if keep(exercise, score):
            seen.add(key)
            return exercise, score
    raise RuntimeError(f"no hand found for {what!r} after {TRIES} tries: please report this as a bug")


def make_counting(
    rng: random.Random, difficulty: str, focus: HandFocus, number: int, seen: set
) -> CountingExercise:
    """One counting exercise of ``difficulty`` showing ``focus``."""
    exercise, _ = draw_hand(
        rng, focus.draw, lambda e, s: focus.check(e, s) and hand_level(e, s, difficulty), seen, focus.name
    )
    return CountingExercise(number, focus.name, exercise.hand, exercise.starter, exercise.crib)
