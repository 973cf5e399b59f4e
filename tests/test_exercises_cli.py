"""``crib worksheet``: one worksheet per student and one key; bad arguments exit 2 with one clear line."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from crib_widgets.cli import main
from crib_widgets.cli.worksheet import file_stem
from crib_widgets.exercises import answer_key_html, class_sets, make_set, worksheet_html

ROOT = Path(__file__).resolve().parents[1]


def _names(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "names.txt"
    path.write_text(text, encoding="utf-8")
    return path


def test_one_worksheet_per_student_and_one_key(tmp_path, capsys):
    names = _names(tmp_path, "Ann\n\n# Ben is away\n  Cleo  Diaz \nZoë\n")
    out = tmp_path / "class"
    code = main(["worksheet", "--kind", "counting", "--difficulty", "hard", "--hands", "20", "--seed", "7",
                 "--students", str(names), "--out", str(out)])
    assert code == 0
    assert sorted(p.name for p in out.iterdir()) == [
        "answer-key.html", "worksheet-ann.html", "worksheet-cleo-diaz.html", "worksheet-zoë.html"]
    sets = class_sets("counting", "hard", 20, 7, ["Ann", "Cleo Diaz", "Zoë"])
    assert (out / "worksheet-cleo-diaz.html").read_text(encoding="utf-8") == worksheet_html(sets[1])
    assert (out / "answer-key.html").read_text(encoding="utf-8") == answer_key_html(sets)
    printed = capsys.readouterr().out.splitlines()
    assert printed[0] == "Counting hands: hard, 20 questions, set code counting/hard/20/7, 3 students"
    assert printed[-1].endswith("answer-key.html  (the key: keep it for yourself)")


def test_without_students_one_worksheet_and_markdown_on_request(tmp_path):
    out = tmp_path / "w"
    assert main(["worksheet", "--kind", "play", "--hands", "3", "--seed", "2", "--out", str(out),
                 "--format", "both"]) == 0
    assert sorted(p.name for p in out.iterdir()) == [
        "answer-key.html", "answer-key.md", "worksheet.html", "worksheet.md"]
    assert (out / "worksheet.html").read_bytes() == worksheet_html(make_set("play", "easy", 3, 2)).encode()


def test_running_twice_writes_the_same_bytes(tmp_path):
    for run in ("a", "b"):
        assert main(["worksheet", "--kind", "muggins", "--difficulty", "hard", "--hands", "5", "--seed", "9",
                     "--out", str(tmp_path / run), "--format", "markdown"]) == 0
    for name in ("worksheet.md", "answer-key.md"):
        assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes()


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--hands", "0"], "crib: error: --hands 0 is out of range: ask for 1 to 100 questions"),
        (["--hands", "500"], "crib: error: --hands 500 is out of range"),
        (["--seed", "-4"], "crib: error: --seed -4 is not allowed: use a whole number 0 or more"),
        (["--students", "missing.txt"], "crib: error: cannot read students file 'missing.txt': No such file"),
    ],
)
def test_bad_values_get_one_clear_line_and_exit_code_2(tmp_path, capsys, monkeypatch, extra, message):
    monkeypatch.chdir(tmp_path)
    assert main(["worksheet", "--out", "out", *extra]) == 2
    err = capsys.readouterr().err
    assert err.startswith(message) and err.count("\n") == 1
    assert not (tmp_path / "out").exists(), "nothing is written when an option is bad"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("\n# nobody\n\n", "lists no students: write one name per line"),
        ("Ann\nann\n", "'ann' and 'Ann' are the same student: give each name once"),
        ("Ann Lee\nAnn-Lee\n",
         "students 'Ann Lee' and 'Ann-Lee' would share the file worksheet-ann-lee.html"),
    ],
)
def test_bad_student_lists_are_explained(tmp_path, capsys, text, message):
    names = _names(tmp_path, text)
    assert main(["worksheet", "--students", str(names), "--out", str(tmp_path / "out")]) == 2
    assert message in capsys.readouterr().err
    assert not (tmp_path / "out").exists()


def test_a_students_file_that_is_not_utf8_is_explained(tmp_path, capsys):
    names = tmp_path / "names.txt"
    names.write_bytes("Zoë\n".encode("latin-1"))
    assert main(["worksheet", "--students", str(names), "--out", str(tmp_path / "o")]) == 2
    assert "is not UTF-8 text: save it as UTF-8" in capsys.readouterr().err


def test_out_must_be_a_folder(tmp_path, capsys):
    target = tmp_path / "file.txt"
    target.write_text("keep me")
    assert main(["worksheet", "--out", str(target)]) == 2
    assert "is a file, not a folder" in capsys.readouterr().err
    assert target.read_text() == "keep me"


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["--kind", "poker"], "argument --kind: invalid choice: 'poker'"),
        (["--difficulty", "expert"], "argument --difficulty: invalid choice: 'expert'"),
        (["--hands", "ten"], "argument --hands: invalid int value: 'ten'"),
        ([], "the following arguments are required: --out"),
    ],
)
def test_argparse_errors_also_exit_2(capsys, argv, needle):
    with pytest.raises(SystemExit) as exit_info:
        main(["worksheet", *argv] + ([] if not argv else ["--out", "x"]))
    assert exit_info.value.code == 2
    assert needle in capsys.readouterr().err


def test_the_installed_command_runs_as_a_module(tmp_path):
    done = subprocess.run([sys.executable, "-m", "crib_widgets.cli", "worksheet", "--hands", "2", "--out",
                           str(tmp_path)], capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0 and (tmp_path / "worksheet.html").exists()
    bad = subprocess.run([sys.executable, "-m", "crib_widgets.cli", "worksheet", "--hands", "0", "--out",
                          str(tmp_path)], capture_output=True, text=True, cwd=ROOT)
    assert bad.returncode == 2 and bad.stderr.strip().splitlines() == [
        "crib: error: --hands 0 is out of range: ask for 1 to 100 questions"]


def test_file_names_keep_letters_and_digits_only():
    assert file_stem("Ann O'Neil") == "ann-o-neil"
    assert file_stem("  Zoë 2 ") == "zoë-2"
    assert file_stem("***") == "student"
