"""Seeded exercise sets: the same seed (and student name) gives the same set on every machine.

The plan (which focus each question trains) comes from the seed alone, so every student of a
class gets questions of the same kinds in the same order; the cards come from the seed and the
student's name, so neighbours get different hands. A Muggins set is the exception: its focus
decides the call (accept, Muggins or too high), so each student gets the focuses in their own
order (see `plan`). Each question has its own random stream, so
the first 10 questions of a 20-question set are the 10 questions of the same set made with 10.

>>> s = make_set("counting", "easy", hands=3, seed=7)
>>> s.code, len(s), [e.focus for e in s] == plan("counting", "easy", 3, 7)
('counting/easy/3/7', 3, True)
>>> ann = make_set("counting", "easy", 3, 7, student="Ann")
>>> ann.exercises == make_set("counting", "easy", 3, 7, student=" ann ").exercises != s.exercises
True
"""

from __future__ import annotations

import random
import unicodedata
from collections.abc import Iterable

from ..bounded import whole_number
from ..errors import CribbageError
from .hands import COUNTING_FOCUSES, make_counting
from .mistakes import MUGGINS_FOCUSES, make_muggins
from .model import DIFFICULTIES, EXERCISE_KINDS, Exercise, ExerciseSet
from .piles import PLAY_FOCUSES, make_play
from .seeds import check_seed, derive_seed, student_key, student_seed

__all__ = ["MAX_HANDS", "MAX_NAME", "MAX_STUDENTS", "make_set", "load_set", "class_sets", "plan", "focuses",
           "check_options", "check_student"]

MAX_HANDS = 100
MAX_NAME = 100  # characters: a real name of 66 was seen; it is printed on the sheet and named in a file
MAX_STUDENTS = 500
_FOCUSES = {"counting": COUNTING_FOCUSES, "play": PLAY_FOCUSES, "muggins": MUGGINS_FOCUSES}
_MAKERS = {"counting": make_counting, "play": make_play, "muggins": make_muggins}


def check_options(kind: object, difficulty: object, hands: object, seed: object) -> None:
    """Raise a `CribbageError` naming the first bad option and what is allowed."""
    if kind not in EXERCISE_KINDS:
        raise CribbageError(f"kind {kind!r} is not an exercise kind: use one of {', '.join(EXERCISE_KINDS)}")
    if difficulty not in DIFFICULTIES:
        raise CribbageError(f"difficulty {difficulty!r} is not a level: use one of {', '.join(DIFFICULTIES)}")
    if isinstance(hands, bool) or not isinstance(hands, int) or not 1 <= hands <= MAX_HANDS:
        raise CribbageError(f"{hands!r} exercises cannot be made: ask for 1 to {MAX_HANDS}")
    check_seed(seed)


def check_student(name: object) -> str:
    """A student's name as printed (spaces collapsed), or a `CribbageError` saying what is wrong with it.

    >>> check_student("  Ann   Lee ")
    'Ann Lee'
    """
    if not isinstance(name, str) or not name.strip():
        raise CribbageError(f"{_shown(name)} is not a student name: give the name as text, e.g. 'Ann'")
    if any(unicodedata.category(ch) in ("Cc", "Cs", "Co", "Cn") for ch in name if not ch.isspace()):
        raise CribbageError(f"student name {_shown(name)} holds a control or unknown character: "
                            "write the name in letters, digits, spaces, dashes and apostrophes")
    printed = " ".join(name.split())
    if len(printed) > MAX_NAME:
        raise CribbageError(f"student name {_shown(printed)} is {len(printed)} characters long: "
                            f"a name may have at most {MAX_NAME}")
    return printed


def _shown(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else f"{text[:24]}...{text[-6:]}"


def focuses(kind: str, difficulty: str) -> tuple[str, ...]:
    """The focuses a set of this kind and difficulty cycles through."""
    check_options(kind, difficulty, 1, 0)
    return tuple(f.name for f in _FOCUSES[kind][difficulty])


def plan(kind: str, difficulty: str, hands: int, seed: int, student: str | None = None,
         before_accents: bool = False) -> list[str]:
    """The focus of each question: every focus once per block, blocks shuffled by the seed.

    A Muggins set's right call follows from its focus ("a right count" is always "accept"), so
    with a ``student`` a Muggins plan is shuffled by the student's seed instead: neighbours meet
    the same focuses once per block but in their own order, and cannot copy each other's calls.

    >>> plan("muggins", "easy", 4, 7, "Ann") != plan("muggins", "easy", 4, 7, "Ben")
    True
    >>> sorted(plan("muggins", "easy", 4, 7, "Ann")) == sorted(plan("muggins", "easy", 4, 7))
    True
    """
    check_options(kind, difficulty, hands, seed)
    base = student_seed(seed, student, before_accents=before_accents) \
        if student is not None and kind == "muggins" else seed
    names = list(focuses(kind, difficulty))
    order: list[str] = []
    block = 0
    while len(order) < hands:
        shuffled = names[:]
        random.Random(derive_seed(base, kind, difficulty, "plan", block)).shuffle(shuffled)
        order += shuffled
        block += 1
    return order[:hands]


def make_set(
    kind: str = "counting",
    difficulty: str = "easy",
    hands: int = 10,
    seed: int = 0,
    student: str | None = None,
    before_accents: bool = False,
) -> ExerciseSet:
    """A set of ``hands`` exercises; with ``student`` that student's own variant of it.

    ``kind`` is counting, play or muggins; ``difficulty`` easy, medium or hard. ``before_accents``:
    the variant dealt before names were read without their accents (`seeds.key_before_accents`), for
    a link or student code given out before then; the same set for a name with no accent.
    """
    check_options(kind, difficulty, hands, seed)
    printed = None if student is None else check_student(student)
    base = seed if student is None else student_seed(seed, student, before_accents=before_accents)
    by_name = {f.name: f for f in _FOCUSES[kind][difficulty]}
    seen: set = set()
    exercises: list[Exercise] = []
    for number, name in enumerate(plan(kind, difficulty, hands, seed, printed, before_accents), start=1):
        rng = random.Random(derive_seed(base, kind, difficulty, "exercise", number))
        exercises.append(_MAKERS[kind](rng, difficulty, by_name[name], number, seen))
    return ExerciseSet(kind, difficulty, seed, tuple(exercises), printed)


def load_set(code: str, student: str | None = None, before_accents: bool = False) -> ExerciseSet:
    """Remake a set from the code printed on its worksheet, e.g. ``"counting/hard/20/7"``.

    >>> load_set("play/medium/2/7") == make_set("play", "medium", 2, 7)
    True
    """
    parts = code.strip().split("/") if isinstance(code, str) else []
    if len(parts) != 4:
        raise CribbageError(f"{code!r} is not a set code: write kind/difficulty/questions/seed, "
                            "e.g. counting/hard/20/7, as printed at the top of the worksheet")
    kind, difficulty, hands, seed = (p.strip().lower() for p in parts)
    numbers = []
    for what, text in (("questions", hands), ("seed", seed)):
        number = whole_number(text, 40)  # ASCII digits: "²".isdigit() is true, and int("²") a ValueError
        if number is None:
            raise CribbageError(f"{text[:20]!r} in set code {code[:60]!r} is not a number of {what}: "
                                "e.g. counting/hard/20/7")
        numbers.append(number)
    return make_set(kind, difficulty, numbers[0], numbers[1], student, before_accents)


def check_distinct_students(names: Iterable[str]) -> None:
    """Refuse two entries that are the same student: the same name up to case, spaces and accents
    (`student_key`: a student may type "Jose" for "José", so the two cannot be told apart)."""
    keys: dict[str, str] = {}
    for name in names:
        key = student_key(name)
        if key in keys:
            raise CribbageError(f"{name!r} and {keys[key]!r} are the same student: give each name once "
                                "(names are read without case, spaces or accents, as students type them, so "
                                "tell two students apart by more, e.g. 'José M' and 'Jose R')")
        keys[key] = name


def class_sets(
    kind: str, difficulty: str, hands: int, seed: int, students: Iterable[str]
) -> list[ExerciseSet]:
    """One set per student; two entries that are the same student (case, spaces, accents) are an error."""
    if isinstance(students, (str, bytes)) or not isinstance(students, Iterable):
        raise CribbageError(f"students must be a list of names, e.g. ['Ann', 'Ben'], not {_shown(students)}")
    names = list(students)
    if not names:
        raise CribbageError("no students given: list at least one name, or make one set without names")
    if len(names) > MAX_STUDENTS:
        raise CribbageError(f"{len(names)} students is more than one class: "
                            f"give at most {MAX_STUDENTS} names")
    for name in names:
        check_student(name)
    check_distinct_students(names)
    return [make_set(kind, difficulty, hands, seed, name) for name in names]
