"""The game table's side of a class tournament: it draws a `crib_widgets.table.tournament.TournamentPlay`
(the boards one after another, a closed tab going on at the board left, the results file and its
download link) and forwards the student's clicks to it. A mixin of
`crib_widgets.widgets.game_table.GameTable`; the flow and its sentences are headless."""

from __future__ import annotations

import os
from functools import partial

from ..errors import CribbageError
from ..table.duplicate import DuplicateMatch
from ..table.tournament import TournamentPlay
from .styles import esc

__all__ = ["TournamentSide"]


class TournamentSide:
    """The tournament on the game table (``self.tournament``: a `TournamentPlay` or None)."""

    tournament: TournamentPlay | None = None

    @property
    def match(self) -> DuplicateMatch | None:
        """The tournament's boards (None in an ordinary game)."""
        return None if self.tournament is None else self.tournament.match

    @property
    def entry(self):
        """What the student's tournament link carries (None without one)."""
        return None if self.tournament is None else self.tournament.entry

    @property
    def student(self) -> str:
        """The name in the tournament's results file ("" in an ordinary game)."""
        return "" if self.tournament is None else self.tournament.student

    def _next_board(self) -> None:
        """A tournament: keep the board played and deal the next (after the last, the results)."""
        if not self.tournament.next_board():
            self._start(self.tournament.table)
            self._focus_cards()
            return
        self._match_over()

    def _match_over(self) -> None:
        """Every board played: the results file to download, and the status says where it is."""
        self.save_box.value = self._results()
        self._draw_header()  # the points won so far, now every board's
        self.settings.selected_index = 2  # the save panel, where the results are
        self.continue_button.layout.display = "none"
        self.set_status(self.tournament.finished_sentence(), "ok")

    def _results(self) -> str:
        """The results file's text; once every board is played, a link beside the table saves it."""
        play = self.tournament
        text = play.results_text()
        if play.finished:
            name = play.file_name
            self.download_view.value = (
                f'<a class="crib-download" download="{esc(name)}" href="{play.download_href(text)}">'
                f"Download the results file ({esc(name)})</a>"
            )
        return text

    def _open_tournament(self, link: str) -> None:
        """A student's tournament link: its boards under their name; a bad link is said in the status."""
        kept = None if self.keeper is None else partial(self.keeper.match_back, os.environ)
        try:
            self.tournament = TournamentPlay.open_link(link, kept)
        except CribbageError as error:
            self.set_status(str(error), "bad")
            return
        self._start(self.tournament.table)
        if self.tournament.finished:
            self._match_over()
            return
        self.set_status(self.tournament.opening(self.status_text), "ok")
