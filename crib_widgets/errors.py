"""The project's exception types: every error a user can cause is one of these."""

from __future__ import annotations

__all__ = ["CribbageError", "CardError", "IllegalMove"]


class CribbageError(ValueError):
    """Base class: the input broke a rule of the cards, the scoring or the game."""


class CardError(CribbageError):
    """Card text that cannot be read, or cards that may not appear together."""


class IllegalMove(CribbageError):
    """A move the rules forbid at this point of the game; the game is left unchanged."""
