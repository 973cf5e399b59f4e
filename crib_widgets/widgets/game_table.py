"""GameTable: a whole game of cribbage against one to three computer players, or two to four people
passing one device round (any other seats computers).

The view draws a `crib_widgets.table.Table` (the game, the seats, the pacing of the computers'
moves, the show, saving and the advice) and forwards the learner's clicks to it; it decides no
rule and no move itself.

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
from pathlib import Path

import ipywidgets as widgets

from ..cards import Card
from ..errors import CribbageError
from ..game import Announce, Answer, Discard, Go, Play, Rules
from ..table import STRENGTHS, Change, Table, seat_names
from ..table import keep as keeping
from ..table.duplicate import DuplicateSet
from ..table.pacing import (
    PACES,
    PAUSE_SECONDS,
    THINKING_SECONDS,
    check_pace,
    paced_by_next,
    read_points,
    running_loop,
)
from ..table.seats import people_seats
from ..table.share import LINK_KEY, TOURNAMENT_LINK_KEY, page_address, page_link, read_link
from .answer_box import AnswerBox, mark_check
from .board import BoardView
from .cards_view import CardPicker
from .frame import Frame, action_button
from .progress_link import keep, out
from .styles import STATIC_NOTE_GAME, esc
from .table_drawing import TableDrawing
from .table_options import option_controls, options_panel, show_rules
from .table_tournament import TournamentSide
from .table_views import whose

__all__ = ["GameTable", "STRENGTHS", "seat_names", "PACES", "people_seats"]


class GameTable(TournamentSide, TableDrawing, Frame):
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
        hints: str = "show",
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
        check_pace(pace)
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
        self.pace = pace
        self.advice = None
        self.focused: widgets.DOMWidget | None = None  # the control the keyboard was last put on
        self._ticket = 0  # a paced step scheduled for an earlier game or move is dropped
        self.share_base = share_base or page_address()  # on a live page, links lead back to it
        self.match = None
        self.entry = None  # a tournament link's student and signing key
        if duplicate is not None:
            if not isinstance(duplicate, dict):
                raise CribbageError(f"duplicate must be a dict such as {{'seed': 7, 'deals': 8, 'level': "
                                    f"'expert'}}; got {duplicate!r}")
            self.match = DuplicateSet(**duplicate).start()
            table = self.match.table
        self.student = name
        self.keeper = None if keep is None else keeping.Keeper(keep)
        self._asked_new = False  # New game pressed once during a kept game: the next press confirms
        self._visiting = True  # nothing is kept until the table is set up (a kept game may come back)
        self._syncing = False  # the hints menu being set from the table, not by the person
        self._build_options(rules, strength, name, hints, warn_at, pace)
        self._build_table()
        self._start(table, [])
        if shared == "page":
            shared = page_link()
        visiting = False
        if shared and TOURNAMENT_LINK_KEY in shared:
            self._open_tournament(shared)
        elif shared:
            visiting = self._open_shared(shared, "the link")
        if self.keeper is not None and self.match is None and not visiting:
            said = self.status_text if shared else ""  # a damaged link: "the current game goes on"
            self._come_back()
            if said:
                self.set_status(said, "bad")
        self._visiting = visiting  # a friend's shared position is not kept (see _keep_game)
        self._keep_game()

    # ---- building ------------------------------------------------------------------------------
    def _build_options(
        self, rules: Rules, strength: str, name: str, hints: str, warn_at: float, pace: str
    ) -> None:
        self.options = option_controls(
            rules,
            strength=strength,
            name=name,
            hints=hints,
            warn_at=warn_at,
            pace=pace,
            four_colour=self.four_colour,
        )
        self.options["four_colour"].observe(lambda _: self._on_four_colour(), names="value")
        self.options["hints"].observe(lambda _: self._on_hints(), names="value")
        self.options["warn_at"].observe(lambda _: self._on_hints(), names="value")
        self.options["pace"].observe(lambda _: self._on_pace(), names="value")
        self.new_game_button = action_button(
            "New game", "Start a new game with these options", "primary"
        )
        self.new_game_button.on_click(lambda _: self._on_new_game())

    def _build_table(self) -> None:
        for name in (
            "rules_view",
            "recent_view",
            "seats_view",
            "table_view",
            "hand_label",
            "advice_view",
            "show_view",
            "result_view",
            "figure_view",
            "log_view",
            "review_view",
        ):
            setattr(self, name, widgets.HTML())
        self.board = BoardView(61, ("You", "Computer"))
        # the page keeps the game from this hidden element (lite/runtime/src/page/lib/kept_game.js)
        self.game_out = widgets.HTML(layout=widgets.Layout(display="none"))
        self.game_out.add_class("crib-game-out")
        self.picker = CardPicker(four_colour=self.four_colour, on_pick=self._on_play)
        self.lay_button = action_button(
            "Lay in the crib", "Put the selected cards in the crib", "primary"
        )
        self.hint_button = action_button("Show me", "Show the best move and why", "info")
        self.take_button = action_button(
            "Show my cards", "Only the person named should be looking", "primary"
        )
        self.take_button.layout.width = "auto"  # the whole "I am Ben: show my cards" (a long name too)
        self.take_button.on_click(lambda _: self._on_take())
        self.go_button = action_button("Go", "Say go: no card can be laid without passing 31", "warning")
        self.next_move_button = action_button(
            "Next move", "Show the next computer move", "primary"
        )
        self.announce_input = _points_input("Points:", "Your count of this hand with the starter, 0 to 29")
        self.announce_button = mark_check(action_button("Announce", "Announce your count", "primary"))
        self.accept_button = action_button("Accept", "Let the count stand", "success")
        self.muggins_input = _points_input("Missed:", "Points you say were missed")
        self.muggins_button = mark_check(
            action_button("Muggins!", "Claim the points that were missed", "warning"))
        self.overcount_button = action_button("Too high!", "Object: the count is too high", "danger")
        self.continue_button = action_button(
            "Next deal", "Put the show away and see your new cards", "primary"
        )
        self.step_button = action_button(
            "Count aloud", "Count the show one combination at a time", "info"
        )
        self.review_button = action_button(
            "Review", "Review your decisions: the costliest first", ""
        )
        self.plot_button = action_button(
            "Score race", "Draw the race of the scores and points by phase", ""
        )
        for button, handler in (
            (self.lay_button, self._on_lay),
            (self.hint_button, self._on_hint),
            (self.go_button, self._on_go),
            (self.next_move_button, self._on_next_move),
            (self.announce_button, self._on_announce),
            (self.accept_button, lambda: self._on_answer("accept")),
            (self.muggins_button, lambda: self._on_answer("muggins")),
            (self.overcount_button, lambda: self._on_answer("overcount")),
            (self.continue_button, self._on_continue),
            (self.step_button, self._on_step),
            (self.review_button, self._on_review),
            (self.plot_button, self._on_plot),
        ):
            button.on_click(lambda _, h=handler: h())
        # Enter in a count box asks as its button does (a notebook; the book's page script presses it)
        self.announce_input.on_enter(self._on_announce)
        self.muggins_input.on_enter(lambda: self._on_answer("muggins"))
        self.picker.on_change = lambda _: self._on_pick_toggle()
        self.discard_row = _row(self.lay_button, self.hint_button)
        self.play_row = _row(self.go_button, self.hint_button)
        self.wait_row = _row(self.next_move_button)
        self.pass_row = _row(self.take_button)
        self.announce_row = _row(self.announce_input, self.announce_button)
        self.answer_row = _row(
            self.accept_button, self.muggins_input, self.muggins_button, self.overcount_button
        )
        self.show_row = _row(self.step_button, self.continue_button)
        self.over_row = _row(self.new_game_button, self.plot_button, self.review_button)
        self._build_save()
        options_box = options_panel(self.options, self.new_game_button)
        self._build_people()
        self.settings = widgets.Accordion(
            children=[options_box, self.people_panel, self.save_panel],
            titles=("Game options and new game", "Play with people at this device", "Save and restore"),
        )
        self.settings.selected_index = None
        self._assemble(
            self.rules_view,
            self.board,
            self.recent_view,
            self.status,
            self.seats_view,
            self.table_view,
            self.hand_label,
            self.pass_row,
            self.picker,
            self.discard_row,
            self.play_row,
            self.wait_row,
            self.announce_row,
            self.answer_row,
            self.advice_view,
            self.result_view,
            self.download_view,  # a tournament's results file, to save on the student's device
            self.over_row,
            self.figure_view,
            self.show_row,
            self.show_view,
            self.review_view,
            self.log_view,
            self.settings,
            out(),  # the page saves the learner's throws (answers for "discards") from it
            self.game_out,
        )

    def _build_people(self) -> None:
        self.people_input = widgets.Text(
            value="",
            placeholder="Ann, Ben",
            description="People:",
            tooltip="The names of the people at this device, in seat order, separated by commas",
            layout=widgets.Layout(width="22em"),
        )
        self.people_button = action_button(
            "New game with these people", "Start a pass-and-play game with the options above", "primary"
        )
        self.people_button.on_click(lambda _: self._on_new_game(people=True))
        self.people_panel = widgets.VBox(
            [
                widgets.HTML(
                    '<div class="crib-note">Two to four people share this device: type their names in '
                    "seat order (the other seats are computers of the strength chosen in the game "
                    "options). Each person's cards stay face down until they take the device; the show "
                    "and the board are for everyone.</div>"
                ),
                _row(self.people_input, self.people_button),
            ]
        )

    def _build_save(self) -> None:
        self.save_button = action_button(
            "Save to text", "Write the game as JSON text into the box", ""
        )
        self.restore_button = action_button(
            "Restore from text", "Restore the game saved in the box", ""
        )
        self.save_box = widgets.Textarea(
            placeholder="Saved games appear here; paste one to restore it",
            tooltip="The game as JSON text",
            layout=widgets.Layout(width="98%", height="6em"),
        )
        self.file_input = widgets.Text(
            value="cribbage-game.json",
            description="File:",
            tooltip="File name for saving or loading",
            layout=widgets.Layout(width="22em"),
        )
        self.save_file_button = action_button("Save to file", "Save the game to this file", "")
        self.load_file_button = action_button(
            "Load file", "Restore the game saved in this file", ""
        )
        self.share_button = action_button(
            "Share this position", "Write a link to this position into the box: it shows only your cards", ""
        )
        self.share_button.on_click(lambda _: self._on_share())
        self.save_button.on_click(lambda _: self._on_save())
        self.restore_button.on_click(lambda _: self._on_restore())
        self.save_file_button.on_click(lambda _: self._on_save_file())
        self.load_file_button.on_click(lambda _: self._on_load_file())
        self.download_view = widgets.HTML()
        self.save_panel = widgets.VBox(
            [
                _row(self.save_button, self.restore_button, self.share_button),
                self.save_box,
                _row(self.file_input, self.save_file_button, self.load_file_button),
            ]
        )

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

    def _start(self, table: Table, changes: list[Change]) -> None:
        self.table = table
        self._kept = len(table.records)  # the table's throws the page's progress holds
        self._ticket += 1
        self.advice = None
        self.figure_view.value = self.review_view.value = ""
        self._changes = changes
        self._pace_steps()

    def to_json(self) -> str:
        """The table as JSON text (see `Table.to_json`)."""
        return self.table.to_json()

    def load_json(self, text: str) -> None:
        """Restore a saved table; a damaged text raises `CribbageError` and the game goes on unchanged."""
        table = Table.from_json(text)
        self._start(table, [])

    # ---- pacing the computers' moves ---------------------------------------------------------------
    def _paced_by_next(self) -> bool:
        return paced_by_next(self.pace, self.game.rules.players)

    def _pace_steps(self) -> None:
        """Show the computers' moves one at a time: each after a pause, or at a press of Next."""
        self.refresh()
        loop = running_loop()
        if not self.table.waiting and loop is not None:
            ticket = self._ticket  # the learner's move: weigh their throws, if it is one, while they think
            loop.call_later(THINKING_SECONDS, lambda: ticket == self._ticket and self.table.prepare_judging())
        if not self.table.waiting or self._paced_by_next():
            return
        if loop is None:  # no event loop (tests, a plain script): the steps follow at once
            while self.table.waiting:
                self._changes = self.table.advance()
            self.refresh()
            return
        ticket = self._ticket
        loop.call_later(PAUSE_SECONDS, lambda: self._paced_step(ticket))

    def _paced_step(self, ticket: int) -> None:
        if ticket != self._ticket:
            return
        self._changes = self.table.advance()
        self._pace_steps()
        if not self.table.waiting:  # the learner's turn, a deal's show or the end: keep the focus there
            self._focus_cards()

    def _on_next_move(self) -> None:
        self.went_live()
        if self.table.waiting:
            self._changes = self.table.advance()
            self.refresh()
            self._focus_cards()

    def _forward(self, changes: list[Change]) -> None:
        """After the learner's move: draw it, then the computers' steps."""
        if changes and changes[0].kind == "refused":
            self.set_status(changes[0].text, "bad")
            return
        if changes and changes[0].kind == "warning":
            self.set_status(changes[0].text, "warn")
            return
        self._ticket += 1
        self.advice = None
        self.advice_view.value = ""
        self._changes = changes
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
            self._start(kept, [])
            self.set_status(keeping.welcome(kept) + " " + self.status_text, "ok")
        elif note:
            self.set_status(note + " " + self.status_text, "bad")

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
        if game.phase != "discard" or self.paused or self.table.waiting:
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
                + (" Show me suggests the best throw." if self.table.hint_level == "show" else "")
            )

    def _on_lay(self) -> None:
        self.went_live()
        if self.game.phase == "discard" and not self.lay_button.disabled:
            self._move(Discard(self.table.you, tuple(self.picker.selected)))
            if self.table.warning is not None:
                self.set_status(
                    self.status_text + " (Press Lay in the crib again to throw them anyway.)", "warn"
                )

    def _on_play(self, card: Card) -> None:
        self.went_live()
        if self.game.phase == "play":
            self._move(Play(self.table.you, card))
            if self.table.warning is not None:
                self.set_status(
                    self.status_text + f" (Tap or click the {card.name} again to lay it anyway.)", "warn"
                )

    def _on_go(self) -> None:
        self.went_live()
        if self.game.phase == "play" and not self.go_button.disabled:
            self._move(Go(self.table.you))

    def _on_announce(self) -> None:
        self.went_live()
        if self.game.phase != "announce":
            return
        points = read_points(self.announce_input.value)
        if points is None:
            self.set_status("Type your count as a number of points, 0 to 29, then press Announce.", "bad")
            return
        self._move(Announce(self.table.you, points))

    def _on_answer(self, kind: str) -> None:
        self.went_live()
        button = {"accept": self.accept_button, "muggins": self.muggins_button}.get(
            kind, self.overcount_button
        )
        if self.game.phase != "answer" or button.disabled:
            return
        points = None
        if kind == "muggins":
            points = read_points(self.muggins_input.value)
            if points is None or points < 1:
                self.set_status("Type the points you say were missed (1 or more), then press Muggins!", "bad")
                return
        self._move(Answer(self.table.you, kind, points))

    def _on_hint(self) -> None:
        self.went_live()
        if self.table.hint_level != "show":
            return
        advice = self.table.advise()
        if advice is None:
            return
        self.advice = advice
        best = " ".join(c.pretty for c in advice.best)
        if advice.phase == "discard":
            rows = "".join(
                f"<li><b>{' '.join(c.pretty for c in o.discard)}</b>: hand {o.hand_ev:.1f}, crib "
                f"{o.crib_ev:.1f}, net {o.total_ev:+.1f}</li>"
                for o in advice.discard[:3]
            )
            self.advice_view.value = (
                f'<div class="crib-seat"><b>Show me:</b> throw {esc(best)} (raised for you).'
                f'<div>{esc(advice.why)}</div>'
                f'<div class="crib-sub">The best three throws (average points):</div>'
                f'<ul class="crib-list">{rows}</ul></div>'
            )
            self.picker.select(advice.best)
            self.set_status(f"Show me raised {best} for you: press Lay in the crib to throw them, or tap a "
                            "raised card to put it back and choose another.")
        else:
            rows = "".join(
                f"<li><b>{cards[0].pretty}</b>: {value:+.1f}</li>" for cards, value in advice.options
            )
            self.advice_view.value = (
                f'<div class="crib-seat"><b>Show me:</b> lay the {esc(advice.best[0].name)} ({esc(best)}).'
                f'<div>{esc(advice.why)}</div><div class="crib-sub">Each card\'s average worth to you '
                f"(points now, less the answer, plus your reply):</div>"
                f'<ul class="crib-list">{rows}</ul></div>'
            )
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
        if changes[0].kind == "show step":
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
        in_play = self.keeper is not None and not self.game.is_over and any(
            m.seat in self.table.people for m in self.game.moves)
        if in_play and not self._asked_new:
            self._asked_new = True
            self.set_status("Your game is kept as it is. Press New game again to leave it and start a new "
                            "game.", "warn")
            return
        self._asked_new = False
        o = self.options
        seats = names = None
        try:
            if people:
                seats, names = people_seats(self.people_input.value, o["players"].value, o["strength"].value)
            rules = Rules(
                players=o["players"].value,
                partners=o["partners"].value,
                target=o["target"].value,
                muggins=o["muggins"].value,
                ten_back=o["ten_back"].value,
                lowball=o["lowball"].value,
                exact_finish=o["exact_finish"].value,
            )
            table = Table(
                rules,
                strength=o["strength"].value,
                name=o["name"].value,
                hint_level=o["hints"].value,
                warn_at=o["warn_at"].value,
                seats=seats,
                names=names,
            )
        except CribbageError as error:
            self.set_status(f"The game was not changed: {error}", "bad")
            return
        self.match = self.entry = None  # a new game leaves a tournament
        self._visiting = False
        self._start(table, [])

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
        self.pace = self.options["pace"].value
        self._pace_steps()

    def _on_plot(self) -> None:
        self.went_live()
        if not self.game.is_over:
            return
        from .post_game import race_chart_html

        self.figure_view.value = race_chart_html(self.game)

    # ---- saving ------------------------------------------------------------------------------------
    def _on_save(self) -> None:
        self.went_live()
        if self.match is not None:
            self.save_box.value = self._results()
            self.set_status(
                f"The box holds your results for the boards finished ({len(self.match.played)} of "
                f"{self.match.set.deals}). Finish every board before handing them in.",
                "ok",
            )
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
        if LINK_KEY in text or text.startswith(("c1.", "c2.")):  # a shared position's link, pasted in the box
            self._open_shared(text, "the text box")
            return
        self._restore(lambda: self.save_box.value, "the text box")

    def _on_share(self) -> None:
        self.went_live()
        if self.match is not None:
            self.set_status("A class tournament's boards are not shared: everyone in the class plays "
                            "the same cards.", "bad")
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
        self.match = self.entry = None
        self._visiting = True  # kept games stay as they are (see _keep_game)
        self.went_live()  # Python opened it: the page's "Getting ready" note is no longer true
        self._start(table, [])
        opened = f"Opened the shared position: {self.game.rules.describe()}. "
        self.set_status(opened + self.status_text, "ok")
        return True

    def _on_save_file(self) -> None:
        self.went_live()
        name = self.file_input.value.strip()
        if not name:
            self.set_status(
                "Type a file name first (for example cribbage-game.json): nothing was saved.", "bad"
            )
            return
        path = Path(name)
        if path.is_dir():
            self.set_status(f"{path} is a folder: type a file name inside it. Nothing was saved.", "bad")
            return
        try:
            path.write_text(self.to_json(), encoding="utf-8")
        except OSError as error:
            self.set_status(f"Could not save to {path}: {error.strerror or error}. The game goes on.", "bad")
            return
        self.set_status(f"Saved to {path}. Load file restores it.", "ok")

    def _on_load_file(self) -> None:
        self.went_live()
        name = self.file_input.value.strip()
        if not name:
            self.set_status("Type the name of a saved game's file first. The current game goes on.", "bad")
            return
        path = Path(name)
        self._restore(lambda: path.read_text(encoding="utf-8"), str(path))

    def _restore(self, read, where: str) -> None:
        if self.match is not None:
            self.set_status(
                "A tournament's boards are played through, not restored: the board goes on.", "bad"
            )
            return
        try:
            self.load_json(read())
        except (CribbageError, OSError, UnicodeDecodeError) as error:
            reason = error.strerror if isinstance(error, OSError) and error.strerror else error
            self.set_status(f"Could not restore from {where}: {reason}. The current game goes on.", "bad")
            return
        self._visiting = False  # the learner's own save: kept from now on
        self._keep_game()
        self.set_status(f"Restored from {where}. " + self.status_text, "ok")


def _row(*items: widgets.Widget) -> widgets.HBox:
    box = widgets.HBox(list(items))
    box.add_class("crib-row")
    return box


def _points_input(description: str, tooltip: str) -> AnswerBox:
    """A small box for a number of points; it starts empty so the learner types their own count.
    An AnswerBox: its text reaches Python as typed, so a press of its button never overtakes it."""
    box = AnswerBox(
        placeholder="0-29",
        description=description,
        tooltip=tooltip,
        layout=widgets.Layout(width="9em"),
        style={"description_width": "3.8em"},
    )
    box.add_class("crib-points")
    return box

