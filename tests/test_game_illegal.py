"""Illegal moves: each raises IllegalMove saying why and what is allowed, and changes nothing."""

from __future__ import annotations

import pytest

from crib_widgets.cards import Card
from crib_widgets.errors import CribbageError, IllegalMove
from crib_widgets.game import Announce, Answer, Discard, Game, Go, Play, Rules, run_script, scenario


def snapshot(game: Game):
    return (game.phase, game.whose_turn, game.hands, game.crib, game.starter, game.pile, game.count,
            game.played, game.scores, game.pegs, game.events, game.moves, game.result, game.counting,
            game.to_json())


def rejects(game: Game, move, message: str) -> None:
    before = snapshot(game)
    with pytest.raises(IllegalMove, match=message):
        game.apply(move)
    with pytest.raises(IllegalMove, match=message):
        game.check(move)
    assert snapshot(game) == before


def dealt() -> Game:
    return Game(seed=4, dealer=0, names=("Ann", "Ben"))


def test_a_card_out_of_phase_names_the_phase_and_what_to_do():
    game = dealt()
    message = "Ben cannot be playing a card now: Ben and Ann have to lay 2 cards each in Ann's crib"
    rejects(game, Play(1, game.hands[1][0]), message)
    rejects(game, Announce(1, 3), "cannot be announcing a count now")
    rejects(game, Go(0), "cannot be saying go now")


def test_discard_errors():
    game = dealt()
    ann = game.hands[0]
    rejects(game, Discard(0, ann[:1]), "with 2 players each lays exactly 2 cards in the crib, not 1")
    rejects(game, Discard(0, (ann[0], ann[0])), "the same card twice")
    stranger = next(c for c in game.undealt)
    rejects(game, Discard(0, (ann[0], stranger)),
            f"Ann does not hold {stranger} \\({stranger.pretty}\\): the hand is")
    game.apply(Discard(0, ann[:2]))
    message = "Ann has already discarded: Ben has to lay 2 cards in Ann's crib"
    rejects(game, Discard(0, game.hands[0][:2]), message)


def test_play_errors_wrong_player_card_not_held_past_31():
    game = scenario(["KC QC JC 10C", "KH QH 9H 2H"], "2S", dealer=0, names=("Ann", "Ben"))
    rejects(game, Play(0, Card(13, "C")),
            r"it is not Ann's turn: Ben to lead: KH QH 9H 2H \(K♥ Q♥ 9♥ 2♥\) can be laid")
    rejects(game, Play(1, Card(13, "C")),
            r"Ben does not hold KC \(K♣\): the hand is KH QH 9H 2H \(K♥ Q♥ 9♥ 2♥\)")
    run_script(game, "KH QC 9H")
    message = r"JC \(J♣\) would take the count from 29 to 39, past 31: the only move is to say go"
    rejects(game, Play(0, Card(11, "C")), message)
    assert game.prompt == "Ann must say go: no card can be laid on 29 without passing 31"
    rejects(game, Go(1), "it is not Ben's turn")


def test_seats_moves_and_answers_that_do_not_exist():
    game = dealt()
    rejects(game, Go(2), "seat 2 does not exist: seats are 0 to 1")
    rejects(game, "play 5H", "is not a move: use Discard, Play, Go, Announce or Answer")
    with pytest.raises(CribbageError, match="answer 'maybe' is unknown"):
        Answer(0, "maybe")
    with pytest.raises(CribbageError, match="seat -1 is not a seat number"):
        Go(-1)
    with pytest.raises(CribbageError, match="'XX' is not a card"):
        Play(0, "XX")
    with pytest.raises(CribbageError, match="a Muggins call names a whole number"):
        Answer(0, "muggins")


def test_no_moves_after_the_game_is_over():
    game = scenario(["5C 9C 9D 9H", "KH 8S 8D 8H"], "2S", dealer=0, scores=(119, 50))
    run_script(game, "KH 5C")
    rejects(game, Play(1, Card(8, "S")), "no more moves: the game is over")


def test_muggins_moves_in_a_standard_game_are_out_of_phase():
    game = scenario(["5C 9C 9D 9H", "KH 8S 8D 8H"], "2S", dealer=0, rules=Rules())
    rejects(game, Answer(0, "accept"), "cannot be answering a count now")


def test_every_legal_move_passes_check():
    game = Game(Rules(players=3, muggins=True), seed=9)
    for _ in range(200):
        if game.is_over:
            break
        moves = game.legal_moves()
        for move in moves:
            game.check(move)
        game.apply(moves[len(moves) // 2])
