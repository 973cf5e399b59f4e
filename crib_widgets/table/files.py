"""A game table's saved game in a file, and telling a pasted share link from a pasted save.

Headless: each function does the file's work or says in one sentence (a `CribbageError`) why it
did not, and the view shows that sentence.

>>> is_shared_link("https://example.org/15_full_game.html#crib=c2.abc"), is_shared_link('{"format": 1}')
(True, False)
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from ..errors import CribbageError
from .share import LINK_KEY

__all__ = ["is_shared_link", "load_reason", "reader_of_file", "save_to_file"]


def is_shared_link(text: str) -> bool:
    """A shared position's link, or its bare code, pasted where a saved game goes."""
    return LINK_KEY in text or text.startswith(("c1.", "c2."))


def save_to_file(name: str, text: str) -> Path:
    """Write the saved game ``text`` to the file ``name`` (typed by the person); a blank name, a
    folder or a file that cannot be written raises `CribbageError` saying so (nothing written)."""
    name = name.strip()
    if not name:
        raise CribbageError("Type a file name first (for example cribbage-game.json): nothing was saved.")
    path = Path(name)
    if path.is_dir():
        raise CribbageError(f"{path} is a folder: type a file name inside it. Nothing was saved.")
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as error:
        reason = error.strerror or error
        raise CribbageError(f"Could not save to {path}: {reason}. The game goes on.") from error
    return path


def reader_of_file(name: str) -> tuple[Callable[[], str], str]:
    """How to read the saved game in the file ``name``, and the file's name to say; a blank name
    raises `CribbageError` saying so."""
    name = name.strip()
    if not name:
        raise CribbageError("Type the name of a saved game's file first. The current game goes on.")
    path = Path(name)
    return (lambda: path.read_text(encoding="utf-8")), str(path)


def load_reason(error: Exception) -> object:
    """Why a saved game could not be read: an OS error's own words, else the error itself."""
    return error.strerror if isinstance(error, OSError) and error.strerror else error
