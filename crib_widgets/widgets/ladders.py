"""The counting trainer's ladders live with its model (`crib_widgets.lessons.ladders`)."""

from ..lessons.ladders import LADDERS, LEVEL_KINDS, Rung

__all__ = ["Rung", "LADDERS", "LEVEL_KINDS"]
