"""The game table's controls: the option controls, the card picker, the buttons and count boxes of
each moment in rows, the pass-and-play and the save-and-restore panels, laid out in the frame.
A mixin of `crib_widgets.widgets.game_table.GameTable`: it makes the controls and sends each click
to the view's handler (``_on_...``), which forwards it to the headless table."""

from __future__ import annotations

import ipywidgets as widgets

from ..game import AnswerKind, Rules
from .answer_box import AnswerBox, mark_check
from .board import BoardView
from .cards_view import CardPicker
from .frame import action_button
from .friend_panel import FriendPanel
from .progress_link import out
from .table_options import option_controls, options_panel

__all__ = ["TableControls", "points_input", "row"]


class TableControls:
    """Makes the table's controls as attributes of the view (``lay_button``, ``picker``, ...)."""

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
        self.announce_input = points_input("Points:", "Your count of this hand with the starter, 0 to 29")
        self.announce_button = mark_check(action_button("Announce", "Announce your count", "primary"))
        self.accept_button = action_button("Accept", "Let the count stand", "success")
        self.muggins_input = points_input("Missed:", "Points you say were missed")
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
            (self.accept_button, lambda: self._on_answer(AnswerKind.ACCEPT)),
            (self.muggins_button, lambda: self._on_answer(AnswerKind.MUGGINS)),
            (self.overcount_button, lambda: self._on_answer(AnswerKind.OVERCOUNT)),
            (self.continue_button, self._on_continue),
            (self.step_button, self._on_step),
            (self.review_button, self._on_review),
            (self.plot_button, self._on_plot),
        ):
            button.on_click(lambda _, h=handler: h())
        # Enter in a count box asks as its button does (a notebook; the book's page script presses it)
        self.announce_input.on_enter(self._on_announce)
        self.muggins_input.on_enter(lambda: self._on_answer(AnswerKind.MUGGINS))
        self.picker.on_change = lambda _: self._on_pick_toggle()
        self.discard_row = row(self.lay_button, self.hint_button)
        self.play_row = row(self.go_button, self.hint_button)
        self.wait_row = row(self.next_move_button)
        self.pass_row = row(self.take_button)
        self.announce_row = row(self.announce_input, self.announce_button)
        self.answer_row = row(
            self.accept_button, self.muggins_input, self.muggins_button, self.overcount_button
        )
        self.show_row = row(self.step_button, self.continue_button)
        self.over_row = row(self.new_game_button, self.plot_button, self.review_button)
        self._build_save()
        options_box = options_panel(self.options, self.new_game_button)
        self._build_people()
        self.friend_panel = FriendPanel(self, self.keeper.name if self.keeper else None)
        self.settings = widgets.Accordion(
            children=[options_box, self.people_panel, self.save_panel, self.friend_panel],
            titles=("Game options and new game", "Play with people at this device", "Save and restore",
                    "Play a friend on another device"),
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
            self.friend_panel.open_button,
            self.settings,
            out(),  # the page saves the learner's throws (answers for "discards") from it
            self.game_out,
            self.friend_panel.out,  # a game with a friend: the page sends from it and keeps from the next
            self.friend_panel.kept,
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
                row(self.people_input, self.people_button),
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
                row(self.save_button, self.restore_button, self.share_button),
                self.save_box,
                row(self.file_input, self.save_file_button, self.load_file_button),
            ]
        )


def row(*items: widgets.Widget) -> widgets.HBox:
    box = widgets.HBox(list(items))
    box.add_class("crib-row")
    return box


def points_input(description: str, tooltip: str) -> AnswerBox:
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

