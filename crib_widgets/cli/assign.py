"""``crib assign``: a set for a class to do on the published site, with sheets, key and links.

    crib assign --kind counting --difficulty medium --hands 12 --seed 7 --students names.txt --out class/

writes into ``class/`` (a new folder, made whole in a temporary folder and then moved into place):
``worksheet-<name>.html`` per student (to print; its footer carries the student's link),
``answer-key.html`` (opening with a grid of every student's answers), ``links.html`` and
``links.csv`` (one link per student, to send), with ``--nbgrader`` the set as an nbgrader source
notebook (``nbgrader/source/ID/ID.ipynb``), and ``class.json`` (the roster, the set, the options
and the class secret that checks the results files: keep it, `crib grade` needs it).
"""

from __future__ import annotations

import argparse
import csv
import io
import json
from html import escape
from pathlib import Path
from urllib.parse import urlsplit

from ..errors import CribbageError
from ..exercises.assign import CLASS_FILE, Assignment
from ..exercises.export_html import PAGE_CSS, answer_key_html, worksheet_html
from ..exercises.generate import MAX_HANDS
from ..exercises.model import DIFFICULTIES, EXERCISE_KINDS
from ..exercises.nbgrader import assignment_id, nbgrader_notebook
from .folders import write_owned
from .options import MAX_SEED, count, seed
from .worksheet import file_stem, out_folder, read_students

__all__ = ["register", "run", "class_files", "site_address", "KEY_COPY_ID"]


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
    p.set_defaults(run=run)


# Relative links work once the book's address is in front: this field puts it there on this page.
_BASE_FIELD = ('<p><label for="base">The book\'s address: </label><input id="base" size="40" '
               'placeholder="https://example.org/cribbage/"> (the links below then open there)</p>')
_BASE_SCRIPT = ("<script>document.getElementById('base').addEventListener('input', (e) => {"
                "const base = e.target.value.trim().replace(/\\/?$/, '/');"
                "for (const a of document.querySelectorAll('a[data-link]')) {"
                "a.href = (e.target.value.trim() ? base : '') + a.dataset.link;"
                "a.textContent = a.href.slice(0, 70) + '\u2026'; } });</script>")


def _links_page(assignment: Assignment, links: dict[str, str], site: str) -> str:
    rows = "".join(f'<tr><td>{escape(name)}</td><td><a data-link="{escape(link, quote=True)}" '
                   f'href="{escape(link, quote=True)}">'
                   f"{escape(link[:60])}\u2026</a></td></tr>" for name, link in links.items())
    where = (f"The links point to {escape(site)}." if site else
             "The links are relative to the published book's root: put the book's address in front "
             "(e.g. <code>https://example.org/cribbage/</code>), or run <code>crib assign</code> with "
             "<code>--site</code>.")
    return (f"<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Links for set "
            f"{escape(assignment.code)}</title><style>{PAGE_CSS} td{{padding:.1em .6em}}</style></head><body>"
            f"<h1>Links for set {escape(assignment.code)}</h1><p>Send each student their own link. It opens "
            f"their set on the book's assignment page; nothing is sent anywhere from it, and each link "
            f"carries that student's cards (never the answers). {where}</p>"
            f"{_BASE_FIELD if not site else ''}"
            f"<table><thead><tr><th>student</th><th>link</th></tr></thead><tbody>{rows}</tbody></table>"
            f"{_BASE_SCRIPT if not site else ''}</body></html>\n")


def site_address(text: str) -> str:
    """An argparse type for ``--site``: a web address starting http:// or https:// with a host name.

    >>> site_address("https://example.org/cribbage/")
    'https://example.org/cribbage/'
    >>> site_address("javascript:alert(1)")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: 'javascript:alert(1)' is not a web address: give the published book's ...
    """
    address = text.strip()
    parts = urlsplit(address) if len(address) <= 500 and address.isprintable() else None
    if parts is None or parts.scheme.lower() not in ("http", "https") or not parts.hostname \
            or any(ch in address for ch in " \"'<>`"):
        shown = address if len(address) <= 40 else address[:30] + "..."
        raise argparse.ArgumentTypeError(
            f"{shown!r} is not a web address: give the published book's address starting https:// (or "
            "http://), e.g. https://example.org/cribbage/")
    return address


# The second copy of the class file, inside the key: `crib class rebuild` reads it back.
KEY_COPY_ID = "crib-class-copy"


def _class_copy(data: dict) -> str:
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/")
    return (f'<section class="class-copy"><h2>If class.json is lost</h2><p>This key holds a second copy of '
            f"the class file (the roster, the set and the class secret). Keep this page somewhere other "
            f"than the class folder; <code>crib class rebuild answer-key.html --out new-folder/</code> makes "
            f"the class folder again from it, with the same links.</p>"
            f'<script type="application/json" id="{KEY_COPY_ID}">{text}</script></section>')


def class_files(assignment: Assignment, site: str = "", nbgrader: bool = False) -> dict[str, str]:
    """Every file of a class folder by name: sheets, key (holding a copy of class.json), links, class.json."""
    files = _files(assignment, site)
    if nbgrader:
        ident = assignment_id(assignment)
        files[f"nbgrader/source/{ident}/{ident}.ipynb"] = json.dumps(
            nbgrader_notebook(assignment), indent=1, ensure_ascii=False) + "\n"
    return files


def _files(assignment: Assignment, site: str) -> dict[str, str]:
    sets = [assignment.student_set(name) for name in assignment.students]
    links = {name: assignment.link(name, site) for name in assignment.students}
    files: dict[str, str] = {}
    owners: dict[str, str] = {}
    for exercise_set in sets:
        stem = f"worksheet-{file_stem(exercise_set.student)}"
        if stem in owners:
            raise CribbageError(f"students {owners[stem]!r} and {exercise_set.student!r} would share the "
                                f"file {stem}.html: make the names differ in letters or digits")
        owners[stem] = exercise_set.student or ""
        files[f"{stem}.html"] = worksheet_html(exercise_set, online=links[exercise_set.student])
    data = assignment.to_json(site)
    files["answer-key.html"] = answer_key_html(sets).replace("</body>", _class_copy(data) + "</body>", 1)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["student", "link"])
    writer.writerows(links.items())
    files["links.csv"] = out.getvalue()
    files["links.html"] = _links_page(assignment, links, site)
    files[CLASS_FILE] = json.dumps(data, indent=2, ensure_ascii=False) + "\n"
    return files


def run(args: argparse.Namespace) -> int:
    if (args.out / CLASS_FILE).exists():
        raise CribbageError(f"'{args.out}' already holds a class ({CLASS_FILE}): its links would stop "
                            "working if it were replaced; give a new folder")
    assignment = Assignment(args.kind, args.difficulty, args.hands, args.seed,
                            tuple(read_students(args.students)), args.check, args.answers)
    files = class_files(assignment, args.site or "", args.nbgrader)
    write_owned(args.out, files, "class", replace=False, what="the class's files")
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
