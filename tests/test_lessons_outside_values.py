"""Every date, count and card the learner's kept progress holds is checked by the game's rules before
use (issue 38): a damaged entry is one sentence, never a ValueError, an OverflowError or a question
the rules cannot ask."""

from __future__ import annotations

import pytest

from crib_widgets.errors import CribbageError
from crib_widgets.lessons.practice import lesson_for


@pytest.mark.parametrize(("lesson", "position", "says"), [
    ("muggins", "5H 5D 5S JC | 5C | said ²", "is not a Muggins question"),  # isdigit() then int(): ValueError
    ("muggins", "5H 5D 5S JC | 5C | said ٣", "is not a Muggins question"),
    ("pegging", "KH QH JH | 2 players | hand 9H best", "it is a go, not a question"),  # max() of nothing
    ("pegging", "KH QH JH | 2 players | hand 2H 9C safest", "it is a go, not a question"),
    ("pegging", "5H | 2 players | hand 6H 6H best", "names a card twice"),
    ("pegging", "5H | 2 players | hand 5H 6H best", "names a card twice"),
    ("pegging", "5H | 2 players | hand 6H 7H 8H 9H 10H JH QH best", "a hand of 7 cards"),
])
def test_a_damaged_question_is_one_sentence(lesson, position, says):
    with pytest.raises(CribbageError, match=says):
        lesson_for(lesson, position)


def test_good_questions_are_still_asked():
    assert lesson_for("muggins", "5H 5D 5S JC | 5C | said 28").announced == 28
    assert lesson_for("pegging", "5H | 2 players | hand 6H 7H 8H 9H best").scenario.hand == ("6H", "7H", "8H", "9H")
