"""Collecting a class's results: files and pasted codes in, checked submissions and one line per problem out.

The command line (`crib grade`) and the teachers' page both hand this the texts they were given
(a results file's JSON, or text holding results codes) with a name for each; nothing here reads a
disk, so both grade the same inputs the same way.

- a file or code that cannot be graded gets one line in ``refused`` and the rest are graded;
- a second results file for the same student is refused (the first is graded);
- a file whose name names another student on the class list (``results-ben.json`` holding Ann's
  results) is graded as the student whose link signed it, with a line in ``notes`` saying so;
- a file whose attached progress (optional, `results.read_results`) cannot be read is graded, with a
  line in ``notes`` saying why.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field

from ..bounded import MAX_LIST_BYTES, MAX_RESULTS_BYTES
from .assign import Assignment, fold_name
from .results import CODE_PREFIX, ResultsError, Submission, codes_in, read_results

__all__ = ["Collected", "collect", "name_in_file_name", "handed_in_limit"]


@dataclass
class Collected:
    """Checked submissions by student, lines for inputs refused, and notes on inputs graded."""

    taken: dict[str, Submission] = field(default_factory=dict)
    refused: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def _letters(text: str) -> str:
    """Only the letters and digits of ``text``, case and accents folded: "Chloé O'Neil" -> chloeoneil."""
    return "".join(ch for ch in fold_name(unicodedata.normalize("NFC", text)) if ch.isalnum())


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
    """
    stem = re.sub(r"\.(json|txt)$", "", source.rsplit("/", 1)[-1], flags=re.I)
    stem = re.sub(r"^results[-_ ]*", "", stem, flags=re.I)
    stem = re.sub(r"\s*\(\d+\)$|[-_ ]\d+$", "", stem)  # a browser's second copy: "(1)", "-2"
    wanted = _letters(stem)
    if not wanted:
        return None
    return next((name for name in students if _letters(name) == wanted), None)


def collect(assignment: Assignment, texts: Iterable[tuple[str, str]],
            unread: Iterable[str] = ()) -> Collected:
    """Check every (source name, text) against the class: a results file's JSON, or text with codes;
    ``unread`` are the lines for inputs that could not even be read as text (they are listed first)."""
    got = Collected(refused=list(unread))
    for source, text in texts:
        if CODE_PREFIX in text[:1000] or (CODE_PREFIX in text and not text.lstrip().startswith("{")):
            entries = codes_in(text, source)
        else:
            entries = [(source, text)]
        for where, content in entries:
            if isinstance(content, ResultsError):
                got.refused.append(str(content))
                continue
            try:
                submission = read_results(assignment, content, where)
            except ResultsError as error:
                got.refused.append(str(error))
                continue
            _take(got, assignment, submission)
    return got


def _take(got: Collected, assignment: Assignment, submission: Submission) -> None:
    name = submission.student
    if name in got.taken:
        got.refused.append(f"{submission.source}: a second results file for {name} (the first was "
                           f"{got.taken[name].source}): only the first is graded")
        return
    named = name_in_file_name(submission.source, assignment.students)
    if named is not None and named != name:
        got.notes.append(f"{submission.source}: the file's name names {named}, but it holds {name}'s results "
                         f"(made from {name}'s link): graded as {name}'s")
    if submission.progress_problem:
        got.notes.append(f"{submission.source}: the attached progress could not be read: "
                         f"{submission.progress_problem}. {name}'s answers were graded as usual")
    got.taken[name] = submission
