"""A student's class tournament at the game table, headless: the boards one after another, the
results file (signed for `crib grade` when the student's link opened the tournament), its name and
its download address, and every sentence the table says about them.

The game table (`crib_widgets.widgets.table_tournament`) draws a `TournamentPlay` and forwards the
student's clicks to it; tests play a whole tournament through it without ipywidgets. The teacher's
side (the class file, the links, grading) is `crib_widgets.table.class_tournament`, which the command
line and the class page share.

>>> play = TournamentPlay.of_set({"seed": 7, "deals": 1, "level": "beginner"}, "Ann O'Neil")
>>> play.where, play.file_name, play.continue_label
('tournament board 1 of 1 · won so far +0', 'results-ann-o-neil.json', 'See the results')
>>> TournamentPlay.of_set({"seed": 7, "deals": 1, "colour": "red"}, "Ann")
Traceback (most recent call last):
...
crib_widgets.errors.CribbageError: 'colour' is not a board's choice: give seed, deals, level, muggins
"""

from __future__ import annotations

import base64
import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..errors import CribbageError
from ..words import plural
from .duplicate import DuplicateMatch, DuplicateSet
from .share import TOURNAMENT_LINK_KEY
from .table import Table

if TYPE_CHECKING:
    from .class_tournament import TournamentEntry

__all__ = ["NOT_RESTORED", "NOT_SHARED", "TournamentPlay", "is_tournament_link"]

#: What the table says when a tournament's boards would be shared or restored.
NOT_SHARED = "A class tournament's boards are not shared: everyone in the class plays the same cards."
NOT_RESTORED = "A tournament's boards are played through, not restored: the board goes on."
_HAND_IN = ("Press Download the results file, just below, to save the file on this device, and hand that "
            "file in to your teacher.")
_SET_FIELDS = ("seed", "deals", "level", "muggins")

#: How a kept way through a set comes back (`crib_widgets.table.keep.Keeper.match_back` on the page's
#: storage): the set's match at board 1 and the student's name -> the kept match, or None.
KeptMatch = Callable[[DuplicateMatch, str], DuplicateMatch | None]


def is_tournament_link(text: str) -> bool:
    """A student's tournament link (or the page's address holding one), not a shared position's."""
    return TOURNAMENT_LINK_KEY in text


@dataclass
class TournamentPlay:
    """A student's way through a tournament's boards: ``match`` (the boards, the one on the table),
    ``student`` (the name in the results file), ``entry`` (what the student's link carries: the class
    and the signing key; None for a tournament chosen in the notebook) and ``back`` (the boards came
    back from the browser's storage where the student left them)."""

    match: DuplicateMatch
    student: str
    entry: TournamentEntry | None = None
    back: bool = False

    @classmethod
    def of_set(cls, duplicate: object, student: str) -> TournamentPlay:
        """The boards a notebook chose (``{"seed": 7, "deals": 8, "level": "expert"}``), played by
        ``student``; anything else raises `CribbageError` naming what is wrong."""
        if not isinstance(duplicate, dict):
            raise CribbageError(f"duplicate must be a dict such as {{'seed': 7, 'deals': 8, 'level': "
                                f"'expert'}}; got {duplicate!r}")
        for name in duplicate:
            if name not in _SET_FIELDS:
                raise CribbageError(f"{name!r} is not a board's choice: give seed, deals, level, "
                                    "muggins")
        if "seed" not in duplicate or "deals" not in duplicate:
            raise CribbageError("a tournament's boards need a seed and the number of deals, e.g. "
                                "{'seed': 7, 'deals': 8}")
        return cls(DuplicateSet(**duplicate).start(), student)

    @classmethod
    def open_link(cls, link: str, kept: KeptMatch | None = None) -> TournamentPlay:
        """The tournament in a student's link, at the board the student left it if ``kept`` has it;
        a damaged link raises `CribbageError` with the sentence to show (the ordinary game goes on)."""
        # imported here: the game table's page loads the class's modules only for a tournament
        from .class_tournament import read_link

        try:
            entry = read_link(link)
        except CribbageError as error:
            raise CribbageError(f"Could not open the tournament: {error}. This is an ordinary "
                                "game.") from None
        match = entry.chosen.start()
        came_back = kept(match, entry.student) if kept is not None else None
        return cls(came_back or match, entry.student, entry, came_back is not None)

    # ---- the boards ---------------------------------------------------------------------------------

    @property
    def table(self) -> Table:
        """The board on the table."""
        return self.match.table

    @property
    def finished(self) -> bool:
        return self.match.finished

    def next_board(self) -> bool:
        """Keep the board played and deal the next; True once every board is played. Refused (a
        `CribbageError`) before the board's deal ends."""
        self.match.next_board()
        return self.match.finished

    @property
    def where(self) -> str:
        """Where the student is, for the line under the table."""
        m = self.match
        return f"tournament board {m.board} of {m.set.deals} · won so far {m.points:+d}"

    @property
    def continue_label(self) -> str:
        """The button that goes on after a board's show."""
        return "See the results" if self.match.board == self.match.set.deals else "Next board"

    # ---- what the table says ------------------------------------------------------------------------

    def opening(self, then: str) -> str:
        """The status line when a student's link opened the boards (``then``: what to do now)."""
        if self.entry is None:
            return then
        chosen = self.entry.chosen
        where = f"Welcome back: board {self.match.board} goes on where you left it. " if self.back else ""
        return (f"{self.student}, this is your class tournament: {plural(chosen.deals, 'deal')} on the same "
                f"cards as everyone in your class, against the {chosen.level} computer, with no hints. "
                + where + then)

    def finished_sentence(self) -> str:
        """The status line once every board is played: the points won and how to hand them in."""
        match = self.match
        played = f"All {match.set.deals} boards played" if match.set.deals > 1 else "The board is played"
        won = ("+" if match.points > 0 else "") + plural(match.points, "point")
        return f"{played}: you finished {won} against the computer on these cards. {_HAND_IN}"

    def saved_sentence(self) -> str:
        """The status line when the save box is given the results so far."""
        return (f"The box holds your results for the boards finished ({len(self.match.played)} of "
                f"{self.match.set.deals}). Finish every board before handing them in.")

    # ---- the results file ---------------------------------------------------------------------------

    def results_text(self, saved: str = "") -> str:
        """The results file's text for the boards finished: signed for `crib grade` (the
        assignment's format, ``crib_results``) when a student's link opened the tournament, else the
        duplicate format (`DuplicateMatch.results`). ``saved`` is the time signed (now by default)."""
        if self.entry is None:
            return self.match.results(self.student)
        from .class_tournament import results_data

        data = results_data(self.entry, [dict(board) for board in self.match.played], saved)
        return json.dumps(data, indent=1, ensure_ascii=False)

    @property
    def file_name(self) -> str:
        """The results file's name, ``results-<name>.json``, as `crib grade`'s messages and the
        class page name it."""
        from ..exercises.class_folder import file_stem

        return f"results-{file_stem(self.student)}.json"

    def download_href(self, text: str) -> str:
        """The address that saves the results ``text`` on the student's device (a ``data:`` URL: no
        server sees it)."""
        data = base64.b64encode(text.encode("utf-8")).decode("ascii")
        return f"data:application/json;charset=utf-8;base64,{data}"
