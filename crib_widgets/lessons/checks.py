"""Checks for the trainers' and widgets' options: a wrong type or value is a `CribbageError` naming
what is allowed.

Every model and widget runs these before it builds anything, so a bad option never leaves a
half-made trainer or a half-drawn widget.

>>> chance("error_rate", 0.25), flag("crib", True)
(0.25, True)
>>> chance("error_rate", "high")
Traceback (most recent call last):
...
crib_widgets.errors.CribbageError: error_rate 'high' is not a chance: give a number from 0 to 1, e.g. 0.5
"""

from __future__ import annotations

import math
import random

from ..errors import CribbageError

__all__ = ["chance", "flag", "seed", "label", "whole", "shown"]


def shown(value: object) -> str:
    """A value as an error message quotes it: its repr, shortened when long."""
    text = repr(value)
    return text if len(text) <= 40 else f"{text[:24]}...{text[-8:]}"


def chance(option: str, value: object) -> float:
    """A probability from 0 to 1 (an int or float, not a bool or text)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or math.isnan(value) \
            or not 0 <= value <= 1:
        raise CribbageError(f"{option} {shown(value)} is not a chance: give a number from 0 to 1, e.g. 0.5")
    return float(value)


def flag(option: str, value: object) -> bool:
    """True or False, and nothing that merely looks true (``"yes"``, ``1``)."""
    if not isinstance(value, bool):
        raise CribbageError(f"{option}={shown(value)} is not allowed: give {option}=True or {option}=False")
    return value


def seed(value: object) -> random.Random:
    """A random stream from a seed: None (a fresh deal each time), a whole number, or a `random.Random`."""
    if isinstance(value, random.Random):
        return value
    if value is None or (isinstance(value, int) and not isinstance(value, bool)):
        return random.Random(value)
    raise CribbageError(f"seed {shown(value)} is not allowed: give a whole number (e.g. 7), a random.Random, "
                        "or None for new hands each time")


def label(option: str, value: object, longest: int = 30) -> str:
    """A short name shown on the widget (a player's name): text, not blank, at most ``longest`` characters."""
    if not isinstance(value, str) or not value.strip():
        raise CribbageError(f"{option} {shown(value)} is not a name: give some text, e.g. 'Computer'")
    text = " ".join(value.split())
    if len(text) > longest:
        raise CribbageError(f"{option} {shown(text)} is {len(text)} characters long: at most {longest} fit")
    return text


def whole(option: str, value: object, low: int, high: int) -> int:
    """A whole number from ``low`` to ``high`` (not a bool, a float or text)."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise CribbageError(f"{option} {shown(value)} is not allowed: "
                            f"give a whole number from {low} to {high}")
    return value
