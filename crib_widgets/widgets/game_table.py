"""GameTable: a whole game of cribbage against one to three computer players.

The learner sits at seat 0. Every move goes through the engine (`crib_widgets.game.Game`): the
table offers only the engine's legal moves, narrates the engine's events and draws its state.

>>> t = GameTable(seed=1, strength="beginner")
>>> t.game.phase, len(t.picker.buttons)
('discard', 6)
>>> for b in t.picker.buttons[:2]:
...     b.value = True
>>> t.lay_button.click(); t.game.phase
'play'
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import ipywidgets as widgets

from ..cards import Card
from ..errors import CribbageError
from ..game import Announce, Answer, Discard, Game, Go, Play, Rules
from ..game.muggins import MAX_COUNT
from .board import BoardView
from .cards_view import CardPicker, card_html, cards_html
from .frame import Frame, action_button
from .styles import STATIC_NOTE_GAME, esc
from .table_views import (
    SCORING_KINDS,
    event_line,
    log_html,
    seats_html,
    show_groups,
    show_html,
    table_html,
    whose,
)

__all__ = ["GameTable", "STRENGTHS", "seat_names"]

STRENGTHS = ("beginner", "intermediate", "expert")
SAVE_FORMAT = "crib_widgets.GameTable"
_RECENT_KINDS = (
    "discard",
    "starter",
    "heels",
    "play",
    "peg",
    "go",
    "go point",
    "last card",
    "reset",
    "announce",
    "answer",
    "muggins",
    "ten back",
)


def seat_names(players: int, you: str = "You", partners: bool = False) -> tuple[str, ...]:
    """Names round the table, clockwise from the learner: the seat to the left plays next."""
    others = {
        2: ("Computer",),
        3: ("Left", "Right"),
        4: ("Left", "Partner" if partners else "Across", "Right"),
    }
    return (you, *others[players])


class GameTable(Frame):
    """Play a full game: options for players, partnerships, 61/121, Muggins, 10 back, Lowball, exact
    finish, the computer's strength and your name.

    Keyword arguments set the first game's options (``players``, ``partners``, ``target``,
    ``muggins``, ``ten_back``, ``lowball``, ``exact_finish``, ``strength``, ``name``) and ``seed``
    (the deal and the computers' choices; None picks one), ``dealer`` (None: cut for deal),
    ``four_colour``.

    Child widgets: ``board``, ``picker`` (your cards), ``lay_button``, ``hint_button`` ("Show me"),
    ``go_button``, ``announce_input``, ``announce_button``, ``accept_button``, ``muggins_input``,
    ``muggins_button``, ``overcount_button``, ``continue_button``, ``step_button``,
    ``new_game_button``, ``plot_button``, the option controls in ``options`` (dict), ``save_button``,
    ``restore_button``, ``save_box``, ``file_input``, ``save_file_button``, ``load_file_button``.
    State: ``game``, ``computers`` (seat -> player), ``paused`` (showing a finished deal's show),
    ``advice`` (the last "Show me" options).
    """

    you = 0

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
        seed: int | None = None,
        dealer: int | None = None,
        four_colour: bool = False,
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
        if strength not in STRENGTHS:
            raise CribbageError(f"strength {strength!r} is not known: choose {', '.join(STRENGTHS)}")
        super().__init__("Cribbage game table", STATIC_NOTE_GAME)
        self.four_colour = four_colour
        self.advice = None
        self.paused = False
        self.groups: list = []
        self.step = -1
        self._steps: list = []
        self._build_options(
            players, partners, target, muggins, ten_back, lowball, exact_finish, strength, name
        )
        self._build_table()
        self.start(rules, strength=strength, name=name, seed=seed, dealer=dealer)

    # ---- building ------------------------------------------------------------------------------
    def _build_options(
        self, players, partners, target, muggins, ten_back, lowball, exact_finish, strength, name
    ) -> None:
        def check(description: str, value: bool, tip: str) -> widgets.Checkbox:
            return widgets.Checkbox(
                value=value,
                description=description,
                tooltip=tip,
                indent=False,
                layout=widgets.Layout(width="auto"),
            )

        self.options = {
            "players": widgets.ToggleButtons(
                options=[("2 players", 2), ("3", 3), ("4", 4)],
                value=players,
                tooltips=["You and one computer", "You and two computers", "You and three computers"],
            ),
            "target": widgets.ToggleButtons(
                options=[("61 points", 61), ("121 points", 121)],
                value=target,
                tooltips=["The short game", "The long game"],
            ),
            "partners": check("Partners (4 players)", partners, "Seats across the table play together"),
            "muggins": check("Muggins", muggins, "Count your own hands; opponents may catch mistakes"),
            "ten_back": check("10 back", ten_back, "A hand or crib that scores nothing goes 10 back"),
            "lowball": check("Lowball", lowball, "The first to reach the target loses"),
            "exact_finish": check("Exact finish", exact_finish, "Points past the target are not pegged"),
            "strength": widgets.Dropdown(
                options=[(s.capitalize(), s) for s in STRENGTHS],
                value=strength,
                description="Computer:",
                tooltip="How well the computers play",
            ),
            "name": widgets.Text(
                value=name,
                description="Your name:",
                tooltip="Your name at the table",
                layout=widgets.Layout(width="18em"),
            ),
            "four_colour": check("Four-colour deck", self.four_colour, "Clubs green, diamonds blue"),
        }
        for box in self.options.values():
            if isinstance(box, widgets.ToggleButtons):
                box.style.button_width = "7.5em"
        self.options["four_colour"].observe(lambda _: self._on_four_colour(), names="value")
        self.new_game_button = action_button(
            "New game", "Start a new game with these options", "primary", "refresh"
        )
        self.new_game_button.on_click(lambda _: self._on_new_game())

    def _build_table(self) -> None:
        self.rules_view = widgets.HTML()
        self.recent_view = widgets.HTML()
        self.board = BoardView(61, ("You", "Computer"))
        self.seats_view = widgets.HTML()
        self.table_view = widgets.HTML()
        self.hand_label = widgets.HTML()
        self.picker = CardPicker(four_colour=self.four_colour, on_pick=self._on_play)
        self.lay_button = action_button(
            "Lay in the crib", "Put the selected cards in the crib", "primary", "arrow-down"
        )
        self.hint_button = action_button(
            "Show me", "Show the best cards to throw and why", "info", "lightbulb-o"
        )
        self.go_button = action_button("Go", "Say go: no card can be laid without passing 31", "warning")
        self.announce_input = _points_input("Points:", 0, "Your count of this hand with the starter")
        self.announce_button = action_button("Announce", "Announce your count", "primary", "bullhorn")
        self.accept_button = action_button("Accept", "Let the count stand", "success", "check")
        self.muggins_input = _points_input("Missed:", 1, "Points you say were missed")
        self.muggins_button = action_button("Muggins!", "Claim the points that were missed", "warning")
        self.overcount_button = action_button("Too high!", "Object: the count is too high", "danger")
        self.continue_button = action_button(
            "Next deal", "Put the show away and see your new cards", "primary", "forward"
        )
        self.step_button = action_button(
            "Count aloud", "Count the show one combination at a time", "info", "volume-up"
        )
        self.plot_button = action_button(
            "Score race", "Draw the race of the scores and points by phase", "", "line-chart"
        )
        self.advice_view = widgets.HTML()
        self.show_view = widgets.HTML()
        self.result_view = widgets.HTML()
        self.figure_view = widgets.HTML()
        self.log_view = widgets.HTML()
        self.lay_button.on_click(lambda _: self._on_lay())
        self.hint_button.on_click(lambda _: self._on_hint())
        self.go_button.on_click(lambda _: self._on_go())
        self.announce_button.on_click(lambda _: self._on_announce())
        self.accept_button.on_click(lambda _: self._on_answer("accept"))
        self.muggins_button.on_click(lambda _: self._on_answer("muggins"))
        self.overcount_button.on_click(lambda _: self._on_answer("overcount"))
        self.continue_button.on_click(lambda _: self._on_continue())
        self.step_button.on_click(lambda _: self._on_step())
        self.plot_button.on_click(lambda _: self._on_plot())
        self.picker.on_change = lambda _: self._on_selection()

        def row(*items: widgets.Widget) -> widgets.HBox:
            box = widgets.HBox(list(items))
            box.add_class("crib-row")
            return box

        self.discard_row = row(self.lay_button, self.hint_button)
        self.play_row = row(self.go_button)
        self.announce_row = row(self.announce_input, self.announce_button)
        self.answer_row = row(
            self.accept_button, self.muggins_input, self.muggins_button, self.overcount_button
        )
        self.show_row = row(self.step_button, self.continue_button)
        self.over_row = row(self.new_game_button, self.plot_button)
        self._build_save()
        o = self.options
        options_box = widgets.VBox(
            [
                row(o["players"], o["partners"]),
                row(o["target"], o["strength"]),
                row(o["muggins"], o["ten_back"], o["lowball"], o["exact_finish"]),
                row(o["name"], o["four_colour"]),
                row(self.new_game_button),
            ]
        )
        self.settings = widgets.Accordion(
            children=[options_box, self.save_panel], titles=("Game options and new game", "Save and restore")
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
            self.picker,
            self.discard_row,
            self.play_row,
            self.announce_row,
            self.answer_row,
            self.advice_view,
            self.result_view,
            self.over_row,
            self.figure_view,
            self.show_row,
            self.show_view,
            self.log_view,
            self.settings,
        )

    def _build_save(self) -> None:
        self.save_button = action_button(
            "Save to text", "Write the game as JSON text into the box", "", "save"
        )
        self.restore_button = action_button(
            "Restore from text", "Restore the game saved in the box", "", "upload"
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
        self.save_file_button = action_button("Save to file", "Save the game to this file", "", "save")
        self.load_file_button = action_button(
            "Load file", "Restore the game saved in this file", "", "folder-open"
        )
        self.save_button.on_click(lambda _: self._on_save())
        self.restore_button.on_click(lambda _: self._on_restore())
        self.save_file_button.on_click(lambda _: self._on_save_file())
        self.load_file_button.on_click(lambda _: self._on_load_file())
        text_row = widgets.HBox([self.save_button, self.restore_button])
        file_row = widgets.HBox([self.file_input, self.save_file_button, self.load_file_button])
        for box in (text_row, file_row):
            box.add_class("crib-row")
        self.save_panel = widgets.VBox([text_row, self.save_box, file_row])

    # ---- starting, saving and restoring ----------------------------------------------------------
    def start(
        self,
        rules: Rules,
        *,
        strength: str = "intermediate",
        name: str = "You",
        seed: int | None = None,
        dealer: int | None = None,
        game: Game | None = None,
    ) -> None:
        """Start a new game (or take over ``game``) with computer players of ``strength``."""
        from ..strategy import make_player

        if strength not in STRENGTHS:
            raise CribbageError(f"strength {strength!r} is not known: choose {', '.join(STRENGTHS)}")
        if not isinstance(name, str) or not name.strip():
            raise CribbageError("your name cannot be empty: type a name, or 'You'")
        if game is None:
            if seed is None:
                seed = random.SystemRandom().randrange(2**31)
            names = seat_names(rules.players, name.strip(), rules.partners)
            game = Game(rules, seed=seed, dealer=dealer, names=names)
        computers = {
            seat: make_player(strength, seed=game.seed + seat)
            for seat in range(game.rules.players)
            if seat != self.you
        }
        self.game, self.computers, self.strength = game, computers, strength
        self.paused, self.groups, self.step, self.advice = False, [], -1, None
        self.figure_view.value = ""
        self._since = len(game.events)
        self._run_computers(game.deal_number)
        self.refresh()

    def to_json(self) -> str:
        """The table as JSON text: the engine's saved game plus the computers' strength."""
        return json.dumps(
            {
                "format": SAVE_FORMAT,
                "version": 1,
                "strength": self.strength,
                "game": json.loads(self.game.to_json()),
            }
        )

    def load_json(self, text: str) -> None:
        """Restore a game saved with `to_json` (or a bare `Game.to_json`). A damaged text raises
        `CribbageError` saying what is wrong, and the current game goes on unchanged."""
        try:
            data = json.loads(text)
        except (TypeError, ValueError) as error:
            raise CribbageError(f"this is not a saved game (not JSON text): {error}") from None
        strength = self.strength
        if isinstance(data, dict) and data.get("format") == SAVE_FORMAT:
            strength = data.get("strength")
            if strength not in STRENGTHS:
                raise CribbageError(f"the saved strength {strength!r} is not one of {', '.join(STRENGTHS)}")
            data = data.get("game")
        game = Game.from_json(json.dumps(data))
        self.start(game.rules, strength=strength, game=game)

    # ---- the computers ----------------------------------------------------------------------------
    def _run_computers(self, deal: int) -> None:
        """Let the computers move until the learner has a decision or the game ends; pause on the show
        of a deal that ended since deal number ``deal``."""
        game = self.game
        while not game.is_over:
            if game.phase == "discard":
                waiting = sorted({m.seat for m in game.legal_moves()} - {self.you})
                if not waiting:
                    break
                seat = waiting[0]
            else:
                seat = game.whose_turn
                if seat == self.you:
                    break
            game.apply(self.computers[seat].choose(game, seat))
        if game.deal_number != deal or game.is_over:
            self._collect_show(finished=not game.is_over)

    def _collect_show(self, finished: bool) -> None:
        events = self.game.events
        starts = [i for i, e in enumerate(events) if e.kind == "deal"]
        if finished and len(starts) >= 2:
            chunk = events[starts[-2] : starts[-1]]
        else:
            chunk = events[starts[-1] :] if starts else events
        self.groups = show_groups(chunk)
        self.step = -1
        self._steps = [
            (g, step)
            for g, group in enumerate(self.groups)
            for e in group
            if e.kind == "show"
            for step in e.score.steps()
        ]
        self.paused = bool(self.groups) and finished

    # ---- drawing -----------------------------------------------------------------------------------
    def refresh(self) -> None:
        """Redraw everything from the game's state."""
        game, you = self.game, self.you
        rules = game.rules
        against = ", ".join(game.names[s] for s in range(1, rules.players))
        first_deal = next((i for i, e in enumerate(game.events) if e.kind == "deal"), 0)
        notes = "".join(
            f'<div class="crib-note">{esc(e.text)}</div>'
            for e in game.events[:first_deal]
            if e.kind == "note"
        )
        self.rules_view.value = (
            f'<div class="crib-sub">{esc(rules.describe())} · {esc(game.names[you])} '
            f"against {esc(against)} ({self.strength}) · deal {game.deal_number}</div>{notes}"
        )
        names = [game.side_name(s).replace(" and ", " & ") for s in range(rules.sides)]
        latest = next((e for e in reversed(game.events) if e.kind in SCORING_KINDS), None)
        self.board.update(game.pegs, event_line(latest) if latest else "", names=names, target=rules.target)
        self.seats_view.value = seats_html(game, you, self.four_colour)
        self.table_view.value = table_html(game, self.four_colour, you)
        self.log_view.value = log_html(game.events)
        upto = self._deal_start() if self.paused else len(game.events)
        recent = [event_line(e) for e in game.events[self._since : upto] if e.kind in _RECENT_KINDS][-8:]
        self.recent_view.value = (
            ('<div class="crib-event"><b>Just now:</b> ' + esc("; ".join(recent)) + ".</div>")
            if recent
            else ""
        )
        for box in (
            self.discard_row,
            self.play_row,
            self.announce_row,
            self.answer_row,
            self.show_row,
            self.over_row,
            self.picker,
        ):
            box.layout.display = "none"
        self.show_view.value = ""
        self.result_view.value = ""
        # while the finished deal's show is up, the next deal (already dealt) stays out of sight
        self.seats_view.layout.display = self.table_view.layout.display = "none" if self.paused else None
        if self.paused or (game.is_over and self.groups):
            self._draw_show()
        if game.is_over:
            self._draw_over()
        elif not self.paused:
            self._draw_turn()

    def _draw_turn(self) -> None:
        game, you = self.game, self.you
        phase = game.phase
        hand = game.hands[you]
        legal = game.legal_moves()
        mine = [m for m in legal if m.seat == you]
        dealer = whose(game, game.dealer, you)
        self.hand_label.value = (
            f'<div class="crib-row"><span class="crib-label">Your hand</span>'
            f'<span class="crib-sub">the crib is {esc(dealer)}</span>' + self._laid_html() + "</div>"
        )
        if phase == "discard":
            self._show_picker("toggle", hand, set(hand))
            self.picker.max_selected = game.rules.discards
            self.discard_row.layout.display = None
            self._on_selection()
        elif phase == "play":
            cards = {m.card for m in mine if isinstance(m, Play)}
            self._show_picker("click", hand, cards)
            self.play_row.layout.display = None
            can_go = any(isinstance(m, Go) for m in mine)
            self.go_button.disabled = not can_go
            self.advice_view.value = ""
            if can_go:
                self.set_status(f"You cannot lay a card on {game.count} without passing 31: press Go.")
            else:
                self.set_status(
                    f"Your turn: the count is {game.count}. Click a card to lay it (the dimmed "
                    "cards would pass 31)."
                )
        elif phase == "announce":
            self._draw_counting()
            self.announce_row.layout.display = None
            self.set_status(
                "Muggins: count your hand with the starter, then announce the points. "
                "Opponents may catch a mistake!"
            )
        elif phase == "answer":
            self._draw_counting()
            self.answer_row.layout.display = None
            announced = game.counting.announced
            muggins = [m.points for m in mine if isinstance(m, Answer) and m.kind == "muggins"]
            self.muggins_button.disabled = self.muggins_input.disabled = not muggins
            self.muggins_input.max = max(muggins, default=1)
            self.overcount_button.disabled = not any(
                isinstance(m, Answer) and m.kind == "overcount" for m in mine
            )
            owner = game.names[game.counting.owner]
            self.set_status(
                f"{owner} counts {announced}. Accept it, call Muggins naming the points missed, "
                "or say Too high!"
            )

    def _laid_html(self) -> str:
        laid = self.game.played[self.you]
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
        game = self.game
        c = game.counting
        owner = whose(game, c.owner, self.you, capital=True)
        what = "crib" if c.is_crib else "hand"
        said = "" if c.announced is None else f' <span class="crib-count">{c.announced}</span> announced'
        done = [
            g for g in show_groups(game.events[self._deal_start() :]) if g[-1].kind in ("show", "ten back")
        ]
        cards = cards_html(c.cards, four_colour=self.four_colour)
        starter = card_html(c.starter, four_colour=self.four_colour, tag="starter")
        self.show_view.value = show_html(game, done, four_colour=self.four_colour) + (
            f'<div class="crib-seat crib-turn"><b>{esc(owner)} {what}</b>{said}'
            f'<div class="crib-row crib-top">{cards}<span class="crib-gap"></span>{starter}</div></div>'
        )
        self.hand_label.value = ""

    def _deal_start(self) -> int:
        return max((i for i, e in enumerate(self.game.events) if e.kind == "deal"), default=0)

    def _draw_show(self) -> None:
        lit, group = ((), -1)
        if 0 <= self.step < len(self._steps):
            group, (words, cards, total) = self._steps[self.step]
            lit = cards
        self.show_view.value = '<div class="crib-big">The show</div>' + show_html(
            self.game, self.groups, lit, group, self.four_colour
        )
        self.show_row.layout.display = None
        self.continue_button.layout.display = None if self.paused else "none"
        self.step_button.disabled = not self._steps
        if 0 <= self.step < len(self._steps):
            words, _, total = self._steps[self.step][1]
            self.set_status(f'"{words}" (running total {total}). Press Count aloud for the next combination.')
        elif self.paused:
            self.set_status(
                "The deal is over and every hand is counted below. Press Count aloud to hear the "
                "counts step by step, or Next deal to see your new cards."
            )
        self.hand_label.value = ""

    def _draw_over(self) -> None:
        game = self.game
        result = game.result
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
        self.hand_label.value = ""
        if not (0 <= self.step < len(self._steps)):
            self.set_status(
                f"Game over: {result.text} Press New game to play again, or Score race to see how it went.",
                "ok",
            )

    # ---- the learner's moves --------------------------------------------------------------------
    def _move(self, move) -> bool:
        """Apply the learner's move; an illegal one is explained and changes nothing."""
        if self.paused or self.game.is_over:
            return False
        deal, since = self.game.deal_number, len(self.game.events)
        try:
            self.game.apply(move)
        except CribbageError as error:
            self.set_status(str(error), "bad")
            return False
        self._since = since
        self.advice = None
        self.advice_view.value = ""
        self._run_computers(deal)
        self.refresh()
        return True

    def _on_selection(self) -> None:
        if self.game.phase != "discard" or self.paused:
            return
        k = self.game.rules.discards
        chosen = len(self.picker.selected)
        self.lay_button.disabled = chosen != k
        crib = whose(self.game, self.game.dealer, self.you)
        if chosen == k:
            shown = " ".join(c.pretty for c in self.picker.selected)
            self.set_status(f"Press Lay in the crib to throw {shown} into {crib} crib.")
        else:
            need = "card" if k == 1 else "cards"
            self.set_status(
                f"Choose {k} {need} for {crib} crib ({chosen} chosen): click the cards or use Tab "
                "and Space. Show me suggests the best throw."
            )

    def _on_lay(self) -> None:
        self.went_live()
        if self.game.phase != "discard" or self.lay_button.disabled:
            return
        self._move(Discard(self.you, tuple(self.picker.selected)))

    def _on_play(self, card: Card) -> None:
        self.went_live()
        if self.game.phase == "play":
            self._move(Play(self.you, card))

    def _on_go(self) -> None:
        self.went_live()
        if self.game.phase == "play" and not self.go_button.disabled:
            self._move(Go(self.you))

    def _on_announce(self) -> None:
        self.went_live()
        if self.game.phase == "announce" and not self.announce_button.disabled:
            self._move(Announce(self.you, self.announce_input.value))

    def _on_answer(self, kind: str) -> None:
        self.went_live()
        button = {"accept": self.accept_button, "muggins": self.muggins_button}.get(
            kind, self.overcount_button
        )
        if self.game.phase != "answer" or button.disabled:
            return
        points = self.muggins_input.value if kind == "muggins" else None
        self._move(Answer(self.you, kind, points))

    def _on_hint(self) -> None:
        self.went_live()
        game = self.game
        if game.phase != "discard" or self.paused or self.you not in {m.seat for m in game.legal_moves()}:
            return
        from ..strategy import advise_discard

        rules = game.rules
        dealer = game.dealer == self.you
        partner = rules.partners and not dealer and rules.side_of(game.dealer) == rules.side_of(self.you)
        self.advice = advise_discard(
            game.hands[self.you],
            dealer=dealer,
            players=rules.players,
            lowball=rules.lowball,
            partner_deals=partner,
        )
        best = self.advice[0]
        rows = "".join(
            f"<li><b>{' '.join(c.pretty for c in o.discard)}</b>: hand {o.hand_ev:.1f}, crib "
            f"{o.crib_ev:.1f}, net {o.total_ev:+.1f}</li>"
            for o in self.advice[:3]
        )
        self.advice_view.value = (
            f'<div class="crib-seat"><b>Show me:</b> throw {" ".join(c.pretty for c in best.discard)}.'
            f'<div>{esc(best.explanation)}</div><div class="crib-sub">The best three throws (average '
            f'points):</div><ul class="crib-list">{rows}</ul></div>'
        )
        self.picker.select(best.discard)

    def _on_continue(self) -> None:
        self.went_live()
        if not self.paused:
            return
        self.paused, self.groups, self.step, self._steps = False, [], -1, []
        self.refresh()

    def _on_step(self) -> None:
        self.went_live()
        if not self._steps or not (self.paused or self.game.is_over):
            return
        self.step = self.step + 1 if self.step + 1 < len(self._steps) else -1
        self.refresh()

    def _on_new_game(self) -> None:
        self.went_live()
        o = self.options
        try:
            rules = Rules(
                players=o["players"].value,
                partners=o["partners"].value,
                target=o["target"].value,
                muggins=o["muggins"].value,
                ten_back=o["ten_back"].value,
                lowball=o["lowball"].value,
                exact_finish=o["exact_finish"].value,
            )
            self.start(rules, strength=o["strength"].value, name=o["name"].value)
        except CribbageError as error:
            self.set_status(f"The game was not changed: {error}", "bad")

    def _on_four_colour(self) -> None:
        self.went_live()
        self.four_colour = self.options["four_colour"].value
        self.refresh()

    def _on_plot(self) -> None:
        self.went_live()
        if not self.game.is_over:
            return
        from .post_game import figure_html, score_race_figure

        fig = score_race_figure(self.game)
        self.figure_view.value = figure_html(
            fig, f"The score race and points by phase. {self.game.result.text}"
        )

    def _on_save(self) -> None:
        self.went_live()
        self.save_box.value = self.to_json()
        self.set_status(
            "Saved: the box holds the whole game. Copy it somewhere safe; paste it back and press "
            "Restore to go on.",
            "ok",
        )

    def _on_restore(self) -> None:
        self.went_live()
        self._restore(lambda: self.save_box.value, "the text box")

    def _on_save_file(self) -> None:
        self.went_live()
        path = Path(self.file_input.value.strip() or "cribbage-game.json")
        try:
            path.write_text(self.to_json(), encoding="utf-8")
        except OSError as error:
            self.set_status(f"Could not save to {path}: {error.strerror or error}. The game goes on.", "bad")
            return
        self.set_status(f"Saved to {path}. Load file restores it.", "ok")

    def _on_load_file(self) -> None:
        self.went_live()
        path = Path(self.file_input.value.strip())
        self._restore(lambda: path.read_text(encoding="utf-8"), str(path))

    def _restore(self, read, where: str) -> None:
        try:
            self.load_json(read())
        except (CribbageError, OSError, UnicodeDecodeError) as error:
            reason = error.strerror if isinstance(error, OSError) and error.strerror else error
            self.set_status(f"Could not restore from {where}: {reason}. The current game goes on.", "bad")
            return
        self.set_status(f"Restored from {where}. " + self.status_text, "ok")


def _points_input(description: str, lowest: int, tooltip: str) -> widgets.BoundedIntText:
    """A small box for a number of points, from ``lowest`` up to the most a hand can hold."""
    return widgets.BoundedIntText(value=lowest, min=lowest, max=MAX_COUNT, description=description,
                                  tooltip=tooltip, layout=widgets.Layout(width="9em"),
                                  style={"description_width": "3.8em"})
