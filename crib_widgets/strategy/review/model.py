"""The review's data: a decision as the player saw it (`Position`), each choice weighed (`Option`),
the decision with its cost and reason (`Decision`), and one seat's review of a game (`Review`).

Costs are average points lost, never negative. `Review.costliest` lists the worst decisions
first; `Review.totals` sums each phase; `Review.per_deal` gives the points lost in each deal;
`Review.verdict` says it in one line.

>>> from crib_widgets.cards import Card
>>> done = Option((Card(5, "H"),), "play 5♥", -1.5)
>>> best = Option((Card(4, "H"),), "play 4♥", 0.5)
>>> d = Decision("play", 1, 7, 0, Position((Card(5, "H"), Card(4, "H"))), done, best, 2.0, "why")
>>> review = Review(0, (d,), (1,))
>>> review.totals()["play"], d.is_mistake, review.per_deal()
(2.0, True, ((1, 2.0),))
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...cards import Card
from ...game.kinds import StrEnum
from ...words import plural

__all__ = ["ReviewPhase", "PHASES", "NOTICE", "Position", "Option", "Decision", "Review"]


class ReviewPhase(StrEnum):
    """The part of a deal a reviewed decision belongs to (`Decision.phase`, `Review.totals`)."""

    DISCARD = "discard"
    PLAY = "play"
    COUNT = "count"  # Muggins: a count announced, or an answer to one


PHASES = tuple(ReviewPhase)
# Decisions that cost less than this are not called mistakes (sampling noise is about this size).
NOTICE = 0.1


@dataclass(frozen=True, slots=True)
class Position:
    """The position as it was when the decision was made, as the player saw it.

    ``hand``: the player's cards (six or five for a discard); ``pile``: the cards laid since the
    count was last 0, and ``count`` their total; ``played``: every card laid this deal so far, in
    order; ``scores``: per side; ``dealer``: the dealer's seat; ``starter``: the turned card
    (None before the cut); ``counted``: for a count, the hand or crib being counted.
    """

    hand: tuple[Card, ...]
    pile: tuple[Card, ...] = ()
    count: int = 0
    played: tuple[Card, ...] = ()
    scores: tuple[int, ...] = ()
    dealer: int = 0
    starter: Card | None = None
    counted: tuple[Card, ...] = ()


@dataclass(frozen=True, slots=True)
class Option:
    """One choice at a decision: its cards (a throw, a card, or none for go), its words, and its
    value: average net points for the player (higher is better; in Lowball fewer points are)."""

    cards: tuple[Card, ...]
    words: str
    value: float


@dataclass(frozen=True, slots=True)
class Decision:
    """One decision of the reviewed player.

    ``phase``: a `ReviewPhase` (``discard``, ``play`` or ``count``); ``deal``: the deal number;
    ``move``: the index of the move in ``game.moves``; ``done`` / ``best``: what was chosen and the
    best choice (equal when the choice was best); ``cost``: average points lost by it (0 when best);
    ``reason``: why, in one sentence a learner understands; ``options``: every choice weighed,
    best first; ``samples``: hidden hands averaged over (0 when the values are exact).
    """

    phase: ReviewPhase
    deal: int
    move: int
    seat: int
    position: Position
    done: Option
    best: Option
    cost: float
    reason: str
    options: tuple[Option, ...] = ()
    samples: int = 0

    @property
    def is_mistake(self) -> bool:
        """Whether the decision lost enough to be worth pointing out (`NOTICE` points or more)."""
        return self.cost >= NOTICE

    def summary(self) -> str:
        """The decision in one line: deal, what was done, the best choice, the cost and why."""
        if not self.is_mistake:
            return f"Deal {self.deal}: {self.done.words}: the best choice."
        return (f"Deal {self.deal}: {self.done.words}; better: {self.best.words} "
                f"(costs {self.cost:.1f} points on average): {self.reason}")


@dataclass(frozen=True, slots=True)
class Review:
    """All reviewed decisions of one seat, in the order they were made."""

    seat: int
    decisions: tuple[Decision, ...]
    deals: tuple[int, ...] = field(default=())

    def costliest(self, n: int = 3) -> tuple[Decision, ...]:
        """The ``n`` decisions that cost most (only real mistakes), costliest first; ties in game order."""
        ranked = sorted((d for d in self.decisions if d.is_mistake), key=lambda d: (-d.cost, d.move))
        return tuple(ranked[:n])

    def totals(self) -> dict[ReviewPhase, float]:
        """Average points lost in each phase: discard, play, count."""
        totals = dict.fromkeys(PHASES, 0.0)
        for d in self.decisions:
            totals[d.phase] += d.cost
        return totals

    @property
    def total(self) -> float:
        """Average points lost in all."""
        return sum(d.cost for d in self.decisions)

    def per_deal(self) -> tuple[tuple[int, float], ...]:
        """(deal number, average points lost in it) for every deal reviewed, in order."""
        lost = dict.fromkeys(self.deals, 0.0)
        for d in self.decisions:
            lost[d.deal] = lost.get(d.deal, 0.0) + d.cost
        return tuple(sorted(lost.items()))

    @property
    def verdict(self) -> str:
        """The review in one line."""
        deals = max(len(self.deals), 1)
        mistakes = sum(d.is_mistake for d in self.decisions)
        if not self.decisions:
            return "No decisions to review yet."
        rate = self.total / deals
        worst = max(self.totals().items(), key=lambda kv: kv[1])
        if mistakes == 0:
            return "Flawless: every decision was the best one (or within a tenth of a point)."
        level = ("expert play" if rate < 0.5 else "strong play" if rate < 1.2 else
                 "solid play with room to grow" if rate < 2.5 else "a learner's game: lots to gain")
        return (f"{level.capitalize()}: {self.total:.1f} points lost in {plural(deals, 'deal')} "
                f"({rate:.1f} a deal), most in the {worst[0]}; {plural(mistakes, 'mistake')} worth a look.")
