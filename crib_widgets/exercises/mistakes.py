"""Muggins questions: a hand counted aloud with one typical mistake (or none) to catch.

Each focus draws a hand and changes the list of combinations the counter claims: it drops one
(a missed fifteen), repeats one (a fifteen counted twice) or adds one that does not count (a
four-card flush in the crib). The count the counter says aloud is read from that list.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from ..cards import Card
from ..scoring import HandScore, ScoreItem
from .hands import COUNTING_FOCUSES, DECK, TRIES, Draw, _any, _split
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


def _shown(cards: tuple[Card, ...]) -> str:
    return " + ".join(c.pretty for c in cards)


def _right(rng: random.Random, score: HandScore):
    return score.items, ()


def _drop(kind: str, words: str) -> Change:
    """The counter misses one combination of ``kind``."""

    def change(rng: random.Random, score: HandScore):
        items = score.of_kind(kind)
        if not items:
            return None
        missed = rng.choice(items)
        claimed = tuple(item for item in score.items if item is not missed)
        return claimed, (KeyLine(kind, missed.points, f"{words}: {_shown(missed.cards)}", missed.cards),)

    return change


def _fifteen_twice(rng: random.Random, score: HandScore):
    items = score.of_kind("fifteen")
    if not items:
        return None
    twice = rng.choice(items)
    claimed = list(score.items)
    claimed.insert(claimed.index(twice) + 1, twice)
    line = KeyLine("fifteen", -2, f"counted the same fifteen twice: {_shown(twice.cards)}", twice.cards)
    return tuple(claimed), (line,)


def _set_short(rng: random.Random, score: HandScore):
    """Two pairs: one is missed. Three or four of a kind: counted as one set smaller."""
    ranks = sorted({item.cards[0].rank for item in score.of_kind("pair")})
    if not ranks:
        return None
    rank = rng.choice(ranks)
    cards = [c for c in (*score.hand, score.starter) if c.rank == rank]
    kept = cards[:-1] if len(cards) > 2 else []
    keep = {(a, b) for i, a in enumerate(kept) for b in kept[i + 1 :]}
    claimed = tuple(i for i in score.items if i.kind != "pair" or i.cards[0].rank != rank or i.cards in keep)
    missed = sum(i.points for i in score.items) - sum(i.points for i in claimed)
    words = {2: "missed a pair", 3: "counted three of a kind as one pair",
             4: "counted four of a kind as three"}
    return claimed, (KeyLine("pair", missed, f"{words[len(cards)]}: {_shown(tuple(cards))}", tuple(cards)),)


def _runs_short(keep: int, words: str, needs: int) -> Change:
    """A hand with ``needs`` runs counted as if it had only ``keep`` of them."""

    def change(rng: random.Random, score: HandScore):
        runs = score.of_kind("run")
        if len(runs) != needs:
            return None
        dropped = runs[keep:]
        claimed = tuple(item for item in score.items if item not in dropped)
        cards = tuple(sorted({c for item in runs for c in item.cards}, key=lambda c: (c.rank, c.suit)))
        missed = sum(item.points for item in dropped)
        return claimed, (KeyLine("run", missed, f"{words}: {_shown(cards)}", cards),)

    return change


def _run_one_short(rng: random.Random, score: HandScore):
    runs = score.of_kind("run")
    if len(runs) != 1 or len(runs[0].cards) < 4:
        return None
    run = runs[0]
    short = ScoreItem("run", run.cards[:-1], run.points - 1)
    claimed = tuple(short if item is run else item for item in score.items)
    line = KeyLine("run", 1, f"counted a run of {len(run.cards)} as a run of {len(short.cards)}: "
                   f"{_shown(run.cards)}", run.cards)
    return claimed, (line,)


def _crib_four_flush(rng: random.Random, score: HandScore):
    if not score.crib or len({c.suit for c in score.hand}) != 1 or score.of_kind("flush"):
        return None
    claimed = (*score.items, ScoreItem("flush", score.hand, 4))
    line = KeyLine("flush", -4, f"counted a flush of four in the crib, where only five of a suit count: "
                   f"{_shown(score.hand)}", score.hand)
    return claimed, (line,)


def _flush_five_as_four(rng: random.Random, score: HandScore):
    flush = score.of_kind("flush")
    if not flush or len(flush[0].cards) != 5:
        return None
    four = ScoreItem("flush", score.hand, 4)
    claimed = tuple(four if item is flush[0] else item for item in score.items)
    line = KeyLine("flush", 1, f"counted a flush of five as four (the starter matches too): "
                   f"{_shown(flush[0].cards)}", flush[0].cards)
    return claimed, (line,)


def _wrong_jack(rng: random.Random, score: HandScore):
    jacks = [c for c in score.hand if c.rank == 11 and c.suit != score.starter.suit]
    if not jacks or score.of_kind("nobs"):
        return None
    jack = rng.choice(jacks)
    claimed = (*score.items, ScoreItem("nobs", (jack, score.starter), 1))
    line = KeyLine("nobs", -1, f"claimed his nobs for the {jack.pretty}, but the starter is "
                   f"{score.starter.pretty}: only the jack of the starter's suit counts",
                   (jack, score.starter))
    return claimed, (line,)


def _jack_off_suit(rng: random.Random) -> Draw:
    cards = rng.sample(DECK, 5)
    if not any(c.rank == 11 for c in cards[:4]):
        cards[rng.randrange(4)] = next(c for c in rng.sample(DECK, 52) if c.rank == 11 and c not in cards)
    return _split(cards, rng.random() < 1 / 3)


def _hard_draw(names: tuple[str, ...]) -> Callable[[random.Random], Draw]:
    focuses = [f for f in COUNTING_FOCUSES["hard"] if f.name in names]

    def draw(rng: random.Random) -> Draw:
        return rng.choice(focuses).draw(rng)

    return draw


_ALL_HARD = tuple(f.name for f in COUNTING_FOCUSES["hard"])
_FLUSHES = ("a flush in the hand", "a flush in the crib")

MUGGINS_FOCUSES: dict[str, tuple[MugginsFocus, ...]] = {
    "easy": (
        MugginsFocus("a right count", _any(), _right),
        MugginsFocus("a missed fifteen", _any(), _drop("fifteen", "missed a fifteen")),
        MugginsFocus("a missed pair", _any(), _set_short),
        MugginsFocus("a fifteen counted twice", _any(), _fifteen_twice),
    ),
    "medium": (
        MugginsFocus("a right count", _any(), _right),
        MugginsFocus("a missed run", _any(), _runs_short(0, "missed the run", 1)),
        MugginsFocus("a double run counted as one run", _any(), _runs_short(1, "counted only one run", 2)),
        MugginsFocus("a run counted one card short", _any(), _run_one_short),
        MugginsFocus("a missed fifteen", _any(), _drop("fifteen", "missed a fifteen")),
    ),
    "hard": (
        MugginsFocus("a right count", _hard_draw(_ALL_HARD), _right),
        MugginsFocus("a flush of four in the crib", _hard_draw(("a crib with four of a suit",)),
                     _crib_four_flush),
        MugginsFocus("a missed flush", _hard_draw(_FLUSHES), _drop("flush", "missed the flush")),
        MugginsFocus("a flush of five counted as four", _hard_draw(_FLUSHES), _flush_five_as_four),
        MugginsFocus("missed his nobs", _hard_draw(("his nobs",)), _drop("nobs", "missed his nobs")),
        MugginsFocus("his nobs for the wrong jack", _jack_off_suit, _wrong_jack),
        MugginsFocus("a triple run counted short", _hard_draw(("a triple run",)),
                     _runs_short(2, "counted a triple run as a double run", 3)),
        MugginsFocus("a double-double run counted short", _hard_draw(("a double-double run",)),
                     _runs_short(2, "counted a double-double run as a double run", 4)),
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
        if exercise.announced <= 29 and muggins_level(exercise, score, difficulty):
            seen.add(key)
            return exercise
    raise RuntimeError(f"no hand found for {focus.name!r} after {TRIES} tries: please report this as a bug")


def _as_exercise(score: HandScore) -> CountingExercise:
    """The score's hand as an exercise, for the level checks that look at the cards."""
    return CountingExercise(0, "", score.hand, score.starter, score.crib)
