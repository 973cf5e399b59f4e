"""What each page of a game with a friend says, in players' words (issue 39's leftovers): the
friend's page never says the link maker "has joined" (the maker was there first); a game stopped
by a message changed on the way, a forged or forbidden move, a dishonest deal or a link for another
game is said in one plain sentence ("A message from Ben's device was changed on the way, so the
game is stopped here; the game so far is kept."), never "body", "hash" or "proof"."""

from __future__ import annotations

import html
import json
import random

from friend_play import GROUP, b64, pair, play, sent
from test_friend_panel import made, relay, small_group  # noqa: F401 (small_group: the autouse fixture)

from crib_widgets.table import friend_bridge
from crib_widgets.table.friend import FriendGame
from crib_widgets.table.friend_stops import STOPS, stop_sentence
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


JARGON = ("body", "hash", "proof", "vector", "tamper", "device 0", "device 1", "seq", "wire", "slot", "lock")
KEPT = ", so the game is stopped here; the game so far is kept."


def plain(sentence: str) -> bool:
    return sentence.endswith(KEPT) and not any(word in sentence.lower() for word in JARGON)


def test_every_sentence_of_a_stopped_game_is_in_players_words():
    assert all(plain(stop_sentence(cause, "Ben's device")) for cause in STOPS)
    assert plain(stop_sentence("changed")) and stop_sentence("no such cause") == stop_sentence("unfair")


def _dealt(seed: int):
    hub, ann, ben = pair(seed=seed)
    hub.settle()
    return hub, ann, ben


def _held(game, seat: int) -> list[tuple[int, str]]:
    record = game.session._deals[-1]
    return [(s, format(game.session.group.encode(record.known[s].index), "x")) for s in record.in_hand(seat)]


def _forge(hostile, victim, kind: str, body: dict) -> str:
    return victim.deliver(hostile.session._mail.compose(kind, body).text)


def _discard_both(hub, ann, ben) -> None:
    for game in (ann, ben):
        game.play(game.legal_moves()[0])
    hub.settle()


def test_a_message_changed_on_the_way_is_said_in_players_words_on_both_devices():
    """It read "The game stopped: a message arrived again with a changed body: it was tampered with."."""
    hub, ann, ben = _dealt(10)
    play(hub, random.Random(10), moves=6)
    hub.settle()
    own = [t for _, t in sent(ben) if json.loads(t)["seq"]]
    changed = json.loads(own[-1])
    changed["body"], changed["kind"] = {"why": ""}, "leave"
    said = friend_bridge.deliver(ann.room, b64(json.dumps(changed, sort_keys=True, separators=(",", ":"))))
    assert said == ann.stopped == ("A message from Ben's device was changed on the way, so the game is "
                                   "stopped here; the game so far is kept.")
    hub.settle()
    assert ben.stopped == ("Ann's device found something wrong and stopped the game, so the game is stopped "
                           "here; the game so far is kept.")


def test_a_card_not_held_a_move_out_of_turn_and_a_dishonest_deal_are_said_in_players_words():
    hub, ann, ben = _dealt(4)
    _discard_both(hub, ann, ben)
    slot, value = _held(ann, 0)[0]  # Ann's own card, laid by Ben
    assert _forge(ben, ann, "move", {"deal": 1, "move": ["play", 1, slot, value]}) == stop_sentence(
        "unfair", "Ben's device")
    hub, ann, ben = _dealt(4)
    _discard_both(hub, ann, ben)
    slot = _held(ben, 1)[0][0]
    value = _held(ann, 0)[0][1]  # Ben's slot, but one of Ann's cards
    assert _forge(ben, ann, "move", {"deal": 1, "move": ["play", 1, slot, value]}) == stop_sentence(
        "dishonest", "Ben's device")
    assert ann.stopped.startswith("The cards Ben's device dealt do not check out") and plain(ann.stopped)


def test_a_move_the_rules_forbid_is_said_in_players_words():
    hub, ann, ben = _dealt(4)
    _discard_both(hub, ann, ben)
    session = ben.session
    leader = session._engine.whose_turn
    mover, victim = (ben, ann) if leader == 1 else (ann, ben)
    seat = 1 if mover is ben else 0
    card = mover.legal_moves()[0]
    mover.play(card)
    hub.settle()
    slot, value = _held(mover, seat)[0]  # a second card before the other has laid one
    said = _forge(mover, victim, "move", {"deal": 1, "move": ["play", seat, slot, value]})
    who = "Ben" if mover is ben else "Ann"
    assert said == victim.stopped == stop_sentence("refused", f"{who}'s device") and plain(said)


def test_a_link_offering_another_game_is_said_in_players_words():
    ann = FriendGame.make(target=121, names=("Ann", "Ben"), group=GROUP, dealer=0)
    other = FriendGame.make(target=61, names=("Ann", "Ben"), group=GROUP, dealer=0)
    ben = FriendGame.join(other.link.code, group=GROUP)
    hello = json.loads(sent(ann)[0][1])
    hello["game"] = ben.session.game
    ben.deliver(json.dumps(hello, sort_keys=True, separators=(",", ":")))
    assert ben.stopped == ("The game Ann's page offered is not the game in the link, so the game is stopped "
                           "here; the game so far is kept.")
