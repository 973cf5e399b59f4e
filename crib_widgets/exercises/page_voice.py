"""The counting voice on the assignment page: "Hear the count" for a hand the student got right.

The chapters' counting trainer offers the count said aloud (`crib_widgets.voice.count_player`);
the assignment page asks for it here, through its live Python, once the engine has said an answer
is right, so the voice never gives an answer away. The block lights the page's cards, which carry
``data-card`` (``"10H"``) as the chapters' cards do.

>>> from crib_widgets.exercises.generate import load_set
>>> e = load_set("counting/easy/2/7")[1]
>>> 'class="crib-voice"' in page_voice("counting/easy/2/7", "", 1) and "Hear the count" in page_voice(
...     "counting/easy/2/7", "", 1)
True
>>> page_voice("play/easy/2/7", "", 1)  # the play has no count to hear
''
"""

from __future__ import annotations

from .assign import exercise_shown
from .model import CountingExercise, MugginsExercise

__all__ = ["page_voice"]


def page_voice(code: str, student: str | None, number: int, shown: str = "") -> str:
    """The "Hear the count" block for question ``number`` of a set (HTML), or "" for the play;
    ``shown``: the question as the page shows it (JSON), so the count is of the cards on the page
    (`assign.exercise_shown`: a link of before accents were folded), or "" when they are not dealt."""
    from ..scoring import score_hand
    from ..voice import count_player

    exercise = exercise_shown(code, student, number, shown)
    if not isinstance(exercise, CountingExercise | MugginsExercise):
        return ""
    score = score_hand(exercise.hand, exercise.starter, crib=exercise.crib)
    return count_player(score, label="Hear the count")
