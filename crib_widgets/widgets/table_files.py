"""The game table's save-and-restore panel at work: saving to the text box or a file, restoring,
sharing a position and opening a shared one. A mixin of `crib_widgets.widgets.game_table.GameTable`;
the work and every sentence it says are headless (`crib_widgets.table.files`; a tournament's in
`crib_widgets.table.tournament`); this shows them in the status line and the text box."""

from __future__ import annotations

from collections.abc import Callable

from ..errors import CribbageError
from ..table.files import (
    SAVED,
    is_shared_link,
    reader_of_file,
    restored,
    restored_table,
    save_to_file,
    saved_to,
    shared_link,
    shared_table,
)
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
        self.set_status(SAVED, "ok")

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
            self.save_box.value, said = shared_link(self.table, self.share_base)
        except CribbageError as error:
            self.set_status(str(error), "bad")
            return
        self.set_status(said, "ok")

    def _open_shared(self, link: str, where: str) -> bool:
        """Open a shared position (True when it opened); a bad link is said in the status and the
        current game goes on."""
        try:
            table, opened = shared_table(link, where, strength=self.options["strength"].value,
                                         hint_level=self.table.hint_level)
        except CribbageError as error:
            self.set_status(str(error), "bad")
            return False
        self.tournament = None  # a shared position leaves a tournament
        self._visiting = True  # kept games stay as they are (see _keep_game)
        self.went_live()  # Python opened it: the page's "Getting ready" note is no longer true
        self._start(table)
        self.set_status(opened + self.status_text, "ok")
        return True

    def _on_save_file(self) -> None:
        self.went_live()
        try:
            path = save_to_file(self.file_input.value, self.to_json())
        except CribbageError as error:
            self.set_status(str(error), "bad")
            return
        self.set_status(saved_to(path), "ok")

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
            table = restored_table(read, where)
        except CribbageError as error:
            self.set_status(str(error), "bad")
            return
        self._start(table)
        self._visiting = False  # the learner's own save: kept from now on
        self._keep_game()
        self.set_status(restored(where) + self.status_text, "ok")
