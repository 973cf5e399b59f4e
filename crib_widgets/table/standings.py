"""A class tournament's standings: one stated ranking rule, who has not handed in, the files for the teacher.

`crib grade` on a tournament's class and the teachers' page both call `tournament_report` with what
`collect.collect` took, and write `TournamentReport.files` (``report.html``, ``standings.csv``).

The rule (`RANK_RULE`, printed in the standings): a student who played every deal is ranked above
any file with a deal missing (each such file gets a line saying so); then the most points won
against the computer on the same cards; equal points are broken by the fewer points the review
finds lost (discard, play and, with Muggins, the count, together); still equal share a place.
Without Muggins every hand is counted for the player, so nothing can be lost in the count and that
column is left out rather than shown as a row of zeros.

>>> from crib_widgets.table.duplicate import DuplicateSet
>>> from crib_widgets.table.class_tournament import Tournament
>>> t = Tournament(DuplicateSet(seed=12, deals=3, level="intermediate"), ("Ann",), secret="11" * 16)
>>> tournament_title(t)
'Class tournament: 3 deals against the intermediate computer'
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from html import escape

from ..exercises.collect import Collected
from ..exercises.export_html import PAGE_CSS
from ..exercises.spreadsheet import csv_text
from ..words import join_words, plural
from .class_tournament import Tournament, grade
from .duplicate import Standing

__all__ = ["RANK_RULE", "TournamentReport", "tournament_report", "tournament_title", "placed"]

RANK_RULE = ("Students who played every deal are ranked first, by points won against the computer; "
             "equal points go to the student the review finds lost fewer points in all; still equal "
             "share a place (shown as 2=). A file with a deal missing is ranked after every complete one.")


def tournament_title(tournament: Tournament) -> str:
    """The standings' title in words: deals, the computer's level, Muggins."""
    chosen = tournament.chosen
    muggins = ", with Muggins" if chosen.muggins else ""
    return f"Class tournament: {plural(chosen.deals, 'deal')} against the {chosen.level} computer{muggins}"


def _key(row: Standing, deals: int) -> tuple[bool, int, float]:
    return row.boards < deals, -row.points, round(sum(row.lost.values()), 1)


def placed(standings: list[Standing], deals: int) -> list[Standing]:
    """``standings`` in the order of `RANK_RULE`, each with its place (equal keys share one)."""
    rows = sorted(standings, key=lambda r: (_key(r, deals), r.student.casefold()))
    keys = [_key(r, deals) for r in rows]
    return [replace(row, place=1 + sum(other < key for other in keys)) for row, key in zip(rows, keys,
                                                                                         strict=True)]


@dataclass(frozen=True)
class TournamentReport:
    """The standings of a tournament's class, who has not handed in, and the lines about files."""

    tournament: Tournament
    standings: tuple[Standing, ...]
    missing: tuple[str, ...]
    refused: tuple[str, ...]
    notes: tuple[str, ...]

    @property
    def phases(self) -> tuple[str, ...]:
        """The parts of the game a point can be lost in: the count only with Muggins."""
        phases = tuple(self.standings[0].lost) if self.standings else ()
        return tuple(p for p in phases if p != "count" or self.tournament.chosen.muggins)

    def place(self, row: Standing) -> str:
        """``"2"``, or ``"2="`` for a shared place."""
        shared = sum(other.place == row.place for other in self.standings) > 1
        return f"{row.place}{'=' if shared else ''}"

    def lost_words(self, row: Standing) -> str:
        return ", ".join(f"{row.lost[p]:.1f} in the {p}" for p in self.phases)

    def lines(self) -> list[str]:
        """The standings as the command line prints them."""
        deals = self.tournament.chosen.deals
        out = [f"{tournament_title(self.tournament)} ({self.tournament.code}): "
               f"{plural(len(self.standings), 'student')} ranked. {RANK_RULE}"]
        for row in self.standings:
            played = "" if row.boards == deals else f" (played {row.boards} of {deals} deals)"
            out.append(f"  {self.place(row)}. {row.student}: {row.points:+d} over "
                       f"{plural(row.boards, 'deal')}{played}; lost {self.lost_words(row)}")
        if self.missing:
            out.append(f"No results yet from {join_words(self.missing)}.")
        return out

    def csv(self) -> str:
        rows: list[list[object]] = [["place", "student", "points", "deals",
                                     *(f"lost in the {p}" for p in self.phases)]]
        rows += [[self.place(row), row.student, row.points, row.boards,
                  *(f"{row.lost[p]:.1f}" for p in self.phases)] for row in self.standings]
        rows += [["", name, "no results", "", *("" for _ in self.phases)] for name in self.missing]
        return csv_text(rows)

    def html(self) -> str:
        title = tournament_title(self.tournament)
        names = ["place", "student", "points won", "deals", *(f"lost in the {p}" for p in self.phases)]
        head = "".join(f'<th scope="col">{escape(h)}</th>' for h in names)
        body = "".join(
            f"<tr><td>{self.place(row)}</td><td>{escape(row.student)}</td><td>{row.points:+d}</td>"
            f"<td>{row.boards}</td>" + "".join(f"<td>{row.lost[p]:.1f}</td>" for p in self.phases) + "</tr>"
            for row in self.standings)
        missing = ("<h2>No results yet</h2><ul>" + "".join(f"<li>{escape(n)}</li>" for n in self.missing)
                   + "</ul>") if self.missing else ""
        problems = "".join(
            f"<h2>{heading}</h2><ul>" + "".join(f"<li>{escape(line)}</li>" for line in lines)
            + "</ul>" for heading, lines in (("Not graded", self.refused), ("Notes", self.notes)) if lines)
        count = ("" if self.tournament.chosen.muggins else
                 " Without Muggins every hand is counted in full for the player, so nothing is lost in the "
                 "count and that column is left out.")
        return (f"<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
                '<meta name="viewport" content="width=device-width, initial-scale=1">'
                f"<title>{escape(title)}</title><style>{PAGE_CSS} td,th{{padding:.1em .6em}}</style></head>"
                f"<body><h1>{escape(title)}</h1>"
                f'<p class="meta">Code <code>{escape(self.tournament.code)}</code> \u00b7 class '
                f"{escape(self.tournament.fingerprint)}</p>"
                f"<p>Every student played the same {plural(self.tournament.chosen.deals, 'deal')} against "
                "the same computer; each file was replayed move by move. <b>Points won</b> is the student's "
                "points minus the computer's on those cards; <b>lost</b> is what the review finds slipped "
                f"away in each part of the game.{count}</p><p><b>How the places are decided.</b> "
                f"{escape(RANK_RULE)}</p>"
                f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"
                f"{missing}{problems}</body></html>\n")

    def files(self) -> dict[str, str]:
        """The report's files by name, as `crib grade` writes them and the teachers' page offers them."""
        return {"standings.csv": self.csv(), "report.html": self.html()}


def tournament_report(tournament: Tournament, got: Collected) -> TournamentReport:
    """Replay and rank what `collect.collect` took (a file that cannot be replayed gets a line in
    ``got.refused``), with a note for each file with a deal missing."""
    deals = tournament.chosen.deals
    standings = placed(grade(tournament, got), deals)
    short = [f"{row.student} played {row.boards} of {deals} deals: ranked after every student who played "
             "them all" for row in standings if row.boards < deals]
    ranked = {row.student for row in standings}
    missing = tuple(name for name in tournament.students if name not in ranked)
    return TournamentReport(tournament, tuple(standings), missing, tuple(got.refused),
                            (*got.notes, *short))
