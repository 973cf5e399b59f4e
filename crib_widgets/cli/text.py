"""Words the command line prints: plurals said right ("1 student", "2 students")."""

from __future__ import annotations

__all__ = ["plural"]


def plural(n: int, word: str, many: str | None = None) -> str:
    """``n`` and the word, singular for exactly one.

    >>> plural(1, "student"), plural(3, "student"), plural(1, "was", "were")
    ('1 student', '3 students', '1 was')
    """
    return f"{n} {word if n == 1 else many or word + 's'}"
