"""The pegging drill's scenarios live with its model (`crib_widgets.lessons.scenarios`)."""

from ..lessons.scenarios import SCENARIOS, TOPICS, Scenario

__all__ = ["Scenario", "SCENARIOS", "TOPICS"]
