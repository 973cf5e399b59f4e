"""A friend's link opened on a second device while the first still plays (issue 39): two pages
speak for one device. The second page keeps out (it says so, and sends nothing that stops or
changes the game), the game goes on to its end where it is played, a changed message of the
first page still stops the game, and a reload of the first page (its kept game) still rejoins."""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from remote_play import GAME, GROUP, make_hub, play, restart
from second_page import Room

from crib_widgets.remote.channel import Weather
from crib_widgets.remote.session import ELSEWHERE_STOP, Session


def room(players: int = 2, seed: int = 1, weather: Weather | None = None) -> Room:
    hub = make_hub(players, seed=seed, weather=weather)
    return Room(hub.sessions, hub.rng, hub.weather)


def second_page(hub: Room, device: int, *, own_first: bool = False) -> Session:
    """A fresh page at ``device`` (no kept game) joins the room mid-game; each page there sends it
    what it sent so far (its own device's first page first, when ``own_first``)."""
    pages = sorted(hub.sessions, key=lambda s: (s.me != device) if own_first else s.me)
    page = Session(device, GAME, GROUP)
    hub.add(page, [m.text for s in pages for m in s._mail.sent])
    return page


def assert_kept_out(page: Session) -> None:
    assert page.stopped == ELSEWHERE_STOP and page.stop_cause == "elsewhere"
    assert page.legal_moves() == [] and page.outbox == []
    sent = [json.loads(m.text)["kind"] for m in page._mail.sent]
    assert sent in ([], ["join"])  # at most its join: never a leave that would stop the others


def test_a_second_page_mid_deal_keeps_out_and_the_game_goes_on_to_its_end():
    hub = room()
    play(hub, random.Random(2), moves=3)  # mid-deal: the cards are out, some thrown
    assert hub.sessions[1]._deals[-1].moves
    laptop = second_page(hub, 1)
    play(hub, random.Random(3))
    ann, phone = hub.sessions
    assert not ann.stopped and not phone.stopped and not ann.refused
    assert ann.is_over and ann.proved and phone.is_over and phone.proved
    assert_kept_out(laptop)
    assert laptop._mail.sent  # it did send its join; the others ignored it


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.sampled_from([2, 3]), moves=st.integers(0, 14), seed=st.integers(0, 10**6),
       own_first=st.booleans(), bad=st.booleans(), data=st.data())
def test_a_second_page_never_stops_the_game(players, moves, seed, own_first, bad, data):
    weather = Weather(drop=0.1, repeat=0.1, delay=0.3) if bad else None
    hub = room(players, seed, weather)
    play(hub, random.Random(seed), moves=moves)
    if moves == 0:
        hub.settle()  # every device has joined: the second page comes later
    device = data.draw(st.integers(1, players - 1))
    extra = second_page(hub, device, own_first=own_first)
    play(hub, random.Random(seed + 1))
    assert not any(s.stopped for s in hub.sessions), [s.stopped for s in hub.sessions]
    assert all(s.is_over and s.proved for s in hub.sessions)
    assert_kept_out(extra)


def test_a_changed_message_of_the_first_page_still_stops_the_game():
    hub = room(seed=4)
    play(hub, random.Random(4), moves=2)
    second_page(hub, 1)
    hub.settle()
    ann, phone = hub.sessions
    assert not ann.stopped
    join = json.loads(phone._mail.sent[0].text)
    join["body"]["hello"] = "0" * 64  # its own page id: the first page's join, changed
    ann.receive(json.dumps(join, sort_keys=True, separators=(",", ":")))
    assert ann.stop_cause == "changed" and "other contents" in ann.stopped


def test_a_changed_move_of_the_first_page_still_stops_the_game():
    hub = room(seed=5)
    play(hub, random.Random(5), moves=2)
    second_page(hub, 1)
    hub.settle()
    ann, phone = hub.sessions
    move = next(m for m in phone._mail.sent if m.kind == "move")
    data = json.loads(move.text)
    data["body"]["deal"] += 1  # follows the first page's chain, but not as it was sent
    ann.receive(json.dumps(data, sort_keys=True, separators=(",", ":")))
    assert ann.stop_cause == "changed" and ann.stop_device == 1


def test_what_follows_a_second_pages_join_is_ignored_too():
    hub = room(seed=6)
    play(hub, random.Random(6), moves=2)
    laptop = second_page(hub, 1)
    hub.settle()
    ann = hub.sessions[0]
    leave = laptop._mail.compose("leave", {"why": "it was told other things"})  # its own chain, seq 2
    ann.receive(leave.text)
    assert not ann.stopped and not ann.refused


def test_a_reload_of_the_first_page_still_rejoins_with_a_second_page_in_the_room():
    hub = room(seed=7)
    play(hub, random.Random(7), moves=4)
    laptop = second_page(hub, 1)
    restart(hub, 1)  # the phone's page reloads: its kept game, the same device
    play(hub, random.Random(8))
    assert not any(s.stopped for s in hub.sessions)
    assert all(s.is_over and s.proved for s in hub.sessions)
    assert_kept_out(laptop)
