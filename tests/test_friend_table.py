"""The table of a game with a friend (issue 39): each device's `FriendTable` draws its own deal
(the friend's cards face down, stand-ins), sends its person's moves to the friend's device and
takes the friend's in; a finished deal's show stays until Next deal; the whole game is played
through the two tables as the game table's buttons drive them."""

from __future__ import annotations

import random

import pytest
from friend_play import game_of, pair

from crib_widgets.errors import CribbageError
from crib_widgets.game import ChangeKind, Discard, Game
from crib_widgets.table.friend_table import NO_HINTS, FriendTable
from crib_widgets.table.seats import LEARNER, REMOTE


def tables_of(hub) -> list[FriendTable]:
    hub.settle()
    tables = [FriendTable.of(game_of(hub, d)) for d in (0, 1)]
    assert all(t is not None for t in tables)
    return tables


def step(hub, tables, rng, shows: list[int]) -> bool:
    """One press at one device, as a person would make it; whether anything was left to do."""
    hub.settle()
    for t in tables:
        t.sync()
    if all(t.game.is_over for t in tables):
        return False
    for t in tables:
        if t.paused:
            changes = t.next_deal()
            if changes and changes[0].kind != ChangeKind.REFUSED:
                shows.append(t.you)
                return True
    movers = [t for t in tables if t.learner_moves() or t.waiting]
    if not movers:
        return True
    t = rng.choice(movers)
    if t.waiting:
        t.run()
        return True
    changes = t.move(rng.choice(t.learner_moves()))
    assert changes[0].kind == ChangeKind.MOVED, changes
    return True


def test_each_table_shows_its_own_seat_and_the_friend_face_down():
    hub, ann, _ben = pair(seed=4)
    a, b = tables_of(hub)
    assert a.seats == (LEARNER, REMOTE) and b.seats == (REMOTE, LEARNER)
    assert a.you == 0 and b.you == 1 and a.computers == {} and b.computers == {}
    assert a.strength == "on their own device" and a.shown_deal == 1
    assert a.advise() is None and a.hint_level == "off"
    assert a.set_hints  # hints cannot be turned on: the advice would weigh the stand-ins
    try:
        a.set_hints("show")
    except Exception as error:
        assert NO_HINTS in str(error)
    else:
        raise AssertionError("hints were turned on")
    # Ann's table knows her cards; Ben's cards there are stand-ins, not his real ones
    assert set(a.game.hands[0]) == set(ann.session.hand(0))
    assert set(a.game.hands[1]) != set(b.game.hands[1]) or len(a.game.hands[1]) == 6


def test_a_move_out_of_turn_or_against_the_rules_is_refused_and_sent_nowhere():
    hub, ann, _ben = pair(seed=4)
    a, _b = tables_of(hub)
    count = ann.count
    bad = a.move(Discard(0, tuple(a.game.hands[0][:1])))
    assert bad[0].kind == ChangeKind.REFUSED and ann.count == count
    a.move(Discard(0, tuple(a.game.hands[0][:2])))
    again = a.move(Discard(0, tuple(a.game.hands[0][:2])))
    assert again[0].kind == ChangeKind.REFUSED and again[0].text == "Waiting for Ben."
    assert a.friend_to_move and a.to_move == "Ben"


@pytest.mark.parametrize(("seed", "muggins"), [(0, False), (31, True)])
def test_a_whole_game_through_both_tables(seed, muggins):
    hub, ann, ben = pair(seed=seed, muggins=muggins)
    tables = tables_of(hub)
    rng = random.Random(seed)
    shows: list[int] = []
    for _ in range(5_000):
        if not step(hub, tables, rng, shows):
            break
    assert all(t.game.is_over for t in tables)
    assert tables[0].game.scores == tables[1].game.scores and max(tables[0].game.scores) >= 61
    assert not ann.stopped and not ben.stopped
    # each device put every finished deal's show away itself (none when the game ends in its first
    # deal: the keys, so the cards, are random, and with muggins random claims can win it there)
    assert shows.count(0) == shows.count(1) == tables[0].number - 1


def test_a_friends_throws_are_not_weighed_nor_recorded(monkeypatch):
    from crib_widgets.strategy import review

    weighed = []
    monkeypatch.setattr(review, "discard_options", lambda *args: weighed.append(args))
    hub, _, _ = pair(seed=4)
    a, _ = tables_of(hub)
    a.prepare_judging()  # the page calls it while the person thinks: here it weighs nothing
    a.move(a.learner_moves()[0])
    assert weighed == [] and a.records == []


def test_each_deals_log_names_its_own_number():
    """Deal 2's log said "Deal 1: Ben deals (Ben's crib)" under the header "deal 2": each deal is
    checked by an engine of its own, which numbered its deal 1 (check_friend's screenshot)."""
    hub, _ann, _ben = pair(seed=0)
    tables = tables_of(hub)
    rng = random.Random(0)
    said: dict[int, set[str]] = {}
    for _ in range(5_000):
        if not step(hub, tables, rng, []) or tables[0].number > 3:
            break
        for t in tables:
            first = next(e.text for e in t.game.events if e.kind.value == "deal")  # the engine's own deal
            said.setdefault(t.number, set()).add(first)
    assert tables[0].number > 3
    for number, texts in said.items():
        assert texts and all(text.startswith(f"Deal {number}: ") for text in texts), (number, texts)
    with pytest.raises(CribbageError, match="first_deal must be a whole number from 1"):
        Game(first_deal=0)
