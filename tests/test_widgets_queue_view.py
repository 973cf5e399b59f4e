"""The frame the discard trainer's and the board practice's views share (widgets/queue_view.py): a
Check refused is said in the status and records nothing; the choice of what to practise and Next are
forwarded to the model and the question is drawn again; the tally is the model's."""

from __future__ import annotations

import pytest

from crib_widgets.widgets.board_play import BoardPlayView
from crib_widgets.widgets.discard_trainer import DiscardTrainerView
from crib_widgets.widgets.queue_view import ALL, QueueView


@pytest.mark.parametrize("make, picker, group, words", [
    (lambda: DiscardTrainerView(level="plain", shuffle=False), "level_picker", "score", "Right first time"),
    (lambda: BoardPlayView(kind="seat", shuffle=False), "kind_picker", "home", "Right"),
])
def test_both_views_forward_check_next_and_the_choice_to_their_model(make, picker, group, words):
    view = make()
    assert isinstance(view, QueueView)
    view.check_button.click()  # nothing chosen yet
    assert view.status_text.startswith("Choose ") and view._tone == "warn"
    assert view.lesson.records == [] and view.tally_view.value.endswith(f"{words}: 0 of 0</div>")
    first = view.heading.value
    view.next_button.click()
    assert view.lesson.index == 1 and view.heading.value != first
    getattr(view, picker).value = group
    assert view.lesson.index == 0 and getattr(view.lesson, picker.split("_")[0]) == group
    assert 0 < len(view.lesson.queue) < len(view.lesson.all_positions)
    assert view.check_button.button_style == "primary" and view.feedback.value == ""
    view.reveal_button.click()
    assert view.tally == (0, 1) and view.next_button.button_style == "primary"
    assert "Open the answer" in view.peek.value
    getattr(view, picker).value = ALL
    assert len(view.lesson.queue) == len(view.lesson.all_positions)
