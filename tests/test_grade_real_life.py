"""Issue 24: files, codes and answers from real life, a way back, and a report built for action."""

from __future__ import annotations

import base64
import csv
import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from crib_widgets.cli import main
from crib_widgets.exercises.assign import Assignment, load_class
from crib_widgets.exercises.collect import collect
from crib_widgets.exercises.report import class_report
from crib_widgets.exercises.report_csv import answers_csv
from crib_widgets.exercises.report_html import report_html
from crib_widgets.exercises.results import make_results, results_code

LONG = "Wolfeschlegelsteinhausenbergerdorffwelchevoralternwarengewissenhaftschaferswessenschafe"  # 85
NAMES = ["Ann", "Ben", "Chloé", "Zoë O'Brien-Smith", LONG]


@pytest.fixture(scope="module")
def school(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("school")
    (root / "names.txt").write_text("\n".join(NAMES) + "\n", encoding="utf-8")
    assert main(["assign", "--hands", "4", "--seed", "3", "--students", str(root / "names.txt"),
                 "--out", str(root / "class"), "--site", "https://example.org/cribbage/"]) == 0
    return root


def _right(assignment: Assignment, name: str) -> list[str]:
    return [str(e.solution().answer) for e in assignment.student_set(name)]


# ---- 2. every outside file bounded: one line for a bad one, the rest graded -------------------------------


@pytest.mark.parametrize(
    ("content", "says"),
    [
        ("[" * 100_000 + "]" * 100_000, "is nested 100000 levels deep: a crib file has at most 8 levels"),
        ('{"crib_results": ' + "7" * 5000 + "}", "holds a number 5000 digits long"),
        ('{"crib_results": 1e999999}', "holds a number out of range"),
        ('{"crib_results": NaN}', "cut short or damaged"),
        ("hello teacher", "not a results file the assignment page saves"),
        ("x" * 300_000, "is larger than 200 KB"),
    ],
)
def test_one_bad_results_file_gets_one_line_and_the_rest_are_graded(school, tmp_path, capsys, content, says):
    assignment = load_class(school / "class")
    good = tmp_path / "results-ann.json"
    good.write_text(json.dumps(make_results(assignment, "Ann", _right(assignment, "Ann"))), encoding="utf-8")
    bad = tmp_path / "results-ben.json"
    bad.write_text(content, encoding="utf-8")
    assert main(["grade", str(school / "class"), str(bad), str(good), "--out", str(tmp_path / "r")]) == 1
    out, err = capsys.readouterr()
    assert err.count("\n") == 1 and says in err and "results-ben.json" in err, err
    assert "1 student graded" in out and "Traceback" not in err


@pytest.mark.parametrize(
    "content",
    ["[" * 100_000, '{"crib_class": 1, "hands": ' + "9" * 5000 + "}", "\xff\xfe", "{}", '{"crib_class": 1}'],
)
def test_a_damaged_class_file_is_one_sentence(tmp_path, capsys, content):
    folder = tmp_path / "class"
    folder.mkdir()
    (folder / "class.json").write_bytes(content.encode("utf-8", "surrogateescape") if content != "\xff\xfe"
                                        else b"\xff\xfe\x00")
    assert main(["grade", str(folder), "x.json"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("crib: error: ") and err.count("\n") == 1 and "class file" in err


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_no_damage_to_a_results_file_or_code_makes_a_traceback(school, data):
    assignment = load_class(school / "class")
    raw = json.dumps(make_results(assignment, "Chloé", ["fifteen two", "4", None, "a pair is 2"]),
                     ensure_ascii=False).encode("utf-8")
    cut = data.draw(st.integers(0, len(raw)))
    where = data.draw(st.integers(0, len(raw)))
    junk = data.draw(st.binary(max_size=40))
    damaged = raw[:cut] + junk + raw[where:]
    text = damaged.decode("utf-8", "replace")
    code = results_code(json.loads(raw))
    code_damaged = code[:cut % len(code)] + data.draw(st.text(max_size=10)) + code[where % len(code):]
    got = collect(assignment, [("results-chloé.json", text), ("codes.txt", code_damaged)])
    assert len(got.taken) + len(got.refused) >= 1
    for line in got.refused:
        assert "\n" not in line and len(line) < 400


# ---- 3. answers read as children write them --------------------------------------------------------------


def test_the_report_shows_what_each_student_typed_beside_what_it_was_read_as(school):
    assignment = load_class(school / "class")
    sets = {n: assignment.student_set(n) for n in assignment.students}
    said = [e.solution().said.rsplit(".", 2)[0] for e in sets["Ann"]]  # "Fifteen two, ... is six"
    report = class_report(assignment, {"Ann": said, "Ben": ["nineteen", "lots", None, "twelve"]})
    ann = report.students[0]
    assert ann.right == 4, [g.message for g in ann.report.grades]
    rows = list(csv.DictReader(answers_csv(report).splitlines()))
    ben = [r for r in rows if r["student"] == "Ben"]
    assert [r["typed"] for r in ben] == ["nineteen", "lots", "", "twelve"]
    assert [r["read as"] for r in ben] == ["0", "", "", "12"]
    assert [r["status"] for r in ben] == [
        "right" if sets["Ben"][1].solution().answer == 0 else "wrong", "unreadable", "unanswered",
        "right" if sets["Ben"][4].solution().answer == 12 else "wrong"]
    page = report_html(report)
    assert "<td>nineteen</td><td>0</td>" in page and "<td>lots</td><td></td>" in page


# ---- 4. codes and files from real life -------------------------------------------------------------------


def test_a_code_pasted_with_line_breaks_and_quote_marks_is_read(school, tmp_path, capsys):
    assignment = load_class(school / "class")
    code = results_code(make_results(assignment, "Ben", _right(assignment, "Ben")))
    mail = ("Dear Ms Reed,\n\nhere is my code:\n\n"
            + "\n".join("> " + code[i:i + 60] for i in range(0, len(code), 60)) + "\n\nthanks, Ben\n")
    (tmp_path / "mail.txt").write_text(mail, encoding="utf-8")
    spaced = " ".join(code[i:i + 7] for i in range(0, len(code), 7))
    mailed = str(tmp_path / "mail.txt")
    assert main(["grade", str(school / "class"), mailed, "--out", str(tmp_path / "r")]) == 0
    assert "Ben: 4 of 4 right" in capsys.readouterr().out
    got = collect(assignment, [("pasted", spaced)])
    assert list(got.taken) == ["Ben"] and not got.refused


def test_a_file_named_for_another_student_is_graded_with_a_line_saying_so(school, tmp_path, capsys):
    assignment = load_class(school / "class")
    (tmp_path / "results-ben.json").write_text(
        json.dumps(make_results(assignment, "Chloé", _right(assignment, "Chloé"))), encoding="utf-8")
    assert main(["grade", str(school / "class"), str(tmp_path / "results-ben.json"),
                 "--out", str(tmp_path / "r")]) == 0
    out, err = capsys.readouterr()
    assert err == ("crib: note: results-ben.json: the file's name names Ben, but it holds Chloé's results "
                   "(made from Chloé's link): graded as Chloé's\n")
    assert "Chloé: 4 of 4 right" in out
    assert "the file&#x27;s name names Ben" in (tmp_path / "r" / "report.html").read_text(encoding="utf-8")


def test_names_up_to_100_characters_get_sheets_links_and_grades(school):
    assignment = load_class(school / "class")
    assert LONG in assignment.students
    sheets = [p.name for p in (school / "class").iterdir() if p.name.startswith("worksheet-")]
    assert all(len(n.encode()) < 255 for n in sheets) and len(sheets) == 5
    with pytest.raises(Exception, match="at most 100"):
        Assignment("counting", "easy", 1, 1, ("A" * 101,))


@pytest.mark.parametrize("site", ["javascript:alert(1)", "example.org/cribbage", "ftp://example.org/",
                                  "https://", "data:text/html,hi", "https://exa mple.org/"])
def test_site_must_be_a_web_address(school, tmp_path, capsys, site):
    with pytest.raises(SystemExit) as stop:
        main(["assign", "--students", str(school / "names.txt"), "--out", str(tmp_path / "c"),
              "--site", site])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "is not a web address: give the published book's address starting https://" in err
    assert err.count("\n") == 1 and not (tmp_path / "c").exists()


# ---- 5. a way back -----------------------------------------------------------------------------------------


def test_a_late_student_is_added_without_changing_any_link_already_sent(school, tmp_path, capsys):
    import shutil

    folder = tmp_path / "class"
    shutil.copytree(school / "class", folder)
    (folder / "results-ann.json").write_text("handed in", encoding="utf-8")
    before = {r["student"]: r["link"] for r in csv.DictReader((folder / "links.csv").open(encoding="utf-8"))}
    assert main(["class", "add", str(folder), "Dana Late"]) == 0
    out = capsys.readouterr().out
    assert "the links already sent are unchanged" in out and "Dana Late: https://example.org/cribbage/" in out
    after = {r["student"]: r["link"] for r in csv.DictReader((folder / "links.csv").open(encoding="utf-8"))}
    assert {n: after[n] for n in before} == before and "Dana Late" in after
    assert (folder / "results-ann.json").read_text(encoding="utf-8") == "handed in", "others left alone"
    assignment = load_class(folder)
    assert assignment.fingerprint == load_class(school / "class").fingerprint
    late = make_results(assignment, "Dana Late", _right(assignment, "Dana Late"))
    (tmp_path / "late.json").write_text(json.dumps(late), encoding="utf-8")
    assert main(["grade", str(folder), str(tmp_path / "late.json"), "--out", str(tmp_path / "r")]) == 0
    assert "Dana Late: 4 of 4 right" in capsys.readouterr().out
    assert main(["class", "add", str(folder), "ann"]) == 2
    assert "are the same student" in capsys.readouterr().err


def test_a_lost_class_file_is_rebuilt_from_the_key_and_grades_the_same_files(school, tmp_path, capsys):
    import shutil

    folder = tmp_path / "class"
    shutil.copytree(school / "class", folder)
    original = (folder / "class.json").read_text(encoding="utf-8")
    key = tmp_path / "kept-elsewhere.html"
    shutil.copy(folder / "answer-key.html", key)
    (folder / "class.json").unlink()
    assert main(["grade", str(folder), "x.json"]) == 2
    assert "crib class rebuild answer-key.html" in capsys.readouterr().err
    assert main(["class", "rebuild", str(key), "--out", str(folder)]) == 0
    assert json.loads((folder / "class.json").read_text(encoding="utf-8")) == json.loads(original)
    assert main(["class", "rebuild", str(key), "--out", str(tmp_path / "new")]) == 0
    assert (tmp_path / "new" / "links.csv").read_bytes() == (folder / "links.csv").read_bytes()
    (tmp_path / "plain.html").write_text("<html><body>no copy</body></html>", encoding="utf-8")
    assert main(["class", "rebuild", str(tmp_path / "plain.html"), "--out", str(tmp_path / "x")]) == 2
    assert "holds no copy of the class file" in capsys.readouterr().err


def test_assign_says_where_the_second_copy_of_the_secret_is(tmp_path, capsys):
    (tmp_path / "n.txt").write_text("Ann\n", encoding="utf-8")
    assert main(["assign", "--hands", "1", "--students", str(tmp_path / "n.txt"),
                 "--out", str(tmp_path / "c")]) == 0
    assert "A second copy of class.json is inside answer-key.html" in capsys.readouterr().out
    key = (tmp_path / "c" / "answer-key.html").read_text(encoding="utf-8")
    data = json.loads(key.split('id="crib-class-copy">')[1].split("</script>")[0])
    assert data["secret"] == json.loads((tmp_path / "c" / "class.json").read_text(encoding="utf-8"))["secret"]


# ---- 6. the report built for action ------------------------------------------------------------------


def test_the_report_lists_who_needs_help_first_with_a_students_by_skills_grid():
    assignment = Assignment("counting", "hard", 6, 11, ("Ann", "Ben", "Cleo"), secret="cd" * 16)
    sets = {n: assignment.student_set(n) for n in assignment.students}
    answers = {"Ann": [str(e.solution().answer) for e in sets["Ann"]],
               "Ben": ["0"] * 6,
               "Cleo": [str(e.solution().answer + (e.number % 2)) for e in sets["Cleo"]]}
    report = class_report(assignment, answers)
    assert [row.student for row in report.by_need()] == ["Ben", "Cleo", "Ann"]
    help_names = [name for name, _ in report.needing_help()]
    assert help_names[0] == "Ben" and "Ann" not in help_names
    skills = report.skills
    assert {"flush", "the crib's flush", "his nobs", "runs"} <= set(skills)
    page = report_html(report)
    grid = page.split("<h2>Students and skills</h2>")[1].split("<h2>")[0]
    assert grid.index(">Ben<") < grid.index(">Cleo<") < grid.index(">Ann<")
    assert "needs help</span>" in grid and "secure</span>" in grid, "the colour is said in words too"
    mistakes = page.split("most common mistakes</h2>")[1].split("<h2>")[0]
    assert "by Ben" in mistakes and "Ann" not in mistakes
    assert "@page{size:A4" in page and "overflow-x:auto" in page


def test_a_muggins_report_says_what_each_question_asked_instead_of_a_different_focus():
    assignment = Assignment("muggins", "medium", 5, 2, ("Ann", "Ben", "Cleo"), secret="ef" * 16)
    report = class_report(assignment, {n: ["accept"] * 5 for n in assignment.students})
    assert all("a different focus" not in q.focus for q in report.questions)
    assert "a right count" in report_html(report).split("<h2>What was asked</h2>")[1]


def test_a_results_code_is_base64_json_so_the_page_and_python_agree():
    assignment = Assignment("counting", "easy", 1, 7, ("Ann",), secret="11" * 16)
    code = results_code(make_results(assignment, "Ann", ["4"]))
    body = code.split("-", 1)[1]
    assert json.loads(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)))["student"] == "Ann"
