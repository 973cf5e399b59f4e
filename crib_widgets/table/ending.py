"""The end of a game as the table says it: one score for each side, and a verdict that fits it.

A game ends in the game hole: the side that reaches the target stops there, whatever the last count
held (the engine keeps the points counted, e.g. 65 in a game to 61; the board, the result and the
ranking all say 61).

>>> from crib_widgets.table import Table
>>> t = Table(seats=("beginner", "expert"), seed=5)
>>> game = t.play_out()
>>> result = final_result(game)
>>> max(result.scores) == game.rules.target or game.rules.lowball
True
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ..game.kinds import EventKind
from ..game.result import GameResult, decide

if TYPE_CHECKING:
    from ..game import Event, Game
    from ..strategy.review import Review

__all__ = ["final_pegs", "final_result", "final_text", "game_verdict"]


def final_result(game: Game) -> GameResult:
    """The game's result with the side that reached the target in the game hole (the engine's own
    words, skunks and places, recomputed from those scores)."""
    result = game.result
    if result is None:
        raise ValueError("the game is not over: there is no result yet")
    target = game.rules.target
    scores = tuple(min(s, target) for s in result.scores)
    if scores == result.scores:
        return result
    return decide(game.rules, scores, result.reached, game.narrator)


def final_pegs(game: Game) -> list[tuple[int, int]]:
    """Each side's (front, back) pegs as the board shows them: a peg stops in the game hole (a last
    count, or one announced before the Muggins answers, may run past the target).

    >>> from crib_widgets.table import Table
    >>> game = Table(seats=("beginner", "expert"), seed=5).play_out()
    >>> max(front for front, _ in final_pegs(game)) <= game.rules.target
    True
    """
    target = game.rules.target
    return [(min(front, target), min(back, target)) for front, back in game.pegs]


def final_text(event: Event, game: Game) -> str:
    """An event's sentence, the game-over one with the scores as they stand in the game hole."""
    if event.kind == EventKind.GAME_OVER and game.is_over:
        return final_result(game).text
    return event.text


def game_verdict(review: Review, game: Game, seat: int) -> str:
    """The review's verdict; over a finished game it starts from the result, so that a lurched
    player is not told "solid play", says how much of the gap the decisions made, and ends with
    how the game ended (`strategy.review.reasons.how_it_ended`: who counted out, in what order, and
    what was never counted).

    The review's own level words ("strong play", ...) are kept only when the seat's side won.
    """
    from ..strategy.review.reasons import how_it_ended

    verdict = _verdict(review, game, seat)
    ended = how_it_ended(game, seat) if review.decisions and len(review.deals) >= game.deal_number else ""
    return f"{verdict} {ended}" if ended else verdict


def _verdict(review: Review, game: Game, seat: int) -> str:
    verdict = review.verdict
    if not game.is_over or not review.decisions or len(review.deals) < game.deal_number:
        return verdict
    result = final_result(game)
    rules = game.rules
    side = rules.side_of(seat)
    name = game.side_name(side)
    best = max(s for i, s in enumerate(result.scores) if i != side) if side in result.winners else None
    facts = re.sub(r"^[^0-9]*?: (?=[0-9])", "", verdict)  # the review's level words go: the result leads
    if side in result.winners:
        return f"{name} won {result.scores[side]} to {best}. {verdict}"
    winner = result.winners[0]
    gap = abs(result.scores[winner] - result.scores[side])
    skunk = result.skunks[side]
    lead = (f"{name} lost {result.scores[side]} to {result.scores[winner]}"
            + (f" ({'lurched' if skunk == 'lurch' else skunk + 'ed'})" if skunk else "") + ".")
    lost = review.total
    if lost < 0.5:
        return f"{lead} Your decisions cost under half a point: the cards decided this game."
    if lost < gap:
        share = (f"Your decisions cost about {lost:.0f} of the {gap} points between you; the cards "
                 "made the rest.")
    else:
        share = (f"Your decisions cost about {lost:.0f} points, more than the {gap} you lost by: better "
                 "choices could have turned this game.")
    return f"{lead} {share} {facts[:1].upper() + facts[1:]}"
