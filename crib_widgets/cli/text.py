"""Words the command line prints: plurals said right ("1 student", "2 students"), as the whole book
says them (`crib_widgets.words`)."""

from __future__ import annotations

from ..words import plural

__all__ = ["plural"]
