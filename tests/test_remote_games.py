"""Whole remote games between headless sessions on an in-memory network (issue 39): two, three and
four seats (partners too), with dropped, repeated, delayed and reordered messages, a device
reloaded mid-play, and no device ever holding another's hidden cards in the clear."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from remote_play import assert_no_peeking, make_hub, play, restart

from crib_widgets.game import Game
from crib_widgets.remote.channel import Weather

SHAPES = [  # (players, devices, partners)
    (2, (0, 1), False),
    (3, (0, 1, 2), False),
    (4, (0, 1, 2, 3), True),
    (4, (0, 1, 0, 1), True),  # two devices, each with a pair of partners' hands
    (4, (0, 1, 2, 3), False),
]


def check_finished(hub) -> None:
    """Every device has the same whole game, over, proved honest, and it saves and loads."""
    first = hub.sessions[0]
    assert not any(s.stopped for s in hub.sessions), [s.stopped for s in hub.sessions]
    assert all(s.is_over and s.proved for s in hub.sessions)
    kept = first.kept_game()
    assert kept.is_over and max(kept.scores) >= 61
    for session in hub.sessions:
        assert session.save() == kept.to_json()
        assert session.waiting_for() is None and not session.legal_moves()
    assert Game.from_json(first.save()).scores == kept.scores


@pytest.mark.parametrize(("players", "devices", "partners"), SHAPES)
def test_a_whole_game_on_a_quiet_network(players, devices, partners):
    hub = make_hub(players, devices, partners=partners, seed=players)
    play(hub, random.Random(players), each=lambda h, n: assert_no_peeking(h))
    check_finished(hub)
    scores = [e for e in hub.sessions[0].events if e.kind == "game over"]
    assert len(scores) == 1


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(shape=st.sampled_from(SHAPES), seed=st.integers(0, 10**6),
       drop=st.floats(0, 0.3), repeat=st.floats(0, 0.3), delay=st.floats(0, 0.7))
def test_a_whole_game_on_a_bad_network(shape, seed, drop, repeat, delay):
    players, devices, partners = shape
    hub = make_hub(players, devices, partners=partners, seed=seed, weather=Weather(drop, repeat, delay))
    play(hub, random.Random(seed), each=lambda h, n: assert_no_peeking(h))
    check_finished(hub)


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(shape=st.sampled_from(SHAPES), seed=st.integers(0, 10**6), when=st.integers(1, 40),
       drop=st.floats(0, 0.2))
def test_a_device_reloaded_mid_play_rejoins_where_it_was(shape, seed, when, drop):
    players, devices, partners = shape
    hub = make_hub(players, devices, partners=partners, seed=seed, weather=Weather(drop, 0.1, 0.3))
    device = seed % len(hub.sessions)
    play(hub, random.Random(seed), each=lambda h, n: restart(h, device) if n in (when, when + 17) else None)
    check_finished(hub)


def test_a_reload_before_the_deal_is_shuffled_keeps_the_same_secrets():
    hub = make_hub(3, seed=5)
    hub.step()  # the hello reaches one device
    restart(hub, 0)
    play(hub, random.Random(5))
    check_finished(hub)


def test_the_view_is_told_whom_it_waits_for_and_sees_only_its_own_hand():
    hub = make_hub(2, seed=3)
    assert hub.sessions[1].waiting_for() == "Waiting for the game's options from the friend who made the link"
    hub.settle()
    a, b = hub.sessions
    assert isinstance(a.hand(0), tuple) and len(a.hand(0)) == 6 and a.hand(1) == 6
    assert isinstance(b.hand(1), tuple) and b.hand(0) == 6
    assert a.legal_moves() and all(m.seat == 0 for m in a.legal_moves())
    a.play(a.legal_moves()[0])
    hub.settle()
    assert a.waiting_for() == "Waiting for P1"
    discards = [e for e in a.events if e.kind == "discard"]
    assert discards[0].cards  # its own discard, face up to itself
    b_discards = [e for e in b.events if e.kind == "discard"]
    assert b_discards and b_discards[0].cards == ()  # the other's, face down


def test_a_friend_who_leaves_is_shown_and_the_game_is_finished_against_the_computer():
    hub = make_hub(2, seed=8)
    rng = random.Random(8)
    play(hub, rng, moves=40)
    hub.sessions[1].leave()
    hub.settle()
    a = hub.sessions[0]
    assert a.left == {1}
    assert a.waiting_for() in (None, "P1 has left the game")
    game = a.kept_game(seed=4)
    assert game.deal_number >= 1 and not game.is_over
    while not game.is_over:
        game.apply(rng.choice(game.legal_moves()))
    assert max(game.scores) >= 61


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_whole_game_with_muggins(players):
    from remote_play import GAME, GROUP

    from crib_widgets.game import Rules
    from crib_widgets.remote.channel import Hub
    from crib_widgets.remote.options import Options
    from crib_widgets.remote.session import Session

    options = Options(Rules(players=players, partners=players == 4, target=61, muggins=True),
                      tuple(f"P{i}" for i in range(players)), tuple(range(players)), (False,) * players, 1,
                      GROUP.name)
    sessions = [Session(0, GAME, GROUP, options)] + [Session(d, GAME, GROUP) for d in range(1, players)]
    hub = Hub(sessions, random.Random(players), Weather(0.1, 0.1, 0.3))
    play(hub, random.Random(players))
    check_finished(hub)
    assert any(e.kind == "announce" for e in sessions[0].events)


def test_a_computer_seat_plays_at_the_device_that_made_the_link():
    hub = make_hub(3, (0, 1, 0), computers=(False, False, True), seed=6)
    play(hub, random.Random(6), each=lambda h, n: assert_no_peeking(h))
    assert hub.sessions[0].seats == (0, 2) and hub.sessions[1].seats == (1,)
    check_finished(hub)
