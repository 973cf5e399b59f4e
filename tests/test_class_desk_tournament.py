"""The class page runs a tournament as `crib assign --tournament` and `crib grade` do (issue 37 item 6).

A tournament of four is made on the desk, its class file loaded back on a later visit (it was
refused as "not a crib class file"), three students' games are played by the book's computers
and saved as the game table saves them, and the desk's standings are the command's, byte for byte.
"""

from __future__ import annotations

import json

import pytest

from crib_widgets.classroom import ClassDesk
from crib_widgets.classroom.desk import TournamentChoices
from crib_widgets.cli import main
from crib_widgets.strategy.players import make_player
from crib_widgets.table.class_tournament import read_link, results_data
from crib_widgets.table.tournament_folder import tournament_files

ROSTER = "Ann\nBen\nChloé\nDev\n"
CUP = TournamentChoices(seed=12, deals=2, level="beginner")


def _played(desk: ClassDesk, name: str, level: str, number: int) -> bytes:
    cup, player = desk.assignment, make_player(level, seed=number)
    match = cup.chosen.start()
    while not match.finished:
        table = match.table
        if match.board_done:
            match.next_board()
        elif table.waiting:
            table.advance()
        else:
            table.move(player.choose(table.game, 0), confirm=True)
    data = results_data(read_link(cup.link(name)), match.played, saved="2026-01-09T10:00:00+00:00")
    return json.dumps(data, ensure_ascii=False).encode("utf-8")


@pytest.fixture(scope="module")
def made() -> ClassDesk:
    desk = ClassDesk()
    assert desk.make(ROSTER, CUP), desk.message
    return desk


def test_the_desk_makes_the_files_crib_assign_tournament_makes(made):
    assert made.is_tournament and made.assignment.students == ("Ann", "Ben", "Chloé", "Dev")
    assert made.files == tournament_files(made.assignment, "")
    assert "only copy" in made.message and "tournament" in made.message
    assert set(made.links) == {"Ann", "Ben", "Chloé", "Dev"}
    assert all("15_full_game.html#" in link for link in made.links.values())


def test_a_tournament_is_loaded_and_graded_as_crib_grade_grades_it(made, tmp_path):
    later = ClassDesk()
    assert later.load("class.json", made.class_text.encode("utf-8")), later.message
    assert later.is_tournament and later.assignment.fingerprint == made.assignment.fingerprint
    files = {f"results-{name.lower()}.json": _played(made, name, level, n)
             for n, (name, level) in enumerate((("Ann", "expert"), ("Ben", "beginner"), ("Chloé", "expert")))}
    later.hand_in(files.items())
    assert later.grade(), later.message
    assert "Ranked 3 students" in later.message and "No results yet from 1 student" in later.message
    report = later.report_files()
    assert sorted(report) == ["report.html", "standings.csv"] and "Dev" in report["report.html"]

    (tmp_path / "cup").mkdir()
    (tmp_path / "cup" / "class.json").write_text(made.class_text, encoding="utf-8")
    for name, raw in files.items():
        (tmp_path / name).write_bytes(raw)
    main(["grade", str(tmp_path / "cup"), *(str(tmp_path / name) for name in files)])
    for name, text in report.items():
        assert (tmp_path / "cup" / "report" / name).read_text(encoding="utf-8") == text, name


def test_a_tournament_file_that_fails_its_replay_is_one_line_and_the_rest_are_ranked(made):
    desk = ClassDesk()
    desk.load("class.json", made.class_text.encode("utf-8"))
    good = _played(made, "Ann", "expert", 0)
    edited = json.loads(_played(made, "Ben", "beginner", 1))
    edited["answers"][0] = edited["answers"][0].replace("points ", "points 1", 1)
    desk.hand_in([("a.json", good), ("b.json", json.dumps(edited).encode("utf-8"))])
    assert desk.grade() and len(desk.refused) == 1 and "b.json" in desk.refused[0]


def test_bad_tournament_choices_are_one_sentence_and_keep_the_class(made):
    desk = ClassDesk()
    assert desk.make(ROSTER, CUP)
    before = desk.assignment
    assert not desk.make(ROSTER, TournamentChoices(seed=12, deals=0, level="beginner"))
    assert desk.message.startswith("Deals 0 is not allowed") and desk.assignment is before
    assert not desk.make(ROSTER, TournamentChoices(seed=12, deals=2, level="grandmaster"))
    assert desk.assignment is before
