"""Reading a learner's answer: a total, points per kind (listed, added or counted aloud), or a Muggins call.

The one parser of answers: `grade`, the checker widget, `crib grade` and the assignment page all use it.
Points per kind may be listed ("fifteens 4, pairs 2", "fifteens 4 pairs 0"), added ("fifteen 2 + pair 2
+ run 3") or counted aloud with running totals ("15-2 15-4 pair 6", "fifteen 2 and a pair is 4").
Numbers may be written in words, as players say them and as the book's own counts say them
(`crib_widgets.aloud`): "fifteen two, fifteen four, and a pair is six", "a double run is eight",
"four for the flush", "twelve"; "nineteen" is what players say for a hand of nothing, so in a
hand's count it is read as 0.

Answers come from a text box, a file or Python, so text and numbers are both accepted. Anything
unreadable raises `AnswerError` with a message that quotes it and shows what to write instead.

>>> from crib_widgets.exercises.generate import make_set
>>> ex = make_set("counting", "easy", 1, 7)[1]
>>> read_answer(ex, " 4 ").total, read_answer(ex, "fifteens 4, pairs 2").by_kind
(4, {'fifteen': 4, 'pair': 2})
>>> read_answer(ex, "twelve").total, read_answer(ex, "Nineteen").total
(12, 0)
>>> read_answer(ex, "fifteen two, fifteen four, and a double run is twelve").by_kind
{'fifteen': 4, 'run': 6, 'pair': 2}
>>> read_answer(ex, "lots")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
crib_widgets.exercises.answers.AnswerError: 'lots' is not an answer: write the points as a number ...
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from ..errors import CribbageError
from ..scoring import MAX_HAND_SCORE
from .model import HAND_KINDS, KIND_LABELS, PLAY_KINDS, Exercise

__all__ = ["AnswerError", "Answer", "read_answer", "kind_names", "read_as", "MAX_POINTS"]

MAX_POINTS = MAX_HAND_SCORE  # no answer is more than a hand holds

_ALIASES = {
    "fifteen": ("fifteen", "fifteens", "15", "15s", "15's", "fifteen-two"),
    "pair": ("pair", "pairs", "pair royal", "pairs royal", "three of a kind", "four of a kind",
             "3 of a kind", "4 of a kind", "double pair royal"),
    "run": ("run", "runs"),
    "flush": ("flush", "flushes", "the flush"),
    "nobs": ("nobs", "nob", "his nobs", "knobs", "his nob"),
    "thirty-one": ("thirty-one", "thirty one", "thirtyone", "31", "31s"),
    "go": ("go", "the go", "a go", "gos"),
    "last card": ("last card", "last", "the last card", "last-card"),
}
# What players call a run with a pair inside it, and two pairs: points of two kinds under one name.
# The pair's share is fixed; the rest of the points are the runs' ("a double run is eight": 6 + 2).
_COMPOUNDS = {"double run": 2, "triple run": 6, "double double run": 4, "double-double run": 4,
              "2 pairs": None, "two pairs": None}
_ALIAS_TO_KIND = {alias: kind for kind, aliases in _ALIASES.items() for alias in aliases}
_ALIAS_TO_KIND.update({name: name for name in _COMPOUNDS})
_NUMBER = re.compile(r"^(?P<num>[+-]?\d+)\s*(?:points?|pts?)?$")
_ACCEPT = {"accept", "accepted", "ok", "okay", "right", "correct", "agree", "0", "+0", "-0"}
_MUGGINS = re.compile(r"^(?:muggins|missed|short)\b[\s,:!]*(?:by\s+)?(?P<num>\d+)?\s*(?:points?)?$")
_HIGH = re.compile(r"^(?:too\s+high|too\s+many|over(?:-?count(?:ed)?)?|high)\b[\s,:!]*(?:by\s+)?"
                   r"(?P<num>\d+)?\s*(?:points?)?$")


_UNITS = ("zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
          "sixteen seventeen eighteen nineteen").split()
_WORD_NUMBER = re.compile(r"\b(?:(?P<tens>twenty|thirty)(?:[-\s]?(?P<unit>one|two|three|four|five|six|seven|"
                          r"eight|nine))?|(?P<small>" + "|".join(_UNITS) + r"))\b")
_NOTHING = re.compile(r"(?:nineteen|19)(?:\s*[:,-]?\s*nothing)?|nothing|none|no points")
_SAID_TOTAL = re.compile(r"(?P<count>.+?)\s*[.;]\s*(?P<total>\d+)\s*(?:points?|pts?)$")


def _digits(lowered: str) -> str:
    """Number words as digits, except the kinds "fifteen" and "thirty-one" ("fifteen two" stays a
    fifteen), which are numbers only after "is" ("a run of three is fifteen")."""

    def number(match: re.Match) -> str:
        word = match.group()
        if match["small"]:
            value = _UNITS.index(match["small"])
        else:
            value = {"twenty": 20, "thirty": 30}[match["tens"]] + (
                _UNITS.index(match["unit"]) if match["unit"] else 0)
        kind_word = value in (15, 31)
        after_is = re.search(r"(?:\bis|=|\bmakes)\s*$", lowered[:match.start()]) is not None
        return word if kind_word and not after_is else str(value)

    return _WORD_NUMBER.sub(number, lowered)


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
    if len(text) > MAX_TEXT:
        raise AnswerError(f"the answer is {len(text)} characters long: {_usage(exercise)}")
    lowered = _digits(text.lower().translate(_PLAIN_MARKS))
    if lowered in ("fifteen", "thirty-one", "thirty one"):
        lowered = "15" if lowered == "fifteen" else "31"
    said = _SAID_TOTAL.fullmatch(lowered)  # a count that ends with its total: "... is six. 6 points"
    if said and not _NUMBER.fullmatch(said["count"]):
        answer = _read_text(exercise, said["count"], raw, text)
        got = answer.total if answer.by_kind is None else sum(answer.by_kind.values())
        if got != int(said["total"]):
            raise AnswerError(f"{raw!r} ends with {said['total']} points, but its count comes to {got}: "
                              "check the count, or give the total alone")
        return answer
    return _read_text(exercise, lowered, raw, text)


def _read_text(exercise: Exercise, lowered: str, raw: object, text: str) -> Answer:
    if exercise.kind == "muggins":
        call = _read_call(exercise, lowered, raw)
        if call is not None:
            return Answer(text, total=call)
    else:
        nineteen = lowered.startswith(("19", "nine"))  # players' word for a hand of nothing, not a play's
        if _NOTHING.fullmatch(lowered) and (exercise.kind == "counting" or not nineteen):
            return Answer(text, total=0)
        number = _NUMBER.match(lowered)
        if number:
            return Answer(text, total=_checked_total(exercise, int(number["num"]), raw))
    return Answer(text, by_kind=_read_parts(exercise, lowered, raw))


MAX_TEXT = 500
# Typographic marks a phone keyboard puts in: read as the plain ones.
_PLAIN_MARKS = str.maketrans({"\u2013": "-", "\u2014": "-", "\u2212": "-", "\u2019": "'", "\u2018": "'"})


def read_as(exercise: Exercise, answer: Answer) -> str:
    """How an answer was read, in words for the report beside what was typed: ``'12'``,
    ``'fifteens 4, pairs 2'``, ``'Muggins, 2'``.

    >>> from crib_widgets.exercises.generate import make_set
    >>> ex = make_set("counting", "easy", 1, 7)[1]
    >>> read_as(ex, read_answer(ex, "fifteen two, fifteen four and a pair is six"))
    'fifteens 4, pairs 2 (6 in all)'
    """
    if answer.by_kind is not None:
        parts = ", ".join(f"{_LABELS.get(k, k)} {v}" for k, v in answer.by_kind.items())
        return f"{parts} ({sum(answer.by_kind.values())} in all)" if len(answer.by_kind) > 1 else parts
    assert answer.total is not None
    if exercise.kind == "muggins":
        from .model import muggins_call

        return muggins_call(answer.total)
    return str(answer.total)


# a hand's kinds as the worksheets name them (model.KIND_LABELS); the play's kinds as the learner wrote them
_LABELS = {kind: KIND_LABELS[kind] for kind in HAND_KINDS}


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


_NAMES = sorted(_ALIAS_TO_KIND, key=len, reverse=True)
_NAME_RE = "|".join(re.escape(n) for n in _NAMES)
# One "kind and points" item in any of the ways people write it: "fifteens 4", "15-2", "pair: 2",
# "a pair is 6", "a run of 3 is 9", "a second run of 3 is 12", "2 for a pair", "4 for the flush is 20".
_ITEM = re.compile(
    rf"\s*(?:(?:an?\s+)?(?:(?:second|third|fourth)\s+)?(?P<name>{_NAME_RE})(?:\s+of\s+\d+)?\s*"
    rf"(?P<sep>-|:|=|\bis\b|\bfor\b)?\s*(?P<num>\d+)"
    rf"|(?P<num2>\d+)\s*(?:points?\s+)?for\s+(?:an?\s+)?(?P<name2>{_NAME_RE})(?:\s+is\s+(?P<run2>\d+))?)"
    r"\s*(?:points?|pts?)?\s*(?=[\s,;+]|$)"
)
_UNKNOWN = re.compile(r"\s*(?P<name>[^\d\s,;+:=][^\d,;+:=]*?)\s*[:=-]?\s*\d+")
_GLUE = re.compile(r"[\s,;+]*(?:\band\b)?[\s,;+]*")


def _read_parts(exercise: Exercise, lowered: str, raw: object) -> dict[str, int]:
    """Points per kind from text: listed per kind ("fifteens 4, pairs 2"), added ("fifteen 2 +
    pair 2"), or counted aloud with running totals ("15-2 15-4 pair 6", "fifteen 2, a pair is 4")."""
    items: list[tuple[str, int, int | None]] = []  # (kind, number said, points named before "is")
    pos, aloud = 0, False
    while pos < len(lowered):
        pos = _GLUE.match(lowered, pos).end()
        if pos >= len(lowered):
            break
        match = _ITEM.match(lowered, pos)
        if not match:
            unknown = _UNKNOWN.match(lowered, pos)
            if unknown:
                _kind(exercise, unknown["name"].strip(), raw)  # raises: names the kinds allowed
            raise AnswerError(f"{raw!r} is not an answer: {_usage(exercise)}")
        name = (match["name"] or match["name2"]).strip()
        kind = _kind(exercise, name, raw)
        sep = match["sep"] or ""
        if match["run2"]:  # "4 for the flush is 20": the points, then the running total
            items.append((kind, int(match["run2"]), int(match["num2"])))
            aloud = True
        else:
            items.append((kind, int(match["num"] or match["num2"]), None))
            aloud = aloud or sep == "is" or (sep == "-" and kind == "fifteen")
        pos = match.end()
    if not items:
        raise AnswerError(f"{raw!r} is not an answer: {_usage(exercise)}")
    added = "+" in lowered
    aloud = (aloud or sum(kind == "fifteen" for kind, _, _ in items) > 1) and not added
    steps = _increments(items, raw) if aloud else [(kind, value) for kind, value, _ in items]
    points: dict[str, int] = {}
    for kind, value in steps:
        for part, share in _split(kind, value, raw):
            if part in points and (added or aloud or kind in _COMPOUNDS):
                share += points.pop(part)
            _add(exercise, points, part, share, raw)
    return points


def _split(kind: str, value: int, raw: object) -> list[tuple[str, int]]:
    """A compound's points as runs and pairs ("double run" 8 -> runs 6, pairs 2); a kind as itself."""
    if kind not in _COMPOUNDS:
        return [(kind, value)]
    pair = _COMPOUNDS[kind]
    if pair is None:
        return [("pair", value)]
    if value <= pair:
        raise AnswerError(f"{raw!r}: a {kind} scores more than {pair}, its pairs alone (a double run of "
                          "three is 8, a triple run 15, a double double run 16)")
    return [("run", value - pair), ("pair", pair)]


def _increments(items: list[tuple[str, int, int | None]], raw: object) -> list[tuple[str, int]]:
    """A count said aloud gives running totals ("15-2 15-4 pair 6"): each kind's points are the steps."""
    steps: dict[str, int] = {}
    before = 0
    for kind, running, named in items:
        if running <= before:
            raise AnswerError(f"{raw!r} does not add up: counted aloud, each number is the running total, "
                              f"so after {before} the {kind} must bring the count above {before} (e.g. "
                              f"'15-2 15-4 pair 6'); or list points per kind, e.g. 'fifteens 4, pairs 2'")
        if named is not None and running - before != named:
            raise AnswerError(f"{raw!r} does not add up: {named} for the {kind} after {before} makes "
                              f"{before + named}, not {running}")
        steps[kind] = steps.get(kind, 0) + running - before
        before = running
    return list(steps.items())


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
    if kind in _COMPOUNDS and exercise.kind != "play":
        return kind
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
