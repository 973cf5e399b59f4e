"""A row of answers to choose from, one button each: a press chooses, Check judges.

The chosen answer stands pressed (ipywidgets' class ``mod-active``), its tooltip says "your choice",
and on the book's site ``lite/runtime/src/page/crib-a11y.js`` says ``aria-pressed`` for every button
of the row (class ``crib-choice``), so a screen reader hears which answer is chosen. Choosing again
moves the choice; nothing is judged until the widget's Check button is pressed.

>>> row = ChoiceRow()
>>> row.set_options([("us", "Offence"), ("them", "Defence")])
>>> row.buttons[1].click(); row.chosen, row.buttons[1].tooltip
('them', 'Defence (your choice)')
>>> row.buttons[0].click(); row.chosen, "mod-active" in row.buttons[1]._dom_classes
('us', False)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

import ipywidgets as widgets

from .frame import action_button

__all__ = ["ChoiceRow", "CHOICE_CLASS", "CHOSEN_CLASS"]

CHOICE_CLASS = "crib-choice"  # a button that chooses an answer (the page says aria-pressed)
CHOSEN_CLASS = "mod-active"  # the chosen one stands pressed, as a chosen toggle button does


class ChoiceRow(widgets.HBox):
    """One button per answer (``set_options`` takes ``(key, words)`` pairs); a press chooses that
    answer and calls ``on_choose(key)``. Attributes: ``buttons``, ``options``, ``chosen`` (a key, or
    None). A disabled row (``set_enabled(False)``) and buttons of earlier options never choose."""

    def __init__(self, on_choose: Callable[[str], None] | None = None) -> None:
        super().__init__()
        self.add_class("crib-row")
        self.add_class("crib-keepfocus")  # focus stays in the row when a choice redraws it
        self.on_choose = on_choose
        self.options: tuple[tuple[str, str], ...] = ()
        self.buttons: list[widgets.Button] = []
        self.chosen: str | None = None
        self._enabled = True

    def set_options(self, options: Iterable[tuple[str, str]]) -> None:
        """Show new answers, none chosen, all enabled."""
        self.options = tuple(options)
        self.chosen, self._enabled = None, True
        old, self.buttons = self.buttons, [self._button(key, words) for key, words in self.options]
        self.children = tuple(self.buttons)
        for button in old:
            button.close()

    def choose(self, key: str | None) -> None:
        """Show ``key`` as the chosen answer (None: none), as a press does, without calling back."""
        self.chosen = key
        for (k, words), button in zip(self.options, self.buttons, strict=True):
            if k == key:
                button.add_class(CHOSEN_CLASS)
                button.tooltip, button.button_style = f"{words} (your choice)", "info"
            else:
                button.remove_class(CHOSEN_CLASS)
                button.tooltip, button.button_style = f"Choose: {words}", ""

    def set_enabled(self, enabled: bool) -> None:
        """Let the answers be chosen, or not (once the question is judged)."""
        self._enabled = enabled
        for button in self.buttons:
            button.disabled = not enabled

    def _button(self, key: str, words: str) -> widgets.Button:
        button = action_button(words, f"Choose: {words}")
        button.add_class(CHOICE_CLASS)
        button.on_click(lambda b, key=key: self._pressed(b, key))
        return button

    def _pressed(self, button: widgets.Button, key: str) -> None:
        if button not in self.buttons or button.disabled or not self._enabled:
            return
        self.choose(key)
        if self.on_choose is not None:
            self.on_choose(key)
