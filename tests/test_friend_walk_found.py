"""What two friends playing a whole game to 61 on two phones' worth of browsers stumbled on
(tests/site/walk_friend_game.py, issue 39's last "Done when"):

- Make the link pressed with the name boxes as they come (their grey "Ann" and "Ben" read as filled
  in) said why no link was made only on the table's status line, a screen or two above the button at
  390 px: the tap seemed to do nothing. The sentence is now under the button too.
"""

from __future__ import annotations

from test_friend_panel import small_group  # noqa: F401 (small_group: the autouse fixture)

from crib_widgets.widgets.game_table import GameTable


def test_why_no_link_was_made_is_said_under_the_button(monkeypatch):
    ann = GameTable(seed=1, keep="full-game")
    panel = ann.friend_panel
    panel.open_button.click()
    panel.make_button.click()  # the name boxes as they come: only their grey placeholders
    said = "No link was made: type your name in Your name first"
    assert panel.flow is None and ann.status_text.startswith(said)
    row = list(panel.setup.children)
    assert row.index(panel.make_note) == row.index(panel.make_button) + 1
    assert said in panel.make_note.value and "crib-bad" in panel.make_note.value
    panel.your_name.value, panel.friend_name.value = "Ann", "you"
    panel.make_button.click()  # another reason replaces the first, escaped as HTML
    assert panel.flow is None and said not in panel.make_note.value
    assert "&quot;You&quot; cannot be a name" in panel.make_note.value
    panel.friend_name.value = "Ben"
    panel.make_button.click()
    assert panel.flow is not None and panel.make_note.value == ""
