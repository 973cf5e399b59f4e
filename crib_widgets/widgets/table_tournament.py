"""The game table's side of a class tournament (`crib_widgets.table.duplicate`): the boards one after
another, a closed tab going on at the board left, and the results file to save on the student's
device. A mixin of `crib_widgets.widgets.game_table.GameTable`, which draws and forwards clicks."""

from __future__ import annotations

import os

from ..errors import CribbageError
from ..words import plural
from .styles import esc

__all__ = ["TournamentSide"]


class TournamentSide:
    """The tournament's flow on the game table (``self.match``, ``self.entry``, ``self.keeper``)."""

    def _next_board(self) -> None:
        """A tournament: keep the board played and deal the next (after the last, the results)."""
        match = self.match
        match.next_board()
        if not match.finished:
            self._start(match.table)
            self._focus_cards()
            return
        self._match_over()

    def _match_over(self) -> None:
        """Every board played: the results file to download, and the status says where it is."""
        match = self.match
        self.save_box.value = self._results()
        self._draw_header()  # the points won so far, now every board's
        self.settings.selected_index = 2  # the save panel, where the results are
        self.continue_button.layout.display = "none"
        hand_in = ("Press Download the results file, just below, to save the file on this device, and hand "
                   "that file in to your teacher.")
        played = f"All {match.set.deals} boards played" if match.set.deals > 1 else "The board is played"
        won = ("+" if match.points > 0 else "") + plural(match.points, "point")
        self.set_status(f"{played}: you finished {won} against the computer on these cards. {hand_in}", "ok")

    def _results(self) -> str:
        """The tournament's results file (signed for `crib grade` when a student's link opened it);
        once every board is played, a link beside the table saves it on the student's device."""
        import base64
        import json

        from ..exercises.class_folder import file_stem

        if self.entry is None:
            text = self.match.results(self.student)
        else:
            from ..exercises.tournament import results_data

            text = json.dumps(results_data(self.entry, self.match.played), indent=1, ensure_ascii=False)
        if self.match.finished:
            data = base64.b64encode(text.encode("utf-8")).decode("ascii")
            name = f"results-{file_stem(self.student)}.json"
            self.download_view.value = (
                f'<a class="crib-download" download="{esc(name)}" '
                f'href="data:application/json;charset=utf-8;base64,{data}">Download the results file '
                f"({esc(name)})</a>"
            )
        return text

    def _open_tournament(self, link: str) -> None:
        """A student's tournament link: its boards under their name; a bad link is said in the status."""
        from ..exercises.tournament import read_link as read_tournament

        try:
            entry = read_tournament(link)
        except CribbageError as error:
            self.set_status(f"Could not open the tournament: {error}. This is an ordinary game.", "bad")
            return
        self.entry, self.student = entry, entry.student
        self.match = entry.chosen.start()
        kept = self.keeper.match_back(os.environ, self.match, self.student) if self.keeper else None
        back = kept is not None
        if back:
            self.match = kept  # a closed tab goes on at the board the student left, never board 1 again
        self._start(self.match.table)
        if self.match.finished:
            self._match_over()
            return
        chosen = entry.chosen
        where = f"Welcome back: board {self.match.board} goes on where you left it. " if back else ""
        self.set_status(
            f"{entry.student}, this is your class tournament: {plural(chosen.deals, 'deal')} on the same "
            f"cards as everyone in your class, against the {chosen.level} computer, with no hints. "
            + where + self.status_text,
            "ok",
        )
