"""MugginsQuiz driven headlessly: every answer settled by the engine's Muggins rules, then revealed."""

from __future__ import annotations

import random

import pytest

from crib_widgets.errors import CribbageError
from crib_widgets.game.muggins import settle
from crib_widgets.scoring import score_hand
from crib_widgets.widgets import MugginsQuiz
from crib_widgets.widgets.muggins_quiz import make_claim
from crib_widgets.widgets.styles import STATIC_NOTE

HAND = ("5H 5D 5S JC", "5C")  # 29
LOW = ("7H 8C 2D 3S", "KH")  # 4: two fifteens


def quiz(announced: int, hand=HAND) -> MugginsQuiz:
    return MugginsQuiz(hands=[(*hand, announced)])


def test_first_view_shows_hand_the_spoken_count_and_what_to_do():
    q = MugginsQuiz(seed=1, error_rate=1)
    assert "Computer's crib" in q.hand_view.value and "jack of spades" in q.hand_view.value
    assert f">{q.announced}</span>" in q.claim_view.value
    assert "Accept, call Muggins" in q.status.value and STATIC_NOTE in q.status.value
    assert "<details" in q.peek.value and f"<b>{q.score.total}</b>" in q.peek.value


def test_a_muggins_call_gets_the_missed_points_but_never_more_than_named():
    q = quiz(24)
    q.muggins_input.value = 3
    q.muggins_button.click()
    assert q.settlement == settle(24, 29, "muggins", 3)
    assert q.settlement.caller == 3 and q.tally["won"] == 3 and q.tally["missed chances"] == 2
    assert "Naming 5 would have won all of them" in q.result.value


def test_a_call_that_names_too_few_says_how_many_it_won_and_is_not_praised():
    q = quiz(24)
    q.muggins_input.value = 3
    q.muggins_button.click()
    assert "you won 3 of the 5 missed points" in q.status.value and q._tone == "warn"
    assert q.tally["best"] == 0
    q = quiz(24)
    q.muggins_input.value = 5
    q.muggins_button.click()
    assert "you won the missed points" in q.status.value and q.tally["best"] == 1


def test_the_true_count_can_be_peeked_before_answering_and_is_laid_out_once_after():
    q = quiz(24)
    assert "Stuck? Open the true count" in q.peek.value
    q.accept_button.click()
    assert q.peek.value == "" and "The true count: <b>29</b>" in q.result.value
    q.next_button.click()
    assert "<details" in q.peek.value


def test_a_false_muggins_gives_the_counter_the_number_named():
    q = quiz(29)
    assert q.muggins_button.disabled  # nothing can be named above 29
    q = quiz(4, LOW)
    true = q.score.total
    assert true == 4
    q.muggins_input.value = 2
    q.muggins_button.click()
    assert q.settlement.outcome == "false muggins" and q.settlement.counter == 2
    assert q.tally["given"] == 2 and "False Muggins" in q.result.value


def test_an_over_count_objection_moves_the_excess():
    q = quiz(8, LOW)
    q.overcount_button.click()
    assert q.settlement.counter == -4 and q.settlement.caller == 4
    assert "Too high by 4" in q.result.value and q.tally["best"] == 1


def test_an_objection_to_a_right_count_changes_nothing_and_accepting_a_low_count_is_a_missed_chance():
    q = quiz(4, LOW)
    q.overcount_button.click()
    assert q.settlement.outcome == "not too high" and q.tally["best"] == 0
    q = quiz(20)
    q.accept_button.click()
    assert q.settlement.outcome == "accepted" and q.tally["missed chances"] == 9


def test_answers_after_settling_are_ignored_and_controls_disabled():
    q = quiz(20)
    q.accept_button.click()
    first = q.settlement
    assert all(b.disabled for b in (q.accept_button, q.muggins_button, q.overcount_button))
    q.overcount_button.click()
    q.muggins_button.click()
    assert q.settlement is first and q.tally["answered"] == 1
    q.next_button.click()
    assert q.settlement is None and not q.accept_button.disabled


def test_the_reveal_marks_missed_and_extra_combinations():
    rng = random.Random(0)
    score = score_hand("4H 5C 6D JS", "5S")
    seen = set()
    for _ in range(200):
        said, spoken, slip = make_claim(score, rng, 1.0)
        seen.add(slip)
        assert said == spoken.total
        if slip == "missed":
            assert said < score.total
        elif slip in ("twice", "false fifteen"):
            assert said > score.total
    assert seen == {"missed", "twice", "false fifteen"}
    q = MugginsQuiz(seed=4, error_rate=1)
    while q.slip != "missed":
        q.next_button.click()
    q.accept_button.click()
    assert "← missed" in q.result.value
    while q.slip != "twice":
        q.next_button.click()
    q.accept_button.click()
    assert "← counted twice" in q.result.value


def test_error_rate_zero_means_always_right():
    q = MugginsQuiz(seed=2, error_rate=0)
    for _ in range(10):
        assert q.announced == q.score.total
        q.next_button.click()


def test_bad_options_are_refused():
    with pytest.raises(CribbageError, match="is not a chance: give a number from 0 to 1"):
        MugginsQuiz(error_rate=2)
    with pytest.raises(CribbageError, match="announced count is 0 to 29"):
        MugginsQuiz(hands=[(*HAND, 30)])


def test_the_missed_box_is_read_as_shown_and_only_when_asked():
    """Issue 36, items 1 and 5: the number is judged on Muggins! (or Enter), as the box shows it."""
    from crib_widgets.widgets.answer_box import CHECK_CLASS

    q = MugginsQuiz(hands=[("5H 5D 5S JC", "5C", 17)])
    assert CHECK_CLASS in q.muggins_button._dom_classes
    q.muggins_input.value = "1"
    q.muggins_input.value = "12"
    assert q.settlement is None and q.lesson.records == []
    q.muggins_input.value = "twelve"
    q.muggins_button.click()
    assert '"twelve" is not a number of missed points' in q.status_text and q.settlement is None
    q.muggins_input.value = "12"
    q.muggins_input._handle_custom_msg({"event": "submit"}, [])
    assert q.settlement.outcome == "missed" and "you named 12" in q.result.value
