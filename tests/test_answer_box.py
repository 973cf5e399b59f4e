"""The answer box's mark of what Python heard: the same class the page script computes
(lite/runtime/test/answers.test.mjs checks these very vectors), on every change of the text."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from crib_widgets.widgets.answer_box import ANSWER_CLASS, HEARD_PREFIX, AnswerBox, heard_class

VECTORS = {
    "": "crib-heard-",
    "12": "crib-heard-3132",
    " 2é": "crib-heard-2032c3a9",
    "a double run is eight": "crib-heard-6120646f75626c652072756e206973206569676874",
}


def test_the_mark_is_the_page_scripts():
    for text, mark in VECTORS.items():
        assert heard_class(text) == mark


@given(st.lists(st.text(max_size=12), min_size=1, max_size=6))
def test_the_box_carries_one_mark_the_text_python_has(texts):
    box = AnswerBox(description="Points:")
    box.add_class("crib-points")
    for text in texts:
        box.value = text
        marks = [c for c in box._dom_classes if c.startswith(HEARD_PREFIX)]
        assert marks == [heard_class(text)]
        assert ANSWER_CLASS in box._dom_classes and "crib-points" in box._dom_classes


def test_the_box_sends_its_text_as_typed_and_enter_is_answered_only_by_its_widget():
    box = AnswerBox(continuous_update=False)
    assert box.continuous_update, "Python must have the text before any button is pressed"
    asked = []
    box.on_enter(lambda: asked.append(box.value))
    box.value = "3"
    assert asked == [], "a text that reaches Python is never an answer by itself"
    box._handle_custom_msg({"event": "submit"}, [])
    box._handle_custom_msg({"event": "other"}, [])
    assert asked == ["3"]


def test_a_number_box_asks_a_phone_for_its_number_keys():
    from crib_widgets.widgets.answer_box import NUMERIC_CLASS

    assert NUMERIC_CLASS in AnswerBox()._dom_classes
    assert NUMERIC_CLASS not in AnswerBox(numeric=False)._dom_classes
