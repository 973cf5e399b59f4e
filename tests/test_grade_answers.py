"""The one parser of typed answers: the forms people write, and a clear message for anything else."""

from __future__ import annotations

import pytest

from crib_widgets.cards import parse_cards
from crib_widgets.exercises import AnswerError, CountingExercise, check_answer, make_set, read_answer

# 7H 8C 7D 4S with the starter KC: two fifteens (7+8, 7+8) and a pair of sevens, 6 in all.
HAND = CountingExercise(1, "test", tuple(parse_cards("7H 8C 7D 4S")), parse_cards("KC")[0])


def test_the_test_hand_scores_what_the_answers_assume():
    solution = HAND.solution()
    assert solution.by_kind() == {"fifteen": 4, "pair": 2, "run": 0, "flush": 0, "nobs": 0}


@pytest.mark.parametrize(
    ("text", "by_kind"),
    [
        ("15-2 15-4 pair 6", {"fifteen": 4, "pair": 2}),
        ("15-2, 15-4 and a pair is 6", {"fifteen": 4, "pair": 2}),
        ("fifteen 2, a pair is 4", {"fifteen": 2, "pair": 2}),
        ("fifteen 2 + pair 2 + run 3", {"fifteen": 2, "pair": 2, "run": 3}),
        ("fifteen 2 + fifteen 2 + pair 2", {"fifteen": 4, "pair": 2}),
        ("fifteens 4 pairs 0", {"fifteen": 4, "pair": 0}),
        ("fifteens 4, pairs 2", {"fifteen": 4, "pair": 2}),
        ("Fifteens: 4; Pairs = 2", {"fifteen": 4, "pair": 2}),
        ("2 for fifteen, 2 for a pair", {"fifteen": 2, "pair": 2}),
        ("15's 4 pair 2", {"fifteen": 4, "pair": 2}),
    ],
)
def test_points_per_kind_are_read_in_the_forms_people_write(text, by_kind):
    assert read_answer(HAND, text).by_kind == by_kind


@pytest.mark.parametrize(
    "text", ["15-2 15-4 pair 6", "fifteen 2 + fifteen 2 + pair 2", "fifteens 4 pairs 2", "6"])
def test_each_right_form_is_graded_right(text):
    assert check_answer(HAND, text).correct, text


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("15-2 pair 2", "does not add up: counted aloud, each number is the running total"),
        ("fifteens many", "is not an answer: write the points as a number from 0 to 29"),
        ("sevens 2", "'sevens' in 'sevens 2' is not a kind of points here: use fifteens, pairs, runs"),
        ("runs 3, runs 4", "run appears twice in 'runs 3, runs 4': give each kind once"),
        ("go 1", "'go' in 'go 1' is not a kind of points here"),
        ("lots", "'lots' is not an answer"),
    ],
)
def test_anything_else_gets_a_clear_message(text, message):
    with pytest.raises(AnswerError) as error:
        read_answer(HAND, text)
    assert message in str(error.value)
    assert check_answer(HAND, text).status == "unreadable"


def test_muggins_calls_are_read_as_people_say_them():
    muggins = make_set("muggins", "easy", 4, 7)
    exercise = muggins[1]
    assert read_answer(exercise, "accept").total == 0
    assert read_answer(exercise, "muggins 4").total == 4
    assert read_answer(exercise, "too high 3").total == -3
    assert read_answer(exercise, "15-2 15-4 pair 6").by_kind == {"fifteen": 4, "pair": 2}
    with pytest.raises(AnswerError, match="does not say how many points were missed"):
        read_answer(exercise, "muggins")


def test_play_answers_take_the_play_kinds_added_up():
    play = make_set("play", "hard", 1, 7)[1]
    assert read_answer(play, "thirty-one 2 + last card 1").by_kind == {"thirty-one": 2, "last card": 1}
    assert read_answer(play, "pair 2, go 1").by_kind == {"pair": 2, "go": 1}
