"""The live page's address reaches Python (CRIB_PAGE_LINK): the game table with shared="page" opens a
student's tournament link as well as a shared position, and "Share this position" writes a whole link
back to the page it is on."""

from __future__ import annotations

from crib_widgets.table.class_tournament import Tournament
from crib_widgets.table.duplicate import DuplicateSet
from crib_widgets.table.share import PAGE_LINK_VARIABLE, read_link
from crib_widgets.widgets import GameTable

PAGE = "https://example.org/crib/book/15_full_game.html"


def test_a_tournament_link_opens_the_students_boards(monkeypatch):
    tournament = Tournament(DuplicateSet(seed=3, deals=2, level="beginner"), ("Ann",), secret="cd" * 16)
    monkeypatch.setenv(PAGE_LINK_VARIABLE, tournament.link("Ann", "https://example.org/crib/"))
    t = GameTable(seed=2024, shared="page")
    assert t.student == "Ann" and t.match is not None and t.match.set == tournament.chosen
    assert t.game.hands[0] == tournament.chosen.board_game(1).hands[0]


def test_share_this_position_links_back_to_the_live_page(monkeypatch):
    monkeypatch.setenv(PAGE_LINK_VARIABLE, PAGE + "#old")
    t = GameTable(seed=2024, shared="page")
    assert t.match is None and t.game.seed == 2024  # no position or tournament in the address
    t.share_button.click()
    assert t.save_box.value.startswith(PAGE + "#crib=c2.")
    assert "add it to the end" not in t.status_text
    assert read_link(t.save_box.value).cards == t.game.hands[0]
