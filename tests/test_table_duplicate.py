"""Duplicate play: the same deals, the same computer, for every student; the results replayed, never
trusted; a changed move or score refused with one line, naming the board."""

from __future__ import annotations

import json
import random

import pytest

from crib_widgets.errors import CribbageError
from crib_widgets.scoring import hand_total
from crib_widgets.table.duplicate import DuplicateSet, rank_class, score_results


def play_match(chosen: DuplicateSet, rng: random.Random):
    match = chosen.start()
    while not match.finished:
        t = match.table
        if match.board_done:
            match.next_board()
        elif t.waiting:
            t.advance()
        else:
            moves = t.learner_moves()
            if t.game.phase == "announce":  # an honest count
                c = t.game.counting
                moves = [m for m in moves if m.points == hand_total(c.cards, c.starter, c.is_crib)]
            t.move(rng.choice(moves), confirm=True)
    return match


@pytest.mark.parametrize("muggins", [False, True])
def test_every_student_gets_the_same_cards_and_the_replay_gives_the_same_score(muggins):
    chosen = DuplicateSet(seed=12, deals=3, level="beginner", muggins=muggins)
    a, b = play_match(chosen, random.Random(1)), play_match(chosen, random.Random(2))
    for board in range(1, 4):
        ga, gb = chosen.board_game(board), chosen.board_game(board)
        assert ga.hands == gb.hands and ga.dealer == gb.dealer == (board + 1) % 2
    assert all(board["moves"] for board in a.played) and len(a.played) == 3
    for match, name in ((a, "Ann"), (b, "Ben")):
        student, boards = score_results(match.results(name), chosen)
        assert student == name and sum(s.points for s in boards) == match.points
    # the computer's moves depend only on the cards and the student's moves: the same moves, the same game
    again = play_match(chosen, random.Random(1))
    assert again.played == a.played


def test_a_changed_move_or_score_is_refused_in_one_line():
    chosen = DuplicateSet(seed=3, deals=2, level="intermediate")
    match = play_match(chosen, random.Random(5))
    text = match.results("Ann")
    data = json.loads(text)
    data["boards"][1]["points"] += 5
    with pytest.raises(CribbageError, match=r"board 2: the file says .* the score was changed"):
        score_results(json.dumps(data))
    data = json.loads(text)
    first = data["boards"][0]["moves"][0]
    dealt = set(chosen.board_game(1).hands[0])
    first[2][0] = next(str(c) for c in chosen.board_game(1).hands[1] if c not in dealt)
    with pytest.raises(CribbageError, match=r"board 1: the move .* was not allowed there") as caught:
        score_results(json.dumps(data))
    assert "\n" not in str(caught.value)
    data = json.loads(text)
    data["boards"][0]["moves"].append(data["boards"][0]["moves"][-1])
    with pytest.raises(CribbageError, match=r"board 1: 1 move\(s\) listed after the deal was over"):
        score_results(json.dumps(data))
    with pytest.raises(CribbageError, match="another set"):
        score_results(text, DuplicateSet(seed=4, deals=2, level="intermediate"))
    with pytest.raises(CribbageError, match="not a duplicate results file"):
        score_results("{}")


@pytest.mark.parametrize(("kwargs", "message"), [
    (dict(seed=-1, deals=2), "seed -1 is not allowed"),
    (dict(seed=1, deals=0), "deals 0 is not allowed: use a whole number 1 to 40"),
    (dict(seed=1, deals=2, level="godlike"), "strength 'godlike' is not known"),
])
def test_a_bad_set_is_refused(kwargs, message):
    with pytest.raises(CribbageError, match=message):
        DuplicateSet(**kwargs)


def test_the_next_board_waits_for_the_deal_to_end():
    match = DuplicateSet(seed=1, deals=2, level="beginner").start()
    with pytest.raises(CribbageError, match="board 1 is not finished"):
        match.next_board()
    assert match.board == 1 and match.played == []


def test_the_class_is_ranked_on_the_same_cards_and_a_tampered_file_refused_the_rest_ranked():
    chosen = DuplicateSet(seed=8, deals=2, level="beginner")
    files = {f"{name}.json": play_match(chosen, random.Random(seed)).results(name)
             for seed, name in enumerate(("Ann", "Ben", "Cy"))}
    bad = json.loads(files["Cy.json"])
    bad["boards"][0]["points"] += 3
    files["Cy.json"] = json.dumps(bad)
    standings, refused = rank_class(files, chosen)
    assert [s.student for s in standings] != [] and {s.student for s in standings} == {"Ann", "Ben"}
    assert standings[0].points >= standings[1].points and standings[0].place == 1
    assert len(refused) == 1 and refused[0].startswith("Cy.json: board 1: the file says")
    assert set(standings[0].lost) == {"discard", "play", "count"} and standings[0].boards == 2
