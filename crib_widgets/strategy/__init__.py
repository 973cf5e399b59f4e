"""Strategy: exact discard advice and computer players."""
from .discard import DiscardOption, advise_discard

__all__ = ["DiscardOption", "advise_discard"]
