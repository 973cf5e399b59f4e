"""``crib worksheet``: printable worksheets (one per student) and one answer key, from a seed.

    crib worksheet --kind counting --difficulty hard --hands 20 --seed 7 --students names.txt --out DIR

Everything is checked before anything is written, so a bad option leaves DIR as it was.
"""

from __future__ import annotations

import argparse
import re
from pathlib import Path

from ..errors import CribbageError
from ..exercises.export_html import answer_key_html, worksheet_html
from ..exercises.export_markdown import answer_key_markdown, worksheet_markdown
from ..exercises.generate import MAX_HANDS, class_sets, make_set
from ..exercises.model import DIFFICULTIES, EXERCISE_KINDS, ExerciseSet

__all__ = ["register", "run", "read_students", "file_stem"]

FORMATS = ("html", "markdown", "both")


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "worksheet",
        help="write printable worksheets and an answer key",
        description="Write one worksheet per student (or one for everybody) and a separate answer key. "
                    "The same seed always gives the same worksheets.",
    )
    p.add_argument("--kind", choices=EXERCISE_KINDS, default="counting",
                   help="counting (hands and cribs), play (what a card scores) or muggins (check a count)")
    p.add_argument("--difficulty", choices=DIFFICULTIES, default="easy", help="easy, medium or hard")
    p.add_argument("--hands", type=int, default=10, metavar="N",
                   help=f"questions per worksheet, 1 to {MAX_HANDS} (default 10)")
    p.add_argument("--seed", type=int, default=0,
                   help="any whole number 0 or more (default 0); note it to make the same set again")
    p.add_argument("--students", type=Path, metavar="FILE",
                   help="a text file with one student name per line (blank lines and # comments skipped)")
    p.add_argument("--out", type=Path, required=True, metavar="DIR", help="folder to write into")
    p.add_argument("--format", choices=FORMATS, default="html", help="html (default), markdown or both")
    p.set_defaults(run=run)


def read_students(path: Path) -> list[str]:
    """The names in a students file, one a line; blank lines and lines starting with # skipped."""
    try:
        text = path.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError:
        raise CribbageError(f"students file '{path}' is not UTF-8 text: save it as UTF-8") from None
    except OSError as error:
        raise CribbageError(f"cannot read students file '{path}': {error.strerror or error}") from None
    names = [" ".join(line.split()) for line in text.splitlines()]
    names = [name for name in names if name and not name.startswith("#")]
    if not names:
        raise CribbageError(f"students file '{path}' lists no students: write one name per line")
    return names


def file_stem(name: str) -> str:
    """A file-name-safe form of a student's name: ``"Ann O'Neil"`` -> ``ann-o-neil``."""
    return re.sub(r"[^\w]+", "-", name.casefold()).strip("-_") or "student"


def _outputs(sets: list[ExerciseSet], named: bool, fmt: str) -> dict[str, str]:
    """File name -> content for every file to write."""
    files: dict[str, str] = {}
    owners: dict[str, str] = {}
    for exercise_set in sets:
        stem = f"worksheet-{file_stem(exercise_set.student)}" if named else "worksheet"
        if stem in owners:
            raise CribbageError(f"students {owners[stem]!r} and {exercise_set.student!r} would share the "
                                f"file {stem}.html: make the names differ in letters or digits")
        owners[stem] = exercise_set.student or ""
        if fmt in ("html", "both"):
            files[f"{stem}.html"] = worksheet_html(exercise_set)
        if fmt in ("markdown", "both"):
            files[f"{stem}.md"] = worksheet_markdown(exercise_set)
    if fmt in ("html", "both"):
        files["answer-key.html"] = answer_key_html(sets)
    if fmt in ("markdown", "both"):
        files["answer-key.md"] = answer_key_markdown(sets)
    return files


def run(args: argparse.Namespace) -> int:
    out: Path = args.out
    if out.exists() and not out.is_dir():
        raise CribbageError(f"--out '{out}' is a file, not a folder: give a folder for the worksheets")
    if args.hands < 1 or args.hands > MAX_HANDS:
        raise CribbageError(f"--hands {args.hands} is out of range: ask for 1 to {MAX_HANDS} questions")
    if args.seed < 0:
        raise CribbageError(f"--seed {args.seed} is not allowed: use a whole number 0 or more, e.g. 7")
    if args.students is not None:
        sets = class_sets(args.kind, args.difficulty, args.hands, args.seed, read_students(args.students))
    else:
        sets = [make_set(args.kind, args.difficulty, args.hands, args.seed)]
    files = _outputs(sets, args.students is not None, args.format)
    try:
        out.mkdir(parents=True, exist_ok=True)
        for name, content in files.items():
            (out / name).write_text(content, encoding="utf-8", newline="\n")
    except OSError as error:
        raise CribbageError(f"cannot write into '{out}': {error.strerror or error}") from None
    first = sets[0]
    print(f"{first.title}, {len(first)} questions, set code {first.code}"
          + (f", {len(sets)} students" if args.students is not None else ""))
    for name in files:
        note = "  (the key: keep it for yourself)" if name.startswith("answer-key") else ""
        print(f"wrote {out / name}{note}")
    return 0
