"""What two friends playing a whole game to 61 on two phones' worth of browsers stumbled on
(tests/site/walk_friend_game.py, issue 39's last "Done when"):

- Make the link pressed with the name boxes as they come (their grey "Ann" and "Ben" read as filled
  in) said why no link was made only on the table's status line, a screen or two above the button at
  390 px: the tap seemed to do nothing. The sentence is now under the button too.
- At the end of the game both tables said "or New game to play again", which plays the computer, and
  there was no way to play the friend again but Leave this game and a new link, whose game then never
  came to the table. The end now says how, and the panel offers a new link with the same names.
- The label "Friend's name" was cut to "Friend's n…" at 390 px.
- A school's relay was named twice: "Connected through the relay at ws://... (127.0.0.1:36541)".
"""

from __future__ import annotations

import random

from friend_play import GROUP
from test_friend_panel import made, relay, small_group, take_turn  # noqa: F401 (small_group: the autouse fixture)

from crib_widgets.table.friend import FriendGame
from crib_widgets.table.friend_bridge import relay_open
from crib_widgets.table.friend_table import FriendTable
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


def play_out(ann: GameTable, ben: GameTable) -> None:
    rng = random.Random(5)
    for _ in range(3000):
        relay(ann, ben)
        if ann.table.game.is_over and ben.table.game.is_over:
            break
        take_turn(rng, ann, ben)
    relay(ann, ben)
    assert ann.table.game.is_over and ben.table.game.is_over


def test_after_the_game_each_page_offers_a_new_link_to_play_the_friend_again(monkeypatch):
    """At the end of a game with a friend the table said "or New game to play again", and New game
    started a game against the computer; the panel offered only Leave this game, and a link made after
    leaving never put the new game on the table. Now the end says how to play the friend again, the
    panel offers Make the link with the names as they were, and the new game comes to the table."""
    ann, ben = made(monkeypatch)
    play_out(ann, ben)
    for view, friend, me in ((ann, "Ben", "Ann"), (ben, "Ann", "Ben")):
        assert f"To play {friend} again, press Play a friend and make a new link" in view.status_text
        assert "New game plays the computer" in view.status_text
        panel = view.friend_panel
        assert panel.setup.layout.display is None and panel.make_button.layout.display != "none"
        assert (panel.your_name.value, panel.friend_name.value) == (me, friend)
        assert panel.link_view.value == ""  # the last game's link would open only its end
    first = ann.friend_panel.flow
    ann.friend_panel.open_button.click()
    ann.friend_panel.make_button.click()
    again = ann.friend_panel.flow
    assert again is not first and again.room != first.room and not again.session.is_over
    monkeypatch.setenv("CRIB_PAGE_LINK", again.url("https://example.org/15_full_game.html"))
    ben2 = GameTable(seed=3, keep="full-game")  # Ben opens the new link
    relay(ann, ben2)
    for view in (ann, ben2):
        assert isinstance(view.table, FriendTable) and view.table.flow is view.friend_panel.flow
        assert view.table.game.deal_number == 1 and tuple(view.table.game.scores) == (0, 0)
        assert not view.status_text.startswith("Game over")


def test_a_schools_relay_is_named_once():
    """The panel said "Connected through the relay at ws://127.0.0.1:36541 (127.0.0.1:36541)"."""
    school = FriendGame.make(names=("Ann", "Ben"), relay="wss://relay.myschool.org:8000", group=GROUP)
    assert relay_open(school.room, "wss://relay.myschool.org:8000") == ""
    assert school.relay_now() == "Connected through the relay at wss://relay.myschool.org:8000"
    public = FriendGame.make(names=("Ann", "Ben"), group=GROUP)  # which public ones, as before
    assert relay_open(public.room, "wss://tracker.webtorrent.dev") == ""
    assert public.relay_now() == "Connected through the public relays (tracker.webtorrent.dev)"


def test_the_name_boxes_labels_are_whole_on_a_phone():
    """At 390 px the label read "Friend's n…" (ipywidgets' fixed label width): the labels take their
    own width, and the row wraps (.crib-row)."""
    panel = GameTable(seed=1, keep="full-game").friend_panel
    for box in (panel.your_name, panel.friend_name):
        assert box.style.description_width == "initial"


def test_a_friend_gone_while_it_is_my_turn_leaves_my_turn_said(monkeypatch):
    """Ben's page reloaded while it was Ann's turn: Ann's status line said only "Ben has left the game:
    you can wait ..., finish the game against the computer, or save it" for the 14 to 40 s his page
    took to be found again, so she waited with her turn hidden (and both waited). Her turn stays
    said (the card reaches Ben when he is back), the panel says he left, and once it is Ben's move the
    status line says so."""
    ann, ben = made(monkeypatch)
    rng = random.Random(2)
    for _ in range(400):
        relay(ann, ben)
        moves = ann.table.learner_moves()
        if moves and ann.table.game.phase.name.lower() == "play":
            break
        for view in (ann, ben):
            if view.table.paused:
                view.continue_button.click()
            elif view.table.learner_moves():
                view._move(rng.choice(view.table.learner_moves()))
    assert ann.table.learner_moves(), "Ann's turn in the play never came"
    turn = ann.status_text
    ann.friend_panel.flow.peer("left", 1)  # Ben's page reloads
    assert ann.status_text == turn and "has left" in ann.friend_panel.state_view.value
    ann._move(ann.table.learner_moves()[0])
    assert ann.status_text == ann.friend_panel.flow.left_words()
