"""``crib grade CLASS_DIR RESULTS...``: score a class's results files again with the engine, and report.

    crib grade class/ results/*.json
    crib grade class/ handed-in/           # every .json and .txt file in a folder
    crib grade answer-key.html handed-in/  # the key holds a copy of class.json, as the class page takes it
    crib grade class/ codes.txt            # results codes pasted one a line
    crib grade class/ CRIB1-eyJjcmli...    # or a code itself
    crib grade class/ -                    # or codes pasted into the terminal (end with Ctrl-D)

A tournament's class (`crib assign --tournament`) is graded by replaying every board and ranking
the class (see `crib_widgets.cli.tournament`). Each results file is checked against the class file
(right set, a name on the class list, not changed since it was saved); one that fails gets one line
naming it, and the rest are graded. A student who handed in more than one file has the latest graded
(the time saved is signed), with a note naming the file set aside.
The report (``report.html``, ``students.csv``, ``questions.csv``, ``answers.csv``, a chart per kind
in SVG) is made whole in a temporary folder and moved into ``CLASS_DIR/report`` (or ``--out``),
which must be new, empty or hold an earlier report (recognised by its ``.crib-files.json``):
a folder of results files, a class folder or any other folder is refused and left as it was.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..bounded import MAX_LIST_BYTES, read_bounded
from ..errors import CribbageError
from ..exercises.assign import load_class
from ..exercises.collect import Collected, collect, handed_in_limit
from ..exercises.report import collected_report
from ..exercises.report_html import report_files
from ..exercises.results import CODE_PREFIX
from ..lessons.store import Store  # reads a student's attached progress
from ..table.class_tournament import load_tournament
from ..words import plural
from .folders import report_folder, write_owned

__all__ = ["register", "run", "read_inputs"]


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "grade", help="grade a class's results files (or codes) and write the class report",
        description="Score every answer again from the seed, refuse results files that are for another "
                    "set, changed or for a name not on the class list, and write the class report.")
    p.add_argument("classdir", type=Path, metavar="CLASS_DIR",
                   help="the folder `crib assign` wrote, its class.json, or its answer-key.html")
    p.add_argument("results", nargs="+", metavar="RESULTS",
                   help="results files (.json), folders of them, text files of results codes, codes, or - to "
                        "paste codes")
    p.add_argument("--out", type=Path, default=None, metavar="DIR",
                   help="where to write the report (default CLASS_DIR/report): a new or empty folder, or "
                        "one that holds an earlier report of this class, which is replaced; any other folder "
                        "is refused")
    p.set_defaults(run=run)


def _texts(item: str) -> list[tuple[str, str]]:
    """(source name, text) for one command-line item: a file, a file of codes, a code, or - (stdin)."""
    if CODE_PREFIX in item[:200]:
        return [("the pasted code", item)]
    if item == "-":  # codes pasted into the terminal, ended by Ctrl-D
        text = sys.stdin.read(MAX_LIST_BYTES + 1)
        if len(text) > MAX_LIST_BYTES:
            raise CribbageError(f"the pasted text is over {MAX_LIST_BYTES // 1000:,} KB: paste the codes "
                                "of one class at a time")
        return [("pasted", text)]
    path = Path(item)
    return [(path.name, read_bounded(path, "results file", handed_in_limit(path.name)))]


# Files a class's or a report's folder holds that are never results: skipped in a folder given whole.
_NOT_RESULTS = frozenset({"class.json", ".crib-files.json", "links.csv"})


def _expanded(items: list[str], unread: list[str]) -> list[str]:
    """The items with each folder replaced by the .json and .txt files in it, by name."""
    out: list[str] = []
    for item in items:
        folder = Path(item)
        if item == "-" or CODE_PREFIX in item[:200] or not folder.is_dir():
            out.append(item)
            continue
        try:
            found = sorted(p for p in folder.iterdir() if p.is_file() and p.name not in _NOT_RESULTS
                           and p.suffix.lower() in (".json", ".txt"))
        except OSError as error:
            unread.append(f"the folder '{folder}' cannot be read: {error.strerror or error}")
            continue
        if not found:
            unread.append(f"the folder '{folder}' holds no results files (.json, or .txt of codes)")
        out.extend(str(p) for p in found)
    return out


def read_inputs(assignment, items: list[str]) -> Collected:
    """Checked submissions by student, one line for each input refused, notes on inputs graded."""
    texts: list[tuple[str, str]] = []
    unread: list[str] = []
    for item in _expanded(items, unread):
        try:
            texts.extend(_texts(item))
        except CribbageError as error:
            unread.append(str(error))
    return collect(assignment, texts, unread, Store.from_text)


def run(args: argparse.Namespace) -> int:
    tournament = load_tournament(args.classdir)
    if tournament is not None:  # a class tournament on the same cards: replayed and ranked
        from .tournament import grade_class

        return grade_class(args, tournament[0], read_inputs(tournament[0], args.results))
    assignment = load_class(args.classdir)
    got = read_inputs(assignment, args.results)
    for line in got.refused:
        print(f"crib: not graded: {line}", file=sys.stderr)
    for line in got.notes:
        print(f"crib: note: {line}", file=sys.stderr)
    if not got.taken:
        raise CribbageError("no results file could be graded (see the lines above); no report was written")
    report = collected_report(assignment, got)
    files = report_files(report)
    out = report_folder(args)
    write_owned(out, files, "report", what="the report", owner=assignment.fingerprint)
    print(report.summary())
    for row in report.students:
        print(f"  {row.student}: {row.report.summary()}")
    if report.mistakes:
        print("Most common mistakes:")
        for line in report.mistake_lines():
            print(f"  {line}")
    charts = plural(sum(name.startswith("chart-") for name in files), "chart")
    print(f"wrote {out / 'report.html'}, students.csv, questions.csv, answers.csv and {charts}")
    return 1 if got.refused else 0
