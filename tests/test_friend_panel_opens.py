"""The "Play a friend" section opens by itself when a friend leaves (issue 39): its Finish against
the computer and Save are then in sight, not only named by the status line; it folds again once
the friend is back. A second page at a device already in the game is offered neither."""

from __future__ import annotations

from friend_play import GROUP
from test_friend_panel import made, relay, small_group  # noqa: F401 (small_group: the autouse fixture)

from crib_widgets.table import friend as friend_module
from crib_widgets.table import friend_bridge
from crib_widgets.widgets.game_table import GameTable

SECTION = 3  # "Play a friend on another device" among the table's folded sections

def test_the_section_opens_when_the_friend_leaves_and_folds_when_they_are_back(monkeypatch):
    ann, ben = made(monkeypatch)
    panel = ann.friend_panel
    relay(ann, ben)
    assert ann.settings.selected_index is None  # folded once the first deal came to the table
    friend_bridge.peer(panel.flow.room, "left")
    assert ann.settings.selected_index == SECTION and panel.after_row.layout.display is None
    assert "Ben has left the game" in panel.state_view.value
    friend_bridge.peer(panel.flow.room, "joined")
    assert ann.settings.selected_index is None
    friend_bridge.peer(panel.flow.room, "left")  # again: it opens again
    assert ann.settings.selected_index == SECTION


def test_a_second_page_at_a_device_in_the_game_is_offered_no_finish_or_save():
    game = friend_module.FriendGame.make(names=("Ann", "Ben"), group=GROUP, dealer=0)
    game.session.stopped, game.session.stop_cause = "another page", "elsewhere"
    table = GameTable(seed=3, keep="full-game")
    table.friend_panel._take(game)
    assert table.friend_panel.computer_button.layout.display == "none"
    assert table.friend_panel.save_button.layout.display == "none"
    assert table.settings.selected_index != SECTION
