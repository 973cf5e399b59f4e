"""The teachers' page's class desk gives what `crib assign` and `crib grade` give; bad input loses nothing.

A class of five is made on the desk, two students answer (Ann in digits, Chloé in words, as she
would count aloud), their results files are made exactly as the assignment page makes them
(`make_results`, the page's signing, checked by `read_results`), and the same files are graded on
the desk (after the class file is loaded back, as on a later visit) and by `crib grade`: every
file of the report is the same, byte for byte.
"""

from __future__ import annotations

import io
import json
import re

import pytest

from crib_widgets.classroom import Choices, ClassDesk
from crib_widgets.cli import main
from crib_widgets.cli.folders import MARKER
from crib_widgets.exercises import assign as assign_module
from crib_widgets.exercises.assign import Assignment
from crib_widgets.exercises.results import make_results, results_code

ROSTER = "# 7B\nAnn\nBen\nChloé\nSam O'Neil\nJean-Luc Dupré\n"
CHOICES = Choices(kind="counting", difficulty="medium", hands=6, seed=7)


def _words(exercise) -> str:
    """A count as a child writes it: "fifteen two, and a pair is four" (the engine's words, no total)."""
    return exercise.solution().said.split(". ")[0].lower()


def _answers(klass: Assignment) -> dict[str, list[str | None]]:
    ann = [str(e.solution().answer) for e in klass.student_set("Ann")]
    ann[1] = str(int(ann[1]) + 2)  # one wrong
    chloe: list[str | None] = [_words(e) for e in klass.student_set("Chloé")]
    chloe[-1] = None  # one left blank
    return {"Ann": ann, "Chloé": chloe}


def _handed_in(klass: Assignment) -> dict[str, bytes]:
    return {f"results-{name.lower()}.json": json.dumps(make_results(klass, name, answers), ensure_ascii=False,
                                                       indent=1).encode("utf-8")
            for name, answers in _answers(klass).items()}


@pytest.fixture()
def made() -> ClassDesk:
    desk = ClassDesk()
    assert desk.make(ROSTER, CHOICES), desk.message
    return desk


def test_a_class_of_five_made_on_the_desk_is_graded_the_same_as_by_crib_grade(made, tmp_path):
    klass = made.assignment
    assert klass.roster == ("Ann", "Ben", "Chloé", "Sam O'Neil", "Jean-Luc Dupré")
    assert "keep it" in made.message and set(made.links) == set(klass.roster)
    (tmp_path / "class.json").write_text(made.class_text, encoding="utf-8")
    files = _handed_in(klass)
    for name, raw in files.items():
        (tmp_path / name).write_bytes(raw)
    # a later visit: a new desk, the class file loaded back, the files dropped
    later = ClassDesk()
    assert later.load("class.json", made.class_text.encode("utf-8")), later.message
    later.hand_in(files.items())
    assert later.grade(), later.message
    page = later.report_files()
    assert main(["grade", str(tmp_path / "class.json"), *(str(tmp_path / n) for n in files),
                 "--out", str(tmp_path / "report")]) == 0
    cli = {p.name: p.read_text(encoding="utf-8") for p in (tmp_path / "report").iterdir() if p.name != MARKER}
    assert page == cli
    rows = {row.student: row for row in later.report.students}
    assert rows["Chloé"].right == len(klass.student_set("Chloé")) - 1 and rows["Ann"].right == 5
    assert "fifteen two" in page["report.html"] and "Students and skills" in page["report.html"]


def test_pasted_codes_wrapped_as_an_email_wraps_them_are_graded_as_crib_grade_reads_them(made, monkeypatch,
                                                                                          tmp_path):
    klass = made.assignment
    codes = [results_code(make_results(klass, n, a)) for n, a in _answers(klass).items()]
    pasted = "Here are the codes:\n" + "\n\n".join(
        "\n".join("> " + code[i:i + 40] for i in range(0, len(code), 40)) for code in codes) + "\nthanks"
    assert made.grade(pasted), made.message
    (tmp_path / "class.json").write_text(made.class_text, encoding="utf-8")
    monkeypatch.setattr("sys.stdin", io.StringIO(pasted))
    assert main(["grade", str(tmp_path / "class.json"), "-", "--out", str(tmp_path / "report")]) == 0
    cli = (tmp_path / "report" / "report.html").read_text(encoding="utf-8")
    assert made.report_files()["report.html"] == cli
    assert {row.student for row in made.report.students} == {"Ann", "Chloé"}


def test_the_desk_makes_the_same_class_files_as_crib_assign(monkeypatch, tmp_path):
    monkeypatch.setattr(assign_module.secrets, "token_hex", lambda n: "ab" * n)
    desk = ClassDesk()
    assert desk.make(ROSTER, Choices("play", "hard", 5, 11, "kind", False))
    (tmp_path / "names.txt").write_text(ROSTER, encoding="utf-8")
    assert main(["assign", "--kind", "play", "--difficulty", "hard", "--hands", "5", "--seed", "11",
                 "--answers", "kind", "--no-check", "--students", str(tmp_path / "names.txt"),
                 "--out", str(tmp_path / "class")]) == 0
    cli = {p.name: p.read_text(encoding="utf-8") for p in (tmp_path / "class").iterdir() if p.name != MARKER}
    assert desk.files == cli


def test_the_answer_key_loads_the_class_as_class_json_does(made):
    later = ClassDesk()
    assert later.load("answer-key.html", made.files["answer-key.html"].encode("utf-8")), later.message
    assert later.assignment == made.assignment and later.links == made.links


def test_the_class_folder_zip_holds_every_file(made):
    import zipfile

    names = zipfile.ZipFile(io.BytesIO(made.folder_zip())).namelist()
    assert sorted(names) == sorted(f"class/{n}" for n in made.files)


@pytest.mark.parametrize(("roster", "words"), [
    ("", "lists no students"),
    ("# only a comment\n\n", "lists no students"),
    ("Ann\nBen\nann\n", "Ann"),
    ("Ann\n" + "x" * 101 + "\n", "at most 100"),
    ("Ann\u0007\n", "control"),
])
def test_a_bad_class_list_is_one_sentence_and_the_class_made_before_stays(made, roster, words):
    before, files = made.assignment, dict(made.files)
    assert not made.make(roster, CHOICES)
    assert words in made.message and made.message.endswith(".") and "\n" not in made.message
    assert made.assignment is before and made.files == files


def test_bad_choices_are_one_sentence():
    desk = ClassDesk()
    assert not desk.make("Ann", Choices(hands=0))
    assert "1 to 100" in desk.message and desk.assignment is None


def test_making_a_second_class_asks_first_so_the_first_class_file_is_not_lost(made):
    first = made.assignment
    assert not made.make("Zoë\n", CHOICES)
    assert "keep its class file" in made.message and made.assignment is first
    assert made.make("Zoë\n", CHOICES) and made.assignment.roster == ("Zoë",)


def _damaged(text: str) -> list[tuple[str, bytes, str]]:
    data = json.loads(text)
    edited = json.dumps(dict(data, roster=[*data["roster"], "Mallory"]))
    return [("class.json", text[: len(text) // 2].encode(), "is cut short or damaged"),
            ("class.json", edited.encode(), "changed after"),
            ("class.json", b"\xff\xfe\x00garbage", "is a picture or other file"),
            ("photo.json", json.dumps({"hello": 1}).encode(), "is not a class file"),
            ("page.html", b"<html><body>hi</body></html>", "no copy of the class file"),
            ("deep.json", b"[" * 50 + b"]" * 50, "nested 50 levels")]


def test_a_damaged_class_file_is_one_sentence_and_the_class_loaded_before_stays(made):
    before = made.assignment
    for name, raw, words in _damaged(made.class_text):
        assert not made.load(name, raw), name
        assert words in made.message and "\n" not in made.message, made.message
        assert made.assignment is before


def test_bad_results_get_one_line_each_and_the_rest_are_graded(made):
    klass = made.assignment
    good = _handed_in(klass)
    other = Assignment("counting", "medium", 6, 7, ("Ann", "Ben", "Chloé", "Sam O'Neil", "Jean-Luc Dupré"))
    code = results_code(make_results(klass, "Ben", ["4"] * 6))
    made.hand_in([*good.items(), ("results-ann.json", good["results-ann.json"]),  # dropped twice: once
                  ("other-class.json", json.dumps(make_results(other, "Ben", ["1"] * 6)).encode()),
                  ("photo.json", b"\x89PNG\r\n\x1a\n\x00\x00")])
    assert made.grade(code[:-30])  # Ben's code cut short
    refused = made.refused
    assert len(refused) == 3, refused
    assert any("photo.json is a picture or other file" in line for line in refused)
    assert any("other-class.json: from another class (same set code)" in line for line in refused)
    assert any("cut short" in line for line in refused)
    assert {row.student for row in made.report.students} == {"Ann", "Chloé"}
    assert "could not be graded" in made.message
    assert "Not graded" in made.report_files()["report.html"]


def test_grading_with_nothing_usable_keeps_the_last_report_and_says_why(made):
    made.hand_in(_handed_in(made.assignment).items())
    assert made.grade()
    report = made.report
    made.clear_handed_in()
    assert not made.grade() and "Nothing to grade" in made.message and made.report is report
    assert not made.grade("CRIB1-abc") and "None of these could be graded" in made.message
    assert made.report is report


def test_when_nothing_can_be_graded_each_reason_is_told_apart(made):
    """Each file's reason is its own clause: run together, "...the assignment page wrote zoe.json:
    ..." read as one sentence (seen on the page with four refused files)."""
    made.hand_in([("photo.png", b"\x89PNG\r\n\x1a\n\x00\x00"), ("notes.json", b"not a results file")])
    assert not made.grade()
    assert len(made.refused) == 2
    assert made.message.endswith(f"{made.refused[0]}; {made.refused[1]}.")


def test_grading_before_a_class_is_loaded_says_to_load_it():
    desk = ClassDesk()
    desk.hand_in([("results-ann.json", b"{}")])
    assert not desk.grade() and desk.message.startswith("Load your class file first")
    assert desk.handed_in == {"results-ann.json": "{}"}  # nothing dropped is lost


def test_every_desk_message_is_a_sentence_without_a_traceback(made):
    made.load("x.json", b"")
    assert re.fullmatch(r"[A-Z'].*[.?]", made.message) and "Traceback" not in made.message


def test_a_whole_site_makes_whole_links():
    desk = ClassDesk(site="https://example.org/cribbage/")
    assert desk.make("Ann", Choices(hands=2))
    assert desk.links["Ann"].startswith("https://example.org/cribbage/book/assignment.html#v=1&")
    assert json.loads(desk.class_text)["site"] == "https://example.org/cribbage/"


def test_a_class_file_saved_with_a_byte_order_mark_loads(made):
    later = ClassDesk()
    assert later.load("class.json", b"\xef\xbb\xbf" + made.class_text.encode("utf-8")), later.message


def test_the_page_draws_the_desk_and_says_so_when_something_unexpected_fails(made):
    import datetime

    from crib_widgets.widgets.class_desk import ClassDeskView

    view = ClassDeskView(ClassDesk())
    raw = made.class_text.encode("utf-8")
    view.class_upload.value = ({"name": "class.json", "type": "application/json", "size": len(raw),
                                "content": memoryview(raw), "last_modified": datetime.datetime.now()},)
    assert "Loaded set" in view.class_status.value and len(view.class_upload.value) == 1  # the button's (1)
    view.desk.grade = lambda pasted: 1 / 0  # a slip of ours: said on the page, never silent
    view.grade_button.click()
    assert "Something went wrong" in view.status.value
