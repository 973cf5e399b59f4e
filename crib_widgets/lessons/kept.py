"""The progress of this page: one `Store`, restored from what the browser kept, fed each new answer.

The page's Python runs in a Web Worker, which cannot read the browser's storage. So the page reads
its saved progress (``localStorage`` key ``crib-progress``; nothing when none is saved or storage
is blocked) and hands the text to Python before any cell runs, as the environment variable
`VARIABLE`. `Kept` restores one store from it; the widgets give it each model's new records
(`Kept.take`), and the page saves `Kept.text` back (the widget side,
`crib_widgets.widgets.progress_link`, shows the text in one hidden element the page watches).
Nothing is sent anywhere.

Only a page that handed over `VARIABLE` (even empty) keeps progress (``live``): a notebook run
while the book is built, or in Jupyter, records in memory and shows nothing to save.

Two tabs of the book open at once each restore the same saved text, and each saves its own. So that
neither save loses the other's answers, a live page numbers its new answers under a name of its
own (never an id another tab gives), and when another tab saves, the page hands that text over
(`Kept.take_saved`): its answers are taken in, each once, and the union is saved.

>>> from crib_widgets.lessons import CountingLesson
>>> kept = Kept("", today="2026-12-02", device="d1")
>>> lesson = CountingLesson("5H 5D 5S JC", starter="5C")
>>> seen = kept.take(lesson.records, 0)
>>> _ = lesson.check_total(29)
>>> seen = kept.take(lesson.records, seen)
>>> seen, [a.id for a in kept.store.answers], Kept(kept.text, device="d2", live=False).store.device
(1, ['d1-1'], 'd1')
>>> other = Kept(kept.text, device="d2")  # a second tab: its answers are numbered under its own name
>>> _ = other.take(CountingLesson("5H 5D 5S JC", starter="5C").check_total(29).records, 0)
>>> kept.take_saved(other.text), [a.id for a in kept.store.answers]
(True, ['d1-1', 'd2-1'])
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import date

from ..errors import CribbageError
from .days import read_day
from .record import AnswerRecord
from .store import Store

__all__ = ["Kept", "KEY", "VARIABLE"]

VARIABLE = "CRIB_PROGRESS"  # what the page sets before any cell runs (lite/runtime/src/page/)
KEY = "crib-progress"  # the browser storage's key the page keeps the text under


class Kept:
    """The page's one store. ``saved`` is the text the page kept (None or "" when none), ``today``
    the day answers are given on (the date of this computer when left out), ``live`` whether a page
    will save what is kept. ``problem`` says why saved text could not be read (a fresh store
    then); ``damaged`` stays true until the first save, so the page can keep the old text aside."""

    def __init__(self, saved: str | None, *, today: object = None, device: str | None = None,
                 live: bool = True) -> None:
        self.store, self.problem = Store.restore(saved, device)
        if live and saved and not self.problem:  # a page of its own: ids no other tab gives
            self.store.rename(device)
        self.damaged = bool(self.problem)
        self.today = None if today is None else read_day(today)
        self.live = live

    @classmethod
    def of_environment(cls, environ: Mapping[str, str]) -> Kept:
        """The store the page handed over in ``environ`` (``os.environ``): live when it set `VARIABLE`."""
        return cls(environ.get(VARIABLE), live=VARIABLE in environ)

    def day(self) -> date:
        """The day an answer given now is kept under."""
        return self.today or date.today()

    def take(self, records: Sequence[AnswerRecord], seen: int) -> int:
        """Keep the records a model added since it had ``seen`` of them; the count now seen."""
        if len(records) > seen:
            self.store.add(records[seen:], self.day())
        return len(records)

    def take_saved(self, text: str) -> bool:
        """Another tab saved ``text``: take in its answers and daily hands (each once). True when
        something came in (the page then saves the union); text that cannot be read changes
        nothing."""
        try:
            other = Store.from_text(text, "the progress another tab saved")
            before = (len(self.store.answers), len(self.store.streak.days))
            self.store.merge(other)
        except CribbageError:
            return False
        return (len(self.store.answers), len(self.store.streak.days)) != before

    @property
    def text(self) -> str:
        """The store as the text the page saves."""
        return self.store.to_text()
