"""The "Swap two codes" route of the "Play a friend" panel (widgets/friend_codes_box.py): two game
tables, no relay; one shows its code, the other types it and shows its own, the first types that; the
first deal comes to both tables. The page (making and reading the codes, the channel) is played here
as lib/friend.js over lib/friend_direct.js plays it."""

from __future__ import annotations

import html
import json
import re

from friend_play import b64
from test_friend_panel import small_group  # noqa: F401 (small_group: the autouse fixture)

from crib_widgets.table import friend_bridge
from crib_widgets.table.friend_join import CodesJoin
from crib_widgets.table.friend_table import FriendTable
from crib_widgets.widgets.game_table import GameTable

OFFER = "80C5 1260 Z4RP K8ET 2958 5EQK 5DHS QN0C 8HYB 9V95 BPAW W1HY ETQE 0S"
ANSWER = "D00R 7H87 8T4C M32F J79H AN4P V0D5 V7Z1 4DHA 9SH8 DEPY YCBG PBT3 CW00 020B NKWM"
_PRE = re.compile(r'<pre class="crib-friend-text" data-room="(?P<room>[A-Za-z0-9_-]+)" data-relay="" '
                  r'data-codes="(?P<codes>make|take)" data-typed="(?P<typed>[^"]*)" data-n="[0-9]+">'
                  r"(?P<json>.*)</pre>", re.S)

def element(table: GameTable) -> dict:
    found = _PRE.fullmatch(table.friend_panel.out.value)
    assert found is not None, table.friend_panel.out.value[:300]
    return {"room": found["room"], "codes": found["codes"], "typed": html.unescape(found["typed"]),
            "messages": json.loads(html.unescape(found["json"]))}


def shown(widget) -> bool:
    return widget.layout.display != "none"


def channel(*tables: GameTable) -> None:
    """The channel is open: each page's new messages reach the other (the maker's link first)."""
    last = {id(t): -1 for t in tables}
    for t in tables:
        friend_bridge.peer(element(t)["room"], "joined")
    moved = True
    while moved:
        moved = False
        for t, other in (tables, tables[::-1]):
            new = [(n, text) for n, text in element(t)["messages"] if n > last[id(t)]]
            for n, text in new:
                last[id(t)] = n
                assert friend_bridge.deliver(element(other)["room"], b64(text)) == ""
                moved = True


def test_two_tables_swap_two_codes_and_the_first_deal_comes_to_both(monkeypatch):
    ann, ben = GameTable(seed=1, keep="full-game"), GameTable(seed=2, keep="full-game")
    a, b = ann.friend_panel, ben.friend_panel
    box = a.codes_box
    assert shown(box.route_row) and box.route_button.description == "Swap two codes instead"
    assert "No relay reaches your friend?" in box.route_row.children[0].value
    assert not shown(box.steps) and not shown(box.show_button)
    box.route_button.click()
    assert shown(box.steps) and "same Wi-Fi" in html.unescape(box.steps.value) and shown(box.show_button)
    box.show_button.click()  # no name typed: no code, said under the button
    assert a.flow is None and "No code was made: type your name" in a.make_note.value
    a.your_name.value, a.friend_name.value = "Ann", "Ben"
    box.show_button.click()
    assert a.flow is not None and a.flow.codes == "make" and element(ann)["codes"] == "make"
    assert a.link_view.value == "" and "crib-friend-url" not in a.link_view.value  # no link to send
    assert "Making this page's code" in html.unescape(box.code_view.value)
    assert "Waiting for Ben's device: swap the two codes below" in html.unescape(a.state_view.value)
    assert "No relay: the two devices talk directly" in html.unescape(a.state_view.value)
    friend_bridge.codes_shown(element(ann)["room"], OFFER)
    assert OFFER in html.unescape(box.code_view.value) and "Use the code" in box.code_view.value
    # Ben: the route, the code typed (with a mistake the page finds first), his page's own code
    bbox = b.codes_box
    bbox.route_button.click()
    bbox.code_input.value = "7K2M\x07"
    bbox.use_button.click()
    assert b.joining is None and "not an invisible character" in html.unescape(bbox.note.value)
    bbox.code_input.value = OFFER.lower()
    bbox.use_button.click()
    assert isinstance(b.joining, CodesJoin) and bbox.code_input.value == ""
    assert element(ben)["codes"] == "take" and element(ben)["typed"] == OFFER.lower()
    friend_bridge.codes_failed(element(ben)["room"], "This code has a mistake in it: check it.")
    assert "This code has a mistake in it" in html.unescape(bbox.code_view.value)
    assert "making its own code" not in bbox.code_view.value
    bbox.code_input.value = OFFER
    bbox.use_button.click()
    friend_bridge.codes_shown(element(ben)["room"], ANSWER)
    assert ANSWER in html.unescape(bbox.code_view.value)
    assert "Type it on your friend's device" in html.unescape(bbox.code_view.value)
    # Ann types Ben's code; the channel opens; the game starts on both tables
    box.code_input.value = ANSWER
    box.use_button.click()
    assert element(ann)["typed"] == ANSWER
    channel(ann, ben)
    assert b.joining is None and b.flow is not None and b.flow.codes == "take"
    assert isinstance(ann.table, FriendTable) and isinstance(ben.table, FriendTable)
    assert ann.table.flow is a.flow and ben.table.flow is b.flow
    assert not shown(box.type_row) and not shown(bbox.type_row) and box.code_view.value == ""
    assert b.flow.link.names == ("Ann", "Ben")
    assert ann.settings.selected_index is None and ben.settings.selected_index is None  # folded: dealt
    # Ben's page loses the channel (his phone slept): his panel opens, its box asks for Ann's new code
    friend_bridge.peer(element(ben)["room"], "left")
    assert ben.settings.selected_index == 3
    assert "swap a new pair of codes under Play a friend on another device" in b.flow.left_words()
    assert shown(bbox.type_row)
    assert "Type the code Ann's page shows now" in html.unescape(bbox.code_view.value)
    assert "swap a new pair of codes below" in html.unescape(b.state_view.value)
    # Ben's page reloaded: its game comes back, the deal on the table, the panel open for the codes
    monkeypatch.setenv("CRIB_GAMES", json.dumps({b.keep: b.flow.keep_text()}))
    again = GameTable(seed=3, keep="full-game")
    panel = again.friend_panel
    assert panel.flow is not None and panel.flow.codes == "take" and isinstance(again.table, FriendTable)
    assert again.settings.selected_index == 3 and shown(panel.codes_box.type_row)
    assert element(again)["codes"] == "take" and element(again)["typed"] == ""


def test_while_a_game_with_a_link_goes_on_the_route_is_hidden_and_its_buttons_do_nothing():
    ann = GameTable(seed=1, keep="full-game")
    a = ann.friend_panel
    a.codes_box.route_button.click()
    a.your_name.value, a.friend_name.value = "Ann", "Ben"
    a.make_button.click()
    flow, box = a.flow, a.codes_box
    assert not any(shown(w) for w in (box.route_row, box.steps, box.show_button, box.type_row))
    box.code_input.value = OFFER
    box.use_button.click()
    box.show_button.click()
    assert a.flow is flow and a.joining is None and not flow.codes


def test_codes_are_for_two_seats():
    ann = GameTable(seed=1, keep="full-game")
    a = ann.friend_panel
    a.your_name.value, a.friend_name.value = "Ann", "Ben, Cy"
    a.players.value = 3
    a.codes_box.route_button.click()
    a.codes_box.show_button.click()
    assert a.flow is None and "codes swapped by hand join two devices" in a.make_note.value


def test_chapter_15_names_the_route_and_its_buttons_as_the_panel_does():
    from pathlib import Path

    book = Path(__file__).resolve().parent.parent / "book" / "15_full_game.ipynb"
    text = " ".join("".join(c["source"]) for c in json.loads(book.read_text(encoding="utf-8"))["cells"]
                    if c["cell_type"] == "markdown")
    text = " ".join(text.split())
    box = GameTable(seed=1, keep="full-game").friend_panel.codes_box
    for label in (box.route_button.description, box.show_button.description, box.code_input.description,
                  box.use_button.description):
        assert f"**{label}**" in text, label
