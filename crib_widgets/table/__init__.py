"""Models: the headless flows the widgets draw (the game table), testable without ipywidgets.

>>> from crib_widgets.table import Table
>>> t = Table(seats=("beginner", "expert"), seed=5)
>>> t.play_out().is_over
True
"""

from .advice import HINT_LEVELS, Advice, HintLevel, advise, cost_of
from .changes import Change
from .save import SAVE_FORMAT, SavedTable
from .seats import LEARNER, PERSON, STRENGTHS, seat_names
from .share import SharedPosition, read_link, share_link
from .show import DealShow, ShowStep, show_groups
from .table import Table

__all__ = [
    "Advice",
    "Change",
    "DealShow",
    "HINT_LEVELS",
    "HintLevel",
    "LEARNER",
    "PERSON",
    "SAVE_FORMAT",
    "STRENGTHS",
    "SavedTable",
    "SharedPosition",
    "ShowStep",
    "Table",
    "advise",
    "cost_of",
    "read_link",
    "seat_names",
    "share_link",
    "show_groups",
]
