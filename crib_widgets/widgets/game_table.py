"""GameTable: a whole game of cribbage against one to three computer players, or two to four people
passing one device round (any other seats computers).

The view draws a `crib_widgets.table.Table` (the game, the seats, the pacing of the computers'
moves, the show, saving and the advice) and forwards the learner's clicks to it; it decides no
rule and no move itself. This module wires the parts, one job each: the controls
(`table_controls`), the drawing and the status line (`table_drawing`), the save-and-restore panel
(`table_files`), a class tournament's side (`table_tournament`), the option controls
(`table_options`) and the HTML pieces (`table_views`); the flow they show is headless in
`crib_widgets.table` (the `Table`, `pacing`, `choices`, `new_game`, `files`, `tournament`).

>>> t = GameTable(seed=1, strength="beginner")
>>> t.game.phase, len(t.picker.buttons)
('discard', 6)
>>> for b in t.picker.buttons[:2]:
...     b.value = True
>>> t.lay_button.click(); t.game.phase
'play'
"""

from __future__ import annotations

import os

import ipywidgets as widgets

from ..cards import Card
from ..errors import CribbageError
from ..game import Announce, Answer, AnswerKind, ChangeKind, Discard, Go, Phase, Play, Rules
from ..table import STRENGTHS, Change, HintLevel, Table, seat_names
from ..table import keep as keeping
from ..table.new_game import asks_before_leaving, table_from_options
from ..table.pacing import (
    PACES,
    PAUSE_SECONDS,
    Pacer,
    check_pace,
    read_points,
    running_loop,
)
from ..table.seats import people_seats
from ..table.share import page_address, page_link
from ..table.tournament import TournamentPlay, is_tournament_link
from .frame import Frame
from .progress_link import keep
from .styles import STATIC_NOTE_GAME
from .table_controls import TableControls
from .table_drawing import TableDrawing
from .table_files import TableFiles
from .table_options import show_rules
from .table_tournament import TournamentSide
from .table_views import advice_html, whose

__all__ = ["GameTable", "STRENGTHS", "seat_names", "PACES", "PAUSE_SECONDS", "people_seats"]


class GameTable(TournamentSide, TableFiles, TableDrawing, TableControls, Frame):
    """Play a full game: options for players, partnerships, 61/121, Muggins, 10 back, Lowball, exact
    finish, the computer's strength, hints, the pace of the computers' moves and your name.

    Keyword arguments set the first game's options (``players``, ``partners``, ``target``,
    ``muggins``, ``ten_back``, ``lowball``, ``exact_finish``, ``strength``, ``name``, ``hints``
    (``off``, ``warn`` or ``show``), ``warn_at`` (points), ``pace`` (see `PACES`)) and ``seed`` (the
    deal and the computers' choices; None picks one), ``dealer`` (None: cut for deal), ``deck`` (the
    top of the first deal's deck, e.g. today's hand: `crib_widgets.lessons.daily.DailyHand.game_deck`),
    ``four_colour``. A name that a computer seat has, or an unknown option, raises `CribbageError`.

    Pass and play: ``people=("Ann", "Ben")`` seats those people at this device in seats 0, 1, ...
    (the other seats play ``strength``); or ``seats`` (per seat ``"person"`` or a computer level) with
    ``names`` (one per seat). Each person's cards stay face down until they press "I am Ann: show my
    cards" (``take_button``); hints are each person's own; the review at the end is everyone's.

    Sharing: ``shared`` (a link made by "Share this position", or its code; ``"page"``: the link
    the book's page was opened with, if any: `crib_widgets.table.share.page_link`) opens that
    position, the sharer's seat played by whoever opens it, the others ``strength`` computers (a
    damaged link is said in the status line and the usual game starts); ``share_base`` is the page's
    address
    that "Share this position" puts before ``#crib=...`` (by default the live page's own address;
    empty outside a page: the link is then only the part after the address).

    A class tournament on the same cards: ``duplicate={"seed": 7, "deals": 8, "level": "expert"}``
    (see `crib_widgets.table.duplicate`) plays those boards, the same for every student, one deal
    each; after the last, the save box holds the results file for the teacher (``name`` is the
    student's name in it). A student's tournament link from `crib assign --tournament` (as
    ``shared``, or the page's link with ``shared="page"``) plays its boards under the student's name,
    and the results file is signed for `crib grade`, with a link to download it (``download_view``).

    Keeping: ``keep`` (a short name, e.g. ``"full-game"``) keeps the game in the browser as it is
    played (`crib_widgets.table.keep`): on a live page a reload, a closed tab or a lost connection
    brings it back as it was, options and all (with none kept, the first visit plays the page's
    picture, ``seed``, so a card tapped while Python starts is the card chosen; New game deals a
    fresh one). A tournament's boards are kept the same way.

    Child widgets: ``board``, ``picker`` (your cards), ``lay_button``, ``hint_button`` ("Show me"),
    ``go_button``, ``next_move_button``, ``announce_input``, ``announce_button``, ``accept_button``,
    ``muggins_input``, ``muggins_button``, ``overcount_button``, ``continue_button``,
    ``step_button``, ``review_button``, ``new_game_button``, ``plot_button``, the option controls in
    ``options`` (dict), ``save_button``, ``restore_button``, ``save_box``, ``file_input``,
    ``save_file_button``, ``load_file_button``, ``review_view``.
    State: ``table`` (the `Table`), ``game``, ``paused``, ``advice`` (the last "Show me").
    """

    def __init__(
        self,
        *,
        players: int = 2,
        partners: bool = False,
        target: int = 61,
        muggins: bool = False,
        ten_back: bool = False,
        lowball: bool = False,
        exact_finish: bool = False,
        strength: str = "intermediate",
        name: str = "You",
        hints: str = HintLevel.SHOW,
        warn_at: float = 2.0,
        pace: str = "auto",
        seed: int | None = None,
        dealer: int | None = None,
        four_colour: bool = False,
        people: tuple[str, ...] | list[str] | None = None,
        seats: tuple[str, ...] | list[str] | None = None,
        names: tuple[str, ...] | list[str] | None = None,
        shared: str | None = None,
        share_base: str = "",
        duplicate: dict | None = None,
        deck: list | str | None = None,
        keep: str | None = None,
    ) -> None:
        rules = Rules(
            players=players,
            partners=partners,
            target=target,
            muggins=muggins,
            ten_back=ten_back,
            lowball=lowball,
            exact_finish=exact_finish,
        )
        pacer = Pacer(pace)
        if people is not None:
            seats, names = people_seats(people, rules.players, strength)
        table = Table(
            rules,
            strength=strength,
            name=name,
            seed=seed,
            dealer=dealer,
            hint_level=hints,
            warn_at=warn_at,
            seats=seats,
            names=names,
            deck=deck,
        )
        super().__init__("Cribbage game table", STATIC_NOTE_GAME)
        self.four_colour = four_colour
        self.pacer = pacer  # the computers' moves at the pace chosen
        self.advice = None
        self.focused: widgets.DOMWidget | None = None  # the control the keyboard was last put on
        self.share_base = share_base or page_address()  # on a live page, links lead back to it
        # a class tournament's boards, the student's name and (from their link) their signing key
        self.tournament = None if duplicate is None else TournamentPlay.of_set(duplicate, name)
        if self.tournament is not None:
            table = self.tournament.table
        self.keeper = None if keep is None else keeping.Keeper(keep)
        self._asked_new = False  # New game pressed once during a kept game: the next press confirms
        self._visiting = True  # nothing is kept until the table is set up (a kept game may come back)
        self._syncing = False  # the hints menu being set from the table, not by the person
        self._build_options(rules, strength, name, hints, warn_at, pace)
        self._build_table()
        self._start(table)
        if shared == "page":
            shared = page_link()
        visiting = False
        if shared and is_tournament_link(shared):
            self._open_tournament(shared)
        elif shared:
            visiting = self._open_shared(shared, "the link")
        if self.keeper is not None and self.match is None and not visiting:
            said = self.status_text if shared else ""  # a damaged link: "the current game goes on"
            self._come_back()
            if said:
                self.set_status(said, "bad")
        self._visiting = visiting  # a friend's shared position is not kept (see _keep_game)
        self._play_friend()
        self._keep_game()

    # ---- the table ----------------------------------------------------------------------------------
    @property
    def game(self):
        return self.table.game

    @property
    def paused(self) -> bool:
        """The finished deal's show is on the table."""
        return self.table.paused

    @property
    def strength(self) -> str:
        return self.table.strength

    def _start(self, table: Table) -> None:
        self.table = table
        self._kept = len(table.records)  # the table's throws the page's progress holds
        self.pacer.renew()
        self.advice = None
        self.figure_view.value = self.review_view.value = ""
        self._pace_steps()

    def to_json(self) -> str:
        """The table as JSON text (see `Table.to_json`)."""
        return self.table.to_json()

    def load_json(self, text: str) -> None:
        """Restore a saved table; a damaged text raises `CribbageError` and the game goes on unchanged."""
        table = Table.from_json(text)
        self._start(table)

    # ---- pacing the computers' moves ---------------------------------------------------------------
    @property
    def pace(self) -> str:
        """How the computers' moves appear (see `PACES`); set it as the pace menu does."""
        return self.pacer.pace

    @pace.setter
    def pace(self, pace: str) -> None:
        self.pacer.pace = check_pace(pace)

    def _paced_by_next(self) -> bool:
        return self.pacer.by_next(self.table)

    def _pace_steps(self) -> None:
        """Show the computers' moves one at a time: each after a pause, or at a press of Next."""
        self.pacer.run(self.table, self.refresh, self._focus_cards)

    def _on_next_move(self) -> None:
        self.went_live()
        if self.table.waiting:
            self.table.advance()
            self.refresh()
            self._focus_cards()

    def _forward(self, changes: list[Change]) -> None:
        """After the learner's move: draw it, then the computers' steps."""
        if changes and changes[0].kind == ChangeKind.REFUSED:
            self.set_status(changes[0].text, "bad")
            return
        if changes and changes[0].kind == ChangeKind.WARNING:
            self.set_status(changes[0].text, "warn")
            return
        self.pacer.renew()
        self.advice = None
        self.advice_view.value = ""
        self._pace_steps()
        self._focus_cards()

    # ---- keeping the game in the browser ------------------------------------------------------------
    def _keep_game(self) -> None:
        # a friend's shared position is not the learner's own game: it never replaces the kept one
        if self.keeper is not None and not self._visiting:
            value = self.keeper.element(self.table, self.match, self.student)
            if self.game_out.value != value:
                self.game_out.value = value

    def _come_back(self) -> None:
        """A kept game comes back as it was (see `crib_widgets.table.keep.Keeper.come_back`)."""
        kept, note = self.keeper.come_back(os.environ)
        if kept is not None:
            self.went_live()
            show_rules(self.options, kept.game.setup.rules, kept.strength)
            self._start(kept)
            self.set_status(keeping.welcome(kept) + " " + self.status_text, "ok")
        elif note:
            self.set_status(note + " " + self.status_text, "bad")

    def _play_friend(self) -> None:
        """A game with a friend kept here, or the friend's link the page was opened with, comes up."""
        said = self.friend_panel.come_back()
        if self.friend_panel.flow is not None:
            self.settings.selected_index = 3
        if said:
            self.set_status(f"{said} {self.status_text}".strip(), "bad")

    # ---- the learner's moves --------------------------------------------------------------------
    def _move(self, move, *, confirm: bool = False) -> None:
        self._asked_new = False  # a move made: New game asks again before leaving the game
        changes = self.table.move(move, confirm=confirm)
        self._forward(changes)  # the move is answered before the throw is judged for the progress
        loop = running_loop()
        if loop is None:  # tests, a plain script
            self._keep_throws()
        else:
            loop.call_soon(self._keep_throws)

    def _keep_throws(self) -> None:
        self._kept = keep(self.table.records, self._kept)  # a throw is kept for the learner's progress

    def _on_pick_toggle(self) -> None:
        """A card chosen or put back: Python answered the click, so the game is live."""
        self.went_live()
        self._on_selection()

    def _on_selection(self) -> None:
        game = self.game
        if game.phase != Phase.DISCARD or self.paused or self.table.waiting:
            return
        k = game.rules.discards
        chosen = len(self.picker.selected)
        self.lay_button.disabled = chosen != k
        crib = whose(game, game.dealer, self.table.you)
        if chosen == k:
            shown = " ".join(c.pretty for c in self.picker.selected)
            self.set_status(f"Press Lay in the crib to throw {shown} into {crib} crib.")
        else:
            self.set_status(
                f"{self.table.prompt[:-1]} ({chosen} chosen): tap or click the cards, or use Tab and Space."
                + (" Show me suggests the best throw." if self.table.hint_level == HintLevel.SHOW else "")
            )

    def _on_lay(self) -> None:
        self.went_live()
        if self.game.phase == Phase.DISCARD and not self.lay_button.disabled:
            self._move(Discard(self.table.you, tuple(self.picker.selected)))
            if self.table.warning is not None:
                self.set_status(
                    self.status_text + " (Press Lay in the crib again to throw them anyway.)", "warn"
                )

    def _on_play(self, card: Card) -> None:
        self.went_live()
        if self.game.phase == Phase.PLAY:
            self._move(Play(self.table.you, card))
            if self.table.warning is not None:
                self.set_status(
                    self.status_text + f" (Tap or click the {card.name} again to lay it anyway.)", "warn"
                )

    def _on_go(self) -> None:
        self.went_live()
        if self.game.phase == Phase.PLAY and not self.go_button.disabled:
            self._move(Go(self.table.you))

    def _on_announce(self) -> None:
        self.went_live()
        if self.game.phase != Phase.ANNOUNCE:
            return
        points = read_points(self.announce_input.value)
        if points is None:
            self.set_status("Type your count as a number of points, 0 to 29, then press Announce.", "bad")
            return
        self._move(Announce(self.table.you, points))

    def _on_answer(self, kind: AnswerKind) -> None:
        self.went_live()
        button = {AnswerKind.ACCEPT: self.accept_button, AnswerKind.MUGGINS: self.muggins_button}.get(
            kind, self.overcount_button
        )
        if self.game.phase != Phase.ANSWER or button.disabled:
            return
        points = None
        if kind == AnswerKind.MUGGINS:
            points = read_points(self.muggins_input.value)
            if points is None or points < 1:
                self.set_status("Type the points you say were missed (1 or more), then press Muggins!", "bad")
                return
        self._move(Answer(self.table.you, kind, points))

    def _on_hint(self) -> None:
        self.went_live()
        if self.table.hint_level != HintLevel.SHOW:
            return
        advice = self.table.advise()
        if advice is None:
            return
        self.advice = advice
        self.advice_view.value = advice_html(advice)
        best = " ".join(c.pretty for c in advice.best)
        if advice.phase == Phase.DISCARD:
            self.picker.select(advice.best)
            self.set_status(f"Show me raised {best} for you: press Lay in the crib to throw them, or tap a "
                            "raised card to put it back and choose another.")
        else:
            self.set_status(f"Show me: lay the {advice.best[0].name}. Tap or click it, or another card.")

    def _on_continue(self) -> None:
        self.went_live()
        if self.match is not None and self.match.board_done:
            self._next_board()
        elif self.paused:
            self._forward(self.table.next_deal())

    def _on_step(self) -> None:
        self.went_live()
        changes = self.table.step_show()
        if changes[0].kind == ChangeKind.SHOW_STEP:
            self.refresh()

    def _on_review(self) -> None:
        self.went_live()
        from .review_view import review_html

        t = self.table
        # each person sees their own review; at the end of the game, everyone's
        seats = t.people if self.game.is_over and len(t.people) > 1 else (t.you,)
        try:
            reviews = [(seat, t.review_shown(seat=seat)) for seat in seats]
        except CribbageError as error:
            self.set_status(f"No review yet: {error}", "bad")
            return
        many = len(reviews) > 1
        self.review_view.value = "".join(
            review_html(
                review,
                self.game,
                four_colour=self.four_colour,
                title=f"Review of {self.game.names[seat]}'s game" if many else "",
            )
            for seat, review in reviews
        )
        whose_review = "each person's" if many else "your"
        self.set_status(
            f"The review is below the show: {whose_review} three costliest decisions first.", "ok"
        )

    def _on_new_game(self, people: bool = False) -> None:
        self.went_live()
        if asks_before_leaving(self.table, kept=self.keeper is not None) and not self._asked_new:
            self._asked_new = True
            self.set_status("Your game is kept as it is. Press New game again to leave it and start a new "
                            "game.", "warn")
            return
        self._asked_new = False
        values = {key: control.value for key, control in self.options.items()}
        try:
            table = table_from_options(values, self.people_input.value if people else None)
        except CribbageError as error:
            self.set_status(f"The game was not changed: {error}", "bad")
            return
        self.tournament = None  # a new game leaves a tournament
        self._visiting = False
        self._start(table)

    def _on_take(self) -> None:
        self.went_live()
        if self.table.passing is None:
            return
        self._forward(self.table.take_device())  # the new holder's cards and what to do, in the status

    def _on_four_colour(self) -> None:
        self.went_live()
        self.four_colour = self.options["four_colour"].value
        self.refresh()

    def _on_hints(self) -> None:
        if self._syncing:
            return
        self.went_live()
        try:
            self.table.set_hints(self.options["hints"].value, self.options["warn_at"].value)
        except CribbageError as error:
            self._sync_hints()
            said = str(error)
            self.set_status(f"{said[:1].upper()}{said[1:]}.", "bad")
            return
        self.advice_view.value = ""
        self.refresh()

    def _on_pace(self) -> None:
        self.went_live()
        self.pacer.pace = self.options["pace"].value
        self._pace_steps()

    def _on_plot(self) -> None:
        self.went_live()
        if not self.game.is_over:
            return
        from .post_game import race_chart_html

        self.figure_view.value = race_chart_html(self.game)
