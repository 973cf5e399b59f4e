"""The game table's drawing: everything on the table redrawn from the `crib_widgets.table.Table`'s
state (the header, the seats, the cards, the show, the end), the status line that says what to do,
and where the keyboard goes after a move. A mixin of `crib_widgets.widgets.game_table.GameTable`,
whose controls (`crib_widgets.widgets.table_controls`) it fills; it decides no rule and no move."""

from __future__ import annotations

from ..game import Play
from ..game.kinds import BOARD, RECENT, EventKind, Phase
from ..table.advice import HintLevel
from ..table.choices import choices
from ..table.ending import final_pegs, final_result
from ..table.friend_table import FriendTable
from ..voice.player import call_player, event_calls
from ..words import join_words, plural
from .cards_view import card_html, cards_html
from .styles import esc
from .table_views import (
    crib_owner,
    event_line,
    log_html,
    seats_html,
    show_groups,
    show_html,
    table_html,
    whose,
)

__all__ = ["TableDrawing"]


class TableDrawing:
    """Draws the table (``self.table``) into the view's controls and sets the status line."""

    def _focus_cards(self) -> None:
        """Keep the keyboard on the table after a move: on the card row (its buttons are new each
        hand), or when the cards are put away (a deal's show, the game's end, a computer to wait for)
        on the button that goes on, so the focus never drops to the page."""
        button = next((b for b in self.picker.buttons if not b.disabled), None)
        if button is None or self.picker.layout.display is not None:
            button = next(
                (
                    b
                    for b, row in (
                        (self.take_button, self.pass_row),
                        (self.continue_button, self.show_row),
                        (self.review_button, self.over_row),
                        (self.next_move_button, self.wait_row),
                        (self.announce_input, self.announce_row),
                        (self.accept_button, self.answer_row),
                    )
                    if row.layout.display is None and b in row.children and b.layout.display is None
                ),
                None,
            )
        if button is not None:
            button.focus()
            self.focused = button

    def refresh(self) -> None:
        """Redraw everything from the table's state."""
        t, game = self.table, self.game
        self._draw_header()
        shown = t.shown_events
        names = [game.side_name(s).replace(" and ", " & ") for s in range(game.rules.sides)]
        latest = next((e for e in reversed(shown) if e.kind in BOARD), None)
        target = game.rules.target
        self.board.update(final_pegs(game), event_line(latest, game) if latest else "", names=names,
                          target=target)
        hidden = t.passing is not None  # the device is being passed: every hand face down
        self.seats_view.value = seats_html(game, -1 if hidden else t.you, self.four_colour)
        self.table_view.value = table_html(game, self.four_colour, -1 if hidden else t.you)
        self.log_view.value = log_html(shown, game=game)
        self._draw_recent()
        for box in (
            self.discard_row,
            self.play_row,
            self.wait_row,
            self.announce_row,
            self.answer_row,
            self.show_row,
            self.over_row,
            self.pass_row,
            self.picker,
        ):
            box.layout.display = "none"
        self.show_view.value = self.result_view.value = self.hand_label.value = ""
        self.seats_view.layout.display = self.table_view.layout.display = "none" if t.paused else None
        if t.paused or (game.is_over and t.show is not None and t.show.groups):
            self._draw_show()
        if game.is_over:
            self._draw_over()
        elif hidden:
            self._draw_passing()
        elif not t.paused:
            self._draw_turn()
        self._sync_hints()
        self._keep_game()
        self.friend_panel.draw()  # whether the game with a friend is on the table or waits to come back

    def _draw_passing(self) -> None:
        """The device goes to another person: no hand is shown until they press the button."""
        name = self.game.names[self.table.passing]
        self.hand_label.value = f'<div class="crib-big">Pass to {esc(name)}</div>'
        self.take_button.description = f"I am {name}: show my cards"
        self.take_button.tooltip = f"Press when only {name} can see the screen"
        self.pass_row.layout.display = None
        self.advice_view.value = ""
        if self.picker.cards:  # the last person's cards leave the page, not only the screen
            self.picker.set_cards([])
        self.set_status(self.table.prompt)

    def _sync_hints(self) -> None:
        """The hints menu shows the level of the person holding the device."""
        menu, level = self.options["hints"], self.table.hint_level
        if self.table.has_learner and menu.value != level:
            self._syncing = True
            try:
                menu.value = level
            finally:
                self._syncing = False

    def _draw_header(self) -> None:
        t, game = self.table, self.game
        rules = game.rules
        players = t.people or (t.you,)  # a computers' table (a watched game) is seen from seat 0
        against = ", ".join(game.names[s] for s in range(rules.players) if s not in players)
        first_deal = next((i for i, e in enumerate(game.events) if e.kind == EventKind.DEAL), 0)
        # the variant's rules stay up all game; who cut the lowest card and deals first only in deal 1
        # (the rules' notes name no seat, the cut's names the dealer)
        notes = "".join(
            f'<div class="crib-note">{esc(e.text)}</div>'
            for e in game.events[:first_deal]
            if e.kind == EventKind.NOTE and (e.seat is None or t.shown_deal <= 1)
        )
        people = [game.names[s] for s in players]
        who = join_words(people) + (" at this device" if len(people) > 1 else "")
        if against:
            who += f" against {against} ({t.strength})"
        where = f"deal {t.shown_deal}"
        if self.tournament is not None:
            where = self.tournament.where
        self.rules_view.value = (
            f'<div class="crib-sub">{esc(rules.describe())} · {esc(who)} · {esc(where)}</div>{notes}'
        )

    def _draw_recent(self) -> None:
        t = self.table
        # the events and the table's own notes ("the table says go for you") in the order they happened
        lines = [  # one sentence each, joined by "; " (a note's own full stop would read ".;")
            item.rstrip(".") if isinstance(item, str) else event_line(item)
            for item in t.recent_items()
            if isinstance(item, str) or item.kind in RECENT
        ][-10:]
        # the play's calls as speech ("fifteen for two", "go"), said by themselves if the learner asks
        calls = event_calls(t.recent())
        voice = call_player(calls, key=f"{self.game.deal_number}-{len(self.game.events)}") if calls else ""
        self.recent_view.value = (
            (
                '<div class="crib-event" aria-live="polite"><b>Just now:</b> '
                + esc("; ".join(lines))
                + ".</div>" + voice
            )
            if lines
            else ""
        )

    def _draw_turn(self) -> None:
        t, game = self.table, self.game
        if t.waiting:
            self._draw_waiting()
            return
        if isinstance(t, FriendTable) and t.friend_to_move:  # the friend's device moves, not a computer
            self._draw_waiting()
            self.wait_row.layout.display = "none"
            self.set_status(self.friend_panel.waiting_words() or f"Waiting for {t.to_move}")
            return
        mine = t.learner_moves()
        self.hand_label.value = (
            f'<div class="crib-row"><span class="crib-label">{esc(self._hand_name())}</span>'
            f'<span class="crib-sub">the crib is {esc(crib_owner(game, game.dealer, t.you))}'
            f"</span>{self._laid_html()}</div>"
        )
        hints = t.hint_level == HintLevel.SHOW
        self.hint_button.layout.display = None if hints else "none"
        if game.phase == Phase.DISCARD:
            self._show_picker("toggle", game.hands[t.you], set(game.hands[t.you]))
            self.picker.max_selected = game.rules.discards
            self.discard_row.layout.display = None
            self._on_selection()
        elif game.phase == Phase.PLAY:
            self._draw_play(mine)
        elif game.phase == Phase.ANNOUNCE:
            self._draw_counting()
            self.announce_row.layout.display = None
            what = "crib" if game.counting.is_crib else "hand"
            self.set_status(
                f"{self._addressed()}Muggins: count your {what} with the starter, type the points and press "
                "Announce. Opponents may catch a mistake!"
            )
        elif game.phase == Phase.ANSWER:
            self._draw_answer(mine)

    def _draw_waiting(self) -> None:
        t = self.table
        self.hand_label.value = (
            f'<div class="crib-row"><span class="crib-label">{esc(self._hand_name())}</span>'
            f"{cards_html(t.game.hands[t.you], four_colour=self.four_colour)}</div>"
        )
        who = t.to_move
        if self._paced_by_next():
            self.wait_row.layout.display = None
            doing = "the table says go for you" if who == "you" else f"{who} is to move"
            self.set_status(f"Now {doing}: press Next move to see it.")
        else:
            self.set_status("The table says go for you…" if who == "you" else f"{who} is thinking…")

    def _draw_play(self, mine) -> None:
        game = self.game
        can = choices(mine)
        self._show_picker("click", game.hands[self.table.you], set(can.cards))
        self.play_row.layout.display = None
        can_go = can.go
        self.go_button.disabled = not can_go
        # disabled, it must look it: no warning colour, and the tooltip says why it cannot be pressed
        self.go_button.button_style = "warning" if can_go else ""
        self.go_button.tooltip = (
            "Say go: no card can be laid without passing 31"
            if can_go
            else "Go is for when no card fits under 31: you have a card to lay"
        )
        warning = self.table.warning
        if isinstance(warning, Play):
            return
        self.set_status(f"{self.table.prompt} Tap or click a card to lay it (the dimmed cards would pass "
                        "31).")

    def _draw_answer(self, mine) -> None:
        game = self.game
        self._draw_counting()
        self.answer_row.layout.display = None
        can = choices(mine)
        self.muggins_button.disabled = self.muggins_input.disabled = not can.muggins
        self.overcount_button.disabled = not can.overcount
        c = game.counting
        what = "crib" if c.is_crib else "hand"
        to = self._addressed()
        self.set_status(
            f"{to}{whose(game, c.owner, self.table.you, capital=not to)} {what}: "
            f"{game.names[c.owner]} counts {plural(c.announced, 'point')}. Accept it, call "
            "Muggins naming the points missed, or say Too high!"
        )

    def _hand_name(self) -> str:
        """The hand's label: "Your hand", or with several people at the device "Ben's hand"."""
        t = self.table
        return f"{whose(self.game, t.you, -1, capital=True)} hand" if len(t.people) > 1 else "Your hand"

    def _addressed(self) -> str:
        """With several people at the device, whom the line speaks to: "Ben, " (else nothing)."""
        t = self.table
        return f"{self.game.names[t.you]}, " if len(t.people) > 1 else ""

    def _laid_html(self) -> str:
        laid = self.game.played[self.table.you]
        if not laid:
            return ""
        return '<span class="crib-sub">you have laid</span>' + cards_html(
            laid, small=True, four_colour=self.four_colour
        )

    def _show_picker(self, mode: str, cards, enabled: set) -> None:
        self.picker.layout.display = None
        if (
            self.picker.mode != mode
            or tuple(self.picker.cards) != tuple(cards)
            or self.picker.four_colour != self.four_colour
        ):
            self.picker.mode = mode
            self.picker.four_colour = self.four_colour
            self.picker.set_cards(cards)
        self.picker.set_enabled(enabled)

    def _draw_counting(self) -> None:
        t, game = self.table, self.game
        c = game.counting
        owner = whose(game, c.owner, t.you, capital=True)
        what = "crib" if c.is_crib else "hand"
        said = (
            ""
            if c.announced is None
            else (f' <span class="crib-count">{plural(c.announced, "point")}</span> announced')
        )
        if c.announced is None and self._counting_key() != getattr(self, "_counted", None):
            self.announce_input.value = ""  # a new count: the box starts empty
            self.muggins_input.value = ""
            self._counted = self._counting_key()
        done = [g for g in show_groups(t.deal_events()) if g[-1].kind in (EventKind.SHOW, EventKind.TEN_BACK)]
        cards = cards_html(c.cards, four_colour=self.four_colour)
        starter = card_html(c.starter, four_colour=self.four_colour, tag="starter")
        self.show_view.value = show_html(game, done, four_colour=self.four_colour) + (
            f'<div class="crib-seat crib-turn"><b>{esc(owner)} {what}</b>{said}'
            f'<div class="crib-row crib-top">{cards}<span class="crib-gap"></span>{starter}</div></div>'
        )

    def _counting_key(self) -> tuple:
        c = self.game.counting
        return (self.game.deal_number, c.owner, c.is_crib)

    def _draw_show(self) -> None:
        t = self.table
        show = t.show
        lit, group = (), -1
        if 0 <= t.show_step < len(show.steps):
            step = show.steps[t.show_step]
            lit, group = step.cards, step.group
        heading = f"The show of deal {t.shown_deal}"
        self.show_view.value = f'<div class="crib-big">{heading}</div>' + show_html(
            self.game, [list(g) for g in show.groups], lit, group, self.four_colour
        )
        self.show_row.layout.display = None
        play = self.tournament
        self.continue_button.description = "Next deal" if play is None else play.continue_label
        done = play is not None and play.finished
        self.continue_button.layout.display = None if t.paused and not done else "none"
        # one Review button: beside Next deal while a deal's show is up, in the game-over row at the end
        self.show_row.children = (
            (self.step_button, self.continue_button, self.review_button) if t.paused else (self.step_button,)
        )
        self.step_button.disabled = not show.steps
        if 0 <= t.show_step < len(show.steps):
            step = show.steps[t.show_step]
            self.set_status(
                f'"{step.words}" (running total {step.total}). Press Count aloud for the next combination.'
            )
        elif t.paused:
            self.set_status(
                f"Deal {t.shown_deal} is over and every hand is counted below. Press Count aloud "
                "to hear the counts step by step, Review to see your costliest decisions, or "
                + ("Next deal to see your new cards." if self.match is None else
                   f"{self.continue_button.description} to go on.")
            )

    def _draw_over(self) -> None:
        game = self.game
        result = final_result(game)
        lines = [f'<div class="crib-big">{esc(result.text)}</div>']
        places = sorted(range(len(result.scores)), key=lambda s: result.places[s])
        lines += [
            f"<div>{result.places[s]}. {esc(game.side_name(s))}: {result.scores[s]}"
            + (f" ({result.skunks[s]})" if result.skunks[s] else "")
            + "</div>"
            for s in places
        ]
        self.result_view.value = f'<div class="crib-seat crib-turn">{"".join(lines)}</div>'
        self.over_row.layout.display = None
        self.review_button.layout.display = None
        t = self.table
        if not (t.show is not None and 0 <= t.show_step < len(t.show.steps)):
            # with a friend, New game plays the computer: say how to play the friend again
            friend = t.flow.friend if isinstance(t, FriendTable) else ""
            again = (f". To play {friend} again, press Play a friend and make a new link (New game plays "
                     "the computer)." if friend else ", or New game to play again.")
            self.set_status(
                f"Game over: {result.text} Press Review to see your costliest decisions, Score "
                f"race to see how it went{again}",
                "ok",
            )
