"""Each difficulty holds what it promises, checked with the engine directly (not the generator's checks)."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from crib_widgets.exercises import focuses, make_set
from crib_widgets.pegging import GO, pile_total, play_points, score_sequence
from crib_widgets.scoring import score_hand

SEEDS = st.integers(min_value=0, max_value=2**32)
FEW = settings(max_examples=12, deadline=None)


def _score(exercise):
    return score_hand(exercise.hand, exercise.starter, crib=exercise.crib)


def _kinds(score) -> set[str]:
    return {item.kind for item in score.items}


def _runs(score) -> int:
    return len(score.of_kind("run"))


def _one_block(kind: str, level: str, seed: int):
    """A set as long as the level's list of focuses, so every focus appears once."""
    return make_set(kind, level, len(focuses(kind, level)), seed)


# ---- counting -------------------------------------------------------------------------------


@FEW
@given(SEEDS)
def test_easy_hands_score_with_fifteens_and_pairs_only(seed):
    s = _one_block("counting", "easy", seed)
    seen = []
    for e in s:
        score = _score(e)
        assert not e.crib
        assert score.total > 0 and _kinds(score) <= {"fifteen", "pair"}
        seen.append(frozenset(_kinds(score)))
    assert set(seen) == {frozenset({"fifteen"}), frozenset({"pair"}), frozenset({"fifteen", "pair"})}


@FEW
@given(SEEDS)
def test_medium_hands_always_have_a_run_and_the_set_has_a_double_run(seed):
    s = _one_block("counting", "medium", seed)
    for e in s:
        score = _score(e)
        assert not e.crib and _kinds(score) <= {"fifteen", "pair", "run"}
        assert 1 <= _runs(score) <= 2
    assert any(_runs(_score(e)) == 2 for e in s), "no double run"
    assert any(len(_score(e).of_kind("run")[0].cards) >= 4 for e in s), "no run of four or five"


def _hard_features(e) -> set[str]:
    score = _score(e)
    found = set()
    if score.of_kind("flush"):
        found.add("crib flush" if e.crib else "hand flush")
    if e.crib and len({c.suit for c in e.hand}) == 1 and not score.of_kind("flush"):
        found.add("crib four of a suit")
    if score.of_kind("nobs"):
        found.add("nobs")
    if _runs(score) == 3:
        found.add("triple run")
    if _runs(score) == 4:
        found.add("double-double run")
    return found


@FEW
@given(SEEDS)
def test_hard_sets_have_flushes_in_hand_and_crib_nobs_and_double_double_runs(seed):
    s = _one_block("counting", "hard", seed)
    features = [_hard_features(e) for e in s]
    assert all(features), "a hard question without a hard feature"
    assert set().union(*features) == {"hand flush", "crib flush", "crib four of a suit", "nobs",
                                      "triple run", "double-double run"}
    assert {e.crib for e in s} == {True, False}


# ---- the play -------------------------------------------------------------------------------


def _play(e):
    pile = e.pile()
    return play_points(pile), pile


@FEW
@given(SEEDS)
def test_easy_play_scores_with_fifteen_and_pairs_for_two_players(seed):
    s = _one_block("play", "easy", seed)
    for e in s:
        score, pile = _play(e)
        assert e.players == 2 and e.asked == len(e.plays) - 1 and pile_total(pile) < 31
        assert score.items and {i.kind for i in score.items} <= {"fifteen", "pair"}
    assert any(i.kind == "pair" and len(i.cards) >= 3 for e in s for i in _play(e)[0].items)


@FEW
@given(SEEDS)
def test_medium_play_always_completes_a_run(seed):
    s = _one_block("play", "medium", seed)
    sizes = []
    for e in s:
        score, pile = _play(e)
        assert e.players == 2 and pile_total(pile) <= 31
        kinds = {i.kind for i in score.items}
        assert "run" in kinds and kinds <= {"fifteen", "thirty-one", "run"}
        sizes.append(max(len(i.cards) for i in score.items if i.kind == "run"))
    assert max(sizes) >= 4


@FEW
@given(SEEDS)
def test_hard_play_has_three_or_four_players_and_go_thirty_one_and_last_card(seed):
    s = _one_block("play", "hard", seed)
    seen = set()
    for e in s:
        assert e.players in (3, 4)
        entries = [GO if card is None else card for _, card in e.plays]
        points = score_sequence(entries, e.players, e.final)[e.asked]
        score, pile = _play(e)
        extra = points - score.total
        if extra:
            last_of_play = e.final and all(card is None for _, card in e.plays[e.asked + 1:])
            seen.add("last card" if last_of_play else "go")
        if pile_total(pile) == 31:
            seen.add("thirty-one")
        if any(i.kind == "pair" and len(i.cards) >= 3 for i in score.items):
            seen.add("three or four of a kind")
        run = max((len(i.cards) for i in score.items if i.kind == "run"), default=0)
        if run and _go_inside_last_cards(e.plays[: e.asked + 1], run):
            seen.add("run across a go")
    assert {"go", "thirty-one", "last card", "three or four of a kind", "run across a go"} <= seen


def _go_inside_last_cards(plays, cards: int) -> bool:
    """Is there a go among the entries that hold the last ``cards`` cards?"""
    entries = []
    for _, card in reversed(plays):
        if cards == 0:
            break
        entries.append(card)
        cards -= card is not None
    return None in entries


# ---- Muggins --------------------------------------------------------------------------------


def _difference(e) -> Counter:
    """What the counter claimed that is not there (negative) or missed (positive), by kind."""
    true, claimed = Counter(_score(e).items), Counter(e.claimed)
    diff: Counter = Counter()
    for item in (true - claimed).elements():
        diff[item.kind] += item.points
    for item in (claimed - true).elements():
        diff[item.kind] -= item.points
    return diff


def _check_muggins(e):
    true = _score(e).total
    assert 0 <= e.announced <= 29
    assert e.solution().answer == true - e.announced
    said = e.announced_score().aloud()
    assert said.endswith(f"{e.announced} point{'s' if e.announced != 1 else ''}.")


@FEW
@given(SEEDS)
def test_easy_muggins_slips_are_fifteens_and_pairs(seed):
    s = make_set("muggins", "easy", 8, seed)
    for e in s:
        _check_muggins(e)
        assert not e.crib and _kinds(_score(e)) <= {"fifteen", "pair"}
        assert set(_difference(e)) <= {"fifteen", "pair"}
    answers = {e.solution().answer > 0 for e in s if e.solution().answer}
    assert answers == {True, False}, "easy sets have both missed and extra points"
    assert any(e.solution().answer == 0 for e in s)


@FEW
@given(SEEDS)
def test_medium_muggins_slips_are_in_runs_and_double_runs(seed):
    s = make_set("muggins", "medium", 10, seed)
    for e in s:
        _check_muggins(e)
        assert not e.crib and 1 <= _runs(_score(e)) <= 2
        assert set(_difference(e)) <= {"fifteen", "pair", "run"}
    assert any(_difference(e)["run"] > 0 and _runs(_score(e)) == 2 for e in s)


@FEW
@given(SEEDS)
def test_hard_muggins_slips_are_flushes_nobs_and_long_runs(seed):
    s = make_set("muggins", "hard", 8, seed)
    for e in s:
        _check_muggins(e)
        diff = _difference(e)
        assert set(diff) <= {"flush", "nobs", "run"}
        assert _hard_features(e) or diff["nobs"] < 0
    assert any(e.crib and _difference(e)["flush"] == -4 for e in s), "a crib's four-card flush claimed"
    assert any(_difference(e)["nobs"] == -1 for e in s), "nobs claimed for the wrong jack"
    assert any(_difference(e)["run"] == 6 for e in s), "double-double run counted short"
