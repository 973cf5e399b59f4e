"""Fuzz: random players through complete games over every combination of rules, with the
invariants checked after every move, random illegal moves, and save/restore at random points.

``CRIB_FUZZ_SCALE=10`` plays ten times as many games (for a long local run).
"""

from __future__ import annotations

import itertools
import os
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from crib_widgets.cards import full_deck
from crib_widgets.errors import CribbageError, IllegalMove
from crib_widgets.game import Announce, Answer, Discard, Game, Go, Play, Rules
from crib_widgets.pegging import play_call

SCALE = int(os.environ.get("CRIB_FUZZ_SCALE", "1"))
DECK = full_deck()


def all_rules() -> list[Rules]:
    found = []
    for players, partners, target, muggins, ten_back, lowball, exact in itertools.product(
            (2, 3, 4), (False, True), (61, 121), (False, True), (False, True), (False, True), (False, True)):
        try:
            found.append(Rules(players=players, partners=partners, target=target, muggins=muggins,
                               ten_back=ten_back, lowball=lowball, exact_finish=exact))
        except CribbageError:
            continue
    return found


ALL_RULES = all_rules()


def test_every_valid_combination_of_rules_is_covered():
    assert len(ALL_RULES) == 96  # (2 + 2 + 4 seatings) x 2 targets x 2 Muggins x 2 10 back x 3 endings


def snapshot(game: Game):
    return (game.phase, game.whose_turn, game.dealer, game.hands, game.kept, game.crib, game.starter,
            game.pile, game.count, game.played, game.scores, game.pegs, len(game.events), game.moves,
            game.result, game.counting, game.said_go)


def check_cards(game: Game) -> None:
    cards = [c for h in game.hands for c in h] + [c for p in game.played for c in p]
    cards += list(game.crib) + list(game.undealt) + ([game.starter] if game.starter else [])
    assert len(cards) == 52 and Counter(cards) == Counter(DECK), "every card exactly once"
    for kept, hand, played in zip(game.kept, game.hands, game.played, strict=True):
        if kept:
            assert sorted(kept) == sorted(hand + played), "the kept hand is what is held and played"


def check_state(game: Game, before: tuple[int, ...], events) -> None:
    rules = game.rules
    moved = [0] * rules.sides
    for event in events:
        assert event.text and event.kind
        if event.seat is not None:
            assert event.side == rules.side_of(event.seat)
        if event.points:
            moved[event.side] += event.points
        if event.kind in ("peg", "go point", "last card"):  # the play's points say why, for the call
            assert event.play_score is not None and play_call(event.play_score)
            assert event.points in (0, event.play_score.total)  # one amount, pegged or refused whole
    after = tuple(b + m for b, m in zip(before, moved, strict=True))
    assert after == game.scores, "scores move only as the events say"
    assert all(s >= 0 for s in game.scores)
    assert [front for front, _ in game.pegs] == list(game.scores)
    assert game.count == sum(c.value for c in game.pile) <= 31
    check_cards(game)
    if game.is_over:
        result = game.result
        assert game.scores[result.reached] >= rules.target
        assert events[-1].kind == "game over" and game.legal_moves() == []
        if rules.exact_finish:
            assert game.scores[result.reached] == rules.target
        if rules.lowball:
            assert result.reached not in result.winners and not any(result.skunks)
        else:
            assert result.winner == result.reached
        assert sorted(result.ranking) == list(range(rules.sides))
    elif game.phase != "answer":
        # The game ends the moment a side reaches the target; only a too-high Muggins count waits.
        assert max(game.scores) < rules.target
    else:
        over = [s for s in range(rules.sides) if game.scores[s] >= rules.target]
        owner = game.counting.owner
        assert over in ([], [rules.side_of(owner)])
        assert game.counting.announced is not None


def random_move(game: Game, rng: random.Random):
    """Any move at all, mostly illegal ones."""
    seat = rng.randrange(game.rules.players + 1)
    card = rng.choice(DECK)
    kind = rng.randrange(5)
    if kind == 0:
        return Play(seat, card)
    if kind == 1:
        return Go(seat)
    if kind == 2:
        return Discard(seat, tuple(rng.sample(DECK, rng.choice((1, 2)))))
    if kind == 3:
        return Announce(seat, rng.randrange(-2, 33))
    if rng.random() < 0.5:
        return Answer(seat, rng.choice(("accept", "overcount")))
    return Answer(seat, "muggins", rng.randrange(-1, 31))


def play_checked(rules: Rules, seed: int) -> Game:
    rng = random.Random(seed)
    game = Game(rules, seed=seed)
    check_cards(game)
    save_at = rng.randrange(20, 200)
    while not game.is_over:
        legal = game.legal_moves()
        assert legal, "a game that is not over always has a legal move"
        if rng.random() < 0.2:
            wild = random_move(game, rng)
            before = snapshot(game)
            if wild in legal:
                game.check(wild)
            else:
                with pytest.raises(IllegalMove):
                    game.apply(wild)
                assert snapshot(game) == before, f"{wild} changed the state"
        scores = game.scores
        events = game.apply(rng.choice(legal))
        check_state(game, scores, events)
        if len(game.moves) == save_at:
            restored = Game.from_json(game.to_json())
            assert snapshot(restored) == snapshot(game)
            assert [e.text for e in restored.events] == [e.text for e in game.events]
    return game


@pytest.mark.parametrize("rules", ALL_RULES, ids=lambda r: r.describe().replace(" ", "_").replace(",", ""))
def test_random_games_keep_every_invariant_after_every_move(rules):
    for seed in range(2 * SCALE):
        game = play_checked(rules, seed)
        assert game.is_over


def test_thousands_of_random_games_end_with_a_consistent_result():
    rng = random.Random(2024)
    games = 0
    for index in range(1000 * SCALE):
        rules = ALL_RULES[index % len(ALL_RULES)]
        game = Game(rules, seed=index)
        while not game.is_over:
            game.apply(rng.choice(game.legal_moves()))
        totals = [0] * rules.sides
        for event in game.events:
            if event.points:
                totals[event.side] += event.points
        assert tuple(totals) == game.scores  # all games here start from 0
        assert game.scores[game.result.reached] >= rules.target
        games += 1
    assert games == 1000 * SCALE


@settings(max_examples=40 * SCALE, deadline=None)
@given(rules=st.sampled_from(ALL_RULES), seed=st.integers(0, 2**32 - 1), stop=st.integers(0, 400),
       player=st.integers(0, 2**32 - 1))
def test_save_and_restore_at_any_point_replays_identically(rules, seed, stop, player):
    rng = random.Random(player)
    game = Game(rules, seed=seed)
    while not game.is_over and len(game.moves) < stop:
        game.apply(rng.choice(game.legal_moves()))
    restored = Game.from_json(game.to_json())
    assert snapshot(restored) == snapshot(game) and restored.to_json() == game.to_json()
    twin = random.Random(seed ^ player)
    rng = random.Random(seed ^ player)
    for _ in range(60):
        if game.is_over:
            break
        move = rng.choice(game.legal_moves())
        assert move == twin.choice(restored.legal_moves())
        assert [e.text for e in game.apply(move)] == [e.text for e in restored.apply(move)]
    assert snapshot(restored) == snapshot(game)
