"""Counting a hand aloud, in the words players use or step by step for beginners.

Two phrasings, one running total:

- ``"players"`` (the default) is the cadence heard at a cribbage table: "fifteen two, fifteen
  four, and a pair is six"; a pair inside a run is said with it ("a double run of three is
  eight", "a double double run is sixteen"), three of a kind is "a pair royal", a flush is
  "four for the flush", a hand with nothing is "nineteen".
- ``"plain"`` names every combination on its own ("a pair is ten, a run of three is thirteen, a
  second run of three is sixteen"), which is easier to follow while learning.

Each step carries the words, the cards that score in it and the running total after it, so a
widget can light the cards and a voice can say the words (`crib_widgets.voice`).

>>> from crib_widgets.scoring import score_hand
>>> score_hand("4C 5D 5H 6S", "KH").aloud()
'Fifteen two, fifteen four, fifteen six, fifteen eight, and a double run of three is sixteen. 16 points.'
>>> score_hand("4C 5D 5H 6S", "KH").aloud("plain")
'Fifteen two, fifteen four, fifteen six, fifteen eight, a pair is ten, a run of three is thirteen, \
a second run of three is sixteen. 16 points.'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from math import prod
from typing import NamedTuple, Protocol

from .cards import Card
from .errors import CribbageError
from .words import plural

__all__ = ["PHRASINGS", "NOTHING", "Step", "number_words", "count_steps", "say_count", "check_phrasing",
           "run_pattern", "set_name"]


class _Combination(Protocol):
    @property
    def cards(self) -> tuple[Card, ...]: ...
    @property
    def points(self) -> int: ...


class HandScore(Protocol):
    """What a count aloud needs of a show (`crib_widgets.scoring.HandScore` is one): the cards and
    each kind's combinations. Named here so the scoring module, which says its count through this
    one, is not imported back."""

    @property
    def hand(self) -> tuple[Card, ...]: ...
    @property
    def starter(self) -> Card: ...
    def of_kind(self, kind: str) -> Sequence[_Combination]: ...


PHRASINGS = {"players": "As players say it", "plain": "Step by step"}
NOTHING = "nineteen"  # a hand that scores nothing: 19 is the one total no hand can make

_ONES = (
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
    "fifteen sixteen seventeen eighteen nineteen"
).split()
_PLAIN_SETS = {2: "a pair", 3: "three of a kind", 4: "four of a kind"}
_PLAYERS_SETS = {2: "a pair", 3: "a pair royal", 4: "a double pair royal"}
_ORDINALS = ["a", "a second", "a third", "a fourth"]
_SIZES = {3: "three", 4: "four", 5: "five"}


class Step(NamedTuple):
    """One step of a count said aloud: its words, the cards lit while it is said, the running total."""

    words: str
    cards: tuple[Card, ...]
    total: int


def number_words(n: int) -> str:
    """A number as it is said: ``number_words(24)`` is ``'twenty-four'``."""
    if 0 <= n < 20:
        return _ONES[n]
    if 20 <= n < 40:
        tens = {2: "twenty", 3: "thirty"}[n // 10]
        return tens if n % 10 == 0 else f"{tens}-{_ONES[n % 10]}"
    return str(n)


def check_phrasing(phrasing: str) -> str:
    """``phrasing`` if it is one of `PHRASINGS`; otherwise a `CribbageError` naming the choices."""
    if not isinstance(phrasing, str) or phrasing not in PHRASINGS:
        raise CribbageError(f"phrasing {phrasing!r} is not known: use one of {', '.join(PHRASINGS)}")
    return phrasing


def set_name(size: int, phrasing: str = "players") -> str:
    """Two, three or four cards of one rank: 'a pair', 'a pair royal' (plain: 'three of a kind')..."""
    return (_PLAYERS_SETS if phrasing == "players" else _PLAIN_SETS)[size]


def run_pattern(lengths: Counter[int] | dict[int, int]) -> str:
    """What players call a run with its doubled ranks, from how many cards each rank of it has.

    >>> run_pattern({4: 1, 5: 2, 6: 1}), run_pattern({4: 2, 5: 2, 6: 1}), run_pattern({4: 3, 5: 1, 6: 1})
    ('a double run of three', 'a double double run', 'a triple run')
    """
    size, ways = len(lengths), prod(lengths.values())
    if ways == 1:
        return f"a run of {_SIZES[size]}"
    if ways == 2:
        return f"a double run of {_SIZES[size]}"
    return "a triple run" if ways == 3 else "a double double run"


def count_steps(score: HandScore, phrasing: str = "players") -> list[Step]:
    """The spoken count as steps, fifteens first, then pairs and runs, the flush and his nobs.

    The last step's total is the hand's total; an empty list is a hand of nothing ("nineteen").
    """
    check_phrasing(phrasing)
    steps: list[Step] = []
    total = 0
    for item in score.of_kind("fifteen"):
        total += item.points
        steps.append(Step(f"fifteen {number_words(total)}", item.cards, total))
    parts = _players_parts(score) if phrasing == "players" else _plain_parts(score)
    for words, cards, points in parts:
        total += points
        steps.append(Step(f"{words} is {number_words(total)}", cards, total))
    if phrasing == "players" and len(steps) > 1 and not steps[-1].words.startswith("fifteen"):
        steps[-1] = steps[-1]._replace(words=f"and {steps[-1].words}")
    return steps


_Part = tuple[str, tuple[Card, ...], int]


def _plain_parts(score: HandScore) -> list[_Part]:
    parts = [(_PLAIN_SETS[len(cards)], cards, points) for cards, points in _pair_groups(score)]
    for i, item in enumerate(score.of_kind("run")):
        parts.append((f"{_ORDINALS[min(i, 3)]} run of {_SIZES[len(item.cards)]}", item.cards, item.points))
    for item in score.of_kind("flush"):
        parts.append((f"a flush of {_SIZES[len(item.cards)]}", item.cards, item.points))
    parts += [("and one for his nobs", item.cards, item.points) for item in score.of_kind("nobs")]
    return parts


def _players_parts(score: HandScore) -> list[_Part]:
    runs = score.of_kind("run")
    run_ranks = {c.rank for item in runs for c in item.cards}
    parts: list[_Part] = []
    loose = [(cards, points) for cards, points in _pair_groups(score) if cards[0].rank not in run_ranks]
    if len(loose) == 2 and all(len(cards) == 2 for cards, _ in loose):
        parts.append(("two pairs", loose[0][0] + loose[1][0], loose[0][1] + loose[1][1]))
    else:
        parts += [(_PLAYERS_SETS[len(cards)], cards, points) for cards, points in loose]
    if runs:
        five = [*score.hand, score.starter]
        cards = tuple(c for c in five if c.rank in run_ranks)
        inside = sum(points for group, points in _pair_groups(score) if group[0].rank in run_ranks)
        lengths = Counter(c.rank for c in cards)
        parts.append((run_pattern(lengths), cards, sum(i.points for i in runs) + inside))
    for item in score.of_kind("flush"):
        parts.append((f"{_SIZES[len(item.cards)]} for the flush", item.cards, item.points))
    parts += [("one for his nobs", item.cards, item.points) for item in score.of_kind("nobs")]
    return parts


def _pair_groups(score: HandScore) -> list[tuple[tuple[Card, ...], int]]:
    groups: dict[int, list[Card]] = {}
    points: dict[int, int] = {}
    for item in score.of_kind("pair"):
        rank = item.cards[0].rank
        bucket = groups.setdefault(rank, [])
        bucket.extend(c for c in item.cards if c not in bucket)
        points[rank] = points.get(rank, 0) + item.points
    return [(tuple(groups[r]), points[r]) for r in groups]


def say_count(score: HandScore, phrasing: str = "players") -> str:
    r"""The whole count in one sentence, ending with the total.

    >>> from crib_widgets.scoring import score_hand
    >>> print(score_hand("4H 5C 6D JS", "5S").aloud("plain").replace(", a", ",\na"))
    Fifteen two, fifteen four, fifteen six, fifteen eight,
    a pair is ten,
    a run of three is thirteen,
    a second run of three is sixteen,
    and one for his nobs is seventeen. 17 points.
    >>> print(score_hand("4H 5C 6D JS", "5S").aloud().replace(", a", ",\na"))
    Fifteen two, fifteen four, fifteen six, fifteen eight,
    a double run of three is sixteen,
    and one for his nobs is seventeen. 17 points.
    >>> score_hand("2H 4C 10D QS", "8D").aloud()
    'Nineteen: nothing. 0 points.'
    """
    steps = count_steps(score, phrasing)
    if not steps:
        return "Nineteen: nothing. 0 points."
    words = ", ".join(step.words for step in steps)
    total = steps[-1].total
    return f"{words[0].upper()}{words[1:]}. {plural(total, 'point')}."
