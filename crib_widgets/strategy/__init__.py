"""Strategy: exact discard advice with plain-word reasons, and computer players of three strengths.

>>> from crib_widgets.strategy import advise_discard, make_player
>>> best = advise_discard("5H 5D JS 4C 6C KD", dealer=True)[0]
>>> " ".join(str(c) for c in best.discard), round(best.hand_ev, 2)
('JS KD', 15.96)
>>> make_player("intermediate").name
'intermediate'
"""

from .discard import DiscardOption, advise_discard
from .pegging_choice import PlayView, expert_play, greedy_play
from .players import LEVELS, Beginner, ComputerPlayer, Expert, Intermediate, Player, make_player

__all__ = [
    "LEVELS",
    "Beginner",
    "ComputerPlayer",
    "DiscardOption",
    "Expert",
    "Intermediate",
    "Player",
    "PlayView",
    "advise_discard",
    "expert_play",
    "greedy_play",
    "make_player",
]
