"""Answer boxes: what the learner types is judged only when they ask, and always as the box shows it.

An `AnswerBox` is a text box that never judges anything itself: leaving it (a tap elsewhere, a
phone's keyboard closing) only tells Python the text. The learner asks with the box's Check
button (marked with `mark_check`) or Enter. Two things make "what the box shows is what is judged"
hold on the live page, where a widget's value and a button's click travel to Python separately
(ipywidgets holds a box's newest text while Python is busy with the one before, but sends a click
at once, so a click can overtake the text):

- the box sends its text as it is typed (``continuous_update``), and Python marks the box with the
  text it has heard (the class `heard_class`, the text's UTF-8 bytes in hexadecimal);
- the page script ``lite/runtime/src/page/crib-answer.js`` handles Enter and clicks on the Check
  button: it waits until the box's mark says Python has the text on show, and only then presses
  Check. Enter in an earlier box of a row goes on to the next box; Enter in the last one checks.

In a notebook (no page script) Enter sends ipywidgets' "submit", which `on_enter` answers.

>>> box = AnswerBox(); box.value = "12"; heard_class("12") in box._dom_classes
True
>>> box.value = 3; box.value, heard_class("") in box._dom_classes
('3', False)
"""

from __future__ import annotations

from collections.abc import Callable

import ipywidgets as widgets
from traitlets import CUnicode

__all__ = ["AnswerBox", "ANSWER_CLASS", "CHECK_CLASS", "HEARD_PREFIX", "NUMERIC_CLASS", "heard_class",
           "mark_check"]

ANSWER_CLASS = "crib-answer"  # a box the page script watches
NUMERIC_CLASS = "crib-numeric"  # a box for a number: a phone shows its number keys
CHECK_CLASS = "crib-check"  # the button that asks for the box's answer to be judged
HEARD_PREFIX = "crib-heard-"  # + the text Python has, in hexadecimal


def heard_class(text: str) -> str:
    """The class that says Python has ``text`` (its UTF-8 bytes in hexadecimal: any text makes a
    valid class name, and the page script computes the same from the box's text).

    >>> heard_class("12"), heard_class("")
    ('crib-heard-3132', 'crib-heard-')
    """
    return HEARD_PREFIX + text.encode("utf-8").hex()


def mark_check(button: widgets.Button) -> widgets.Button:
    """Mark ``button`` as the Check button of the answer boxes beside it (in the same widget)."""
    button.add_class(CHECK_CLASS)
    return button


class AnswerBox(widgets.Text):
    """A text box for an answer: starts empty (so Enter always has something to send), takes a
    number given in code (``box.value = 2`` reads as ``"2"``), sends its text as it is typed, and
    says in its classes what text Python has heard. It judges nothing: its widget asks on Check or
    Enter (`on_enter`). ``numeric`` (the default) asks a phone for its number keys (the page script
    sets ``inputmode``); any text typed is still read, and explained if it is not a number."""

    value = CUnicode("", help="The text typed").tag(sync=True)

    def __init__(self, *, numeric: bool = True, **kwargs: object) -> None:
        kwargs["continuous_update"] = True  # Python has the text before any button can be pressed
        super().__init__(**kwargs)
        self.add_class(ANSWER_CLASS)
        if numeric:
            self.add_class(NUMERIC_CLASS)
        self._mark_heard()
        self.observe(lambda _: self._mark_heard(), names="value")

    def _mark_heard(self) -> None:
        others = [c for c in self._dom_classes if not c.startswith(HEARD_PREFIX)]
        self._dom_classes = (*others, heard_class(self.value))

    def on_enter(self, callback: Callable[[], object]) -> None:
        """Call ``callback`` when Enter is pressed in the box where no page script handles it (a
        notebook); on the book's pages the page script presses the box's Check button instead."""

        def submitted(_widget: widgets.Widget, content: dict, _buffers: list) -> None:
            if isinstance(content, dict) and content.get("event") == "submit":
                callback()

        self.on_msg(submitted)
