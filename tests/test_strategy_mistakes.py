"""The catalogue of counting mistakes: one home for the worksheets, the Muggins quiz and computer
counters in Muggins games, which make its real mistakes at the rate the teacher sets."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from crib_widgets.cards import shuffled_deck
from crib_widgets.exercises.mistakes import MUGGINS_FOCUSES
from crib_widgets.scoring import score_hand
from crib_widgets.strategy.mistakes import MISTAKES, draw_mistake
from crib_widgets.strategy.muggins_players import announce_count, make_claim


def test_every_worksheet_focus_is_a_catalogue_mistake():
    names = {f.name for focuses in MUGGINS_FOCUSES.values() for f in focuses} - {"a right count"}
    assert names <= set(MISTAKES)


@pytest.mark.parametrize(("hand", "starter", "crib", "name", "points"), [
    ("JH 5C 6D 4S", "5S", False, "his nobs for the wrong jack", -1),
    ("2H 5H 9H KH", "3C", True, "a flush of four in the crib", -4),
    ("4H 5C 5D 6S", "KC", False, "a double run counted as one run", 3),
    ("4H 5C 6D 7S", "KC", False, "a run counted one card short", 1),
])
def test_named_mistakes_change_the_count_as_players_get_it_wrong(hand, starter, crib, name, points):
    score = score_hand(hand, starter, crib=crib)
    claimed, slips = MISTAKES[name](random.Random(0), score)
    assert sum(i.points for i in claimed) == score.total - points
    assert slips[0].points == points


def test_the_computer_draws_its_miscounts_from_the_catalogue_at_the_rate_set():
    rng = random.Random(5)
    names: Counter[str] = Counter()
    wrong = 0
    trials = 3000
    for _ in range(trials):
        deck = shuffled_deck(rng)
        crib = rng.random() < 0.3
        score = score_hand(deck[:4], deck[4], crib=crib)
        names[draw_mistake(score, random.Random(rng.random())).name] += 1
        said, spoken, slip = make_claim(score, rng, 0.25)
        wrong += said != score.total
        assert said == spoken.total
        assert (slip == "right") == (said == score.total)
    # the real mistakes turn up (all but the rare triple and double-double runs in 3,000 hands),
    # the wrong jack, the four-card crib flush and the missed second run of a double run included
    rare = {"a triple run counted short", "a double-double run counted short"}
    assert set(MISTAKES) - rare <= set(names) <= set(MISTAKES)
    assert 0.20 < wrong / trials < 0.27


def test_a_muggins_counter_with_miscount_one_is_always_wrong_by_a_catalogue_mistake():
    rng = random.Random(1)
    for _ in range(200):
        deck = shuffled_deck(rng)
        score = score_hand(deck[:4], deck[4])
        said = announce_count(deck[:4], deck[4], False, miscount=1.0, rng=rng)
        assert said != score.total or score.total + 2 > 29
