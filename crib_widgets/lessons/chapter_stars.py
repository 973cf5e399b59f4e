"""A chapter's stars as a headless model: one line for each skill the chapter teaches, in stars and
in words, for the small box at the end of the chapter (`crib_widgets.widgets.chapter_stars`).

Each `Line` has the stars drawn (``★★☆``, for the eye), what they mean in words on the page, and
the whole sentence a screen reader says. A skill not tried yet says where on the page to try it.
Before the page's Python is running the progress is not known yet: `intro` then says the stars
appear once the page comes alive, so "not tried yet" does not mislead.

>>> from crib_widgets.lessons import CountingLesson
>>> from crib_widgets.lessons.kept import Kept
>>> kept = Kept("", today="2026-12-02", device="d1")
>>> for total in (29, 29, 28):
...     _ = kept.take(CountingLesson("5H 5D 5S JC", starter="5C").check_total(total).records, 0)
>>> [line.said for line in chapter_lines(kept.store.progress, "04_the_whole_show")][2]
'A right count: 2 of 3 stars, shaky (2 of your last 3 first tries right).'
>>> chapter_lines(kept.store.progress, "04_the_whole_show")[0].shown
'not tried yet: count a hand in the trainer above'
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import CribbageError
from ..skills import Skill
from .checks import shown
from .progress import CHAPTERS, COURSE, Progress, SkillProgress

__all__ = ["Line", "PAGES", "TRY", "chapter_lines", "intro", "MY_PROGRESS"]

MY_PROGRESS = "my_progress.html"  # the page with every skill, beside the chapters
_COUNT = "count a hand in the trainer above"
# Where a learner tries each skill, said to them when they have not tried it yet.
TRY: dict[str, str] = {
    "fifteens": _COUNT, "pairs": _COUNT, "runs": _COUNT, "flush": _COUNT, "his nobs": _COUNT,
    "a right count": _COUNT,
    "the crib's flush": "count a crib in the trainer above (it starts with cribs)",
    "go and 31": "answer a play in the drill above",
    Skill.DISCARDS: "throw two cards in the discard trainer above, or at a game table",
    Skill.PEGGING_CHOICES: "choose a card in the drill above",
    Skill.BOARD: "answer a position in the board practice above",
    Skill.MUGGINS_CALLS: "answer a count in the quiz above",
}
PAGES = tuple(dict.fromkeys(page for page, _, _ in CHAPTERS.values()))  # the pages that show stars


@dataclass(frozen=True, slots=True)
class Line:
    """One skill as the chapter shows it: its ``name`` (capitalised), the ``stars`` drawn, the
    ``word`` (secure, shaky, needs help, not rated yet, not tried yet), what the page ``shown``
    after the name, and ``said``: the whole line as one sentence for a screen reader."""

    skill: str
    name: str
    stars: str
    word: str
    shown: str
    said: str

    @classmethod
    def of(cls, skill: SkillProgress) -> Line:
        name = skill.skill[0].upper() + skill.skill[1:]
        text = skill.said_after_name
        if skill.stars:
            return cls(skill.skill, name, skill.stars_text, skill.word, text, skill.summary)
        if skill.word == "not tried yet":
            text = f"{text}: {TRY[skill.skill]}"
        return cls(skill.skill, name, skill.stars_text, skill.word, text, f"{name}: {text}.")


def _check_page(page: object) -> str:
    if not isinstance(page, str) or page not in PAGES:
        raise CribbageError(f"{shown(page)} is not a chapter that teaches a skill with stars: the chapters "
                            f"are {', '.join(PAGES)}")
    return page


def chapter_lines(progress: Progress, page: str) -> tuple[Line, ...]:
    """One line for each skill ``page`` teaches, in the book's order (a `CribbageError` names the
    chapters for a page that teaches no skill with stars)."""
    return tuple(Line.of(s) for s in progress.chapter(_check_page(page)))


def intro(page: str, live: bool) -> str:
    """The sentence above the lines: how the stars are earned, or, before the page is live, that
    they appear once it is."""
    skills = [s for s in COURSE if CHAPTERS[s][0] == _check_page(page)]
    these = "this skill" if len(skills) == 1 else "these skills"
    if not live:
        shows = "shows" if len(skills) == 1 else "show"
        return ("Your stars appear here once the page comes alive, a few moments after it opens. "
                f"Until then {these} {shows} as not tried yet, even if you have tried them.")
    return (f"Your stars for {these}, from your first tries, in this browser only. Three stars "
            "means secure.")
