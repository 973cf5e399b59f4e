"""The checking widget, driven the way a learner would: type, check, next, reveal."""

from __future__ import annotations

import ipywidgets as widgets

from crib_widgets.exercises import make_set
from crib_widgets.widgets import ExerciseChecker


def _checker(kind="counting", level="medium", hands=3, seed=7):
    return ExerciseChecker(make_set(kind, level, hands, seed))


def test_the_first_view_shows_the_first_question_with_its_cards_and_what_to_do():
    checker = _checker()
    first = checker.exercise_set[1]
    assert checker.number == 1 and checker.progress.value == "Question 1 of 3 \u00b7 0 right so far"
    assert all(f'aria-label="{c.name}"' in checker.question.value for c in first.hand)
    assert checker.feedback.value == "Type your answer and press Enter or Check."
    assert checker.previous_button.disabled and not checker.next_button.disabled
    assert checker.solution.value == ""


def test_a_static_page_still_shows_the_question():
    checker = _checker()
    bundle = checker._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert "Run this notebook to type answers" in bundle["text/html"]
    assert checker.exercise_set[1].starter.name in bundle["text/html"]


def test_checking_a_wrong_then_a_right_answer():
    checker = _checker()
    right = checker.exercise_set[1].solution().answer
    checker.answer.value = str(right + 2)
    assert checker.grades == {}, "typing (or leaving the box) is not an answer"
    checker.check_button.click()
    assert checker.grades[1].status == "wrong"
    assert checker.feedback.value.startswith("<b>\u2718 Not yet</b>")
    assert "Show the answer" in checker.feedback.value
    checker.answer.value = str(right)
    checker.check_button.click()
    assert checker.grades[1].correct and "\u2714 Right" in checker.feedback.value
    assert checker.progress.value.endswith("1 right so far")


def test_answers_per_kind_show_the_diagnosis_kind_by_kind():
    checker = _checker()
    by_kind = checker.exercise_set[1].solution().by_kind()
    assert by_kind["fifteen"] == 4
    checker.answer.value = f"fifteens 2, runs {by_kind['run']}"
    checker.check_button.click()
    assert "<li>fifteens: 1 of 2 found (2 of 4 points)</li>" in checker.feedback.value
    assert "<li>runs: right (4 points)</li>" in checker.feedback.value


def test_an_unreadable_answer_is_explained_and_not_counted():
    checker = _checker()
    checker.answer.value = "lots"
    checker.check_button.click()
    assert checker.grades[1].status == "unreadable"
    assert "Could not read that" in checker.feedback.value and "e.g. 12" in checker.feedback.value
    checker.answer.value = ""
    checker.check_button.click()
    assert "Type your answer in the box first" in checker.feedback.value
    assert checker.grades[1].status == "unreadable", "an empty box does not erase the last grade"


def test_moving_between_questions_keeps_answers_and_grades():
    checker = _checker()
    checker.answer.value = "1"
    checker.check_button.click()
    checker.next_button.click()
    assert checker.number == 2 and checker.answer.value == "" and not checker.previous_button.disabled
    assert "Type your answer" in checker.feedback.value
    checker.next_button.click()
    assert checker.number == 3 and checker.next_button.disabled
    checker.next_button.click()
    assert checker.number == 3
    checker.go(1)
    assert checker.answer.value == "1" and "Not yet" in checker.feedback.value


def test_reveal_shows_the_breakdown_and_the_count_aloud():
    checker = _checker()
    checker.reveal_button.click()
    solution = checker.exercise_set[1].solution()
    assert solution.said in checker.solution.value
    assert all(line.reason in checker.solution.value for line in solution.lines)
    checker.next_button.click()
    assert checker.solution.value == ""
    checker.previous_button.click()
    assert solution.said in checker.solution.value
    assert checker.revealed == {1}


def test_muggins_and_play_sets_check_calls_and_points():
    muggins = _checker("muggins", "easy", 4, 7)
    key = muggins.exercise_set[1].solution()
    muggins.answer.value = "accept" if key.answer == 0 else key.call
    muggins.check_button.click()
    assert muggins.grades[1].correct
    assert muggins.answer.placeholder == "accept, muggins 2, or too high 4"
    play = _checker("play", "hard", 2, 7)
    play.answer.value = str(play.exercise_set[1].solution().answer)
    play.check_button.click()
    assert play.grades[1].correct


def test_on_a_phone_the_buttons_keep_their_whole_label_and_the_rows_wrap():
    checker = ExerciseChecker(make_set("counting", "medium", 2, 7))
    for button in (checker.check_button, checker.reveal_button, checker.previous_button, checker.next_button):
        assert button.layout.width == "auto", button.description
    rows = [child for child in checker.children if isinstance(child, widgets.HBox)]
    assert len(rows) == 2 and all(row.layout.flex_flow == "row wrap" for row in rows)


def test_enter_checks_and_leaving_the_box_never_does():
    checker = _checker()
    right = checker.exercise_set[1].solution().answer
    checker.answer.value = str(right)  # a phone's keyboard closing sends the text, nothing more
    assert checker.grades == {} and checker.feedback.value == "Type your answer and press Enter or Check."
    checker.answer._handle_custom_msg({"event": "submit"}, [])  # Enter in a notebook
    assert checker.grades[1].correct
    assert "crib-check" in checker.check_button._dom_classes and "crib-answer" in checker.answer._dom_classes
