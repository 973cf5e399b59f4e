"""What each page of a game with a friend says, in players' words (issue 39's leftovers): the
friend's page never says the link maker "has joined" (the maker was there first)."""

from __future__ import annotations

import html

from test_friend_panel import made, relay, small_group  # noqa: F401 (small_group: the autouse fixture)

from crib_widgets.widgets.game_table import GameTable


def test_the_friends_page_says_it_joined_the_makers_game(monkeypatch):
    """Ben's page said "Ann has joined", though Ann made the link and was there first."""
    ann, ben = made(monkeypatch)
    relay(ann, ben)
    assert "Ben has joined" in ann.friend_panel.state_view.value
    words = html.unescape(ben.friend_panel.state_view.value)
    assert "You have joined Ann's game: Ann is here" in words and "Ann has joined" not in words


def test_at_a_table_of_four_a_friends_page_says_the_maker_is_here(monkeypatch):
    ann = GameTable(seed=1, keep="full-game")
    panel = ann.friend_panel
    panel.players.value = 4
    panel.your_name.value, panel.friend_name.value = "Ann", "Ben, Cy, Dee"
    panel.seat_kinds[1].value, panel.seat_kinds[2].value = "computer", "friend"
    panel.make_button.click()
    tables = [ann]
    for device in panel.flow.link.friend_devices:
        monkeypatch.setenv("CRIB_PAGE_LINK", panel.flow.url("https://example.org/15_full_game.html", device))
        tables.append(GameTable(seed=len(tables) + 1, keep="full-game"))
    relay(*tables)
    words = html.unescape(tables[1].friend_panel.state_view.value)
    assert "Ann is here" in words and "Dee has joined" in words and "Ann has joined" not in words
    assert "Ben has joined" in panel.state_view.value
