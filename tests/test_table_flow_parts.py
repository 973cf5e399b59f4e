"""The game table's flow kept headless (issue 40's split of the game table): the files, the pacing,
a new game from the options. Driven without ipywidgets."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from crib_widgets.errors import CribbageError
from crib_widgets.game import Discard
from crib_widgets.table import Table
from crib_widgets.table.files import is_shared_link, load_reason, reader_of_file, save_to_file
from crib_widgets.table.new_game import RULE_OPTIONS, asks_before_leaving, table_from_options
from crib_widgets.table.pacing import check_pace, paced_by_next, read_points

OPTIONS = {"players": 2, "partners": False, "target": 61, "muggins": False, "ten_back": False,
           "lowball": False, "exact_finish": False, "strength": "beginner", "name": "You", "hints": "show",
           "warn_at": 2.0}


def test_a_saved_game_goes_to_the_file_named_and_comes_back(tmp_path):
    table = Table(seed=3)
    path = save_to_file(f"  {tmp_path / 'game.json'} ", table.to_json())
    read, where = reader_of_file(str(path))
    assert where == str(tmp_path / "game.json")
    assert Table.from_json(read()).game.events == table.game.events


@pytest.mark.parametrize("name, said", [
    ("   ", "Type a file name first (for example cribbage-game.json): nothing was saved."),
    ("{dir}", "{dir} is a folder: type a file name inside it. Nothing was saved."),
    ("{dir}/no/such/folder/game.json", "Could not save to {dir}/no/such/folder/game.json: No such file or "
                                       "directory. The game goes on."),
])
def test_a_file_that_cannot_be_saved_is_said_in_one_sentence_and_nothing_is_written(tmp_path, name, said):
    with pytest.raises(CribbageError) as error:
        save_to_file(name.format(dir=tmp_path), "{}")
    assert str(error.value) == said.format(dir=tmp_path)
    assert list(tmp_path.iterdir()) == []


def test_a_blank_file_name_to_load_is_said_and_a_missing_file_gives_the_systems_words(tmp_path):
    with pytest.raises(CribbageError, match="Type the name of a saved game's file first"):
        reader_of_file("")
    read, _ = reader_of_file(str(tmp_path / "none.json"))
    with pytest.raises(OSError) as error:
        read()
    assert load_reason(error.value) == "No such file or directory"
    assert str(load_reason(CribbageError("damaged"))) == "damaged"


def test_a_pasted_share_link_or_code_is_told_from_a_saved_game():
    table = Table(seed=3)
    link = table.share_link("https://example.org/15_full_game.html")
    assert is_shared_link(link) and is_shared_link(link.split("#crib=")[1])
    assert not is_shared_link(table.to_json())


def test_the_pace_by_name_and_when_next_is_pressed():
    assert [paced_by_next(p, n) for p in ("auto", "pause", "next") for n in (2, 4)] == [
        False, True, False, False, True, True]
    with pytest.raises(CribbageError, match="pace 'fast' is not known: choose auto, pause, next"):
        check_pace("fast")


@given(st.text(max_size=6))
def test_typed_points_are_a_whole_number_from_0_to_29_or_nothing(text):
    points = read_points(text)
    assert points is None or (0 <= points <= 29 and int(text.strip()) == points)


def test_a_new_game_from_the_options_and_a_refused_option_says_which():
    table = table_from_options({**OPTIONS, "players": 4, "partners": True}, people="Ann, Ben")
    assert (table.game.rules.players, table.game.rules.partners, table.people) == (4, True, (0, 1))
    assert set(RULE_OPTIONS) <= set(OPTIONS)
    with pytest.raises(CribbageError, match="partners"):
        table_from_options({**OPTIONS, "partners": True})


def test_leaving_a_kept_game_asks_only_once_a_person_has_moved_in_it():
    table = table_from_options(OPTIONS)
    assert not asks_before_leaving(table, kept=True)
    table.move(Discard(0, tuple(table.game.hands[0][:2])), confirm=True)
    assert asks_before_leaving(table, kept=True) and not asks_before_leaving(table, kept=False)


def test_the_controls_a_person_may_use_come_from_their_legal_moves():
    from crib_widgets.game import Answer
    from crib_widgets.table.choices import choices

    answer = choices([Answer(1, "accept"), Answer(1, "muggins", 2)])
    assert (answer.muggins, answer.overcount, answer.go, answer.cards) == (True, False, False, frozenset())
    table = table_from_options(OPTIONS)
    table.move(Discard(0, tuple(table.game.hands[0][:2])), confirm=True)
    table.run()
    assert table.game.phase == "play" and table.learner_moves()  # four cards each: the learner lays one
    assert choices(table.learner_moves()).cards == {m.card for m in table.learner_moves()}


def test_the_pacer_runs_the_computers_steps_at_once_without_an_event_loop_and_waits_for_next():
    from crib_widgets.table.pacing import Pacer

    drawn: list[bool] = []
    table = _computer_leads()
    Pacer("next").run(table, lambda: drawn.append(table.waiting), lambda: None)
    assert drawn == [True] and table.waiting  # three players: their moves wait for Next
    Pacer("pause").run(table, lambda: drawn.append(table.waiting), lambda: None)
    assert not table.waiting and drawn[-1] is False


def test_a_step_scheduled_before_a_new_move_is_dropped():
    import asyncio

    from crib_widgets.table.pacing import PAUSE_SECONDS, Pacer

    async def play() -> tuple[int, int]:
        table = _computer_leads()
        pacer = Pacer("pause")
        pacer.run(table, lambda: None, lambda: None)
        before = len(table.game.events)
        assert table.waiting  # a step is scheduled
        pacer.renew()  # a new game or move: the step scheduled is no longer due
        await asyncio.sleep(PAUSE_SECONDS + 0.3)
        return before, len(table.game.events)

    before, after = asyncio.run(play())
    assert before == after


def _computer_leads() -> Table:
    """Three players, the learner dealing: after the throw, the computer at their left leads."""
    from crib_widgets.game import Rules

    table = Table(Rules(players=3), strength="beginner", seed=1, dealer=0)
    table.move(Discard(0, (table.game.hands[0][0],)), confirm=True)
    return table


def test_a_game_table_s_pace_is_set_as_the_menu_sets_it_and_a_bad_one_refused():
    """The site checks set ``table.pace`` (a property since the split: it had no setter)."""
    import pytest

    from crib_widgets.errors import CribbageError
    from crib_widgets.widgets.game_table import GameTable

    table = GameTable(seed=1)
    table.pace = "next"
    assert table.pace == "next" == table.pacer.pace
    with pytest.raises(CribbageError):
        table.pace = "warp"
    assert table.pace == "next"
