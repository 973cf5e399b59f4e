"""Issue 37 item 1: no command replaces files it did not make for this class. `crib class rebuild
7B/answer-key.html --out 7A/` replaced 7A's class.json, key and worksheets with 7B's; each command
that writes (worksheet, assign, grade, class add, class rebuild, tournaments) is tried against
another class's folder and its report, and each is refused in one sentence with nothing changed."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from crib_widgets.cli import main
from crib_widgets.cli.folders import MARKER, folder_class
from crib_widgets.exercises.assign import load_class
from crib_widgets.exercises.results import make_results
from crib_widgets.table.class_tournament import load_tournament, read_link, results_data
from tests.test_tournament_class import play


def _tree(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def _right(assignment, name):
    return [str(e.solution().answer) for e in assignment.student_set(name)]


@pytest.fixture
def school(tmp_path) -> Path:
    (tmp_path / "7a.txt").write_text("\n".join(f"Pupil {n}" for n in range(1, 27)) + "\n", encoding="utf-8")
    (tmp_path / "7b.txt").write_text("Ann\nBen\nCleo\nDev\n", encoding="utf-8")
    for klass, seed in (("7A", "1"), ("7B", "2")):
        roster = tmp_path / f"{klass.lower()}.txt"
        assert main(["assign", "--hands", "3", "--seed", seed, "--students", str(roster),
                     "--out", str(tmp_path / klass)]) == 0
    for klass, name in (("7A", "Pupil 1"), ("7B", "Ann")):
        assignment = load_class(tmp_path / klass)
        path = tmp_path / f"results-{klass}.json"
        data = make_results(assignment, name, _right(assignment, name))
        path.write_text(json.dumps(data), encoding="utf-8")
        assert main(["grade", str(tmp_path / klass), str(path)]) == 0
    return tmp_path


def _refused(capsys, argv: list[str], folder: Path) -> str:
    before = _tree(folder)
    capsys.readouterr()
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err, err
    assert _tree(folder) == before
    return err


def test_rebuild_from_another_class_key_is_refused_and_7a_is_untouched(school, capsys):
    err = _refused(capsys, ["class", "rebuild", str(school / "7B" / "answer-key.html"), "--out",
                            str(school / "7A")], school / "7A")
    assert "holds the files of another class" in err and "nothing was written, nothing removed" in err


def test_rebuild_is_refused_even_when_7a_lost_its_class_json_and_its_marker(school, capsys):
    fingerprint = load_class(school / "7A").fingerprint
    (school / "7A" / "class.json").unlink()
    (school / "7A" / MARKER).unlink()
    assert folder_class(school / "7A") == fingerprint  # told by the links in links.csv
    err = _refused(capsys, ["class", "rebuild", str(school / "7B" / "answer-key.html"), "--out",
                            str(school / "7A")], school / "7A")
    assert "another class" in err


def test_rebuild_of_its_own_folder_still_works(school, capsys):
    fingerprint = load_class(school / "7A").fingerprint
    (school / "7A" / "class.json").unlink()
    key = school / "7A" / "answer-key.html"
    assert main(["class", "rebuild", str(key), "--out", str(school / "7A")]) == 0
    assert load_class(school / "7A").fingerprint == fingerprint
    assert (school / "7A" / "report" / "report.html").exists()  # the report it held is left alone


def test_grade_into_another_class_report_is_refused(school, capsys):
    path = school / "results-7B.json"
    err = _refused(capsys, ["grade", str(school / "7B"), str(path), "--out", str(school / "7A" / "report")],
                   school / "7A")
    assert "holds the files of another class" in err


def test_a_report_from_before_the_marker_named_its_class_is_still_told_apart(school, capsys):
    marker = school / "7A" / "report" / MARKER
    data = json.loads(marker.read_text(encoding="utf-8"))
    del data["class"]
    marker.write_text(json.dumps(data), encoding="utf-8")
    assert folder_class(school / "7A" / "report") == load_class(school / "7A").fingerprint
    _refused(capsys, ["grade", str(school / "7B"), str(school / "results-7B.json"), "--out",
                      str(school / "7A" / "report")], school / "7A")


@pytest.mark.parametrize("target", ["7A", "7A/report"])
def test_worksheets_assign_and_tournaments_never_write_into_a_class_or_its_report(school, capsys, target):
    folder = school / target
    _refused(capsys, ["worksheet", "--hands", "2", "--out", str(folder)], school / "7A")
    _refused(capsys, ["assign", "--students", str(school / "7b.txt"), "--out", str(folder)], school / "7A")
    _refused(capsys, ["assign", "--tournament", "--deals", "1", "--students", str(school / "7b.txt"),
                      "--out", str(folder)], school / "7A")


def test_a_tournament_report_is_not_replaced_by_another_class(school, capsys):
    for klass in ("T1", "T2"):
        assert main(["assign", "--tournament", "--deals", "1", "--level", "beginner", "--seed", klass[1],
                     "--students", str(school / "7b.txt"), "--out", str(school / klass)]) == 0
    (school / "T1" / "report").mkdir()
    (school / "T1" / "report" / MARKER).write_text(json.dumps(
        {"crib_files": 1, "kind": "report", "files": [], "class": json.loads(
            (school / "T1" / "class.json").read_text())["fingerprint"]}), encoding="utf-8")
    t2 = load_tournament(school / "T2")[0]
    path = school / "r.json"
    played = play(t2.chosen, random.Random(1)).played
    path.write_text(json.dumps(results_data(read_link(t2.link("Ann")), played)))
    err = _refused(capsys, ["grade", str(school / "T2"), str(path), "--out", str(school / "T1" / "report")],
                   school / "T1")
    assert "another class" in err


def test_class_add_into_a_folder_whose_class_json_was_swapped_for_another_class_is_refused(school, capsys):
    (school / "7A" / "class.json").write_bytes((school / "7B" / "class.json").read_bytes())
    err = _refused(capsys, ["class", "add", str(school / "7A"), "Zoë Late"], school / "7A")
    assert "holds the files of another class" in err
