"""A learner's progress: every answer kept by skill, a mastery level per skill, what to practise next.

An `Answer` is one answer given in a trainer or quiz: the `AnswerRecord` values it added (one per
skill it tested) with the day it was given and a stable ``id`` (``"<device>-<number>"``, given by
the store of the device it was answered on), so the same answer merged twice is kept once.

How a skill is rated (the rule is lichess's Learn's, in stars):

- Only **first unaided tries** rate a skill: the first answer to a question, with no hint, no count
  aloud and no answer shown before it. Second tries and tries after a hint are counted apart
  (``other_right`` of ``other_tried``): they show practice, not mastery.
- The stars look at the skill's **last 5 first unaided tries** (`RECENT`), so an old mistake stops
  counting once it has been put right: 80% or more right (4 or 5 of 5) is 3 stars (*secure*), at
  least half right is 2 stars (*shaky*), fewer is 1 star (*needs help*): the words and shares of the
  teacher's class report (`crib_widgets.skills.band`). Under 3 first tries (`MIN_RATED`) a skill has no
  stars yet.
- **What to practise next**: the weakest rated skill that is not yet secure (ties: the one the book
  teaches first); when none is weak, the first skill in the book's order with too few tries; when
  every skill is secure, the daily hand and the deck of mistakes.

>>> from crib_widgets.lessons import CountingLesson
>>> lesson = CountingLesson("5H 5D 5S JC", starter="5C")
>>> right = lesson.check_total(29)
>>> p = Progress([Answer.of(right.records, "d1-1", "2026-12-02")])
>>> s = p.skill("a right count")
>>> (s.first_right, s.first_tried, s.stars, s.word)
(1, 1, 0, 'not rated yet')
>>> p.practise_next()
'Try fifteens next, in the chapter “Fifteens”: you have not tried this yet.'
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import date

from ..bounded import bad_character, check_text
from ..errors import CribbageError
from ..skills import BANDS, MIN_RATED, RECENT, Skill, band
from ..words import plural
from .checks import shown
from .days import day_text, read_day
from .record import AnswerRecord

__all__ = ["Answer", "Progress", "SkillProgress", "CHAPTERS", "COURSE", "LESSONS",
           "answer_key", "split_answers"]

LESSONS = ("counting", "pegging", "muggins", "discarding", "board")
# Each skill, in the order the book teaches it, with the chapter (page, title) that teaches it and
# the words a sentence to the learner uses for it.
CHAPTERS: dict[Skill, tuple[str, str, str]] = {
    Skill.FIFTEENS: ("02_fifteens", "Fifteens", "fifteens"),
    Skill.PAIRS: ("03_pairs_and_runs", "Pairs and runs", "pairs"),
    Skill.RUNS: ("03_pairs_and_runs", "Pairs and runs", "runs"),
    Skill.FLUSH: ("04_the_whole_show", "The whole show", "flushes"),
    Skill.NOBS: ("04_the_whole_show", "The whole show", "his nobs"),
    Skill.RIGHT_COUNT: ("04_the_whole_show", "The whole show", "counting a whole hand"),
    Skill.CRIB_FLUSH: ("05_deal_and_crib", "The deal and the crib", "the crib's flush"),
    Skill.GO: ("07_play_to_31", "The play to 31", "the go and 31"),
    Skill.DISCARDS: ("10_discarding", "Discarding", "choosing your throw to the crib"),
    Skill.PEGGING_CHOICES: ("11_pegging_well", "Pegging well", "choosing your card in the play"),
    Skill.BOARD: ("12_playing_to_the_board", "Playing to the board", "playing to the board near the end"),
    Skill.MUGGINS_CALLS: ("13_muggins", "Muggins", "Muggins calls"),
}
COURSE = tuple(CHAPTERS)
_ID = re.compile(r"([0-9a-z]{1,16})-([0-9]{1,9})")
_FIELDS = ("id", "day", "lesson", "position", "attempt", "hinted", "given", "results")


def answer_key(answer_id: str) -> tuple[str, int]:
    """(device, number) of an answer's id, or a `CribbageError` saying how an id is written."""
    match = _ID.fullmatch(answer_id) if isinstance(answer_id, str) else None
    if not match:
        raise CribbageError(f"the answer id {shown(answer_id)} is not one a progress file holds: an id is "
                            "letters or digits, a dash and a number, e.g. 3fa2c1-17")
    return match.group(1), int(match.group(2))


@dataclass(frozen=True, slots=True)
class Answer:
    """One answer: its ``id``, the ``day`` it was given, the question (``lesson``, ``position``),
    ``attempt``, ``hinted``, ``given``, and (skill, right) for each skill it tested."""

    id: str
    day: date
    lesson: str
    position: str
    attempt: int
    hinted: bool
    given: str
    results: tuple[tuple[str, bool], ...]

    @classmethod
    def of(cls, records: Iterable[AnswerRecord], answer_id: str, day: object) -> Answer:
        """The answer that added ``records`` (a model's records for one answer: same question, try
        and words given), given on ``day``."""
        records = tuple(records)
        if not records or len({_question(r) for r in records}) != 1:
            raise CribbageError("an answer is the records one answer added: give at least one, all of the "
                                "same question, try and words (split_answers groups a longer list)")
        first = records[0]
        return cls.from_dict({"id": answer_id, "day": day_text(read_day(day)), "lesson": first.lesson,
                              "position": first.position, "attempt": first.attempt, "hinted": first.hinted,
                              "given": _kept_words(first.given),
                              "results": [[r.skill, r.right] for r in records]})

    @property
    def records(self) -> tuple[AnswerRecord, ...]:
        """The answer's records, as the model made them."""
        return tuple(AnswerRecord(self.lesson, skill, right, self.attempt, self.hinted, self.position,
                                  self.given) for skill, right in self.results)

    @property
    def right(self) -> bool:
        """Right in every skill it tested."""
        return all(right for _, right in self.results)

    @property
    def unaided(self) -> bool:
        """A first try with no hint seen."""
        return self.attempt == 1 and not self.hinted

    @property
    def order(self) -> tuple[date, str, int]:
        """Where the answer sits in the learner's history: by day, then device and number."""
        return (self.day, *answer_key(self.id))

    def to_dict(self) -> dict[str, object]:
        """Plain JSON values; `from_dict` reads them back to an equal answer."""
        return {"id": self.id, "day": day_text(self.day), "lesson": self.lesson, "position": self.position,
                "attempt": self.attempt, "hinted": self.hinted, "given": self.given,
                "results": [[skill, right] for skill, right in self.results]}

    @classmethod
    def from_dict(cls, data: object) -> Answer:
        """An answer from `to_dict`'s values; anything else is a `CribbageError` naming the field
        and what it may hold."""
        if not isinstance(data, Mapping) or set(data) != set(_FIELDS):
            got = ", ".join(shown(k)[1:-1] if isinstance(k, str) else shown(k) for k in list(data)[:10]) \
                if isinstance(data, Mapping) else shown(data)
            raise CribbageError(f"an answer holds the fields {', '.join(_FIELDS)}, got {got}")
        answer_key(data["id"])
        day = read_day(data["day"], "its day")
        if data["lesson"] not in LESSONS:
            raise CribbageError(f"its lesson {shown(data['lesson'])} is not a trainer of the book: the "
                                f"lessons are {', '.join(LESSONS)}")
        for name, kind in (("position", str), ("given", str), ("hinted", bool)):
            if not isinstance(data[name], kind):
                raise CribbageError(f"its {name} {shown(data[name])} is not {_KIND_WORDS[kind]}")
            if kind is str and len(data[name]) > _LONGEST:
                raise CribbageError(f"its {name} is {len(data[name])} characters long: at most {_LONGEST}")
            if kind is str:
                check_text(data[name], f"its {name}")
        attempt = data["attempt"]
        if type(attempt) is not int or not 1 <= attempt <= 1000:
            raise CribbageError(f"its attempt {shown(attempt)} is not a try's number: 1 for the first try, "
                                "up to 1000")
        return cls(data["id"], day, data["lesson"], data["position"], attempt, data["hinted"],
                   data["given"], _results(data["results"]))


def _kept_words(given: object) -> object:
    """What the learner typed, as an answer keeps it: a control character or half of a character
    made U+FFFD and a long paste cut to `_LONGEST`, so a typed answer is never refused (and lost)."""
    if not isinstance(given, str):
        return given
    text = "".join("\ufffd" if bad_character(ch) else ch for ch in given[:_LONGEST + 1])
    return text if len(text) <= _LONGEST else text[:_LONGEST - 1] + "…"


_KIND_WORDS = {str: "text", bool: "true or false"}
_LONGEST = 300  # characters in a position or an answer given (a play and a hand take under 80)


def _results(value: object) -> tuple[tuple[str, bool], ...]:
    if not isinstance(value, list) or not 1 <= len(value) <= len(COURSE):
        raise CribbageError(f"its results {shown(value)} are not a list of 1 to {len(COURSE)} [skill, right] "
                            'pairs, e.g. [["runs", true]]')
    results = []
    for pair in value:
        if not (isinstance(pair, list) and len(pair) == 2 and isinstance(pair[1], bool)):
            raise CribbageError(f'its result {shown(pair)} is not a [skill, right] pair, e.g. ["runs", true]')
        if not isinstance(pair[0], str) or pair[0] not in CHAPTERS:
            raise CribbageError(f"its skill {shown(pair[0])} is not a skill the book trains: the skills are "
                                f"{', '.join(COURSE)}")
        results.append((pair[0], pair[1]))
    if len({skill for skill, _ in results}) != len(results):
        raise CribbageError(f"its results {shown(value)} name a skill twice: one result per skill")
    return tuple(results)


def _question(record: AnswerRecord) -> tuple[str, str, int, bool, str]:
    return (record.lesson, record.position, record.attempt, record.hinted, record.given)


def split_answers(records: Iterable[AnswerRecord]) -> list[tuple[AnswerRecord, ...]]:
    """A model's records cut into answers: the records one answer added follow one another and share
    the question, the try and the words given."""
    answers: list[list[AnswerRecord]] = []
    for record in records:
        if answers and _question(answers[-1][-1]) == _question(record) \
                and all(r.skill != record.skill for r in answers[-1]):
            answers[-1].append(record)
        else:
            answers.append([record])
    return [tuple(a) for a in answers]


@dataclass(frozen=True, slots=True)
class SkillProgress:
    """Where the learner stands on one skill: first unaided tries (all, and the recent ones that
    rate it) counted apart from the other tries, and the chapter that teaches it."""

    skill: str
    first_right: int
    first_tried: int
    other_right: int
    other_tried: int
    recent_right: int
    recent_tried: int

    @property
    def page(self) -> str:
        """The book's page that teaches the skill, e.g. ``03_pairs_and_runs``."""
        return CHAPTERS[Skill(self.skill)][0]

    @property
    def chapter(self) -> str:
        """That chapter's title."""
        return CHAPTERS[Skill(self.skill)][1]

    @property
    def stars(self) -> int:
        """0 (too few first tries yet) to 3 (secure)."""
        if self.recent_tried < MIN_RATED:
            return 0
        return 3 - [word for _, word, _ in BANDS].index(self.word)

    @property
    def word(self) -> str:
        """The level in words: secure, shaky, needs help, not rated yet, or not tried yet."""
        if not self.first_tried and not self.other_tried:
            return "not tried yet"
        if self.recent_tried < MIN_RATED:
            return "not rated yet"
        return band(self.recent_right, self.recent_tried)[0]

    @property
    def stars_text(self) -> str:
        """The stars drawn (``★★☆``), for the eye; `summary` says them in words."""
        return "★" * self.stars + "☆" * (3 - self.stars)

    @property
    def said_after_name(self) -> str:
        """Where the learner stands, as a chapter's stars say it after the skill's name: the level
        and the last first tries, or how many more first tries bring stars, or "not tried yet".

        >>> SkillProgress("runs", 4, 5, 1, 2, 4, 5).said_after_name
        'secure, 4 of your last 5 first tries right'
        >>> SkillProgress("runs", 1, 1, 0, 0, 1, 1).said_after_name
        'no stars yet: 2 more first tries and this skill gets its stars'
        """
        if self.stars:
            return f"{self.word}, {self.recent_right} of your last {self.recent_tried} first tries right"
        if self.word == "not tried yet":
            return self.word
        return f"no stars yet: {self.tries_to_stars}"

    @property
    def tries_to_stars(self) -> str:
        """How many more first tries bring the skill its stars, in words."""
        tries = plural(MIN_RATED - self.recent_tried, "more first try", "more first tries")
        return f"{tries} and this skill gets its stars"

    @property
    def summary(self) -> str:
        """The level in a sentence a screen reader says whole.

        >>> SkillProgress("runs", 4, 5, 1, 2, 4, 5).summary
        'Runs: 3 of 3 stars, secure (4 of your last 5 first tries right).'
        """
        name = self.skill[0].upper() + self.skill[1:]
        if self.recent_tried < MIN_RATED:
            return f"{name}: {self.word} ({self.recent_tried} of {MIN_RATED} first tries needed for stars)."
        return (f"{name}: {self.stars} of 3 stars, {self.word} ({self.recent_right} of your last "
                f"{self.recent_tried} first tries right).")


class Progress:
    """The learner's answers, rated per skill. ``answers`` in any order (they are put in the order
    they were given: by day, then device and number)."""

    def __init__(self, answers: Iterable[Answer] = ()) -> None:
        self.answers = tuple(sorted(answers, key=lambda a: a.order))

    def skill(self, skill: str) -> SkillProgress:
        """Where the learner stands on one skill (a `CribbageError` names the skills for another)."""
        if skill not in CHAPTERS:
            raise CribbageError(f"{shown(skill)} is not a skill the book trains: the skills are "
                                f"{', '.join(COURSE)}")
        firsts = [right for a in self.answers if a.unaided for s, right in a.results if s == skill]
        others = [right for a in self.answers if not a.unaided for s, right in a.results if s == skill]
        recent = firsts[-RECENT:]
        return SkillProgress(skill, sum(firsts), len(firsts), sum(others), len(others), sum(recent),
                             len(recent))

    def skills(self) -> tuple[SkillProgress, ...]:
        """Every skill, in the order the book teaches them."""
        return tuple(self.skill(s) for s in COURSE)

    def chapter(self, page: str) -> tuple[SkillProgress, ...]:
        """The skills one chapter teaches (none for a page that teaches no rated skill)."""
        return tuple(self.skill(s) for s in COURSE if CHAPTERS[s][0] == page)

    def practise_next(self) -> str:
        """What to practise next, as a sentence to the learner (the rule is in the module's doc)."""
        skills = self.skills()
        weak = [s for s in skills if s.stars and s.stars < 3]
        if weak:
            s = min(weak, key=lambda s: s.recent_right / s.recent_tried)
            return (f"Practise {CHAPTERS[Skill(s.skill)][2]} next, in the chapter “{s.chapter}”: you got "
                    f"{s.recent_right} of your last {s.recent_tried} right at the first try.")
        new = next((s for s in skills if not s.stars), None)
        if new is None:
            return ("Every skill is secure. Keep it that way: count the daily hand, and practise your "
                    "mistakes when they are due.")
        words = CHAPTERS[Skill(new.skill)][2]
        if not new.recent_tried:
            return f"Try {words} next, in the chapter “{new.chapter}”: you have not tried this yet."
        return f"Keep going with {words} in the chapter “{new.chapter}”: {new.tries_to_stars}."
