"""File names made from a student's name: the worksheet's and the results file's, the same from the
command line, the class page and the assignment page (which is handed the name, never makes it).

>>> file_stem("Ann O'Neil"), results_name("Chloé Dupont")
('ann-o-neil', 'results-chloé-dupont.json')
>>> len(results_name("Maximilian " * 20)) < 140
True
"""

from __future__ import annotations

import hashlib
import re

__all__ = ["file_stem", "results_name"]

_STEM_BYTES = 120  # "worksheet-" + stem + ".html" stays far below the 255 bytes a file name may have


def file_stem(name: str) -> str:
    """A file-name-safe form of a student's name: ``"Ann O'Neil"`` -> ``ann-o-neil``.

    A long name (up to 100 letters, each up to 4 bytes) is cut to fit a file name and marked with
    a short hash of the whole name, so two long names that start alike still get two files.
    """
    stem = re.sub(r"[^\w]+", "-", name.casefold()).strip("-_") or "student"
    if len(stem.encode("utf-8")) <= _STEM_BYTES:
        return stem
    mark = hashlib.sha256(name.encode("utf-8")).hexdigest()[:8]
    cut = stem.encode("utf-8")[: _STEM_BYTES - 9].decode("utf-8", "ignore").rstrip("-_")
    return f"{cut}-{mark}"


def results_name(student: str) -> str:
    """The results file the assignment page saves for ``student``: ``results-<file_stem>.json``."""
    return f"results-{file_stem(student)}.json"
