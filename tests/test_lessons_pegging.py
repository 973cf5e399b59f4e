"""The pegging drill's model driven without ipywidgets: questions, grading through the worksheets'
grader, the engine's answers, and the learner's record."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from crib_widgets.cards import Card, full_deck
from crib_widgets.errors import CribbageError
from crib_widgets.exercises.grading import check_answer
from crib_widgets.lessons import SCENARIOS, TOPICS, PeggingLesson, Scenario
from crib_widgets.lessons.pegging import play_exercise, solve
from crib_widgets.pegging import score_sequence
from crib_widgets.skills import SKILLS, Skill
from crib_widgets.strategy.review.reasons import replies_words


def _by_title(title: str) -> Scenario:
    return next(s for s in SCENARIOS if s.title == title)


@pytest.mark.parametrize("topic", [t for t in TOPICS if any(s.topic == t for s in SCENARIOS)])
def test_each_topic_asks_its_own_questions_and_a_round_comes_back_round(topic):
    lesson = PeggingLesson(topic=topic, seed=4)
    seen = []
    for _ in lesson.queue:
        assert lesson.scenario.topic == topic
        seen.append(lesson.scenario.title)
        lesson.next()
    assert lesson.position == 0 and len(set(seen)) == len(seen)


def test_a_right_points_answer_is_recorded_as_the_skill_it_scores_in():
    lesson = PeggingLesson([_by_title("A run laid out of order")], shuffle=False)
    assert lesson.check_points("3").right and lesson.done
    (record,) = lesson.records
    assert (record.lesson, record.skill, record.right, record.unaided) == ("pegging", "runs", True, True)
    assert record.given == "3" and record.position.startswith(" ".join(lesson.scenario.plays))
    assert lesson.tally == (1, 1)
    assert lesson.check_points("3").problem  # an answered question takes no more answers
    assert len(lesson.records) == 1


def test_wrong_then_right_counts_once_and_the_second_try_is_marked():
    lesson = PeggingLesson([_by_title("A pair")], shuffle=False)
    assert not lesson.check_points(4).right and not lesson.done
    assert lesson.check_points(2).right
    assert [(r.right, r.attempt) for r in lesson.records] == [(False, 1), (True, 2)]
    assert lesson.tally == (0, 1)


def test_text_that_is_not_a_number_is_explained_and_not_recorded():
    lesson = PeggingLesson([_by_title("A pair")], shuffle=False)
    for typed, words in (("", "Type a number"), ("two", '"two" is not a whole number'),
                         ("40", "40 cannot be the answer")):
        assert words in lesson.check_points(typed).problem
    assert lesson.records == [] and lesson.tally == (0, 0)


def test_show_me_before_an_answer_is_a_hinted_miss():
    lesson = PeggingLesson([_by_title("A run and the go")], shuffle=False)
    lesson.reveal()
    assert [(r.skill, r.right, r.hinted) for r in lesson.records] == [("runs", False, True),
                                                                      ("go and 31", False, True)]
    assert lesson.tally == (0, 1) and lesson.done
    lesson.reveal()
    assert len(lesson.records) == 2


def test_which_card_questions_are_pegging_choices_and_an_unplayable_card_is_refused():
    best = _by_title("Reach 31")
    lesson = PeggingLesson([best], shuffle=False)
    unplayable = next((c for c, pts, _ in lesson.answer.options if pts is None), None)
    if unplayable is not None:
        assert "cannot be laid" in lesson.pick(unplayable).problem
    assert "not in your hand" in lesson.pick(Card.parse("KH")).problem
    assert lesson.records == []
    (card, *_) = lesson.answer.best_cards
    assert lesson.pick(card).right and lesson.chosen == card
    assert [(r.skill, r.right, r.given) for r in lesson.records] == [(Skill.PEGGING_CHOICES, True, str(card))]


def test_the_safest_card_is_explained_with_the_reviews_words_for_the_next_players_answers():
    scenario = _by_title("Don't set up a run or a fifteen")
    answer = solve(scenario)
    pile = [Card.parse(p) for p in scenario.plays]
    hand = [Card.parse(c) for c in scenario.hand]
    unseen = [c for c in full_deck() if c not in hand and c not in pile]
    for card, _, reasons in answer.options:
        assert reasons[1] == replies_words([*pile, card], unseen)


def test_every_skill_recorded_is_a_skill_the_teachers_report_knows():
    for scenario in SCENARIOS:
        lesson = PeggingLesson([scenario], shuffle=False)
        assert set(lesson.skills) <= {*SKILLS, Skill.PEGGING_CHOICES}


def test_bad_options_are_refused_with_a_sentence():
    with pytest.raises(CribbageError, match="topic 'chess' is not known"):
        PeggingLesson(topic="chess")
    with pytest.raises(CribbageError, match="gives the drill no questions"):
        PeggingLesson([])
    with pytest.raises(CribbageError, match="shuffle='no' is not allowed"):
        PeggingLesson(shuffle="no")


@settings(max_examples=40, deadline=None)
@given(st.sampled_from([s for s in SCENARIOS if s.ask == "last"]), st.integers(0, 31))
def test_the_drill_grades_as_the_worksheets_grader_and_the_go_as_the_engine(scenario, typed):
    lesson = PeggingLesson([scenario], shuffle=False)
    exercise = play_exercise(scenario)
    assert lesson.check_points(typed).right == check_answer(exercise, typed).correct
    last = max(i for i, p in enumerate(scenario.plays) if p.upper() != "GO")
    points = score_sequence(list(scenario.plays), scenario.players, scenario.final)
    assert lesson.answer.points == points[last]
    assert lesson.answer.points == sum(int(r.split()[0]) for r in lesson.answer.reasons)


def test_the_same_answer_is_recorded_once():
    """Issue 36, item 1: an answer asked twice (Check pressed twice, Enter then Check) counts once."""
    d = PeggingLesson(topic="sets", shuffle=False)
    wrong = d.answer.points + 1
    assert not d.check_points(wrong).right
    records = list(d.records)
    again = d.check_points(str(wrong))
    assert again.problem.startswith(f"You said {wrong} already") and d.records == records
    assert d.attempts == 1 and d.tally == (0, 1)
    assert d.check_points(d.answer.points).right and d.attempts == 2
    assert d.check_points(d.answer.points).problem.startswith("This question is answered")


def test_the_same_card_picked_twice_is_recorded_once():
    d = PeggingLesson(topic="best", shuffle=False)
    wrong = next(c for c, pts, _ in d.answer.options if pts is not None and pts != d.answer.points)
    assert not d.pick(wrong).right
    records = list(d.records)
    assert "already" in d.pick(wrong).problem and d.records == records and d.attempts == 1
