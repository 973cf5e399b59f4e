"""The "Play a friend" panel of the game table (issue 39): it makes the link (text, Copy, QR code),
says the relay and the friend's status, holds the hidden elements the page sends and keeps from;
a friend's page opened from the link joins by itself; two game tables play a whole game drawn as
any game (the friend's cards face down); a friend who leaves: the computer finishes it."""

from __future__ import annotations

import html
import json
import os
import random
import re

import pytest
from friend_play import GROUP, b64, sent

from crib_widgets.table import friend as friend_module
from crib_widgets.table import friend_bridge
from crib_widgets.table.friend_keep import come_back
from crib_widgets.table.friend_table import FriendTable
from crib_widgets.widgets import friend_panel
from crib_widgets.widgets.game_table import GameTable


@pytest.fixture(autouse=True)
def small_group(monkeypatch):
    """The test group (the deal's numbers are small, so a game takes a second)."""
    use_small_group(monkeypatch)


def use_small_group(monkeypatch) -> None:
    """Games with a friend made and joined in the test group, and no page state from another test."""
    make, join = friend_module.FriendGame.make.__func__, friend_module.FriendGame.join.__func__
    monkeypatch.setattr(friend_module.FriendGame, "make",
                        classmethod(lambda cls, **k: make(cls, **{**k, "group": GROUP})))
    monkeypatch.setattr(friend_module.FriendGame, "join",
                        classmethod(lambda cls, code, **k: join(cls, code, **{**k, "group": GROUP})))
    monkeypatch.setattr(friend_panel, "come_back",
                        lambda keep, environ=os.environ: come_back(keep, environ, GROUP))
    monkeypatch.delenv("CRIB_GAMES", raising=False)
    monkeypatch.delenv("CRIB_FRIEND", raising=False)
    monkeypatch.setenv("CRIB_PAGE_LINK", "https://example.org/15_full_game.html")


SENT: dict[tuple, dict[int, int]] = {}


def made(monkeypatch) -> tuple[GameTable, GameTable]:
    ann = GameTable(seed=1, keep="full-game")
    panel = ann.friend_panel
    panel.your_name.value, panel.friend_name.value = "Ann", "Ben"
    panel.make_button.click()
    monkeypatch.setenv("CRIB_PAGE_LINK", panel.flow.url("https://example.org/15_full_game.html"))
    ben = GameTable(seed=2, keep="full-game")
    return ann, ben


def made_three(monkeypatch) -> list[GameTable]:
    """Ann's table of three with two friends (Ben, Cy), each friend's page opened from its own link."""
    ann = GameTable(seed=1, keep="full-game")
    panel = ann.friend_panel
    panel.players.value = 3
    panel.seat_kinds[1].value = "friend"
    panel.your_name.value, panel.friend_name.value = "Ann", "Ben, Cy"
    panel.make_button.click()
    tables = [ann]
    for device in (1, 2):
        monkeypatch.setenv("CRIB_PAGE_LINK", panel.flow.url("https://example.org/15_full_game.html", device))
        tables.append(GameTable(seed=device + 1, keep="full-game"))
    return tables


def reopened(monkeypatch, page: GameTable) -> GameTable:
    """``page`` opened again in this browser (a reload, or a second tab): a new table from what it kept."""
    kept = html.unescape(re.sub(r"<[^>]+>", "", page.friend_panel.kept.value))  # the span's text, as kept
    monkeypatch.setenv("CRIB_GAMES", json.dumps({"full-game-friend": kept}))
    return GameTable(seed=9, keep="full-game")


def relay(*tables: GameTable) -> None:
    """The pages' transport: each new message in a panel's hidden element reaches the other page once."""
    last = SENT.setdefault(tables, {id(t): 0 for t in tables})
    moved = True
    while moved:
        moved = False
        for t in tables:
            flow = t.friend_panel.flow
            for n, text in sent(flow):
                if n > last[id(t)]:
                    last[id(t)], moved = n, True
                    friend_bridge.deliver(flow.room, b64(text))


def take_turn(rng: random.Random, *tables: GameTable) -> None:
    """Someone at one of the pages acts: Continue where it waits, else a move of theirs at random."""
    view = rng.choice(tables)
    if view.table.paused:
        view.continue_button.click()
    elif view.table.learner_moves():
        view._move(rng.choice(view.table.learner_moves()))


def test_the_panel_makes_a_link_with_its_qr_code_and_says_the_relay(monkeypatch):
    ann = GameTable(seed=1, keep="full-game")
    panel = ann.friend_panel
    assert ann.settings.titles[3] == "Play a friend on another device" and panel.flow is None
    assert panel.open_button in ann.children and panel.open_button.description == "Play a friend"
    panel.open_button.click()
    assert ann.settings.selected_index == 3 and "press Make the link" in ann.status_text
    assert panel.make_button.description == "Make the link" and "relay" in panel.relay_input.placeholder
    panel.your_name.value = "Ann"
    panel.relay_input.value = "https://not-a-relay"
    panel.make_button.click()
    assert panel.flow is None and ann.status_text.startswith("No link was made: a relay's address starts")
    panel.relay_input.value = "wss://relay.myschool.org"
    panel.make_button.click()
    link = panel.flow.url("https://example.org/15_full_game.html")
    assert f">{link}</code>" in panel.link_view.value and f'data-link="{link}"' in panel.link_view.value
    assert "Copy the link" in panel.link_view.value
    # drawn as the panel's own buttons (the walk-through saw it unstyled beside them): ipywidgets' button
    copy = re.search(r'<button type="button" class="([^"]*)"[^>]*>Copy the link<', panel.link_view.value)
    looks = {"jupyter-button", "widget-button", "mod-primary", *panel.make_button._dom_classes}
    assert copy and looks <= set(copy[1].split())
    assert 'aria-label="QR code of the link' in panel.link_view.value
    assert "Waiting for Friend to open the link" in panel.state_view.value
    assert "the relay at wss://relay.myschool.org" in panel.state_view.value
    assert panel.out.value.startswith('<pre class="crib-friend-text"')
    assert "crib-friend-out" in panel.out._dom_classes
    assert 'data-key="full-game-friend"' in panel.kept.value and "crib-game-out" in panel.kept._dom_classes
    assert panel.setup.layout.display == "none"


def test_a_link_needs_the_makers_name_and_no_seat_called_you(monkeypatch):
    """The names travel in the link and every device shows them, so a seat called "You" (the link
    maker's name when Your name was left empty) was read on the friend's page as the friend: "You are
    playing You's game", "You has joined", "Your deal" when the link maker dealt (check_friend)."""
    ann = GameTable(seed=1, keep="full-game")
    panel = ann.friend_panel
    panel.make_button.click()
    assert panel.flow is None
    assert ann.status_text == ("No link was made: type your name in Your name first: your friend's page "
                               "shows it, so each of you sees who is who.")
    for mine, theirs in (("you", "Ben"), ("Ann", " YOU ")):
        panel.your_name.value, panel.friend_name.value = mine, theirs
        panel.make_button.click()
        assert panel.flow is None and ann.status_text.startswith('No link was made: "You" cannot be a name')
    panel.friend_name.value = ""
    panel.make_button.click()
    assert panel.flow.link.names == ("Ann", "Friend")
    monkeypatch.setenv("CRIB_PAGE_LINK", panel.flow.url("https://example.org/15_full_game.html"))
    ben = GameTable(seed=2, keep="full-game")
    relay(ann, ben)
    assert "You are playing Ann's game to 61 from the link Ann sent you." in ben.friend_panel.link_view.value
    game = ben.table.game
    assert "You" not in ben.friend_panel.flow.link.names and ben.table.you == 1
    assert game.names == ("Ann", "You")  # Ben's table calls him "You", as a game against the computer does
    dealer = "Your deal" if game.dealer == 1 else "Ann's deal"
    assert dealer in ben.status_text or dealer in ben.table.prompt


def test_two_game_tables_play_a_whole_game(monkeypatch):
    ann, ben = made(monkeypatch)
    assert ben.friend_panel.flow is not None and ben.settings.selected_index == 3
    assert "You are playing Ann's game to 61" in ben.friend_panel.link_view.value
    relay(ann, ben)
    assert isinstance(ann.table, FriendTable) and isinstance(ben.table, FriendTable)
    assert "Ben has joined" in ann.friend_panel.state_view.value
    assert "face down" in ann.seats_view.value and "Ben" in ann.seats_view.value
    rng = random.Random(3)
    for _ in range(3000):
        relay(ann, ben)
        if ann.table.game.is_over and ben.table.game.is_over:
            break
        view = rng.choice([ann, ben])
        if view.table.paused:
            view.continue_button.click()
        elif view.table.learner_moves():
            view._move(rng.choice(view.table.learner_moves()))
        elif view.table.friend_to_move:
            assert view.status_text.startswith("Waiting for")
    assert ann.table.game.scores == ben.table.game.scores and max(ann.table.game.scores) >= 61
    assert ann.status_text.startswith("Game over") and ben.status_text.startswith("Game over")
    assert "&quot;friend&quot;" not in ann.game_out.value  # a friend's game is never kept as the table's own


def test_a_friend_who_leaves_and_the_computer_finishes(monkeypatch):
    ann, ben = made(monkeypatch)
    relay(ann, ben)
    friend_bridge.peer(ann.friend_panel.flow.room, "left")
    panel = ann.friend_panel
    assert "Ben has left the game" in panel.state_view.value and panel.after_row.layout.display is None
    assert "deal: choose 2 cards" in ann.status_text  # her turn still said
    ann._move(ann.table.learner_moves()[0])  # once it is Ben's move, the status line says he left
    assert ann.status_text == panel.flow.left_words()  # one wording, wherever it is said
    assert ann.status_text.startswith("Ben has left the game: you can wait")
    refused = ann.table.move(ann.table.game.legal_moves()[0])  # Ben's move: refused in the same words
    assert refused[0].text == panel.flow.left_words() and not refused[0].text.endswith("..")
    panel.save_button.click()
    assert '"format"' in ann.save_box.value and ann.settings.selected_index == 2
    panel.computer_button.click()
    assert not isinstance(ann.table, FriendTable) and ann.table.people == (0,)
    assert ann.status_text == "The computer takes Ben's seat: play on."
    kept = panel.kept.value.replace("&quot;", '"')
    assert panel.out.value == "" and f'{{"v": 1, "done": true, "room": "{panel.flow.room}"}}' in kept
    game = ann.table.play_out_people(lambda t, moves: random.Random(1).choice(moves))
    assert game.is_over


def test_at_the_end_review_and_the_score_race_answer(monkeypatch):
    ann, ben = made(monkeypatch)
    rng = random.Random(5)
    for _ in range(3000):
        relay(ann, ben)
        if ann.table.game.is_over and ben.table.game.is_over:
            break
        take_turn(rng, ann, ben)
    relay(ann, ben)  # the last proofs: every deal shown honest
    for view in (ann, ben):
        assert view.table.whole and view.table.game.deal_number > 1  # the whole game, every deal
        mine, anns = json.loads(view.table.game.to_json()), json.loads(ann.table.game.to_json())
        assert mine.pop("names") == (["You", "Ben"] if view is ann else ["Ann", "You"])  # each its "You"
        assert mine == {k: v for k, v in anns.items() if k != "names"}  # the same game
        view.review_button.click()
        view.plot_button.click()
        assert view.review_view.value or view.status_text.startswith("No review yet")
        assert "<svg" in view.figure_view.value


def test_a_new_game_here_leaves_the_friends_game_waiting_until_asked_back(monkeypatch):
    ann, ben = made(monkeypatch)
    relay(ann, ben)
    ann.new_game_button.click()
    ann.new_game_button.click()  # a kept game asks once before it is left
    assert not isinstance(ann.table, FriendTable)
    assert ann.friend_panel.back_button.layout.display is None
    ben._move(ben.table.learner_moves()[0])
    relay(ann, ben)
    assert not isinstance(ann.table, FriendTable)  # Ben's move does not take the table back
    panel = ann.friend_panel
    assert panel.back_button.layout.display is None
    assert panel.back_button.description == "Back to the game with Ben"
    panel.back_button.click()
    assert isinstance(ann.table, FriendTable) and ann.table.flow is panel.flow


def test_a_reloaded_page_brings_the_game_with_the_friend_back(monkeypatch):
    ann, ben = made(monkeypatch)
    rng = random.Random(8)
    for _ in range(25):
        relay(ann, ben)
        take_turn(rng, ann, ben)
    relay(ann, ben)
    before = ben.table.game.hands[1], ben.table.game.scores, ben.table.number
    again = reopened(monkeypatch, ben)  # the same page, reloaded (its address still has the link)
    assert isinstance(again.table, FriendTable) and again.settings.selected_index == 3
    assert (again.table.game.hands[1], again.table.game.scores, again.table.number) == before
    assert again.friend_panel.flow.count == ben.friend_panel.flow.count + 1  # it asks for what it missed
    SENT[(ann, again)] = {id(ann): SENT[(ann, ben)][id(ann)], id(again): 0}
    for _ in range(3000):
        relay(ann, again)
        if ann.table.game.is_over and again.table.game.is_over:
            break
        take_turn(rng, ann, again)
    assert ann.table.game.is_over and again.table.game.scores == ann.table.game.scores


def test_a_page_reloaded_at_a_show_shows_the_same_show(monkeypatch):
    """A show left up at a reload came back as the next deal (the page kept no show)."""
    ann, ben = made(monkeypatch)
    rng = random.Random(3)
    for _ in range(400):
        relay(ann, ben)
        if ben.table.paused and ann.table.paused:
            break
        for view in (ann, ben):
            if view.table.learner_moves() and not view.table.paused:
                view._move(rng.choice(view.table.learner_moves()))
    relay(ann, ben)  # Ann's page deals the next deal meanwhile: Ben's show stays up
    assert ben.table.paused and ben.table.number == 1 and ben.friend_panel.flow.session.played[0] == 2
    shown = ben.show_view.value
    kept = html.unescape(re.sub(r"<[^>]+>", "", ben.friend_panel.kept.value))
    assert json.loads(kept)["show"] == 1
    again = reopened(monkeypatch, ben)
    assert isinstance(again.table, FriendTable) and again.table.paused and again.table.number == 1
    def words(show: str) -> list[str]:  # the crib's cards may come in another order (kept by seat)
        return sorted(html.unescape(re.sub(r"<[^>]+>", " ", show)).split())

    assert words(again.show_view.value) == words(shown) and "The show of deal 1" in again.show_view.value
    again.continue_button.click()  # Next deal: the deal dealt meanwhile
    assert not again.table.paused and again.table.number == 2 and again.table.learner_moves()
    kept = html.unescape(re.sub(r"<[^>]+>", "", again.friend_panel.kept.value))
    assert "show" not in json.loads(kept)


def test_a_damaged_kept_game_or_link_is_one_sentence_and_the_table_plays(monkeypatch):
    monkeypatch.setenv("CRIB_GAMES", json.dumps({"full-game-friend": '{"v": 1}'}))
    monkeypatch.setenv("CRIB_FRIEND", "not-a-link")
    table = GameTable(seed=9, keep="full-game")
    assert table.friend_panel.flow is None and not isinstance(table.table, FriendTable)
    said = table.status_text
    assert said.startswith("The game with a friend kept in this browser could not be brought back")
    assert "This friend's link is damaged" in table.status_text and table.table.learner_moves()


def test_only_the_pages_kept_table_opens_the_link(monkeypatch):
    ann, ben = made(monkeypatch)
    other = GameTable(people=("Cy", "Di"), seed=7)  # chapter 15's pass-and-play table, on the same page
    assert other.friend_panel.flow is None and ben.friend_panel.flow is not None
    assert friend_bridge.games(ben.friend_panel.flow.room) == [ann.friend_panel.flow, ben.friend_panel.flow]


def test_leaving_a_game_lets_a_new_link_be_made(monkeypatch):
    ann, ben = made(monkeypatch)
    relay(ann, ben)
    panel, first = ann.friend_panel, ann.friend_panel.flow
    assert panel.end_button.layout.display != "none" and panel.after_row.layout.display is None
    panel.end_button.click()
    assert ann.status_text.startswith("You left the game with Ben. Make a new link")
    assert panel.setup.layout.display is None and panel.out.value == ""
    assert friend_bridge.games(first.room) == [ben.friend_panel.flow]
    refused = ann.table.move(ann.table.game.legal_moves()[0])
    assert refused[0].text == "You left the game with Ben: press New game to play another."
    ann.refresh()
    assert ann.status_text in ("You left the game with Ben: press New game to play another.", "")
    assert "Waiting for" not in ann.status_text
    relay(ann, ben)
    assert ben.friend_panel.flow.status == "left"
    panel.make_button.click()
    assert panel.flow is not first and panel.flow.room != first.room and panel.out.value


def test_random_clicks_on_the_panel_and_the_table_of_a_friends_game(monkeypatch, tmp_path):
    from test_widgets_fuzz import fuzz

    ann, ben = made(monkeypatch)
    ann.file_input.value = ben.file_input.value = str(tmp_path / "fuzz.json")
    rng = random.Random(4)
    for _ in range(30):  # clicks anywhere on both pages, the messages passed between them
        for view in (ann, ben):
            fuzz(view, rng, 10, skip={view.new_game_button, view.people_button, *view.options.values()})
        relay(ann, ben)
        for view in (ann, ben):
            assert view.status_text
            t = view.table
            if isinstance(t, FriendTable):  # the session's deal, its show, or the whole game
                assert t.game is t.flow.session.played[1] or t.whole or t.paused
    flows = [v.friend_panel.flow for v in (ann, ben)]
    assert not any(f.stopped for f in flows), [f.stopped for f in flows]  # clicks never break the game


def test_a_table_of_four_partners_with_a_computer_seat_makes_a_link_for_each_friend(monkeypatch):
    ann = GameTable(seed=1, keep="full-game")
    panel = ann.friend_panel
    assert panel.seats_box.layout.display == "none" and panel.seats() == ("here", "friend")
    panel.players.value = 4
    assert panel.seats_box.layout.display is None and panel.friend_name.description == "Others' names"
    panel.seat_kinds[1].value = "computer"
    panel.seat_kinds[2].value = "friend"
    panel.your_name.value, panel.friend_name.value = "Ann", "Ben, , Dee"
    assert panel.names() == ("Ann", "Ben", "Computer 3", "Dee")
    panel.make_button.click()
    flow = panel.flow
    urls = [flow.url("https://example.org/15_full_game.html", d) for d in (1, 2)]
    assert all(f">{u}</code>" in panel.link_view.value for u in urls)
    assert panel.link_view.value.count('aria-label="QR code of the link') == 2
    assert "The link for Ben:" in panel.link_view.value and "The link for Dee:" in panel.link_view.value
    assert "Waiting for Ben to open the link" in panel.state_view.value
    assert "Waiting for Dee to open the link" in panel.state_view.value
    tables = [ann]
    for url in urls:
        monkeypatch.setenv("CRIB_PAGE_LINK", url)
        tables.append(GameTable(seed=len(tables) + 1, keep="full-game"))
    relay(*tables)
    assert all(isinstance(t.table, FriendTable) for t in tables)
    assert "Ben has joined" in panel.state_view.value and "Dee has joined" in panel.state_view.value
    rng = random.Random(4)
    for _ in range(6000):
        relay(*tables)
        if all(t.table.game.is_over for t in tables):
            break
        take_turn(rng, *tables)
    assert len({t.table.game.scores for t in tables}) == 1 and max(ann.table.game.scores) >= 61
    assert all(t.status_text.startswith("Game over") for t in tables)


def test_at_a_table_of_three_a_friend_who_leaves_is_named_and_the_computer_finishes(monkeypatch):
    tables = made_three(monkeypatch)
    ann, panel = tables[0], tables[0].friend_panel
    relay(*tables)
    assert all(isinstance(t.table, FriendTable) for t in tables)
    said = tables[2].friend_panel.link_view.value
    assert "You are playing Ann's game to 61, with Ben from the link Ann sent you" in said
    tables[2].friend_panel.end_button.click()  # Cy leaves
    relay(*tables)
    assert "Cy has left the game" in panel.state_view.value and "Ben has joined" in panel.state_view.value
    assert ann.status_text.startswith("Cy has left the game, and this deal cannot go on without Cy's device: "
                                      "only it unlocks Cy's cards. You can finish the game here against")
    panel.computer_button.click()
    assert not isinstance(ann.table, FriendTable) and ann.table.people == (0,)
    assert ann.status_text == "The computer takes the other seats: play on."
    assert ann.table.play_out_people(lambda t, moves: random.Random(1).choice(moves)).is_over
