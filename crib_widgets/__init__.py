"""crib_widgets: a cribbage rules engine, computer players and ipywidgets for learning the game.

>>> from crib_widgets import score_hand
>>> score_hand("5H 5C 5D JS", "5S").total
29
"""

from .cards import Card, full_deck, parse_cards, shuffled_deck
from .errors import CardError, CribbageError, IllegalMove
from .pegging import PlayScore, play_points
from .scoring import HandScore, ScoreItem, hand_total, score_hand

__all__ = [
    "Card",
    "CardError",
    "CribbageError",
    "HandScore",
    "IllegalMove",
    "PlayScore",
    "ScoreItem",
    "full_deck",
    "hand_total",
    "parse_cards",
    "play_points",
    "score_hand",
    "shuffled_deck",
]

__version__ = "0.1.0"
