"""Reading a learner's answer: a total, points per kind, or for Muggins a call.

Answers come from a text box, a file or Python, so text and numbers are both accepted. Anything
unreadable raises `AnswerError` with a message that quotes it and shows what to write instead.

>>> from crib_widgets.exercises.generate import make_set
>>> ex = make_set("counting", "easy", 1, 7)[1]
>>> read_answer(ex, " 4 ").total, read_answer(ex, "fifteens 4, pairs 2").by_kind
(4, {'fifteen': 4, 'pair': 2})
>>> read_answer(ex, "twelve")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
crib_widgets.exercises.answers.AnswerError: 'twelve' is not an answer: write the points as a number ...
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from ..errors import CribbageError
from .model import HAND_KINDS, PLAY_KINDS, Exercise

__all__ = ["AnswerError", "Answer", "read_answer", "kind_names", "MAX_POINTS"]

MAX_POINTS = 29

_ALIASES = {
    "fifteen": ("fifteen", "fifteens", "15", "15s", "15's", "fifteen-two"),
    "pair": ("pair", "pairs", "pair royal", "pairs royal", "three of a kind", "four of a kind",
             "double pair royal"),
    "run": ("run", "runs"),
    "flush": ("flush", "flushes"),
    "nobs": ("nobs", "nob", "his nobs", "knobs", "his nob"),
    "thirty-one": ("thirty-one", "thirty one", "thirtyone", "31", "31s"),
    "go": ("go", "the go", "a go", "gos"),
    "last card": ("last card", "last", "the last card", "last-card"),
}
_ALIAS_TO_KIND = {alias: kind for kind, aliases in _ALIASES.items() for alias in aliases}
_PART = re.compile(r"^(?P<name>[^\d+-].*?|\d+'?s?)\s*[:=]?\s*(?P<num>[+-]?\d+)\s*(?:points?|pts?)?$")
_NUMBER = re.compile(r"^(?P<num>[+-]?\d+)\s*(?:points?|pts?)?$")
_SPLIT = re.compile(r"\s*(?:[,;\n]|\band\b)\s*")
_ACCEPT = {"accept", "accepted", "ok", "okay", "right", "correct", "agree", "0", "+0", "-0"}
_MUGGINS = re.compile(r"^(?:muggins|missed|short)\b[\s,:!]*(?:by\s+)?(?P<num>\d+)?\s*(?:points?)?$")
_HIGH = re.compile(r"^(?:too\s+high|too\s+many|over(?:-?count(?:ed)?)?|high)\b[\s,:!]*(?:by\s+)?"
                   r"(?P<num>\d+)?\s*(?:points?)?$")


class AnswerError(CribbageError):
    """An answer that cannot be read; the message says what to write instead."""


@dataclass(frozen=True, slots=True)
class Answer:
    """A learner's answer as read: ``total`` (a Muggins call as a signed number) or ``by_kind``."""

    text: str
    total: int | None = None
    by_kind: dict[str, int] | None = None


def kind_names(exercise: Exercise) -> tuple[str, ...]:
    """The kinds of points a per-kind answer to this exercise may name."""
    return PLAY_KINDS if exercise.kind == "play" else HAND_KINDS


def _example(exercise: Exercise) -> str:
    if exercise.kind == "play":
        return "points per kind, e.g. 'pair 2, go 1'"
    return "points per kind, e.g. 'fifteens 4, pairs 2, runs 3'"


def _usage(exercise: Exercise) -> str:
    if exercise.kind == "muggins":
        return ("say 'accept' if the count is right, 'muggins 2' if 2 points were missed, "
                "'too high 4' if 4 were counted too many, or give your own count per kind, "
                "e.g. 'fifteens 4, pairs 2'")
    return f"write the points as a number from 0 to {MAX_POINTS}, e.g. 12, or {_example(exercise)}"


def read_answer(exercise: Exercise, raw: object) -> Answer:
    """Read ``raw`` (a number, text or a mapping of kind to points) as an answer to ``exercise``."""
    if isinstance(raw, Answer):
        return raw
    if isinstance(raw, bool) or raw is None:
        raise AnswerError(f"{raw!r} is not an answer: {_usage(exercise)}")
    if isinstance(raw, int):
        return Answer(str(raw), total=_checked_total(exercise, raw, str(raw)))
    if isinstance(raw, Mapping):
        return Answer(_mapping_text(raw), by_kind=_read_mapping(exercise, raw))
    if not isinstance(raw, str):
        raise AnswerError(f"{raw!r} is not an answer: {_usage(exercise)}")
    text = " ".join(raw.split()).strip(" .!")
    if not text:
        raise AnswerError(f"the answer is empty: {_usage(exercise)}")
    lowered = text.lower()
    if exercise.kind == "muggins":
        call = _read_call(exercise, lowered, raw)
        if call is not None:
            return Answer(text, total=call)
    else:
        number = _NUMBER.match(lowered)
        if number:
            return Answer(text, total=_checked_total(exercise, int(number["num"]), raw))
    return Answer(text, by_kind=_read_parts(exercise, lowered, raw))


def _checked_total(exercise: Exercise, value: int, raw: object) -> int:
    low = -MAX_POINTS if exercise.kind == "muggins" else 0
    if not low <= value <= MAX_POINTS:
        what = "a call" if exercise.kind == "muggins" else "points"
        raise AnswerError(f"{raw!r} is out of range: {what} must be from {low} to {MAX_POINTS}; "
                          f"{_usage(exercise)}")
    return value


def _read_call(exercise: Exercise, lowered: str, raw: object) -> int | None:
    """A Muggins call as a signed number, or None when the text is not a call."""
    if lowered in _ACCEPT:
        return 0
    for pattern, sign, what in ((_MUGGINS, 1, "missed"), (_HIGH, -1, "counted too many")):
        match = pattern.match(lowered)
        if match:
            if not match["num"] or int(match["num"]) == 0:
                raise AnswerError(f"{raw!r} does not say how many points were {what}: name a number "
                                  f"from 1 to {MAX_POINTS}, e.g. '{lowered.split()[0]} 2'")
            return sign * _checked_total(exercise, int(match["num"]), raw)
    signed = re.fullmatch(r"([+-])\s*(\d+)", lowered)
    if signed:
        return _checked_total(exercise, int(signed[1] + signed[2]), raw)
    if _NUMBER.match(lowered):
        raise AnswerError(f"{raw!r} is not clear for Muggins: {_usage(exercise)}")
    return None


def _read_parts(exercise: Exercise, lowered: str, raw: object) -> dict[str, int]:
    points: dict[str, int] = {}
    for part in filter(None, _SPLIT.split(lowered)):
        match = _PART.match(part)
        if not match:
            raise AnswerError(f"{raw!r} is not an answer: {_usage(exercise)}")
        kind = _kind(exercise, match["name"].strip(), raw)
        _add(exercise, points, kind, int(match["num"]), raw)
    if not points:
        raise AnswerError(f"{raw!r} is not an answer: {_usage(exercise)}")
    return points


def _read_mapping(exercise: Exercise, raw: Mapping) -> dict[str, int]:
    points: dict[str, int] = {}
    for name, value in raw.items():
        kind = _kind(exercise, str(name).strip().lower(), raw)
        if isinstance(value, str) and re.fullmatch(r"\s*\d+\s*", value):
            value = int(value)
        if isinstance(value, bool) or not isinstance(value, int):
            raise AnswerError(f"{value!r} for {name!r} is not a number of points: write a whole number "
                              f"from 0 to {MAX_POINTS}, e.g. {{'fifteens': 4}}")
        _add(exercise, points, kind, value, raw)
    if not points:
        raise AnswerError(f"the answer names no kinds: {_usage(exercise)}")
    return points


def _kind(exercise: Exercise, name: str, raw: object) -> str:
    kind = _ALIAS_TO_KIND.get(name)
    allowed = kind_names(exercise)
    if kind not in allowed:
        shown = ", ".join(_ALIASES[k][1] if k in ("fifteen", "pair", "run") else k for k in allowed)
        raise AnswerError(f"{name!r} in {raw!r} is not a kind of points here: use {shown}")
    return kind


def _add(exercise: Exercise, points: dict[str, int], kind: str, value: int, raw: object) -> None:
    if kind in points:
        raise AnswerError(f"{kind} appears twice in {raw!r}: give each kind once")
    if not 0 <= value <= MAX_POINTS:
        raise AnswerError(f"{value} points for {kind} in {raw!r} is out of range: give 0 to {MAX_POINTS}")
    points[kind] = value


def _mapping_text(raw: Mapping) -> str:
    return ", ".join(f"{name} {value}" for name, value in raw.items())
