"""What the assignment page is handed by Python instead of working it out itself (issue 40): the mark
of each verdict, the example in an answer box, the question as the page shows it and the results file's
name (the progress a student may attach is `crib_widgets.lessons.attach.attachable_progress`'s choice).

The page's JavaScript (``lite/runtime/src/page/assignment.js``, ``lib/payload.js``) reads these from
the link's payload (`assign.page_data`, made once when the link is made), from the page's Python
replies (`assign.page_reply`, `assign.practice_data`) and from `lessons.attach.attachable_progress`;
it never looks for this module's wording. ``tests/data/page_vectors.json`` holds cases both sides check.

>>> MARKS["right"], answer_hint("play")
('✔ Right', 'e.g. 4, or pair 2 + go 1')
"""

from __future__ import annotations

from .file_names import results_name
from .model import Exercise, MugginsExercise

__all__ = ["MARKS", "HINTS", "STALE", "answer_hint", "dealt", "page_prompt", "results_name"]

#: What the page writes before a reply's detail, by the reply's status. "read" only says how an
#: answer was understood (checking off): a pencil, never a tick.
MARKS = {"right": "✔ Right", "wrong": "✘ Not yet", "unreadable": "? Could not read that",
         "read": "✎ Noted, not checked", "unanswered": "", "stale": "⚠ Not your cards now"}
#: The detail of a "stale" reply: the link shows cards the book no longer deals for this student.
STALE = ("this link shows cards the book no longer deals for you (it was made by an older version of "
         "the book), so it cannot check them: ask your teacher for a new link or student code; your "
         "answers are kept")
#: The parts of a question (`assign.page_data`) that are its cards: a link's own must be Python's.
DEALT = ("hand", "starter", "crib", "plays", "asked", "final")
#: The example in an answer box (a total, or a Muggins call), by the set's kind.
HINTS = {"counting": "e.g. 12, or 15-2 15-4 pair 6", "play": "e.g. 4, or pair 2 + go 1",
         "muggins": "accept, muggins 2 or too high 4"}


def answer_hint(kind: str) -> str:
    """The example shown in an answer box of a set of ``kind`` ("counting", "play", "muggins")."""
    return HINTS[kind]


def page_prompt(exercise: Exercise) -> str:
    """The question's first line on the page: a Muggins question shows the count it asks about (its
    answer box says which calls there are), the others their whole prompt."""
    return exercise.claim() if isinstance(exercise, MugginsExercise) else exercise.prompt()


def dealt(question: object) -> object:
    """The cards of a question as the page was given them (its ``DEALT`` parts, each card by its
    symbol only, so a change in how cards are named in words is not a change of cards)."""
    if not isinstance(question, dict):
        return None
    return {k: _symbols(question[k]) for k in DEALT if k in question}


def _symbols(value: object) -> object:
    if isinstance(value, list):
        card = len(value) == 2 and all(isinstance(v, str) for v in value)  # ["5♥", "five of hearts"]
        return value[0] if card else [_symbols(v) for v in value]
    return value
