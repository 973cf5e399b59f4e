"""``crib grade CLASS_DIR RESULTS...``: score a class's results files again with the engine, and report.

    crib grade class/ results/*.json
    crib grade class/ codes.txt            # results codes pasted one a line
    crib grade class/ CRIB1-eyJjcmli...    # or a code itself
    crib grade class/ -                    # or codes pasted into the terminal (end with Ctrl-D)

Each results file is checked against the class file (right set, a name on the class list, not
changed since it was saved); one that fails gets one line naming it, and the rest are graded.
The report (``report.html``, ``students.csv``, ``questions.csv``, a chart per kind in SVG) is made
whole in a temporary folder and moved into ``CLASS_DIR/report`` (or ``--out``).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..errors import CribbageError
from ..exercises.assign import load_class
from ..exercises.report import class_report
from ..exercises.results import CODE_PREFIX, ResultsError, Submission, decode_code_text, read_results
from .assign import write_folder

__all__ = ["register", "run", "read_inputs"]


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "grade", help="grade a class's results files (or codes) and write the class report",
        description="Score every answer again from the seed, refuse results files that are for another "
                    "set, changed or for a name not on the class list, and write the class report.")
    p.add_argument("classdir", type=Path, metavar="CLASS_DIR", help="the folder `crib assign` wrote")
    p.add_argument("results", nargs="+", metavar="RESULTS",
                   help="results files (.json), text files of results codes (one a line), codes, or - to "
                        "paste codes")
    p.add_argument("--out", type=Path, default=None, metavar="DIR",
                   help="where to write the report (default CLASS_DIR/report, replaced as a whole)")
    p.set_defaults(run=run)


def _decoded(source: str, code: str) -> tuple[str, str | ResultsError]:
    try:
        return source, decode_code_text(code)
    except ResultsError as error:
        return source, ResultsError(f"{source}: {error}")


def _texts(item: str) -> list[tuple[str, str | ResultsError]]:
    """(source name, JSON text or why not) for one command-line item: a file, a file of codes, a code."""
    if item.strip().startswith(CODE_PREFIX):
        return [_decoded("the pasted code", item)]
    if item == "-":  # codes pasted into the terminal, one a line, ended by Ctrl-D
        lines = [line.strip() for line in sys.stdin if line.strip()]
        return [_decoded(f"pasted line {i}", line) for i, line in enumerate(lines, 1)]
    path = Path(item)
    try:
        text = path.read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        raise ResultsError(f"{item}: no such file") from None
    except (OSError, UnicodeDecodeError) as error:
        raise ResultsError(f"{item}: cannot be read ({getattr(error, 'strerror', None) or error})") from None
    if text.lstrip().startswith(CODE_PREFIX):
        lines = [line.strip() for line in text.splitlines() if line.strip()]
        return [_decoded(f"{path.name} line {i}", line) for i, line in enumerate(lines, 1)]
    return [(path.name, text)]


def read_inputs(assignment, items: list[str]) -> tuple[dict[str, Submission], list[str]]:
    """Checked submissions by student, and one line for each input refused."""
    taken: dict[str, Submission] = {}
    refused: list[str] = []
    for item in items:
        try:
            texts = _texts(item)
        except ResultsError as error:
            refused.append(str(error) if str(error).startswith(item) else f"{item}: {error}")
            continue
        for source, text in texts:
            if isinstance(text, ResultsError):
                refused.append(str(text))
                continue
            try:
                submission = read_results(assignment, text, source)
            except ResultsError as error:
                refused.append(str(error))
                continue
            if submission.student in taken:
                refused.append(f"{source}: a second results file for {submission.student} (the first was "
                               f"{taken[submission.student].source}): only the first is graded")
                continue
            taken[submission.student] = submission
    return taken, refused


def run(args: argparse.Namespace) -> int:
    assignment = load_class(args.classdir)
    taken, refused = read_inputs(assignment, args.results)
    for line in refused:
        print(f"crib: not graded: {line}", file=sys.stderr)
    if not taken:
        raise CribbageError("no results file could be graded (see the lines above)")
    report = class_report(assignment, {name: s.answers for name, s in taken.items()}, refused)
    files = {"report.html": report.html(), "students.csv": report.students_csv(),
             "questions.csv": report.questions_csv()}
    files.update({f"chart-{kind.replace(' ', '-')}.svg": svg for kind, svg in report.charts().items()})
    out = args.out or args.classdir / "report"
    write_folder(out, files, replace=True)
    print(report.summary())
    for row in report.students:
        print(f"  {row.student}: {row.report.summary()}")
    if report.mistakes:
        print("Most common mistakes:")
        for line in report.mistake_lines():
            print(f"  {line}")
    n = len(report.charts())
    print(f"wrote {out / 'report.html'}, students.csv, questions.csv and {n} chart{'s' if n != 1 else ''}")
    return 1 if refused else 0
