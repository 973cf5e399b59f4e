"""ipywidgets views for learning cribbage: cards, the board, trainers, quizzes and the game table.

Every widget asks the engine (`crib_widgets.scoring`, `crib_widgets.pegging`, `crib_widgets.game`)
for scores and legal moves and only draws what comes back.
"""

from . import _pyodide  # noqa: F401  (in JupyterLite: trait values of None reach the page)
from .board import BoardView, board_svg
from .cards_view import CardPicker, card_html, cards_html
from .counting_trainer import CountingTrainer
from .game_table import GameTable
from .muggins_quiz import MugginsQuiz
from .pegging_drill import PeggingDrill
from .pegging_scenarios import SCENARIOS, TOPICS, Scenario

__all__ = [
    "BoardView",
    "CardPicker",
    "CountingTrainer",
    "GameTable",
    "MugginsQuiz",
    "PeggingDrill",
    "SCENARIOS",
    "Scenario",
    "TOPICS",
    "board_svg",
    "card_html",
    "cards_html",
]
