"""The Muggins quiz's model driven without ipywidgets: the computer's count, the rules' settlement,
grading through the worksheets' grader, the best answer, and the learner's record."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from crib_widgets.errors import CribbageError
from crib_widgets.game.muggins import settle
from crib_widgets.lessons import MugginsLesson
from crib_widgets.skills import SKILLS, Skill
from crib_widgets.strategy.muggins_players import answer_count

HAND = ("5H 5D 5S JC", "5C")  # 29
LOW = ("7H 8C 2D 3S", "KH")  # 4


def quiz(announced: int, hand=HAND) -> MugginsLesson:
    return MugginsLesson(hands=[(*hand, announced)])


def test_a_muggins_call_naming_every_missed_point_is_best_and_settled_by_the_rules():
    q = quiz(24)
    assert q.best_answer == ("muggins", 5)
    outcome = q.answer("muggins", 5)
    assert outcome.right and outcome.settlement == settle(24, 29, "muggins", 5)
    assert q.tally == {"won": 5, "given": 0, "missed chances": 0, "best": 1, "answered": 1}
    assert [(r.skill, r.right, r.given) for r in q.records] == [(Skill.MUGGINS_CALLS, True, "Muggins, 5")]


def test_naming_too_few_or_too_many_is_not_the_best_call():
    q = quiz(24)
    assert not q.answer("muggins", 3).right
    assert q.tally["won"] == 3 and q.tally["missed chances"] == 2
    assert "won 3 of the 5" in q.outcome_title() and "Naming 5" in q.outcome_words("muggins", 3)
    q = quiz(2, LOW)
    outcome = q.answer("muggins", 4)
    assert not outcome.right and outcome.settlement.caller == 2
    assert "Muggins, 2 was the call" in q.outcome_words("muggins", 4)


def test_an_over_count_objection_and_accepting_are_graded_by_the_true_count():
    q = quiz(8, LOW)
    assert q.best_answer == ("overcount", None)
    assert q.answer("overcount").right and q.tally["won"] == 4
    q = quiz(4, LOW)
    assert not q.answer("overcount").right and q.settlement.outcome == "not too high"
    q = quiz(4, LOW)
    assert q.answer("accept").right and q.records[0].given == "accept"
    q = quiz(20)
    assert not q.answer("accept").right and q.tally["missed chances"] == 9


def test_a_second_answer_or_an_impossible_call_changes_nothing():
    q = quiz(20)
    first = q.answer("accept").settlement
    again = q.answer("overcount")
    assert again.settlement is None and "settled" in again.problem
    assert q.settlement is first and q.tally["answered"] == 1 and len(q.records) == 1
    full = quiz(29)
    assert full.room == 0 and "cannot be called" in full.answer("muggins", 1).problem
    assert full.records == [] and full.settlement is None


def test_a_slip_is_also_recorded_as_the_skill_of_the_kind_it_touched():
    q = MugginsLesson(seed=4, error_rate=1)
    while q.slip != "missed":
        q.next_hand()
    kinds = q.slipped_kinds()
    assert kinds
    q.answer(*q.best_answer)
    skills = [r.skill for r in q.records]
    assert skills[0] == Skill.MUGGINS_CALLS and len(skills) == 1 + len(set(skills[1:]))
    assert set(skills[1:]) <= set(SKILLS)
    assert all(r.right for r in q.records)


def test_bad_options_are_refused_with_a_sentence():
    with pytest.raises(CribbageError, match="is not a chance"):
        MugginsLesson(error_rate=2)
    with pytest.raises(CribbageError, match="announced count is 0 to 29"):
        MugginsLesson(hands=[(*HAND, 30)])
    q = quiz(20)
    with pytest.raises(CribbageError, match="is not an answer to a count"):
        q.answer("shrug")
    with pytest.raises(CribbageError, match="is not a number of points"):
        q.answer("muggins", "2")
    assert q.settlement is None and q.records == []


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from(["accept", "muggins", "overcount"]), st.integers(1, 29))
def test_the_grade_is_right_exactly_when_the_answer_is_the_perfect_callers(seed, kind, named):
    q = MugginsLesson(seed=seed, error_rate=0.7, crib_rate=0.3)
    named = min(named, q.room) if kind == "muggins" else None
    if kind == "muggins" and not named:
        return
    outcome = q.answer(kind, named)
    s = q.score
    best = answer_count(q.announced, s.hand, s.starter, s.crib, skill=1.0, rng=random.Random(seed))
    assert outcome.right == ((kind, named) == best)
    assert outcome.settlement == settle(q.announced, s.total, kind, named)
