"""The nbgrader export: nbgrader's cell metadata, and a run of the notebook as a student would."""

from __future__ import annotations

import json

import nbformat
import pytest
from nbclient import NotebookClient

from crib_widgets.cli import main
from crib_widgets.exercises.assign import Assignment, load_class
from crib_widgets.exercises.nbgrader import nbgrader_notebook


@pytest.fixture(scope="module")
def notebook(tmp_path_factory):
    root = tmp_path_factory.mktemp("nbg")
    (root / "names.txt").write_text("Chloé\nBen\n", encoding="utf-8")
    assert main(["assign", "--kind", "counting", "--difficulty", "easy", "--hands", "3", "--seed", "7",
                 "--students", str(root / "names.txt"), "--out", str(root / "class"), "--nbgrader"]) == 0
    path = root / "class" / "nbgrader" / "source" / "crib-counting-easy-3-7" / "crib-counting-easy-3-7.ipynb"
    return load_class(root / "class"), json.loads(path.read_text(encoding="utf-8"))


def test_every_cell_carries_nbgrader_metadata_with_one_point_per_question(notebook):
    _, nb = notebook
    metas = [cell["metadata"]["nbgrader"] for cell in nb["cells"]]
    ids = [m["grade_id"] for m in metas]
    assert len(ids) == len(set(ids)) and all(m["schema_version"] == 3 for m in metas)
    graded = [m for m in metas if m["grade"]]
    assert [m["grade_id"] for m in graded] == ["check_1", "check_2", "check_3"]
    assert all(m["points"] == 1 and m["locked"] for m in graded)
    answers = [m["grade_id"] for m in metas if m["solution"]]
    assert answers == ["name", "answer_1", "answer_2", "answer_3"]
    nbformat.validate(nbformat.reads(json.dumps(nb), as_version=4))


def _run(nb: dict, name: str, answers: list[str]) -> list[dict]:
    nb = nbformat.reads(json.dumps(nb), as_version=4)
    for cell in nb.cells:
        grade_id = cell.metadata["nbgrader"]["grade_id"]
        if grade_id == "name":
            cell.source = f"name = {name!r}"
        elif grade_id.startswith("answer_"):
            cell.source = f"answer_{grade_id[7:]} = {answers[int(grade_id[7:]) - 1]!r}"
    NotebookClient(nb, allow_errors=True, timeout=120, kernel_name="python3").execute()
    return nb.cells


def test_a_student_run_passes_right_answers_and_fails_wrong_ones_with_the_engines_words(notebook):
    klass, nb = notebook
    truth = [e.solution().answer for e in klass.student_set("Chloé")]
    cells = _run(nb, "chloé", [str(truth[0]), str(truth[1] + 1), "15-2 15-4 pair 6"])
    checks = {c.metadata["nbgrader"]["grade_id"]: c for c in cells if c.metadata["nbgrader"]["grade"]}
    errors = {k: [o for o in c.outputs if o.output_type == "error"] for k, c in checks.items()}
    assert errors["check_1"] == []
    assert errors["check_2"][0].ename == "AssertionError"
    assert "question 2: not yet: you said" in errors["check_2"][0].evalue
    shown = [o for c in cells if c.metadata["nbgrader"]["grade_id"] == "question_1" for o in c.outputs]
    assert "Question 1." in shown[0].data["text/html"]


def test_an_unknown_name_stops_at_the_setup_with_did_you_mean(notebook):
    _, nb = notebook
    cells = _run(nb, "Khloe", ["0", "0", "0"])
    setup = next(c for c in cells if c.metadata["nbgrader"]["grade_id"] == "setup")
    assert "'Khloe' is not on the class list: did you mean Chloé?" in setup.outputs[0].evalue


def test_with_checking_off_the_checks_are_hidden_tests():
    nb = nbgrader_notebook(Assignment("play", "easy", 2, 1, ("Ann",), check_as_you_go=False))
    checks = ["".join(c["source"]) for c in nb["cells"] if c["metadata"]["nbgrader"]["grade"]]
    assert checks and all(s.startswith("### BEGIN HIDDEN TESTS\nmark(") for s in checks)
    assert all(s.endswith("### END HIDDEN TESTS") for s in checks)
