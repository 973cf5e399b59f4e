"""Advice at the table: the best throw or card for the learner, and what a chosen move costs.

The hint level decides how much the table says: ``off`` (nothing), ``warn`` (hold back a move
that costs more than ``warn_at`` points on average and ask again) or ``show`` (the "Show me"
button gives the best move and why).

>>> from crib_widgets.game import Discard, Game
>>> game = Game(seed=2, dealer=0)
>>> advice = advise(game, 1)
>>> advice.phase, len(advice.best)
('discard', 2)
>>> cost_of(game, Discard(1, advice.best))
0.0
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..cards import Card
from ..errors import CribbageError
from ..game import Discard, Game, Move, Phase, Play
from ..game.kinds import StrEnum

if TYPE_CHECKING:
    from ..strategy.discard import DiscardOption

__all__ = ["HintLevel", "HINT_LEVELS", "Advice", "advise", "cost_of", "check_hint_level", "check_hints",
           "check_warn_at"]


class HintLevel(StrEnum):
    """How much the table says to a person (each person's own; saves and links hold its word)."""

    OFF = "off"  # nothing
    WARN = "warn"  # hold back a costly move once and ask again
    SHOW = "show"  # "Show me" gives the best move and why


#: (value, label) for the level menu.
HINT_LEVELS = (
    (HintLevel.OFF, "Off: no hints"),
    (HintLevel.WARN, "Warn me before a costly move"),
    (HintLevel.SHOW, "Show me the best move"),
)


def check_hint_level(level: object) -> HintLevel:
    """A hint level by name: ``off``, ``warn`` or ``show``."""
    names = [value for value, _ in HINT_LEVELS]
    if not isinstance(level, str) or level not in names:
        raise CribbageError(f"hint level {level!r} is not known: choose {', '.join(names)}")
    return HintLevel(level)


def check_warn_at(points: object) -> float:
    """How many points a move may cost before the table warns: a number from 0.5 to 10."""
    if isinstance(points, bool) or not isinstance(points, (int, float)) or not 0.5 <= points <= 10:
        raise CribbageError(f"warn at {points!r} points is not allowed: give a number from 0.5 to 10")
    return float(points)


@dataclass(frozen=True)
class Advice:
    """The best move for a seat now and the worth of each choice, best first.

    ``options`` pairs each throw (or single card, for the play) with its average worth in points
    to the seat's side; ``why`` says in one sentence why the best is best; ``discard`` keeps the
    full `DiscardOption` list when the advice is about the throw.
    """

    phase: Phase  # the discard or the play
    options: tuple[tuple[tuple[Card, ...], float], ...]
    why: str
    discard: tuple[DiscardOption, ...] = ()

    @property
    def best(self) -> tuple[Card, ...]:
        return self.options[0][0]

    def worth(self, cards: tuple[Card, ...]) -> float:
        """The average worth of a throw or a card (order does not matter)."""
        wanted = set(cards)
        return next(v for c, v in self.options if set(c) == wanted)


def advise(game: Game, seat: int) -> Advice | None:
    """Advice for ``seat`` in the discard or the play (None when it has nothing to decide)."""
    if game.phase == Phase.DISCARD and len(game.hands[seat]) == game.rules.hand_size:
        return _discard_advice(game, seat)
    if game.phase == Phase.PLAY and game.whose_turn == seat:
        return _play_advice(game, seat)
    return None


def cost_of(game: Game, move: Move) -> float:
    """Points the move gives up on average against the best one (0.0 for the best; 0.0 when the
    move is not a throw or a card laid)."""
    if not isinstance(move, (Discard, Play)):
        return 0.0
    advice = advise(game, move.seat)
    if advice is None:
        return 0.0
    cards = move.cards if isinstance(move, Discard) else (move.card,)
    try:
        worth = advice.worth(tuple(cards))
    except StopIteration:
        return 0.0
    return round(max(0.0, advice.options[0][1] - worth), 2)


def _discard_advice(game: Game, seat: int) -> Advice:
    """The expert's values (`strategy.review.discard_options`: hand, crib and with two players the
    play), so the hint, the warning and the review agree; the words come from `advise_discard`."""
    from ..strategy import advise_discard
    from ..strategy.review import discard_options

    rules = game.rules
    dealer = game.dealer == seat
    partner = rules.partners and not dealer and rules.side_of(game.dealer) == rules.side_of(seat)
    options = advise_discard(game.hands[seat], dealer=dealer, players=rules.players, lowball=rules.lowball,
                             partner_deals=partner)
    weighed = discard_options(game, seat)
    pairs = tuple((o.cards, o.value) for o in weighed)
    best = set(weighed[0].cards)
    ordered = sorted(options, key=lambda o: set(o.discard) != best)  # the expert's best first
    return Advice(Phase.DISCARD, pairs, ordered[0].explanation, tuple(ordered))


def _play_advice(game: Game, seat: int) -> Advice | None:
    """The expert's look-ahead values (`strategy.review.card_values`) and the review's reason."""
    from ..strategy.review import card_values
    from ..strategy.review.reasons import play_reason, scores_now

    values, _ = card_values(game, seat)
    if not values:
        return None
    ranked = sorted(values.items(), key=lambda cv: (-round(cv[1], 9), -cv[0].rank, cv[0].suit))
    best, value = ranked[0]
    now = scores_now(game.pile, best)
    why = f"the {best.name} " + ("is worth most" if now.startswith("scores nothing") else now)
    worse = next(((c, v) for c, v in ranked if v < value - 0.05), None)
    if worse is not None:
        why = play_reason(game, seat, worse[0], best)
        why += f" (the {worse[0].name} would be worth {value - worse[1]:.1f} less on average)"
    return Advice(Phase.PLAY, tuple(((c,), v) for c, v in ranked), why[0].upper() + why[1:] + ".")


def check_hints(hints: object, people: Mapping[int, object]) -> dict[int, HintLevel]:
    """``hints``: seat -> hint level, for people's seats only (``people``: their seats)."""
    if hints is None:
        return {}
    if not isinstance(hints, dict):
        raise CribbageError(f"hints must map a person's seat to a hint level, e.g. {{1: 'off'}}; "
                            f"got {hints!r}")
    for seat in hints:
        if seat not in people:
            raise CribbageError(f"hints name seat {seat!r}, which is no person's seat (the people sit at "
                                f"{', '.join(map(str, people)) or 'no seat'})")
    return {seat: check_hint_level(level) for seat, level in hints.items()}
