"""The learner's record: one `AnswerRecord` per answer given in a trainer or quiz.

A record says which lesson asked, which skill the answer tested (the skill names of
`crib_widgets.skills.Skill`, so the teacher's results and the learner's own progress speak
of the same skills), whether it was right, whether it was the first try at that question, whether a
hint had been seen before it, and what was on the table (the hand with its starter, or the play
position), so that a progress store can count first unaided tries apart from the rest and bring a
wrong hand back later.

>>> r = AnswerRecord("counting", "runs", False, 1, False, "4H 5C 6D JS | 5S", "12")
>>> r.unaided, r.to_dict()["skill"]
(True, 'runs')
>>> AnswerRecord.from_dict(r.to_dict()) == r
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass
from typing import TypeVar

from ..cards import Card
from ..errors import CribbageError

__all__ = ["AnswerRecord", "position_text", "records_for"]

_T = TypeVar("_T")


@dataclass(frozen=True, slots=True)
class AnswerRecord:
    """One answer: ``lesson`` (``counting``, ``pegging``, ``muggins``, ``discarding``), ``skill``, ``right``,
    ``attempt`` (1 for the first try at the question), ``hinted`` (a hint or the answer was shown
    before it), ``position`` (the hand or play in card text, enough to deal it again) and ``given``
    (the answer as the learner gave it)."""

    lesson: str
    skill: str
    right: bool
    attempt: int
    hinted: bool
    position: str
    given: str

    @property
    def unaided(self) -> bool:
        """The first try at the question, with no hint seen: what a rating should count."""
        return self.attempt == 1 and not self.hinted

    def to_dict(self) -> dict[str, object]:
        """Plain values (text, numbers, true/false) for JSON and the browser's storage."""
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, object]) -> AnswerRecord:
        """A record back from `to_dict`; anything else is a `CribbageError` naming the field."""
        names = ("lesson", "skill", "right", "attempt", "hinted", "position", "given")
        if not isinstance(data, dict) or set(data) != set(names):
            raise CribbageError(f"an answer record has the fields {', '.join(names)}, got {data!r:.80}")

        def read(name: str, kind: type[_T]) -> _T:
            value = data[name]
            if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
                raise CribbageError(f"an answer record's {name} must be {kind.__name__}, got {value!r:.40}")
            return value

        return cls(read("lesson", str), read("skill", str), read("right", bool), read("attempt", int),
                   read("hinted", bool), read("position", str), read("given", str))


def position_text(hand: Sequence[Card], starter: Card | None = None, *, crib: bool = False) -> str:
    """A hand (and starter) in card text: ``"5H 5D 5S JC | 5C"``, ``"... | 5C crib"`` for a crib.

    >>> from crib_widgets.cards import parse_cards
    >>> position_text(parse_cards("5H 5D 5S JC"), parse_cards("5C")[0], crib=True)
    '5H 5D 5S JC | 5C crib'
    """
    text = " ".join(str(c) for c in hand)
    if starter is not None:
        text += f" | {starter}"
    return text + (" crib" if crib else "")


def records_for(lesson: str, skills: Iterable[tuple[str, bool]], *, attempt: int, hinted: bool, position: str,
                given: str) -> list[AnswerRecord]:
    """One record per (skill, passed) that an answer tested (`exercises.skills.skills_tested`)."""
    return [AnswerRecord(lesson, skill, passed, attempt, hinted, position, given) for skill, passed in skills]
