"""``crib worksheet``: printable worksheets (one per student) and one answer key, from a seed.

    crib worksheet --kind counting --difficulty hard --hands 20 --seed 7 --students names.txt --out DIR

Everything is checked before anything is written, so a bad option leaves DIR as it was; the set is
written into a temporary folder beside DIR and moved into place, so DIR holds a whole set or none.
A folder that already holds a set is refused unless ``--replace`` says to replace that set as a whole
(other files in it are left alone).
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path

from ..bounded import MAX_LIST_BYTES, read_bounded
from ..errors import CribbageError
from ..exercises.class_folder import file_stem, roster_names
from ..exercises.export_html import answer_key_html, worksheet_html
from ..exercises.export_markdown import answer_key_markdown, worksheet_markdown
from ..exercises.generate import MAX_HANDS, class_sets, make_set
from ..exercises.model import DIFFICULTIES, EXERCISE_KINDS, ExerciseSet
from ..exercises.roster import check_new, shown_name
from ..words import plural
from .folders import write_owned
from .options import MAX_SEED, count, seed

__all__ = ["register", "run", "read_students", "file_stem", "out_folder"]

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
    p.add_argument("--hands", type=count("questions", 1, MAX_HANDS), default=10, metavar="N",
                   help=f"questions per worksheet, 1 to {MAX_HANDS} (default 10)")
    p.add_argument("--seed", type=seed, default=0,
                   help=f"a whole number 0 to {MAX_SEED} (default 0); note it to make the same set again")
    p.add_argument("--students", type=Path, metavar="FILE",
                   help="a text file with one student name per line (blank lines and # comments skipped)")
    p.add_argument("--out", type=out_folder, required=True, metavar="DIR",
                   help="folder to write into (made if missing); the whole set is written or nothing")
    p.add_argument("--replace", action="store_true",
                   help="DIR already holds a set of worksheets: replace that set as a whole")
    p.add_argument("--format", choices=FORMATS, default="html", help="html (default), markdown or both")
    p.set_defaults(run=run)


def read_students(path: Path) -> list[str]:
    """The names in a students file, one a line; blank lines and lines starting with # skipped."""
    text = read_bounded(path, "students file", MAX_LIST_BYTES,
                        "save the class list as UTF-8 text, one name a line")
    return roster_names(text, f"students file '{path}'")


def new_names(args: argparse.Namespace, listed: tuple[str, ...]) -> list[str]:
    """The names to add, shown "First Last"; one spelt like a name on the list is refused (unless
    ``--different``), as is none at all."""
    names = list(args.names) + (read_students(args.students) if args.students else [])
    if not names:
        raise CribbageError("name the students to add, e.g. crib class add class/ \"Zoë Late\", or give "
                            "--students late.txt")
    return [shown_name(n) for n in names] if args.different else check_new(listed, names)


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
    if args.students is not None:
        sets = class_sets(args.kind, args.difficulty, args.hands, args.seed, read_students(args.students))
    else:
        sets = [make_set(args.kind, args.difficulty, args.hands, args.seed)]
    files = _outputs(sets, args.students is not None, args.format)
    old = write_owned(out, files, "worksheets", keep_others=True, replace=args.replace, what="the worksheets")
    first = sets[0]
    print(f"{first.title}, {plural(len(first), 'question')}, set code {first.code}"
          + (f", {plural(len(sets), 'student')}" if args.students is not None else ""))
    if old:
        print(f"replaced the set that was in {out} ({plural(len(old), 'file')} removed)")
    for name in files:
        note = "  (the key: keep it for yourself)" if name.startswith("answer-key") else ""
        print(f"wrote {out / name}{note}")
    return 0


# ---- the output folder ---------------------------------------------------------------------------

def out_folder(text: str) -> Path:
    """An argparse type for ``--out``: a folder name that can exist (not empty, no NUL, parts short)."""
    if not text.strip():
        raise argparse.ArgumentTypeError(
            "an empty folder name would write into the current folder: name a folder, e.g. --out worksheets")
    if "\0" in text:
        raise argparse.ArgumentTypeError("a folder name cannot hold the NUL character: name a folder, "
                                         "e.g. --out worksheets")
    for part in Path(text).parts:
        try:
            size = len(os.fsencode(part))
        except UnicodeError:
            raise argparse.ArgumentTypeError(
                f"the folder name {part[:30]!r} has characters this system cannot use in a file name: "
                "use letters, digits and dashes") from None
        if size > 255:
            raise argparse.ArgumentTypeError(f"the folder name {part[:20]!r}... is {size} bytes long: "
                                             "a folder name may be at most 255 bytes")
    return Path(text)
