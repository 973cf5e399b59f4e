"""The learner's throw to the crib, judged as the review judges it, kept as an answer for "discards".

At a game table the learner chooses which cards to throw into the crib. `discard_record` weighs that
throw the way the game's review does (`strategy.review.discard_options`: the hand and the crib
exactly, and with two players the play too) and calls it right when it gives up less than the
review calls a mistake (`strategy.review.NOTICE` points on average) against the best throw. So the
stars for discards, the review at the end of the game and "Show me" never disagree.

A throw made after "Show me" or after the table's warning is ``hinted``: it is practice, not
mastery, and does not rate the skill (see `progress`).

>>> from crib_widgets.game import Discard, Game
>>> from crib_widgets.strategy.review import discard_options
>>> game = Game(seed=2, dealer=0)
>>> best = discard_options(game, 1)[0].cards
>>> record = discard_record(game, Discard(1, best))
>>> record.skill, record.right, record.lesson, record.position.endswith("| pone")
('discards', True, 'discarding', True)
"""

from __future__ import annotations

from ..errors import CribbageError
from ..game import Discard, Game
from ..skills import Skill
from .record import AnswerRecord, position_text

__all__ = ["LESSON", "discard_record", "discard_position"]

LESSON = "discarding"  # the lesson name a throw's answer is kept under


def discard_position(game: Game, seat: int) -> str:
    """The hand dealt to ``seat`` and its seat, in card text: ``"5H 5D JS 4C 6C KD | dealer"`` (with
    ``", 3 players"`` or ``", lowball"`` added when the game is not the usual two-player one)."""
    rules = game.rules
    words = ["dealer" if game.dealer == seat else "pone"]
    if rules.players != 2:
        words.append(f"{rules.players} players")
    if rules.lowball:
        words.append("lowball")
    return f"{position_text(game.hands[seat])} | {', '.join(words)}"


def discard_record(game: Game, move: Discard, *, hinted: bool = False) -> AnswerRecord:
    """The answer a throw gives, judged before it is made (``game`` as it stands, ``move`` the throw):
    right when it costs less than `NOTICE` points on average against the best throw. A move that is
    not a throw the rules allow now is a `CribbageError` saying why, and nothing is judged."""
    if not isinstance(move, Discard):
        raise CribbageError(f"only a throw to the crib is judged here (a Discard), not {type(move).__name__}")
    if not isinstance(game, Game):
        raise CribbageError(f"a throw is judged in a Game, not {type(game).__name__}")
    from ..strategy.review import NOTICE, discard_options  # the review's weighing, loaded when first used

    game.check(move)
    options = discard_options(game, move.seat, also=(move.cards,))
    chosen = frozenset(move.cards)
    done = next(o for o in options if frozenset(o.cards) == chosen)
    cost = max(0.0, options[0].value - done.value)  # as `strategy.review` weighs a discard
    hand = game.hands[move.seat]
    given = " ".join(str(c) for c in sorted(move.cards, key=hand.index))
    return AnswerRecord(LESSON, Skill.DISCARDS, cost < NOTICE, 1, bool(hinted),
                        discard_position(game, move.seat), given)
