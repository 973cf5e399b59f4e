"""Issue 37, the command-line half of its 'done when': a class of 25 from a "Last, First" roster with
a header row, exported by a spreadsheet (semicolons, quotes, a blank row, a byte-order mark, CRLF);
five students hand in (one twice: a partial file saved first, whose name sorts first), graded from
the answer key and a folder; then 7B's key is refused for 7A's folder."""

from __future__ import annotations

import csv
import json
from pathlib import Path

from crib_widgets.cli import main
from crib_widgets.exercises.assign import load_class
from crib_widgets.exercises.results import make_results

SURNAMES = ["García", "Adebayo", "Ahmed", "Bell", "Chen", "Dubois", "Evans", "Fischer", "Gómez", "Hughes",
            "Ivanova", "Jones", "Khan", "López", "Müller", "Nowak", "O'Brien", "Patel", "Quinn", "Rossi",
            "Smith", "Tanaka", "Ursu", "Vega", "Wójcik"]
FIRSTS = ["María", "Tomi", "Aisha", "Sam", "Li", "Chloé", "Rhys", "Lena", "Inés", "Jack", "Olga", "Tom",
          "Zara", "Lucía", "Jonas", "Kasia", "Aoife", "Ravi", "Finn", "Giulia", "Jack", "Yui", "Ana",
          "Diego", "Ola"]


def test_a_class_of_25_from_a_school_export_through_to_the_report(tmp_path, capsys):
    rows = "\r\n".join(f'"{last}";"{first}";7A' for last, first in zip(SURNAMES, FIRSTS, strict=True))
    export = tmp_path / "7A.csv"
    export.write_bytes(("\ufeffSurname;Forename;Form\r\n;;\r\n" + rows + "\r\n").encode("utf-8"))
    assert main(["assign", "--hands", "6", "--seed", "12", "--students", str(export), "--out",
                 str(tmp_path / "7A")]) == 0
    assert ", 25 students;" in capsys.readouterr().out
    klass = load_class(tmp_path / "7A")
    assert klass.students[:3] == ("María García", "Tomi Adebayo", "Aisha Ahmed")
    handed = tmp_path / "handed-in"
    handed.mkdir()

    def hand_in(file: str, typed_name: str, answers: list[str | None], saved: str) -> None:
        data = make_results(klass, typed_name, answers, saved=saved)
        (handed / file).write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")

    def right(name: str) -> list[str | None]:
        return [str(e.solution().answer) for e in klass.student_set(name)]

    hand_in("results-maría-garcía.json", "garcia maria", right("María García"), "2026-12-01T10:00:00+00:00")
    hand_in("results-maría-garcía (1).json", "García, María", right("María García")[:3] + [None] * 3,
            "2026-12-01T09:00:00+00:00")  # saved halfway and handed in too: its name sorts it first
    hand_in("results-tomi-adebayo.json", "Tomi Adebayo", ["0"] * 6, "2026-12-01T09:30:00+00:00")
    hand_in("results-chloé-dubois.json", "chloe dubois", right("Chloé Dubois"), "2026-12-01T09:31:00+00:00")
    hand_in("results-sam-bell.json", "Sam Bell", [*right("Sam Bell")[:5], "lots"], "2026-12-01T09:32:00Z")
    capsys.readouterr()
    assert main(["grade", str(tmp_path / "7A" / "answer-key.html"), str(handed)]) == 0
    got = capsys.readouterr()
    assert "4 students graded" in got.out and "María García: 6 of 6 right" in got.out
    assert "results-maría-garcía (1).json: set aside, not graded" in got.err and "Traceback" not in got.err
    assert "no results yet from Aisha Ahmed, Li Chen," in got.out and ",," not in got.out
    students = {r["student"]: r for r in csv.DictReader((tmp_path / "7A" / "report" / "students.csv").open(
        encoding="utf-8"))}
    assert students["María García"]["file graded"] == "results-maría-garcía.json"
    assert len(students) == 25

    (tmp_path / "7b.txt").write_text("Ann\nBen\n", encoding="utf-8")
    assert main(["assign", "--students", str(tmp_path / "7b.txt"), "--out", str(tmp_path / "7B")]) == 0
    before = {p: p.read_bytes() for p in (tmp_path / "7A").rglob("*") if p.is_file()}
    capsys.readouterr()
    key = tmp_path / "7B" / "answer-key.html"
    assert main(["class", "rebuild", str(key), "--out", str(tmp_path / "7A")]) == 2
    assert "holds the files of another class" in capsys.readouterr().err
    assert {p: p.read_bytes() for p in (tmp_path / "7A").rglob("*") if p.is_file()} == before
    assert Path(tmp_path / "7A" / "class.json").exists()
