"""Grading answers: right, wrong (with a diagnosis per kind) and malformed (with a clear message)."""

from __future__ import annotations

import pytest

from crib_widgets.cards import Card, parse_cards
from crib_widgets.errors import CribbageError
from crib_widgets.exercises import (
    AnswerError,
    CountingExercise,
    PlayExercise,
    check_answer,
    grade,
    make_set,
    read_answer,
)
from crib_widgets.exercises.mistakes import MUGGINS_FOCUSES, make_muggins
from crib_widgets.scoring import CRIB_FLUSH_RULE


def counting(hand: str, starter: str, crib: bool = False) -> CountingExercise:
    return CountingExercise(1, "test", tuple(parse_cards(hand)), Card.parse(starter), crib)


THREE_FIFTEENS = counting("5H 10C JD QS", "2C")  # 5+10, 5+J, 5+Q and the run 10-J-Q: 9
DOUBLE_DOUBLE = counting("KH KC QS JD", "JS", crib=True)  # two pairs and four runs of three: 16
CRIB_FOUR_DIAMONDS = counting("6D 3D KD 10D", "6S", crib=True)  # 6+6+3 and a pair; no flush: 4


def test_the_examples_score_what_the_comments_say():
    assert [e.solution().answer for e in (THREE_FIFTEENS, DOUBLE_DOUBLE, CRIB_FOUR_DIAMONDS)] == [9, 16, 4]


@pytest.mark.parametrize("answer", [9, "9", " 9 ", "9 points", "9 pts"])
def test_a_right_total_is_right(answer):
    g = check_answer(THREE_FIFTEENS, answer)
    assert g.correct and g.status == "right" and g.message == "right: 9 points"


def test_a_wrong_total_says_which_way_without_giving_the_answer_away():
    low, high = check_answer(THREE_FIFTEENS, 7), check_answer(THREE_FIFTEENS, 11)
    assert (low.status, high.status) == ("wrong", "wrong")
    assert "more points to find" in low.message and "fewer points" in high.message
    assert "9" not in low.message + high.message


def test_per_kind_answers_say_how_many_combinations_were_found():
    g = check_answer(THREE_FIFTEENS, "fifteens 4, runs 3")
    assert g.status == "wrong"
    assert g.kind_messages() == ["fifteens: 2 of 3 found (4 of 6 points)"]
    assert g.kind_messages(all_kinds=True) == [
        "fifteens: 2 of 3 found (4 of 6 points)", "runs: right (3 points)"]
    assert g.message == "not yet: 7 in all; fifteens: 2 of 3 found (4 of 6 points)"


def test_per_kind_answers_that_are_all_right_are_right():
    for answer in ("fifteens 6, runs 3", "15s: 6; run=3", {"fifteen": 6, "runs": "3"},
                   "runs 3 and fifteens 6"):
        g = check_answer(THREE_FIFTEENS, answer)
        assert g.correct, answer
    assert check_answer(DOUBLE_DOUBLE, "pairs 4, runs 12").message == "right: 16 points, every kind"


def test_a_missed_run_in_a_double_double_run_gets_the_rule_as_a_hint():
    g = check_answer(DOUBLE_DOUBLE, "pairs 4, runs 6")
    assert g.kind_messages() == [
        "runs: 2 of 4 found (6 of 12 points): a repeated rank inside a run makes another whole run"
    ]


def test_a_four_card_flush_claimed_in_the_crib_is_diagnosed_with_the_crib_rule():
    g = check_answer(CRIB_FOUR_DIAMONDS, "fifteens 2, pairs 2, flush 4")
    assert g.status == "wrong"
    assert g.kind_messages() == [
        f"flush: you gave 4, but there are none: {CRIB_FLUSH_RULE}"
    ]


def test_points_given_for_a_kind_that_is_not_there_are_named():
    g = check_answer(THREE_FIFTEENS, "fifteens 6, runs 3, pairs 2")
    assert g.kind_messages() == ["pairs: you gave 2, but there are none"]


def test_three_of_a_kind_counted_as_one_pair_gets_its_hint():
    g = check_answer(counting("7C 7S 7H 8C", "10C"), "pairs 2, fifteens 6")
    assert "pairs: 1 of 3 found (2 of 6 points): three of a kind is three pairs (6)" in g.kind_messages()[0]


@pytest.mark.parametrize(
    ("answer", "message"),
    [
        ("lots", "'lots' is not an answer: write the points as a number from 0 to 29, e.g. 12, or "
                   "points per kind, e.g. 'fifteens 4, pairs 2, runs 3'"),
        ("-3", "'-3' is out of range: points must be from 0 to 29"),
        (30, "'30' is out of range: points must be from 0 to 29"),
        ("fifteens many", "'fifteens many' is not an answer"),
        ("sevens 2",
         "'sevens' in 'sevens 2' is not a kind of points here: use fifteens, pairs, runs, flush, nobs"),
        ("runs 3, runs 4", "run appears twice in 'runs 3, runs 4': give each kind once"),
        ("fifteens 40", "40 points for fifteen in 'fifteens 40' is out of range: give 0 to 29"),
        ({"fifteens": "x"}, "'x' for 'fifteens' is not a number of points"),
        ({"fifteens": True}, "True for 'fifteens' is not a number of points"),
        ({}, "the answer names no kinds"),
        (True, "True is not an answer"),
        (3.5, "3.5 is not an answer"),
        (["9"], "['9'] is not an answer"),
        ("go 1", "'go' in 'go 1' is not a kind of points here"),
    ],
)
def test_a_malformed_answer_gets_a_clear_message(answer, message):
    with pytest.raises(AnswerError) as error:
        read_answer(THREE_FIFTEENS, answer)
    assert message in str(error.value)
    g = check_answer(THREE_FIFTEENS, answer)
    assert g.status == "unreadable" and not g.correct and message in g.message


@pytest.mark.parametrize("answer", [None, "", "   "])
def test_an_empty_answer_is_unanswered_not_wrong(answer):
    assert check_answer(THREE_FIFTEENS, answer).status == "unanswered"


# ---- the play -------------------------------------------------------------------------------


def _play(text: str, players: int = 2, final: bool = False) -> PlayExercise:
    plays = tuple((i % players, None if t == "GO" else Card.parse(t)) for i, t in enumerate(text.split()))
    last = max(i for i, (_, c) in enumerate(plays) if c is not None)
    return PlayExercise(1, "test", players, plays, last, final)


def test_play_answers_name_play_kinds_and_count_the_go():
    three = _play("4H 4D 4C GO GO GO", players=3)
    assert three.solution().answer == 7
    assert check_answer(three, "pair 6, go 1").correct
    assert check_answer(three, 7).correct
    g = check_answer(three, "pair 6")
    assert g.kind_messages() == ["the go: 0 of 1 points found: nobody could lay another card under 31, "
                                 "so the last card laid takes 1 for the go"]
    g = check_answer(three, "pair 2, go 1")
    assert g.kind_messages() == ["pairs: 2 of 6 points found: three of a kind in a row scores 6, four 12"]


def test_the_last_card_of_the_play_is_a_kind_of_its_own():
    last = _play("10H 5C 9D", players=3, final=True)
    assert last.solution().by_kind()["last card"] == 1
    assert check_answer(last, "last card 1").correct
    assert check_answer(last, "thirty-one 0, last 1").correct


# ---- Muggins --------------------------------------------------------------------------------


def _muggins(name: str, level: str = "easy"):
    import random

    focus = next(f for f in MUGGINS_FOCUSES[level] if f.name == name)
    return make_muggins(random.Random(1), level, focus, 1, set())


@pytest.mark.parametrize("answer", ["muggins 2", "Muggins, 2!", "missed 2", "+2", 2, "muggins by 2 points"])
def test_a_muggins_call_for_the_points_missed_is_right(answer):
    e = _muggins("a missed fifteen")
    assert e.solution().answer == 2
    g = check_answer(e, answer)
    assert g.correct and g.message.startswith("right: Muggins, 2 (missed a fifteen:")


@pytest.mark.parametrize("answer", ["too high 2", "too high by 2", "over 2", "-2", -2])
def test_an_objection_to_an_overcount_is_right(answer):
    e = _muggins("a fifteen counted twice")
    assert e.solution().answer == -2
    assert check_answer(e, answer).correct


def test_wrong_calls_say_what_kind_of_mistake_to_look_for():
    right = _muggins("a right count")
    assert check_answer(right, "accept").correct and check_answer(right, "OK").correct
    assert check_answer(right, "muggins 2").message == (
        "not yet: you said 'Muggins, 2', but the count is right")
    missed = _muggins("a missed fifteen")
    assert "look again, the count is too low" in check_answer(missed, "accept").message
    assert "the direction is right" in check_answer(missed, "muggins 4").message
    assert "too low" in check_answer(missed, "too high 2").message


@pytest.mark.parametrize(
    ("answer", "message"),
    [
        ("muggins", "'muggins' does not say how many points were missed: name a number from 1 to 29"),
        ("too high", "'too high' does not say how many points were counted too many"),
        ("4", "'4' is not clear for Muggins: say 'accept' if the count is right, 'muggins 2' if 2 points"),
        ("muggins 40", "'muggins 40' is out of range: a call must be from -29 to 29"),
        ("perhaps", "'perhaps' is not an answer: say 'accept'"),
    ],
)
def test_a_muggins_answer_that_cannot_be_read_says_how_to_call(answer, message):
    g = check_answer(_muggins("a missed fifteen"), answer)
    assert g.status == "unreadable" and message in g.message


def test_a_learners_own_count_per_kind_also_answers_muggins():
    e = _muggins("a missed fifteen")
    true = e.solution().by_kind()
    own = {kind: points for kind, points in true.items() if points}
    g = check_answer(e, own)
    assert g.correct and "means 'Muggins, 2'" in g.message
    short = dict(own, fifteen=own["fifteen"] - 2)
    g = check_answer(e, short)
    assert not g.correct and "means 'accept'" in g.message and "fifteens:" in g.message


# ---- a whole set ----------------------------------------------------------------------------


def test_grading_a_whole_set_counts_right_wrong_unreadable_and_unanswered():
    s = make_set("counting", "medium", 4, 7)
    answers = [s[1].solution().answer, "lots", s[3].solution().answer + 1, None]
    report = grade(s, answers)
    assert [g.status for g in report.grades] == ["right", "unreadable", "wrong", "unanswered"]
    assert report.summary() == "1 of 4 right; 1 could not be read; 1 not answered"
    lines = report.text().splitlines()
    assert lines[0] == "Counting hands: medium (set counting/medium/4/7)"
    assert lines[1] == f" 1. right: {s[1].solution().answer} points"
    assert lines[-1] == "1 of 4 right; 1 could not be read; 1 not answered."


def test_a_set_can_be_graded_from_numbered_answers_and_spots_habits_across_it():
    s = make_set("counting", "hard", 6, 7, student="Ann")
    with_nobs = [n for n in range(1, 7) if s[n].solution().points("nobs")]
    assert with_nobs, "a hard block always has a question on his nobs"
    per_kind = {n: {k: v for k, v in s[n].solution().by_kind().items() if k != "nobs"} for n in with_nobs}
    report = grade(s, per_kind)
    assert report.title.startswith("Counting hands: hard for Ann")
    assert report.found_by_kind()["nobs"] == (0, len(with_nobs))
    assert f"his nobs: 0 of {len(with_nobs)} points found" in report.text()
    assert report.count("unanswered") == 6 - len(with_nobs)


def test_grading_with_the_wrong_number_or_kind_of_answers_is_an_error():
    s = make_set("counting", "easy", 2, 7)
    with pytest.raises(CribbageError, match="3 answers were given for a set of 2 questions"):
        grade(s, [1, 2, 3])
    with pytest.raises(CribbageError, match="question 3 is not in this set: number answers 1 to 2"):
        grade(s, {3: 4})
    with pytest.raises(CribbageError, match="answers must be a list"):
        grade(s, "4 2")
