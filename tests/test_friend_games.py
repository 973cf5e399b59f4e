"""Play a friend (issue 39): two devices' `FriendGame`s joined by the in-memory network play whole
games, every message passing as the page passes it (the hidden element out, the bridge in, as
base64); a reload mid-deal carries on; a friend who leaves is shown, and the game is finished
against the computer; a hostile message is refused, a tampered one stops the game in one sentence
with the game so far kept."""

from __future__ import annotations

import json
import random

import pytest
from friend_play import GROUP, b64, game_of, pair, play, reload, sent
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from crib_widgets.game import Game
from crib_widgets.remote.channel import Weather
from crib_widgets.table import Table, friend_bridge
from crib_widgets.table.friend import JOINED_MAKERS, LEFT_WORDS, MAKER_HERE, STATUSES, FriendGame, agree
from crib_widgets.table.friend_keep import come_back


def finished(hub) -> None:
    ann, ben = game_of(hub, 0), game_of(hub, 1)
    assert not ann.stopped and not ben.stopped, (ann.stopped, ben.stopped)
    assert ann.session.is_over and ben.session.is_over and ann.session.proved and ben.session.proved
    kept = ann.session.kept_game()
    assert kept.is_over and max(kept.scores) >= 61
    assert ann.session.save() == ben.session.save()
    assert all(not p.said for p in hub.sessions)


def test_a_whole_game_to_61_through_the_bridge():
    hub, ann, ben = pair(seed=3)
    hub.settle()
    assert (ann.status, ben.status) == ("joined", "joined")
    assert ann.seat == 0 and ben.seat == 1 and ann.friend == "Ben" and ben.friend == "Ann"
    assert isinstance(ann.session.hand(0), tuple) and ann.session.hand(1) == 6  # Ben's cards face down
    play(hub, random.Random(3))
    finished(hub)
    assert ann.waiting_for() is None and ann.legal_moves() == []


@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), drop=st.floats(0, 0.25), repeat=st.floats(0, 0.25))
def test_a_whole_game_on_a_bad_network(seed, drop, repeat):
    hub, _, _ = pair(seed=seed, weather=Weather(drop, repeat, 0.3))
    play(hub, random.Random(seed))
    finished(hub)


@pytest.mark.parametrize("device", [0, 1])
def test_a_reload_mid_deal_continues_where_it_was(device):
    hub, _, _ = pair(seed=7 + device)
    moments = {3, 12, 30}  # in the throw, in the play, in a later deal

    def now(h, n):
        if n in moments:
            before = game_of(h, device).session.save()
            back = reload(h, device)
            assert back.session.save() == before and back.count >= 1

    play(hub, random.Random(7), each=now)
    finished(hub)


def test_a_reload_before_the_friend_opens_the_link_waits_for_them():
    hub, ann, _ = pair(seed=2)
    back = reload(hub, 0)  # nothing delivered yet: the hello is kept and sent again
    assert back.status == "waiting" and sent(back)[0][1] == sent(ann)[0][1]
    play(hub, random.Random(2))
    finished(hub)


def test_each_device_s_log_calls_its_own_player_you():
    """The two friends' walk-through: Ann's log said "Ann lays 2 cards in the crib" under "Your deal".
    Each device's sentences call its own player "You", as a game against the computer does; the game
    both devices keep (and check against each other) keeps the names chosen."""
    hub, ann, ben = pair(seed=3)
    play(hub, random.Random(3), moves=30)
    mine, theirs = [e.text for e in ann.events], [e.text for e in ben.events]
    assert any(t.startswith("You ") for t in mine) and not any(t.startswith("Ann ") for t in mine)
    assert any(t.startswith("Ann ") for t in theirs) and not any(t.startswith("Ben ") for t in theirs)
    assert ann.engine.names == ("You", "Ben") and ben.engine.names == ("Ann", "You")
    assert ann.session.save() == ben.session.save() and '"names":["Ann","Ben"]' in ann.session.save()


def test_a_friend_who_leaves_is_shown_and_the_game_finished_against_the_computer():
    hub, ann, ben = pair(seed=5)
    rng = random.Random(5)
    play(hub, rng, moves=40)
    friend_bridge.peer(ann.room, "left")
    assert ann.status == "left" and ann.status_words() == "Ben has left the game"
    assert ann.waiting_for() == ann.left_words() == f"Ben has left the game: {LEFT_WORDS}"  # one wording
    saved = Table.from_json(ann.save())
    assert saved.people == (0,) and saved.game.names == ("You", "Ben")  # Ann's table calls her "You"
    table = ann.against_computer("beginner", seed=4)
    assert ann.finished == "computer" and ann.legal_moves() == [] and friend_bridge.games(ann.room) == [ben]
    assert table.people == (0,) and table.game.scores == saved.game.scores
    game = table.play_out_people(lambda t, moves: rng.choice(moves))
    assert game.is_over and max(game.scores) >= 61
    hub.settle()
    assert ben.session.left == {0} and ben.status == "left"
    assert json.loads(ann.keep_text()) == {"v": 1, "done": True, "room": ann.room}
    back, note = come_back(ann.keep, {"CRIB_GAMES": json.dumps({ann.keep: ann.keep_text()})}, GROUP)
    assert back is None and note == ""


def test_a_friend_who_comes_back_is_joined_again():
    hub, ann, _ = pair(seed=6)
    play(hub, random.Random(6), moves=10)
    friend_bridge.peer(ann.room, "left")
    friend_bridge.peer(ann.room, "joined")
    assert ann.status == "joined" and not (ann.waiting_for() or "").startswith("Ben left")
    play(hub, random.Random(6))
    finished(hub)


def test_a_hostile_message_is_refused_and_changes_nothing():
    hub, ann, _ = pair(seed=9)
    play(hub, random.Random(9), moves=8)
    before = (ann.session.save(), ann.count, [e.text for e in ann.events])
    said = friend_bridge.deliver(ann.room, b64('{"crib": "remote", "v": 1, "kind": "move"}'))
    assert said.startswith("A message that is not part of this game was set aside: ")
    assert said.count(". ") == 0
    assert ann.note == said and not ann.stopped
    assert (ann.session.save(), ann.count, [e.text for e in ann.events]) == before
    play(hub, random.Random(9))
    finished_but_said = [p.said for p in hub.sessions]
    assert not ann.stopped and ann.session.is_over, finished_but_said


def test_a_tampered_message_stops_the_game_in_one_sentence_the_game_kept():
    hub, ann, ben = pair(seed=10)
    play(hub, random.Random(10), moves=30)
    hub.settle()  # every message taken in: the changed one comes under a number already taken
    deals_before = Game.from_json(ann.session.save()).deal_number
    own = [t for _, t in sent(ben) if json.loads(t)["seq"]]
    changed = json.loads(own[-1])
    changed["body"] = {"why": ""} if changed["kind"] != "leave" else {"why": "x"}
    changed["kind"] = "leave"
    said = friend_bridge.deliver(ann.room, b64(json.dumps(changed, sort_keys=True, separators=(",", ":"))))
    assert said.startswith("A message from Ben's device was changed on the way") and "\n" not in said
    assert ann.stopped == said and ann.legal_moves() == [] and ann.play(ann.session.legal_moves()[0]
                                                                          if ann.session.legal_moves()
                                                                          else None) == said
    assert Game.from_json(ann.session.save()).deal_number == deals_before  # the game so far is kept
    assert Table.from_json(ann.save()).people == (0,)
    hub.settle()
    assert ben.stopped.startswith("Ann's device found something wrong and stopped the game")


def test_a_link_offering_another_game_than_its_hello_stops_the_friend():
    ann = FriendGame.make(target=121, names=("Ann", "Ben"), group=GROUP, dealer=0)
    other = FriendGame.make(target=61, names=("Ann", "Ben"), group=GROUP, dealer=0)
    ben = FriendGame.join(other.link.code, group=GROUP)
    hello = json.loads(sent(ann)[0][1])
    hello["game"] = ben.session.game
    ben.deliver(json.dumps(hello, sort_keys=True, separators=(",", ":")))
    assert ben.stopped.startswith("The game Ann's page offered is not the game in the link")
    assert ben.legal_moves() == []


def test_muggins_is_played_between_devices():
    hub, ann, _ = pair(seed=12, muggins=True)
    play(hub, random.Random(12))
    finished(hub)
    assert ann.session.options.rules.muggins


def test_the_friend_who_opened_the_link_is_told_what_it_waits_for():
    _, ann, ben = pair(seed=13)
    assert ann.status_words() == "Waiting for Ben to open the link"
    assert ben.status_words() == "Looking for Ann's page: it has to be open for the game to start"


def test_a_move_the_rules_refuse_stops_the_game_in_one_sentence():
    hub, ann, ben = pair(seed=14)
    rng = random.Random(14)
    while not (ben.legal_moves() and ben.session.engine.phase == "play"
               and any(m.__class__.__name__ == "Play" for m in ben.legal_moves())):
        play(hub, rng, moves=1)
        hub.settle()
    deal = ben.session.played[0]
    go = {"deal": deal, "move": ["go", 1]}  # a go while Ben has a card to lay
    forged = ben.session._mail.compose("move", go).text
    said = friend_bridge.deliver(ann.room, b64(forged))
    assert said == ("Ben's device sent a move the rules do not allow, so the game is stopped here; the game "
                    "so far is kept.")
    assert "\n" not in said and ann.legal_moves() == [] and Table.from_json(ann.save()).people == (0,)


@pytest.mark.parametrize(("who", "joined", "left", "here"), [
    ("Ben", "Ben has joined", "Ben has left the game", "Ben is here"),
    ("Ann and Cal", "Ann and Cal have joined", "Ann and Cal have left the game", "Ann and Cal are here"),
])
def test_a_device_of_two_people_is_said_in_the_plural(who, joined, left, here):
    """Two people at one device (partners at four seats) or two friends: "have", "are"."""
    assert agree(STATUSES["joined"], who) == joined
    assert agree(STATUSES["left"], who) == left
    assert agree(MAKER_HERE, who) == here
    assert agree(JOINED_MAKERS, who).endswith(here)
