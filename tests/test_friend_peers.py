"""Play friends at a table of three or four (issue 39 item 5): the page names the device of each
page that joins or leaves (the device its first message names), so a friend who closes the tab is
named as gone, and as back when their page returns; what the others can then do is said in
players' words."""

from __future__ import annotations

import html
import json

import pytest
from friend_play import GROUP, b64, table
from hypothesis import given, settings
from hypothesis import strategies as st
from test_friend_panel import made_three, relay, use_small_group

from crib_widgets.table import friend_bridge
from crib_widgets.table.friend import LEFT_WORDS
from crib_widgets.table.friend_keep import come_back
from crib_widgets.table.friend_table import FriendTable
from crib_widgets.widgets.friend_panel import state_html

THREE = (("here", "friend", "friend"), ("Ann", "Ben", "Cy"))
FOUR = (("here", "friend", "here", "friend"), ("Ann", "Ben", "Cal", "Dee"))


@pytest.fixture
def three():
    hub, games = table(*THREE, seed=11)
    hub.settle()
    yield games
    for game in games:
        friend_bridge.unregister(game)


def test_a_friend_who_closes_the_tab_is_named_as_gone_then_as_back(three):
    ann = three[0]
    assert friend_bridge.peer(ann.room, "left", "2") == ""
    assert ann.status == "left"
    assert [w for _, _, w in ann.friends()] == ["Ben has joined", "Cy has left the game"]
    assert ann.left_words().startswith(
        "Cy has left the game, and this deal cannot go on without Cy's device: only it unlocks Cy's cards. "
        "You can wait for Cy to come back")
    # Cy's page comes back: the page says a peer joined, then (its first message) that it is device 2
    friend_bridge.peer(ann.room, "joined")
    assert ann.status == "left" and ann.device_status(2) == "left"  # not yet known to be Cy
    friend_bridge.peer(ann.room, "joined", "2")
    assert ann.status == "joined" and ann.friends()[1][2] == "Cy has joined"


def test_the_link_makers_page_closed_is_named_on_a_friends_page(three):
    ben = three[1]
    assert friend_bridge.peer(ben.room, "left", "0") == ""
    assert ben.friends()[0][2] == "Ann has left the game" and ben.friends()[1][2] == "Cy has joined"
    assert ben.left_words().startswith(
        "Ann has left the game, and this deal cannot go on without Ann's device")


def test_one_friend_back_while_another_is_still_gone_keeps_the_game_waiting(three):
    ann = three[0]
    friend_bridge.peer(ann.room, "left", "1")
    friend_bridge.peer(ann.room, "left", "2")
    assert ann.left_words().startswith("Ben and Cy have left the game, and this deal cannot go on without "
                                       "their devices: only they unlock their cards. You can wait for them")
    friend_bridge.peer(ann.room, "joined", "1")
    assert ann.status == "left" and ann.left_words().startswith("Cy has left the game")
    assert [w for _, _, w in ann.friends()] == ["Ben has joined", "Cy has left the game"]


def test_a_page_that_could_not_say_whose_is_a_friends_page(three):
    ann = three[0]
    friend_bridge.peer(ann.room, "left")
    assert ann.status == "left"
    assert ann.left_words().startswith(
        "A friend's page has left the game, and this deal cannot go on without that device: only it unlocks "
        "that friend's cards. You can wait for that friend to come back")


def test_the_page_may_name_only_devices_0_to_3(three):
    ann = three[0]
    said = friend_bridge.peer(ann.room, "left", "4")
    assert said == "The page named a friend's device that is not 0, 1, 2 or 3." and ann.status == "joined"
    assert friend_bridge.peer(ann.room, "left", 2) == said  # a number, not the page's text
    friend_bridge.peer(ann.room, "left", "0")  # this device itself: nobody is named gone
    assert ann.gone == set()


def test_the_panel_says_what_the_others_can_do_at_three_and_what_it_said_at_two(three):
    ann = three[0]
    friend_bridge.peer(ann.room, "left", "2")
    shown = state_html(ann)
    assert "Cy has left the game</div>" in shown and "Ben has joined" in shown
    assert ("or finish the game here against the computer (it plays every seat not played on this device, "
            "and this deal starts again with new cards), or save it") in shown
    hub, (maker, ben) = table(("here", "friend"), ("Ann", "Ben"), seed=12)
    hub.settle()
    friend_bridge.peer(maker.room, "left", "1")
    assert maker.left_words() == f"Ben has left the game: {LEFT_WORDS}"
    assert LEFT_WORDS[:1].upper() + LEFT_WORDS[1:] in state_html(maker)
    friend_bridge.peer(maker.room, "joined", "1")
    assert maker.status == "joined"
    for game in (maker, ben):
        friend_bridge.unregister(game)


def test_partners_two_people_at_the_makers_device_are_named_together():
    hub, games = table(*FOUR, seed=13)
    hub.settle()
    dee = games[2]
    friend_bridge.peer(dee.room, "left", "0")
    assert dee.left_words().startswith("Ann and Cal have left the game, and this deal cannot go on without "
                                       "Ann and Cal's device: only it unlocks Ann and Cal's cards.")
    for game in games:
        friend_bridge.unregister(game)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["joined", "left"]), st.sampled_from([None, "1", "2"])),
                max_size=12))
def test_each_friend_is_gone_exactly_when_the_page_last_said_so(calls):
    hub, games = table(*THREE, seed=14)
    hub.settle()
    ann = games[0]
    last: dict[int, str] = {}
    unnamed_left = False
    for state, device in calls:
        friend_bridge.peer(ann.room, state, device)
        if device is None:
            unnamed_left = state == "left"
        else:
            last[int(device)] = state
            unnamed_left = unnamed_left and state == "left"
    gone = {d for d, s in last.items() if s == "left"}
    assert {d for d in (1, 2) if ann.device_status(d) == "left"} == gone
    assert (ann.status == "left") == bool(gone or unnamed_left)
    names = [n for d, n in ((1, "Ben"), (2, "Cy")) if d in gone]
    if ann.status == "left":
        assert ann.left_words().startswith(" and ".join(names) or "A friend's page")
    for game in games:
        friend_bridge.unregister(game)


def test_at_a_table_of_three_a_closed_tab_is_named_on_the_tables_and_then_back(monkeypatch):
    """Through the game tables: Cy's page goes (the page names device 2), Ann's table says so and what
    she can do; Cy's page is back, and nothing says Cy has left any more."""
    use_small_group(monkeypatch)
    tables = made_three(monkeypatch)
    ann, panel = tables[0], tables[0].friend_panel
    relay(*tables)
    assert all(isinstance(t.table, FriendTable) for t in tables)
    room = panel.flow.room
    try:
        friend_bridge.peer(room, "left", "2")  # Cy closed the tab: the page says which device went
        said = ann.status_text + html.unescape(panel.state_view.value)
        assert "Cy has left the game, and this deal cannot go on without Cy's device" in said
        assert "A friend's page" not in said and "Ben has joined" in panel.state_view.value
        assert not panel.computer_button.layout.display and not panel.save_button.layout.display
        friend_bridge.peer(room, "joined")
        friend_bridge.peer(room, "joined", "2")  # Cy's page is back: its first message named it
        assert "Cy has joined" in panel.state_view.value
        assert "has left" not in ann.status_text + html.unescape(panel.state_view.value)
        assert panel.computer_button.layout.display == "none"
    finally:
        for t in tables:
            friend_bridge.unregister(t.friend_panel.flow)


def test_a_friend_who_pressed_leave_is_not_waited_for(three):
    ann, _, cy = three
    cy.end()  # Cy pressed Leave this game: their game is over on their device, nothing comes back
    friend_bridge.deliver(ann.room, b64(cy.sent[-1][1]))
    assert ann.device_status(2) == "left" and ann.status == "left"
    words = ann.left_words()
    assert words.startswith("Cy has left the game, and this deal cannot go on without Cy's device: only it "
                            "unlocks Cy's cards. You can finish the game here against the computer")
    assert "wait" not in words


def test_a_link_to_a_game_left_on_this_device_does_not_join_it_again(three):
    """Cy pressed Leave, then opens the same link again in the same browser: a new player at Cy's
    device would send messages the others already have under other texts, and stop the game for
    everyone; the page says to ask for a new link instead, and the others play on."""
    ann, ben, cy = three
    cy.end()
    environ = {"CRIB_GAMES": json.dumps({cy.keep: cy.keep_text()}), "CRIB_FRIEND": cy.link.code}
    back, note = come_back(cy.keep, environ, GROUP)
    assert back is None and friend_bridge.games(ann.room) == [ann, ben]
    assert note == ("You left this game with Ann on this device, so its link no longer opens it: to play "
                    "again, ask Ann for a new link.")
    assert not ann.stopped and not ben.stopped
    # a marker kept before it named its room, or another game's link: as before
    old = {"CRIB_GAMES": json.dumps({cy.keep: '{"v": 1, "done": true}'}), "CRIB_FRIEND": cy.link.code}
    again, note = come_back(cy.keep, old, GROUP)
    assert again is not None and note == ""
    friend_bridge.unregister(again)
