"""The widgets' option checks live with the models they guard (`crib_widgets.lessons.checks`)."""

from ..lessons.checks import chance, flag, label, seed, shown, whole

__all__ = ["chance", "flag", "seed", "label", "whole", "shown"]
