"""The "Swap two codes" route of the "Play a friend" panel: when no relay reaches the friend's device,
two devices on the same Wi-Fi or network swap two short codes by hand instead of a link.

It only draws and forwards: the flow is `crib_widgets.table.friend.FriendGame` (made with
``codes=True`` on the device that makes the game) and `crib_widgets.table.friend_join.CodesJoin`
(the friend's device, until the game's first message arrives); the page makes and reads the codes.
"""

from __future__ import annotations

from typing import Protocol

import ipywidgets as widgets

from ..errors import CribbageError
from ..table.friend import FriendGame
from ..table.friend_codes import codes_html
from ..table.friend_join import CodesJoin
from .frame import action_button
from .styles import esc

__all__ = ["CodesBox", "Panel", "QUESTION", "STEPS"]

QUESTION = "No relay reaches your friend?"
#: The route in players' words.
STEPS = (
    "<p>When both devices are on the same Wi-Fi or network, they need no relay: you type two codes by "
    "hand instead of sending a link.</p><ol>"
    "<li>One of you chooses the game above (your names, 61 or 121) and presses <b>Show my code</b>.</li>"
    "<li>The other opens this page too, presses <b>Play a friend</b>, then <b>Swap two codes instead</b>, "
    "types that code under <b>Friend's code</b> and presses <b>Use the code</b>. Their page then shows a "
    "code of its own.</li>"
    "<li>Type that code on the first device, under <b>Friend's code</b>, and press <b>Use the code</b>: "
    "the game starts on both.</li></ol>"
    "<p>If a page is reloaded or a phone sleeps, swap a new pair of codes the same way: the game goes on "
    "where it was.</p>")


class _Live(Protocol):
    def went_live(self) -> None: ...


class Panel(Protocol):
    """What the box asks of the panel it sits in (`crib_widgets.widgets.friend_panel.FriendPanel`,
    which makes the box: so the box names only these, not the panel's module)."""

    @property
    def view(self) -> _Live: ...

    @property
    def keep(self) -> str: ...

    @property
    def flow(self) -> FriendGame | None: ...

    @property
    def joining(self) -> CodesJoin | None: ...

    def make_game(self, codes: bool = False) -> None: ...

    def join_by_codes(self, joining: CodesJoin) -> None: ...


class CodesBox(widgets.VBox):
    """The route, its steps and its two boxes, in ``panel`` (a `FriendPanel`)."""

    def __init__(self, panel: Panel) -> None:
        super().__init__()
        self.add_class("crib-friend-codes")
        self.panel = panel
        self.opened = False
        # the question beside the button, not in it: a button's words are cut short at 390 px
        self.route_button = action_button("Swap two codes instead",
                                          "Two devices on the same Wi-Fi: no relay, two codes typed by hand")
        self.route_button.layout.width = "auto"
        self.route_button.on_click(lambda _: self._on_route())
        self.route_row = widgets.HBox([widgets.HTML(f"<span>{QUESTION}</span>"), self.route_button])
        self.route_row.add_class("crib-row")
        self.steps = widgets.HTML(STEPS)
        self.show_button = action_button("Show my code", "Make the game and show its code", "primary")
        self.show_button.layout.width = "auto"
        self.show_button.on_click(lambda _: self._on_show())
        self.code_view = widgets.HTML()
        self.code_input = widgets.Text(value="", description="Friend's code", placeholder="e.g. 86QY 69EW …",
                                       style={"description_width": "initial"})  # never cut to "Friend's c…"
        self.code_input.add_class("crib-friend-code-input")
        self.use_button = action_button("Use the code", "Use the code your friend's page shows", "primary")
        self.use_button.layout.width = "auto"
        self.use_button.on_click(lambda _: self._on_use())
        self.note = widgets.HTML()
        self.type_row = widgets.VBox([self.code_input, self.use_button])
        self.children = (self.route_row, self.steps, self.show_button, self.code_view, self.type_row,
                         self.note)
        self.draw()

    def _on_route(self) -> None:
        self.panel.view.went_live()
        self.opened = not self.opened
        self.draw()

    def _on_show(self) -> None:
        if self._idle() and self.opened:  # a click while hidden (a game going on) does nothing
            self.panel.make_game(codes=True)

    def _idle(self) -> bool:
        flow = self.panel.flow
        return (flow is None or bool(flow.finished)) and self.panel.joining is None

    def _on_use(self) -> None:
        panel = self.panel
        panel.view.went_live()
        if self.type_row.layout.display == "none":
            return  # a click while hidden does nothing
        flow, joining, text = panel.flow, panel.joining, self.code_input.value
        if flow is not None and not flow.finished and flow.codes:
            said = flow.type_code(text)
        elif joining is not None:
            said = joining.type_code(text)
        else:
            try:
                panel.join_by_codes(CodesJoin(text, panel.keep))
                said = ""
            except CribbageError as error:
                said = f"{str(error)[:1].upper()}{str(error)[1:]}."
        self.note.value = f'<div class="crib-status crib-bad">{esc(said)}</div>' if said else ""
        if not said:
            self.code_input.value = ""
        self.draw()

    def draw(self) -> None:
        """Show what the route needs now: its button; its steps; the code to show and the box to type in."""
        flow, joining = self.panel.flow, self.panel.joining
        by_codes = flow is not None and not flow.finished and bool(flow.codes)
        idle = self._idle()
        self.route_row.layout.display = None if idle else "none"
        self.steps.layout.display = None if idle and self.opened else "none"
        self.show_button.layout.display = None if idle and self.opened else "none"
        joined = by_codes and flow is not None and flow.status == "joined"
        self.type_row.layout.display = None if (idle and self.opened) or joining is not None or (
            by_codes and not joined) else "none"
        if joining is not None:
            # a code refused: what to type again, not "making its own code"
            typed = "" if joining.note else joining.typed
            self.code_view.value = codes_html("take", joining.shown, typed=typed) + _said(joining.note)
        elif by_codes and flow is not None and not joined:
            self.code_view.value = codes_html(flow.codes, flow.shown, flow.link.device_name(0), flow.typed)
        else:
            self.code_view.value = ""
        if (idle and not self.opened) or joined:
            self.note.value = ""


def _said(note: str) -> str:
    return f'<div class="crib-status crib-bad">{esc(note)}</div>' if note else ""
