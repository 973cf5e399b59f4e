"""Issue 24: nothing is ever lost. `crib grade --out` (and every command that writes) writes only files it
made, into a folder that is new, empty or holds an earlier report; anything else is refused with a
sentence and nothing is written or removed. The inputs are the ones that lost files: the folder of
handed-in results, the class folder with class.json, an unrelated folder."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from crib_widgets.cli import folders, main
from crib_widgets.exercises.assign import load_class
from crib_widgets.exercises.results import make_results

NAMES = ["Ann", "Ben", "Chloé", "Dáithí O'Neil", "Ann-Marie"]


def _tree(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.fixture()
def school(tmp_path) -> Path:
    (tmp_path / "names.txt").write_text("\n".join(NAMES) + "\n", encoding="utf-8")
    assert main(["assign", "--hands", "3", "--seed", "5", "--students", str(tmp_path / "names.txt"),
                 "--out", str(tmp_path / "class")]) == 0
    assignment = load_class(tmp_path / "class")
    results = tmp_path / "results"
    results.mkdir()
    for name in NAMES[:3]:
        data = make_results(assignment, name, ["4", "fifteen two, and a pair is four", None])
        (results / f"results-{name.lower()}.json").write_text(json.dumps(data), encoding="utf-8")
    unrelated = tmp_path / "holiday photos"
    unrelated.mkdir()
    (unrelated / "beach.jpg").write_bytes(b"\xff\xd8 not really a photo")
    (unrelated / "notes.txt").write_text("keep me", encoding="utf-8")
    return tmp_path


def _grade(school: Path, out: Path) -> int:
    return main(["grade", str(school / "class"), *sorted(str(p) for p in (school / "results").iterdir()),
                 "--out", str(out)])


@pytest.mark.parametrize(
    ("folder", "says"),
    [
        ("results", "holds students' results or other files (results-ann.json, results-ben.json, "
                    "results-chloé.json)"),
        ("class", "holds a class (class.json, which `crib grade` needs)"),
        ("holiday photos", "holds students' results or other files (notes.txt)"),
    ],
)
def test_grade_refuses_a_folder_it_did_not_make_and_leaves_it_as_it_was(school, capsys, folder, says):
    before = {name: _tree(school / name) for name in ("results", "class", "holiday photos")}
    assert _grade(school, school / folder) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and says in err, err
    assert "nothing was written, nothing removed" in err
    assert {name: _tree(school / name) for name in before} == before
    assert sorted(p.name for p in school.iterdir()) == ["class", "holiday photos", "names.txt", "results"]


def test_the_default_report_folder_is_made_and_then_replaced_as_a_whole(school, capsys):
    report = school / "class" / "report"
    assert _grade(school, report) == 0
    marker = json.loads((report / folders.MARKER).read_text(encoding="utf-8"))
    assert marker["kind"] == "report" and "report.html" in marker["files"]
    (report / "chart-all.svg").unlink()  # a file the teacher deleted from the report: fine
    assert _grade(school, report) == 0
    assert (report / "report.html").exists()
    (report / "my notes.txt").write_text("mine", encoding="utf-8")
    assert _grade(school, report) == 2, "a report folder that also holds the teacher's own file"
    assert "my notes.txt" in capsys.readouterr().err
    assert (report / "my notes.txt").read_text(encoding="utf-8") == "mine"


def test_a_folder_that_cannot_be_written_is_a_sentence_not_a_traceback(school, capsys, monkeypatch):
    def refused(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(folders.tempfile, "mkdtemp", refused)
    assert _grade(school, school / "class" / "report") == 2
    err = capsys.readouterr().err
    assert err.startswith("crib: error: cannot write the report into the folder ")
    assert "Permission denied; nothing was written there" in err and "Traceback" not in err
    assert not (school / "class" / "report").exists()


def test_an_empty_folder_is_filled_and_a_report_folder_is_not_a_class_folder(school, capsys):
    empty = school / "empty"
    empty.mkdir()
    assert _grade(school, empty) == 0
    capsys.readouterr()
    assert main(["assign", "--students", str(school / "names.txt"), "--out", str(empty)]) == 2
    err = capsys.readouterr().err
    assert "holds a class report, which is not a class: give a new or empty folder for the class's" in err


def test_assign_never_writes_into_a_folder_that_holds_anything(school, capsys):
    before = _tree(school / "results")
    assert main(["assign", "--students", str(school / "names.txt"), "--out", str(school / "results")]) == 2
    assert "nothing was written" in capsys.readouterr().err
    assert _tree(school / "results") == before
