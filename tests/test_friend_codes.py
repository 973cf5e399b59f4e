"""Play a friend with no relay: two codes swapped by hand (crib_widgets/table/friend_codes.py), the
game then played exactly as through a relay; a reload asks for a new pair of codes and the game goes
on from what both pages kept. The page's side of the codes (making and reading them) is tested by
lite/runtime/test/friend_codes.test.mjs; here the page is played by `CodesPage`, as lib/friend.js
plays it over lib/friend_direct.js."""

from __future__ import annotations

import html
import json
import random
import re

import pytest
from friend_play import GROUP, Page, b64, play
from hypothesis import given, settings
from hypothesis import strategies as st

from crib_widgets.errors import CribbageError
from crib_widgets.remote.channel import Hub, Weather
from crib_widgets.table import friend_bridge
from crib_widgets.table.friend import FriendGame
from crib_widgets.table.friend_codes import (
    MAX_TYPED,
    OTHER_GAME,
    ROUTE_WORDS,
    check_typed,
    codes_html,
    link_in,
    link_message,
)
from crib_widgets.table.friend_join import CodesJoin
from crib_widgets.table.friend_keep import come_back
from crib_widgets.table.friend_link import FriendLink

_PRE = re.compile(r'<pre class="crib-friend-text" data-room="(?P<room>[A-Za-z0-9_-]+)" data-relay="" '
                  r'data-codes="(?P<codes>make|take)" data-typed="(?P<typed>[^"]*)" data-n="(?P<n>[0-9]+)">'
                  r"(?P<json>.*)</pre>", re.S)
OFFER = "80C5 1260 Z4RP K8ET 2958 5EQK 5DHS QN0C 8HYB 9V95 BPAW W1HY ETQE 0S"
ANSWER = "D00R 7H87 8T4C M32F J79H AN4P V0D5 V7Z1 4DHA 9SH8 DEPY YCBG PBT3 CW00 020B NKWM"
KEEP = "full-game-friend"


def element(flow: FriendGame | CodesJoin) -> dict[str, object]:
    """The hidden element as the page reads it."""
    found = _PRE.fullmatch(flow.out_html())
    assert found is not None, flow.out_html()[:300]
    return {"room": found["room"], "codes": found["codes"], "typed": html.unescape(found["typed"]),
            "messages": json.loads(html.unescape(found["json"]))}


class CodesPage(Page):
    """One page of a game joined by codes: what its element shows above the last number sent goes
    out (lib/friend.js over lib/friend_direct.js)."""

    @property
    def outbox(self) -> list[tuple[int | None, str]]:
        new = [(n, t) for n, t in element(self.game)["messages"] if n > self.last]
        if new:
            self.last = new[-1][0]
        return [(None, t) for _, t in new]

    @outbox.setter
    def outbox(self, value: list[tuple[int | None, str]]) -> None:
        pass


def connect(maker: FriendGame, friend: FriendGame | CodesJoin) -> None:
    """The channel opens: each page is told the friend joined, and sends the other every message its
    element holds (the link first, numbered 0, from the maker's)."""
    for flow in (maker, friend):
        assert friend_bridge.peer(flow.room, "joined") == ""
    for text in [t for _, t in element(maker)["messages"]]:
        assert friend_bridge.deliver(friend.room, b64(text)) == ""
    joined = friend.game if isinstance(friend, CodesJoin) else friend
    assert joined is not None
    for text in [t for _, t in element(joined)["messages"]]:
        assert friend_bridge.deliver(maker.room, b64(text)) == ""


def swap(maker: FriendGame, friend: FriendGame | CodesJoin | None = None) -> FriendGame:
    """The two codes swapped, as two people do it: the maker's page shows its code, the friend types
    it (a `CodesJoin` when their page knows no game yet), their page shows its own, the maker types
    that; then the channel opens. Returns the friend's game."""
    assert friend_bridge.codes_shown(maker.room, OFFER) == ""
    assert maker.shown == OFFER and element(maker)["codes"] == "make"
    if friend is None:
        friend = CodesJoin(OFFER.lower(), KEEP, GROUP)
    else:
        assert friend.type_code(OFFER) == ""
    assert str(element(friend)["typed"]).upper() == OFFER and element(friend)["codes"] == "take"
    assert friend_bridge.codes_shown(friend.room, ANSWER) == ""
    assert maker.type_code(f"  {ANSWER}\n") == "" and element(maker)["typed"] == ANSWER
    connect(maker, friend)
    game = friend.game if isinstance(friend, CodesJoin) else friend
    assert isinstance(game, FriendGame) and game.codes == "take" and game.room == friend.room
    return game


def make() -> FriendGame:
    return FriendGame.make(names=("Ann", "Ben"), group=GROUP, dealer=0, codes=True, keep=KEEP)


def test_two_codes_join_a_game_played_to_the_end_as_through_a_relay():
    ann = make()
    ben = swap(ann)
    assert (ann.status, ben.status) == ("joined", "joined")
    assert ann.relay_now() == ben.relay_now() == ROUTE_WORDS
    assert ben.link.names == ("Ann", "Ben") and ben.seat == 1
    hub = Hub([CodesPage(ann), CodesPage(ben)], random.Random(3), Weather())  # type: ignore[list-item]
    for page in hub.sessions:  # everything sent so far went at the connection
        page.last = element(page.game)["messages"][-1][0]  # type: ignore[attr-defined]
    assert play(hub, random.Random(4)) > 20
    assert ann.session.is_over and ben.session.is_over and not ann.stopped and not ben.stopped
    assert ann.session.proved and ben.session.proved and ann.session.save() == ben.session.save()
    assert max(ann.session.kept_game().scores) >= 61
    assert all(not p.said for p in hub.sessions)


def test_a_reload_asks_for_a_new_pair_of_codes_and_the_game_goes_on_from_what_both_kept():
    ann = make()
    ben = swap(ann)
    hub = Hub([CodesPage(ann), CodesPage(ben)], random.Random(5), Weather())  # type: ignore[list-item]
    for page in hub.sessions:
        page.last = element(page.game)["messages"][-1][0]  # type: ignore[attr-defined]
    play(hub, random.Random(6), moves=9)
    hands = [g.engine.hands[g.seat] for g in (ann, ben)]  # type: ignore[union-attr]
    # Ann reloads: her page comes back from what it kept, with no code typed; Ben's loses the channel
    environ = {"CRIB_GAMES": json.dumps({KEEP: ann.keep_text()})}
    ann2, note = come_back(KEEP, environ, GROUP)
    assert note == "" and ann2 is not None and ann2 is not ann
    assert (ann2.codes, element(ann2)["typed"], ann2.shown, ann2.status) == ("make", "", "", "waiting")
    assert ann2.status_words() == "Waiting for Ben's device: swap the two codes below"
    assert friend_bridge.peer(ben.room, "left") == ""
    assert ben.typed == ben.shown == "" and ben.status == "left"
    # a new pair of codes, and both go on where they were
    assert swap(ann2, ben) is ben
    assert [g.engine.hands[g.seat] for g in (ann2, ben)] == hands  # type: ignore[union-attr]
    hub = Hub([CodesPage(ann2), CodesPage(ben)], random.Random(7), Weather())  # type: ignore[list-item]
    for page in hub.sessions:
        page.last = element(page.game)["messages"][-1][0]  # type: ignore[attr-defined]
    play(hub, random.Random(8))
    assert ann2.session.save() == ben.session.save()
    assert ann2.session.is_over and ben.session.is_over and not ann2.stopped and not ben.stopped
    # and Ben's page too: it kept its game, and takes the next code typed
    ben2, note = come_back(KEEP, {"CRIB_GAMES": json.dumps({KEEP: ben.keep_text()})}, GROUP)
    assert note == "" and ben2 is not None and (ben2.codes, element(ben2)["typed"]) == ("take", "")


def test_the_codes_shown_and_typed_follow_the_connection():
    ann = make()
    assert element(ann)["messages"][0] == [0, link_message(ann.link)]  # type: ignore[index]
    assert "Making this page's code" in codes_html("make", ann.shown)
    friend_bridge.codes_shown(ann.room, ANSWER)
    ann.type_code(OFFER)
    friend_bridge.codes_shown(ann.room, OFFER)  # a new code (a lost connection): the answer typed is void
    assert (ann.shown, ann.typed) == (OFFER, "")
    assert OFFER in codes_html("make", OFFER) and "Use the code" in codes_html("make", OFFER)
    assert "Ben's device" in codes_html("take", ANSWER, "Ben")
    # what the page cannot read is said in one sentence, the page's words
    said = friend_bridge.codes_failed(ann.room, "This code has a mistake in it:\n check it.")
    assert said == ann.note == "This code has a mistake in it: check it."
    assert friend_bridge.codes_failed(ann.room, "\x00") == "The code could not be used."
    assert friend_bridge.codes_shown(ann.room, "<b>") == ann.note != ""
    assert ann.shown == OFFER


@pytest.mark.parametrize(("typed", "said"), [
    ("", "Type the code your friend's page shows first."),
    ("7" * (MAX_TYPED + 1), "That is longer than any code"),
    ("7K2M\x07", "A code has only digits and the letters A to Z, not an invisible character."),
])
def test_a_code_typed_that_cannot_be_one_is_one_sentence_and_changes_nothing(typed, said):
    ann = make()
    friend_bridge.codes_shown(ann.room, OFFER)
    ann.type_code(ANSWER)
    before = ann.out_html()
    assert ann.type_code(typed).startswith(said)
    assert ann.out_html() == before and ann.note.startswith(said)
    with pytest.raises(CribbageError):
        CodesJoin(typed)


def test_the_first_message_brings_the_game_and_only_this_game():
    ann = make()
    ben = swap(ann)
    assert link_in(link_message(ann.link)) == ann.link.for_device(1)
    assert friend_bridge.deliver(ben.room, b64(link_message(ann.link))) == ""  # sent again at a rejoin
    other = FriendLink.new(names=("Cy", "Dee"))
    assert friend_bridge.deliver(ben.room, b64(link_message(other))) == OTHER_GAME
    with pytest.raises(CribbageError):
        link_in('{"crib":"crib-codes-link","code":"%%%"}')
    # a friend's page that knows no game yet: a damaged first message is set aside in one sentence
    joining = CodesJoin(OFFER)
    said = friend_bridge.deliver(joining.room, b64('{"crib":"crib-codes-link","code":"%%%"}'))
    assert said.startswith("A message that is not part of this game was set aside") and joining.game is None
    joining.end()


def test_codes_join_two_devices_only():
    with pytest.raises(CribbageError, match="codes swapped by hand join two devices"):
        FriendGame.make(names=("Ann", "Ben", "Cy"), seats=("here", "friend", "friend"), codes=True)
    three = FriendLink.new(names=("Ann", "Ben", "Cy"), seats=("here", "friend", "friend"))
    joining = CodesJoin(OFFER)
    assert "two devices only" in friend_bridge.deliver(joining.room, b64(link_message(three)))
    assert joining.game is None
    joining.end()


def test_a_game_by_codes_ignores_the_relay_typed():
    ann = FriendGame.make(names=("Ann", "Ben"), relay="wss://relay.example.org", codes=True)
    assert ann.link.relay == "" and 'data-relay=""' in ann.out_html()


@settings(max_examples=60, deadline=None)
@given(st.text(max_size=300), st.sampled_from(["codes_shown", "codes_failed"]))
def test_whatever_the_page_says_of_codes_never_raises(text, call):
    ann = make()
    said = getattr(friend_bridge, call)(ann.room, text)
    assert isinstance(said, str)
    assert check_typed("  7k2m  q8tv ") == "7k2m q8tv"


@pytest.mark.parametrize("codes", ["both", 1, ["make"], ""])
def test_a_kept_game_whose_codes_are_not_make_or_take_is_set_aside_in_one_sentence(codes):
    ann = make()
    kept = json.loads(ann.keep_text())
    kept["codes"] = codes
    game, note = come_back(KEEP, {"CRIB_GAMES": json.dumps({KEEP: json.dumps(kept)})}, GROUP)
    assert game is None and note.startswith("The game with a friend kept in this browser could not")
