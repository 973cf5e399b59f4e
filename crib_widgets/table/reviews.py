"""The reviews a table has made of its seats' decisions, kept so that one asked twice for the same
moves is not redone (a review weighs every decision: seconds of the browser's Python)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..errors import CribbageError
from ..game import Game

if TYPE_CHECKING:
    from ..strategy.review import Review

__all__ = ["Reviews"]


class Reviews:
    """Reviews by (moves made, deals, seat); only the latest moves' are kept."""

    def __init__(self) -> None:
        self._made: dict[tuple[int, tuple[int, ...] | None, int], Review] = {}

    def of(self, game: Game, seat: object, deals: tuple[int, ...] | None = None) -> Review:
        """The review of the decisions made at ``seat`` in the whole game or in ``deals``."""
        from ..strategy.review import review_game

        if not isinstance(seat, int) or not 0 <= seat < game.rules.players:
            raise CribbageError(f"seat {seat!r} is not at this table: seats are 0 to "
                                f"{game.rules.players - 1}")
        key = (len(game.moves), None if deals is None else tuple(deals), seat)
        if key not in self._made:
            if len(self._made) > 8:  # only the latest moves' reviews are asked for again
                self._made.clear()
            self._made[key] = review_game(game, seat, deals=deals)
        return self._made[key]
