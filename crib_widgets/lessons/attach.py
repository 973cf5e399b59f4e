"""What of a learner's progress a results file may carry, when the student ticks *Add my progress*
on the assignment page: the answers that give the stars, chosen with the store's own rules.

The page's JavaScript hands the browser's kept text to `attachable_progress` (the import line is
``PROGRESS_IMPORT`` in ``lite/runtime/src/page/lib/payload.js``) and attaches what it chooses;
`crib_widgets.exercises.results` cuts it out of a results file again, and the teacher's grading
reads it with `Store.from_text`. It lives here, beside the store, because the worksheets' layer
(`crib_widgets.exercises`) sits under the lessons and never imports them.

>>> attachable_progress(None)["why"][:40]
'There is no progress from the book in th'
"""

from __future__ import annotations

import json

from ..errors import CribbageError
from ..exercises.results import MAX_ATTACHED_PROGRESS
from ..skills import RECENT
from .progress import Answer
from .store import Store

__all__ = ["attachable_progress"]

_NOTHING_YET = ("There is no progress from the book in this browser to add yet: your stars appear once you "
                "practise in the book's chapters.")
_UNREADABLE = "Your progress in this browser could not be read, so there is nothing to add."
_TOO_LONG = "Your progress is too long to add to the results file, so it is left out."


def attachable_progress(text: str | None) -> dict[str, str]:
    """The part of a learner's kept progress (the browser's ``crib-progress`` text) that a results
    file may carry: ``{"json": ...}``, the answers that give their stars (each skill's last
    ``RECENT`` first tries without a hint and its last other try), read with the store's own rules;
    or ``{"why": ...}``, one sentence a student reads saying why there is nothing to add."""
    if not text:
        return {"why": _NOTHING_YET}
    try:
        store = Store.from_text(text, "your progress")
    except CribbageError:
        return {"why": _UNREADABLE}
    kept: list[Answer] = []
    firsts: dict[str, int] = {}
    others: dict[str, int] = {}
    for answer in reversed(store.answers):  # newest first
        unaided = answer.attempt == 1 and not answer.hinted
        count, most = (firsts, RECENT) if unaided else (others, 1)
        wanted = False
        for skill, _right in answer.results:
            count[skill] = count.get(skill, 0) + 1
            wanted |= count[skill] <= most
        if wanted:
            kept.append(answer)
    if not kept:
        return {"why": _NOTHING_YET}
    attached = {"crib-progress": 1, "device": store.device, "next": store.next,
                "answers": [a.to_dict() for a in reversed(kept)], "daily": []}
    compact = json.dumps(attached, ensure_ascii=False, separators=(",", ":"))
    if len(compact.encode("utf-8")) > MAX_ATTACHED_PROGRESS:
        return {"why": _TOO_LONG}
    return {"json": compact}
