"""``crib class``: a way back for a class made with `crib assign`.

    crib class add class/ "Zoë Late" "Sam O'Neil"     # or --students late.txt
    crib class rebuild answer-key.html --out class/    # class.json lost: make the folder again

``add`` puts late students on the class list without changing any link already sent: each link's
class fingerprint and key come from the first roster and the class secret only, so the new
students get new links and worksheets, the key and ``links.html`` list them too, and every other
file in the folder is left as it was.  A name spelt like one on the list ("Garcia, Maria" when María García is
there: order, accents, case) is refused, unless ``--different`` says it is another student; names
are shown "First Last".

``rebuild`` reads the second copy of the class file that `crib assign` put inside
``answer-key.html`` (or a copy of ``class.json`` itself) and writes the class folder again, with
the same secret, so the same links and the same results files are graded as before. A folder that holds
another class's files (``--out 7A/`` with 7B's key) is refused, with nothing written.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..bounded import MAX_CLASS_BYTES, MAX_KEY_BYTES, read_bounded
from ..exercises.assign import CLASS_FILE, Assignment, class_and_site
from ..exercises.class_folder import class_files, class_from_copy
from ..table.class_tournament import load_tournament
from ..words import plural
from .folders import folder_class, owned_files, write_owned
from .worksheet import new_names, out_folder

__all__ = ["register", "run_add", "run_rebuild", "class_from_copy"]


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("class", help="add late students to a class, or rebuild a lost class.json",
                       description="Add students to a class without changing any link already sent, or "
                                   "make a class folder again from the copy of class.json in its answer key.")
    actions = p.add_subparsers(dest="action", required=True, metavar="ACTION")
    add = actions.add_parser("add", help="add late students; the links already sent stay as they are")
    add.add_argument("classdir", type=Path, metavar="CLASS_DIR", help="the folder `crib assign` wrote")
    add.add_argument("names", nargs="*", metavar="NAME", help="the students to add, each in quotes")
    add.add_argument("--students", type=Path, metavar="FILE",
                     help="a file of names to add: one a line, or a spreadsheet's CSV with a header row")
    add.add_argument("--different", action="store_true",
                     help="add a name even when it is spelt like one on the list (accents, order, case): "
                          "they are different students")
    add.set_defaults(run=run_add)
    rebuild = actions.add_parser("rebuild", help="make the class folder again from answer-key.html")
    rebuild.add_argument("source", type=Path, metavar="FILE",
                         help="the class's answer-key.html (it holds a copy of class.json), or a copy of "
                              "class.json")
    rebuild.add_argument("--out", type=out_folder, required=True, metavar="DIR",
                         help="a new or empty folder, or the class folder whose class.json was lost")
    rebuild.set_defaults(run=run_rebuild)


def _legacy(assignment: Assignment) -> frozenset[str]:
    """The files a class folder made before folders had markers holds as its own."""
    return frozenset(class_files(assignment)) | {"nbgrader"}


def run_add(args: argparse.Namespace) -> int:
    tournament = load_tournament(args.classdir)
    if tournament is not None:  # a class tournament's class (cli/tournament.py)
        from .tournament import add_students

        return add_students(args, *tournament)
    assignment, site = class_and_site(args.classdir)
    bigger = assignment.with_students(new_names(args, assignment.students))
    files = class_files(bigger, site, (args.classdir / "nbgrader").is_dir())
    write_owned(args.classdir, files, "class", keep_others=True, replace=True, what="the class's files",
                owner=assignment.fingerprint,
                legacy=_legacy(assignment))
    added = bigger.added[len(assignment.added):]
    print(f"added {plural(len(added), 'student')} to set {assignment.code} ({len(bigger.students)} in the "
          "class now); the links already sent are unchanged. New links (also in links.html and links.csv):")
    for name in added:
        print(f"  {name}: {bigger.link(name, site)}")
    return 0


def run_rebuild(args: argparse.Namespace) -> int:
    text = read_bounded(args.source, "answer key", MAX_KEY_BYTES if args.source.suffix != ".json"
                        else MAX_CLASS_BYTES)
    assignment, site = class_from_copy(text, f"'{args.source}'")
    # the folder's own class, told by its files: another class's folder is refused (write_owned), and
    # a folder told to be this class's keeps what else it holds (results handed in, notes)
    same_class = folder_class(args.out) == assignment.fingerprint or (
        folder_class(args.out) is None and owned_files(args.out).kind == "class")
    write_owned(args.out, class_files(assignment, site), "class", keep_others=same_class, replace=True,
                what="the class's files", legacy=_legacy(assignment) if same_class else frozenset(),
                owner=assignment.fingerprint)
    students = plural(len(assignment.students), "student")
    print(f"rebuilt the class folder {args.out} for set {assignment.code} ({students}, "
          f"class {assignment.fingerprint}): {CLASS_FILE}, the worksheets, the key and the links, the same "
          "links as before", file=sys.stdout)
    return 0
