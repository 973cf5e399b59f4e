"""CountingTrainer driven headlessly: the count aloud step by step, feedback naming the cards, levels."""

from __future__ import annotations

import pytest

from crib_widgets.errors import CardError, CribbageError
from crib_widgets.lessons.ladders import LADDERS
from crib_widgets.scoring import score_hand
from crib_widgets.widgets import CountingTrainer
from crib_widgets.widgets.counting_trainer import LEVELS
from crib_widgets.widgets.styles import STATIC_NOTE


def enter(box) -> None:
    """Enter in a box, as ipywidgets sends it where no page script takes it (a notebook)."""
    box._handle_custom_msg({"event": "submit"}, [])


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


@pytest.mark.parametrize(("level", "allowed"), [("fifteens", {"fifteen"}),
                                                 ("pairs_runs", {"fifteen", "pair", "run"})])
def test_after_the_ladder_levels_deal_hands_that_score_only_the_level_kinds(level, allowed):
    t = CountingTrainer(seed=5, level=level)
    for _ in LADDERS[level]:
        t.next_button.click()
    assert t.rung is None and "the ladder is climbed" in t.status_text
    for _ in range(25):
        points = t.score.by_kind()
        assert {k for k, v in points.items() if v} <= allowed
        assert not t.score.crib
        if level == "pairs_runs":
            assert points["pair"] or points["run"], "a dealt hand holds what the level is about"
        visible = {k for k, box in t.kind_inputs.items() if box.layout.display != "none"}
        assert visible == allowed
        t.next_button.click()


def test_level_picker_starts_that_level_at_the_foot_of_its_ladder():
    t = CountingTrainer(seed=2)
    t.next_button.click()
    t.level_picker.value = "pairs_runs"
    first = LADDERS["pairs_runs"][0]
    assert t.level == "pairs_runs" and t.rung == 0
    assert t.score == score_hand(first.hand, first.starter, crib=first.crib)
    assert t.status_text.startswith("Pairs and runs, hand 1 of 20.")


@pytest.mark.parametrize("level", list(LEVELS))
def test_each_level_has_a_ladder_of_at_least_20_hands_in_its_kinds(level):
    ladder = LADDERS[level]
    assert len(ladder) >= 20
    seen = set()
    for rung in ladder:
        score = score_hand(rung.hand, rung.starter, crib=rung.crib)
        scored = {k for k, v in score.by_kind().items() if v}
        assert scored <= set(LEVELS[level][1]), (rung, scored)
        assert rung.about and (rung.hand, rung.starter) not in seen
        seen.add((rung.hand, rung.starter))
        points = score.by_kind()
        if level == "pairs_runs":  # every rung holds a pair or a run
            assert points["pair"] or points["run"], rung
        if level == "flush_nobs":  # a flush, his nobs, or a near miss at them
            jack = any(c.rank == 11 for c in score.hand)
            suits = max(sum(c.suit == s for c in score.hand) for s in "CDHS")
            assert points["flush"] or points["nobs"] or jack or suits >= 3, rung
        if level != "everything":
            assert not rung.crib, "cribs come with the last level"
    assert sum(r.crib for r in LADDERS["everything"]) >= 5 or level != "everything"


@pytest.mark.parametrize("level", list(LEVELS))
def test_each_ladder_climbs_from_easy_to_hard(level):
    totals = [score_hand(r.hand, r.starter, crib=r.crib).total for r in LADDERS[level]]
    combos = [len(score_hand(r.hand, r.starter, crib=r.crib).items) for r in LADDERS[level]]
    assert sum(totals[-5:]) > 2 * sum(totals[:5]) and max(combos[-3:]) > max(combos[:3])


def test_the_trainer_walks_the_ladder_in_order_the_same_every_time():
    a, b = CountingTrainer(level="fifteens", seed=1), CountingTrainer(level="fifteens", seed=99)
    for index, rung in enumerate(LADDERS["fifteens"]):
        assert a.rung == b.rung == index and a.score == b.score
        assert a.score == score_hand(rung.hand, rung.starter, crib=rung.crib)
        assert a.status_text.startswith(f"Fifteens, hand {index + 1} of 20.")
        a.next_button.click()
        b.next_button.click()
    assert a.rung is None and "dealt hand" in a.status_text


def test_a_given_hand_comes_first_then_the_ladder():
    t = CountingTrainer("10H 5C 2D 9S", starter="AS", level="fifteens")
    assert t.rung is None and t.status_text.startswith("Count this hand")
    t.next_button.click()
    assert t.rung == 0


def test_the_first_trainer_of_the_flush_and_nobs_page_can_step_twice():
    # tests/site/check_live.py presses Count it for me, then Next step, on chapter 04's first trainer
    t = CountingTrainer(level="flush_nobs", seed=4)
    t.count_button.click()
    assert t.count_button.description == "Next step"
    t.count_button.click()
    assert t.step == 1


def test_one_running_count_the_steps_and_the_voice_agree():
    t = CountingTrainer("4H 5C 6D JS", starter="5S")
    steps = t.score.steps()
    for i in range(len(steps)):
        t.count_button.click()
        assert f'title="running total">{steps[i].total}<' in t.step_view.value
        assert f"&quot;totals&quot;:[{steps[i].total}]" in t.voice_view.value
    assert "Count it for me shows the count one step at a time" in CountingTrainer(seed=3).status_text


def test_after_a_right_answer_next_hand_is_the_main_button():
    t = CountingTrainer(level="fifteens")
    assert t.check_button.button_style == "primary" and t.next_button.button_style == ""
    t.kind_inputs["fifteen"].value = 1
    t.check_button.click()
    assert t.check_button.button_style == "primary", "a wrong answer keeps Check the main button"
    t.kind_inputs["fifteen"].value = t.score.total
    assert "Right" not in t.status_text, "a number typed is judged only when asked"
    enter(t.kind_inputs["fifteen"])  # Enter in the only box checks
    assert "Right" in t.status_text
    assert t.next_button.button_style == "primary" and t.check_button.button_style == ""
    t.next_button.click()
    assert t.check_button.button_style == "primary" and t.next_button.button_style == ""
    t.count_button.click()  # a count shown to its end also hands over to Next hand
    while t.count_button.description != "Start again":
        t.count_button.click()
    assert t.next_button.button_style == "primary"


def test_enter_in_the_last_box_on_show_checks_and_an_earlier_box_does_not():
    t = CountingTrainer("7H 8C 2D 2S", starter="KH", level="pairs_runs")
    t.kind_inputs["fifteen"].value = 2
    enter(t.kind_inputs["fifteen"])
    assert t.feedback.value == ""
    t.kind_inputs["run"].value = 1
    assert t.feedback.value == "", "leaving the last box (a blur) is not an answer"
    enter(t.kind_inputs["run"])  # the last box on show: Enter there checks
    assert "Runs: over-counted by 1" in t.feedback.value and "Pairs: you missed 2" in t.feedback.value


def test_the_level_menu_has_short_names_that_fit_a_phone():
    t = CountingTrainer(seed=1)
    assert max(len(label) for label, _ in t.level_picker.options) <= 22
    assert float(t.level_picker.layout.width.removesuffix("em")) <= 17


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
    t.total_input.value = t.score.total + 4
    enter(t.total_input)  # Enter in the box checks: no button press
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
    t.total_input.value = 29
    enter(t.total_input)
    assert "Right" in t.status_text and t.tally == (1, 1)
    t.next_button.click()
    assert t.feedback.value == "" and t.total_input.value == "" and t.tally == (1, 1)
    t.mode.value = "kinds"
    t.kind_inputs["fifteen"].value = 4
    enter(t.total_input)  # the total box is hidden in points per kind: its Enter asks nothing
    assert t.feedback.value == ""


def test_leaving_a_box_is_never_an_answer_and_an_answer_is_recorded_once():
    """Issue 36, item 1: typing in the last box and tapping elsewhere judged the hand and recorded it;
    a second Check recorded the same answer again."""
    t = CountingTrainer("7H 8C 2D 2S", starter="KH", level="pairs_runs")
    for kind in t.lesson.shown_kinds():
        t.kind_inputs[kind].value = "3"  # typed, then the box left (a blur sends the same value)
        t.kind_inputs[kind].value = "3"
    assert t.lesson.records == [] and t.tally == (0, 0) and t.feedback.value == ""
    t.check_button.click()
    records = list(t.lesson.records)
    assert records and t.tally == (0, 1)
    t.check_button.click()
    enter(t.kind_inputs[t.lesson.shown_kinds()[-1]])
    assert t.lesson.records == records, "the same answer asked again is not recorded again"
    assert "answer you gave already" in t.status_text
    t.kind_inputs["fifteen"].value = "2"
    t.kind_inputs["pair"].value = "2"
    t.kind_inputs["run"].value = "0"
    t.check_button.click()
    assert "Right" in t.status_text and len(t.lesson.records) > len(records)
    done = list(t.lesson.records)
    t.check_button.click()
    assert t.lesson.records == done and "counted this hand right already" in t.status_text


def test_what_the_box_shows_is_what_is_judged():
    """Issue 36, item 5: the box's text, read when Check is asked, is the answer (12, not 1)."""
    t = CountingTrainer("5H 5D 5S JC", starter="5C")
    t.mode.value = "total"
    t.total_input.value = "1"
    t.total_input.value = "12"
    t.check_button.click()
    assert t.lesson.records[-1].given == "12" and "You said 12" in t.feedback.value


def test_text_that_is_not_a_number_is_explained_and_not_recorded():
    t = CountingTrainer("5H 5D 5S JC", starter="5C")
    t.kind_inputs["fifteen"].value = "eight"
    t.check_button.click()
    assert '"eight" is not a whole number' in t.status_text and t.lesson.records == []
    t.mode.value = "total"
    t.check_button.click()
    assert "Type the points first" in t.status_text and t.lesson.records == []


def test_answer_boxes_are_marked_for_the_page_script():
    from crib_widgets.widgets.answer_box import ANSWER_CLASS, CHECK_CLASS, heard_class

    t = CountingTrainer("5H 5D 5S JC", starter="5C")
    assert CHECK_CLASS in t.check_button._dom_classes
    for box in (*t.kind_inputs.values(), t.total_input):
        assert ANSWER_CLASS in box._dom_classes and box.continuous_update
    t.total_input.value = "29"
    assert heard_class("29") in t.total_input._dom_classes
    assert heard_class("") not in t.total_input._dom_classes
