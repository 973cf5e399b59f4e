"""The bridge the page's transport calls (issue 39): `deliver`, `peer` and `relay_failed` never
raise; hostile base64, a room this page does not play, a huge message, a hostile sentence are
each one sentence, said in the panel, and change nothing of the game."""

from __future__ import annotations

import base64

import pytest
from friend_play import GROUP, b64, sent
from hypothesis import given, settings
from hypothesis import strategies as st

from crib_widgets.table import friend_bridge
from crib_widgets.table.friend import FriendGame
from crib_widgets.table.friend_bridge import MAX_MESSAGE, deliver, elsewhere, peer, relay_failed, relay_open
from crib_widgets.table.friend_stops import ELSEWHERE_TAB


@pytest.fixture
def ann():
    game = FriendGame.make(names=("Ann", "Ben"), group=GROUP, dealer=0)
    yield game
    friend_bridge.unregister(game)


def state(game: FriendGame) -> tuple:
    return game.session.to_state(), game.count, game.status, game.stopped


@pytest.mark.parametrize("b64_text", [
    None, 12, ["a"], "", "not base64!", "QUJD\n", "QQ", "////",
    base64.b64encode(b"\xff\xfe\xfd").decode(),  # not UTF-8
    "A" * (4 * (MAX_MESSAGE // 3) + 8),  # more than 256 KB
    b64("x" * (MAX_MESSAGE + 1)),  # the page cuts a long message to 256 KB and one byte
])
def test_hostile_base64_is_one_sentence(ann, b64_text):
    before = state(ann)
    said = deliver(ann.room, b64_text)
    assert said.startswith("A message was set aside: ") or said.startswith(
        "A message that is not part of this game was set aside: "), said
    assert said.endswith(".") and "\n" not in said and ann.note == said
    assert state(ann) == before


def test_a_huge_message_is_refused_by_the_wire_in_one_sentence(ann):
    before = state(ann)
    said = deliver(ann.room, b64('{"crib": "remote", "pad": "' + "x" * 200_000 + '"}'))
    assert said.startswith("A message that is not part of this game was set aside: ")
    assert len(said) < 300 and state(ann) == before


@pytest.mark.parametrize("room", [None, 5, "", "short", "a" * 65, "room with spaces aaaaaa", "r" * 22 + "!"])
def test_a_room_that_is_not_a_room_is_one_sentence(ann, room):
    for said in (deliver(room, b64("{}")), peer(room, "joined"), relay_failed(room, "down")):
        assert said == "A message was set aside: its room is not 16 to 64 letters and digits."
    assert state(ann)[2] == "waiting" and ann.note == ""


def test_an_unknown_room_is_one_sentence(ann):
    other = "Z" * 22
    for said in (deliver(other, b64("{}")), peer(other, "left"), relay_failed(other, "down")):
        assert said == "A message was set aside: it came for a game this page is not playing."
    assert ann.status == "waiting" and ann.note == ""


def test_peer_joined_and_left(ann):
    seen = []
    ann.listeners.append(lambda: seen.append(ann.status))
    count = ann.count
    assert peer(ann.room, "joined") == "" and ann.status == "joined"
    assert ann.status_words() == "Ben has joined"
    assert ann.count == count + 1 and '"kind":"ack"' in sent(ann)[-1][1]  # what Ben lacks comes again
    assert peer(ann.room, "left") == "" and ann.status == "left"
    assert ann.status_words() == "Ben has left the game"
    assert seen == ["joined", "left"]
    said = peer(ann.room, "<b>")
    assert said == "The page said something about your friend that is neither joined nor left."
    assert ann.status == "left"


@pytest.mark.parametrize(("sentence", "said"), [
    ("The relay cannot be reached.", "The relay cannot be reached."),
    (None, "The relay cannot be reached."),
    ("bad \x00 char", "The relay cannot be reached."),
    ("two\nlines", "two lines"),
    ("x" * 5000, "x" * 300),
])
def test_relay_failed_is_said_in_one_sentence(ann, sentence, said):
    assert relay_failed(ann.room, sentence) == said and ann.note == said
    assert ann.status == "waiting" and not ann.stopped


def test_the_relays_open_are_shown_and_a_bad_one_is_one_sentence(ann):
    assert ann.relay_now() == "Connecting through the public relays"
    relay_failed(ann.room, "None of the public relays can be reached.")
    assert relay_open(ann.room, "wss://tracker.webtorrent.dev wss://open.ftorrent.com/announce") == ""
    assert ann.relay_now() == ("Connected through the public relays (tracker.webtorrent.dev, "
                               "open.ftorrent.com)")
    assert ann.note == ""
    for bad in (None, "", "https://x.org", "wss://a b\"c", "wss://x " * 11, "wss://" + "a" * 3000):
        assert relay_open(ann.room, bad) == "The page named a relay that is not a wss:// address."
    assert ann.relays == ("wss://tracker.webtorrent.dev", "wss://open.ftorrent.com/announce")


def test_the_hidden_element_follows_the_contract(ann):
    html = ann.out_html()
    assert html.startswith(f'<pre class="crib-friend-text" data-room="{ann.room}" data-relay="" data-n="1">')
    assert sent(ann)[0][0] == 1 and '"kind":"hello"' in sent(ann)[0][1]
    relayed = FriendGame.make(names=("Ann", "Ben"), relay="ws://127.0.0.1:8765", group=GROUP)
    assert 'data-relay="ws://127.0.0.1:8765"' in relayed.out_html()
    friend_bridge.unregister(relayed)


@settings(max_examples=150, deadline=None)
@given(st.one_of(st.text(max_size=300), st.binary(max_size=300).map(lambda b: base64.b64encode(b).decode())))
def test_anything_delivered_never_raises_and_changes_nothing(b64_text):
    game = FriendGame.make(names=("Ann", "Ben"), group=GROUP, dealer=0)
    try:
        before = state(game)
        said = deliver(game.room, b64_text)
        assert isinstance(said, str) and "\n" not in said
        assert state(game) == before
    finally:
        friend_bridge.unregister(game)


def test_a_page_told_another_tab_has_its_game_keeps_out_and_says_where_it_is_played(ann):
    """lib/friend.js: a tab that cannot have the room's lock (another tab of this browser plays the
    game) joins nothing and tells Python, which keeps out: nothing more to send, no move to offer."""
    count = ann.count
    assert elsewhere(ann.room, "") == ELSEWHERE_TAB.format(friend="Ben") == ann.stopped
    assert ann.stopped == ("Your game with Ben is already open in another tab of this browser: play it "
                           "there. To play it here instead, close that tab and reload this page.")
    assert ann.session.stop_cause == "elsewhere" and ann.legal_moves() == [] and ann.count == count
    ann.tick()
    assert ann.count == count and elsewhere(ann.room, "") == ann.stopped  # told twice: the same
    assert elsewhere("Z" * 22, "") == "A message was set aside: it came for a game this page is not playing."
