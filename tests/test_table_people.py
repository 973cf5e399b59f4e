"""Pass and play: two to four people at one device, any other seats computers, every variant.

The table owns it all: a person's cards are shown only after that person takes the device (in the
discard and the play, and whenever new cards are dealt); the show and the board are public; hints
are each person's own; saving and restoring keeps the people and their hints; the review looks at
any person's decisions. Driven here without ipywidgets."""

from __future__ import annotations

import json
import random

import pytest
from test_table import VARIANTS, ident

from crib_widgets.errors import CribbageError
from crib_widgets.game import Discard, Game, Rules
from crib_widgets.table import Table


def seats_for(rules: Rules, people: int) -> tuple[str, ...]:
    """``people`` person seats spread round the table (partners sit across), the rest beginners."""
    order = [0, 2, 1, 3] if rules.players == 4 else list(range(rules.players))
    chosen = set(order[:people])
    return tuple("person" if s in chosen else "beginner" for s in range(rules.players))


def drive(t: Table, rng: random.Random, *, save_at: int = -1, limit: int = 30_000) -> dict:
    """Play to the end, checking at every step that no person's cards are shown to another."""
    seen = {"passes": 0, "takes": 0, "moves": dict.fromkeys(t.people, 0), "restored": 0}
    holder_saw: int | None = None  # the person whose cards are on the screen now (None: hidden)
    steps = 0
    for _ in range(limit):
        steps += 1
        if steps == save_at:
            t = Table.from_json(t.to_json())
            seen["restored"] += 1
            holder_saw = None
            if len(t.people) > 1 and not t.game.is_over and not t.paused and not t.waiting:
                assert t.passing is not None or t.game.phase in ("announce", "answer")
        game = t.game
        if game.is_over:
            seen["table"] = t
            return seen
        if t.paused:
            t.next_deal()
            holder_saw = None  # the show was on the screen: everyone looked
            continue
        if t.passing is not None:
            name = game.names[t.passing]
            assert t.prompt == f"Pass to {name}: tap when only {name} is looking."
            assert t.learner_moves() == [] and not t.waiting and t.advise() is None
            before = game.to_json()
            move = next(iter(game.legal_moves()))
            assert t.move(move)[0].kind == "refused" and game.to_json() == before
            seen["passes"] += 1
            passed_to = t.passing
            changes = t.take_device()
            assert changes[0].kind == "took device" and t.you == passed_to and t.passing is None
            holder_saw = t.you
            seen["takes"] += 1
            continue
        if t.waiting:
            t.advance()
            continue
        moves = t.learner_moves()
        assert moves, f"the table waits for nobody: {t!r}"
        assert all(m.seat == t.you for m in moves)
        if len(t.people) > 1 and game.phase in ("discard", "play"):
            assert holder_saw == t.you, "a hand was shown before its person took the device"
        holder_saw = t.you if game.phase in ("discard", "play") else holder_saw
        level = t.hints[t.you][0]
        assert t.hint_level == level
        if level == "show" and game.phase in ("discard", "play") and rng.random() < 0.05:
            advice = t.advise()
            assert advice is not None and all(c in game.hands[t.you] for c in advice.best)
        seen["moves"][t.you] += 1
        changes = t.move(rng.choice(moves), confirm=True)
        assert changes[0].kind == "moved", changes
    raise AssertionError("the game did not end")


CASES = [(options, 2) for options in VARIANTS] + [
    (options, 4) for options in VARIANTS if options.get("players") == 4] + [
    (dict(players=3), 3), (dict(players=3, muggins=True), 3)]


@pytest.mark.parametrize(("options", "people"), CASES, ids=[f"{ident(o)}-{n}people" for o, n in CASES])
def test_people_play_whole_games_of_every_variant(options, people):
    rules = Rules(**{"target": 61, **options})
    seed = 300 + len(ident(options)) + people
    hints = {s: ("off", "warn", "show")[i % 3] for i, s in enumerate(
        [s for s, k in enumerate(seats_for(rules, people)) if k == "person"])}
    t = Table(rules, seats=seats_for(rules, people), seed=seed, hints=hints)
    assert len(t.people) == people
    assert t.passing == t._person_due(), "the first hand waits for its person to take the device"
    seen = drive(t, random.Random(seed), save_at=40)
    table = seen["table"]
    game = table.game
    assert game.is_over and seen["restored"] == 1
    assert seen["takes"] >= game.deal_number, "every deal's new cards wait for a person"
    assert all(seen["moves"][s] > 0 for s in table.people), "every person decided"
    assert table.hints == {s: (h, 2.0) for s, h in hints.items()}, "each person keeps their hints"
    replay = Game.from_json(game.to_json())
    assert replay.scores == game.scores and replay.result.text == game.result.text
    if rules.partners and people == 4:
        assert set(table.people) == {0, 1, 2, 3}


def test_names_for_each_seat_and_the_words_that_name_the_person():
    t = Table(Rules(players=3), seats=("person", "expert", "person"), names=("Ann", "Robot", "Ben"), seed=4,
              dealer=1)
    assert t.game.names == ("Ann", "Robot", "Ben") and t.people == (0, 2)
    assert t.passing == 2 and t.prompt == "Pass to Ben: tap when only Ben is looking."  # left of the dealer
    t.take_device()
    assert t.you == 2 and t.prompt.startswith("Ben, it is your turn. Robot's deal: choose 1 card")
    t.move(Discard(2, t.game.hands[2][:1]))
    assert t.passing == 0 and "Pass to Ann" in t.prompt
    assert Table(Rules(players=4), seats=("person",) * 2 + ("beginner",) * 2, seed=1).game.names == (
        "Player 1", "Player 2", "Computer 1", "Computer 2")


@pytest.mark.parametrize(("kwargs", "message"), [
    (dict(seats=("person", "person"), names=("Ann", "ann")), "two seats are both called 'ann'"),
    (dict(seats=("person", "person"), names=("Ann", " ")), "every seat needs a name"),
    (dict(seats=("person", "person"), names=("Ann",)), "names must list 2 names"),
    (dict(seats=("person", "robot")), "seat 'robot' is not known: a seat is 'person'"),
    (dict(seats=("person", "person"), hints={2: "off"}), "hints name seat 2, which is no person's seat"),
    (dict(seats=("person", "expert"), hints={1: "off"}), "hints name seat 1, which is no person's seat"),
    (dict(seats=("person", "person"), hints={1: "loud"}), "hint level 'loud' is not known"),
])
def test_bad_people_options_are_refused_with_what_is_allowed(kwargs, message):
    with pytest.raises(CribbageError, match=message):
        Table(seed=1, **kwargs)


def test_hints_are_each_persons_own():
    t = Table(seats=("person", "person"), names=("Ann", "Ben"), seed=6, dealer=1, hints={1: "off"})
    t.take_device()
    assert t.you == 0 and t.hint_level == "show" and t.advise() is not None
    t.set_hints("warn", 3.0)
    assert t.hints == {0: ("warn", 3.0), 1: ("off", 2.0)}
    t.move(Discard(0, t.game.hands[0][:2]), confirm=True)
    t.take_device()
    assert t.you == 1 and t.hint_level == "off"
    with pytest.raises(CribbageError, match="seat 5 is no person's seat"):
        t.set_hints("show", seat=5)
    assert t.hints == {0: ("warn", 3.0), 1: ("off", 2.0)}


def test_a_saved_pass_and_play_game_restores_hidden_until_taken():
    t = Table(Rules(players=4, partners=True), seats=("person",) * 4, names=("Ann", "Ben", "Cy", "Di"),
              seed=9, hints={2: "off"})
    rng = random.Random(9)
    for _ in range(12):
        if t.passing is not None:
            t.take_device()
        elif t.waiting:
            t.advance()
        else:
            t.move(rng.choice(t.learner_moves()), confirm=True)
    text = t.to_json()
    data = json.loads(text)
    assert data["version"] == 3 and data["seats"] == ["learner"] * 4 and data["hints"]["2"]["level"] == "off"
    back = Table.from_json(text)
    assert back.game.moves == t.game.moves and back.hints == t.hints and back.game.names == t.game.names
    assert back.passing is not None and back.learner_moves() == []
    assert "Pass to" in back.prompt


def test_the_review_covers_each_persons_decisions():
    t = Table(seats=("person", "person"), names=("Ann", "Ben"), seed=2, dealer=0)
    rng = random.Random(2)
    while t.game.deal_number == 1:
        if t.passing is not None:
            t.take_device()
        elif t.waiting:
            t.advance()
        elif t.paused:
            break
        else:
            t.move(rng.choice(t.learner_moves()), confirm=True)
    assert t.paused
    for seat in (0, 1):
        review = t.review_shown(seat=seat)
        assert review.decisions and {d.seat for d in review.decisions} == {seat}
        assert any(d.phase == "discard" for d in review.decisions)
    with pytest.raises(CribbageError, match="seat 7 is not at this table"):
        t.review(seat=7)


def test_a_forced_go_of_a_person_not_holding_the_device_is_said_for_them():
    found = 0
    for seed in range(30):
        t = Table(Rules(players=3), seats=("person", "person", "beginner"), names=("Ann", "Ben", "Cat"),
                  seed=seed)
        rng = random.Random(seed)
        while not t.game.is_over and t.game.deal_number < 3:
            if t.paused:
                t.next_deal()
            elif t.passing is not None:
                t.take_device()
            elif t.waiting:
                due = t._person_due()
                changes = t.advance()
                if changes[0].kind == "auto go" and due != t.you:
                    name = t.game.names[due]
                    assert changes[0].text.startswith(f"{name} cannot lay a card") and f"go for {name}" in \
                        changes[0].text
                    found += 1
            else:
                t.move(rng.choice(t.learner_moves()), confirm=True)
        if found:
            return
    raise AssertionError("no forced go of the other person met")
