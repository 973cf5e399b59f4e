"""Issues 37 (item 5, the standings) and 38 (one student's file never stops a tournament's grade):
a stated tie rule, who has not handed in, a readable title, no column of meaningless zeros, a file
with a deal missing never above a complete one without a line, formula-safe standings.csv."""

from __future__ import annotations

import csv
import io
import json
import random

from crib_widgets.cli import main
from crib_widgets.exercises.collect import collect
from crib_widgets.exercises.results import sign
from crib_widgets.table.class_tournament import Tournament, read_link, results_data
from crib_widgets.table.duplicate import DuplicateSet, Standing
from crib_widgets.table.standings import RANK_RULE, placed, tournament_report
from tests.test_tournament_class import CHOSEN, play

CLASS = Tournament(CHOSEN, ("Ann", "Ben", "Chloé", "=HYPERLINK(\"http://x\")"), secret="cd" * 16)


def _file(name: str, seed: int, boards: int | None = None, tournament: Tournament = CLASS) -> str:
    match = play(tournament.chosen, random.Random(seed))
    played = match.played[:boards] if boards is not None else match.played
    return json.dumps(results_data(read_link(tournament.link(name)), played))


def _row(student: str, points: int, boards: int, lost: float) -> Standing:
    return Standing(0, student, points, boards, {"discard": lost, "play": 0.0, "count": 0.0})


def test_ties_are_broken_by_points_lost_and_equal_ones_share_a_place():
    rows = [_row("Cy", 4, 2, 3.0), _row("Al", 4, 2, 1.5), _row("Bo", 4, 2, 1.5), _row("Di", 9, 2, 8.0)]
    rows = placed(rows, deals=2)
    assert [(r.student, r.place) for r in rows] == [("Di", 1), ("Al", 2), ("Bo", 2), ("Cy", 4)]


def test_a_file_with_a_deal_missing_is_never_ranked_above_a_complete_one_without_a_line(tmp_path):
    texts = [("results-ann.json", _file("Ann", 1, boards=1)), ("results-ben.json", _file("Ben", 2))]
    report = tournament_report(CLASS, collect(CLASS, texts))
    assert [r.student for r in report.standings] == ["Ben", "Ann"]
    assert "Ann played 1 of 2 deals: ranked after every student who played them all" in report.notes
    assert "(played 1 of 2 deals)" in "\n".join(report.lines())


def test_the_standings_say_the_rule_who_is_missing_and_have_a_readable_title():
    report = tournament_report(CLASS, collect(CLASS, [("results-ben.json", _file("Ben", 2))]))
    html = report.html()
    assert "<title>Class tournament: 2 deals against the beginner computer</title>" in html
    assert "Standings of tournament/" not in html
    assert RANK_RULE in html.replace("&#x27;", "'") and RANK_RULE in report.lines()[0]
    assert report.missing == ("Ann", "Chloé", "=HYPERLINK(\"http://x\")")
    assert "No results yet from Ann, Chloé and =HYPERLINK" in report.lines()[-1]
    # without Muggins nothing can be lost in the count: no column of zeros
    assert '<th scope="col">lost in the count' not in html and "nothing is lost in the count" in html
    assert "in the count" not in "\n".join(report.lines())
    assert report.csv().splitlines()[0] == "place,student,points,deals,lost in the discard,lost in the play"


def test_with_muggins_the_count_column_is_shown():
    muggins = Tournament(DuplicateSet(seed=11, deals=1, level="beginner", muggins=True), ("Ann",),
                         secret="ef" * 16)
    report = tournament_report(muggins, collect(muggins, [("r.json", _file("Ann", 1, tournament=muggins))]))
    assert "lost in the count" in report.csv().splitlines()[0]
    assert "with Muggins" in report.html()


def test_standings_csv_cannot_run_a_formula():
    texts = [(f"r{i}.json", _file(name, i)) for i, name in enumerate(CLASS.students)]
    table = list(csv.reader(io.StringIO(tournament_report(CLASS, collect(CLASS, texts)).csv())))
    cells = [cell for row in table[1:] for cell in row]
    assert "'=HYPERLINK(\"http://x\")" in cells
    assert not any(c.startswith(("=", "@", "\t", "\r")) or (c[:1] in "+-" and not c[1:].isdigit())
                   for c in cells if c)


def test_a_move_announce_superscript_two_signed_with_the_students_own_key_is_one_line(tmp_path, capsys):
    """Issue 38: 'announce ²' (a digit to str.isdigit, not to int) crashed crib grade with a traceback."""
    names = tmp_path / "names.txt"
    names.write_text("Ann\nBen\n", encoding="utf-8")
    out = tmp_path / "class"
    assert main(["assign", "--tournament", "--seed", "11", "--deals", "2", "--level", "beginner",
                 "--students", str(names), "--out", str(out)]) == 0
    made = Tournament.from_json(json.loads((out / "class.json").read_text(encoding="utf-8")))
    data = json.loads(_file("Ben", 2, tournament=made))
    data["answers"][0] += "; announce \u00b2"
    data["signature"] = sign(made.student_key("Ben"), data)
    (tmp_path / "results-ben.json").write_text(json.dumps(data), encoding="utf-8")
    (tmp_path / "results-ann.json").write_text(_file("Ann", 1, tournament=made), encoding="utf-8")
    capsys.readouterr()
    code = main(["grade", str(out), str(tmp_path / "results-ben.json"), str(tmp_path / "results-ann.json")])
    got = capsys.readouterr()
    assert code == 1 and "Traceback" not in got.err
    (line,) = [x for x in got.err.splitlines() if x.startswith("crib: not graded:")]
    assert "results-ben.json: Ben's file, board 1:" in line and "is not a move" in line
    assert "1. Ann:" in got.out and (out / "report" / "standings.csv").exists()
