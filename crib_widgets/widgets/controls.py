"""The controls the book's widgets are made of: ipywidgets' own, except that every control of a kind
that keeps the default look shares one style.

Each ipywidgets control comes with a style model of its own, and each model is a message to the page
and an object the page builds before it can draw the widget. A game table had 63 of them, all alike;
sharing them makes it come alive about a tenth of a second sooner.

A shared style cannot be changed, since the change would reach every control of its kind: a control
that needs a look of its own is given its style when it is made.

>>> deal, show = Button(description="Deal"), Button(description="Show")
>>> deal.style is show.style
True
>>> Button(description="Go", style={"font_weight": "bold"}).style is deal.style
False
>>> deal.style.button_color = "red"  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
TypeError: every plain Button shares this style, ... Button(style={'button_color': 'red'})
"""

from __future__ import annotations

import ipywidgets as widgets
from traitlets import HasTraits, default

__all__ = ["BoundedIntText", "Button", "Checkbox", "Dropdown", "FileUpload", "HTML", "IntText", "Label",
           "Text", "Textarea", "ToggleButton", "ToggleButtons", "shared_style"]


class _Fixed:
    """A style that says so, instead of changing every control that shares it."""

    _control = "control"

    def __setattr__(self, name: str, value: object) -> None:
        if getattr(self, "_fixed", False) and name in self.keys and not name.startswith("_"):
            raise TypeError(f"every plain {self._control} shares this style, so it cannot be changed here:"
                            " give the control its own when it is made, e.g."
                            f" {self._control}(style={{{name!r}: {value!r}}})")
        super().__setattr__(name, value)


_shared: dict[type, widgets.Widget] = {}


def shared_style(control: type[widgets.DOMWidget]) -> widgets.Widget:
    """The one default style of ``control``'s kind (made again if it was closed)."""
    style = _shared.get(control)
    if style is None or style.comm is None:
        kind = control.class_traits()["style"].klass
        fixed = type(f"Shared{kind.__name__}", (_Fixed, kind), {"_control": control.__name__})
        style = _shared[control] = fixed()
        style._fixed = True
    return style


class _SharedStyle(HasTraits):
    @default("style")
    def _shared_style(self) -> widgets.Widget:
        return shared_style(type(self))


class BoundedIntText(_SharedStyle, widgets.BoundedIntText):
    """ipywidgets' BoundedIntText; its default style is shared."""


class Button(_SharedStyle, widgets.Button):
    """ipywidgets' Button; its default style is shared."""


class Checkbox(_SharedStyle, widgets.Checkbox):
    """ipywidgets' Checkbox; its default style is shared."""


class Dropdown(_SharedStyle, widgets.Dropdown):
    """ipywidgets' Dropdown; its default style is shared."""


class FileUpload(_SharedStyle, widgets.FileUpload):
    """ipywidgets' FileUpload; its default style is shared."""


class HTML(_SharedStyle, widgets.HTML):
    """ipywidgets' HTML; its default style is shared."""


class IntText(_SharedStyle, widgets.IntText):
    """ipywidgets' IntText; its default style is shared."""


class Label(_SharedStyle, widgets.Label):
    """ipywidgets' Label; its default style is shared."""


class Text(_SharedStyle, widgets.Text):
    """ipywidgets' Text; its default style is shared."""


class Textarea(_SharedStyle, widgets.Textarea):
    """ipywidgets' Textarea; its default style is shared."""


class ToggleButton(_SharedStyle, widgets.ToggleButton):
    """ipywidgets' ToggleButton; its default style is shared."""


class ToggleButtons(_SharedStyle, widgets.ToggleButtons):
    """ipywidgets' ToggleButtons; its default style is shared."""
