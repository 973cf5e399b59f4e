"""The counting trainer's model driven without ipywidgets: levels, grading through the worksheets'
grader, explanations in the scoring module's words, and the learner's record."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from crib_widgets.cards import full_deck
from crib_widgets.errors import CardError, CribbageError
from crib_widgets.exercises.grading import check_answer
from crib_widgets.exercises.model import CountingExercise
from crib_widgets.lessons import AnswerRecord, CountingLesson
from crib_widgets.lessons.counting import LEVELS
from crib_widgets.lessons.ladders import HANDS, LADDERS
from crib_widgets.scoring import CRIB_FLUSH_RULE, KINDS, score_hand
from crib_widgets.skills import SKILLS


def test_the_models_need_no_ipywidgets():
    code = ("import sys; import crib_widgets.lessons as L; L.CountingLesson(seed=1); L.PeggingLesson(); "
            "L.MugginsLesson(seed=1); print('ipywidgets' in sys.modules, "
            "any(m.startswith('crib_widgets.widgets') for m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["False", "False"]


@pytest.mark.parametrize("level", list(LEVELS))
def test_each_level_walks_its_ladder_then_deals_hands_in_its_kinds(level):
    lesson = CountingLesson(level=level, seed=3)
    for index, rung in enumerate(LADDERS[level]):
        assert lesson.rung == index
        assert lesson.score == score_hand(rung.hand, rung.starter, crib=rung.crib)
        lesson.new_hand()
    assert lesson.rung is None and lesson.climbed and "the ladder is climbed" in lesson.where()
    for _ in range(10):
        scored = {k for k, v in lesson.score.by_kind().items() if v}
        assert scored <= set(LEVELS[level][1])
        assert set(lesson.shown_kinds()) >= set(LEVELS[level][1])
        lesson.new_hand()


def test_a_right_count_by_kind_is_graded_right_and_recorded_per_skill():
    lesson = CountingLesson("5H 5D 5S JC", starter="5C")
    verdict = lesson.check_kinds({"fifteen": 16, "pair": 12, "nobs": 1})
    assert verdict.right and verdict.grade.correct
    assert {(r.skill, r.right) for r in verdict.records} == {
        ("fifteens", True), ("pairs", True), ("his nobs", True), ("a right count", True)}
    assert all(r.unaided and r.lesson == "counting" for r in lesson.records)
    assert {r.position for r in lesson.records} == {"5H 5D 5S JC | 5C"}
    assert lesson.tally == (1, 1) and lesson.done


def test_a_wrong_count_names_the_missed_combination_and_records_the_skill_wrong():
    lesson = CountingLesson("7H 8C 2D 2S", starter="KH")
    verdict = lesson.check_kinds({"fifteen": 0, "pair": 2})
    assert not verdict.right
    fifteens = verdict.lines[0]
    assert fifteens.tone == "missed" and fifteens.head == "✗ Fifteens: you missed 2"
    assert "fifteen: 7♥ + 8♣ (2)" in fifteens.detail
    assert verdict.lines[1].head == "Pairs: 2 — right."
    assert ("fifteens", False) in [(r.skill, r.right) for r in verdict.records]
    assert lesson.tally == (0, 1)


def test_a_second_try_and_a_try_after_the_count_was_shown_are_not_first_unaided_tries():
    lesson = CountingLesson("7H 8C 2D 2S", starter="KH")
    lesson.check_total(2)
    second = lesson.check_total(4)
    assert second.right and {r.attempt for r in second.records} == {2}
    assert lesson.tally == (0, 1)
    lesson.new_hand()
    lesson.next_step()  # the count is shown: a hint
    hinted = lesson.check_total(lesson.score.total)
    assert hinted.right and all(r.hinted and not r.unaided for r in hinted.records)
    assert lesson.tally == (0, 1)  # only unaided first tries count


def test_a_wrong_total_points_at_the_kind_worth_the_gap_and_says_the_crib_rule():
    lesson = CountingLesson("3H 4D 5S KC", starter="9C")
    verdict = lesson.check_total(lesson.score.total - 3)
    heads = [line.head for line in verdict.lines]
    assert heads[0].startswith("✗ You said") and "Look again at the runs" in heads
    crib = CountingLesson("2H 6H 9H KH", starter="5C", crib=True)
    too_many = crib.check_total(crib.score.total + 4)
    assert f"Too many: {CRIB_FLUSH_RULE}." in [line.head for line in too_many.lines]
    assert ("the crib's flush" not in {r.skill for r in too_many.records})  # a total names no kind


def test_a_crib_flush_given_per_kind_is_the_crib_flush_skill():
    crib = CountingLesson("2H 6H 9H KH", starter="5C", crib=True)
    truth = crib.score.by_kind()
    verdict = crib.check_kinds({**truth, "flush": 4})
    assert not verdict.right and CRIB_FLUSH_RULE in verdict.lines[KINDS.index("flush")].detail
    assert ("the crib's flush", False) in [(r.skill, r.right) for r in verdict.records]


def test_a_number_no_hand_can_score_is_refused_and_not_recorded():
    lesson = CountingLesson(seed=2)
    verdict = lesson.check_total(30)
    assert verdict.problem.startswith("Total: 30 cannot be right") and verdict.grade is None
    assert lesson.check_kinds({"fifteen": -2}).problem.startswith("Fifteens: -2 cannot be right")
    assert lesson.records == [] and lesson.attempts == 0


def test_counting_aloud_steps_through_the_count_and_marks_the_hand_hinted():
    lesson = CountingLesson("4H 5C 6D JS", starter="5S")
    steps = lesson.score.steps()
    said = []
    for _ in steps:
        last = lesson.next_step()
        said.append(lesson.step_text)
    assert said == [s.words for s in steps] and last and lesson.hinted
    lesson.set_phrasing("plain")
    assert lesson.step == -1 and lesson.phrasing == "plain"


def test_records_travel_as_plain_values():
    lesson = CountingLesson("5H 5D 5S JC", starter="5C", crib=True)
    lesson.check_total(28)
    for record in lesson.records:
        assert AnswerRecord.from_dict(record.to_dict()) == record
        assert record.skill in SKILLS and record.position.endswith("crib")
    with pytest.raises(CribbageError, match="answer record's right must be bool"):
        AnswerRecord.from_dict({**lesson.records[0].to_dict(), "right": "yes"})


def test_bad_options_are_refused_with_a_sentence():
    with pytest.raises(CribbageError, match="level 'hard' is not known"):
        CountingLesson(level="hard")
    with pytest.raises(CribbageError, match="both a hand of four cards and a starter"):
        CountingLesson("5H 5D 5S JC")
    lesson = CountingLesson("5H 5D 5S JC", starter="5C")
    with pytest.raises(CardError):
        lesson.show_hand("5H 5D 5S ZZ", "5C")
    assert lesson.score.total == 29
    with pytest.raises(CribbageError, match="level 7 is not known"):
        lesson.set_level(7)
    assert lesson.level == "everything"


@settings(max_examples=60, deadline=None)
@given(st.randoms(use_true_random=False), st.integers(0, 29), st.booleans())
def test_the_trainer_grades_as_the_worksheets_grader_does(rng, total, crib):
    deck = list(full_deck())
    random.Random(rng.random()).shuffle(deck)
    hand, starter = deck[:4], deck[4]
    lesson = CountingLesson(hand, starter=starter, crib=crib)
    exercise = CountingExercise(1, "a right count", tuple(hand), starter, crib)
    assert lesson.check_total(total).right == check_answer(exercise, total).correct
    said = {k: rng.choice([v, v + 1, max(v - 2, 0)]) for k, v in lesson.score.by_kind().items()}
    # a fresh trainer: one that was counted right already grades no further answer to the hand
    verdict = CountingLesson(hand, starter=starter, crib=crib).check_kinds(said)
    assert verdict.right == check_answer(exercise, said).correct == (said == lesson.score.by_kind())


def test_a_wrong_kind_is_reminded_of_the_rule_in_the_worksheets_words():
    lesson = CountingLesson("4H 5C 5D 6S", starter="KS")  # a double run: two runs of three
    verdict = lesson.check_kinds({"fifteen": 8, "pair": 2, "run": 3})
    (check,) = [c for c in verdict.grade.kinds if not c.correct]
    runs = verdict.lines[KINDS.index("run")]
    assert check.hint and runs.detail.endswith(f"Remember: {check.hint}.")
    assert "another whole run" in runs.detail


def test_a_lesson_without_cribs_never_asks_a_crib():
    """A page before the crib is taught (the whole-show chapter) asks hands only, ladder and dealt."""
    lesson = CountingLesson(level="everything", seed=6, cribs=False)
    seen = []
    for _ in range(40):  # the whole ladder, then dealt hands
        seen.append(lesson.score.crib)
        lesson.new_hand()
    assert not any(seen) and lesson.climbed
    assert lesson.ladder == HANDS, "its own ladder of hands: not the crib chapter's hands"
    assert CountingLesson(level="everything", seed=6).score.crib  # the ladder itself still opens on a crib


def test_a_chapters_own_ladder_scores_only_in_its_levels_kinds_and_shares_no_hand():
    """Issue 36, item 9: chapter 01's first taste and chapter 04's hands are ladders of their own."""
    from crib_widgets.lessons.ladders import FIRST_FIFTEENS, LEVEL_KINDS, OWN_LADDERS

    seen = {frozenset(f"{r.hand} {r.starter}".split()) for ladder in LADDERS.values() for r in ladder}
    for name, (level, rungs) in OWN_LADDERS.items():
        for rung in rungs:
            score = score_hand(rung.hand, rung.starter, crib=rung.crib)
            assert not any(v for k, v in score.by_kind().items() if k not in LEVEL_KINDS[level]), rung
            assert not rung.crib and rung.starter[:-1] != "J", rung
            cards = frozenset(f"{rung.hand} {rung.starter}".split())
            assert cards not in seen, (name, rung)
            seen.add(cards)
    assert max(score_hand(r.hand, r.starter).total for r in FIRST_FIFTEENS) <= 6, "a first taste is gentle"
    lesson = CountingLesson(level="fifteens", seed=1, ladder="first")
    assert lesson.ladder == FIRST_FIFTEENS and lesson.where().startswith("Fifteens, hand 1 of 8.")
    lesson.set_level("pairs_runs")
    assert lesson.ladder == LADDERS["pairs_runs"], "another level climbs its own ladder"
    with pytest.raises(CribbageError, match="ladder 'hands' is not a ladder of level 'fifteens'"):
        CountingLesson(level="fifteens", ladder="hands")
