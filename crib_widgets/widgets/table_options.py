"""The game table's option controls: players, game length, variants, computer level, hints, pace, name.

Each control carries a tooltip; the level menu shows each level's measured strength.

>>> from crib_widgets.game import Rules
>>> controls = option_controls(Rules(players=3), strength="expert", name="Ann", hints="warn", warn_at=2.5,
...                            pace="auto", four_colour=False)
>>> controls["players"].value, controls["strength"].value, controls["warn_at"].value
(3, 'expert', 2.5)
"""

from __future__ import annotations

import ipywidgets as widgets

from ..game import Rules
from ..table import HINT_LEVELS
from ..table.levels import level_options, measured_note
from ..table.new_game import RULE_OPTIONS
from ..words import plural
from .styles import esc

__all__ = ["option_controls", "options_panel", "show_rules", "PACE_OPTIONS"]

PACE_OPTIONS = (
    ("one at a time (Next with 3-4 players)", "auto"),
    ("one at a time, with a pause", "pause"),
    ("one at a time, press Next", "next"),
)


def _check(description: str, value: bool, tip: str) -> widgets.Checkbox:
    return widgets.Checkbox(
        value=value, description=description, tooltip=tip, indent=False, layout=widgets.Layout(width="auto")
    )


def _menu(options, value, description: str, tooltip: str) -> widgets.Dropdown:
    return widgets.Dropdown(
        options=options,
        value=value,
        description=description,
        tooltip=tooltip,
        layout=widgets.Layout(width="auto"),
        style={"description_width": "auto"},  # "Warn above:" was cut to "Warn abo…"
    )


def option_controls(
    rules: Rules, *, strength: str, name: str, hints: str, warn_at: float, pace: str, four_colour: bool
) -> dict[str, widgets.Widget]:
    """The option controls by name, set to the given game's options."""
    steps = sorted({1.0, 2.0, 3.0, 5.0, float(warn_at)})
    controls = {
        "players": widgets.ToggleButtons(
            options=[("2 players", 2), ("3", 3), ("4", 4)],
            value=rules.players,
            tooltips=["You and one computer", "You and two computers", "You and three computers"],
        ),
        "target": widgets.ToggleButtons(
            options=[("61 points", 61), ("121 points", 121)],
            value=rules.target,
            tooltips=["The short game", "The long game"],
        ),
        "partners": _check("Partners (4 players)", rules.partners, "Seats across the table play together"),
        "muggins": _check("Muggins", rules.muggins, "Count your own hands; opponents may catch mistakes"),
        "ten_back": _check("10 back", rules.ten_back, "A hand or crib that scores nothing goes 10 back"),
        "lowball": _check("Lowball", rules.lowball, "The first to reach the target loses"),
        "exact_finish": _check("Exact finish", rules.exact_finish, "Points past the target are not pegged"),
        "strength": _menu(
            level_options(),
            strength,
            "Computer:",
            f"How well the computers play: each level's strength, {measured_note()}",
        ),
        "hints": _menu(
            [(label, value) for value, label in HINT_LEVELS], hints, "Hints:", "How much the table helps you"
        ),
        "warn_at": _menu(
            [(plural(n if n % 1 else int(n), "point"), n) for n in steps],
            float(warn_at),
            "Warn above:",
            "Warn me before a move that costs more than this on average",
        ),
        "pace": _menu(
            list(PACE_OPTIONS),
            pace,
            "Computer moves:",
            "How the computers' moves appear",
        ),
        "name": widgets.Text(
            value=name,
            description="Your name:",
            tooltip="Your name at the table",
            layout=widgets.Layout(width="18em"),
        ),
        "four_colour": _check("Four-colour deck", four_colour, "Clubs green, diamonds blue"),
    }
    for box in controls.values():
        if isinstance(box, widgets.ToggleButtons):
            box.style.button_width = "7.5em"
    return controls


def show_rules(controls: dict[str, widgets.Widget], rules: Rules, strength: str) -> None:
    """Set the option controls to a game's rules and computer (a game brought back: New game then
    starts one like it)."""
    for key in RULE_OPTIONS:
        controls[key].value = getattr(rules, key)
    if strength in [value for _, value in controls["strength"].options]:
        controls["strength"].value = strength


def options_panel(controls: dict[str, widgets.Widget], new_game: widgets.Button) -> widgets.VBox:
    """The controls in rows, with where the strengths come from, and the New game button."""

    def row(*items: widgets.Widget) -> widgets.HBox:
        box = widgets.HBox(list(items))
        box.add_class("crib-row")
        return box

    o = controls
    return widgets.VBox(
        [
            row(o["players"], o["partners"]),
            row(o["target"], o["strength"]),
            widgets.HTML(f'<div class="crib-note">Computer strengths {esc(measured_note())}.</div>'),
            row(o["muggins"], o["ten_back"], o["lowball"], o["exact_finish"]),
            row(o["hints"], o["warn_at"], o["pace"]),
            row(o["name"], o["four_colour"]),
            row(new_game),
        ]
    )
