"""A hostile peer's messages are refused (issue 39): garbage is refused in one sentence and changes
nothing; a move out of turn, a card not held, a forged deal step, a broken proof, a replayed
message with a changed body or a message changed on the way stops the game in one sentence, and
the game so far is kept as a save."""

from __future__ import annotations

import json
import random

import pytest
from remote_play import GAME, GROUP, make_hub, play

from crib_widgets.game import Game
from crib_widgets.remote.poker import DealKeys
from crib_widgets.remote.session import Session
from crib_widgets.remote.wire import VERSION


def dealt():
    hub = make_hub(2, seed=11)
    hub.settle()
    return hub, hub.sessions[0], hub.sessions[1]


def forge(hostile: Session, victim: Session, kind: str, body: dict) -> None:
    """A message the hostile device makes by hand (numbered and chained as its own), handed to the victim."""
    victim.receive(hostile._mail.compose(kind, body).text)


def held(session: Session, seat: int) -> list[tuple[int, str]]:
    record = session._deals[-1]
    return [(s, format(GROUP.encode(record.known[s].index), "x")) for s in record.in_hand(seat)]


def assert_stopped(victim: Session, words: str) -> None:
    assert victim.stopped is not None and words in victim.stopped, victim.stopped
    assert "\n" not in victim.stopped
    assert Game.from_json(victim.save()) is not None  # the game so far is kept
    assert victim.legal_moves() == []


def discard_both(hub, victim, hostile):
    victim.play(victim.legal_moves()[0])
    hostile.play(hostile.legal_moves()[0])
    hub.settle()


@pytest.mark.parametrize("text", [
    "[" * 100_000 + "]" * 100_000,  # a nesting bomb
    '{"crib": "remote", "v": 1}',  # another version (the one before)
    "not json at all",
    json.dumps({"crib": "remote", "v": VERSION, "game": "0123456789abcdef"}),  # fields missing
    json.dumps({"crib": "remote", "v": VERSION, "game": GAME, "from": 1, "seq": 1, "saw": [0, 0, 0, 0],
                "seen": ["", "", "", ""], "kind": "move",
                "body": {"deal": 1, "move": ["play", 1, 99, "ff"]}}),  # no such slot
    json.dumps({"crib": "remote", "v": VERSION, "game": GAME, "from": 1, "seq": 1, "saw": [0, 0, 0, 0],
                "seen": ["", "", "", ""], "kind": "strip",
                "body": {"deal": 1, "values": [[1, "x" * 600]]}}),  # not a number
])
def test_garbage_is_refused_in_one_sentence_and_changes_nothing(text):
    _, victim, _ = dealt()
    before = json.dumps(victim.to_state())
    victim.receive(text)
    assert victim.stopped is None and len(victim.refused) == 1
    sentence = victim.refused[0]
    assert "\n" not in sentence and len(sentence) < 200
    assert json.dumps(victim.to_state()) == before


def test_a_message_of_another_version_says_both_need_the_same_page():
    _, victim, _ = dealt()
    victim.receive('{"crib": "remote", "v": 1}')
    assert "version 1" in victim.refused[0] and "same page" in victim.refused[0]


def test_a_move_out_of_turn_stops_the_game():
    hub, victim, hostile = dealt()
    discard_both(hub, victim, hostile)
    assert hostile._engine.whose_turn == 1  # the pone leads
    slot, value = held(hostile, 1)[0]
    hostile.play(next(m for m in hostile.legal_moves() if m.card == hostile._deals[-1].known[slot]))
    hub.settle()
    slot, value = held(hostile, 1)[0]
    forge(hostile, victim, "move", {"deal": 1, "move": ["play", 1, slot, value]})
    assert_stopped(victim, "P1's move was refused")


def test_a_card_not_held_stops_the_game():
    hub, victim, hostile = dealt()
    discard_both(hub, victim, hostile)
    slot, value = held(victim, 0)[0]  # the victim's own card
    forge(hostile, victim, "move", {"deal": 1, "move": ["play", 1, slot, value]})
    assert_stopped(victim, "laid a card they do not hold")


def test_claiming_a_card_the_victim_holds_stops_the_game():
    hub, victim, hostile = dealt()
    discard_both(hub, victim, hostile)
    slot = held(hostile, 1)[0][0]
    value = held(victim, 0)[0][1]  # its own slot, but the victim's card
    forge(hostile, victim, "move", {"deal": 1, "move": ["play", 1, slot, value]})
    assert_stopped(victim, "shown twice")


def test_a_forged_deal_step_stops_the_game():
    hub = make_hub(2, seed=12)
    host, victim = hub.sessions
    while not host._deals or 0 not in host._deals[-1].shuffles:
        assert hub.step()
    keys = host._ahead.secrets[1]
    host._ahead.secrets[1] = DealKeys(keys.key + 2, keys.order)  # it takes off a lock it never put on
    hub.settle()
    assert_stopped(victim, "not a card")


def test_a_broken_proof_stops_the_game():
    hub, victim, hostile = dealt()
    keys = hostile._ahead.secrets[1]
    hostile._ahead.secrets[1] = DealKeys(keys.key, tuple(reversed(keys.order)))  # not the shuffle it made
    play(hub, random.Random(3))
    assert_stopped(victim, "proof of deal 1 is broken")
    assert victim.kept_game().moves == ()  # the dishonest deal is not kept


def test_a_replayed_message_with_a_changed_body_stops_the_game():
    _, victim, hostile = dealt()
    join = json.loads(hostile._mail.sent[0].text)
    join["body"]["hello"] = "0" * 64
    victim.receive(json.dumps(join))
    assert_stopped(victim, "other contents")


def test_a_repeated_message_is_ignored():
    _, victim, hostile = dealt()
    before = json.dumps(victim.to_state())
    victim.receive(hostile._mail.sent[-1].text)
    assert victim.stopped is None and not victim.refused
    assert json.dumps(victim.to_state()) == before


def test_a_message_changed_on_the_way_breaks_the_chain():
    hub, victim, hostile = dealt()
    first = [True]

    def tamper(device: int, text: str) -> str:
        data = json.loads(text)
        if device == 0 and data["kind"] == "move" and first[0]:
            first[0] = False
            others = [s for s in hostile._deals[-1].layout.slots_of(1) if s not in data["body"]["move"][2]]
            data["body"]["move"][2] = others[:2]  # two other cards: a valid message, but not the one sent
            return json.dumps(data, sort_keys=True, separators=(",", ":"))
        return text

    hub.tamper = tamper
    play(hub, random.Random(5), moves=12)
    for session in (victim, hostile):  # one finds it out and tells the other, or both do
        assert_stopped(session, "")
        assert "tampered" in session.stopped or "changed on the way" in session.stopped


def test_a_hello_in_another_group_is_refused():
    hub = make_hub(2, seed=4)
    stranger = Session(1, GAME, GROUP.__class__("other", GROUP.p, 64))
    stranger.receive(hub.sessions[0].outbox[0][1])
    assert stranger.stopped is not None and "same page" in stranger.stopped


@pytest.mark.parametrize(("change", "words"), [
    (lambda s: s.update(me=7), "device"),
    (lambda s: s.update(group="weak"), "group"),
    (lambda s: s["secrets"]["1"].update(order=[0] * 52), "secrets"),
    (lambda s: s["log"].insert(1, "{}"), "cannot be taken up again"),
    (lambda s: s["log"].pop(1), "cannot be taken up again"),
    (lambda s: s.pop("log"), "exactly the fields"),
])
def test_a_damaged_kept_game_is_refused_in_one_sentence(change, words):
    from crib_widgets.errors import CribbageError
    from crib_widgets.remote.keep import write_kept

    _, victim, _ = dealt()
    state = victim.to_state()
    change(state)
    with pytest.raises(CribbageError) as caught:
        Session.restore(write_kept(state))
    assert words in str(caught.value) and "\n" not in str(caught.value)


def test_a_nesting_bomb_kept_is_refused():
    from crib_widgets.errors import CribbageError

    with pytest.raises(CribbageError, match="nested"):
        Session.restore("[" * 10_000 + "]" * 10_000)


def test_a_stranger_device_is_refused_not_obeyed():
    _, victim, _ = dealt()
    stranger = Session(3, GAME, GROUP)
    before = json.dumps(victim.to_state())
    victim.receive(stranger._mail.compose("leave", {"why": ""}).text)
    assert victim.stopped is None and "not in this game" in victim.refused[-1]
    assert json.dumps(victim.to_state()) == before


def test_a_device_cannot_speak_in_the_name_of_another():
    hub = make_hub(3, seed=9)
    hub.settle()
    victim, hostile = hub.sessions[0], hub.sessions[2]
    impostor = hub.sessions[1]._mail.sent[-1].text  # device 1's message, sent again by device 2
    before = json.dumps(victim.to_state())
    victim.receive(impostor, came_from=hostile.me)
    assert victim.stopped is None and "in the name of device 1" in victim.refused[-1]
    assert json.dumps(victim.to_state()) == before


def test_a_device_that_tells_two_devices_different_things_is_found_out():
    from crib_widgets.remote.wire import write

    hub = make_hub(3, seed=13)
    hub.settle()
    first, second, hostile = hub.sessions
    slots = hostile._deals[-1].in_hand(2)
    told_first = hostile._mail.compose("move", {"deal": 1, "move": ["discard", 2, [slots[0]]]})
    told_second = write(GAME, 2, told_first.seq, told_first.saw, told_first.seen, "move",
                        {"deal": 1, "move": ["discard", 2, [slots[1]]]})
    first.receive(told_first.text, came_from=2)
    second.receive(told_second, came_from=2)
    assert first.stopped is None and second.stopped is None  # each alone cannot tell
    second.play(second.legal_moves()[0])  # names the discard it took in
    hub.settle()
    assert_stopped(first, "another message from device 2 than this device did")


def test_a_shuffle_of_repeated_cards_stops_the_game():
    from crib_widgets.remote.wire import write

    hub = make_hub(2, seed=14)
    host, victim = hub.sessions
    while not host._deals or 0 not in host._deals[-1].shuffles:
        assert hub.step()
    hub.post()
    hub.flying.clear()  # the host's honest shuffle is lost on the way, and a forged one arrives
    honest = host._mail.sent[-1]
    forged = {"deal": 1, "deck": [honest.body["deck"][0]] * 52}  # one locked card 52 times
    victim.receive(write(GAME, 0, honest.seq, honest.saw, honest.seen, "shuffle", forged), came_from=0)
    assert_stopped(victim, "not 52 different locked cards")


def test_a_move_for_a_seat_of_another_device_stops_the_game():
    _, victim, hostile = dealt()
    slot = victim._deals[-1].in_hand(0)[0]
    forge(hostile, victim, "move", {"deal": 1, "move": ["discard", 0, [slot]]})
    assert_stopped(victim, "moved for a seat that is not theirs")
