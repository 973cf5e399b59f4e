"""A game in progress is kept as it is played and comes back after a reload, a closed tab or a lost
connection, with its options (issue 36 item 2); a new game is the learner's choice; every visit does
not start on the same first deal. A class tournament goes on at the board the student left, with no
hints (issue 37 item 5)."""

from __future__ import annotations

import html
import json
import random
import re

import pytest

from crib_widgets.errors import CribbageError
from crib_widgets.game import Rules
from crib_widgets.table import Table
from crib_widgets.table.duplicate import DuplicateMatch, DuplicateSet
from crib_widgets.table.keep import VARIABLE, check_name, keep_text, restore
from crib_widgets.widgets import GameTable


def kept_by_page(view: GameTable) -> dict[str, str]:
    """What the page's script keeps from the table's hidden element (lib/kept_game.js)."""
    found = re.search(r'data-key="([^"]+)">(.*)</span>', view.game_out.value, re.S)
    return {html.unescape(found.group(1)): html.unescape(found.group(2))}


def play(view: GameTable, moves: int, seed: int = 1) -> None:
    rng = random.Random(seed)
    for _ in range(moves):
        if view.game.is_over:
            return
        if view.table.paused:
            view.continue_button.click()
            continue
        options = view.table.learner_moves()
        if options:
            view._move(rng.choice(options), confirm=True)


def test_a_game_to_121_comes_back_after_a_reload_on_the_same_deal_and_options(monkeypatch):
    monkeypatch.setenv(VARIABLE, "{}")
    first = GameTable(seed=2024, target=121, keep="full-game", muggins=True)
    play(first, 25)
    monkeypatch.setenv(VARIABLE, json.dumps(kept_by_page(first)))
    again = GameTable(seed=2024, keep="full-game")  # the page's own options say 61, no Muggins
    assert again.game.moves == first.game.moves and again.game.hands == first.game.hands
    assert again.game.rules == first.game.rules and again.game.rules.target == 121
    assert again.options["target"].value == 121 and again.options["muggins"].value
    assert again.status_text.startswith("Welcome back: your game (2 players, 121 points, Muggins")
    assert again._live


def test_a_deals_show_up_at_the_reload_comes_back_up(monkeypatch):
    monkeypatch.setenv(VARIABLE, "{}")
    first = GameTable(seed=5, keep="full-game")
    rng = random.Random(5)
    while not first.table.paused:
        first._move(rng.choice(first.table.learner_moves()), confirm=True)
    first.step_button.click()
    monkeypatch.setenv(VARIABLE, json.dumps(kept_by_page(first)))
    again = GameTable(seed=5, keep="full-game")
    assert again.table.paused and again.table.show_step == 0
    assert again.show_view.value == first.show_view.value


def test_a_first_visit_plays_the_pictures_deal_and_later_visits_go_on_with_it(monkeypatch):
    monkeypatch.setenv(VARIABLE, "{}")
    first = GameTable(seed=61, keep="first-game", target=61)
    assert first.game.seed == 61  # the page's picture: a card tapped while Python starts is the one chosen
    kept = kept_by_page(first)
    assert list(kept) == ["first-game"]  # kept at once, before any move
    first.new_game_button.click()  # no move made yet: no need to ask twice
    assert first.game.seed != 61
    monkeypatch.setenv(VARIABLE, json.dumps(kept_by_page(first)))
    assert GameTable(seed=61, keep="first-game", target=61).game.seed == first.game.seed


def test_a_new_game_is_the_learners_choice_asked_twice(monkeypatch):
    monkeypatch.setenv(VARIABLE, "{}")
    t = GameTable(seed=3, keep="full-game", target=121)
    play(t, 3)
    moves = t.game.moves
    t.new_game_button.click()
    assert t.game.moves == moves and "Press New game again" in t.status_text
    t.new_game_button.click()
    assert t.game.moves != moves and t.game.rules.target == 121
    kept = json.loads(kept_by_page(t)["full-game"])
    assert kept["game"]["moves"] == json.loads(t.to_json())["game"]["moves"]


@pytest.mark.parametrize("kept", ['{"full-game": "{\\"format\\": 1', '{"full-game": 7}', "[", '{"a": ' * 50,
                                  json.dumps({"full-game": '{"tournament": {"set": {"seed": -1}}}'})])
def test_a_damaged_kept_game_is_set_aside_with_one_sentence(monkeypatch, kept):
    monkeypatch.setenv(VARIABLE, kept)
    table, note = restore("full-game", {VARIABLE: kept})
    assert table is None and note.startswith("The game kept in this browser could not be brought back")
    view = GameTable(seed=8, keep="full-game")
    assert view.status_text.startswith("The game kept in this browser could not be brought back")
    assert view.game.moves == () or view.game.phase == "discard"


def test_keep_names_are_short_words():
    assert check_name("full-game") == "full-game"
    for bad in ("", "a b", "x" * 81, 7, "é"):
        with pytest.raises(CribbageError, match="keep must be a short name"):
            check_name(bad)
    with pytest.raises(CribbageError, match="keep must be a short name"):
        GameTable(keep="no spaces")


def test_a_tournament_goes_on_at_the_board_left_with_no_hints(monkeypatch):
    chosen = DuplicateSet(seed=7, deals=3, level="beginner")
    match = chosen.start()
    assert match.table.hint_level == "off" and match.table.advise() is None
    with pytest.raises(CribbageError, match="without hints"):
        match.table.set_hints("show")
    rng = random.Random(1)
    while not match.board_done:
        match.table.run() if match.table.waiting else match.table.move(
            rng.choice(match.table.learner_moves()), confirm=True)
    match.next_board()
    match.table.move(rng.choice(match.table.learner_moves()), confirm=True)
    back = DuplicateMatch.restore(json.loads(json.dumps(match.to_dict())))
    assert back.board == 2 and back.played == match.played
    assert back.table.game.moves == match.table.game.moves
    text = keep_text(match.table, match)
    table, note = restore("t", {VARIABLE: json.dumps({"t": text})})
    assert isinstance(table, DuplicateMatch) and table.board == 2 and note == ""
    edited = match.to_dict()
    edited["played"][0]["points"] += 5
    with pytest.raises(CribbageError, match="the score was changed"):
        DuplicateMatch.restore(edited)


def test_the_tournament_link_reopens_where_the_student_left(monkeypatch):
    from crib_widgets.table.class_tournament import Tournament
    from crib_widgets.table.share import PAGE_LINK_VARIABLE

    tournament = Tournament(DuplicateSet(seed=3, deals=2, level="beginner"), ("Ann",), secret="cd" * 16)
    monkeypatch.setenv(PAGE_LINK_VARIABLE, tournament.link("Ann", "https://example.org/crib/"))
    monkeypatch.setenv(VARIABLE, "{}")
    first = GameTable(seed=2024, shared="page", keep="full-game")
    assert first.hint_button.layout.display == "none" and "with no hints" in first.status_text
    play(first, 40)
    assert first.match.board == 2
    first.options["hints"].value = "show"
    assert first.table.hint_level == "off" and "cannot be changed" in first.status_text
    monkeypatch.setenv(VARIABLE, json.dumps(kept_by_page(first)))
    again = GameTable(seed=2024, shared="page", keep="full-game")
    assert again.match.board == 2 and again.game.moves == first.game.moves
    assert "Welcome back: board 2 goes on where you left it" in again.status_text
    other = Tournament(DuplicateSet(seed=3, deals=2, level="beginner"), ("Ann", "Ben"), secret="cd" * 16)
    monkeypatch.setenv(PAGE_LINK_VARIABLE, other.link("Ben", "https://example.org/crib/"))
    assert GameTable(seed=2024, shared="page", keep="full-game").match.board == 1  # Ben's own boards


def test_the_tournaments_end_points_to_the_download_beside_the_table(monkeypatch):
    from crib_widgets.table.class_tournament import Tournament
    from crib_widgets.table.share import PAGE_LINK_VARIABLE

    tournament = Tournament(DuplicateSet(seed=5, deals=1, level="beginner"), ("Ann",), secret="cd" * 16)
    monkeypatch.setenv(PAGE_LINK_VARIABLE, tournament.link("Ann", "https://example.org/crib/"))
    t = GameTable(seed=2024, shared="page")
    play(t, 40)
    assert t.match.finished and "Press Download the results file, just below" in t.status_text
    assert 'download="results-ann.json"' in t.download_view.value
    assert t.download_view not in t.save_panel.children  # beside the table, not in a closed panel
    t.share_button.click()
    assert "not shared" in t.status_text


def test_a_hostile_save_is_one_sentence_and_the_game_goes_on():
    t = GameTable(seed=4)
    moves = t.game.moves
    for text in ("[" * 100_000 + "]" * 100_000, '{"format": 1e999}', '{"a": "\\ud800"}', "x" * 1_000_001):
        t.save_box.value = text
        t.restore_button.click()
        assert t.status_text.startswith("Could not restore from the text box: this ")
        assert t.status_text.endswith("The current game goes on.") and len(t.status_text) < 300
        assert t.game.moves == moves


def test_a_finished_tournament_kept_comes_back_with_its_results(monkeypatch):
    from crib_widgets.table.class_tournament import Tournament
    from crib_widgets.table.share import PAGE_LINK_VARIABLE

    tournament = Tournament(DuplicateSet(seed=5, deals=1, level="beginner"), ("Ann",), secret="cd" * 16)
    monkeypatch.setenv(PAGE_LINK_VARIABLE, tournament.link("Ann", "https://example.org/crib/"))
    monkeypatch.setenv(VARIABLE, "{}")
    t = GameTable(seed=2024, shared="page", keep="full-game")
    play(t, 40)
    assert t.match.finished
    t.refresh()  # kept once every board is played
    monkeypatch.setenv(VARIABLE, json.dumps(kept_by_page(t)))
    back = GameTable(seed=2024, shared="page", keep="full-game")
    assert back.match.finished and back.match.played == t.match.played
    assert "Press Download the results file, just below" in back.status_text
    assert 'download="results-ann.json"' in back.download_view.value


def test_a_friends_shared_position_never_replaces_the_kept_game(monkeypatch):
    from crib_widgets.table.share import PAGE_LINK_VARIABLE

    monkeypatch.setenv(VARIABLE, "{}")
    mine = GameTable(seed=9, target=121, keep="full-game")
    play(mine, 6)
    kept = kept_by_page(mine)
    monkeypatch.setenv(VARIABLE, json.dumps(kept))
    friend = Table(seed=11, dealer=1)
    monkeypatch.setenv(PAGE_LINK_VARIABLE, friend.share_link("https://example.org/book/15_full_game.html"))
    visiting = GameTable(seed=2024, target=121, shared="page", keep="full-game")
    assert visiting.game.hands[0] == friend.game.hands[0]
    play(visiting, 3)
    assert visiting.game_out.value == ""  # the page keeps nothing from it: the learner's game stays
    monkeypatch.delenv(PAGE_LINK_VARIABLE)
    back = GameTable(seed=2024, target=121, shared="page", keep="full-game")
    assert back.game.moves == mine.game.moves
    visiting.new_game_button.click()
    visiting.new_game_button.click()  # the learner's choice: a new game of their own, kept
    assert kept_by_page(visiting)["full-game"] != kept["full-game"]


def test_a_damaged_shared_link_leaves_the_kept_game_on_the_table(monkeypatch):
    monkeypatch.setenv(VARIABLE, "{}")
    mine = GameTable(seed=9, keep="full-game")
    play(mine, 4)
    monkeypatch.setenv(VARIABLE, json.dumps(kept_by_page(mine)))
    t = GameTable(seed=2024, shared="https://example.org/x.html#crib=c2.AAAA", keep="full-game")
    assert t.game.moves == mine.game.moves and kept_by_page(t) == kept_by_page(mine)
    assert t.status_text.startswith("Could not open the shared position from the link")


def test_the_keeper_headless_keeps_and_brings_back_a_table_and_a_match():
    from crib_widgets.table.keep import Keeper

    keeper = Keeper("full-game")
    t = Table(Rules(target=121), seed=6)
    t.move(t.learner_moves()[0])
    t.run()
    element = keeper.element(t)
    found = re.search(r'data-key="([^"]+)">(.*)</span>', element, re.S)
    environ = {VARIABLE: json.dumps({found.group(1): html.unescape(found.group(2))})}
    back, note = keeper.come_back(environ)
    assert note == "" and back.game.moves == t.game.moves and back.game.rules.target == 121
    assert keeper.come_back({}) == (None, "")  # outside a live page: nothing kept, nothing said
    match = DuplicateSet(seed=2, deals=2, level="beginner").start()
    other = DuplicateSet(seed=3, deals=2, level="beginner").start()
    assert keeper.key(match, "Ann") != keeper.key(match, "Ben") != keeper.key(other, "Ben")
    kept = {VARIABLE: json.dumps({keeper.key(match, "Ann"): keep_text(match.table, match)})}
    assert keeper.match_back(kept, match, "Ann").board == 1
    assert keeper.match_back(kept, match, "Ben") is None and keeper.match_back(kept, other, "Ann") is None
