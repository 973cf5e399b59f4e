"""The small box at the end of a chapter: the learner's stars for each skill the chapter teaches,
in words too, with a link to the "My progress" page.

It draws `crib_widgets.lessons.chapter_stars` over the page's kept progress
(`progress_link.kept`) and redraws itself after every save (`progress_link.listen`), so the stars
change as soon as the learner answers in a trainer of the same page. Before the page's Python runs
(the built page's snapshot) it says the stars appear once the page comes alive.
"""

from __future__ import annotations

import ipywidgets as widgets

from ..colours import css_variables
from ..lessons.chapter_stars import MY_PROGRESS, chapter_lines, intro
from ..lessons.kept import Kept
from .progress_link import kept, listen
from .styles import esc

__all__ = ["ChapterStars"]

CLASS = "crib-chapter-stars"
_HIDDEN = "position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap"
_CSS = f"""
.{CLASS} {{ border: 1px solid var(--crib-border); border-left: 4px solid var(--crib-star);
  border-radius: 6px; padding: 8px 12px;
  margin: 8px 0; max-width: 44em; background: var(--crib-stars-bg); color: var(--crib-stars-text); }}
.{CLASS} .crib-stars-box {{ line-height: 1.4; }}
.{CLASS} .crib-stars-title {{ font-weight: 600; margin: 0 0 2px; }}
.{CLASS} .crib-stars-intro {{ margin: 0 0 6px; font-size: .92em; color: var(--crib-stars-intro); }}
.{CLASS} ul {{ list-style: none; margin: 0; padding: 0; }}
.{CLASS} li {{ margin: 3px 0; }}
.{CLASS} .crib-stars {{ color: var(--crib-star); letter-spacing: 1px; white-space: nowrap;
  margin-right: 4px; }}
.{CLASS} a {{ display: inline-block; margin-top: 6px; padding: 2px 0; color: var(--crib-deep-blue); }}
"""
_CSS = css_variables(f".{CLASS}") + _CSS  # the stars stand outside a widget's frame: their own colours


class ChapterStars(widgets.VBox):
    """One chapter's skills with the learner's stars. ``page`` is the chapter's page name
    (``"04_the_whole_show"``; a page that teaches no skill with stars is a `CribbageError` naming
    those that do); ``progress`` a `Kept` to show (the page's own by default).

    Child widgets: ``view`` (HTML). State: ``lines`` (the `Line` values drawn), ``live``.
    """

    def __init__(self, page: str, *, progress: Kept | None = None) -> None:
        super().__init__()
        self.page = page
        self.kept = progress or kept()
        self.lines = chapter_lines(self.kept.store.progress, page)  # checks the page first
        self.add_class(CLASS)
        self.view = widgets.HTML()
        self.children = (widgets.HTML(f"<style>{_CSS}</style>", layout=widgets.Layout(display="none")),
                         self.view)
        self.redraw()
        listen(self.redraw)

    @property
    def live(self) -> bool:
        """Whether the progress shown is the browser's (a live page), not the build's empty one."""
        return self.kept.live

    def redraw(self) -> None:
        """Draw the lines from the progress as it is now."""
        self.lines = chapter_lines(self.kept.store.progress, self.page)
        items = "".join(
            f'<li><span class="crib-stars" aria-hidden="true">{line.stars}</span>'
            f'<span aria-hidden="true"><b>{esc(line.name)}</b>: {esc(line.shown)}</span>'
            f'<span style="{_HIDDEN}">{esc(line.said)}</span></li>'
            for line in self.lines)
        self.view.value = (
            f'<div class="crib-stars-box" data-live="{int(self.live)}" role="group" '
            f'aria-label="Your stars in this chapter">'
            f'<p class="crib-stars-title">Your stars in this chapter</p>'
            f'<p class="crib-stars-intro">{esc(intro(self.page, self.live))}</p>'
            f"<ul>{items}</ul>"
            f'<a href="{MY_PROGRESS}">See every skill on My progress</a></div>')
