"""The catalogue of real counting mistakes: what a counter gets wrong, and how it says so.

One home for the slips that Muggins worksheets ask about (`crib_widgets.exercises.mistakes`),
that the Muggins quiz shows, and that computer counters make in Muggins games: a missed
fifteen, pair, run or flush, a double run counted as one run, a run counted a card short, a
fifteen counted twice, his nobs for the wrong jack, a four-card flush counted in the crib, a
flush of five counted as four, a triple or double-double run counted short, and two cards taken
for a fifteen that are not one.

Each mistake is a `Change`: from the true count (a `HandScore`) and a random generator, the
combinations the counter claims and the `Slip` lines saying what went wrong, or None when the
hand does not allow that mistake.

>>> import random
>>> from crib_widgets.scoring import score_hand
>>> score = score_hand("JH 5C 6D 4S", "5S")
>>> claimed, (slip,) = MISTAKES["his nobs for the wrong jack"](random.Random(1), score)
>>> slip.points, slip.reason.split(":")[0]
(-1, 'claimed his nobs for the J♥, but the starter is 5♠')
>>> draw_mistake(score, random.Random(3)).name in MISTAKES
True
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from ..cards import Card
from ..scoring import CRIB_FLUSH_RULE, NOBS_RULE, HandScore, ScoreItem

__all__ = ["Slip", "Change", "Mistake", "MISTAKES", "COMPUTER_MISTAKES", "draw_mistake", "drop",
           "fifteen_twice", "set_short", "runs_short", "run_one_short", "crib_four_flush",
           "flush_five_as_four", "wrong_jack", "false_fifteen", "right"]


@dataclass(frozen=True, slots=True)
class Slip:
    """One line saying what a counter got wrong: the kind of points, how many were missed
    (negative: claimed too many), the words, and the cards."""

    kind: str
    points: int
    reason: str
    cards: tuple[Card, ...] = ()


Counted = tuple[tuple[ScoreItem, ...], tuple[Slip, ...]]
Outcome = Counted | None
"""The items counted and the slips made (None: this mistake cannot be made with the hand)."""
Change = Callable[[random.Random, HandScore], Outcome]


def _shown(cards: tuple[Card, ...]) -> str:
    return " + ".join(c.pretty for c in cards)


def right(rng: random.Random, score: HandScore) -> Outcome:
    """No mistake: the true combinations."""
    return score.items, ()


def drop(kind: str, words: str) -> Change:
    """The counter misses one combination of ``kind``."""

    def change(rng: random.Random, score: HandScore) -> Outcome:
        items = score.of_kind(kind)
        if not items:
            return None
        missed = rng.choice(items)
        claimed = tuple(item for item in score.items if item is not missed)
        return claimed, (Slip(kind, missed.points, f"{words}: {_shown(missed.cards)}", missed.cards),)

    return change


def fifteen_twice(rng: random.Random, score: HandScore) -> Outcome:
    """The same fifteen counted twice."""
    items = score.of_kind("fifteen")
    if not items:
        return None
    twice = rng.choice(items)
    claimed = list(score.items)
    claimed.insert(claimed.index(twice) + 1, twice)
    line = Slip("fifteen", -2, f"counted the same fifteen twice: {_shown(twice.cards)}", twice.cards)
    return tuple(claimed), (line,)


def set_short(rng: random.Random, score: HandScore) -> Outcome:
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
    return claimed, (Slip("pair", missed, f"{words[len(cards)]}: {_shown(tuple(cards))}", tuple(cards)),)


def runs_short(keep: int, words: str, needs: int) -> Change:
    """A hand with ``needs`` runs counted as if it had only ``keep`` of them."""

    def change(rng: random.Random, score: HandScore) -> Outcome:
        runs = score.of_kind("run")
        if len(runs) != needs:
            return None
        dropped = runs[keep:]
        claimed = tuple(item for item in score.items if item not in dropped)
        cards = tuple(sorted({c for item in runs for c in item.cards}, key=lambda c: (c.rank, c.suit)))
        missed = sum(item.points for item in dropped)
        return claimed, (Slip("run", missed, f"{words}: {_shown(cards)}", cards),)

    return change


def run_one_short(rng: random.Random, score: HandScore) -> Outcome:
    """A run of four or five counted a card short."""
    runs = score.of_kind("run")
    if len(runs) != 1 or len(runs[0].cards) < 4:
        return None
    run = runs[0]
    short = ScoreItem("run", run.cards[:-1], run.points - 1)
    claimed = tuple(short if item is run else item for item in score.items)
    line = Slip("run", 1, f"counted a run of {len(run.cards)} as a run of {len(short.cards)}: "
                f"{_shown(run.cards)}", run.cards)
    return claimed, (line,)


def crib_four_flush(rng: random.Random, score: HandScore) -> Outcome:
    """A flush of four counted in the crib (`scoring.CRIB_FLUSH_RULE`)."""
    if not score.crib or len({c.suit for c in score.hand}) != 1 or score.of_kind("flush"):
        return None
    claimed = (*score.items, ScoreItem("flush", score.hand, 4))
    line = Slip("flush", -4, f"counted a flush of four in the crib, but {CRIB_FLUSH_RULE}: "
                f"{_shown(score.hand)}", score.hand)
    return claimed, (line,)


def flush_five_as_four(rng: random.Random, score: HandScore) -> Outcome:
    """A flush of five (the starter matches too) counted as four."""
    flush = score.of_kind("flush")
    if not flush or len(flush[0].cards) != 5:
        return None
    four = ScoreItem("flush", score.hand, 4)
    claimed = tuple(four if item is flush[0] else item for item in score.items)
    line = Slip("flush", 1, f"counted a flush of five as four (the starter matches too): "
                f"{_shown(flush[0].cards)}", flush[0].cards)
    return claimed, (line,)


def wrong_jack(rng: random.Random, score: HandScore) -> Outcome:
    """His nobs claimed for a jack that is not of the starter's suit."""
    jacks = [c for c in score.hand if c.rank == 11 and c.suit != score.starter.suit]
    if not jacks or score.of_kind("nobs"):
        return None
    jack = rng.choice(jacks)
    claimed = (*score.items, ScoreItem("nobs", (jack, score.starter), 1))
    line = Slip("nobs", -1, f"claimed his nobs for the {jack.pretty}, but the starter is "
                f"{score.starter.pretty}: {NOBS_RULE}", (jack, score.starter))
    return claimed, (line,)


def false_fifteen(rng: random.Random, score: HandScore) -> Counted:
    """Two cards taken for a fifteen that they do not make."""
    five = [*score.hand, score.starter]
    pairs = [(a, b) for i, a in enumerate(five) for b in five[i + 1:] if a.value + b.value != 15]
    cards = rng.choice(pairs)
    claimed = (ScoreItem("fifteen", cards, 2), *score.items)
    line = Slip("fifteen", -2, f"counted {_shown(cards)} as fifteen, but they make "
                f"{cards[0].value + cards[1].value}", cards)
    return claimed, (line,)


@dataclass(frozen=True, slots=True)
class Mistake:
    """A mistake drawn for a hand: its catalogue name, what was claimed, and what went wrong."""

    name: str
    claimed: tuple[ScoreItem, ...]
    slips: tuple[Slip, ...]


# Every mistake by name (the names the worksheets use for their focuses).
MISTAKES: dict[str, Change] = {
    "a missed fifteen": drop("fifteen", "missed a fifteen"),
    "a missed pair": set_short,
    "a fifteen counted twice": fifteen_twice,
    "a missed run": runs_short(0, "missed the run", 1),
    "a double run counted as one run": runs_short(1, "counted only one run", 2),
    "a run counted one card short": run_one_short,
    "a flush of four in the crib": crib_four_flush,
    "a missed flush": drop("flush", "missed the flush"),
    "a flush of five counted as four": flush_five_as_four,
    "missed his nobs": drop("nobs", "missed his nobs"),
    "his nobs for the wrong jack": wrong_jack,
    "a triple run counted short": runs_short(2, "counted a triple run as a double run", 3),
    "a double-double run counted short": runs_short(2, "counted a double-double run as a double run", 4),
    "a false fifteen": false_fifteen,
}
# The ones a computer counter makes in a Muggins game or quiz: all of them.
COMPUTER_MISTAKES = tuple(MISTAKES)


def draw_mistake(score: HandScore, rng: random.Random, names: tuple[str, ...] = COMPUTER_MISTAKES
                 ) -> Mistake:
    """One mistake from ``names`` that this hand allows, each allowed one equally likely (the false
    fifteen is always possible, so there is always one)."""
    order = list(names)
    rng.shuffle(order)
    for name in order:
        changed = MISTAKES[name](rng, score)
        if changed is not None:
            return Mistake(name, *changed)
    claimed, slips = false_fifteen(rng, score)
    return Mistake("a false fifteen", claimed, slips)
