"""Play friends at a table of three or four seats (issue 39 item 5): each friend's device opens its
own link (same room, its own device number); the deal waits until every friend's device has joined;
whole games through the bridge (a 3-device game, a 4-device partners game with a computer seat);
a device reloaded mid-deal carries on; a friend who leaves is named, the game finished against the
computer or saved; a hostile message is refused in one sentence."""

from __future__ import annotations

import random

import pytest
from friend_play import b64, game_of, play, reload, table

from crib_widgets.errors import CribbageError
from crib_widgets.table import Table, friend_bridge
from crib_widgets.table.friend import FriendGame
from crib_widgets.table.friend_link import FriendLink, read_code

THREE = (("here", "friend", "friend"), ("Ann", "Ben", "Cy"))
FOUR = (("here", "friend", "computer", "friend"), ("Ann", "Ben", "Cal", "Dee"))


def finished(games: list[FriendGame]) -> None:
    assert not any(g.stopped for g in games), [g.stopped for g in games]
    assert all(g.session.is_over and g.session.proved for g in games)
    kept = games[0].session.kept_game()
    assert kept.is_over and max(kept.scores) >= 61
    assert len({g.session.save() for g in games}) == 1


def test_each_friend_has_a_link_to_the_same_room_with_their_own_device():
    ann = FriendGame.make(names=FOUR[1], seats=FOUR[0], group="test-160")
    links = [read_code(ann.url("https://e.org/p.html", d)) for d in (1, 2)]
    assert [link.device for link in links] == [1, 2] and {link.room for link in links} == {ann.room}
    assert links[0].devices == (0, 1, 0, 2) and links[0].computers == (False, False, True, False)
    assert ann.friend == "Ben and Dee" and ann.session.options.rules.partners
    with pytest.raises(CribbageError, match="devices are 1, 2, not 3"):
        ann.url("", 3)


def test_a_two_seat_link_is_the_same_as_before():
    link = FriendLink.new(names=("Ann", "Ben"))
    assert read_code(link.code) == link and link.devices == (0, 1)
    assert "devs" not in __import__("base64").urlsafe_b64decode(link.code + "===").decode()


@pytest.mark.parametrize("seats", [("friend", "here", "friend"), ("here", "computer", "here"),
                                   ("here", "friend", "goblin"), ("here",), ("here",) * 5])
def test_a_table_without_a_friend_or_with_an_unknown_seat_is_refused(seats):
    with pytest.raises(CribbageError):
        FriendLink.new(names=tuple("ABCDE"[: len(seats)]), seats=seats)


def test_the_deal_waits_until_every_friends_device_has_joined():
    hub, (ann, ben, cy) = table(*THREE, seed=2)
    friend_bridge.unregister(cy)  # Cy's page is not open yet (one Python holds every page here)
    hub.sessions.pop()
    while hub.step():
        pass
    assert ann.session.engine is None and ann.legal_moves() == [] and ben.session.engine is None
    assert ann.waiting_for() == "Waiting for Cy to join" and ann.status == "waiting"
    assert [words for _, _, words in ann.friends()] == ["Ben has joined", "Waiting for Cy to open the link"]
    friend_bridge.register(cy)  # Cy opens the link
    hub.sessions.append(type(hub.sessions[0])(cy))
    hub.flying.clear()
    ann.tick()
    ben.tick()
    hub.settle()
    assert ann.status == "joined" and ann.session.engine is not None


def test_a_whole_three_device_game_through_the_bridge():
    hub, games = table(*THREE, seed=3)
    play(hub, random.Random(3))
    finished(games)
    assert [g.seat for g in games] == [0, 1, 2]
    assert all(g.status == "joined" for g in games) and games[1].friend == "Ann and Cy"


def test_a_whole_four_device_partners_game_with_a_computer_seat():
    hub, games = table(*FOUR, seed=4)
    assert len(games) == 3
    play(hub, random.Random(4))
    finished(games)
    ann = games[0]
    assert ann.session.seats == (0, 2) and all(m.seat == 0 for m in ann.legal_moves())
    kept = ann.session.kept_game()
    assert kept.rules.partners and len(kept.scores) == 2


@pytest.mark.parametrize("device", [0, 2])
def test_a_reload_of_one_device_mid_deal_carries_on(device):
    hub, _ = table(*FOUR, seed=5 + device)

    def now(h, n):
        if n in (3, 14):
            before = game_of(h, device).session.save()
            assert reload(h, device).session.save() == before

    play(hub, random.Random(5), each=now)
    finished([game_of(hub, d) for d in range(3)])


def test_a_friend_who_leaves_is_named_and_the_game_finished_against_the_computer_or_saved():
    hub, (ann, _, cy) = table(*THREE, seed=6)
    rng = random.Random(6)
    play(hub, rng, moves=20)
    cy.end()
    hub.settle()
    assert ann.device_status(2) == "left" and ann.friends()[1][2] == "Cy has left the game"
    assert ann.waiting_for() == ann.left_words()  # one sentence for it, the status line's
    assert ann.waiting_for().startswith("Cy has left the game, and this deal cannot go on without Cy")
    saved = Table.from_json(ann.save())
    assert saved.people == (0,) and saved.game.names == ("You", "Ben", "Cy")
    game = ann.against_computer("beginner", seed=4).play_out_people(lambda t, moves: rng.choice(moves))
    assert game.is_over and max(game.scores) >= 61


def test_a_page_that_says_which_device_left_names_it():
    hub, (ann, _, _) = table(*THREE, seed=7)
    hub.settle()
    assert friend_bridge.peer(ann.room, "left", "1") == ""
    assert ann.status == "left" and ann.friends()[0][2] == "Ben has left the game"
    assert ann.friends()[1][2] == "Cy has joined"
    assert ann.waiting_for() == ann.left_words()
    assert ann.waiting_for().startswith("Ben has left the game, and this deal cannot go on without Ben")
    said = friend_bridge.peer(ann.room, "left", "9")
    assert said == "The page named a friend's device that is not 0, 1, 2 or 3." and ann.note == said
    friend_bridge.peer(ann.room, "joined", "1")
    assert ann.status == "joined" and ann.friends()[0][2] == "Ben has joined"


def test_a_hostile_message_is_refused_in_one_sentence_and_the_game_goes_on():
    hub, games = table(*FOUR, seed=9)
    ann = games[0]
    play(hub, random.Random(9), moves=6)
    before = (ann.session.save(), ann.count)
    said = friend_bridge.deliver(ann.room, b64('{"crib": "remote", "v": 1, "kind": "move"}'))
    assert said.startswith("A message that is not part of this game was set aside: ")
    assert said.endswith(".") and said.count(". ") == 0 and "\n" not in said
    assert (ann.session.save(), ann.count) == before and not ann.stopped
    play(hub, random.Random(9))
    finished(games)


def test_a_friend_moving_for_a_seat_not_theirs_stops_the_game_in_one_sentence():
    hub, (ann, ben, _) = table(*FOUR, seed=10)
    play(hub, random.Random(10), moves=6)
    before = ann.session.save()
    forged = ben.session._mail.compose("move", {"deal": 1, "move": ["go", 2]}).text  # Ben moves for Cal
    said = friend_bridge.deliver(ann.room, b64(forged))
    assert said == ("Ben's device sent a move or a step of the deal that was not theirs to make, so the game "
                    "is stopped here; the game so far is kept.")
    assert ann.legal_moves() == [] and ann.session.save() == before
    assert Table.from_json(ann.save()).people == (0,)


def test_a_whole_partners_game_through_each_devices_table():
    from test_friend_table import step

    from crib_widgets.table.friend_table import FriendTable
    from crib_widgets.table.seats import LEARNER, REMOTE

    hub, games = table(*FOUR, seed=11)
    hub.settle()
    tables = [FriendTable.of(g) for g in games]
    assert [t.seats for t in tables] == [(LEARNER, REMOTE, REMOTE, REMOTE), (REMOTE, LEARNER, REMOTE, REMOTE),
                                         (REMOTE, REMOTE, REMOTE, LEARNER)]
    assert [t.you for t in tables] == [0, 1, 3]
    rng, shows = random.Random(11), []
    for _ in range(5_000):
        if not step(hub, tables, rng, shows):
            break
    assert all(t.game.is_over for t in tables) and not any(g.stopped for g in games)
    assert len({t.game.scores for t in tables}) == 1 and max(tables[0].game.scores) >= 61
    assert shows.count(0) == shows.count(1) == shows.count(3) == tables[0].number - 1 >= 1


def test_two_people_at_the_link_makers_device_and_a_friend_play_through_the_tables():
    from test_friend_table import step

    from crib_widgets.game import ChangeKind
    from crib_widgets.table.friend_table import FriendTable
    from crib_widgets.table.seats import LEARNER, REMOTE

    hub, games = table(("here", "friend", "here"), ("Ann", "Ben", "Cy"), seed=12)
    hub.settle()
    assert games[0].friend == "Ben" and games[1].friend == "Ann and Cy"
    tables = [FriendTable.of(g) for g in games]
    assert [t.seats for t in tables] == [(LEARNER, REMOTE, LEARNER), (REMOTE, LEARNER, REMOTE)]
    rng, shows, passed = random.Random(12), [], set()
    for _ in range(5_000):
        if tables[0].passing is not None:  # the device is passed between Ann and Cy, as at any table
            passed.add(tables[0].passing)
            assert tables[0].take_device()[0].kind == ChangeKind.TOOK_DEVICE
        if not step(hub, tables, rng, shows):
            break
    assert all(t.game.is_over for t in tables) and not any(g.stopped for g in games)
    assert tables[0].game.scores == tables[1].game.scores and max(tables[0].game.scores) >= 61
    assert passed == {0, 2}


def _code(data: dict) -> str:
    import base64
    import json

    text = json.dumps(data, separators=(",", ":"))
    return base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")


@pytest.mark.parametrize(("devs", "cpu", "dev"), [
    ([0, 2, 1], [0, 0, 0], 1),  # friends not numbered in seat order
    ([0, 1, 1], [0, 1, 0], 1),  # a computer at a friend's device
    ([0, 1, 0], [0, 0, 0], 2),  # a device the table does not have
    ([1, 0, 2], [0, 0, 0], 1),  # the link maker not in the first seat
    ([0, 1, 2], [0, 0], 1),  # the lists not one a seat
    ([0, 1, "2"], [0, 0, 0], 1),
])
def test_a_link_with_a_table_changed_by_hand_is_refused_in_one_sentence(devs, cpu, dev):
    data = {"v": 1, "room": "a" * 22, "to": 61, "mug": False, "relay": "", "dev": dev,
            "names": ["Ann", "Ben", "Cy"], "devs": devs, "cpu": cpu}
    with pytest.raises(CribbageError) as error:
        read_code(_code(data))
    said = str(error.value)
    assert said.startswith("this friend's link is damaged (") and said.count(". ") == 0 and "\n" not in said


def test_a_two_seat_link_saying_who_sits_where_is_refused():
    data = {"v": 1, "room": "a" * 22, "to": 61, "mug": False, "relay": "", "dev": 1, "names": ["Ann", "Ben"],
            "devs": [0, 1], "cpu": [0, 0]}
    with pytest.raises(CribbageError, match="says nothing of who sits where"):
        read_code(_code(data))


def test_four_long_names_and_a_long_relay_are_too_long_for_a_link():
    with pytest.raises(CribbageError, match="too long for a link"):
        FriendLink.new(names=tuple(c * 24 for c in "ABCD"), seats=FOUR[0],
                       relay="wss://" + "r" * 50 + ".org/" + "p" * 30)


def test_muggins_with_two_computer_seats_on_a_bad_network():
    from friend_play import GROUP, Page

    from crib_widgets.remote.channel import Hub, Weather

    maker = FriendGame.make(muggins=True, names=FOUR[1], group=GROUP, dealer=1,
                            seats=("here", "computer", "friend", "computer"))
    games = [maker, FriendGame.join(maker.url("https://e.org/x.html"), group=GROUP)]
    hub = Hub([Page(g) for g in games], random.Random(1), Weather(0.1, 0.1, 0.3))
    play(hub, random.Random(1))
    finished(games)
    assert any(e.kind == "announce" for e in maker.events)

