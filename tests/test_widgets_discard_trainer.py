"""The discard trainer's view, driven by .click() and by choosing cards as a tap or Space does."""

from __future__ import annotations

import pytest

from crib_widgets.errors import CribbageError
from crib_widgets.widgets.discard_trainer import DiscardTrainerView
from crib_widgets.widgets.mistakes_view import MistakesView


def press(view: DiscardTrainerView, cards) -> None:
    """Choose cards the way a tap, a click or Space on a card button does."""
    for card in cards:
        view.hand_picker.buttons[view.hand_picker.cards.index(card)].value = True


def test_cards_are_named_in_words_and_check_judges_only_when_pressed():
    view = DiscardTrainerView(level="plain", shuffle=False)
    picker = view.hand_picker
    assert all(b.tooltip == c.name for b, c in zip(picker.buttons, picker.cards, strict=True))
    assert "Which two do you throw?" in view.situation.value and "crib" in view.situation.value
    q = view.question
    wrong = q.throws[-1].discard
    press(view, wrong)
    assert view.lesson.records == [] and "Press Check" in view.status_text  # chosen, not judged
    view.check_button.click()
    assert view.tally == (0, 1) and "Not the best" in view.status_text
    assert "in the hand" in view.feedback.value and "Why:" in view.feedback.value
    view.check_button.click()  # the same throw again: said, not recorded
    assert len(view.lesson.records) == 1 and "already" in view.status_text
    press(view, [c for c in q.best.discard if c not in wrong])  # a third card releases the oldest
    assert len(view.hand_picker.selected) == 2
    view.hand_picker.clear()
    press(view, q.best.discard)
    assert set(view.hand_picker.selected) == set(q.best.discard) == set(view.lesson.chosen)
    view.check_button.click()
    assert view.status_text.startswith("Right") and view.next_button.button_style == "primary"
    assert all(b.disabled for b in view.hand_picker.buttons)
    first = view.position
    view.next_button.click()
    assert view.position != first and not any(b.disabled for b in view.hand_picker.buttons)


def test_one_card_is_not_judged_and_show_me_shows_the_best_throw():
    view = DiscardTrainerView(level="flush", shuffle=False)
    press(view, view.question.position.cards[:1])
    view.check_button.click()
    assert view.lesson.records == [] and "choose two cards" in view.status_text.lower()
    view.reveal_button.click()
    assert view.tally == (0, 1) and view.lesson.records[-1].hinted
    assert set(view.hand_picker.selected) == set(view.question.best.discard)
    assert "Best throw" in view.feedback.value and "Open the answer" in view.peek.value


def test_the_level_picker_changes_the_positions():
    view = DiscardTrainerView(shuffle=False)
    view.level_picker.value = "score"
    assert view.position.lesson == "fourth-street" and "Score: you" in view.situation.value
    with pytest.raises(CribbageError):
        DiscardTrainerView(level="expert")


def test_practise_my_mistakes_asks_a_wrong_throw_again_by_click():
    from crib_widgets.lessons.kept import Kept
    from crib_widgets.lessons.practice import Practice

    view = DiscardTrainerView(level="plain", shuffle=False)
    press(view, view.question.throws[-1].discard)
    view.check_button.click()
    kept = Kept("", today="2026-12-06", device="d1")
    kept.take(view.lesson.records, 0)
    mistakes = MistakesView(Practice(kept))
    assert mistakes.kind == "throw" and mistakes.throw_picker.layout.display is None
    for card in view.question.best.discard:
        mistakes.throw_picker.buttons[mistakes.throw_picker.cards.index(card)].value = True
    mistakes.throw_check.click()
    assert mistakes.practice.right and "box 2" in mistakes.feedback.value


def test_a_wrong_throw_s_message_points_to_the_best_throw_already_drawn_below():
    view = DiscardTrainerView(level="plain", shuffle=False)
    press(view, view.question.throws[-1].discard)
    view.check_button.click()
    assert "Best throw" in view.feedback.value and "Why:" in view.feedback.value
    assert "Try another throw, or press Show me" not in view.status_text
    assert "shown below" in view.status_text and view.next_button.button_style == "primary"
    v = view.lesson.verdict
    assert all(words in view.feedback.value for _, words in v.cost_items())  # one wording with Practise
    view.hand_picker.clear()
    press(view, view.question.throws[-2].discard)  # another throw to compare: Check is the press now
    assert view.check_button.button_style == "primary" and view.next_button.button_style == ""
