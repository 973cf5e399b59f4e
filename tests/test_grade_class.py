"""`crib assign` then `crib grade`: a class of 25, refused files, the report's totals by hand."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from crib_widgets.cli import main
from crib_widgets.exercises.assign import Assignment, load_class
from crib_widgets.exercises.report import class_report
from crib_widgets.exercises.report_html import report_charts
from crib_widgets.exercises.results import make_results, read_results, results_code

NAMES = [f"Student {i:02d}" for i in range(24)] + ["Chloé"]


@pytest.fixture(scope="module")
def klass(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("class")
    (root / "names.txt").write_text("\n".join(NAMES) + "\n", encoding="utf-8")
    code = main(["assign", "--kind", "counting", "--difficulty", "medium", "--hands", "12", "--seed", "7",
                 "--students", str(root / "names.txt"), "--out", str(root / "class")])
    assert code == 0
    return root


def _answers(assignment: Assignment, index: int, name: str) -> list[str]:
    """Student ``index`` gets the first ``index % 4`` questions wrong (one point too many), the rest right."""
    exercises = assignment.student_set(name)
    return [str(e.solution().answer + (1 if e.number <= index % 4 else 0)) for e in exercises]


def test_assign_writes_sheets_key_links_and_class_file(klass):
    out = klass / "class"
    names = sorted(p.name for p in out.iterdir())
    assert {"answer-key.html", "class.json", "links.csv", "links.html"} <= set(names)
    assert sum(n.startswith("worksheet-") for n in names) == 25
    data = json.loads((out / "class.json").read_text(encoding="utf-8"))
    assert data["roster"] == NAMES and data["set"] == "counting/medium/12/7"
    assert data["options"] == {"check": True, "by": "total"} and len(data["fingerprint"]) == 16
    links = list(csv.DictReader((out / "links.csv").open(encoding="utf-8")))
    assert [row["student"] for row in links] == NAMES
    start = "book/assignment.html#v=1&set=counting%2Fmedium%2F12%2F7&"
    assert all(row["link"].startswith(start) for row in links)
    sheet = (out / "worksheet-chloé.html").read_text(encoding="utf-8")
    assert "book/assignment.html#" in sheet and "learner notebook" not in sheet
    key = (out / "answer-key.html").read_text(encoding="utf-8")
    assert key.index("Totals at a glance") < key.index("<h2>Chloé</h2>")


def test_a_link_names_the_set_and_carries_cards_never_answers(klass):
    from urllib.parse import parse_qs

    from crib_widgets.exercises.assign import decode_page_data

    assignment = load_class(klass / "class")
    link = assignment.link("Chloé")
    fields = parse_qs(link.split("#", 1)[1])
    assert fields["set"] == ["counting/medium/12/7"] and fields["student"] == ["Chloé"]
    data = decode_page_data(fields["q"][0])
    text = json.dumps(data, ensure_ascii=False)
    exercises = assignment.student_set("Chloé")
    assert [q["starter"][1] for q in data["questions"]] == [e.starter.name for e in exercises]
    assert "solution" not in text and "answer" not in text.lower().replace("answers", "")
    assert all(e.solution().said not in text for e in exercises)


def test_a_class_of_25_is_graded_with_the_totals_worked_out_by_hand(klass, tmp_path):
    assignment = load_class(klass / "class")
    results = tmp_path / "results"
    results.mkdir()
    for index, name in enumerate(NAMES):
        data = make_results(assignment, name, _answers(assignment, index, name))
        (results / f"r{index:02d}.json").write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    code = main(["grade", str(klass / "class"), *sorted(str(p) for p in results.iterdir()),
                 "--out", str(tmp_path / "report")])
    assert code == 0
    students = list(csv.DictReader((tmp_path / "report" / "students.csv").open(encoding="utf-8")))
    # index % 4 is 0 for 7 students (0, 4, ..., 24) and 1, 2, 3 for 6 each
    assert [int(r["right"]) for r in students] == [12 - i % 4 for i in range(25)]
    assert sum(int(r["right"]) for r in students) == 300 - (6 * 1 + 6 * 2 + 6 * 3)
    assert students[24]["student"] == "Chloé" and students[24]["score"] == "12/12"
    questions = list(csv.DictReader((tmp_path / "report" / "questions.csv").open(encoding="utf-8")))
    assert [int(q["wrong"]) for q in questions] == [18, 12, 6] + [0] * 9
    page = (tmp_path / "report" / "report.html").read_text(encoding="utf-8")
    assert "25 students graded on set counting/medium/12/7: on average 10.6 of 12 right." in page
    assert "a wrong total on" in page and "<svg" in page


def test_tampered_wrong_set_and_unknown_name_files_are_refused_in_one_line_and_the_rest_graded(
        klass, tmp_path, capsys):
    assignment = load_class(klass / "class")
    other = Assignment("counting", "medium", 12, 8, tuple(NAMES))
    good = make_results(assignment, "Student 01", _answers(assignment, 1, "Student 01"))
    tampered = dict(make_results(assignment, "Student 02", ["0"] * 12))
    tampered["answers"] = [str(e.solution().answer) for e in assignment.student_set("Student 02")]
    unknown = make_results(assignment, "Chloé", ["0"] * 12) | {"student": "Khloe"}
    wrong_set = make_results(other, "Chloé", ["0"] * 12)
    files = {"good.json": good, "tampered.json": tampered, "wrongset.json": wrong_set,
             "unknown.json": unknown}
    for name, data in files.items():
        (tmp_path / name).write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    (tmp_path / "broken.json").write_text("{not json", encoding="utf-8")
    code_line = results_code(make_results(assignment, "Student 03", ["1"] * 12))
    (tmp_path / "codes.txt").write_text(code_line + "\n")
    paths = [str(tmp_path / n) for n in [*files, "broken.json", "codes.txt"]]
    code = main(["grade", str(klass / "class"), *paths, "--out", str(tmp_path / "report")])
    err = capsys.readouterr().err.strip().splitlines()
    assert code == 1
    assert len(err) == 4
    assert err[0].startswith("crib: not graded: tampered.json: changed after it was saved")
    assert err[1].startswith("crib: not graded: wrongset.json: for another set (set counting/medium/12/8")
    assert err[2] == "crib: not graded: unknown.json: 'Khloe' is not on the class list: did you mean Chloé?"
    assert err[3].startswith("crib: not graded: broken.json: cut short or damaged")
    students = list(csv.DictReader((tmp_path / "report" / "students.csv").open(encoding="utf-8")))
    graded = {r["student"]: r["score"] for r in students if r["score"] != "no results"}
    assert graded == {"Student 01": "11/12", "Student 03": f"{_count_ones(assignment)}/12"}


def _count_ones(assignment: Assignment) -> int:
    return sum(e.solution().answer == 1 for e in assignment.student_set("Student 03"))


def test_answers_per_kind_give_misses_per_kind_and_the_mistakes_in_words():
    assignment = Assignment("counting", "easy", 6, 7, ("Ann", "Ben"), answer_by="kind")
    answers = {}
    for name in assignment.roster:
        kinds = [e.solution().by_kind() for e in assignment.student_set(name)]
        # Ann forgets every fifteen; Ben is right
        forget = name == "Ann"
        answers[name] = [", ".join(f"{k} {0 if (k == 'fifteen' and forget) else v}" for k, v in b.items())
                         for b in kinds]
    report = class_report(assignment, answers)
    ann_fifteens = sum(bool(e.solution().points("fifteen")) for e in assignment.student_set("Ann"))
    assert report.students[0].misses == ({"fifteen": ann_fifteens} if ann_fifteens else {})
    assert report.students[1].misses == {} and report.students[1].right == 6
    assert report.mistakes[0] == ("fifteens too few", ann_fifteens)
    assert "fifteen" in report_charts(report)


def test_a_results_code_reads_like_the_file_and_a_cut_one_is_refused():
    from crib_widgets.exercises.results import ResultsError, decode_code_text

    assignment = Assignment("play", "easy", 2, 3, ("Ann",))
    data = make_results(assignment, "Ann", ["2", None])
    assert read_results(assignment, decode_code_text(results_code(data)), "code").answers == ["2", None]
    with pytest.raises(ResultsError, match=r"damaged|not a results file"):
        read_results(assignment, decode_code_text(results_code(data)[:-9]), "code")


def test_assign_refuses_a_folder_that_holds_a_class_and_leaves_it_as_it_was(klass, capsys):
    before = (klass / "class" / "class.json").read_bytes()
    code = main(["assign", "--students", str(klass / "names.txt"), "--out", str(klass / "class")])
    assert code == 2
    assert "already holds a class" in capsys.readouterr().err
    assert (klass / "class" / "class.json").read_bytes() == before


def test_codes_pasted_into_the_terminal_are_graded(klass, tmp_path, monkeypatch, capsys):
    import io

    assignment = load_class(klass / "class")
    codes = [results_code(make_results(assignment, name, _answers(assignment, i, name)))
             for i, name in enumerate(NAMES[:2])]
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(codes) + "\n\nCRIB1-garbled!!\n"))
    code = main(["grade", str(klass / "class"), "-", "--out", str(tmp_path / "report")])
    out, err = capsys.readouterr()
    assert code == 1 and "2 students graded" in out
    assert err.strip() == "crib: not graded: pasted line 4: the results code is damaged (cut short or " \
                          "mistyped): copy it again whole"


def test_the_report_folder_is_replaced_whole_and_a_file_in_the_way_is_refused(klass, tmp_path, capsys):
    assignment = load_class(klass / "class")
    result = tmp_path / "r.json"
    result.write_text(json.dumps(make_results(assignment, "Chloé", ["0"] * 12)), encoding="utf-8")
    report = tmp_path / "report"
    assert main(["grade", str(klass / "class"), str(result), "--out", str(report)]) == 0
    first = sorted(p.name for p in report.iterdir())
    assert ".crib-files.json" in first and "report.html" in first
    assert main(["grade", str(klass / "class"), str(result), "--out", str(report)]) == 0, "an earlier report"
    assert sorted(p.name for p in report.iterdir()) == first
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".report")], "no temporary folder left"
    blocked = tmp_path / "blocked"
    blocked.write_text("a file", encoding="utf-8")
    assert main(["grade", str(klass / "class"), str(result), "--out", str(blocked)]) == 2
    assert "is a file, not a folder" in capsys.readouterr().err
    assert blocked.read_text(encoding="utf-8") == "a file"


def test_the_charts_shrink_to_a_phone_screen_and_keep_their_shape():
    assignment = Assignment("counting", "easy", 6, 7, ("Ann",))
    report = class_report(assignment, {"Ann": ["1"] * 6})
    for svg in report_charts(report).values():
        assert 'viewBox="0 0 ' in svg and 'style="width:100%;height:auto;display:block"' in svg
