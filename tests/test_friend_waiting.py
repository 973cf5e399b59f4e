"""The game table while a game with a friend is made and once it starts (issue 39's leftovers):
while the maker waits for the friend the table under the panel shows no game against the computer,
only who it waits for, and nothing tapped there reaches either game; once every friend has joined the
maker's panel says so and folds the link and its QR code away (still there for a rejoin), and the
section folds so the game is on the table."""

from __future__ import annotations

import html

from test_friend_panel import made, relay, small_group  # noqa: F401 (small_group: the autouse fixture)

from crib_widgets.table.friend_table import FriendTable
from crib_widgets.widgets.friend_panel import DRAWN_PARTS, HELD_PARTS
from crib_widgets.widgets.game_table import GameTable

SHOWN = ("board", "seats_view", "table_view", "log_view")


def hidden(view: GameTable, name: str) -> bool:
    return getattr(view, name).layout.display == "none"


def test_while_the_maker_waits_the_table_shows_no_computer_game(monkeypatch):
    """The table behind the panel still showed the game against the computer, cards to play and all."""
    ann, ben = made(monkeypatch)
    assert not isinstance(ann.table, FriendTable) and ann.friend_panel.waiting()
    assert all(hidden(ann, name) for name in DRAWN_PARTS + HELD_PARTS)
    header = html.unescape(ann.rules_view.value)
    assert "Play a friend · Waiting for Ben to open the link" in header and "Computer" not in header
    ann._on_new_game()  # a tap on New game meanwhile: still no game under the panel, the link stays
    ann._on_new_game()
    assert ann.friend_panel.waiting() and all(hidden(ann, name) for name in SHOWN)
    assert ann.status_text == "Waiting for Ben to open the link"  # never the hidden game's prompt
    assert ben.status_text.startswith("Looking for Ann's page")
    assert ann.friend_panel.flow is not None and not ann.friend_panel.flow.finished
    assert "Looking for Ann's page" in html.unescape(ben.rules_view.value) and hidden(ben, "picker")
    relay(ann, ben)
    for view in (ann, ben):  # the first deal is dealt: the game with the friend is on the table
        assert isinstance(view.table, FriendTable) and not view.friend_panel.waiting()
        assert not any(hidden(view, name) for name in SHOWN), [n for n in SHOWN if hidden(view, n)]
        assert "Play a friend ·" not in view.rules_view.value


def test_once_the_friend_joined_the_link_folds_away_and_the_game_is_on_the_table(monkeypatch):
    """The maker's panel still showed the link and its QR code (a screen of it on a phone) after Ben
    joined, in front of the game."""
    ann, ben = made(monkeypatch)
    panel = ann.friend_panel
    ann.settings.selected_index = 3  # Ann made the link in the open section
    assert ben.settings.selected_index == 3 and "<details" not in panel.link_view.value
    assert 'class="crib-friend-url"' in panel.link_view.value
    relay(ann, ben)
    shown = panel.link_view.value
    assert shown.startswith('<p class="crib-friend-joined">Everyone is here: the game is on the table.</p>')
    assert "Ben has joined" in panel.state_view.value
    assert '<details class="crib-friend-again"><summary>Show the link again' in shown
    link = panel.flow.url("https://example.org/15_full_game.html")
    assert f">{link}</code>" in shown.split("<details", 1)[1]  # still there, for a rejoin
    assert ann.settings.selected_index is None and ben.settings.selected_index is None  # the table shows
    panel.flow.peer("left")  # Ben's page closed: his link is shown again, unfolded
    assert "<details" not in panel.link_view.value and f">{link}</code>" in panel.link_view.value
