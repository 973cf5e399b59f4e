"""Events: every event has a short sentence with the players' names; "You" reads naturally."""

from __future__ import annotations

import random

from crib_widgets.game import Game, Rules, run_script, scenario


def texts(events, kind=None):
    return [e.text for e in events if kind is None or e.kind == kind]


def test_a_deal_is_narrated_with_names():
    game = scenario(["5C 9C 9D 9H", "KH 8S 8D 8H"], "JS", dealer=0, names=("Ann", "Ben"))
    assert texts(game.events) == [
        "Deal 1: Ann deals (Ann's crib)",
        "Ben lays 2 cards in Ann's crib",
        "Ann lays 2 cards in the crib",
        "Ben cuts and Ann turns the starter: J♠",
        "His heels: 2 for the dealer, Ann",
    ]
    events = run_script(game, "KH 5C")
    assert texts(events) == ["Ben plays K♥, count 10", "Ann plays 5♣, count 15", "Ann pegs 2 for fifteen"]


def test_you_gets_its_own_grammar():
    game = scenario(["5C 9C 9D 9H", "KH 8S 8D 8H"], "JS", dealer=0, names=("You", "North"), scores=(100, 50))
    assert texts(game.events)[1:] == [
        "North lays 2 cards in your crib",
        "You lay 2 cards in the crib",
        "North cuts and you turn the starter: J♠",
        "His heels: 2 for the dealer, you",
    ]
    assert texts(run_script(game, "KH 5C"))[1:] == ["You play 5♣, count 15", "You peg 2 for fifteen"]
    assert game.prompt == "North to play on 15: 8S 8D 8H (8♠ 8♦ 8♥) can be laid"
    game = scenario(["5C 9C 9D 9H", "KH 8S 8D 8H"], "2S", dealer=0, names=("North", "You"), scores=(119, 50))
    assert texts(run_script(game, "KH 5C"), "game over") == ["North wins 121 to 50: you are double skunked."]


def test_the_first_dealer_is_narrated_from_the_cut():
    game = Game(seed=8, names=("Ann", "Ben", "Cat"), rules=Rules(players=3))
    cuts = texts(game.events, "cut for deal")
    assert cuts and all(t.split()[0] in ("Ann", "Ben", "Cat") and " cuts" in t for t in cuts)
    dealer = game.names[game.dealer]
    assert f"{dealer} cuts the lowest card and deals first" in texts(game.events, "note")


def test_every_event_of_a_random_game_has_a_sentence_and_consistent_fields():
    for rules in (Rules(), Rules(players=4, partners=True, muggins=True, ten_back=True)):
        game = Game(rules, seed=1, names=("Ann", "Ben", "Cat", "Dan")[: rules.players])
        rng = random.Random(1)
        while not game.is_over:
            game.apply(rng.choice(game.legal_moves()))
        for event in game.events:
            assert event.text and event.text == str(event) and not event.text.endswith(" ")
            if event.seat is not None:
                assert event.side == rules.side_of(event.seat)
                assert game.names[event.seat] in event.text, event
            if event.kind == "show":
                assert event.score.total == (event.points or event.score.total)
            else:
                assert event.score is None
        assert game.events[-1].kind == "game over" and game.events[-1].text == game.result.text
