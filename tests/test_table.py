"""The headless `Table`, driven without ipywidgets: whole games for 2, 3 and 4 players and every
variant with a random learner and computer seats; pacing; the show; hints; saving; bad input."""

from __future__ import annotations

import json
import random

import pytest

from crib_widgets.errors import CribbageError
from crib_widgets.game import Announce, Answer, Discard, Game, Go, Play, Rules
from crib_widgets.table import Table

VARIANTS = [
    dict(players=2),
    dict(players=3),
    dict(players=4),
    dict(players=4, partners=True),
    dict(players=2, muggins=True),
    dict(players=3, muggins=True),
    dict(players=4, partners=True, muggins=True),
    dict(players=2, ten_back=True),
    dict(players=3, ten_back=True),
    dict(players=2, lowball=True),
    dict(players=4, lowball=True),
    dict(players=2, exact_finish=True),
    dict(players=4, partners=True, exact_finish=True),
    dict(players=2, muggins=True, ten_back=True),
    dict(players=2, target=121),
]


def ident(options: dict) -> str:
    return "-".join(f"{k}={v}" for k, v in options.items())


def play_randomly(t: Table, rng: random.Random, limit: int = 20_000) -> dict:
    """A learner who picks any legal move; the table paces the computers step by step."""
    seen = {"steps": 0, "auto go": 0, "deals": 0, "moves": 0}
    for _ in range(limit):
        if t.game.is_over:
            return seen
        if t.paused:
            assert t.shown_deal == t.game.deal_number - 1
            assert all(e.kind != "deal" for e in t.shown_events[t.show.end:][:0])
            seen["deals"] += 1
            t.next_deal()
        elif t.waiting:
            changes = t.advance()
            assert changes and changes[0].kind in ("computer", "auto go")
            seen["steps"] += 1
            seen["auto go"] += changes[0].kind == "auto go"
        else:
            moves = t.learner_moves()
            assert moves, "the table waits for nobody"
            assert not (len(moves) == 1 and isinstance(moves[0], Go)), "the learner was made to say go"
            changes = t.move(rng.choice(moves))
            assert changes[0].kind == "moved", changes
            seen["moves"] += 1
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("options", VARIANTS, ids=ident)
def test_a_whole_game_with_a_random_learner(options):
    rules = Rules(**{"target": 61, **options})
    seed = 100 + len(ident(options))
    t = Table(rules, strength=("beginner", "intermediate", "expert")[seed % 3], seed=seed)
    seen = play_randomly(t, random.Random(seed))
    game = t.game
    assert seen["moves"] > 5 and seen["steps"] > 5 and (seen["deals"] >= 1 or game.deal_number == 1)
    assert game.is_over and t.show is not None  # (empty when the game ended in the play)
    if rules.lowball:
        assert game.result.winner != game.result.reached
    replay = Game.from_json(game.to_json())
    assert replay.scores == game.scores and replay.result.text == game.result.text


@pytest.mark.parametrize("options", VARIANTS, ids=ident)
def test_a_whole_game_of_computer_seats(options):
    rules = Rules(**{"target": 61, **options})
    levels = ("beginner", "intermediate", "expert", "intermediate")[: rules.players]
    t = Table(rules, seats=levels, seed=7)
    game = t.play_out()
    assert game.is_over and t.you == 0 and not t.has_learner
    assert Game.from_json(game.to_json()).result.text == game.result.text


def test_computer_moves_come_one_step_at_a_time():
    t = Table(Rules(players=4), strength="beginner", seed=3)
    t.move(Discard(0, t.game.hands[0][:1]))
    lays = 0
    while t.waiting:
        changes = t.advance()
        laid = [e for c in changes for e in c.events if e.kind == "play"]
        assert len(laid) <= 1  # one card a step
        lays += len(laid)
    assert lays >= 1 or t.game.whose_turn == 0


def test_the_learner_waits_for_the_computer_in_the_play():
    t = Table(seed=11, strength="beginner", dealer=0)  # the computer leads
    t.move(Discard(0, t.game.hands[0][:2]))
    assert t.waiting and t.to_move == "Computer"
    card = t.game.hands[0][0]
    change = t.move(Play(0, card))[0]
    assert change.kind == "refused" and "Computer's turn" in change.text
    t.advance()
    assert not t.waiting and t.to_move == "you"


def test_a_forced_go_is_said_for_the_learner_with_a_note():
    found = 0
    for seed in range(40):
        t = Table(Rules(players=3), strength="beginner", seed=seed)
        rng = random.Random(seed)
        while not t.game.is_over and t.game.deal_number < 3:
            if t.paused:
                t.next_deal()
            elif t.waiting:
                was_go = t._only_go()
                changes = t.advance()
                if was_go:
                    found += 1
                    assert changes[0].kind == "auto go" and "says go for you" in changes[0].text
                    assert changes[0].text in t.notes
                    assert any(e.kind == "go" or e.kind == "last card" or e.kind == "peg"
                               or e.kind == "reset" or e.seat == 0 for e in changes[0].events)
            else:
                t.move(rng.choice(t.learner_moves()))
        if found >= 3:
            break
    assert found >= 3


def _play_to_the_show(t: Table, rng: random.Random) -> None:
    """Random learner moves (and the computer's) until the deal's show is up."""
    while not t.paused:
        if t.waiting:
            t.advance()
        else:
            t.move(rng.choice(t.learner_moves()))


def test_the_finished_deal_is_described_while_its_show_is_up():
    t = Table(seed=6, strength="beginner")
    _play_to_the_show(t, random.Random(6))
    assert t.game.deal_number == 2 and t.shown_deal == 1
    assert not any(e.kind == "deal" for e in t.shown_events[t.show.end - 0:])
    assert t.deal_events()[0].kind == "deal" and any(e.kind == "show" for e in t.deal_events())
    assert sum(e.kind == "deal" for e in t.shown_events) == 1
    assert t.learner_moves() == [] and t.move(t.game.legal_moves()[0])[0].kind == "refused"
    step = t.step_show()[0]
    assert step.kind == "show step" and "running total" in step.text and t.show_step == 0
    t.next_deal()
    assert not t.paused and t.shown_deal == 2 and t.game.phase == "discard"


def test_warn_me_holds_a_costly_throw_back_once():
    t = Table(seed=2, strength="beginner", hint_level="warn", warn_at=1.0)
    advice = t.advise()
    worst = advice.options[-1][0]
    first = t.move(Discard(0, worst))[0]
    assert first.kind == "warning" and "gives up" in first.text and t.game.phase == "discard"
    assert t.cost(Discard(0, worst)) > 1.0
    assert t.move(Discard(0, worst))[0].kind == "moved"  # the same move again goes ahead


def test_warn_me_lets_a_good_move_through_and_off_never_warns():
    t = Table(seed=2, hint_level="warn")
    assert t.move(Discard(0, t.advise().best))[0].kind == "moved"
    t = Table(seed=2, hint_level="off")
    assert t.move(Discard(0, t.advise().options[-1][0]))[0].kind == "moved"


def test_advice_in_the_play_names_a_legal_card():
    t = Table(seed=4, strength="beginner")
    t.move(Discard(0, t.advise().best))
    t.run()
    advice = t.advise()
    assert advice.phase == "play" and Play(0, advice.best[0]) in t.learner_moves()
    assert advice.why.endswith(".") and t.cost(Play(0, advice.best[0])) == 0.0


def test_save_and_restore_go_on_identically():
    t = Table(Rules(muggins=True), seed=8, hint_level="warn", warn_at=3)
    rng = random.Random(8)
    for _ in range(12):
        if t.paused:
            t.next_deal()
        elif t.waiting:
            t.advance()
        else:
            t.move(rng.choice(t.learner_moves()), confirm=True)
    text = t.to_json()
    other = Table.from_json(text)
    assert other.game.to_json() == t.game.to_json() and other.seats == t.seats
    assert (other.hint_level, other.warn_at) == ("warn", 3.0)
    for table in (t, other):
        table.run()
    assert other.game.to_json() == t.game.to_json()


def test_a_version_1_save_and_a_bare_game_restore():
    game = Game(seed=5, names=("You", "Computer"))
    old = json.dumps({"format": "crib_widgets.GameTable", "version": 1, "strength": "expert",
                      "game": json.loads(game.to_json())})
    assert Table.from_json(old).seats == ("learner", "expert")
    assert Table.from_json(game.to_json()).game.seed == 5


@pytest.mark.parametrize(("text", "message"), [
    ("", "text is empty"),
    ("not json at all", "not JSON text"),
    ("[1, 2]", "expected a JSON object"),
    (json.dumps({"format": "crib_widgets.GameTable", "strength": "godlike", "game": {}}), "godlike"),
    (json.dumps({"format": "crib_widgets.GameTable", "strength": "expert", "game": 3}), "holds no game"),
    (json.dumps({"format": "crib_widgets.GameTable", "version": 9, "strength": "expert"}), "version 9"),
    (json.dumps({"moves": "garbage"}), "not a saved crib_widgets game"),
])
def test_a_bad_save_is_refused_and_the_table_is_unchanged(text, message):
    t = Table(seed=8)
    t.move(Discard(0, t.game.hands[0][:2]))
    before = (t.game, t.to_json(), t.seats, t.since)
    with pytest.raises(CribbageError, match=message):
        t.load_json(text)
    assert (t.game, t.to_json(), t.seats, t.since) == before


def test_a_save_with_damaged_seats_is_refused():
    t = Table(seed=1)
    data = json.loads(t.to_json())
    data["seats"] = ["learner", "godlike"]
    with pytest.raises(CribbageError, match="seat 'godlike' is not known: a seat is 'person'"):
        t.load_json(json.dumps(data))
    data["seats"] = ["learner", "expert"]
    data["hints"] = {"1": {"level": "show"}}  # seat 1 is a computer's
    with pytest.raises(CribbageError, match="'hints' names seat '1', which is no person's seat"):
        t.load_json(json.dumps(data))
    data["hints"] = {"0": {"level": "loud"}}
    with pytest.raises(CribbageError, match="hint level 'loud'"):
        t.load_json(json.dumps(data))
    del data["hints"]
    data["seats"] = ["learner"]
    with pytest.raises(CribbageError, match="seats must list 2"):
        t.load_json(json.dumps(data))


@pytest.mark.parametrize(("players", "name"), [(2, "Computer"), (2, "computer "), (3, "Left"), (4, "Across")])
def test_a_name_that_clashes_with_a_computer_seat_is_refused(players, name):
    with pytest.raises(CribbageError, match="already a computer seat's name"):
        Table(Rules(players=players), name=name)


def test_bad_options_are_refused_with_what_is_allowed():
    with pytest.raises(CribbageError, match="strength 'godlike' is not known"):
        Table(strength="godlike")
    with pytest.raises(CribbageError, match="hint level 'loud'"):
        Table(hint_level="loud")
    with pytest.raises(CribbageError, match="warn at 0"):
        Table(warn_at=0)
    with pytest.raises(CribbageError, match="name cannot be empty"):
        Table(name="  ")
    with pytest.raises(CribbageError, match="rules must be"):
        Table("2 players")


def test_illegal_and_foreign_moves_are_refused_without_change():
    t = Table(seed=3)
    before = t.game.to_json()
    assert t.move(Discard(1, t.game.hands[1][:2]))[0].kind == "refused"
    assert t.move(Play(0, t.game.hands[0][0]))[0].kind == "refused"
    assert t.move(Announce(0, 3))[0].kind == "refused" and t.move(Answer(0, "accept"))[0].kind == "refused"
    assert t.game.to_json() == before


def test_a_computers_table_cannot_take_moves_or_restores():
    t = Table(seats=("expert", "beginner"), seed=1)
    assert t.move(Discard(0, t.game.hands[0][:2]))[0].kind == "refused"
    with pytest.raises(CribbageError, match="no learner's seat"):
        t.load_json(Table(seed=1).to_json())


def test_every_sentence_says_1_point_not_1_points():
    import re

    wrong = re.compile(r"(?<![\d.])1 (missed )?points\b")
    singular_seen = set()
    for seed in range(12):
        t = Table(Rules(muggins=True, ten_back=seed % 2 == 0), strength="beginner", seed=seed)
        rng = random.Random(seed)
        while not t.game.is_over:
            if t.paused:
                t.next_deal()
            elif t.waiting:
                t.advance()
            else:
                moves = t.learner_moves()
                calls = [m for m in moves if isinstance(m, Answer) and m.kind == "muggins" and m.points == 1]
                t.move(calls[0] if calls and rng.random() < 0.5 else rng.choice(moves[:40]))
        for event in t.game.events:
            assert not wrong.search(event.text), event.text
            if re.search(r"(?<![\d.])1 (missed )?point\b", event.text):
                singular_seen.add(event.kind)
    assert singular_seen  # the singular was met, and said right


def test_the_review_of_a_saved_game_is_the_review_of_the_game():
    t = Table(seed=9, strength="beginner")
    rng = random.Random(9)
    while t.game.deal_number < 3 and not t.game.is_over:
        if t.paused:
            assert t.review_shown().deals == (t.shown_deal,)
            t.next_deal()
        elif t.waiting:
            t.advance()
        else:
            t.move(rng.choice(t.learner_moves()))
    direct = t.review()
    assert t.review() is direct  # asked again for the same moves: not redone
    restored = Table.from_json(t.to_json()).review()
    assert restored.decisions == direct.decisions and restored.verdict == direct.verdict
    assert [d.seat for d in direct.decisions] == [0] * len(direct.decisions) and direct.decisions
    assert Table.from_json(t.game.to_json()).review().decisions == direct.decisions  # a bare game save


# ---- the first view: what to do, not the computers' face-down throws as news ----------------------
@pytest.mark.parametrize("players, dealer, prompt", [
    (2, 0, "Your deal: choose 2 cards for your crib."),
    (2, 1, "Computer's deal: choose 2 cards for Computer's crib."),
    (3, 0, "Your deal: choose 1 card for your crib."),
    (4, 2, "Across' deal: choose 1 card for Across' crib."),
])
def test_a_new_table_says_what_to_do_first(players, dealer, prompt):
    t = Table(Rules(players=players), seed=3, dealer=dealer)
    assert t.game.phase == "discard" and not t.waiting
    # the computers have thrown (face down) but nothing has happened that the learner caused
    assert len(t.game.crib) == (players - 1) * t.game.rules.discards + (players == 3)
    assert t.recent() == ()
    assert t.prompt == prompt


def test_a_new_deal_says_what_to_do_and_not_the_computers_throws():
    t = Table(seed=8, dealer=1)
    _play_to_the_show(t, random.Random(8))
    [change] = t.next_deal()
    assert change.text == f"Deal 2: new cards. {t.prompt}"
    assert t.prompt == "Your deal: choose 2 cards for your crib."
    assert len(t.game.crib) == 2  # the computer threw...
    assert t.recent() == ()  # ...but "just now" has nothing of the learner's making yet


@pytest.mark.parametrize("options", [dict(players=2), dict(players=3, muggins=True),
                                     dict(players=4, partners=True, muggins=True)], ids=ident)
def test_whenever_the_learner_decides_the_table_says_what_to_do(options):
    """Over whole games: a decision always has a prompt, "just now" never reports another seat's
    throw to the crib, and "just now" is empty only before the learner's first move of a deal."""
    t = Table(Rules(**options), seed=21)
    rng = random.Random(21)
    while not t.game.is_over:
        if t.paused:
            t.next_deal()
        elif t.waiting:
            t.advance()
        else:
            assert t.prompt and t.prompt.endswith(".")
            assert all(e.seat == t.you for e in t.recent() if e.kind == "discard")
            t.move(rng.choice(t.learner_moves()))
    assert t.prompt == ""
