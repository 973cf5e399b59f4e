"""`GameResult`: who won, who lost, skunks and the ranking, decided the moment the game ends."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .rules import Rules

if TYPE_CHECKING:
    from .narration import Narrator

__all__ = ["GameResult", "decide"]


@dataclass(frozen=True, slots=True)
class GameResult:
    """The end of a game.

    - ``reached``: the side that reached the target (the winner, or in Lowball the loser).
    - ``winner``: the best side; ``winners`` all sides sharing first place (only Lowball with
      three or four players can have more than one).
    - ``losers``: every other side, best first. ``skunks[side]``: ``"skunk"``, ``"double skunk"``,
      ``"lurch"`` or None, reported for each loser on its own (never in Lowball).
    - ``ranking``: sides from best to worst; ``places[side]``: 1 for first, equal scores share.
    - ``scores``: final score per side. ``text``: the result in a sentence.
    """

    reached: int
    winner: int
    winners: tuple[int, ...]
    losers: tuple[int, ...]
    skunks: tuple[str | None, ...]
    lowball: bool
    ranking: tuple[int, ...]
    places: tuple[int, ...]
    scores: tuple[int, ...]
    text: str

    @property
    def loser(self) -> int:
        """The last-placed side (with two sides, simply the loser)."""
        return self.ranking[-1]


def _skunk(rules: Rules, score: int) -> str | None:
    for line, name in rules.skunk_lines:
        if score < line:
            return name
    return None


def decide(rules: Rules, scores: tuple[int, ...], reached: int, say: Narrator) -> GameResult:
    """The result once side ``reached`` has reached the target, told by ``say`` (the game's
    `Narrator`)."""
    sides = range(len(scores))
    better = _better_lowball if rules.lowball else _better_standard
    places = tuple(1 + sum(better(o, s, scores, reached) for o in sides if o != s) for s in sides)
    ranking = tuple(sorted(sides, key=lambda s: (places[s], s)))
    winners = tuple(s for s in ranking if places[s] == 1)
    losers = tuple(s for s in ranking if places[s] != 1)
    skunks = tuple(None if s in winners else _skunk(rules, scores[s]) for s in sides)
    text = say.result(rules, scores, reached, winners, losers, skunks)
    return GameResult(reached, winners[0], winners, losers, skunks, rules.lowball, ranking, places,
                      tuple(scores), text)


def _better_standard(other: int, side: int, scores: Sequence[int], reached: int) -> bool:
    """Is ``other`` ahead of ``side``? The side that reached the target is ahead of everyone."""
    if reached in (other, side):
        return other == reached
    return scores[other] > scores[side]


def _better_lowball(other: int, side: int, scores: Sequence[int], reached: int) -> bool:
    """Lowball: the side that reached the target is behind everyone; otherwise lower is better."""
    if reached in (other, side):
        return side == reached
    return scores[other] < scores[side]

