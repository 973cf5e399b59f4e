"""Answer keys agree with the engine and with an independent scorer; simulated plays are legal."""

from __future__ import annotations

import random

import pytest
from cribbage_scorer import cribbage_scorer as independent

from crib_widgets.exercises import make_set
from crib_widgets.exercises.piles import simulate_play
from crib_widgets.pegging import GO, play_points, score_sequence
from crib_widgets.scoring import hand_total, score_hand

LEVELS = ("easy", "medium", "hard")


def _pair(card):
    return (card.rank, card.suit)


@pytest.mark.parametrize("level", LEVELS)
def test_counting_keys_agree_with_score_hand_and_an_independent_scorer(level):
    for seed in range(4):
        for e in make_set("counting", level, 12, seed):
            key = e.solution()
            score = score_hand(e.hand, e.starter, crib=e.crib)
            assert key.answer == key.total == score.total == hand_total(e.hand, e.starter, e.crib)
            assert key.by_kind() == score.by_kind()
            assert key.said == score.aloud()
            assert [(ln.kind, ln.points) for ln in key.lines] == [(i.kind, i.points) for i in score.items]
            other, _ = independent.show_calc_score(_pair(e.starter), [_pair(c) for c in e.hand], crib=e.crib)
            assert key.total == other


@pytest.mark.parametrize("level", LEVELS)
def test_play_keys_agree_with_score_sequence(level):
    for seed in range(4):
        for e in make_set("play", level, 10, seed):
            key = e.solution()
            entries = [GO if card is None else card for _, card in e.plays]
            assert key.answer == score_sequence(entries, e.players, e.final)[e.asked]
            assert key.answer == sum(line.points for line in key.lines)
            shown = play_points(e.pile())
            assert [(i.kind, i.points) for i in shown.items] == [(line.kind, line.points)
                                                               for line in key.lines[: len(shown.items)]]
            assert key.said.endswith(f"{key.answer} point{'s' if key.answer != 1 else ''}.") or not key.lines


def test_play_keys_of_two_player_piles_agree_with_an_independent_scorer():
    for level in ("easy", "medium"):
        for e in make_set("play", level, 10, 5):
            pile = [_pair(c) for c in e.pile()]
            _, points, _ = independent.play_score_ongoing(pile)
            assert e.solution().answer == points


@pytest.mark.parametrize("level", LEVELS)
def test_muggins_keys_give_the_true_count_and_the_call(level):
    for e in make_set("muggins", level, 10, 2):
        key = e.solution()
        true = score_hand(e.hand, e.starter, crib=e.crib).total
        assert key.total == true and key.answer == true - e.announced
        if key.answer > 0:
            assert key.call == f"Muggins, {key.answer}"
        elif key.answer < 0:
            assert key.call == f"too high by {-key.answer}"
        else:
            assert key.call == "accept" and not key.notes
        assert sum(line.points for line in e.mistake) == key.answer


@pytest.mark.parametrize("players", [3, 4])
def test_simulated_plays_are_legal_turn_by_turn(players):
    for seed in range(200):
        counts = simulate_play(random.Random(seed), players)
        laid = {seat: [] for seat in range(players)}
        for plays, _ in counts:
            for seat, card in plays:
                if card is not None:
                    laid[seat].append(card)
        assert all(len(cards) == 4 for cards in laid.values())
        left = {seat: list(cards) for seat, cards in laid.items()}
        expected_first = 1 % players
        for index, (plays, final) in enumerate(counts):
            assert plays[0][0] == expected_first
            total, last = 0, None
            for i, (seat, card) in enumerate(plays):
                if i:
                    assert seat == (plays[i - 1][0] + 1) % players, "turns go round the table"
                if card is None:
                    assert all(total + c.value > 31 for c in left[seat]), "go said holding a card that fits"
                else:
                    total += card.value
                    assert total <= 31
                    left[seat].remove(card)
                    last = seat
            assert final == (index == len(counts) - 1)
            expected_first = (last + 1) % players


def test_every_card_of_a_simulated_play_scores_as_the_whole_sequence_does():
    # Cutting the play into counts must not change any score: compare with the whole play at once.
    for seed in range(50):
        players = 3 + seed % 2
        counts = simulate_play(random.Random(seed), players)
        whole = [GO if card is None else card for plays, _ in counts for _, card in plays]
        by_count = [p for plays, final in counts
                    for p in score_sequence([GO if c is None else c for _, c in plays], players, final)]
        assert by_count == score_sequence(whole, players, final=True)
