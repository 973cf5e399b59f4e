"""The page's one kept progress, and the hidden element through which the page saves it.

`kept` is the page's `crib_widgets.lessons.kept.Kept`, restored from what the page handed over
(``os.environ["CRIB_PROGRESS"]``) on first use. Each trainer puts `out` (one hidden HTML widget,
shared by every trainer of the page) in its tree and calls `keep` after each answer; `saved` shows
the store's text in it, and the page's script (lite/runtime/src/page/crib_live_page.js) sees the change and
writes it to the browser's storage. Nothing is sent anywhere.

Other widgets of the page that show the progress (a chapter's stars) `listen`: each callback is
called after every save, so they redraw as soon as the learner answers in a trainer of the page.
"""

from __future__ import annotations

import contextlib
import os
import weakref
from collections.abc import Callable, Sequence

import ipywidgets as widgets

from ..errors import CribbageError
from ..lessons.kept import Kept
from ..lessons.record import AnswerRecord
from .styles import esc

__all__ = ["CLASS", "keep", "kept", "listen", "out", "saved", "take_saved", "unlisten"]

CLASS = "crib-progress-out"  # the hidden element's class, which the page watches
_page: dict[str, object] = {}
# what `saved` calls: a widget's bound method is held weakly (a closed or forgotten widget drops out)
_listeners: list[Callable[[], Callable[[], None] | None]] = []


def kept() -> Kept:
    """The page's kept progress (restored once per Python)."""
    if "kept" not in _page:
        _page["kept"] = page = Kept.of_environment(os.environ)
        if page.damaged:  # save what could be kept at once: the page sets the old text aside, and the
            saved()       # problem is said on this visit only, not on every page until an answer
    return _page["kept"]  # type: ignore[return-value]


def out() -> widgets.HTML:
    """The hidden element the page saves from (one for the page, in every trainer's tree)."""
    if "out" not in _page:
        html = widgets.HTML(layout=widgets.Layout(display="none"))
        html.add_class(CLASS)
        _page["out"] = html
    return _page["out"]  # type: ignore[return-value]


def listen(callback: Callable[[], None]) -> Callable[[], None]:
    """Have ``callback`` (no arguments) called after every save, e.g. a chapter's stars redrawing
    themselves; returns it. A widget's method is held weakly, so a widget that is gone is dropped."""
    if not callable(callback):
        raise CribbageError(f"{callback!r:.60} cannot listen to the progress: give a function to call "
                            "(with no arguments) after each save")
    ref = weakref.WeakMethod(callback) if hasattr(callback, "__self__") else (lambda: callback)
    _listeners.append(ref)
    return callback


def unlisten(callback: Callable[[], None]) -> None:
    """Stop calling ``callback`` after a save (nothing happens when it was not listening)."""
    _listeners[:] = [ref for ref in _listeners if ref() not in (None, callback)]


def _tell() -> None:
    for ref in list(_listeners):
        callback = ref()
        if callback is None:
            _listeners.remove(ref)
            continue
        with contextlib.suppress(Exception):  # a listener's slip never stops the trainer that saved
            callback()


def saved() -> None:
    """Show the store's text for the page to save (only on a page that keeps progress), then tell
    every listener."""
    page = kept()
    if page.live:
        damaged = ' data-damaged="1"' if page.damaged else ""
        out().value = f'<div class="crib-progress-text"{damaged}>{esc(page.text)}</div>'
        page.damaged = False
    _tell()


def keep(records: Sequence[AnswerRecord], seen: int) -> int:
    """Keep a model's records added since it had ``seen``, and have the page save them; the count
    now seen. A slip here never stops the trainer: the answer was already graded and shown."""
    try:
        now = kept().take(records, seen)
    except Exception:  # progress is extra: the learner's click must still work
        return len(records)
    if now > seen:
        saved()
    return now


def take_saved(text: str) -> None:
    """Another tab of the book saved ``text`` (the page's script hands it over): take its answers in
    and save the union, so neither tab's save loses the other's. Nothing happens when nothing new
    came in, or the text cannot be read."""
    try:
        if kept().take_saved(text):
            saved()
    except Exception:  # progress is extra: never an error on the learner's page
        return
