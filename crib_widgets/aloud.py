"""Counting a hand aloud the way players do: "fifteen two, fifteen four, and a pair is six"."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import Card

if TYPE_CHECKING:
    from .scoring import HandScore

__all__ = ["number_words", "count_steps", "say_count"]

_ONES = (
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
    "fifteen sixteen seventeen eighteen nineteen"
).split()
_SETS = {2: "a pair", 3: "three of a kind", 4: "four of a kind"}
_ORDINALS = ["a", "a second", "a third", "a fourth"]
_RUN_SIZES = {3: "three", 4: "four", 5: "five"}


def number_words(n: int) -> str:
    """A number as it is said: ``number_words(24)`` is ``'twenty-four'``."""
    if 0 <= n < 20:
        return _ONES[n]
    if 20 <= n < 40:
        tens = {2: "twenty", 3: "thirty"}[n // 10]
        return tens if n % 10 == 0 else f"{tens}-{_ONES[n % 10]}"
    return str(n)


def count_steps(score: HandScore) -> list[tuple[str, tuple[Card, ...], int]]:
    """The spoken count as steps: (words, the cards that score in this step, running total).

    Fifteens one by one, then pairs grouped by rank (three of a kind is one step), then each run,
    the flush and his nobs.
    """
    steps: list[tuple[str, tuple[Card, ...], int]] = []
    total = 0
    for item in score.of_kind("fifteen"):
        total += item.points
        steps.append((f"fifteen {number_words(total)}", item.cards, total))
    for cards, points in _pair_groups(score):
        total += points
        steps.append((f"{_SETS[len(cards)]} is {number_words(total)}", cards, total))
    for i, item in enumerate(score.of_kind("run")):
        total += item.points
        size = _RUN_SIZES[len(item.cards)]
        steps.append((f"{_ORDINALS[min(i, 3)]} run of {size} is {number_words(total)}", item.cards, total))
    for item in score.of_kind("flush"):
        total += item.points
        steps.append((f"a flush of {_RUN_SIZES[len(item.cards)] if len(item.cards) > 4 else 'four'} "
                      f"is {number_words(total)}", item.cards, total))
    for item in score.of_kind("nobs"):
        total += item.points
        steps.append((f"and one for his nobs is {number_words(total)}", item.cards, total))
    return steps


def _pair_groups(score: HandScore) -> list[tuple[tuple[Card, ...], int]]:
    groups: dict[int, list[Card]] = {}
    points: dict[int, int] = {}
    for item in score.of_kind("pair"):
        rank = item.cards[0].rank
        bucket = groups.setdefault(rank, [])
        bucket.extend(c for c in item.cards if c not in bucket)
        points[rank] = points.get(rank, 0) + item.points
    return [(tuple(groups[r]), points[r]) for r in groups]


def say_count(score: HandScore) -> str:
    r"""The whole count in one sentence, ending with the total.

    >>> from crib_widgets.scoring import score_hand
    >>> print(score_hand("4H 5C 6D JS", "5S").aloud().replace(", a", ",\na"))
    Fifteen two, fifteen four, fifteen six, fifteen eight,
    a pair is ten,
    a run of three is thirteen,
    a second run of three is sixteen,
    and one for his nobs is seventeen. 17 points.
    >>> score_hand("2H 4C 10D QS", "8D").aloud()
    'Nineteen: nothing. 0 points.'
    """
    steps = count_steps(score)
    if not steps:
        return "Nineteen: nothing. 0 points."
    words = ", ".join(text for text, _, _ in steps)
    total = steps[-1][2]
    return f"{words[0].upper()}{words[1:]}. {total} point{'s' if total != 1 else ''}."
