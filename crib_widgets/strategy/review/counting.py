"""The review of counting with Muggins: a count announced for one's own hand or crib (points missed
or over-claimed), and an answer to another's count (points not called, or a false call).

Each is a `model.Decision` of phase ``count``; its reason is said here, since only the count's
figures go into it.
"""

from __future__ import annotations

from ...game import Announce, Answer, AnswerKind, Counting, Game
from ...scoring import hand_total
from ..muggins_players import best_answer
from .model import Decision, Option, Position, ReviewPhase

__all__ = ["announce_decision", "answer_decision"]


def _counted(game: Game) -> Counting:
    """The hand or crib being counted (a Muggins show's announce or answer)."""
    if game.counting is None:
        raise RuntimeError(f"nothing is being counted in the {game.phase} phase")
    return game.counting


def announce_decision(game: Game, move: Announce, index: int) -> Decision:
    """The decision of announcing a count (Muggins): the points said against those the hand holds."""
    c = _counted(game)
    true = hand_total(c.cards, c.starter, c.is_crib)
    what = "crib" if c.is_crib else "hand"
    said = move.points
    done = Option((), f"count {said} for the {what}", float(said - abs(said - true)))
    best = Option((), f"count {true} for the {what}", float(true))
    cost = float(abs(true - said))
    if said < true:
        reason = f"the {what} holds {true}: {true - said} missed, which the other player may take as Muggins"
    elif said > true:
        reason = f"the {what} holds only {true}: an over-count of {said - true} is taken back if caught"
    else:
        reason = "the right count"
    position = Position(game.hands[move.seat], scores=game.scores, dealer=game.dealer, starter=c.starter,
                        counted=c.cards)
    return Decision(ReviewPhase.COUNT, game.deal_number, index, move.seat, position, done, best, cost,
                    reason, (best, done))


def answer_decision(game: Game, move: Answer, index: int) -> Decision:
    """The decision of answering another's count (Muggins): accept, call Muggins or say too high."""
    c = _counted(game)
    true = hand_total(c.cards, c.starter, c.is_crib)
    said = c.announced
    if said is None:  # an answer follows the announce
        raise RuntimeError("an answer to a count not announced")
    what = "crib" if c.is_crib else "hand"
    best, missed = best_answer(said, true)
    if best == AnswerKind.MUGGINS:
        right = Option((), f"call Muggins for {missed}", float(true - said))
    elif best == AnswerKind.OVERCOUNT:
        right = Option((), "say the count is too high", float(said - true))
    else:
        right = Option((), "accept the count", 0.0)
    if move.kind == AnswerKind.ACCEPT:
        gain = 0.0
    elif move.kind == AnswerKind.MUGGINS and move.points is not None:  # a Muggins call names its points
        gain = float(min(move.points, true - said)) if true > said else -float(move.points)
    else:
        gain = float(said - true) if said > true else 0.0
    done = Option((), move.describe() if move.kind != AnswerKind.ACCEPT else "accept the count", gain)
    cost = max(0.0, right.value - gain)
    if cost == 0:
        reason = "the right answer"
    elif true > said:
        reason = f"the {what} holds {true}, not {said}: {true - said} points were there to call"
    elif true < said:
        reason = f"the {what} holds only {true}: the over-count of {said - true} could be taken back"
    else:
        reason = f"the count of {said} was right, so a Muggins call gives the counter the points named"
    position = Position(game.hands[move.seat], scores=game.scores, dealer=game.dealer, starter=c.starter,
                        counted=c.cards)
    return Decision(ReviewPhase.COUNT, game.deal_number, index, move.seat, position, done, right, cost,
                    reason, (right, done))
