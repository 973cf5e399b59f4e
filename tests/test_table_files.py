"""The save panel's work without ipywidgets (table/files.py): a game saved to a file and restored,
a shared position's link made and opened, and every bad input (a blank name, a folder, a damaged
save, a damaged link, a table with nothing to share) one sentence that leaves every file and the
game as they were."""

from __future__ import annotations

from pathlib import Path

import pytest

from crib_widgets.errors import CribbageError
from crib_widgets.game import Discard
from crib_widgets.table import Table
from crib_widgets.table.files import (
    SAVED,
    is_shared_link,
    reader_of_file,
    restored,
    restored_table,
    save_to_file,
    saved_to,
    shared_link,
    shared_table,
)


def _played() -> Table:
    table = Table(seed=8)
    table.move(Discard(0, table.game.hands[0][:2]))
    table.run()
    return table


def _files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file()}


def test_a_game_saved_to_a_file_is_restored_as_it_was(tmp_path):
    table = _played()
    path = save_to_file(f"  {tmp_path / 'game.json'} ", table.to_json())
    assert saved_to(path) == f"Saved to {path}. Load file restores it."
    read, where = reader_of_file(str(path))
    back = restored_table(read, where)
    assert back.game.moves == table.game.moves and back.to_json() == table.to_json()
    assert restored(where).startswith(f"Restored from {where}.") and "Restore" in SAVED


@pytest.mark.parametrize("name, said", [
    ("   ", "Type a file name first"),
    (".", "is a folder: type a file name inside it. Nothing was saved."),
    ("missing-folder/game.json", "Could not save to missing-folder/game.json: No such file or directory"),
])
def test_a_bad_file_name_saves_nothing(tmp_path, monkeypatch, name, said):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "kept.json").write_text("mine", encoding="utf-8")
    before = _files(tmp_path)
    with pytest.raises(CribbageError, match=said) as caught:
        save_to_file(name, _played().to_json())
    assert "\n" not in str(caught.value) and _files(tmp_path) == before


@pytest.mark.parametrize("content, said", [
    (None, "No such file or directory"),
    (b"\xff\xfe not text", "the file is not UTF-8 text: give a file that Save to file wrote"),
    (b"{" * 2_000_001, "the file is larger than 2,000 KB: give a file that Save to file wrote"),
    (b'{"format": 1, "moves": [["discard", 0, ["5H"]]]', "this is not a saved game (not JSON text)"),
])
def test_a_damaged_or_missing_save_is_one_sentence_and_changes_no_file(tmp_path, content, said):
    path = tmp_path / "game.json"
    if content is not None:
        path.write_bytes(content)
    before = _files(tmp_path)
    read, where = reader_of_file(str(path))
    with pytest.raises(CribbageError) as caught:
        restored_table(read, where)
    text = str(caught.value)
    assert text == f"Could not restore from {path}: {said}. The current game goes on."
    assert "\n" not in text and _files(tmp_path) == before


def test_a_shared_position_is_opened_from_its_link_and_a_damaged_link_refused():
    table = _played()
    link, said = shared_link(table, "https://example.org/15_full_game.html")
    assert is_shared_link(link)
    assert said.startswith("The box holds a link to this position: it shows your cards")
    _, bare = shared_link(table, "")
    assert "(add it to the end of the game table page's address)" in bare
    opened, words = shared_table(link, "the link", strength="beginner", hint_level="off")
    assert opened.game.hands[0] == table.game.hands[0] and words.startswith("Opened the shared position: ")
    with pytest.raises(CribbageError) as caught:
        shared_table(link[:-6], "the text box", strength="beginner", hint_level="off")
    assert str(caught.value).startswith("Could not open the shared position from the text box: ")
    assert str(caught.value).endswith("The current game goes on.")


def test_a_table_with_nothing_to_share_yet_says_so():
    passing = Table(seats=("person", "person"), names=("Ann", "Ben"), seed=8)  # the device is being passed
    with pytest.raises(CribbageError) as caught:
        shared_link(passing, "")
    assert str(caught.value) == ("Nothing to share yet: the device is being passed: the person who takes it "
                                 "can share their position.")
