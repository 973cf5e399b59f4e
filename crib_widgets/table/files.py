"""A game table's saved game in the text box or a file, a shared position's link made and opened,
and telling a pasted share link from a pasted save.

Headless: each function does the work or says in one sentence (a `CribbageError`) why it did not,
and the view (`crib_widgets.widgets.table_files`) shows that sentence; every sentence the save panel
says is here.

>>> is_shared_link("https://example.org/15_full_game.html#crib=c2.abc"), is_shared_link('{"format": 1}')
(True, False)
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from ..bounded import decode_bounded
from ..errors import CribbageError
from ..game.save import MAX_SAVE_BYTES
from .share import LINK_KEY, read_link
from .table import Table

__all__ = ["SAVED", "is_shared_link", "load_reason", "reader_of_file", "restored", "restored_table",
           "save_to_file", "saved_to", "shared_link", "shared_table"]

#: What the status says when the text box holds the whole game.
SAVED = ("Saved: the box holds the whole game. Copy it somewhere safe; paste it back and press Restore "
         "to go on.")


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

    def read() -> str:  # never more than a save can be: a film or a disk image is not read whole
        with path.open("rb") as file:
            raw = file.read(MAX_SAVE_BYTES + 1)
        return decode_bounded(raw, "the file", MAX_SAVE_BYTES, "give a file that Save to file wrote")

    return read, str(path)


def load_reason(error: Exception) -> object:
    """Why a saved game could not be read: an OS error's own words, else the error itself."""
    return error.strerror if isinstance(error, OSError) and error.strerror else error


def saved_to(path: Path) -> str:
    """What the status says once the game is saved in the file ``path``."""
    return f"Saved to {path}. Load file restores it."


def restored_table(read: Callable[[], str], where: str) -> Table:
    """The table saved in what ``read`` gives (the text box, a file named ``where``); a file that
    cannot be read or a damaged save raises `CribbageError` with the sentence to show (the game
    on the table goes on)."""
    try:
        return Table.from_json(read())
    except (CribbageError, OSError) as error:
        raise CribbageError(f"Could not restore from {where}: {load_reason(error)}. The current game goes "
                            "on.") from None


def restored(where: str) -> str:
    """What the status says before the prompt once a save is restored from ``where``."""
    return f"Restored from {where}. "


def shared_link(table: Table, base: str) -> tuple[str, str]:
    """The link to the position on ``table`` (``base``: the page's address before ``#crib=``, or
    "") and the sentence saying what it shows; a table with nothing to share yet raises
    `CribbageError` saying so."""
    try:
        link = table.share_link(base)
    except CribbageError as error:
        raise CribbageError(f"Nothing to share yet: {error}.") from None
    where = "" if base else " (add it to the end of the game table page's address)"
    shows = "the whole game" if table.game.is_over else "your cards and what is on the table, no one else's"
    return link, (f"The box holds a link to this position{where}: it shows {shows}. Whoever opens it plays "
                  "on from here.")


def shared_table(link: str, where: str, *, strength: str, hint_level: str) -> tuple[Table, str]:
    """The table of a shared position's ``link`` (found in ``where``), its other seats played by
    ``strength`` computers, and the sentence that opens it; a damaged link raises `CribbageError`
    with the sentence to show (the game on the table goes on)."""
    try:
        table = read_link(link).table(strength=strength, hint_level=hint_level)
    except CribbageError as error:
        raise CribbageError(f"Could not open the shared position from {where}: {error}. The current game "
                            "goes on.") from None
    return table, f"Opened the shared position: {table.game.rules.describe()}. "
