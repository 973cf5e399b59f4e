"""Saving and restoring: to_json is deterministic, from_json replays to the identical state."""

from __future__ import annotations

import json
import random

import pytest

from crib_widgets.errors import CribbageError
from crib_widgets.game import Game, Rules, run_script, scenario


def state(game: Game):
    return (game.rules, game.seed, game.names, game.phase, game.whose_turn, game.dealer, game.deal_number,
            game.hands, game.kept, game.crib, game.starter, game.pile, game.count, game.played, game.undealt,
            game.scores, game.pegs, game.result, game.counting, game.moves,
            [(e.kind, e.text, e.seat, e.side, e.points, e.cards) for e in game.events])


def random_moves(game: Game, n: int, rng: random.Random) -> None:
    for _ in range(n):
        if game.is_over:
            return
        game.apply(rng.choice(game.legal_moves()))


@pytest.mark.parametrize("rules", [Rules(), Rules(players=3, muggins=True, ten_back=True),
                                   Rules(players=4, partners=True, target=61, exact_finish=True),
                                   Rules(players=4, lowball=True, muggins=True)])
def test_restoring_replays_to_the_identical_state_and_the_same_future(rules):
    rng = random.Random(7)
    game = Game(rules, seed=12, names=None)
    for _ in range(6):
        random_moves(game, rng.randrange(1, 60), rng)
        copy = Game.from_json(game.to_json())
        assert state(copy) == state(game)
        assert copy.to_json() == game.to_json()
    future = random.Random(3)
    twin = Game.from_json(game.to_json())
    random_moves(game, 10_000, future)
    random_moves(twin, 10_000, random.Random(3))
    assert state(twin) == state(game) and game.is_over


def test_to_json_is_deterministic_equal_games_give_equal_text():
    a = Game(seed=5, dealer=1, names=("Ann", "Ben"))
    b = Game(seed=5, dealer=1, names=("Ann", "Ben"))
    for game in (a, b):
        random_moves(game, 40, random.Random(1))
    assert a.to_json() == b.to_json()
    data = json.loads(a.to_json())
    assert data["format"] == "crib_widgets.game" and data["version"] == 2 and data["seed"] == 5


def test_a_stacked_deck_names_and_starting_scores_survive_a_save():
    game = scenario(["5C 9C 9D 9H", "KH 8S 8D 8H"], "2S", dealer=0, scores=(100, 90), names=("Ann", "You"))
    run_script(game, "KH")
    copy = Game.from_json(game.to_json())
    assert state(copy) == state(game)
    assert copy.names == ("Ann", "You") and copy.hands[0] == game.hands[0]


def test_a_game_without_a_seed_gets_one_so_it_can_be_saved():
    game = Game()
    assert isinstance(game.seed, int)
    assert state(Game.from_json(game.to_json())) == state(game)


def test_copy_is_independent():
    game = Game(Rules(players=3, muggins=True), seed=2)
    random_moves(game, 30, random.Random(2))
    copy = game.copy()
    assert state(copy) == state(game)
    random_moves(copy, 30, random.Random(4))
    assert state(Game.from_json(game.to_json())) == state(game)
    assert copy.moves[: len(game.moves)] == game.moves and len(copy.moves) > len(game.moves)
    assert state(Game.from_json(copy.to_json())) == state(copy)  # its dealing continues identically


def saved() -> dict:
    game = Game(seed=3, dealer=0)
    random_moves(game, 20, random.Random(3))
    return json.loads(game.to_json())


@pytest.mark.parametrize(("damage", "message"), [
    (lambda d: "{not json", "this is not a saved game"),
    (lambda d: json.dumps([1, 2]), "this is not a saved crib_widgets game"),
    (lambda d: json.dumps({**d, "format": "chess"}), "this is not a saved crib_widgets game"),
    (lambda d: json.dumps({**d, "version": 99}), "this save has version 99"),
    (lambda d: json.dumps({k: v for k, v in d.items() if k != "moves"}), "it lacks moves"),
    (lambda d: json.dumps({**d, "moves": "lots"}), "'moves' must be a list"),
    (lambda d: json.dumps({**d, "rules": {**d["rules"], "players": 7}}), "this save is damaged: players=7"),
    (lambda d: json.dumps({**d, "rules": {**d["rules"], "colour": "red"}}), "unknown rule option"),
    (lambda d: json.dumps({**d, "seed": "abc"}), "seed must be a whole number"),
    (lambda d: json.dumps({**d, "moves": [["go", 0], *d["moves"]]}), r"damaged at move 1 \['go', 0\]"),
    (lambda d: json.dumps({**d, "moves": [*d["moves"], ["fly", 1]]}), "is not a move"),
    (lambda d: json.dumps({**d, "moves": [*d["moves"], ["play", 0]]}), "is not a complete play move"),
    (lambda d: json.dumps({**d, "decks": [["ZZ"]]}), "'ZZ' is not a card"),
])
def test_a_damaged_or_foreign_save_gets_a_clear_error(damage, message):
    with pytest.raises(CribbageError, match=message):
        Game.from_json(damage(saved()))
