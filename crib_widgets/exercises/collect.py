"""Collecting a class's results: files and pasted codes in, checked submissions and one line per problem out.

The command line (`crib grade`) and the teachers' page both hand this the texts they were given
(a results file's JSON, or text holding results codes) with a name for each; nothing here reads a
disk, so both grade the same inputs the same way.

- a file or code that cannot be graded gets one line in ``refused`` and the rest are graded;
- when a student hands in more than one results file (or code), the latest is graded whatever order
  they come in: the one saved last (the time saved is signed with the answers), at the same time the
  one with more answers; each other one gets a line in ``notes`` saying which file was graded
  instead and why (`latest_first`);
- a file whose name names another student on the class list (``results-ben.json`` holding Ann's
  results) is graded as the student whose link signed it, with a line in ``notes`` saying so;
- a file from a link or student code given out before names were read without their accents (a name
  with accents: its key and cards changed on 6 December 2026) is graded on the cards it showed, with a
  line in ``notes`` saying so (`before_accents_line`);
- a file whose attached progress (optional, `results.read_results`) cannot be read is graded, with a
  line in ``notes`` saying why; the progress is read with the ``read_progress`` the caller gives
  (`crib_widgets.lessons.store.Store.from_text`, a layer above this one: `crib grade` and the class
  desk give it), and without one that line says it was not read.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime

from ..bounded import MAX_LIST_BYTES, MAX_RESULTS_BYTES
from ..words import plural
from .assign import Assignment, fold_name
from .results import CODE_PREFIX, ProgressReader, ResultsError, Submission, codes_in, one_line, read_results

__all__ = ["Collected", "collect", "name_in_file_name", "handed_in_limit", "latest_first", "set_aside_line",
           "SET_ASIDE", "ACCENTS_CHANGED", "before_accents_line"]


@dataclass
class Collected:
    """Checked submissions by student, lines for inputs refused, and notes on inputs graded."""

    taken: dict[str, Submission] = field(default_factory=dict)
    refused: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def _letters(text: str) -> str:
    """Only the letters and digits of ``text``, case and accents folded: "Chloé O'Neil" -> chloeoneil."""
    return "".join(ch for ch in fold_name(unicodedata.normalize("NFC", text)) if ch.isalnum())


def _spelled(text: str) -> str:
    """Only the letters and digits of ``text``, case folded, accents kept: "Chloé O'Neil" -> chloéoneil."""
    return "".join(ch for ch in unicodedata.normalize("NFC", text).casefold() if ch.isalnum())


def handed_in_limit(file_name: str) -> int:
    """The most bytes a handed-in file may have: a text file of pasted codes holds a class's, a
    results file one student's."""
    return MAX_LIST_BYTES if file_name.lower().endswith(".txt") else MAX_RESULTS_BYTES


def name_in_file_name(source: str, students: Iterable[str]) -> str | None:
    """The student a file name names (``results-chloe (1).json`` -> Chloé), or None.

    >>> name_in_file_name("results-chloe (1).json", ["Chloé", "Ben"])
    'Chloé'
    >>> name_in_file_name("homework.json", ["Chloé", "Ben"]) is None
    True
    >>> both = ["Chloé", "Chloe"]
    >>> name_in_file_name("results-chloe.json", both), name_in_file_name("CHLOÉ.json", both)
    ('Chloe', 'Chloé')
    """
    stem = re.sub(r"\.(json|txt)$", "", source.rsplit("/", 1)[-1], flags=re.I)
    stem = re.sub(r"^results[-_ ]*", "", stem, flags=re.I)
    stem = re.sub(r"\s*\(\d+\)$|[-_ ]\d+$", "", stem)  # a browser's second copy: "(1)", "-2"
    if not _letters(stem):
        return None
    exact = [name for name in students if _spelled(name) == _spelled(stem)]
    if exact:  # "Chloé" and "Chloe" on one list: results-chloe.json names Chloe, not Chloé
        return exact[0]
    folded = [name for name in students if _letters(name) == _letters(stem)]
    return folded[0] if len(folded) == 1 else None  # two names alike but for accents: it names neither


def collect(assignment: Assignment, texts: Iterable[tuple[str, str]],
            unread: Iterable[str] = (), read_progress: ProgressReader | None = None) -> Collected:
    """Check every (source name, text) against the class: a results file's JSON, or text with codes;
    ``unread`` are the lines for inputs that could not even be read as text (they are listed first);
    ``read_progress`` reads an attached progress (`results.read_results`)."""
    got = Collected(refused=[one_line(line) for line in unread])
    handed: dict[str, list[Submission]] = {}
    for name, text in texts:
        source = one_line(name)  # a file's name is quoted in one-line messages
        if CODE_PREFIX in text[:1000] or (CODE_PREFIX in text and not text.lstrip().startswith("{")):
            entries = codes_in(text, source)
        else:
            entries = [(source, text)]
        for where, content in entries:
            if isinstance(content, ResultsError):
                got.refused.append(str(content))
                continue
            try:
                submission = read_results(assignment, content, where, read_progress)
            except ResultsError as error:
                got.refused.append(str(error))
                continue
            except Exception as error:  # one student's file never stops the class's grade
                got.refused.append(f"{where}: could not be read ({type(error).__name__}): hand in the file "
                                   "the assignment page saved")
                continue
            handed.setdefault(submission.student, []).append(submission)
    for name in sorted(handed, key=list(assignment.students).index):
        kept, *aside = latest_first(handed[name])
        _take(got, assignment, kept)
        got.notes.extend(set_aside_line(kept, other) for other in aside)
    return got


def _order(submission: Submission) -> tuple:
    """What makes one file later than another: a signed time first; among files from an older page
    (whose time is not signed) the time they state; then more answers, then the file's name (so the
    choice never depends on the order the files came in)."""
    moment = submission.saved_at or _NEVER
    return (submission.time_signed, moment, submission.answered, submission.source)


_NEVER = datetime.min.replace(tzinfo=UTC)


def latest_first(submissions: Sequence[Submission]) -> list[Submission]:
    """One student's files, the one to grade first: the latest saved, whatever order they came in."""
    return sorted(submissions, key=_order, reverse=True)


SET_ASIDE = "set aside, not graded"  # the words of a note on a file set aside (the report counts them)


def set_aside_line(kept: Submission, aside: Submission) -> str:
    """Why ``aside`` is not graded: which of the student's files is, and why that one."""
    name = kept.student
    start = f"{aside.source}: {SET_ASIDE}: {name} also handed in {kept.source}, which is graded"
    if kept.time_signed and aside.time_signed and kept.saved_at != aside.saved_at:
        return f"{start} (saved later: {_when(kept)}, this one {_when(aside)})"
    if kept.time_signed and not aside.time_signed:
        return f"{start} (its time saved, {_when(kept)}, is signed; this one is from an older page, whose " \
               "time is not)"
    if not (kept.time_signed or aside.time_signed) and kept.saved_at and aside.saved_at \
            and kept.saved_at != aside.saved_at:
        return f"{start} (saved later by the time each file states, {_when(kept)}, this one " \
               f"{_when(aside)}; files from an older page, whose time is not signed)"
    if kept.answers == aside.answers:
        return f"{start} (the same answers)"
    if kept.answered != aside.answered:
        return f"{start} ({plural(kept.answered, 'answer')} given against {aside.answered}, " \
               f"{'saved at the same time' if kept.time_signed else 'neither says when it was saved'})"
    return f"{start} (saved at the same time with as many answers: the first by file name is graded; " \
           "check with the student)"


def _when(submission: Submission) -> str:
    moment = submission.saved_at
    return moment.strftime("%Y-%m-%d %H:%M:%S UTC") if moment else "unknown"


#: When names began to be read without their accents (issue 37): a name with accents then got a new
#: key, and so new cards, new student codes and new links.
ACCENTS_CHANGED = "6 December 2026"


def before_accents_line(assignment: Assignment, submission: Submission) -> str:
    """The report's note on a file from a link or student code given out before names were read without
    their accents: graded, and on which cards (a set's: the ones that link showed, not today's)."""
    name = submission.student
    start = (f"{submission.source}: made from a link or student code given out before {ACCENTS_CHANGED}, "
             f"when the book began to read names without their accents")
    if assignment.CARDS_BY_NAME:
        return (f"{start}; graded on the cards that link showed {name} (an answer key or link made since "
                "shows other cards)")
    return f"{start}; graded as usual (everyone plays the same boards)"


def _take(got: Collected, assignment: Assignment, submission: Submission) -> None:
    name = submission.student
    named = name_in_file_name(submission.source, assignment.students)
    if named is not None and named != name:
        got.notes.append(f"{submission.source}: the file's name names {named}, but it holds {name}'s results "
                         f"(made from {name}'s link): graded as {name}'s")
    if submission.before_accents:
        got.notes.append(before_accents_line(assignment, submission))
    if submission.progress_problem:
        got.notes.append(f"{submission.source}: the attached progress could not be read: "
                         f"{submission.progress_problem}. {name}'s answers were graded as usual")
    got.taken[name] = submission
