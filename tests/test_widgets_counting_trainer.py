"""CountingTrainer driven headlessly: the count aloud step by step, feedback naming the cards, levels."""

from __future__ import annotations

import pytest

from crib_widgets.errors import CardError, CribbageError
from crib_widgets.scoring import score_hand
from crib_widgets.widgets import CountingTrainer
from crib_widgets.widgets.styles import STATIC_NOTE


def test_first_view_shows_hand_question_and_static_note():
    t = CountingTrainer("5H 5D 5S JC", starter="5C")
    label = 'aria-label="Hand: five of hearts, five of diamonds, five of spades, jack of clubs"'
    assert label in t.hand_view.value
    assert "starter" in t.hand_view.value and "five of clubs" in t.hand_view.value
    assert "Count this hand" in t.status.value and STATIC_NOTE in t.status.value
    # the full count can be opened without Python on a static page
    assert "<details" in t.peek.value and "29 points" in t.peek.value


def test_count_it_for_me_steps_through_the_count_lighting_each_combination():
    t = CountingTrainer("4H 5C 6D JS", starter="5S")
    steps = score_hand("4H 5C 6D JS", "5S").steps()
    seen = []
    for _ in steps:
        t.count_button.click()
        seen.append((t.step_text, t.hand_view.value.count("crib-lit")))
    assert [s[0] for s in seen] == [words for words, _, _ in steps]
    assert [s[1] for s in seen] == [len(cards) for _, cards, _ in steps]
    assert "That makes 17" in t.step_view.value
    assert t.count_button.description == "Start again"
    assert STATIC_NOTE not in t.status.value  # a click proves Python runs


def test_first_step_says_fifteen_two_with_the_ten_and_five_lit():
    t = CountingTrainer("10H 5C 2D 9S", starter="AS")
    t.count_button.click()
    assert t.step_text == "fifteen two"
    assert '"ten of hearts (scores in this step)"' in t.hand_view.value
    assert '"five of clubs (scores in this step)"' in t.hand_view.value


def test_feedback_names_the_missed_fifteen_with_its_cards():
    t = CountingTrainer("7H 8C 2D 2S", starter="KH")
    t.kind_inputs["pair"].value = 2
    t.check_button.click()
    assert "you missed 2" in t.feedback.value and "fifteen: 7♥ + 8♣" in t.feedback.value
    assert "Pairs: 2 — right" in t.feedback.value
    assert "crib-bad" in t.status.value and t.tally == (0, 1)


def test_feedback_names_an_over_count():
    t = CountingTrainer("7H 8C 2D 3S", starter="KH")
    t.kind_inputs["fifteen"].value = 2
    t.kind_inputs["pair"].value = 2
    t.check_button.click()
    assert "Pairs: over-counted by 2" in t.feedback.value
    assert "there are no pairs here" in t.feedback.value


def test_right_answer_by_kind_and_by_total_counts_in_the_tally():
    t = CountingTrainer("5H 5D 5S JC", starter="5C")
    for kind, points in {"fifteen": 16, "pair": 12, "nobs": 1}.items():
        t.kind_inputs[kind].value = points
    t.check_button.click()
    assert t.tally == (1, 1) and "Right: 29 points" in t.status.value
    t.show_hand("2H 4C 10D QS", "8D")
    t.mode.value = "total"
    t.total_input.value = 1
    t.check_button.click()
    assert "You said 1, the hand scores 0" in t.feedback.value
    t.total_input.value = 0
    t.check_button.click()
    assert t.tally == (1, 2)  # only the first try of a hand counts


def test_total_only_mode_hides_the_kind_inputs():
    t = CountingTrainer(seed=1)
    t.mode.value = "total"
    assert t.kinds_box.layout.display == "none" and t.total_box.layout.display is None


def test_crib_counts_only_a_five_card_flush():
    t = CountingTrainer("2H 4H 6H 8H", starter="KS", crib=True)
    assert "Crib" in t.hand_view.value
    t.mode.value = "total"
    t.total_input.value = 0
    t.check_button.click()
    assert t.tally == (1, 1)


@pytest.mark.parametrize(("level", "allowed"), [("basic", {"fifteen", "pair"}),
                                                 ("runs", {"fifteen", "pair", "run"})])
def test_levels_deal_hands_that_score_only_the_level_kinds(level, allowed):
    t = CountingTrainer(seed=5, level=level)
    for _ in range(25):
        points = t.score.by_kind()
        assert {k for k, v in points.items() if v} <= allowed
        assert not t.score.crib
        visible = {k for k, box in t.kind_inputs.items() if box.layout.display != "none"}
        assert visible == allowed
        t.next_button.click()


def test_level_picker_deals_a_new_hand_at_that_level():
    t = CountingTrainer(seed=2)
    t.level_picker.value = "basic"
    assert t.level == "basic" and not t.score.by_kind()["run"]


def test_same_seed_same_hands():
    a, b = CountingTrainer(seed=9), CountingTrainer(seed=9)
    for _ in range(3):
        assert a.score == b.score
        a.next_button.click()
        b.next_button.click()


def test_bad_input_is_refused_with_a_clear_message_and_the_hand_kept():
    with pytest.raises(CribbageError, match="both a hand of four cards and a starter"):
        CountingTrainer("5H 5D 5S JC")
    with pytest.raises(CribbageError, match="level 'hard' is not known"):
        CountingTrainer(level="hard")
    t = CountingTrainer("5H 5D 5S JC", starter="5C")
    with pytest.raises(CardError, match="'ZZ' is not a card"):
        t.show_hand("5H 5D 5S ZZ", "5C")
    assert t.score.total == 29


def test_a_four_card_crib_flush_is_explained_by_the_scoring_layer():
    from crib_widgets.scoring import CRIB_FLUSH_RULE
    from crib_widgets.widgets.styles import esc

    rule = esc(CRIB_FLUSH_RULE)
    t = CountingTrainer("2H 6H 9H KH", starter="5C", crib=True)
    truth = t.score.by_kind()
    for kind, box in t.kind_inputs.items():
        box.value = truth[kind]
    t.kind_inputs["flush"].value = 4
    t.check_button.click()
    assert rule in t.feedback.value and "there is no flush here" not in t.feedback.value
    t.mode.value = "total"
    t.total_input.value = t.score.total + 4  # Enter in the box checks: no button press
    assert f"Too many: {rule}" in t.feedback.value


def test_a_wrong_total_points_at_the_kind_that_was_missed():
    t = CountingTrainer("3H 4D 5S KC", starter="9C")  # a run of three, fifteens 5+K, 9+...
    runs = t.score.by_kind()["run"]
    assert runs == 3
    t.mode.value = "total"
    t.total_input.value = t.score.total - runs
    t.check_button.click()
    assert "Look again at the runs" in t.feedback.value and "run of 3" in t.feedback.value
    assert "By kind: Fifteens" in t.feedback.value


def test_enter_in_the_total_box_checks_and_a_new_hand_starts_clean():
    t = CountingTrainer("5H 5D 5S JC", starter="5C")
    t.mode.value = "total"
    t.total_input.value = 29  # what Enter commits in the browser
    assert "Right" in t.status_text and t.tally == (1, 1)
    t.next_button.click()
    assert t.feedback.value == "" and t.total_input.value == 0 and t.tally == (1, 1)
    t.mode.value = "kinds"
    t.kind_inputs["fifteen"].value = 4  # only the total box checks by itself
    assert t.feedback.value == ""
