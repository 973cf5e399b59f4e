"""One sentence for each scoring rule a learner trips on: a four-card flush in the crib, and his
nobs claimed for a jack of the wrong suit. The counting trainer, the grading hints, the worksheet
key (HTML and Markdown) and the class report all say the scoring module's sentence
(`HandScore.not_scored`), never one of their own."""

from __future__ import annotations

import re

import pytest

from crib_widgets.exercises.assign import Assignment
from crib_widgets.exercises.export_html import answer_html
from crib_widgets.exercises.export_markdown import answer_key_markdown
from crib_widgets.exercises.generate import make_set
from crib_widgets.exercises.grading import check_answer
from crib_widgets.exercises.model import CountingExercise, ExerciseSet
from crib_widgets.exercises.report import class_report
from crib_widgets.scoring import CRIB_FLUSH_RULE, NOBS_RULE, score_hand
from crib_widgets.widgets.counting_trainer import CountingTrainer
from crib_widgets.widgets.styles import esc

# a crib of four diamonds with a club starter; a hand whose only jack is not of the starter's suit
CRIB_FLUSH = ("2D 6D 9D KD", "5C", True, "flush", CRIB_FLUSH_RULE)
WRONG_JACK = ("JD 2C 6S 9H", "5C", False, "nobs", f"{NOBS_RULE} (♣), not J♦")
CASES = pytest.mark.parametrize("hand, starter, crib, kind, sentence", [CRIB_FLUSH, WRONG_JACK],
                                ids=["crib flush", "wrong jack"])


def _claim(hand, starter, crib, kind) -> str:
    """The count by kind with the kind claimed that does not score (4 for a flush, 1 for nobs)."""
    said = score_hand(hand, starter, crib=crib).by_kind()
    said[kind] = 4 if kind == "flush" else 1
    return ", ".join(f"{k} {v}" for k, v in said.items())


@CASES
def test_the_scoring_layer_says_the_sentence(hand, starter, crib, kind, sentence):
    assert score_hand(hand, starter, crib=crib).not_scored(kind) == sentence


@CASES
def test_the_counting_trainer_says_it(hand, starter, crib, kind, sentence):
    t = CountingTrainer(hand, starter=starter, crib=crib)
    truth = t.score.by_kind()
    for k, box in t.kind_inputs.items():
        box.value = truth[k]
    t.kind_inputs[kind].value = 4 if kind == "flush" else 1
    t.check_button.click()
    assert esc(sentence) in t.feedback.value


@CASES
def test_the_grading_hint_says_it(hand, starter, crib, kind, sentence):
    score = score_hand(hand, starter, crib=crib)
    exercise = CountingExercise(1, "test", score.hand, score.starter, crib)
    g = check_answer(exercise, _claim(hand, starter, crib, kind))
    [message] = g.kind_messages()
    assert message.endswith(f": {sentence}"), message


@CASES
def test_the_worksheet_key_says_it(hand, starter, crib, kind, sentence):
    score = score_hand(hand, starter, crib=crib)
    exercise = CountingExercise(1, "test", score.hand, score.starter, crib)
    assert f"Does not score: {esc(sentence)}." in answer_html(exercise)
    key = answer_key_markdown(ExerciseSet("counting", "hard", 1, (exercise,)))
    assert f"Does not score: {sentence}." in key


MUGGINS_FOCUS = {"flush": "a flush of four in the crib", "nobs": "his nobs for the wrong jack"}


def _muggins_question(kind: str):
    s = make_set("muggins", "hard", 8, 11)  # 8 focuses a block: each mistake comes once
    return next(e for e in s if e.focus == MUGGINS_FOCUS[kind])


@pytest.mark.parametrize("kind", ["flush", "nobs"])
def test_a_muggins_key_names_the_rule_in_the_same_words(kind):
    exercise = _muggins_question(kind)
    sentence = exercise.score().not_scored(kind)
    assert sentence.startswith(CRIB_FLUSH_RULE if kind == "flush" else NOBS_RULE)
    [note] = exercise.solution().notes
    assert sentence in note
    assert esc(sentence) in answer_html(exercise)
    # a right call repeats the key's words
    assert sentence in check_answer(exercise, exercise.solution().call).message


CLASS = ("Ann", "Ben", "Cleo", "Dev")


@pytest.mark.parametrize("answer_by, words", [
    ("total", {"flush": f"did not catch: a flush of four in the crib ({CRIB_FLUSH_RULE})",
               "nobs": f"did not catch: his nobs for the wrong jack ({NOBS_RULE})"}),
    ("kind", {"flush": f"flush too many ({CRIB_FLUSH_RULE})", "nobs": f"his nobs too many ({NOBS_RULE})"}),
])
def test_the_class_report_names_the_rule_in_the_same_words(answer_by, words):
    """Every student misses both; the report names each once for the whole class, with the rule's
    sentence and without one hand's cards."""
    klass = Assignment("muggins", "hard", 8, 11, CLASS, answer_by=answer_by)
    answers = {}
    for name in CLASS:
        exercises = list(klass.student_set(name))
        if answer_by == "total":  # the student catches nothing
            answers[name] = ["accept"] * len(exercises)
        else:  # the student counts each hand as the counter did
            answers[name] = [", ".join(f"{k} {v}" for k, v in e.announced_score().by_kind().items())
                             for e in exercises]
    report = class_report(klass, answers)
    for text in words.values():
        assert len(report.mistake_students.get(text, ())) == len(CLASS), (text, report.mistake_students)
    assert not any(re.search(r"not J[♠♥♦♣]", text) for text in report.mistake_students)
