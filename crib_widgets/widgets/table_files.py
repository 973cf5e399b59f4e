"""The game table's save-and-restore panel at work: saving to the text box or a file, restoring,
sharing a position and opening a shared one. A mixin of `crib_widgets.widgets.game_table.GameTable`;
the files' work and its sentences are headless (`crib_widgets.table.files`), the links'
(`crib_widgets.table.share`); this says in the status line how it went."""

from __future__ import annotations

from collections.abc import Callable

from ..errors import CribbageError
from ..table.files import is_shared_link, load_reason, reader_of_file, save_to_file
from ..table.share import read_link
from ..table.tournament import NOT_RESTORED, NOT_SHARED

__all__ = ["TableFiles"]


class TableFiles:
    """Save, restore and share on the table (``self.table``, ``self.save_box``, ``self.file_input``)."""

    def _on_save(self) -> None:
        self.went_live()
        if self.match is not None:
            self.save_box.value = self._results()
            self.set_status(self.tournament.saved_sentence(), "ok")
            return
        self.save_box.value = self.to_json()
        self.set_status(
            "Saved: the box holds the whole game. Copy it somewhere safe; paste it back and press "
            "Restore to go on.",
            "ok",
        )

    def _on_restore(self) -> None:
        self.went_live()
        text = self.save_box.value.strip()
        if is_shared_link(text):
            self._open_shared(text, "the text box")
            return
        self._restore(lambda: self.save_box.value, "the text box")

    def _on_share(self) -> None:
        self.went_live()
        if self.match is not None:
            self.set_status(NOT_SHARED, "bad")
            return
        try:
            link = self.table.share_link(self.share_base)
        except CribbageError as error:
            self.set_status(f"Nothing to share yet: {error}.", "bad")
            return
        self.save_box.value = link
        where = "" if self.share_base else " (add it to the end of the game table page's address)"
        shows = (
            "the whole game" if self.game.is_over else "your cards and what is on the table, no one else's"
        )
        self.set_status(
            f"The box holds a link to this position{where}: it shows {shows}. Whoever opens it plays on "
            "from here.",
            "ok",
        )

    def _open_shared(self, link: str, where: str) -> bool:
        """Open a shared position (True when it opened); a bad link is said in the status and the
        current game goes on."""
        try:
            position = read_link(link)
            table = position.table(strength=self.options["strength"].value, hint_level=self.table.hint_level)
        except CribbageError as error:
            self.set_status(f"Could not open the shared position from {where}: {error}. The current game "
                            "goes on.", "bad")
            return False
        self.tournament = None  # a shared position leaves a tournament
        self._visiting = True  # kept games stay as they are (see _keep_game)
        self.went_live()  # Python opened it: the page's "Getting ready" note is no longer true
        self._start(table)
        opened = f"Opened the shared position: {self.game.rules.describe()}. "
        self.set_status(opened + self.status_text, "ok")
        return True

    def _on_save_file(self) -> None:
        self.went_live()
        try:
            path = save_to_file(self.file_input.value, self.to_json())
        except CribbageError as error:
            self.set_status(str(error), "bad")
            return
        self.set_status(f"Saved to {path}. Load file restores it.", "ok")

    def _on_load_file(self) -> None:
        self.went_live()
        try:
            read, where = reader_of_file(self.file_input.value)
        except CribbageError as error:
            self.set_status(str(error), "bad")
            return
        self._restore(read, where)

    def _restore(self, read: Callable[[], str], where: str) -> None:
        if self.match is not None:
            self.set_status(NOT_RESTORED, "bad")
            return
        try:
            self.load_json(read())
        except (CribbageError, OSError, UnicodeDecodeError) as error:
            reason = load_reason(error)
            self.set_status(f"Could not restore from {where}: {reason}. The current game goes on.", "bad")
            return
        self._visiting = False  # the learner's own save: kept from now on
        self._keep_game()
        self.set_status(f"Restored from {where}. " + self.status_text, "ok")
