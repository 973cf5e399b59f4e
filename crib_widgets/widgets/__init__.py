"""ipywidgets views for learning cribbage: cards, the board, trainers, quizzes and the game table.

Every widget asks the engine (`crib_widgets.scoring`, `crib_widgets.pegging`, `crib_widgets.game`)
for scores and legal moves and only draws what comes back.

Each name is imported from its module when it is first asked for: a page whose widget is the game
table does not wait for the trainers' imports (on a phone, a chapter's first widget waits for every
import its cell makes).

>>> from crib_widgets.widgets import CountingTrainer
>>> CountingTrainer.__module__
'crib_widgets.widgets.counting_trainer'
"""

from typing import TYPE_CHECKING

from .._lazy import lazy_package
from . import _pyodide  # noqa: F401  (in JupyterLite: trait values of None reach the page)

#: The names each module of this package gives (each imported when first asked for).
MODULES = {
    "board": ("BoardView", "board_svg"),
    "board_play": ("BoardPlayView",),
    "cards_view": ("CardPicker", "card_html", "cards_html"),
    "counting_trainer": ("CountingTrainer",),
    "discard_trainer": ("DiscardTrainerView",),
    "exercise_checker": ("ExerciseChecker",),
    "game_table": ("GameTable",),
    "muggins_quiz": ("MugginsQuiz",),
    "pegging_drill": ("PeggingDrill",),
}

__getattr__, __all__ = lazy_package(__name__, MODULES)

if TYPE_CHECKING:  # for type checkers and editors: the names, as if imported here
    from .board import BoardView as BoardView
    from .board import board_svg as board_svg
    from .board_play import BoardPlayView as BoardPlayView
    from .cards_view import CardPicker as CardPicker
    from .cards_view import card_html as card_html
    from .cards_view import cards_html as cards_html
    from .counting_trainer import CountingTrainer as CountingTrainer
    from .discard_trainer import DiscardTrainerView as DiscardTrainerView
    from .exercise_checker import ExerciseChecker as ExerciseChecker
    from .game_table import GameTable as GameTable
    from .muggins_quiz import MugginsQuiz as MugginsQuiz
    from .pegging_drill import PeggingDrill as PeggingDrill
