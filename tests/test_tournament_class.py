"""A class tournament on the same cards through the teacher's loop: `crib assign --tournament`, a
student's link at the game table, a signed results file, `crib grade` replaying every board and
ranking the class; a tampered file refused in one line and the rest graded; no traceback for any
input."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest

from crib_widgets.cli import main
from crib_widgets.errors import CribbageError
from crib_widgets.exercises.collect import collect
from crib_widgets.exercises.results import sign
from crib_widgets.scoring import hand_total
from crib_widgets.table.class_tournament import (
    Tournament,
    board_answer,
    board_from_answer,
    grade,
    read_link,
    results_data,
)
from crib_widgets.table.duplicate import DuplicateSet
from crib_widgets.widgets import GameTable

CHOSEN = DuplicateSet(seed=11, deals=2, level="beginner")
CLASS = Tournament(CHOSEN, ("Ann", "Ben", "Chloé"), secret="ab" * 16)


def play(chosen: DuplicateSet, rng: random.Random):
    """A whole set played with random (but honest) choices."""
    match = chosen.start()
    while not match.finished:
        t = match.table
        if match.board_done:
            match.next_board()
        elif t.waiting:
            t.advance()
        else:
            moves = t.learner_moves()
            if t.game.phase == "announce":
                c = t.game.counting
                moves = [m for m in moves if m.points == hand_total(c.cards, c.starter, c.is_crib)]
            t.move(rng.choice(moves), confirm=True)
    return match


def results_file(name: str, seed: int, tournament: Tournament = CLASS) -> tuple[str, int]:
    """A student's signed results file (as the game table writes it) and the points they won."""
    match = play(tournament.chosen, random.Random(seed))
    entry = read_link(tournament.link(name))
    return json.dumps(results_data(entry, match.played)), match.points


def resign(data: dict, name: str) -> str:
    """A file changed and signed again with the student's own key (they have their link)."""
    data["signature"] = sign(CLASS.student_key(name), data)
    return json.dumps(data)


def test_a_board_in_words_reads_back_the_same():
    match = play(CHOSEN, random.Random(3))
    for number, board in enumerate(match.played, 1):
        words = board_answer(board)
        assert words.startswith(f"points {board['points']:+d}: discard ")
        assert board_from_answer(words, number) == board


def test_the_link_opens_the_same_boards_and_a_damaged_link_is_refused():
    link = CLASS.link("Chloé", "https://example.org/crib")
    assert link.startswith("https://example.org/crib/book/15_full_game.html#tournament=1&")
    entry = read_link(link)
    assert (entry.student, entry.chosen, entry.fingerprint) == ("Chloé", CHOSEN, CLASS.fingerprint)
    for damaged in (link.replace("beginner", "expert"), link[:-3], "https://example.org/#tournament=1"):
        with pytest.raises(CribbageError, match="this tournament link is damaged"):
            read_link(damaged)


def test_the_game_table_opened_by_a_link_hands_in_a_file_the_replay_scores_the_same():
    t = GameTable(shared=CLASS.link("Ben"), hints="off")
    assert t.student == "Ben" and "Ben, this is your class tournament: 2 deals" in t.status_text
    rng = random.Random(7)
    for _ in range(400):
        if t.match.finished:
            break
        if t.paused:
            t.continue_button.click()
        elif t.table.waiting:
            t.next_move_button.click()
        elif t.game.phase == "discard":
            for b in t.picker.buttons[:2]:
                b.value = True
            t.lay_button.click()
        else:
            rng.choice([b for b in t.picker.buttons if not b.disabled]).click()
    assert t.match.finished and "Download the results file" in t.status_text
    assert 'download="results-ben.json"' in t.download_view.value
    got = collect(CLASS, [("results-ben.json", t.save_box.value)])
    assert not got.refused, got.refused
    (row,) = grade(CLASS, got)
    assert (row.student, row.points, row.boards) == ("Ben", t.match.points, 2)


def test_a_damaged_tournament_link_leaves_an_ordinary_game():
    t = GameTable(shared=CLASS.link("Ben")[:-4])
    assert t.match is None and "Could not open the tournament" in t.status_text


def test_a_class_is_ranked_by_points_won_on_the_same_cards_with_points_lost_by_phase():
    files = {name: results_file(name, seed) for name, seed in (("Ann", 1), ("Ben", 2), ("Chloé", 3))}
    got = collect(CLASS, [(f"results-{n}.json", text) for n, (text, _) in files.items()])
    standings = grade(CLASS, got)
    assert not got.refused
    assert {r.student: r.points for r in standings} == {n: points for n, (_, points) in files.items()}
    assert [r.points for r in standings] == sorted((r.points for r in standings), reverse=True)
    assert all(set(r.lost) == {"discard", "play", "count"} and r.boards == 2 for r in standings)
    assert standings[0].place == 1


def test_tampered_files_are_refused_in_one_line_each_and_the_rest_graded():
    good, points = results_file("Ann", 1)
    data = json.loads(results_file("Ben", 2)[0])
    edited = dict(data, answers=list(data["answers"]))
    first = edited["answers"][0]
    stated = int(first.split(":")[0].split()[1])
    edited["answers"][0] = first.replace(f"points {stated:+d}:", f"points {stated + 6:+d}:", 1)
    moved = json.loads(results_file("Chloé", 3)[0])
    dealt = [str(c) for c in CHOSEN.board_game(1).hands[0]]
    words = moved["answers"][0]
    thrown = words.split("discard ")[1].split(";")[0].split()
    other = next(c for c in dealt if c not in thrown)
    moved["answers"][0] = words.replace(f"discard {thrown[0]}", f"discard {other}", 1).replace(
        f"play {other}", f"play {thrown[0]}")
    texts = [
        ("results-ann.json", good),
        ("score-edited.json", json.dumps(edited)),  # the score edited, the signature left as it was
        ("score-resigned.json", resign(dict(edited), "Ben")),  # ... and signed again with Ben's key
        ("move-changed.json", resign(moved, "Chloé")),
        ("bad-signature.json", json.dumps(dict(data, signature="0" * 64))),
    ]
    got = collect(CLASS, texts)
    standings = grade(CLASS, got)
    assert [(r.student, r.points) for r in standings] == [("Ann", points)]
    lines = {line.split(":")[0]: line for line in got.refused}
    assert set(lines) == {"score-edited.json", "score-resigned.json", "move-changed.json",
                          "bad-signature.json"}
    assert all("\n" not in line for line in got.refused)
    assert "the checksum does not match" in lines["score-edited.json"]
    assert "the checksum does not match" in lines["bad-signature.json"]
    assert "Ben's file, board 1: the file says" in lines["score-resigned.json"]
    assert "the score was changed" in lines["score-resigned.json"]
    assert "Chloé's file, board 1:" in lines["move-changed.json"]


def test_crib_assign_and_grade_a_tournament_from_the_command_line(tmp_path, capsys):
    names = tmp_path / "names.txt"
    names.write_text("Ann\nBen\n", encoding="utf-8")
    out = tmp_path / "class"
    assert main(["assign", "--tournament", "--seed", "11", "--deals", "2", "--level", "beginner",
                 "--students", str(names), "--out", str(out)]) == 0
    said = capsys.readouterr().out
    assert "Tournament tournament/11/2/beginner: 2 deals on the same cards for 2 students" in said
    assert {p.name for p in out.iterdir()} >= {"class.json", "links.html", "links.csv"}
    made = Tournament.from_json(json.loads((out / "class.json").read_text(encoding="utf-8")))
    assert made.chosen == CHOSEN and made.students == ("Ann", "Ben")
    link = (out / "links.csv").read_text(encoding="utf-8").splitlines()[1].split(",", 1)[1]
    match = play(CHOSEN, random.Random(4))
    (tmp_path / "results-ann.json").write_text(json.dumps(results_data(read_link(link), match.played)))
    (tmp_path / "photo.json").write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(range(256)))
    (tmp_path / "deep.json").write_text("[" * 5000 + "]" * 5000)
    files = [str(tmp_path / n) for n in ("results-ann.json", "photo.json", "deep.json", "missing.json")]
    code = main(["grade", str(out), *files])
    got = capsys.readouterr()
    assert code == 1
    assert f"  1. Ann: {match.points:+d} over 2 deals; lost " in got.out
    refused = [line for line in got.err.splitlines() if line.startswith("crib: not graded:")]
    assert len(refused) == 3 and "Traceback" not in got.err
    assert (out / "report" / "standings.csv").read_text().startswith("place,student,points,deals")


def test_grade_refuses_a_tournament_class_file_that_was_changed(tmp_path):
    out = tmp_path / "class"
    out.mkdir()
    data = CLASS.to_json()
    data["deals"] = 3
    (out / "class.json").write_text(json.dumps(data), encoding="utf-8")
    (tmp_path / "r.json").write_text(results_file("Ann", 1)[0])
    command = [sys.executable, "-m", "crib_widgets.cli", "grade", str(out), str(tmp_path / "r.json")]
    run = subprocess.run(command, capture_output=True, text=True)
    assert run.returncode == 2 and "Traceback" not in run.stderr
    assert run.stderr.count("\n") == 1 and "was changed after `crib assign` wrote it" in run.stderr


def test_a_late_student_joins_a_tournament_and_the_links_already_sent_stay(tmp_path, capsys):
    names = tmp_path / "names.txt"
    names.write_text("Ann\n", encoding="utf-8")
    out = tmp_path / "class"
    assert main(["assign", "--tournament", "--seed", "11", "--deals", "2", "--level", "beginner",
                 "--students", str(names), "--out", str(out)]) == 0
    before = (out / "links.csv").read_text(encoding="utf-8")
    assert main(["class", "add", str(out), "Zoë Late"]) == 0
    assert "added 1 student to tournament/11/2/beginner (2 in the class now)" in capsys.readouterr().out
    after = (out / "links.csv").read_text(encoding="utf-8")
    assert after.startswith(before) and "Zoë Late" in after
    link = after.splitlines()[2].split(",", 1)[1]
    match = play(CHOSEN, random.Random(6))
    (tmp_path / "r.json").write_text(json.dumps(results_data(read_link(link), match.played)))
    assert main(["grade", str(out), str(tmp_path / "r.json")]) == 0
    assert f"1. Zoë Late: {match.points:+d} over 2 deals" in capsys.readouterr().out


def test_the_printed_links_say_how_a_student_opens_their_boards_without_a_code_to_type():
    from crib_widgets.table.tournament_folder import tournament_files
    page = tournament_files(CLASS, "")["links.html"]
    assert "How each student opens their boards" in page and "no student code or short link" in page
    assert page.count('data-link="book/15_full_game.html#tournament=') == 3  # filled by the address field
    assert 'id="base"' in page
    site = tournament_files(CLASS, "https://example.org/cribbage/")["links.html"]
    assert 'id="base"' not in site and "How each student opens their boards" in site
