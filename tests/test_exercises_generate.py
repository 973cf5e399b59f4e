"""Exercise sets are reproducible: same seed (and student), same set, byte for byte, on any machine."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from crib_widgets.errors import CribbageError
from crib_widgets.exercises import (
    answer_key_html,
    answer_key_markdown,
    class_sets,
    focuses,
    load_set,
    make_set,
    plan,
    student_seed,
    worksheet_html,
    worksheet_markdown,
)
from crib_widgets.exercises.sheet import cards_text, play_text

ROOT = Path(__file__).resolve().parents[1]
KINDS = ("counting", "play", "muggins")
LEVELS = ("easy", "medium", "hard")


def _shown(exercise) -> str:
    return play_text(exercise) if exercise.kind == "play" else cards_text(exercise)


def test_a_set_handed_out_stays_the_same_forever():
    # Pinned on purpose: worksheets already printed must remake identically. If a change to the
    # generator breaks this, that change would silently alter every class's existing sets.
    assert [_shown(e) for e in make_set("counting", "hard", 3, 7)] == [
        "Crib: K♥ K♣ Q♠ J♦, starter J♠",
        "Crib: 8♥ A♥ 9♥ Q♥, starter 5♥",
        "Hand: Q♥ J♥ J♠ J♣, starter 10♠",
    ]
    assert [_shown(e) for e in make_set("counting", "easy", 3, 7, student="Ann")] == [
        "Hand: 5♥ K♦ 6♥ A♣, starter 8♦",
        "Hand: 2♦ 10♥ 8♣ 4♠, starter 10♣",
        "Hand: J♦ A♥ 5♠ Q♣, starter 5♥",
    ]
    assert _shown(make_set("play", "hard", 1, 7)[1]) == (
        "B: 6♣ (6), C: K♥ (16), D: A♣ (17), A: 10♠ (27), B: 4♦ (?)"
    )
    assert _shown(make_set("muggins", "hard", 1, 7)[1]) == "Hand: 6♦ J♦ A♦ 7♦, starter 8♦"


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("difficulty", LEVELS)
def test_the_same_seed_gives_the_same_worksheet_and_key_byte_for_byte(kind, difficulty):
    first, second = make_set(kind, difficulty, 6, 11), make_set(kind, difficulty, 6, 11)
    assert first == second
    assert worksheet_html(first).encode() == worksheet_html(second).encode()
    assert answer_key_html(first).encode() == answer_key_html(second).encode()
    assert worksheet_markdown(first).encode() == worksheet_markdown(second).encode()
    assert answer_key_markdown(first).encode() == answer_key_markdown(second).encode()


def test_other_processes_with_other_hash_seeds_make_identical_files():
    # hash() of text changes between processes; the sets must not depend on it (nor on set order).
    script = (
        "import hashlib, sys\n"
        "from crib_widgets.exercises import make_set, worksheet_html, answer_key_markdown\n"
        "h = hashlib.sha256()\n"
        "for kind in ('counting', 'play', 'muggins'):\n"
        "    for level in ('easy', 'medium', 'hard'):\n"
        "        s = make_set(kind, level, 4, 5, student='Zoë Ng')\n"
        "        h.update(worksheet_html(s).encode()); h.update(answer_key_markdown(s).encode())\n"
        "print(h.hexdigest())\n"
    )
    digests = set()
    for hash_seed in ("0", "1", "12345"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        out = subprocess.run([sys.executable, "-c", script], env=env, cwd=ROOT, capture_output=True,
                             text=True, check=True)
        digests.add(out.stdout.strip())
    assert len(digests) == 1


def test_different_seeds_give_different_sets():
    assert make_set("counting", "medium", 5, 1).exercises != make_set("counting", "medium", 5, 2).exercises


def test_a_longer_set_begins_with_the_shorter_set_of_the_same_seed():
    for kind in KINDS:
        short, long = make_set(kind, "hard", 5, 3), make_set(kind, "hard", 12, 3)
        assert long.exercises[:5] == short.exercises


def test_no_hand_appears_twice_in_one_set():
    for kind in ("counting", "muggins"):
        s = make_set(kind, "easy", 40, 9)
        hands = [(frozenset(e.hand), e.starter) for e in s]
        assert len(set(hands)) == len(hands)
    piles = [(e.plays, e.asked) for e in make_set("play", "easy", 40, 9)]
    assert len(set(piles)) == len(piles)


def test_every_focus_comes_once_in_each_block_of_the_plan():
    for kind in KINDS:
        for level in LEVELS:
            names = focuses(kind, level)
            order = plan(kind, level, 3 * len(names), 4)
            for block in range(3):
                assert sorted(order[block * len(names):(block + 1) * len(names)]) == sorted(names)


def test_neighbours_get_different_hands_of_the_same_focus_in_the_same_order():
    students = ["Ann", "Ben", "Cleo", "Dev", "Eli", "Fay"]
    sets = class_sets("counting", "hard", 12, 7, students)
    plans = {tuple(e.focus for e in s) for s in sets}
    assert plans == {tuple(plan("counting", "hard", 12, 7))}
    for i, a in enumerate(sets):
        for b in sets[i + 1:]:
            same = sum(x.hand == y.hand and x.starter == y.starter for x, y in zip(a, b, strict=True))
            assert same == 0, (a.student, b.student)
    ann, ben = class_sets("play", "medium", 8, 7, ["Ann", "Ben"])
    assert [e.focus for e in ann] == [e.focus for e in ben]
    assert ann.exercises != ben.exercises


CLASS = [f"Student {i}" for i in range(1, 21)]


@pytest.mark.parametrize("level", LEVELS)
def test_a_muggins_class_cannot_copy_calls(level):
    """No question has one right call (accept, Muggins N, too high by N) for the whole class of 20,
    nor one kind of call; yet each student meets every focus once per block, as the plan has them."""
    sets = class_sets("muggins", level, 12, 7, CLASS)
    calls = [[e.solution().call for e in s] for s in sets]
    assert {c for student in calls for c in student} >= {"accept"}  # the set has both kinds of call
    for number in range(12):
        asked = [student[number] for student in calls]
        assert len(set(asked)) > 1, (level, number + 1, asked[0])
        assert len({c.split()[0] for c in asked}) > 1, (level, number + 1)  # accept / Muggins / too
    names = focuses("muggins", level)
    for s in sets:
        order = [e.focus for e in s]
        assert sorted(order[: len(names)]) == sorted(names)
        assert order == plan("muggins", level, 12, 7, s.student)
    # the same seed gives the same sets; the unnamed set keeps the seed's own plan
    assert class_sets("muggins", level, 12, 7, CLASS) == sets
    assert [e.focus for e in make_set("muggins", level, 12, 7)] == plan("muggins", level, 12, 7)


def test_a_students_variant_ignores_case_and_spaces_in_the_name_but_not_the_seed():
    assert student_seed(7, "Ann  Lee") == student_seed(7, " ann lee ")
    assert student_seed(7, "Ann") != student_seed(8, "Ann")
    def hands(student=None):
        return make_set("counting", "easy", 4, 7, student).exercises

    assert hands("ANN") == hands("ann") != hands()


def test_the_same_student_twice_in_a_class_is_an_error():
    with pytest.raises(CribbageError, match="same student"):
        class_sets("counting", "easy", 2, 1, ["Ann Lee", "ann  lee"])
    with pytest.raises(CribbageError, match="no students"):
        class_sets("counting", "easy", 2, 1, [])


def test_the_code_on_a_worksheet_remakes_its_set():
    s = make_set("muggins", "hard", 7, 123, student="Ann")
    assert load_set(s.code, student="Ann") == s
    assert load_set(" Play/Easy/3/9 ") == make_set("play", "easy", 3, 9)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("poker", "easy", 3, 1), "'poker' is not an exercise kind: use one of counting, play, muggins"),
        (("counting", "expert", 3, 1), "'expert' is not a level: use one of easy, medium, hard"),
        (("counting", "easy", 0, 1), "0 exercises cannot be made: ask for 1 to 100"),
        (("counting", "easy", 101, 1), "101 exercises cannot be made"),
        (("counting", "easy", "3", 1), "'3' exercises cannot be made"),
        (("counting", "easy", 3, -1), "seed -1 is not allowed: use a whole number 0 or more"),
        (("counting", "easy", 3, 1.5), "seed 1.5 is not allowed"),
    ],
)
def test_bad_options_are_named_with_what_is_allowed(args, message):
    with pytest.raises(CribbageError, match=message.replace("(", r"\(")):
        make_set(*args)


@pytest.mark.parametrize("code", ["counting/hard/20", "counting/hard/x/7", "nonsense", "counting/hard/20/-7"])
def test_a_bad_set_code_says_how_a_code_looks(code):
    with pytest.raises(CribbageError, match="counting/hard/20/7"):
        load_set(code)


def test_asking_for_an_exercise_that_is_not_there_names_the_range():
    s = make_set("counting", "easy", 3, 1)
    with pytest.raises(CribbageError, match="there is no exercise 0: this set has 1 to 3"):
        s[0]


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10**6), level=st.sampled_from(LEVELS))
def test_for_any_seed_no_muggins_question_has_one_right_call_for_a_class_of_20(seed, level):
    sets = class_sets("muggins", level, 10, seed, CLASS)
    for number in range(10):
        assert len({s.exercises[number].solution().call for s in sets}) > 1, (seed, level, number + 1)
