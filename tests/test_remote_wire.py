"""The wire format and the group of remote play (issue 39): the primes are RFC 3526's and RFC 2409's
safe primes, every card is a square, and every message kind reads back as written while anything
else is refused in one sentence."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from crib_widgets.remote.group import GROUPS
from crib_widgets.remote.mailbox import Mailbox
from crib_widgets.remote.wire import WireError, digest, read, write

GAME = "0123456789abcdef"
K = {"modp-1024": 129093, "modp-1536": 741804, "modp-2048": 124476}


def _pi_bits(bits: int) -> int:
    """floor(pi * 2**bits), by Machin's formula in whole numbers."""
    one = 1 << (bits + 64)

    def arctan_inverse(x: int) -> int:
        total = term = one // x
        n, sign = 1, -1
        while term:
            term //= x * x
            total += sign * (term // (2 * n + 1))
            sign, n = -sign, n + 1
        return total

    return (4 * (4 * arctan_inverse(5) - arctan_inverse(239))) >> 64


def _probably_prime(n: int, rng: random.Random) -> bool:
    d, s = n - 1, 0
    while d % 2 == 0:
        d, s = d // 2, s + 1
    for _ in range(16):
        x = pow(rng.randrange(2, n - 1), d, n)
        if x in (1, n - 1):
            continue
        for _ in range(s - 1):
            x = x * x % n
            if x == n - 1:
                break
        else:
            return False
    return True


@pytest.mark.parametrize("name", sorted(K))
def test_the_groups_are_the_rfcs_safe_primes(name):
    group, n = GROUPS[name], GROUPS[name].p.bit_length()
    assert group.p == 2**n - 2**(n - 64) - 1 + 2**64 * (_pi_bits(n - 130) + K[name])
    rng = random.Random(1)
    assert _probably_prime(group.p, rng) and _probably_prime(group.q, rng)


def test_the_test_group_is_a_safe_prime_and_every_card_is_a_distinct_square():
    rng = random.Random(2)
    test = GROUPS["test-160"]
    assert _probably_prime(test.p, rng) and _probably_prime(test.q, rng)
    for group in (test, GROUPS["modp-1024"]):  # squares by construction: (k + 2)², checked on two
        cards = group.plain_deck()
        assert len(set(cards)) == 52 and all(pow(c, group.q, group.p) == 1 for c in cards)
        assert [group.decode(c) for c in cards] == list(range(52))


BODIES = {
    "hello": {"rules": {"players": 2}, "names": ["Ann", "Ben"], "devices": [0, 1],
              "computers": [False, False], "dealer": 0, "group": "modp-1024"},
    "join": {"hello": "a" * 64, "page": "0123456789abcdef"},
    "shuffle": {"deal": 1, "deck": [format(i + 2, "x") for i in range(52)]},
    "strip": {"deal": 1, "values": [[3, "ff"], [5, "1"]]},
    "move": {"deal": 2, "move": ["answer", 1, "muggins", 4]},
    "proof": {"deal": 1, "key": "abc", "order": list(range(52))[::-1]},
    "leave": {"why": ""},
}


@pytest.mark.parametrize("kind", sorted(BODIES))
def test_every_kind_reads_back_as_written(kind):
    seq = 1 if kind == "hello" else 4
    seen = ("a" * 64, "" if kind == "hello" else "b" * 64, "", "")
    text = write(GAME, 1, seq, (2, seq - 1, 0, 0), seen, kind, BODIES[kind])
    message = read(text)
    assert (message.kind, message.body, message.seq) == (kind, BODIES[kind], seq)
    assert message.digest == digest(text)


@pytest.mark.parametrize(("change", "words"), [
    (lambda m: m.update(v=1), "version 1"),
    (lambda m: m.update(extra=1), "exactly the fields"),
    (lambda m: m.update(game="XYZ"), "16 lowercase hex"),
    (lambda m: m.update(seq=0), "seq"),
    (lambda m: m.update(seen=["", "", "", ""]), "seen"),
    (lambda m: m.update(seen=["a" * 64] * 4), "seen"),
    (lambda m: m.update(saw=[0, 0]), "saw"),
    (lambda m: m.update(kind="cheat"), "kind"),
    (lambda m: m["body"].update(move=["play", 1, 3]), "slot and its number"),
    (lambda m: m["body"].update(move=["discard", 1, [3, 3]]), "two different slots"),
    (lambda m: m["body"].update(move=["go", 9]), "seat"),
    (lambda m: m["body"].update(deal=0), "deal"),
])
def test_a_wrong_field_is_refused_naming_it(change, words):
    body = {"deal": 1, "move": ["go", 1]}
    message = json.loads(write(GAME, 1, 4, (2, 3, 0, 0), ("a" * 64, "b" * 64, "", ""), "move", body))
    change(message)
    with pytest.raises(WireError) as caught:
        read(json.dumps(message))
    assert words in str(caught.value) and "\n" not in str(caught.value)


@pytest.mark.parametrize(("kind", "body", "words"), [
    ("shuffle", {"deal": 1, "deck": []}, "1 to 52 numbers"),
    ("shuffle", {"deal": 1, "deck": ["2"] * 53}, "1 to 52 numbers"),
    ("proof", {"deal": 1, "key": "abc", "order": []}, "1 to 52 different places"),
    ("proof", {"deal": 1, "key": "abc", "order": [3, 3]}, "1 to 52 different places"),
    ("proof", {"deal": 1, "key": "abc", "order": [52]}, "1 to 52 different places"),
    ("proof", {"deal": 1, "key": "abc", "order": [True, 1]}, "1 to 52 different places"),
    ("proof", {"deal": 1, "key": "abc", "order": list(range(53))}, "1 to 52 different places"),
])
def test_a_deck_or_an_order_of_a_size_no_device_sends_is_refused(kind, body, words):
    with pytest.raises(WireError) as caught:
        read(write(GAME, 1, 4, (2, 3, 0, 0), ("a" * 64, "b" * 64, "", ""), kind, body))
    assert words in str(caught.value)


def test_the_last_devices_shuffle_and_order_read_back_as_short_as_the_deal():
    for kind, body in [("shuffle", {"deal": 1, "deck": ["2"] * 13}),
                       ("proof", {"deal": 1, "key": "abc", "order": [51, 7, 0, 13]})]:
        assert read(write(GAME, 1, 4, (2, 3, 0, 0), ("a" * 64, "b" * 64, "", ""), kind, body)).body == body


_JSON = st.recursive(st.none() | st.integers() | st.text(max_size=8),
                     lambda inner: st.lists(inner) | st.dictionaries(st.text(max_size=5), inner),
                     max_leaves=20)


@given(st.text(max_size=300) | _JSON.map(json.dumps))
def test_anything_else_is_a_sentence_never_a_traceback(text):
    from crib_widgets.errors import CribbageError

    try:
        read(text)
    except CribbageError as error:
        assert "\n" not in str(error)


def test_the_mailbox_takes_in_order_once_and_asks_for_what_was_lost():
    a, b = Mailbox(GAME, 0), Mailbox(GAME, 1)
    sent = [a.compose("leave", {"why": ""}) for _ in range(4)]
    assert b.receive(sent[2]) == [] and b.gaps()  # early: it waits for 1 and 2
    assert b.compose("ack", {}).saw[0] == 0  # and says so: device 0 sends them again
    assert [m.seq for m in b.receive(sent[0])] == [1]
    assert [m.seq for m in b.receive(sent[1])] == [2, 3]
    assert b.receive(sent[1]) == []  # a repeat, ignored
    assert a.owed_to(b.compose("ack", {})) == [sent[3]]


@given(st.lists(st.integers(0, 19), min_size=1, max_size=80))
def test_the_mailbox_delivers_each_message_once_in_order_whatever_arrives(arrivals):
    a, b = Mailbox(GAME, 0), Mailbox(GAME, 1)
    sent = [a.compose("leave", {"why": ""}) for _ in range(20)]
    taken = []
    for index in arrivals:  # repeats, gaps and any order
        taken += [m.seq for m in b.receive(sent[index])]
    have = b.have[0]
    assert taken == list(range(1, have + 1))  # once each, in order, with no gap
    assert have == 0 or 0 in arrivals
    assert b.gaps() == any(i >= have for i in arrivals)
