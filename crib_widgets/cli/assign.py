"""``crib assign``: a set for a class to do on the published site, with sheets, key and links.

    crib assign --kind counting --difficulty medium --hands 12 --seed 7 --students names.txt --out class/

writes into ``class/`` (a new folder, made whole in a temporary folder and then moved into place):
``worksheet-<name>.html`` per student (to print; its footer carries the student's link),
``answer-key.html`` (opening with a grid of every student's answers), ``links.html`` and
``links.csv`` (one link per student, to send), with ``--nbgrader`` the set as an nbgrader source
notebook (``nbgrader/source/ID/ID.ipynb``), and ``class.json`` (the roster, the set, the options
and the class secret that checks the results files: keep it, `crib grade` needs it).
With ``--tournament`` (and ``--deals``, ``--level``) it makes a class tournament on the same cards
instead: see `crib_widgets.cli.tournament`.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from ..errors import CribbageError
from ..exercises.assign import CLASS_FILE, Assignment
from ..exercises.class_folder import class_files, web_address
from ..exercises.generate import MAX_HANDS
from ..exercises.model import DIFFICULTIES, EXERCISE_KINDS
from ..table.duplicate import MAX_DEALS
from ..table.seats import STRENGTHS
from .folders import write_owned
from .options import MAX_SEED, count, seed
from .worksheet import out_folder, read_students

__all__ = ["register", "run", "site_address"]


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "assign", help="assign a set to a class: sheets, key, a link per student, a class file",
        description="Make a set for a class to do in the browser on the published site (or on paper): "
                    "a worksheet and a link per student, the answer key and the class file for "
                    "`crib grade`.")
    p.add_argument("--kind", choices=EXERCISE_KINDS, default="counting", help="counting, play or muggins")
    p.add_argument("--difficulty", choices=DIFFICULTIES, default="easy", help="easy, medium or hard")
    p.add_argument("--hands", type=count("questions", 1, MAX_HANDS), default=10, metavar="N",
                   help=f"questions, 1 to {MAX_HANDS} (default 10)")
    p.add_argument("--seed", type=seed, default=0, help=f"a whole number 0 to {MAX_SEED} (default 0)")
    p.add_argument("--students", type=Path, required=True, metavar="FILE",
                   help="a text file with one student name per line (blank lines and # comments skipped)")
    p.add_argument("--out", type=out_folder, required=True, metavar="DIR",
                   help="a new (or empty) folder for the class's files")
    p.add_argument("--answers", choices=("total", "kind"), default="total",
                   help="students give each answer as a total (default) or as points per kind")
    p.add_argument("--no-check", dest="check", action="store_false",
                   help="students cannot check answers as they go (a test rather than practice)")
    p.add_argument("--nbgrader", action="store_true",
                   help="also write the set as an nbgrader source notebook (nbgrader/source/ID/ID.ipynb)")
    p.add_argument("--site", type=site_address, default=None, metavar="URL",
                   help="the published book's address, e.g. https://example.org/cribbage/, to write full "
                        "links; without it links are relative to the site's root")
    group = p.add_argument_group("a class tournament on the same cards (instead of a set of questions)")
    group.add_argument("--tournament", action="store_true",
                       help="every student plays the same deals against the same computer; "
                            "`crib grade` replays each results file and ranks the class")
    group.add_argument("--deals", type=count("deals", 1, MAX_DEALS), default=8, metavar="N",
                       help=f"with --tournament: deals each student plays, 1 to {MAX_DEALS} (default 8)")
    group.add_argument("--level", choices=STRENGTHS, default="intermediate",
                       help="with --tournament: the computer's level (default intermediate)")
    group.add_argument("--muggins", action="store_true", help="with --tournament: play with Muggins")
    p.set_defaults(run=run)


def site_address(text: str) -> str:
    """An argparse type for ``--site``: a web address starting http:// or https:// with a host name.

    >>> site_address("https://example.org/cribbage/")
    'https://example.org/cribbage/'
    >>> site_address("javascript:alert(1)")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: 'javascript:alert(1)' is not a web address: give the published book's ...
    """
    try:
        return web_address(text)
    except CribbageError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def run(args: argparse.Namespace) -> int:
    if args.tournament:  # a class tournament on the same cards (cli/tournament.py)
        from .tournament import assign as assign_tournament

        return assign_tournament(args)
    if (args.out / CLASS_FILE).exists():
        raise CribbageError(f"'{args.out}' already holds a class ({CLASS_FILE}): its links would stop "
                            "working if it were replaced; give a new folder")
    assignment = Assignment(args.kind, args.difficulty, args.hands, args.seed,
                            tuple(read_students(args.students)), args.check, args.answers)
    files = class_files(assignment, args.site or "", args.nbgrader)
    write_owned(args.out, files, "class", replace=False, what="the class's files",
                owner=assignment.fingerprint)
    print(f"{assignment.student_set(assignment.roster[0]).title}, {args.hands} questions, set code "
          f"{assignment.code}, {len(assignment.roster)} students; answers "
          f"{'per kind' if args.answers == 'kind' else 'as totals'}, checking as you go "
          f"{'allowed' if args.check else 'off'}")
    extra = ", the nbgrader source notebook under nbgrader/source/" if args.nbgrader else ""
    print(f"wrote {len(files)} files into {args.out}: a worksheet per student, answer-key.html (keep it), "
          f"links.html and links.csv (send each student their link), {CLASS_FILE} (keep it for "
          f"`crib grade`){extra}")
    print("A second copy of class.json is inside answer-key.html: keep a copy of the key somewhere else "
          "(not in this folder); if class.json is lost, `crib class rebuild answer-key.html --out DIR` "
          "makes the class folder again with the same links.")
    return 0
