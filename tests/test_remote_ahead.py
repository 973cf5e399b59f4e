"""The deal's time (issue 39). A device makes its next deal's work ahead, while nobody waits for
it: the link's maker shuffles the first deal before anyone joins, and every device, once it holds
its hand, locks the plain deck with its next keys, so that it takes its own lock off its cards by
looking them up instead of a full-size exponentiation (the same cards either way, and nothing of it
in the kept game until it is used). The devices take their locks off a hand's cards side by side:
from the device after the holder's, round the table; and the last device to shuffle deals only the
cards the deal uses, picked blind from the locked deck (wire version 2)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from remote_play import GAME, make_hub, play, restart

from crib_widgets.remote import ahead as ahead_module
from crib_widgets.remote import session as session_module
from crib_widgets.remote.poker import strip
from crib_widgets.remote.record import DealRecord, Layout
from crib_widgets.remote.wire import write


@pytest.fixture
def counted(monkeypatch):
    """How many times the sessions lock a deck (`shuffle`) and take a lock off a number (`strip`),
    themselves or in the work they do ahead."""
    calls = {"shuffle": 0, "strip": 0}
    for module in (session_module, ahead_module):
        for name in calls:
            real = getattr(module, name)

            def counting(*args, real=real, name=name):
                calls[name] += 1
                return real(*args)
            monkeypatch.setattr(module, name, counting)
    return calls


def test_the_link_maker_shuffles_the_first_deal_before_anyone_joins(counted):
    hub = make_hub(2, seed=4)
    assert counted["shuffle"] == 1  # made with the game, before the friend opens the link
    hub.settle()
    assert counted["shuffle"] == 2  # the friend's: the maker's was not made again


def test_in_the_first_deal_the_maker_looks_its_own_cards_up(counted):
    hub = make_hub(2, seed=4)
    hub.settle()
    # each device takes its lock off the other's six cards in public; its own six: the maker looks
    # them up in the deck it locked ahead, the friend (dealt at once on joining) takes its lock off
    assert counted["strip"] == 6 + 6 + 6


@pytest.mark.parametrize("players", [2, 3])
def test_every_later_deal_is_dealt_with_the_keys_chosen_ahead_and_no_private_exponentiation(players):
    hub = make_hub(players, seed=8)
    checked = set()

    def check(h, n):
        for session in h.sessions:
            record = session._deals[-1]
            mine = [s for seat in session.seats for s in record.layout.slots_of(seat)]
            if record.number < 2 or not all(s in record.known for s in mine):
                continue
            keys, _, table = session._ahead.ready[record.number]
            used = session._ahead.secrets[record.number]  # the last to shuffle keeps the places it dealt
            assert keys.key == used.key and keys.order[:len(used.order)] == used.order
            assert all(record.values[s] in table for s in mine if record.locks[s] == {session.me})
            checked.add((session.me, record.number))
    play(hub, random.Random(8), each=check)
    assert all(s.is_over and s.proved and not s.stopped for s in hub.sessions)
    assert {d for d, n in checked} == set(range(players)) and max(n for _, n in checked) >= 3


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.sampled_from([2, 3, 4]))
def test_looking_a_card_up_gives_the_number_the_exponentiation_gives(seed, players):
    hub = make_hub(players, seed=seed)
    hub.settle()
    for session in hub.sessions:
        for keys, deck, table in session._ahead.ready.values():  # a deck made ahead stands for its cards
            assert [table[v] for v in deck] == list(keys.order)
            assert sorted(table.values()) == list(range(52))
            assert all(session.group.encode(card) == strip(session.group, value, keys)
                       for value, card in table.items())
        record = session._deals[-1]
        for seat in session.seats:
            for slot in record.layout.slots_of(seat):
                assert session._ahead.unlock(record, slot) == strip(
                    session.group, record.values[slot], session._ahead.secrets[record.number])
        assert {session.group.decode(session._ahead.unlock(record, s)) for seat in session.seats
                for s in record.layout.slots_of(seat)} == {c.index for seat in session.seats
                                                          for c in session.hand(seat)}


def test_work_made_ahead_is_not_kept_and_a_reloaded_device_does_without():
    hub = make_hub(3, seed=6)
    hub.settle()
    a = hub.sessions[0]
    a.play(a.legal_moves()[0])
    hub.settle()
    ahead = {d: [n for n in s._ahead.ready if n > s._deals[-1].number] for d, s in enumerate(hub.sessions)}
    assert ahead == {0: [], 1: [2], 2: [2]}  # those that took the move in, holding their hands
    for device, session in enumerate(hub.sessions):
        assert not set(map(str, ahead[device])) & set(session.to_state()["secrets"])
        restart(hub, device)
        assert not hub.sessions[device]._ahead.ready
    play(hub, random.Random(6))
    assert all(s.is_over and s.proved and not s.stopped for s in hub.sessions)


@pytest.mark.parametrize("devices", [(0, 1), (0, 1, 2), (0, 1, 2, 3), (0, 1, 0, 1)])
def test_a_hands_locks_come_off_from_the_device_after_its_holders_round_the_table(devices):
    players, count = len(devices), max(devices) + 1
    for dealer in range(players):
        record = DealRecord(1, dealer, (0,) * players, Layout.of(players, dealer))
        record.values = [0] * 52
        record.locks = [set(range(count)) for _ in range(52)]
        for slot, seat in enumerate(record.layout.owner):
            if seat is None:
                continue
            holder = devices[seat]
            assert record.strippers(slot, devices, 1) == [(holder + k) % count for k in range(1, count)]
        # the deck shuffled, every device has cards to unlock at once (in device order only device 0
        # had, besides device 1 for device 0's cards)
        assert record.next_strippers(devices, 1) == list(range(count))


@pytest.mark.parametrize(("players", "size"), [(2, 13), (3, 17), (4, 21)])
def test_the_last_to_shuffle_deals_only_the_cards_the_deal_uses(players, size):
    hub = make_hub(players, seed=3)
    hub.settle()
    for session in hub.sessions:
        record = session._deals[-1]
        assert [len(record.shuffles[d]) for d in range(players)] == [52] * (players - 1) + [size]
        assert record.layout.size == size
    last = hub.sessions[-1]
    assert len(last._ahead.secrets[1].order) == size and len(set(last._ahead.secrets[1].order)) == size
    play(hub, random.Random(3))  # every proof checks out, the last one's order as short as its deck
    assert all(s.is_over and s.proved and not s.stopped for s in hub.sessions)


@pytest.mark.parametrize(("who", "cards", "words"), [
    (1, 52, "not 13 different"),  # the last to shuffle sends the whole deck
    (1, 12, "not 13 different"),  # or too few
    (0, 13, "not 52 different"),  # another sends only a deal's worth
])
def test_a_deck_of_the_wrong_size_stops_the_game(who, cards, words):
    hub = make_hub(2, seed=14)
    sender, victim = hub.sessions[who], hub.sessions[1 - who]
    while not sender._deals or who not in sender._deals[-1].shuffles:
        assert hub.step()
    hub.post()
    hub.flying.clear()  # the honest shuffle is lost on the way, and a forged one arrives
    honest = next(m for m in sender._mail.sent if m.kind == "shuffle")
    source = honest.body["deck"] if who == 0 else [format(v, "x") for v in victim._deals[-1].shuffles[0]]
    forged = {"deal": 1, "deck": source[:cards]}
    victim.receive(write(GAME, who, honest.seq, honest.saw, honest.seen, "shuffle", forged), came_from=who)
    assert victim.stopped and words in victim.stopped
