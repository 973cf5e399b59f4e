"""Strategy: exact discard advice with plain-word reasons, how the hands people keep score
(`kept_hand_stats`), the look-ahead in the play, computer players of three strengths, and the review
of a game's decisions (`review_game`).

>>> from crib_widgets.strategy import advise_discard, make_player
>>> best = advise_discard("5H 5D JS 4C 6C KD", dealer=True)[0]
>>> " ".join(str(c) for c in best.discard), round(best.hand_ev, 2)
('JS KD', 15.96)
>>> make_player("intermediate").name
'intermediate'
"""

from ..game.seat_view import PlayView
from .discard import DiscardOption, advise_discard
from .kept_hands import KeptHandStats, kept_hand_stats
from .pegging_choice import expert_play, greedy_play
from .players import LEVELS, Beginner, ComputerPlayer, Expert, Intermediate, Player, make_player
from .review import Decision, Review, review_deal, review_game, review_save

__all__ = [
    "LEVELS",
    "Beginner",
    "ComputerPlayer",
    "Decision",
    "DiscardOption",
    "Expert",
    "Intermediate",
    "KeptHandStats",
    "Player",
    "PlayView",
    "Review",
    "advise_discard",
    "expert_play",
    "greedy_play",
    "kept_hand_stats",
    "make_player",
    "review_deal",
    "review_game",
    "review_save",
]
