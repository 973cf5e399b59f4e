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


def run_cli(argv: list[str]) -> int:
    """`main` as a shell sees it: the exit code, whether returned or raised by argparse."""
    try:
        return main(argv)
    except SystemExit as stop:
        return stop.code


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
        ".crib-files.json", "answer-key.html", "worksheet-ann.html", "worksheet-cleo-diaz.html",
        "worksheet-zoë.html"]
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
        ".crib-files.json", "answer-key.html", "answer-key.md", "worksheet.html", "worksheet.md"]
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
        (["--hands", "0"], "crib: error: argument --hands: 0 questions is too few: ask for 1 to 100; "
                           "see 'crib worksheet --help'"),
        (["--hands", "500"], "crib: error: argument --hands: 500 is too many questions: ask for 1 to 100"),
        (["--seed", "-4"], "crib: error: argument --seed: seed -4 is not allowed: use a whole number 0 to "),
        (["--students", "missing.txt"], "crib: error: students file 'missing.txt': no such file"),
    ],
)
def test_bad_values_get_one_clear_line_and_exit_code_2(tmp_path, capsys, monkeypatch, extra, message):
    monkeypatch.chdir(tmp_path)
    assert run_cli(["worksheet", "--out", "out", *extra]) == 2
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
    assert "is not UTF-8 text: save the class list as UTF-8 text" in capsys.readouterr().err


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
        (["--hands", "ten"], "argument --hands: 'ten' is not a number of questions written in digits: "
                             "ask for 1 to 100"),
        ([], "the following arguments are required: --out"),
    ],
)
def test_argparse_errors_also_exit_2_with_one_line_and_no_usage(capsys, argv, needle):
    assert run_cli(["worksheet", *argv] + ([] if not argv else ["--out", "x"])) == 2
    err = capsys.readouterr().err
    assert needle in err and err.count("\n") == 1 and "usage:" not in err
    assert err.rstrip().endswith("see 'crib worksheet --help'")


def test_the_installed_command_runs_as_a_module(tmp_path):
    done = subprocess.run([sys.executable, "-m", "crib_widgets.cli", "worksheet", "--hands", "2", "--out",
                           str(tmp_path)], capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0 and (tmp_path / "worksheet.html").exists()
    bad = subprocess.run([sys.executable, "-m", "crib_widgets.cli", "worksheet", "--hands", "0", "--out",
                          str(tmp_path)], capture_output=True, text=True, cwd=ROOT)
    assert bad.returncode == 2 and bad.stderr.strip().splitlines() == [
        "crib: error: argument --hands: 0 questions is too few: ask for 1 to 100; "
        "see 'crib worksheet --help'"]


def test_file_names_keep_letters_and_digits_only():
    assert file_stem("Ann O'Neil") == "ann-o-neil"
    assert file_stem("  Zoë 2 ") == "zoë-2"
    assert file_stem("***") == "student"


# ---- the output folder: a whole set or none ------------------------------------------------------


def _tree(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_an_empty_out_is_refused_instead_of_writing_into_the_current_folder(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert run_cli(["worksheet", "--out", ""]) == 2
    err = capsys.readouterr().err
    assert err.startswith("crib: error: argument --out: an empty folder name would write into the current "
                          "folder: name a folder, e.g. --out worksheets") and err.count("\n") == 1
    assert list(tmp_path.iterdir()) == []


def test_a_write_that_fails_half_way_leaves_no_sheets_and_names_the_folder(tmp_path, capsys, monkeypatch):
    # seen: a full disk after 9 sheets left 9 sheets and no key
    from crib_widgets.cli import folders

    names = _names(tmp_path, "\n".join(f"Student {n}" for n in range(1, 13)))
    real, written = folders._write, []

    def full_disk(path, content):
        if len(written) == 9:
            raise OSError(28, "No space left on device")
        written.append(path.name)
        real(path, content)

    monkeypatch.setattr(folders, "_write", full_disk)
    out = tmp_path / "class"
    assert main(["worksheet", "--students", str(names), "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert err == (f"crib: error: cannot write the worksheets into the folder '{out}': No space left on "
                   "device; nothing was written there\n")
    assert len(written) == 9 and not out.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["names.txt"], "no temporary folder is left behind"


def test_a_failed_replace_keeps_the_earlier_set_whole(tmp_path, capsys, monkeypatch):
    from crib_widgets.cli import folders

    out = tmp_path / "class"
    assert main(["worksheet", "--hands", "3", "--out", str(out)]) == 0
    before = _tree(out)
    real_replace, calls = folders.os.replace, []

    def fails_on_second_move_in(src, dst):
        calls.append(dst)
        if len(calls) == 5:  # 2 old files and the marker out, 1 new file in, then the disk fails
            raise OSError(5, "Input/output error")
        real_replace(src, dst)

    monkeypatch.setattr(folders.os, "replace", fails_on_second_move_in)
    assert main(["worksheet", "--hands", "5", "--out", str(out), "--replace"]) == 2
    assert "cannot write the worksheets into the folder" in capsys.readouterr().err
    assert _tree(out) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["class"]


def test_a_folder_that_holds_a_set_is_refused_unless_replace_replaces_the_set_whole(tmp_path, capsys):
    # seen: rerunning into a class folder kept old students' sheets beside a new key
    out = tmp_path / "class"
    two = _names(tmp_path, "Ann\nBen\n")
    assert main(["worksheet", "--students", str(two), "--out", str(out)]) == 0
    (out / "notes.txt").write_text("mine")
    capsys.readouterr()
    one = _names(tmp_path, "Cleo\n")
    assert main(["worksheet", "--students", str(one), "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert err == (f"crib: error: the folder '{out}' already holds a set of worksheets (answer-key.html, "
                   "worksheet-ann.html, worksheet-ben.html): give a new folder, or add --replace to "
                   "replace it as a whole\n")
    assert sorted(p.name for p in out.iterdir()) == [
        ".crib-files.json", "answer-key.html", "notes.txt", "worksheet-ann.html", "worksheet-ben.html"]
    assert main(["worksheet", "--students", str(one), "--out", str(out), "--replace"]) == 0
    printed = capsys.readouterr().out.splitlines()
    assert printed[0].endswith(", 1 student"), "one student, not '1 students'"
    assert printed[1] == f"replaced the set that was in {out} (3 files removed)"
    assert sorted(p.name for p in out.iterdir()) == [
        ".crib-files.json", "answer-key.html", "notes.txt", "worksheet-cleo.html"]
    assert (out / "notes.txt").read_text() == "mine", "files that are not part of a set are left alone"


def test_a_new_folder_is_an_ordinary_folder_not_a_private_temporary_one(tmp_path):
    out, plain = tmp_path / "class", tmp_path / "plain"
    plain.mkdir()
    assert main(["worksheet", "--hands", "1", "--out", str(out)]) == 0
    assert out.stat().st_mode == plain.stat().st_mode


def test_an_empty_existing_folder_is_filled(tmp_path):
    out = tmp_path / "empty"
    out.mkdir()
    assert main(["worksheet", "--hands", "1", "--out", str(out)]) == 0
    assert sorted(p.name for p in out.iterdir()) == [".crib-files.json", "answer-key.html", "worksheet.html"]


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("A" * 5000, "is 5000 characters long: a name may have at most 100"),
        ("Ann\x07Lee", "holds a control or unknown character"),
    ],
)
def test_names_that_cannot_be_printed_or_filed_are_refused_before_any_folder_is_made(
        tmp_path, capsys, name, message):
    # seen: a 5000-character name left an empty folder behind
    names = _names(tmp_path, f"Ann\n{name}\n")
    out = tmp_path / "class"
    assert main(["worksheet", "--students", str(names), "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1 and len(err) < 200
    assert not out.exists()


def test_a_folder_name_the_system_cannot_make_is_refused_before_writing(tmp_path, capsys):
    long = tmp_path / ("x" * 300)
    assert run_cli(["worksheet", "--out", str(long)]) == 2
    err = capsys.readouterr().err
    assert "is 300 bytes long: a folder name may be at most 255 bytes" in err and err.count("\n") == 1
    assert list(tmp_path.iterdir()) == []


def test_a_folder_that_cannot_be_made_is_named_in_the_error(tmp_path, capsys):
    blocker = tmp_path / "taken"
    blocker.write_text("a file where a folder is wanted")
    out = blocker / "class"
    assert main(["worksheet", "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"crib: error: cannot write the worksheets into the folder '{out}': ")
    assert "worksheet.html" not in err and ".new" not in err
