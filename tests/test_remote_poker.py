"""The mental-poker deal of remote play (issue 39): the locks commute, every device's shuffle and
every lock it took off is checked by its proof, and a lie about a card is found out."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from crib_widgets.remote.group import GROUPS
from crib_widgets.remote.poker import DealKeys, Strip, check_shuffle, check_strips, shuffle, strip

GROUP = GROUPS["test-160"]


@settings(max_examples=20, deadline=None)
@given(devices=st.integers(2, 4), slot=st.integers(0, 51), order=st.permutations(range(4)))
def test_a_card_comes_out_whatever_the_order_the_locks_come_off(devices, slot, order):
    keys = [DealKeys.new(GROUP) for _ in range(devices)]
    deck = GROUP.plain_deck()
    for k in keys:
        deck = shuffle(GROUP, deck, k)
    value = deck[slot]
    for device in [d for d in order if d < devices]:
        value = strip(GROUP, value, keys[device])
    card = GROUP.decode(value)
    assert card is not None
    # the deck is every card once: each slot comes out as a different card
    others = set()
    for j in range(52):
        v = deck[j]
        for k in keys:
            v = strip(GROUP, v, k)
        others.add(GROUP.decode(v))
    assert others == set(range(52))


def test_each_shuffle_is_its_own_and_no_locked_card_shows_its_value():
    a, b = DealKeys.new(GROUP), DealKeys.new(GROUP)
    assert a.order != b.order and a.key != b.key
    locked = shuffle(GROUP, GROUP.plain_deck(), a)
    assert not set(locked) & set(GROUP.plain_deck())
    # still squares: their Legendre symbol tells nothing about the card
    assert all(pow(v, GROUP.q, GROUP.p) == 1 for v in locked)


def test_a_proof_checks_the_shuffle_and_every_lock_taken_off():
    a, b = DealKeys.new(GROUP), DealKeys.new(GROUP)
    first = shuffle(GROUP, GROUP.plain_deck(), a)
    second = shuffle(GROUP, first, b)
    assert check_shuffle(GROUP, first, second, b)
    assert not check_shuffle(GROUP, first, second, DealKeys(b.key, tuple(reversed(b.order))))
    assert not check_shuffle(GROUP, first, second, DealKeys(b.key + 1, b.order))
    honest = Strip(1, 3, second[3], strip(GROUP, second[3], b))
    assert check_strips(GROUP, [honest], b)


def test_a_lie_about_a_card_laid_is_found_out_by_the_proof():
    a, b = DealKeys.new(GROUP), DealKeys.new(GROUP)
    deck = shuffle(GROUP, shuffle(GROUP, GROUP.plain_deck(), a), b)
    slot = random.Random(1).randrange(52)
    only_b = strip(GROUP, deck[slot], a)  # device 0 showed it to device 1
    truth = strip(GROUP, only_b, b)
    lie = GROUP.encode((GROUP.decode(truth) + 1) % 52)  # device 1 says it laid another card
    assert check_strips(GROUP, [Strip(1, slot, only_b, truth)], b)
    assert not check_strips(GROUP, [Strip(1, slot, only_b, lie)], b)


def test_keys_travel_as_the_device_keeps_them():
    keys = DealKeys.new(GROUPS["modp-1024"])
    assert DealKeys.from_dict(keys.to_dict()) == keys
    assert keys.key.bit_length() <= GROUPS["modp-1024"].key_bits
