"""Issue 37 item 10 (the command line): `crib grade` takes a folder of results as the page takes a
handful of files, and takes the answer key as the class file, as the page does."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from crib_widgets.cli import main
from crib_widgets.exercises.assign import load_class
from crib_widgets.exercises.results import make_results, results_code


@pytest.fixture
def school(tmp_path) -> Path:
    (tmp_path / "names.txt").write_text("Ann\nBen\nCleo\n", encoding="utf-8")
    assert main(["assign", "--hands", "3", "--seed", "4", "--students", str(tmp_path / "names.txt"),
                 "--out", str(tmp_path / "class")]) == 0
    assignment = load_class(tmp_path / "class")
    handed = tmp_path / "handed-in"
    handed.mkdir()
    for name in ("Ann", "Ben"):
        right = [str(e.solution().answer) for e in assignment.student_set(name)]
        data = make_results(assignment, name, right)
        (handed / f"results-{name.lower()}.json").write_text(json.dumps(data), encoding="utf-8")
    (handed / "codes.txt").write_text(results_code(make_results(assignment, "Cleo", ["0"] * 3)) + "\n")
    (handed / "photo.jpg").write_bytes(b"\xff\xd8\xff")  # not a results file: left out, not a line
    return tmp_path


def test_grade_takes_a_folder_of_results(school, capsys):
    capsys.readouterr()
    assert main(["grade", str(school / "class"), str(school / "handed-in")]) == 0
    out = capsys.readouterr().out
    assert "3 students graded" in out and "Ann: 3 of 3 right" in out and "Cleo: 0 of 3 right" in out


def test_grade_takes_the_answer_key_as_the_class_file(school, capsys):
    capsys.readouterr()
    key = school / "class" / "answer-key.html"
    assert main(["grade", str(key), str(school / "handed-in")]) == 0
    by_key = capsys.readouterr().out
    assert "3 students graded" in by_key and (school / "class" / "report" / "report.html").exists()
    assert main(["grade", str(school / "class" / "class.json"), str(school / "handed-in")]) == 0
    assert capsys.readouterr().out == by_key


def test_a_folder_without_results_is_one_line_and_the_class_folder_itself_holds_none(school, capsys):
    (school / "empty").mkdir()
    capsys.readouterr()
    code = main(["grade", str(school / "class"), str(school / "empty"), str(school / "class"),
                 str(school / "handed-in" / "results-ann.json")])
    err = capsys.readouterr().err
    assert code == 1 and "Traceback" not in err
    assert f"crib: not graded: the folder '{school / 'empty'}' holds no results files" in err
    assert "class.json" not in err  # the class's own file is never read as a student's


def test_a_page_that_is_not_an_answer_key_is_one_sentence(school, capsys):
    page = school / "class" / "links.html"
    assert main(["grade", str(page), str(school / "handed-in")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "holds no copy of the class file" in err
