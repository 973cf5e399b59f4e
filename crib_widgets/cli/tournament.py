"""A class tournament on the same cards from the command line: ``crib assign --tournament``, ``crib grade``.

    crib assign --tournament --seed 7 --deals 8 --level expert --students names.txt --out class/
    crib grade class/ results/*.json

``crib assign --tournament`` writes ``class.json`` (the boards, the roster and the class secret:
keep it), ``links.html`` and ``links.csv`` (one link per student, to send). Each link opens the
book's full-game page on the same boards; at the end the student saves a results file. ``crib
grade`` on a tournament's class checks each file as it checks an assignment's, replays every board
through the engine, and ranks the class by points won against the computer on the same cards,
with each student's points lost in the discard, the play and the count; it writes
``report.html`` and ``standings.csv`` into ``CLASS_DIR/report`` (or ``--out``).
"""

from __future__ import annotations

import argparse
import sys

from ..errors import CribbageError
from ..exercises.assign import CLASS_FILE
from ..exercises.collect import Collected
from ..table.class_tournament import Tournament
from ..table.duplicate import DuplicateSet
from ..table.standings import tournament_report
from ..table.tournament_folder import tournament_files
from ..words import plural
from .folders import report_folder, write_owned
from .worksheet import new_names, read_students

__all__ = ["assign", "add_students", "grade_class", "standings_files", "tournament_files"]


def add_students(args: argparse.Namespace, tournament: Tournament, site: str) -> int:
    """``crib class add`` on a tournament's class: new links; the links already sent stay as they are."""
    bigger = tournament.with_students(new_names(args, tournament.students))
    write_owned(args.classdir, tournament_files(bigger, site), "class", keep_others=True, replace=True,
                owner=tournament.fingerprint,
                what="the class's files")
    added = bigger.added[len(tournament.added):]
    print(f"added {plural(len(added), 'student')} to {tournament.code} ({len(bigger.students)} in the class "
          "now); the links already sent are unchanged. New links (also in links.html and links.csv):")
    for name in added:
        print(f"  {name}: {bigger.link(name, site)}")
    return 0


def assign(args: argparse.Namespace) -> int:
    """``crib assign --tournament``: the class file and a link per student."""
    if (args.out / CLASS_FILE).exists():
        raise CribbageError(f"'{args.out}' already holds a class ({CLASS_FILE}): its links would stop "
                            "working if it were replaced; give a new folder")
    chosen = DuplicateSet(args.seed, args.deals, args.level, args.muggins)
    tournament = Tournament(chosen, tuple(read_students(args.students)))
    files = tournament_files(tournament, args.site or "")
    write_owned(args.out, files, "class", replace=False, what="the class's files",
                owner=tournament.fingerprint)
    print(f"Tournament {tournament.code}: {plural(args.deals, 'deal')} on the same cards for "
          f"{plural(len(tournament.students), 'student')}, against the {args.level} computer"
          f"{' with Muggins' if args.muggins else ''}")
    print(f"wrote {len(files)} files into {args.out}: links.html and links.csv (send each student their "
          f"link), {CLASS_FILE} (keep it for `crib grade`)")
    return 0


def standings_files(tournament: Tournament, got: Collected) -> dict[str, str]:
    """The report's files (``standings.csv``, ``report.html``) of what was collected."""
    return tournament_report(tournament, got).files()


def grade_class(args: argparse.Namespace, tournament: Tournament, got: Collected) -> int:
    """``crib grade`` on a tournament's class: replay, rank, print and write the standings."""
    report = tournament_report(tournament, got)
    for line in report.refused:
        print(f"crib: not graded: {line}", file=sys.stderr)
    for line in report.notes:
        print(f"crib: note: {line}", file=sys.stderr)
    if not report.standings:
        raise CribbageError("no results file could be graded (see the lines above); no report was written")
    out = report_folder(args)
    write_owned(out, report.files(), "report", what="the report", owner=tournament.fingerprint)
    for line in report.lines():
        print(line)
    print(f"wrote {out / 'report.html'} and standings.csv")
    return 1 if report.refused else 0
