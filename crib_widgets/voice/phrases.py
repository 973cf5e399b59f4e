"""The phrases the counting voice can say, and cutting a count's words into them.

The bank records each phrase once (`crib_widgets.voice.make_bank`); a count is said by joining
the recordings of its phrases. Phrases are whole chunks as players say them ("fifteen two", "a
double run of three is", "one for last card") so the joins fall where a speaker would pause.

>>> split_phrases("fifteen two, fifteen four, and a pair is six")
[['fifteen two'], ['fifteen four'], ['and', 'a pair is', 'six']]
>>> split_phrases("thirty-one for two, and a pair for four")
[['thirty-one for', 'two'], ['and', 'a pair for', 'four']]
"""

from __future__ import annotations

from ..aloud import number_words
from ..errors import CribbageError

__all__ = ["PHRASES", "split_phrases", "VoiceError"]


class VoiceError(CribbageError):
    """Words the voice has no recording for."""


_NUMBERS = [number_words(n) for n in range(32)]
_SHOW = [
    "a pair is", "two pairs is", "a pair royal is", "a double pair royal is",
    "a run of three is", "a run of four is", "a run of five is",
    "a double run of three is", "a double run of four is", "a triple run is", "a double double run is",
    "four for the flush is", "five for the flush is", "one for his nobs is",
    # the plain phrasing
    "three of a kind is", "four of a kind is", "a second run of three is", "a third run of three is",
    "a fourth run of three is", "a second run of four is", "a flush of four is", "a flush of five is",
]
_PLAY = [
    "fifteen for", "thirty-one for", "a pair for", "a pair royal for", "double pair royal for",
    *(f"run of {number_words(n)} for" for n in range(3, 8)), "go", "one for last card",
]
PHRASES: tuple[str, ...] = (
    *_NUMBERS, *(f"fifteen {number_words(n)}" for n in range(2, 17, 2)), *_SHOW, *_PLAY, "and",
)
_BY_WORDS = {tuple(p.split()): p for p in PHRASES}
_LONGEST = max(len(k) for k in _BY_WORDS)


def split_phrases(text: str) -> list[list[str]]:
    """The phrases of ``text``, clause by clause (a comma or a full stop ends a clause).

    Each clause is cut greedily into the longest known phrases; a word that no phrase covers is a
    `VoiceError` naming it.
    """
    clauses = []
    for clause in text.lower().replace(".", ",").split(","):
        words = clause.split()
        if not words:
            continue
        found, i = [], 0
        while i < len(words):
            for size in range(min(_LONGEST, len(words) - i), 0, -1):
                phrase = _BY_WORDS.get(tuple(words[i:i + size]))
                if phrase:
                    found.append(phrase)
                    i += size
                    break
            else:
                raise VoiceError(f"the voice has no recording for {words[i]!r} in {clause.strip()!r}")
        clauses.append(found)
    return clauses
