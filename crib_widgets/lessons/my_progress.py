"""The "My progress" page as a headless model: every skill with its stars, the chapter that teaches
it, what to practise next, and the learner's file (export, import, clear with a confirm step).

The view (`crib_widgets.widgets.progress_view`) draws it and forwards clicks; every sentence the
learner reads here is this module's or the progress module's.

>>> from crib_widgets.lessons import CountingLesson
>>> from crib_widgets.lessons.kept import Kept
>>> page = MyProgress(Kept("", today="2026-12-02", device="d1"))
>>> _ = page.kept.take(CountingLesson("5H 5D 5S JC", starter="5C").check_total(29).records, 0)
>>> row = page.rows()[0]
>>> (row.skill, row.chapter, row.href, page.file_name())
('fifteens', 'Fifteens', '02_fifteens.html', 'crib-progress-2026-12-02.json')
>>> page.ask_clear(), page.confirm_clear(), len(page.kept.store.answers)
(True, True, 0)
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import CribbageError
from ..words import plural
from .days import day_text
from .kept import Kept
from .progress import SkillProgress

__all__ = ["MyProgress", "Row"]


@dataclass(frozen=True, slots=True)
class Row:
    """One skill as the page shows it: ``stars`` drawn (``★★☆``), ``summary`` (the level in a
    sentence), the ``chapter`` that teaches it and its page's ``href`` (beside this page)."""

    skill: str
    stars: str
    word: str
    summary: str
    chapter: str
    href: str

    @classmethod
    def of(cls, skill: SkillProgress) -> Row:
        return cls(skill.skill, skill.stars_text, skill.word, skill.summary, skill.chapter,
                   f"{skill.page}.html")


class MyProgress:
    """The learner's progress page over the page's `Kept` progress. ``message`` is the last thing to
    say (and ``tone``: info, ok, bad); ``confirming`` is true between Clear and its confirmation."""

    def __init__(self, kept: Kept) -> None:
        self.kept = kept
        self.confirming = False
        self.message, self.tone = (kept.problem, "bad") if kept.problem else (self._where(), "info")

    def _where(self) -> str:
        answers = len(self.kept.store.answers)
        if not answers:
            return ("No answers kept yet. Count a hand in any chapter's trainer, and your progress "
                    "shows here.")
        return f"Kept in this browser: {plural(answers, 'answer')}. Nothing is sent anywhere."

    def rows(self) -> tuple[Row, ...]:
        """Every skill, in the order the book teaches them."""
        return tuple(Row.of(s) for s in self.kept.store.progress.skills())

    def practise_next(self) -> str:
        """What to practise next, as a sentence to the learner."""
        return self.kept.store.progress.practise_next()

    def file_name(self) -> str:
        """The name of the file the learner exports today."""
        return f"crib-progress-{day_text(self.kept.day())}.json"

    def file_text(self) -> str:
        """The file's text: the whole progress, which another device imports."""
        return self.kept.text

    def import_file(self, raw: bytes, name: str) -> bool:
        """Take in a progress file the learner picked; a bad one is refused in a sentence and nothing
        changes. True when something came in."""
        self.confirming = False
        try:
            self.message = self.kept.store.import_bytes(raw, name)
        except CribbageError as error:
            self.message, self.tone = f"{error}.", "bad"
            return False
        self.tone = "ok"
        return True

    def ask_clear(self) -> bool:
        """Clear was pressed: ask to confirm (nothing is cleared yet)."""
        self.confirming = True
        self.message, self.tone = ("Clear every answer kept in this browser? This cannot be undone: export "
                                   "your progress first if you may want it back."), "bad"
        return True

    def cancel_clear(self) -> None:
        """The learner kept their progress."""
        self.confirming = False
        self.message, self.tone = "Nothing was cleared.", "info"

    def confirm_clear(self) -> bool:
        """Forget every answer and daily hand (only after `ask_clear`); True when cleared."""
        if not self.confirming:
            return False
        self.confirming = False
        self.kept.store.clear()
        self.message, self.tone = "Your progress is cleared: this browser starts afresh.", "ok"
        return True
