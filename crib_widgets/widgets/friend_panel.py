"""The "Play a friend" panel of the game table: a link (and its QR code) for a friend on another
device, the relay used, the friend's status, and the hidden elements the page's transport sends
from and keeps the game from.

It only draws a `crib_widgets.table.friend.FriendGame` and forwards clicks; the game itself is
drawn by the game table as any game (`crib_widgets.table.friend_table.FriendTable`: the friend's
seat is a remote seat whose moves arrive from the friend's device).
"""

from __future__ import annotations

import os
from typing import Any, Protocol

import ipywidgets as widgets

from ..errors import CribbageError
from ..table.friend import LEFT_WORDS, FriendGame
from ..table.friend_join import CodesJoin
from ..table.friend_keep import come_back
from ..table.friend_table import FriendTable
from ..table.share import page_address
from .frame import action_button
from .friend_codes_box import CodesBox
from .styles import esc

__all__ = ["FriendPanel", "COPY_JS"]

#: The Copy button copies in the page itself (Python cannot reach the clipboard from its worker).
COPY_JS = ("navigator.clipboard&&navigator.clipboard.writeText(this.dataset.link)"
           ".then(()=>{this.textContent='Copied: paste it in a message to your friend'},"
           "()=>{this.textContent='Select the link and copy it'})")
#: The Copy button is the page's own (see COPY_JS), drawn as the panel's other buttons (`action_button`
#: "primary": ipywidgets' button and the table's colours); its width is that of its words.
COPY_CLASSES = "jupyter-button widget-button mod-primary crib-action crib-copy"
#: Who may sit in seats 2 to 4 (`crib_widgets.table.friend_link.SEAT_KINDS`).
SEAT_OPTIONS = [("A friend on their own device", "friend"), ("The computer", "computer"),
                ("Someone at this device", "here")]
DEFAULT_NAMES = {"friend": "Friend {}", "computer": "Computer {}", "here": "Player {}"}
#: The game table's parts that show a game (`crib_widgets.widgets.table_controls`): hidden while the
#: table waits for the first deal with a friend, so no game against the computer is played under the panel.
#: The first ones the table's drawing shows or hides itself at each redraw; the others only the panel.
DRAWN_PARTS = ("seats_view", "table_view", "picker", "pass_row", "discard_row", "play_row", "wait_row",
               "announce_row", "answer_row", "show_row", "over_row")
HELD_PARTS = ("board", "recent_view", "hand_label", "advice_view", "result_view", "show_view", "figure_view",
              "review_view", "log_view")


class TableView(Protocol):
    """What the panel asks of the game table it sits in (`crib_widgets.widgets.game_table.GameTable`)."""

    table: Any
    save_box: widgets.Textarea
    settings: widgets.Accordion
    rules_view: widgets.HTML  # and the parts named in DRAWN_PARTS and HELD_PARTS
    status_text: str
    _visiting: bool

    def went_live(self) -> None: ...

    def set_status(self, text: str, tone: str = "info") -> None: ...

    def refresh(self) -> None: ...

    def _pace_steps(self) -> None: ...

    def _start(self, table: Any) -> None: ...


class FriendPanel(widgets.VBox):
    """The panel; ``view`` is the game table it sits in, ``keep`` the table's keep name (the friend's
    game is kept under it and "-friend")."""

    def __init__(self, view: TableView, keep: str | None) -> None:
        super().__init__()
        self.add_class("crib-friend")
        self.view = view
        self.keep = f"{keep or 'game'}-friend"
        self.hosts_links = keep is not None  # the page's kept table: the one a link opens (one a page)
        self.flow: FriendGame | None = None
        self.joining: CodesJoin | None = None  # by two codes, before the friend's game is known here
        self._codes_shown_open = False  # the panel was opened for a new pair of codes
        self._stuck_open = False  # the panel was opened by itself: a friend left, or the game stopped
        self._kept_mark: tuple[int, int, bool] | None = None
        self.target = widgets.ToggleButtons(options=[("61 points", 61), ("121 points", 121)], value=61,
                                            description="Play to", tooltips=["A short game", "A full game"])
        self.muggins = widgets.Checkbox(value=False, description="Muggins", indent=False)
        # the labels whole ("Friend's n…" at 390 px with ipywidgets' fixed label width)
        self.your_name = widgets.Text(value="", description="Your name", placeholder="Ann",
                                      style={"description_width": "initial"})
        self.friend_name = widgets.Text(value="", description="Friend's name", placeholder="Ben",
                                        style={"description_width": "initial"})
        self.players = widgets.ToggleButtons(
            options=[("2 players", 2), ("3 players", 3), ("4: partners", 4)], value=2, description="Seats",
            tooltips=["You and a friend", "Three round the table", "Two pairs of partners, across"])
        self.seat_kinds = [widgets.Dropdown(options=SEAT_OPTIONS, value="friend" if seat == 1 else "computer",
                                            description=f"Seat {seat + 1}") for seat in (1, 2, 3)]
        self.seats_box = widgets.VBox(self.seat_kinds)
        self.players.observe(lambda _: self._show_seats(), "value")
        self.relay_input = widgets.Text(value="", description="Relay", placeholder="empty: the public relays",
                                        tooltip="Your school's own relay, e.g. wss://relay.myschool.org")
        self.make_button = action_button("Make the link", "Make a link to send to your friend", "primary")
        self.open_button = action_button("Play a friend", "Play someone on their own phone or computer",
                                         "info")  # beside the table's folded sections: it opens this one
        self.open_button.on_click(lambda _: self._on_open())
        self.computer_button = action_button("Finish against the computer",
                                             "The computer takes your friend's seat", "warning")
        self.save_button = action_button("Save the game", "Put the game so far in the Save box", "")
        self.end_button = action_button("Leave this game", "Stop playing with your friend (they are told)")
        self.end_button.on_click(lambda _: self._on_end())
        self.back_button = action_button("Back to the game with your friend",
                                         "Show the game with your friend on the table again", "primary")
        self.back_button.on_click(lambda _: self._on_back())
        self._shown = False  # the friend's game has been on the table (a New game does not take it back)
        self._holding = False  # the table's game parts are hidden: it waits for the first deal
        self.make_button.on_click(lambda _: self._on_make())
        self.computer_button.on_click(lambda _: self._on_computer())
        self.save_button.on_click(lambda _: self._on_save())
        self.link_view = widgets.HTML()
        self.state_view = widgets.HTML()
        # why no link was made, under the button: the table's status line is a screen or two above it on
        # a phone, so the tap seemed to do nothing (two friends' walk-through, ann-02b-no-name.png)
        self.make_note = widgets.HTML()
        self.out = widgets.HTML(layout=widgets.Layout(display="none"))  # the page sends from it
        self.out.add_class("crib-friend-out")
        self.kept = widgets.HTML(layout=widgets.Layout(display="none"))  # the page keeps the game from it
        self.kept.add_class("crib-game-out")
        self.setup = widgets.VBox([widgets.HTML(
            "<p>Play someone on their own phone or computer: make a link, send it by any messenger, and "
            "the game starts when your friend opens it. Neither device can see the other's cards.</p>"),
            _row(self.target, self.muggins), self.players, self.seats_box,
            _row(self.your_name, self.friend_name), self.relay_input, self.make_button, self.make_note])
        self._show_seats()
        self.after_row = _row(self.computer_button, self.save_button, self.back_button, self.end_button)
        self.codes_box = CodesBox(self)  # no relay reaches the friend: two codes swapped by hand
        # `out` and `kept` are drawn by the game table outside its folded sections (always on the page)
        self.children = (self.setup, self.codes_box, self.link_view, self.state_view, self.after_row)
        self.draw()

    # ---- starting -----------------------------------------------------------------------------------
    def come_back(self, environ: Any = os.environ) -> str:
        """Take up the game kept here, or join the one in the page's link; "" or a sentence. Only a
        table that keeps its game does: a page's other tables (chapter 15's pass-and-play one) leave
        the link to it."""
        if not self.hosts_links:
            return ""
        flow, note = come_back(self.keep, environ)
        if flow is not None:
            self.view.went_live()  # the game comes with no tap: the page's "Getting ready" note goes
            self._take(flow)
        return note

    def _on_open(self) -> None:
        self.view.went_live()
        self.view.settings.selected_index = 3
        if self.flow is None or self.flow.finished:
            self.view.set_status("Play a friend: choose the game below, then press Make the link.")

    def _show_seats(self) -> None:
        """Who sits in seats 2 to 4 is asked only at a table of three or four."""
        count = self.players.value
        self.seats_box.layout.display = None if count > 2 else "none"
        for seat, box in enumerate(self.seat_kinds, 1):
            box.layout.display = None if seat < count else "none"
        self.friend_name.description = "Friend's name" if count == 2 else "Others' names"
        self.friend_name.placeholder = "Ben" if count == 2 else "Ben, Cy" + (", Dee" if count == 4 else "")

    def seats(self) -> tuple[str, ...]:
        """Who sits where, as chosen: this device's person first."""
        if self.players.value == 2:
            return ("here", "friend")
        return ("here", *(box.value for box in self.seat_kinds[: self.players.value - 1]))

    def names(self) -> tuple[str, ...]:
        """The names typed (the others' separated by commas), each other seat not named given one.
        Every device shows them, so the link maker's is asked for and none may be "You" (each device
        calls its own player "you": a seat named so reads as the friend on the friend's page)."""
        typed, seats = [n.strip() for n in self.friend_name.value.split(",")], self.seats()
        names = [self.your_name.value.strip()]
        if not names[0]:
            raise CribbageError("type your name in Your name first: your friend's page shows it, so each of "
                                "you sees who is who")
        if len(seats) == 2:
            names.append(self.friend_name.value.strip() or "Friend")
        for seat, kind in enumerate(seats[1:] if len(seats) > 2 else (), 1):
            given = typed[seat - 1] if seat - 1 < len(typed) else ""
            names.append(given or DEFAULT_NAMES[kind].format(seat + 1))
        if any(name.casefold() == "you" for name in names):
            raise CribbageError('"You" cannot be a name in a link: each device calls its own player "you", '
                                "so type your names")
        return tuple(names)

    def _on_make(self) -> None:
        self.make_game()

    def make_game(self, codes: bool = False) -> None:
        """Make the game: its link, or (``codes``) the first of two codes swapped by hand."""
        self.view.went_live()
        try:
            flow = FriendGame.make(target=self.target.value, muggins=self.muggins.value, names=self.names(),
                                   relay=self.relay_input.value, keep=self.keep, seats=self.seats(),
                                   codes=codes)
        except CribbageError as error:
            said = f"No {'code' if codes else 'link'} was made: {error}."
            self.view.set_status(said, "bad")
            self.make_note.value = f'<div class="crib-status crib-bad">{esc(said)}</div>'
            return
        self.make_note.value = ""
        self._take(flow)
        self.view.set_status("Your code is below: your friend types it on their device." if codes else
                             "Your link is ready: copy it and send it to your friend.", "ok")

    def join_by_codes(self, joining: CodesJoin) -> None:
        """The friend's code was typed here: this page answers with its own until the game arrives."""
        if self.joining is not None:
            self.joining.end()
        self.joining = joining
        joining.listeners.append(self._joining_changed)
        self.view.set_status("Your code is below: type it on your friend's device.", "ok")
        self.draw()

    def _joining_changed(self) -> None:
        joining = self.joining
        if joining is not None and joining.game is not None:
            self.joining = None
            joining.listeners.clear()
            self._take(joining.game)
        else:
            self.draw()

    def _take(self, flow: FriendGame) -> None:
        if self.flow is not None and self.flow is not flow:
            self.flow.listeners.clear()
            self._shown = False  # a new game (a new link after the last one): on the table once dealt
        self.flow = flow
        flow.listeners.append(self._changed)
        self._changed()

    # ---- the game goes on -------------------------------------------------------------------------
    def _changed(self) -> None:
        flow, view = self.flow, self.view
        if flow is None:
            return
        self.draw()
        if flow.finished:
            return
        table = view.table
        if isinstance(table, FriendTable) and table.flow is flow:
            table.sync()
            view._pace_steps()  # drawn, and a go the friend's card forced is said, as after a computer's
        elif not self._shown:  # the first deal is dealt (once the person left it for a New game: not again)
            self._on_back()
        needed = self.codes_needed()
        if needed and not self._codes_shown_open:  # a new pair of codes to swap: the panel shows them
            view.settings.selected_index = 3
        self._codes_shown_open = needed
        self._open_when_stuck()
        # the friend's page gone (a reload takes it away for seconds) leaves this person's turn said: the
        # move reaches the friend when they are back, and the panel says they left meanwhile (at three or
        # four the deal cannot go on without the device gone: that is said at once)
        mine = (isinstance(table, FriendTable) and table.flow is flow and len(flow.others) == 1
                and bool(table.learner_moves()))
        if flow.stopped:
            view.set_status(flow.stopped, "bad")
        elif flow.status == "left" and not flow.session.is_over and not mine:
            view.set_status(flow.left_words(), "warn")

    def _open_when_stuck(self) -> None:
        """A friend left (or the game stopped): the section opens by itself, so Finish against the
        computer and Save are in sight; once the friend is back, it folds again if it opened so."""
        stuck, settings = self._stuck(), self.view.settings
        if stuck and not self._stuck_open:
            settings.selected_index = 3
        elif self._stuck_open and not stuck and settings.selected_index == 3 and not self.codes_needed():
            settings.selected_index = None
        self._stuck_open = stuck

    def codes_needed(self) -> bool:
        """A game by codes whose friend's device is not connected: its codes must be seen to go on."""
        flow = self.flow
        return flow is not None and not flow.finished and bool(flow.codes) and flow.status != "joined"

    def _on_back(self) -> None:
        """Put the game with the friend on the table (when its first deal is dealt)."""
        dealt = None if self.flow is None or self.flow.finished else FriendTable.of(self.flow)
        if dealt is not None:
            first, self._shown = not self._shown, True
            self.view._visiting = True  # the game table keeps its own game; this one is kept here
            self.view._start(dealt)
            self.draw()
            if first and not self.codes_needed():  # the game is on the table: the panel folds away
                self.view.settings.selected_index = None

    def waiting_words(self) -> str:
        """What the table says while the friend's device is to move."""
        flow = self.flow
        if flow is None:
            return ""
        return flow.stopped or (flow.finished_words() if flow.finished else flow.waiting_for() or "")

    def _stuck(self) -> bool:
        """The friend left or the game stopped: it can be finished against the computer or saved (the
        buttons are shown only then; a click on one while hidden does nothing)."""
        flow = self.flow
        if flow is None or flow.finished or flow.session.stop_cause == "elsewhere":
            return False  # a second page at a device in the game: its game is played elsewhere
        return flow.status == "left" or bool(flow.stopped)

    def _on_computer(self) -> None:
        self.view.went_live()
        if self.flow is None or not self._stuck():
            return
        table = self.flow.against_computer()
        self.view._visiting = False
        self.view._start(table)
        who = f"{self.flow.friend}'s seat" if len(self.flow.others) == 1 else "the other seats"
        self.view.set_status(f"The computer takes {who}: play on.", "ok")

    def _on_end(self) -> None:
        self.view.went_live()
        if self.flow is None or self.flow.finished:
            return
        self.flow.end()
        self.view.set_status(f"You left the game with {self.flow.friend}. Make a new link to play a friend "
                             "again, or press New game.", "ok")

    def _on_save(self) -> None:
        self.view.went_live()
        if self.flow is None or not self._stuck():
            return
        self.view.save_box.value = self.flow.save()
        self.view.settings.selected_index = 2
        self.view.set_status("The game so far is in the Save and restore box: copy it or save it as a file.",
                             "ok")

    # ---- drawing ---------------------------------------------------------------------------------------
    def waiting(self) -> bool:
        """A game with a friend is made or opened and its first deal not dealt yet: the table under the
        panel waits for it (no game against the computer is played there meanwhile)."""
        flow = self.flow
        return flow is not None and not flow.finished and not self._shown and flow.session.played[1] is None

    def _hold_table(self) -> None:
        """While `waiting`, the table shows no game, only who it waits for; its parts come back after."""
        waiting, view = self.waiting(), self.view
        if waiting or self._holding:
            for name in HELD_PARTS if not waiting else HELD_PARTS + DRAWN_PARTS:
                getattr(view, name).layout.display = "none" if waiting else None
        self._holding = waiting
        if waiting and self.flow is not None:
            words = self.flow.stopped or self.state_words()
            view.rules_view.value = (f'<div class="crib-sub">Play a friend · {esc(words)}</div>'
                                     "<p>The game starts on this table as soon as the cards are dealt.</p>")
            if view.status_text != words:  # never the hidden game's prompt ("Your crib: throw two cards")
                view.set_status(words, "bad" if self.flow.stopped else "info")

    def state_words(self) -> str:
        """The friends' status in one line (each friend's, at a table of three or four)."""
        flow = self.flow
        if flow is None:
            return ""
        return "; ".join(w for _, _, w in flow.friends()) if len(flow.others) > 1 else flow.status_words()

    def _over(self) -> bool:
        """The game with the friend is played out: a new link can be made for another, the names as
        they were (the page offered only New game, which plays the computer)."""
        flow = self.flow
        if flow is None or flow.finished or not flow.session.is_over:
            return False
        if not self.your_name.value.strip() and len(flow.others) == 1:
            self.your_name.value = flow.link.device_name(flow.me)
            self.friend_name.value = flow.friend
        return True

    def draw(self) -> None:
        flow = self.flow
        self._hold_table()
        self.setup.layout.display = None if flow is None or flow.finished or self._over() else "none"
        self.after_row.layout.display = "none"
        self.codes_box.draw()
        if flow is None:
            self.link_view.value = self.state_view.value = ""
            self.out.value = self.joining.out_html() if self.joining is not None else ""
            return
        self.out.value = "" if flow.finished else flow.out_html()  # no element: the page leaves the room
        # kept after every message taken in too: a page reloaded then would come back behind its table
        # a page kept out (another tab plays this game) keeps nothing: it would overwrite that tab's
        if flow.keep_mark != self._kept_mark and flow.session.stop_cause != "elsewhere":
            self._kept_mark = flow.keep_mark
            self.kept.value = flow.keep_html()
        # a game played out: its link would open only its end (a new link is made in `setup`)
        self.link_view.value = "" if flow.finished or flow.codes or self._over() else link_html(flow)
        self.state_view.value = "" if flow.finished else state_html(flow)
        stuck = self._stuck()
        away = self._shown and not (isinstance(self.view.table, FriendTable) and self.view.table.flow is flow)
        self.after_row.layout.display = None if not flow.finished else "none"
        self.computer_button.layout.display = self.save_button.layout.display = None if stuck else "none"
        self.back_button.layout.display = None if away else "none"
        self.back_button.description = f"Back to the game with {flow.friend}"


def _row(*items: widgets.Widget) -> widgets.HBox:
    """A row that wraps on a phone, as the table's own rows, its buttons as wide as their words (a
    button is 148 px wide by default: "Finish against the computer" was cut to "Finish ag…")."""
    for item in items:
        if isinstance(item, widgets.Button):
            item.layout.width = "auto"
    box = widgets.HBox(list(items))
    box.add_class("crib-row")
    return box


def link_html(flow: FriendGame) -> str:
    """The link to send (as text to select, with a Copy button and a QR code), at the link maker's;
    once every friend has joined, folded under one line (it is needed again only if a friend's
    device has to open the game again)."""
    if flow.me != 0:
        maker = flow.link.device_name(0)
        others = [flow.link.device_name(d) for d in flow.others if d]
        table = f", with {' and '.join(others)}" if others else ""
        return (f"<p>You are playing {esc(maker)}'s game to {flow.link.target}{esc(table)} from the link "
                f"{esc(maker)} sent you.</p>")
    links = "".join(_one_link(flow.url(page_address(), d), flow.link.device_name(d))
                    for d in flow.link.friend_devices)
    if not all(flow.device_status(d) == "joined" for d in flow.others):
        return links
    which = "the link" if len(flow.link.friend_devices) == 1 else "the links"
    return ('<p class="crib-friend-joined">Everyone is here: the game is on the table.</p>'
            f'<details class="crib-friend-again"><summary>Show {which} again (for a friend whose '
            f"device has to open the game again)</summary>{links}</details>")


def _one_link(url: str, friend: str) -> str:
    """One friend's device's link: each friend opens their own."""
    return (f'<div class="crib-friend-link"><p>The link for {esc(friend)}: send it by any messenger, '
            f"or let them scan the code below.</p>"
            f'<p><code class="crib-friend-url" style="user-select:all;overflow-wrap:anywhere">'
            f'{esc(url)}</code></p>'
            f'<button type="button" class="{COPY_CLASSES}" style="width:auto;max-width:100%" '
            f'data-link="{esc(url)}" onclick="{esc(COPY_JS)}">Copy the link</button>{qr_html(url)}</div>')


def qr_html(url: str) -> str:
    """The link as a QR code, for a friend in the room to scan ("" when no QR code can be drawn)."""
    try:
        from ..qr import qr_svg

        return f'<div class="crib-friend-qr">{qr_svg(url, "QR code of the link for your friend")}</div>'
    except (ImportError, CribbageError):
        return ""


def state_html(flow: FriendGame) -> str:
    """The friend's status, the relay used, and the last thing said, read out when they change."""
    many = len(flow.others) > 1
    lines = [*(words for _, _, words in flow.friends())] if many else [flow.status_words()]
    lines.append(flow.relay_now())
    if flow.note:
        lines.append(flow.note)
    if flow.status == "left" and not flow.session.is_over:
        lines.append(flow.left_words() if many else LEFT_WORDS[:1].upper() + LEFT_WORDS[1:])
    return '<div role="status" class="crib-friend-state">' + "".join(
        f"<div>{esc(line)}</div>" for line in lines) + "</div>"
