"""Issue 37 item 2 and issue 38: a student's latest file is graded whatever order files come in, the
time saved is signed, the report says which file was graded and which set aside and why; a damaged
attached progress (half a character, nested 11 deep, a 14-digit number) never stops the grade;
a file named "chloe" for Chloé gets no false note; every CSV of the report is safe to open."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from crib_widgets.cli import main
from crib_widgets.exercises.assign import Assignment, load_class
from crib_widgets.exercises.collect import collect
from crib_widgets.exercises.report import collected_report
from crib_widgets.exercises.report_html import report_files
from crib_widgets.exercises.results import make_results, read_results, sign, split_progress
from crib_widgets.lessons.store import Store

CLASS = Assignment("counting", "easy", 4, 7, ("Ann", "Chloé", "Cleo", "=cmd|'/C calc'!A0"), secret="44" * 16)
EARLY, LATE = "2026-12-01T09:00:00+00:00", "2026-12-01T10:30:00+00:00"


def _right(name: str, assignment: Assignment = CLASS) -> list[str]:
    return [str(e.solution().answer) for e in assignment.student_set(name)]


def _text(data: dict) -> str:
    return json.dumps(data, ensure_ascii=False, indent=1)


@pytest.fixture
def school(tmp_path) -> tuple[Path, Assignment]:
    (tmp_path / "names.txt").write_text("Ann\nBen\n", encoding="utf-8")
    assert main(["assign", "--hands", "4", "--seed", "7", "--students", str(tmp_path / "names.txt"),
                 "--out", str(tmp_path / "class")]) == 0
    return tmp_path, load_class(tmp_path / "class")


def test_the_latest_file_is_graded_whatever_order_the_files_come_in(school, capsys):
    root, assignment = school
    right = _right("Ann", assignment)
    half = make_results(assignment, "Ann", [*right[:2], None, None], saved=EARLY)  # saved halfway
    whole = make_results(assignment, "Ann", right, saved=LATE)  # then finished
    (root / "results-ann.json").write_text(_text(whole), encoding="utf-8")
    (root / "results-ann (1).json").write_text(_text(half), encoding="utf-8")
    grades = []
    for order in (["results-ann.json", "results-ann (1).json"], ["results-ann (1).json", "results-ann.json"]):
        capsys.readouterr()
        assert main(["grade", str(root / "class"), *(str(root / n) for n in order),
                     "--out", str(root / f"report-{order[0][:13]}")]) == 0
        got = capsys.readouterr()
        grades.append([line for line in got.out.splitlines() if line.startswith("  Ann:")])
        (note,) = [line for line in got.err.splitlines() if "set aside" in line]
        assert note == ("crib: note: results-ann (1).json: set aside, not graded: Ann also handed in "
                        "results-ann.json, which is graded (saved later: 2026-12-01 10:30:00 UTC, this one "
                        "2026-12-01 09:00:00 UTC)")
    assert grades[0] == grades[1] == [grades[0][0]] and "4 of 4 right" in grades[0][0]
    report = (root / "report-results-ann.j" / "report.html").read_text(encoding="utf-8")
    assert "set aside, not graded" in report


def test_the_page_order_does_not_matter_either():
    right = _right("Ann")
    files = [("a.json", _text(make_results(CLASS, "Ann", right[:1] + [None] * 3, saved=LATE))),
             ("b.json", _text(make_results(CLASS, "Ann", right, saved=EARLY))),
             ("c.json", _text(make_results(CLASS, "Ann", ["0"] * 4, saved="2026-12-01T10:29:59+00:00")))]
    orders = (files, files[::-1], files[1:] + files[:1])
    chosen = {collect(CLASS, order).taken["Ann"].source for order in orders}
    assert chosen == {"a.json"}


def test_the_time_saved_is_signed(capsys):
    data = make_results(CLASS, "Ann", _right("Ann")[:1] + [None] * 3, saved=EARLY)
    edited = dict(data, saved=LATE)
    got = collect(CLASS, [("edited.json", _text(edited))])
    assert not got.taken and "changed after it was saved (the checksum does not match)" in got.refused[0]
    for damaged in ("yesterday", None, 20261201):
        forged = dict(data, saved=damaged)
        forged["signature"] = sign(CLASS.student_key("Ann"), forged)
        (line,) = collect(CLASS, [("odd.json", _text(forged))]).refused
        assert "the time it was saved is damaged" in line


def test_a_file_from_an_older_page_is_still_read_and_a_signed_time_beats_it():
    old = {"crib_results": 1, "set": CLASS.code, "class": CLASS.fingerprint, "student": "Ann",
           "answers": _right("Ann"), "saved": "2030-01-01T00:00:00+00:00"}
    old["signature"] = sign(CLASS.student_key("Ann"), old)
    assert read_results(CLASS, _text(old), "old.json").time_signed is False
    new = make_results(CLASS, "Ann", ["0"] * 4, saved=EARLY)
    got = collect(CLASS, [("old.json", _text(old)), ("new.json", _text(new))])
    assert got.taken["Ann"].source == "new.json"
    assert got.notes == ["old.json: set aside, not graded: Ann also handed in new.json, which is graded "
                         "(its time saved, 2026-12-01 09:00:00 UTC, is signed; this one is from an older "
                         "page, whose time is not)"]


def test_a_file_named_without_the_accents_gets_no_false_note():
    """"Chloé" and "Chloe" are one student (issue 37: names are read without accents), so Chloé's
    file saved as results-chloe.json is hers with no note; a file named for a classmate gets one."""
    texts = [("results-chloe.json", _text(make_results(CLASS, "Chloé", _right("Chloé")))),
             ("results-cleo.json", _text(make_results(CLASS, "Cleo", _right("Cleo"))))]
    got = collect(CLASS, texts)
    assert set(got.taken) == {"Chloé", "Cleo"} and not got.notes and not got.refused
    swapped = collect(CLASS, [("results-cleo.json", texts[0][1])])
    assert swapped.notes == ["results-cleo.json: the file's name names Cleo, but it holds Chloé's results "
                             "(made from Chloé's link): graded as Chloé's"]


@pytest.mark.parametrize(
    ("progress", "says"),
    [
        ('{"crib-progress": 1, "device": "\\ud800", "next": 1, "answers": []}', "a broken letter"),
        ('{"crib-progress": 1, "x": ' + "[" * 11 + "]" * 11 + "}", "nested"),
        ('{"crib-progress": 1, "next": 12345678901234, "answers": []}', "14 digits"),
        ('{"crib-progress": 1, "x": "' + '\\"' * 20_000 + '"}', "could not be read"),
        ("[" * 40_000 + "]" * 40_000, "nested"),
    ],
)
def test_a_damaged_attached_progress_never_stops_the_grade(progress, says):
    data = _text(make_results(CLASS, "Ann", _right("Ann"), saved=EARLY))
    text = data[:-2] + ',\n "progress": ' + progress + "\n}"
    got = collect(CLASS, [("results-ann.json", text)], read_progress=Store.from_text)
    assert "Ann" in got.taken and not got.refused, got.refused
    (note,) = got.notes
    assert note.startswith("results-ann.json: the attached progress could not be read:")
    assert note.endswith("Ann's answers were graded as usual") and (says in note or "could not" in note)
    assert collected_report(CLASS, got).students[0].right == 4


def test_a_file_cut_short_inside_its_progress_is_one_line_not_a_hang():
    data = _text(make_results(CLASS, "Ann", _right("Ann"), saved=EARLY))
    for progress in ('{"x": "' + '\\"' * 60_000, "[" * 150_000):
        got = collect(CLASS, [("results-ann.json", data[:-2] + ',\n "progress": ' + progress)])
        assert not got.taken and len(got.refused) == 1 and got.refused[0].startswith("results-ann.json")


def test_the_progress_is_cut_out_in_one_pass_and_the_rest_read_whole():
    rest, progress = split_progress('{"a": 1, "progress": [{"b": "]}\\""}], "c": [2]}')
    assert json.loads(rest) == {"a": 1, "c": [2]} and json.loads(progress) == [{"b": ']}"'}]
    assert split_progress('{"a": 1}') == ('{"a": 1}', None)
    assert split_progress('{"progress": 1, "progress": 2}')[1] is None  # twice: left to the reader


def test_every_csv_of_the_report_is_safe_to_open_in_a_spreadsheet():
    name = "=cmd|'/C calc'!A0"
    answers = {"Ann": ["=1+1", "@SUM(A1)", "-2+3", "+4"], name: _right(name)}
    texts = [(f"r{i}.json", _text(make_results(CLASS, who, a))) for i, (who, a) in enumerate(answers.items())]
    files = report_files(collected_report(CLASS, collect(CLASS, texts)))
    for csv_name in ("students.csv", "answers.csv", "questions.csv"):
        cells = [c for row in csv.reader(io.StringIO(files[csv_name])) for c in row]
        assert not [c for c in cells if c[:1] in ("=", "@", "\t", "\r")], csv_name
        signed = [c for c in cells if c[:1] in ("+", "-")]
        assert all(c[1:].replace(".", "").isdigit() for c in signed), csv_name
    assert "'=cmd|'/C calc'!A0" in files["students.csv"] and "'=1+1" in files["answers.csv"]
    assert "&#x27;=1+1" not in files["report.html"]  # the page shows what was typed


def test_students_csv_names_the_file_graded_for_each_student(school, capsys):
    root, assignment = school
    right = _right("Ann", assignment)
    (root / "a1.json").write_text(_text(make_results(assignment, "Ann", right, saved=LATE)), encoding="utf-8")
    (root / "a0.json").write_text(_text(make_results(assignment, "Ann", ["0"] * 4, saved=EARLY)),
                                  encoding="utf-8")
    assert main(["grade", str(root / "class"), str(root / "a0.json"), str(root / "a1.json")]) == 0
    rows = list(csv.DictReader(io.StringIO((root / "class" / "report" / "students.csv").read_text("utf-8"))))
    assert {r["student"]: r["file graded"] for r in rows} == {"Ann": "a1.json", "Ben": ""}


def test_an_attached_progress_the_report_cannot_show_never_stops_the_report(monkeypatch):
    from crib_widgets.exercises import report_html as report_module
    from crib_widgets.exercises.results import attach_progress

    progress = {"crib-progress": 1, "device": "d1", "next": 1, "answers": [], "daily": []}
    data = attach_progress(make_results(CLASS, "Ann", _right("Ann"), saved=EARLY), progress)
    got = collect(CLASS, [("r.json", _text(data))], read_progress=Store.from_text)
    assert got.taken["Ann"].progress is not None

    def broken(_store):
        raise OverflowError("date value out of range")

    monkeypatch.setattr(report_module, "practised_lines", broken)
    html = report_module.report_html(collected_report(CLASS, got))
    assert "the attached progress could not be shown (OverflowError)" in html


def test_a_file_that_fails_in_an_unforeseen_way_is_one_line_and_the_rest_are_graded(monkeypatch):
    from crib_widgets.exercises import collect as collect_module

    real = collect_module.read_results

    def flaky(assignment, text, source, read_progress):
        if source == "odd.json":
            raise OverflowError("date value out of range")
        return real(assignment, text, source, read_progress)

    monkeypatch.setattr(collect_module, "read_results", flaky)
    good = _text(make_results(CLASS, "Ann", _right("Ann")))
    got = collect(CLASS, [("odd.json", good), ("ann.json", good)])
    assert got.refused == ["odd.json: could not be read (OverflowError): hand in the file the assignment "
                           "page saved"]
    assert got.taken["Ann"].source == "ann.json"


def test_links_csv_is_safe_to_open_too():
    from crib_widgets.exercises.class_folder import class_files

    rows = list(csv.reader(io.StringIO(class_files(CLASS)["links.csv"])))
    assert [row[0] for row in rows if "cmd" in row[0]] == ["'=cmd|'/C calc'!A0"]


def test_the_class_page_says_the_file_saved_last_is_marked_not_the_first():
    book = Path(__file__).resolve().parents[1] / "book" / "teachers_class.ipynb"
    text = " ".join("".join(cell["source"]) for cell in json.loads(book.read_text(encoding="utf-8"))["cells"]
                    if cell["cell_type"] == "markdown")
    words = " ".join(text.split())
    assert "(the first file)" not in words
    assert ("handed in twice is marked once, on the file saved last (whatever order the files come in)"
            in words)


def test_a_file_set_aside_is_said_at_the_top_not_below_the_names_missing():
    roster = (*(f"Student{n:02d}" for n in range(1, 26)), "Ann")
    klass = Assignment("counting", "easy", 4, 7, roster, secret="45" * 16)
    right = _right("Ann", klass)
    files = [("results-ann.json", _text(make_results(klass, "Ann", right, saved=LATE))),
             ("results-ann (1).json", _text(make_results(klass, "Ann", right[:2] + [None] * 2, saved=EARLY)))]
    report = collected_report(klass, collect(klass, files))
    summary = report.summary()
    assert "1 file set aside (see \u201cNotes\u201d)" in summary
    assert summary.index("set aside") < summary.index("no results yet")
    page = report_files(report)["report.html"]
    assert page.index("<h2>Notes</h2>") < page.index("<h2>No results yet</h2>")  # was below 25 names
    alone = collected_report(klass, collect(klass, files[:1]))
    assert "set aside" not in alone.summary() and "<h2>Notes</h2>" not in report_files(alone)["report.html"]
