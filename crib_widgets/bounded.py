"""Reading files from outside (results, codes, class files, rosters) with limits, never a traceback.

A file handed in by a student or kept by a teacher may be anything: a photo renamed ``.json``, a
results file nested a million brackets deep, a number of 5,000 digits. Each read here is bounded
in size, in JSON nesting and in the length of a number, and a file that passes none of it gets a
`CribbageError` whose message names the file and says what was wrong and what is allowed.

>>> load_json('{"a": [1, 2]}', "results.json")
{'a': [1, 2]}
>>> load_json("[" * 50 + "]" * 50, "deep.json")
Traceback (most recent call last):
...
crib_widgets.errors.CribbageError: deep.json is nested 50 levels deep: a crib file has at most 8 levels
>>> load_json('{"n": ' + "9" * 5000 + "}", "big.json")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
crib_widgets.errors.CribbageError: big.json holds a number 5000 digits long: a crib file's numbers have ...
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from .errors import CribbageError

__all__ = ["MAX_RESULTS_BYTES", "MAX_CLASS_BYTES", "MAX_LIST_BYTES", "MAX_KEY_BYTES", "MAX_DEPTH",
           "MAX_DIGITS",
           "NotJSON", "read_bounded", "decode_bounded", "load_json", "nesting"]

MAX_RESULTS_BYTES = 200_000  # a results file of 100 answers is about 10 KB
MAX_CLASS_BYTES = 1_000_000  # 500 names of 100 characters and the set: about 60 KB
MAX_LIST_BYTES = 1_000_000  # a roster or a file of pasted codes
MAX_KEY_BYTES = 80_000_000  # an answer key (it holds a copy of class.json): 500 x 100 questions is 60 MB
MAX_DEPTH = 8  # a results file is 2 levels deep, a class file 3
MAX_DIGITS = 12

_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.S)
_BRACKET = re.compile(r"[\[\]{}]")


def read_bounded(path: Path, what: str, limit: int,
                 fix: str = "give the file crib or the assignment page wrote") -> str:
    """The text of the file at ``path`` (UTF-8, a byte-order mark skipped), refused if over ``limit``;
    ``fix`` ends the message of a file that is too big or not text."""
    try:
        with Path(path).open("rb") as handle:
            raw = handle.read(limit + 1)
    except FileNotFoundError:
        raise CribbageError(f"{what} '{path}': no such file") from None
    except IsADirectoryError:
        raise CribbageError(f"{what} '{path}' is a folder, not a file: give the file itself") from None
    except OSError as error:
        raise CribbageError(f"{what} '{path}' cannot be read: {error.strerror or error}") from None
    return decode_bounded(raw, f"{what} '{path}'", limit, fix)


def decode_bounded(raw: bytes, where: str, limit: int,
                   fix: str = "give the file crib or the assignment page wrote") -> str:
    """``raw`` (a file's bytes, read from a disk or dropped on the teachers' page) as UTF-8 text, a
    byte-order mark skipped; refused, naming ``where``, if over ``limit`` bytes or not text."""
    if len(raw) > limit:
        raise CribbageError(f"{where} is larger than {limit // 1000:,} KB: {fix}")
    try:  # not the "utf-8-sig" codec: the browser's trimmed Python has no codec looked up by name
        return raw.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError:
        raise CribbageError(f"{where} is not UTF-8 text: {fix}") from None


def nesting(text: str) -> int:
    """How deep JSON ``text`` nests its brackets (strings skipped), without parsing it."""
    depth = deepest = 0
    for match in _BRACKET.finditer(_STRING.sub('""', text)):
        depth += 1 if match.group() in "[{" else -1
        deepest = max(deepest, depth)
    return deepest


def _number(text: str) -> int | float:
    digits = sum(ch.isdigit() for ch in text)
    if digits > MAX_DIGITS:
        raise _TooLong(digits)
    return float(text) if any(ch in text for ch in ".eE") else int(text)


class NotJSON(CribbageError):
    """Text that is not JSON at all (as opposed to JSON beyond the limits)."""


class _TooLong(ValueError):
    def __init__(self, digits: int) -> None:
        super().__init__(digits)
        self.digits = digits


def _constant(text: str) -> None:
    raise ValueError(f"{text} is not a number a crib file holds")


def load_json(text: str, where: str) -> object:
    """``text`` parsed as JSON, refused (naming ``where``) if not JSON, too deep or a number too long."""
    depth = nesting(text)
    if depth > MAX_DEPTH:
        raise CribbageError(f"{where} is nested {depth} levels deep: a crib file has at most {MAX_DEPTH} "
                            "levels")
    try:
        return json.loads(text, parse_int=_number, parse_float=_number, parse_constant=_constant)
    except _TooLong as error:
        raise CribbageError(f"{where} holds a number {error.digits} digits long: a crib file's numbers have "
                            f"at most {MAX_DIGITS}") from None
    except (ValueError, RecursionError):  # JSONDecodeError is a ValueError
        raise NotJSON(f"{where} is not JSON text (damaged, or not a file crib wrote)") from None
