"""The one home for the command line's numbers: seeds and counts, checked the same in every subcommand.

Each function here is an argparse ``type=``: it turns the text typed after an option into a number
or refuses it with the range allowed, so ``crib simulate --seed -1`` and ``crib worksheet --seed -1``
get the same answer, and a number too big to act on (``--games 99999999999999999999999``) is
refused before any work starts instead of running for ever.

>>> count("games", 1, 10)("7"), seed("0")
(7, 0)
>>> count("games", 1, 10)("11")
Traceback (most recent call last):
...
argparse.ArgumentTypeError: 11 is too many games: ask for 1 to 10
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable

__all__ = ["MAX_SEED", "MAX_GAMES", "MAX_MATCH_GAMES", "count", "seed", "whole_number"]

MAX_SEED = 999_999_999
MAX_GAMES = 100_000  # about three minutes of random games on a laptop; more is better split up
MAX_MATCH_GAMES = 1_000  # computer players: experts take seconds a game, so 1000 is already an hour

_WHOLE = re.compile(r"[+-]?[0-9]{1,30}")


def whole_number(text: str, what: str, allowed: str) -> int:
    """The whole number in ``text`` (digits only, an optional sign), or an error naming ``what`` it
    should be and ``allowed``, the range in words."""
    cleaned = text.strip().replace("_", "")
    if not _WHOLE.fullmatch(cleaned):
        if re.fullmatch(r"[+-]?[0-9]+", cleaned):
            raise argparse.ArgumentTypeError(f"{_short(text)} is far too large for {what}: {allowed}")
        raise argparse.ArgumentTypeError(f"{_short(text)!r} is not {what} written in digits: {allowed}")
    return int(cleaned)


def count(what: str, low: int, high: int) -> Callable[[str], int]:
    """An argparse type for how many ``what`` to make: a whole number from ``low`` to ``high``."""

    def parse(text: str) -> int:
        number = whole_number(text, f"a number of {what}", f"ask for {low} to {high}")
        if number < low:
            raise argparse.ArgumentTypeError(f"{number} {what} is too few: ask for {low} to {high}")
        if number > high:
            raise argparse.ArgumentTypeError(
                f"{_short(str(number))} is too many {what}: ask for {low} to {high}")
        return number

    parse.__name__ = what  # argparse names the type in its own messages
    return parse


def seed(text: str) -> int:
    """An argparse type for ``--seed``: a whole number from 0 to `MAX_SEED`, the same for every subcommand."""
    number = whole_number(text, "a seed", f"use a whole number 0 to {MAX_SEED}, e.g. 7")
    if not 0 <= number <= MAX_SEED:
        raise argparse.ArgumentTypeError(
            f"seed {_short(str(number))} is not allowed: use a whole number 0 to {MAX_SEED}, e.g. 7")
    return number


def _short(text: str) -> str:
    """Long input shortened for an error line (the line must stay one readable line)."""
    return text if len(text) <= 40 else f"{text[:20]}...{text[-8:]} ({len(text)} characters)"
