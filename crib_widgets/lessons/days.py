"""Days as a learner's progress keeps them: calendar dates, written ``2026-12-02`` in a file.

The progress, the deck of mistakes and the daily hand are given the day by their caller (the
page knows the learner's date); nothing here reads a clock, so the same answers always give the
same progress and tests are exact.

>>> read_day("2026-12-02"), day_text(read_day("2026-12-02"))
(datetime.date(2026, 12, 2), '2026-12-02')
>>> read_day("2026-13-01")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
crib_widgets.errors.CribbageError: the day '2026-13-01' is not a date: write it year-month-day, e.g. ...
>>> read_day("9999-12-31")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
crib_widgets.errors.CribbageError: the day '9999-12-31' is not a day of a learner's progress: ...

Only days from `FIRST_DAY` to `LAST_DAY` are read: a streak counts back a day and the deck of
mistakes forward three, which at the calendar's ends (``0001-01-01``, ``9999-12-31``) would be an
`OverflowError`; no learner's progress holds a day outside them.
"""

from __future__ import annotations

import re
from datetime import date, datetime

from ..errors import CribbageError
from .checks import shown

__all__ = ["read_day", "day_text", "FIRST_DAY", "LAST_DAY"]

FIRST_DAY, LAST_DAY = date(1900, 1, 1), date(2999, 12, 31)

_ISO = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


def read_day(value: object, what: str = "the day") -> date:
    """A `date` from a date (a datetime counts as its day) or from text ``YYYY-MM-DD``; anything else
    is a `CribbageError` naming ``what``."""
    day = _date(value)
    if day is None:
        raise CribbageError(f"{what} {shown(value)} is not a date: write it year-month-day, e.g. 2026-12-02")
    if not FIRST_DAY <= day <= LAST_DAY:
        raise CribbageError(f"{what} {shown(value)} is not a day of a learner's progress: days run from "
                            f"{FIRST_DAY} to {LAST_DAY}")
    return day


def _date(value: object) -> date | None:
    if isinstance(value, datetime):
        return value.date()
    if isinstance(value, date):
        return value
    if isinstance(value, str) and _ISO.fullmatch(value):
        try:
            return date.fromisoformat(value)
        except ValueError:
            return None
    return None


def day_text(day: date) -> str:
    """A day as a file writes it: ``2026-12-02``."""
    return day.isoformat()
