"""The one reader of values from outside: files, links, kept progress, with limits, never a traceback.

A file handed in by a student, a link pasted in, the progress the browser kept: any of them may be
anything: a photo renamed ``.json``, text nested a million brackets deep, a number of 5,000 digits,
half a character (a lone surrogate, which no file can hold as UTF-8 but JSON can escape), a NUL, a
few kilobytes that inflate to gigabytes. Everything here is bounded in size, in JSON nesting and in
the length of a number, refuses control characters and lone surrogates (raw or escaped), and takes
time linear in the size of its input (the nesting is measured in one pass before the parser
recurses). A value that passes none of it gets a `CribbageError` of one short sentence naming where
it came from, what was wrong and what is allowed; the value itself is never quoted.

The page's JavaScript applies the same rules (``lite/runtime/src/page/lib/reader.js``); both are
checked against ``tests/data/js_vectors.json``.

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
>>> load_json('["\\\\ud800"]', "odd.json")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
crib_widgets.bounded.BadText: odd.json holds a broken letter (half of one): the book reads only whole ...
>>> whole_number("12"), whole_number("²"), whole_number(" 7 "), whole_number("1" * 20)
(12, None, 7, None)
"""

from __future__ import annotations

import json
import re
import zlib
from functools import lru_cache
from itertools import accumulate
from pathlib import Path

from .errors import CribbageError

__all__ = ["MAX_RESULTS_BYTES", "MAX_CLASS_BYTES", "MAX_LIST_BYTES", "MAX_KEY_BYTES", "MAX_DEPTH",
           "MAX_DIGITS", "NotJSON", "BadText", "read_bounded", "decode_bounded", "load_json", "nesting",
           "check_text", "check_strings", "bad_character", "inflate_bounded", "whole_number",
           "BROKEN_LETTER", "INVISIBLE", "WHOLE_TEXT"]

MAX_RESULTS_BYTES = 200_000  # a results file of 100 answers is about 10 KB
MAX_CLASS_BYTES = 1_000_000  # 500 names of 100 characters and the set: about 60 KB
MAX_LIST_BYTES = 1_000_000  # a roster or a file of pasted codes
MAX_KEY_BYTES = 80_000_000  # an answer key (it holds a copy of class.json): 500 x 100 questions is 60 MB
MAX_DEPTH = 8  # a results file is 2 levels deep, a class file 3
MAX_DIGITS = 12

# One JSON string from its opening quote: possessive, so it never backtracks, and it always matches
# (an unclosed string runs to the end of the text), so no later quote is tried as a start: one pass.
_STRING = re.compile(r'"[^"\\]*+(?:\\.[^"\\]*+)*+"?+', re.S)
_NOT_BRACKET = re.compile(r"[^\[\]{}]++")
_NUMBER = re.compile(r"[-0-9][-+.eE0-9]*+")
# An escape that may stand for a control character or half of a character (\u0000-\u001f,
# \ud800-\udfff, and the short \b and \f)
_ESCAPED = re.compile(r"\\(?:u(?:00[01]|[dD][89a-fA-F])|[bf])")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}
# Control characters other than tab, newline and carriage return, and lone surrogates: what no crib
# file holds, what Python cannot hand to the page's environment, and what stops a page's Python.
_BAD = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff]")


# The words for a character no crib file holds, read by learners too (My progress, a results file):
# no "lone surrogate" or "U+D800". lib/reader.js says the same (tests/data/js_vectors.json).
BROKEN_LETTER = "a broken letter (half of one)"
INVISIBLE = "an invisible character"
WHOLE_TEXT = "the book reads only whole letters, numbers, signs and spaces"


class NotJSON(CribbageError):
    """Text that is not JSON at all (as opposed to JSON beyond the limits)."""


class BadText(CribbageError):
    """Text that holds a control character or half of a character (JSON that is otherwise fine)."""


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
        raise CribbageError(f"{where} is larger than {_size(limit)}: {fix}")
    try:  # not the "utf-8-sig" codec: the browser's trimmed Python has no codec looked up by name
        return raw.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError:
        raise CribbageError(f"{where} is not UTF-8 text: {fix}") from None


def inflate_bounded(packed: bytes, where: str, limit: int, wbits: int = zlib.MAX_WBITS) -> bytes:
    """``packed`` (zlib, or raw deflate with ``wbits=-15``) inflated, never past ``limit`` bytes: a
    few kilobytes that would inflate to gigabytes are refused after ``limit + 1``. A damaged stream
    is a `CribbageError` too."""
    inflater = zlib.decompressobj(wbits)
    try:
        out = inflater.decompress(packed, limit + 1)
    except zlib.error:
        raise CribbageError(f"{where} is damaged (cut short or changed)") from None
    if len(out) > limit or inflater.unconsumed_tail:
        raise CribbageError(f"{where} unpacks to more than {_size(limit)}: what crib writes is smaller")
    if not inflater.eof:
        raise CribbageError(f"{where} is damaged (cut short or changed)")
    return out


def nesting(text: str) -> int:
    """How deep JSON ``text`` nests its brackets (strings skipped), without parsing it, in one pass."""
    return _depth(_STRING.sub("", text))


def _depth(outside: str) -> int:
    brackets = _NOT_BRACKET.sub("", outside)
    return max(accumulate(map(_STEP.__getitem__, brackets)), default=0)


def _long_number(outside: str, digits: int) -> str | None:
    """How the first number of ``outside`` (JSON text without its strings) that no crib file holds
    is out of bounds ("14 digits long": more than ``digits`` digits; "out of range": an exponent
    of three digits or more, as 1e400), or None. A number is a run of ``-+.eE`` and digits that
    starts with ``-`` or a digit, as the page's reader finds them too; one pattern finds the first,
    so a million numbers cost one pass and no Python loop."""
    found = _out_of_bounds(digits).search(outside)
    if found is None:
        return None
    if found.group("long") is None:
        return "out of range"
    token = _NUMBER.match(outside, found.start()).group()
    return f"{len(token) - sum(map(token.count, '-+.eE'))} digits long"


@lru_cache(maxsize=8)
def _out_of_bounds(digits: int) -> re.Pattern[str]:
    """The start of a number of more than ``digits`` digits, or with an exponent of 3 digits or more."""
    return re.compile(rf"(?<![-+.eE0-9])(?=[-0-9])(?:(?P<long>(?:[-+.eE]*+[0-9]){{{digits + 1}}})"
                      r"|[-+.0-9]*+[eE][-+]?+[0-9]{3})")


def bad_character(text: str) -> str | None:
    """The first control character (other than tab, newline, return) or lone surrogate in ``text``,
    in words a learner reads (`BROKEN_LETTER`, `INVISIBLE`); None when there is none."""
    found = _BAD.search(text)
    if found is None:
        return None
    if 0xD800 <= ord(found.group()) <= 0xDFFF:  # a lone surrogate: half of a character
        return BROKEN_LETTER
    return INVISIBLE


def check_text(value: str, where: str) -> str:
    """``value`` itself when it holds no control character (but tab, newline, return) and no lone
    surrogate; else a `BadText` naming ``where``."""
    bad = bad_character(value)
    if bad:
        raise BadText(f"{where} holds {bad}: {WHOLE_TEXT}")
    return value


def load_json(text: str, where: str, limit: int = MAX_KEY_BYTES, *, text_rules: bool = True,
              digits: int = MAX_DIGITS) -> object:
    """``text`` parsed as JSON; refused (naming ``where``) when over ``limit`` characters, not JSON,
    nested too deep, holding a number of more than ``digits`` digits or an exponent of 3 digits
    (1e400), or (with ``text_rules``) a control character or a lone surrogate anywhere, raw or
    escaped (a `BadText`)."""
    if len(text) > limit:
        raise CribbageError(f"{where} is larger than {_size(limit)}: a crib file is smaller")
    outside = _STRING.sub("", text)
    depth = _depth(outside)
    if depth > MAX_DEPTH:
        raise CribbageError(f"{where} is nested {depth} levels deep: a crib file has at most {MAX_DEPTH} "
                            "levels")
    big = _long_number(outside, digits)
    if big:
        raise CribbageError(f"{where} holds a number {big}: a crib file's numbers have at most {digits} "
                            "digits and an exponent of at most 2")
    if text_rules:
        check_text(text, where)
    try:  # every number was measured above: the parser's own int and float are safe, and quick
        data = json.loads(text, parse_constant=_constant)
    except (ValueError, RecursionError):  # JSONDecodeError is a ValueError
        raise NotJSON(f"{where} is not JSON text (damaged, or not a file crib wrote)") from None
    if text_rules and _ESCAPED.search(text):  # only an escape can hide a character from check_text
        check_strings(data, where)
    return data


def whole_number(text: object, digits: int = MAX_DIGITS) -> int | None:
    """The whole number ``text`` says (ASCII digits, spaces around allowed, at most ``digits`` of
    them), or None. Not ``str.isdigit``: it is true of "²" and "٣", which ``int`` refuses or reads."""
    if type(text) is int:
        return text if len(str(abs(text))) <= digits and text >= 0 else None
    if not isinstance(text, str) or len(text) > 100:
        return None
    said = text.strip(" \t\r\n")
    return int(said) if 0 < len(said) <= digits and said.isascii() and said.isdigit() else None


def check_strings(data: object, where: str) -> None:
    """Every key and string in ``data`` (JSON values, at most `MAX_DEPTH` deep) checked by
    `check_text`: for values read with ``load_json(..., text_rules=False)``."""
    stack = [data]
    while stack:
        value = stack.pop()
        if isinstance(value, str):
            check_text(value, where)
        elif isinstance(value, dict):
            stack.extend(value)
            stack.extend(value.values())
        elif isinstance(value, list):
            stack.extend(value)


def _constant(text: str) -> None:
    raise ValueError(f"{text} is not a number a crib file holds")


def _size(limit: int) -> str:
    return f"{limit // 1000:,} KB" if limit >= 1000 else f"{limit} bytes"
