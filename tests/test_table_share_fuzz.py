"""Hostile and damaged position links (issue 38): any value anywhere in a link's record, any bytes
in its code, is either a position the rules allow or refused with one sentence; never another
exception, never a position the game's rules would not reach (scores, turns and cards come from
replaying the moves, not from the link's word)."""

from __future__ import annotations

import base64
import json
import random
import zlib

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from crib_widgets.errors import CribbageError
from crib_widgets.game import Rules
from crib_widgets.table import Table
from crib_widgets.table.share import read_link, share_link


def _links() -> list[str]:
    links = []
    t = Table(Rules(target=61), strength="beginner", seed=21)
    rng = random.Random(21)
    while not t.game.is_over:
        if len(links) < 40 and rng.random() < 0.3:
            links.append(share_link(t))
        if t.paused:
            t.next_deal()
        elif t.waiting:
            t.advance()
        else:
            t.move(rng.choice(t.learner_moves()), confirm=True)
    links.append(share_link(t))  # the finished game
    return links


LINKS = _links()


def payload(link: str):
    code = link.split("#crib=", 1)[1][3:]
    return json.loads(zlib.decompress(base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))))


def relink(data) -> str:
    packed = zlib.compress(json.dumps(data).encode())
    return "#crib=c2." + base64.urlsafe_b64encode(packed).decode().rstrip("=")


def paths(value, here=()):
    yield here
    if isinstance(value, dict):
        for key, item in value.items():
            yield from paths(item, (*here, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from paths(item, (*here, index))


def replaced(value, path, new):
    if not path:
        return new
    copy = dict(value) if isinstance(value, dict) else list(value)
    copy[path[0]] = replaced(value[path[0]], path[1:], new)
    return copy


JSON = st.recursive(st.none() | st.booleans() | st.integers(-10**15, 10**15) | st.text(max_size=12)
                    | st.sampled_from(["5H", "JS", "go", "discard", "play", "AS 2C 3D 4H 5S 6C", "cut"]),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner,
                                                                                  max_size=3),
                    max_leaves=8)


def opens_or_one_sentence(link: str) -> None:
    try:
        shared = read_link(link)
    except CribbageError as error:
        assert "\n" not in str(error) and len(str(error)) < 400, str(error)
        return
    game = shared.game
    assert all(0 <= s < 200 for s in game.scores)
    shared.table()  # whatever was accepted opens at the table


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(LINKS), st.data())
def test_any_value_anywhere_in_a_link_opens_or_is_refused_in_one_sentence(link, data):
    record = payload(link)
    path = data.draw(st.sampled_from(list(paths(record))))
    opens_or_one_sentence(relink(replaced(record, path, data.draw(JSON))))


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(LINKS), st.integers(0, 10**6), st.text(min_size=1, max_size=3))
def test_any_bytes_in_a_code_open_or_are_refused_in_one_sentence(link, where, text):
    code = link.split("#crib=", 1)[1]
    at = 3 + where % max(1, len(code) - 3)
    opens_or_one_sentence("#crib=" + code[:at] + text + code[at + len(text):])


def test_a_finished_games_link_cannot_state_its_scores():
    record = payload(LINKS[-1])
    assert read_link(LINKS[-1]).game.is_over
    for scores in ([500, -3], [61, 44], [0, 200]):
        try:
            shared = read_link(relink({**record, "s": scores}))
        except CribbageError as error:
            assert "starting scores" in str(error) or "not a cribbage position" in str(error)
        else:  # a starting score the rules allow: the scores are what the moves make from it
            assert shared.game.scores != tuple(scores) or scores == [0, 0]


def test_a_nesting_bomb_and_a_zlib_bomb_are_refused_in_one_sentence():
    deep = "[" * 100_000 + "]" * 100_000
    packed = base64.urlsafe_b64encode(zlib.compress(deep.encode(), 9)).decode().rstrip("=")
    for link in ("#crib=c2." + packed,
                 "#crib=c2." + base64.urlsafe_b64encode(zlib.compress(b'"' + b"a" * 5_000_000 + b'"', 9)
                                                       ).decode().rstrip("=")):
        try:
            read_link(link)
        except CribbageError as error:
            assert len(str(error)) < 300
        else:
            raise AssertionError("a bomb was read")
