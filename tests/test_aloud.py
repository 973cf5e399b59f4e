"""Counting aloud: the words of every count step to the right total, in the players' cadence and plain.

The checker reads the words back on its own (its own number words and its own table of what each
phrase is worth), so a step that says the wrong total, or a phrase worth other than what it adds,
fails here whatever the engine thinks.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest
from cribbage_scorer import cribbage_scorer as independent
from hypothesis import given, settings
from hypothesis import strategies as st

from crib_widgets.aloud import PHRASINGS, count_steps, say_count
from crib_widgets.cards import Card, full_deck
from crib_widgets.errors import CribbageError
from crib_widgets.scoring import score_hand

DATA = Path(__file__).parent / "data" / "aloud_hands.jsonl"
HANDS = [json.loads(line) for line in DATA.read_text(encoding="utf-8").splitlines()]

NUMBERS = {w: n for n, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
    "sixteen seventeen eighteen nineteen twenty twenty-one twenty-two twenty-three twenty-four "
    "twenty-five twenty-six twenty-seven twenty-eight twenty-nine".split())}
# phrase -> (kinds it scores, points); a run phrase's points include the pairs inside the run
WORTH = {
    "players": {
        "a pair": ("pair", 2), "two pairs": ("pair", 4), "a pair royal": ("pair", 6),
        "a double pair royal": ("pair", 12), "a run of three": ("run", 3), "a run of four": ("run", 4),
        "a run of five": ("run", 5), "a double run of three": ("pair+run", 8),
        "a double run of four": ("pair+run", 10), "a triple run": ("pair+run", 15),
        "a double double run": ("pair+run", 16), "four for the flush": ("flush", 4),
        "five for the flush": ("flush", 5), "one for his nobs": ("nobs", 1),
    },
    "plain": {
        "a pair": ("pair", 2), "three of a kind": ("pair", 6), "four of a kind": ("pair", 12),
        **{f"{nth} run of {size}": ("run", n) for nth in ("a", "a second", "a third", "a fourth")
           for size, n in (("three", 3), ("four", 4), ("five", 5))},
        "a flush of four": ("flush", 4), "a flush of five": ("flush", 5), "and one for his nobs": ("nobs", 1),
    },
}
_STEP = re.compile(r"^(?:fifteen (?P<fifteen>[a-z-]+)|(?P<phrase>.+) is (?P<total>[a-z-]+))$")


def read_count(words: list[str], phrasing: str) -> list[tuple[str, int, int]]:
    """(kind, points, total said) per step, from the words alone; AssertionError if a step is wrong."""
    read, total = [], 0
    for i, said in enumerate(words):
        m = _STEP.match(said)
        assert m, f"step {said!r} is neither 'fifteen N' nor 'PHRASE is N'"
        if m["fifteen"]:
            kind, points, number = "fifteen", 2, m["fifteen"]
        else:
            phrase = m["phrase"]
            if phrasing == "players" and phrase.startswith("and "):
                assert i == len(words) - 1 and i > 0, f"only the last of several steps starts 'and': {words}"
                phrase = phrase[4:]
            assert phrase in WORTH[phrasing], f"{phrase!r} is not a {phrasing} phrase"
            (kind, points), number = WORTH[phrasing][phrase], m["total"]
        total += points
        assert NUMBERS[number] == total, f"{said!r} says {number}, the running total is {total}: {words}"
        read.append((kind, points, total))
    return read


def _score(row: dict):
    return score_hand(row["hand"], row["starter"], crib=row["crib"])


def test_the_data_set_is_1120_scored_hands_covering_every_score_and_pattern():
    assert len(HANDS) == 1120
    assert len({(tuple(r["hand"]), r["starter"], r["crib"]) for r in HANDS}) == 1120
    scores = Counter(r["score"] for r in HANDS)
    assert set(scores) == set(range(30)) - {19, 25, 26, 27}
    found = Counter(p for r in HANDS for p in r["patterns"])
    for pattern in ("double run of three", "double run of four", "double double run", "triple run",
                    "pair royal", "double pair royal", "two pairs", "hand flush of four", "flush of five",
                    "crib flush of five", "crib with four of a suit", "nobs", "nobs in the crib", "nineteen"):
        assert found[pattern] >= 20, pattern
    for row in HANDS:
        assert _score(row).total == row["score"] == sum(row["breakdown"].values())
        other, _ = independent.show_calc_score(_pair(row["starter"]), [_pair(c) for c in row["hand"]],
                                               crib=row["crib"])
        assert other == row["score"], row


def _pair(text: str) -> tuple[int, str]:
    card = Card.parse(text)
    return card.rank, card.suit


@pytest.mark.parametrize("phrasing", list(PHRASINGS))
def test_every_count_of_the_1120_hands_steps_to_the_right_total(phrasing):
    for row in HANDS:
        score = _score(row)
        steps = count_steps(score, phrasing)
        read = read_count([s.words for s in steps], phrasing)
        assert [total for _, _, total in read] == [s.total for s in steps]
        assert (read[-1][2] if read else 0) == row["score"]
        said = Counter()
        for kind, points, _ in read:
            said[kind] += points
        b = row["breakdown"]
        assert (said["fifteen"], said["flush"], said["nobs"]) == (b["fifteens"], b["flush"], b["nobs"])
        assert said["pair"] + said["run"] + said["pair+run"] == b["pairs"] + b["runs"]
        if phrasing == "plain":
            assert (said["pair"], said["run"]) == (b["pairs"], b["runs"])
        sentence = say_count(score, phrasing)
        assert sentence.endswith(f" {row['score']} point{'s' if row['score'] != 1 else ''}.")


@pytest.mark.parametrize("phrasing", list(PHRASINGS))
def test_the_lit_cards_are_the_ones_that_score(phrasing):
    for row in HANDS:
        score = _score(row)
        five = [*score.hand, score.starter]
        for step in count_steps(score, phrasing):
            cards = step.cards
            assert len(set(cards)) == len(cards) and all(c in five for c in cards)
            if step.words.startswith("fifteen"):
                assert sum(c.value for c in cards) == 15
            elif "flush" in step.words:
                assert len({c.suit for c in cards}) == 1 and len(cards) in (4, 5)
            elif "nobs" in step.words:
                assert {c.rank for c in cards} >= {11} and len({c.suit for c in cards}) == 1
            elif "run" in step.words:
                ranks = sorted({c.rank for c in cards})
                assert ranks == list(range(ranks[0], ranks[0] + len(ranks))) and len(ranks) >= 3
            else:  # pairs, pair royals, two pairs
                assert all(n >= 2 for n in Counter(c.rank for c in cards).values())


def test_the_players_cadence_uses_the_words_players_say():
    said = {p: [] for p in ("double run of three", "double double run", "pair royal", "triple run",
                            "hand flush of four", "nobs", "nineteen")}
    for row in HANDS:
        for pattern in said:
            if pattern in row["patterns"]:
                said[pattern].append(say_count(_score(row)).lower())
    expect = {"double run of three": "a double run of three is",
              "double double run": "a double double run is",
              "pair royal": "a pair royal is", "triple run": "a triple run is",
              "hand flush of four": "four for the flush is", "nobs": "one for his nobs is",
              "nineteen": "nineteen"}
    for pattern, sentences in said.items():
        assert sentences and all(expect[pattern] in s for s in sentences), pattern


def test_the_examples_players_know():
    assert say_count(score_hand("7H 8C 7D 3S", "KS")) == (
        "Fifteen two, fifteen four, and a pair is six. 6 points.")
    assert say_count(score_hand("8D 9H 10H 10S", "QH")) == "A double run of three is eight. 8 points."
    assert say_count(score_hand("3C 4D 4H 5S", "QC")) == (
        "Fifteen two, and a double run of three is ten. 10 points.")
    assert say_count(score_hand("9C 9D 10H 10S", "JD")) == "A double double run is sixteen. 16 points."
    assert say_count(score_hand("2H 6H 9H QH", "3C")).endswith(", and four for the flush is eight. 8 points.")
    assert say_count(score_hand("JH 2C 7D 9S", "4H")) == (
        "Fifteen two, and one for his nobs is three. 3 points.")


def test_an_unknown_phrasing_is_named():
    with pytest.raises(CribbageError, match="phrasing 'fancy' is not known: use one of players, plain"):
        count_steps(score_hand("7H 8C 2D 2S", "KS"), "fancy")


five_cards = st.lists(st.sampled_from(full_deck()), min_size=5, max_size=5, unique=True)


@settings(max_examples=300, deadline=None)
@given(five_cards, st.booleans(), st.sampled_from(list(PHRASINGS)))
def test_any_show_said_aloud_steps_to_its_total(cards: list[Card], crib: bool, phrasing: str):
    score = score_hand(cards[:4], cards[4], crib=crib)
    read = read_count([s.words for s in count_steps(score, phrasing)], phrasing)
    assert (read[-1][2] if read else 0) == score.total
