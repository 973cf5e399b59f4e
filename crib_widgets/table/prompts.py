"""What the table says to the person at it: what to do now, the go it says for them, the warning
before a costly move. Sentences only; the `crib_widgets.table.Table` decides when each is said.

>>> from crib_widgets.game import Game
>>> prompt_words(Game(seed=2, dealer=1, names=("You", "Ann")), 0, only_go=False)
"Ann's deal: choose 2 cards for Ann's crib."
"""

from __future__ import annotations

from collections.abc import Sequence

from ..game import Discard, Game, Move, Phase
from ..words import plural, possessive

__all__ = ["go_note", "prompt_words", "warning_text", "whose"]


def _capital(words: str) -> str:
    return words[:1].upper() + words[1:]


def whose(game: Game, seat: int, you: int) -> str:
    """A seat's possessive: "your" for the person at ``you``, "Ann's", "Across'"."""
    return "your" if seat == you else possessive(game.names[seat])


def prompt_words(game: Game, you: int, *, only_go: bool) -> str:
    """What the person at ``you`` is to do in the game's phase, in one sentence (``only_go``: they
    can only say go, which the table says for them)."""
    if game.phase == Phase.DISCARD:
        dealer = whose(game, game.dealer, you)
        return (f"{_capital(dealer)} deal: choose {plural(game.rules.discards, 'card')} "
                f"for {dealer} crib.")
    if game.phase == Phase.PLAY:
        if only_go:
            return f"You cannot lay a card on {game.count} without passing 31: say go."
        if not game.pile:
            return "Your lead: the count starts at 0, lay any card."
        return f"Your turn: the count is {game.count}; lay a card that keeps it at 31 or under."
    counting = game.counting
    if counting is None:  # the announce and answer phases count a hand
        return ""
    what = "crib" if counting.is_crib else "hand"
    if game.phase == Phase.ANNOUNCE or counting.announced is None:
        return f"Count your {what} with the starter and announce the points."
    return (f"{_capital(whose(game, counting.owner, you))} {what} is counted as "
            f"{plural(counting.announced, 'point')}: accept it, call Muggins or say it is too high.")


def go_note(names: Sequence[str], you: int, seat: int, count: int) -> str:
    """The table's note when it says go for a person who has no card to lay on ``count``.

    >>> go_note(("You", "Computer"), 0, 0, 28)
    'You cannot lay a card on 28 without passing 31, so the table says go for you.'
    """
    if seat == you:
        return f"You cannot lay a card on {count} without passing 31, so the table says go for you."
    name = names[seat]
    return f"{name} cannot lay a card on {count} without passing 31, so the table says go for {name}."


def warning_text(move: Move, cost: float, best: str) -> str:
    """The warning that holds back a move costing ``cost`` points on average against ``best``."""
    what = "throw" if isinstance(move, Discard) else "card"
    return (f"Careful: that {what} gives up {cost:.1f} points on average against the "
            f"best ({best}). Make the same move again to go ahead, or choose another.")
