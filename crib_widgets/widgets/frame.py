"""The frame every crib widget shares: stylesheet, title, status line and the static-page note."""

from __future__ import annotations

import ipywidgets as widgets

from .styles import STATIC_NOTE, esc, status_html, style_block

__all__ = ["Frame", "action_button", "from_model"]


def from_model(name: str, doc: str = "") -> property:
    """A read-only view of the drawn model's attribute ``name`` (the widget's ``lesson``), so a view
    shows its model's state under the names tests and the book read without keeping a copy."""
    return property(lambda self: getattr(self.lesson, name), doc=doc or f"The model's ``{name}``.")


def action_button(description: str, tooltip: str, style: str = "") -> widgets.Button:
    """A labelled action button (every control gets a tooltip saying what it does). No icon: a
    FontAwesome icon is a glyph from a font the page may not serve (a broken box then), and screen
    readers read it as part of the button's name. The words alone name the action.
    """
    button = widgets.Button(description=description, tooltip=tooltip, button_style=style)
    button.add_class("crib-action")
    return button


class Frame(widgets.VBox):
    """Base of the crib widgets: ``title`` and ``status`` are HTML widgets; ``status_text`` is plain text.

    Until the first button press the status line carries a note that buttons need a running Python,
    so a static page explains itself; any callback proves Python is running and removes it.
    """

    def __init__(self, title: str, note: str = STATIC_NOTE) -> None:
        super().__init__()
        self.note = note
        self.add_class("crib-root")
        self.title = widgets.HTML(f'<div class="crib-title">{esc(title)}</div>')
        self.status = widgets.HTML()
        self.status_text = ""
        self._tone = "info"
        self._body = ""
        self._live = False

    def set_status(self, text: str, tone: str = "info", *, html: str | None = None) -> None:
        """Say what is happening and what to do next (``html`` replaces the escaped ``text``)."""
        self.status_text = text
        self._tone = tone
        self._body = html if html is not None else esc(text)
        self._render_status()

    def went_live(self) -> None:
        """Called by every callback: Python is running, so the static-page note can go."""
        if not self._live:
            self._live = True
            self._render_status()

    def _render_status(self) -> None:
        note = "" if self._live else self.note
        self.status.value = status_html(self._body, self._tone, note=note)

    def _assemble(self, *parts: widgets.Widget) -> None:
        self.children = (style_block(), self.title, *parts)
