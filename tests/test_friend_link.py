"""The friend's link (issue 39): it carries the room, the options, the names and the relay, and
comes back the same; a damaged or hostile code is refused in one sentence, never a traceback."""

from __future__ import annotations

import base64
import json
import string

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from crib_widgets.errors import CribbageError
from crib_widgets.table.friend_link import MAX_CODE, FriendLink, check_relay, read_code, relay_words

NAMES = st.text(string.ascii_letters + "éøß ", min_size=1, max_size=24).filter(lambda n: n.strip())
RELAYS = st.sampled_from(["", "wss://relay.myschool.org", "ws://127.0.0.1:8765", "wss://a.b/c/d-e_f"])


def code_of(data: dict) -> str:
    return base64.urlsafe_b64encode(json.dumps(data).encode()).decode().rstrip("=")


def good() -> dict:
    return json.loads(base64.urlsafe_b64decode(FriendLink.new().code + "==="))


def assert_one_sentence(error: CribbageError) -> None:
    words = str(error)
    assert words.startswith("this friend's link is damaged (") and words.endswith("again")
    assert "\n" not in words and len(words) < 300


@settings(max_examples=60, deadline=None)
@given(target=st.sampled_from([61, 121]), muggins=st.booleans(), relay=RELAYS,
       names=st.lists(NAMES, min_size=2, max_size=2, unique_by=lambda n: n.strip().casefold()))
def test_a_link_comes_back_the_same(target, muggins, relay, names):
    link = FriendLink.new(target=target, muggins=muggins, relay=relay, names=names)
    url = link.url("https://example.org/book/15_full_game.html#somewhere")
    assert url.startswith("https://example.org/book/15_full_game.html#friend=")
    assert len(link.code) <= MAX_CODE and set(link.code) <= set(string.ascii_letters + string.digits + "-_")
    assert read_code(url) == link == read_code(link.code)
    assert len(link.room) >= 22 and len(link.game_id) == 16 and link.device == 1


def test_every_link_has_its_own_room():
    rooms = {FriendLink.new().room for _ in range(200)}
    assert len(rooms) == 200


@pytest.mark.parametrize(("change", "words"), [
    ({"v": 2}, "not a link to a game with a friend"),
    ({"room": "short"}, "room"),
    ({"room": "a" * 21}, "room"),
    ({"room": "<script>alert(1)</script>aaaaaaaaa"}, "room"),
    ({"to": 62}, "61 or 121"),
    ({"to": 61.0}, "61 or 121"),
    ({"to": True}, "61 or 121"),
    ({"mug": "yes"}, "true or false"),
    ({"dev": 0}, "device"),
    ({"dev": 3}, "device"),
    ({"relay": "https://example.org"}, "wss://"),
    ({"relay": "wss://a b"}, "wss://"),
    ({"relay": 'wss://a"onload=x'}, "wss://"),
    ({"names": ["Ann"]}, "2 names"),
    ({"names": ["Ann", "ann"]}, "both called"),
    ({"names": ["Ann", ""]}, "name"),
    ({"extra": 1}, "not a link to a game with a friend"),
])
def test_a_changed_code_is_refused_in_one_sentence(change, words):
    data = {**good(), **change}
    with pytest.raises(CribbageError) as caught:
        read_code(code_of(data))
    assert words in str(caught.value)
    assert_one_sentence(caught.value)


@pytest.mark.parametrize("text", [
    None, 7, "", "   ", "%%%", "#friend=", "a", "abc=", "!" * 10, "A" * (MAX_CODE + 1),
    base64.urlsafe_b64encode(b"\xff\xfe\x00").decode(), code_of([1, 2]),  # not UTF-8; not an object
    base64.urlsafe_b64encode(b'{"v": 1, "room": "\\ud800"}').decode().rstrip("="),  # half a character
    base64.urlsafe_b64encode(b"[" * 300).decode().rstrip("="),  # a nesting bomb
])
def test_a_damaged_code_is_refused_in_one_sentence(text):
    with pytest.raises(CribbageError) as caught:
        read_code(text)
    assert_one_sentence(caught.value)


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.text(max_size=500), st.text(string.ascii_letters + string.digits + "-_", max_size=500)))
def test_any_text_is_a_link_or_one_sentence(text):
    try:
        link = read_code(text)
    except CribbageError as error:
        assert_one_sentence(error)
    else:
        assert read_code(link.code) == link


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_a_code_changed_anywhere_is_refused_or_still_a_whole_link(data):
    code = FriendLink.new(relay="wss://relay.myschool.org", names=("Ann", "Ben")).code
    at = data.draw(st.integers(0, len(code) - 1))
    other = data.draw(st.sampled_from(string.ascii_letters + string.digits + "-_"))
    changed = code[:at] + other + code[at + 1:]
    try:
        link = read_code(changed)
    except CribbageError as error:
        assert_one_sentence(error)
    else:  # a change that still reads is a whole link (a room or a name a letter apart)
        assert read_code(link.code) == link


def test_bad_options_are_refused_when_the_link_is_made():
    with pytest.raises(CribbageError, match="61 or 121"):
        FriendLink.new(target=100)
    with pytest.raises(CribbageError, match="wss://"):
        FriendLink.new(relay="http://relay.example.org")
    with pytest.raises(CribbageError, match="both called"):
        FriendLink.new(names=("Ann", "ANN"))
    with pytest.raises(CribbageError, match="too long for a link"):
        FriendLink.new(names=("😀" * 24, "🙂" * 24), relay="wss://" + "a" * 50 + ".b/" + "c" * 30)


def test_the_relay_in_words():
    assert check_relay("  ") == "" and check_relay(None) == ""
    assert check_relay(" wss://relay.myschool.org ") == "wss://relay.myschool.org"
    assert relay_words("") == "the public relays"
    assert relay_words("wss://relay.myschool.org") == "the relay at wss://relay.myschool.org"
