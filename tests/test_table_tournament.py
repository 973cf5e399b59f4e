"""A whole class tournament without ipywidgets (issue 39 item 6): made on the class page's model,
each student's boards played through `TournamentPlay` from their link, the signed results file
named and offered for download as the game table offers it, handed in, collected and ranked; and
bad input (a damaged link, results file or class file, a wrong folder) is one sentence that leaves
every file and every state as it was."""

from __future__ import annotations

import base64
import json
from pathlib import Path

import pytest

from crib_widgets.classroom import ClassDesk
from crib_widgets.classroom.desk import TournamentChoices
from crib_widgets.cli import main
from crib_widgets.errors import CribbageError
from crib_widgets.strategy.players import make_player
from crib_widgets.table.class_tournament import Tournament
from crib_widgets.table.duplicate import DuplicateMatch, DuplicateSet, score_results
from crib_widgets.table.tournament import NOT_RESTORED, NOT_SHARED, TournamentPlay, is_tournament_link

ROSTER = "Ann\nBen\nChloé\n"
CUP = TournamentChoices(seed=21, deals=2, level="beginner")
SAVED = "2026-12-06T09:00:00+00:00"


def play_through(play: TournamentPlay, level: str, seed: int) -> list[str]:
    """Play every board as a computer of ``level`` would, as the table's clicks do; the line under
    the table and the button's label at each board's end."""
    player, seen = make_player(level, seed=seed), []
    while not play.finished:
        table = play.table
        if play.match.board_done:
            seen.append(f"{play.where} | {play.continue_label}")
            play.next_board()
        elif table.waiting:
            table.advance()
        else:
            table.move(player.choose(table.game, 0), confirm=True)
    return seen


@pytest.fixture(scope="module")
def desk() -> ClassDesk:
    made = ClassDesk()
    assert made.make(ROSTER, CUP), made.message
    return made


def test_a_whole_tournament_is_made_played_signed_collected_and_ranked_without_widgets(desk):
    handed_in, won = [], {}
    for number, (name, level) in enumerate((("Ann", "expert"), ("Ben", "beginner"), ("Chloé", "expert"))):
        link = desk.links[name]
        assert is_tournament_link(link)
        play = TournamentPlay.open_link(link)
        assert play.student == name and play.entry is not None and not play.back
        assert play.opening("Choose two cards.").startswith(f"{name}, this is your class tournament: 2 deals")
        seen = play_through(play, level, number)
        assert seen[0].startswith("tournament board 1 of 2 · won so far +0 | Next board")
        assert seen[1].startswith("tournament board 2 of 2") and seen[1].endswith("| See the results")
        assert "All 2 boards played" in play.finished_sentence()
        text = play.results_text(SAVED)
        href = play.download_href(text)
        assert base64.b64decode(href.split("base64,", 1)[1]).decode("utf-8") == text
        handed_in.append((play.file_name, text.encode("utf-8")))
        won[name] = play.match.points
    assert [name for name, _ in handed_in] == ["results-ann.json", "results-ben.json", "results-chloé.json"]

    later = ClassDesk()  # the teacher's next visit: the class file kept from the day it was made
    assert later.load("class.json", desk.class_text.encode("utf-8")), later.message
    assert later.hand_in(handed_in) and later.grade(), later.message
    assert not later.refused
    ranked = {row.student: row.points for row in later.report.standings}
    assert ranked == won
    assert [row.points for row in later.report.standings] == sorted(won.values(), reverse=True)


def test_the_results_so_far_hold_the_boards_finished_and_a_board_is_kept_only_once_it_ends(desk):
    play = TournamentPlay.open_link(desk.links["Ben"])
    with pytest.raises(CribbageError, match="board 1 is not finished"):
        play.next_board()
    assert play.match.board == 1 and play.match.played == []
    data = json.loads(play.results_text(SAVED))
    assert data["answers"] == [None, None] and data["student"] == "Ben" and data["saved"] == SAVED
    assert "(0 of 2)" in play.saved_sentence()
    player = make_player("beginner", seed=1)
    while not play.match.board_done:
        table = play.table
        table.advance() if table.waiting else table.move(player.choose(table.game, 0), confirm=True)
    assert not play.next_board() and "(1 of 2)" in play.saved_sentence()
    assert json.loads(play.results_text(SAVED))["answers"][1] is None


def test_a_kept_way_through_the_boards_comes_back_where_the_student_left_it(desk):
    first = TournamentPlay.open_link(desk.links["Chloé"])
    player = make_player("beginner", seed=2)
    while first.match.board == 1:
        table = first.table
        if first.match.board_done:
            first.next_board()
        elif table.waiting:
            table.advance()
        else:
            table.move(player.choose(table.game, 0), confirm=True)
    kept = first.match.to_dict()
    asked: list[tuple[int, str]] = []

    def storage(match: DuplicateMatch, student: str) -> DuplicateMatch | None:
        asked.append((match.board, student))
        return DuplicateMatch.restore(kept)

    back = TournamentPlay.open_link(desk.links["Chloé"], storage)
    assert asked == [(1, "Chloé")] and back.back and back.match.board == 2
    assert "Welcome back: board 2 goes on where you left it." in back.opening("Choose two cards.")
    fresh = TournamentPlay.open_link(desk.links["Chloé"], lambda match, student: None)
    assert not fresh.back and fresh.match.board == 1 and "Welcome back" not in fresh.opening("")


def test_a_tournament_chosen_in_a_notebook_writes_the_duplicate_results_file():
    play = TournamentPlay.of_set({"seed": 5, "deals": 1, "level": "beginner"}, "Ann")
    assert play.entry is None and play.opening("Go on.") == "Go on."
    play_through(play, "intermediate", 3)
    assert play.finished_sentence().startswith("The board is played: you finished ")
    student, boards = score_results(play.results_text(), DuplicateSet(5, 1, "beginner"))
    assert student == "Ann" and sum(b.points for b in boards) == play.match.points


@pytest.mark.parametrize("duplicate, said", [
    ("seed 5", "duplicate must be a dict"),
    ({"seed": 5}, "need a seed and the number of deals"),
    ({"seed": 5, "deals": 2, "colour": "red"}, "'colour' is not a board's choice"),
    ({"seed": 5, "deals": 99}, "deals 99 is not allowed"),
    ({"seed": 5, "deals": 2, "level": "grandmaster"}, "grandmaster"),
])
def test_a_bad_set_of_boards_is_one_sentence(duplicate, said):
    with pytest.raises(CribbageError, match=said) as caught:
        TournamentPlay.of_set(duplicate, "Ann")
    assert "\n" not in str(caught.value)


def test_a_damaged_link_is_one_sentence_and_the_ordinary_game_goes_on(desk):
    for damaged in (desk.links["Ann"][:-4], desk.links["Ann"].replace("beginner", "expert")):
        with pytest.raises(CribbageError) as caught:
            TournamentPlay.open_link(damaged)
        said = str(caught.value)
        assert said.startswith("Could not open the tournament: this tournament link is damaged")
        assert said.endswith("This is an ordinary game.") and "\n" not in said
    assert "not shared" in NOT_SHARED and "not restored" in NOT_RESTORED


def test_a_damaged_results_file_or_class_file_leaves_the_page_as_it_was(desk):
    later = ClassDesk()
    assert later.load("class.json", desk.class_text.encode("utf-8"))
    play = TournamentPlay.open_link(desk.links["Ann"])
    play_through(play, "expert", 0)
    assert later.hand_in([(play.file_name, play.results_text(SAVED).encode("utf-8"))]) and later.grade()
    report, tournament, files = later.report, later.assignment, dict(later.files)

    cut = play.results_text(SAVED)[:-40]
    again = ClassDesk()
    again.load("class.json", desk.class_text.encode("utf-8"))
    assert again.hand_in([("results-ann.json", cut.encode("utf-8"))])
    assert not again.grade() and again.report is None
    assert again.message.startswith("None of these could be graded, so no report was made: results-ann.json")

    assert not later.load("class.json", desk.class_text[:-30].encode("utf-8"))
    assert later.message.count(". ") <= 1 and "class.json" in later.message
    assert later.report is report and later.assignment is tournament and later.files == files


def _snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_a_wrong_folder_is_one_sentence_and_leaves_every_file_as_it_was(desk, tmp_path, capsys):
    play = TournamentPlay.open_link(desk.links["Ben"])
    play_through(play, "beginner", 4)
    results = tmp_path / play.file_name
    results.write_text(play.results_text(SAVED), encoding="utf-8")
    cup = tmp_path / "cup"
    cup.mkdir()
    (cup / "class.json").write_text(desk.class_text, encoding="utf-8")
    (cup / "notes.txt").write_text("my notes", encoding="utf-8")
    before = _snapshot(tmp_path)

    # the results folder given where the class folder belongs
    assert main(["grade", str(tmp_path / "nowhere"), str(results)]) == 2
    # a tournament made into a folder that already holds a class
    names = tmp_path / "names.txt"
    names.write_text("Dev\n", encoding="utf-8")
    assert main(["assign", "--tournament", "--seed", "3", "--deals", "1", "--students", str(names),
                 "--out", str(cup)]) == 2
    err = capsys.readouterr().err
    lines = err.splitlines()
    assert len(lines) == 2 and all(line.startswith("crib: error: ") for line in lines), err
    assert "already holds a class" in lines[1]
    names.unlink()
    assert _snapshot(tmp_path) == before


BEFORE = json.loads((Path(__file__).parent / "data" / "tournament_results_before.json").read_text("utf-8"))


# c19cb2b folds accents into a student's key: the link made now for a name with an accent signs with
# the new key, so its file differs byte for byte from the one made before (a name without one keeps
# its key). The file made before is still graded: a tournament takes the older key (ef46b23).
ACCENT_KEY = pytest.mark.xfail(strict=True, reason="an accented name's link made now signs with the "
                               "folded key: the signed file differs from the one made before c19cb2b")


@pytest.mark.parametrize("name, level, seed", [("Ann", "expert", 0),
                                               pytest.param("Chloé", "intermediate", 1, marks=ACCENT_KEY)])
def test_the_results_files_are_written_byte_for_byte_as_before_and_still_graded(name, level, seed):
    """Files the game table wrote before the flow moved here (tests/data/README.md says how)."""
    cup = Tournament.from_json(BEFORE["class"])
    kept = BEFORE[name]
    play = TournamentPlay.open_link(cup.link(name))
    play_through(play, level, seed)
    notebook = TournamentPlay.of_set(cup.chosen.to_dict(), name)
    play_through(notebook, level, seed)
    assert notebook.results_text() == kept["duplicate"] and play.match.points == kept["points"]
    assert score_results(kept["duplicate"], cup.chosen)[0] == name
    desk = ClassDesk()
    assert desk.load("class.json", json.dumps(BEFORE["class"]).encode("utf-8")), desk.message
    assert desk.hand_in([(play.file_name, kept["signed"].encode("utf-8"))]) and desk.grade(), desk.message
    assert not desk.refused, desk.refused
    assert [(row.student, row.points) for row in desk.report.standings] == [(name, kept["points"])]
    assert play.results_text(SAVED) == kept["signed"]
