"""Chapter 04's table of starters (issue 12): every row names exactly its cards, with the suit
where it decides, and every card of a row gives the hand that row's points."""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from crib_widgets.cards import Card, full_deck
from crib_widgets.scoring import hand_total, starter_rows

CHAPTER = Path(__file__).resolve().parents[1] / "book" / "06_starter_and_heels.ipynb"


def chapter_hand() -> str:
    cells = json.loads(CHAPTER.read_text(encoding="utf-8"))["cells"]
    source = next("".join(c["source"]) for c in cells if 'hand = parse_cards("' in "".join(c["source"]))
    return source.split('parse_cards("')[1].split('"')[0]


def test_the_chapter_builds_its_table_from_the_engine():
    cells = json.loads(CHAPTER.read_text(encoding="utf-8"))["cells"]
    code = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "code")
    assert "starter_rows(hand)" in code and "row.words()" in code and "any 10 or J" not in code


def test_every_row_of_the_chapters_table_gives_its_points_and_names_its_cards_exactly():
    hand = chapter_hand()
    rows = starter_rows(hand)
    for row in rows:
        assert row.cards_named() == row.cards
        assert {hand_total(hand, c) for c in row.cards} == {row.total}
    assert sorted(c for r in rows for c in r.cards) == sorted(c for c in full_deck() if str(c) not in hand)


def test_the_rows_where_the_suit_decides_name_the_suit():
    words = {row.total: row.words() for row in starter_rows("5H 5D 10S JC")}
    assert words[11] == "A, 2, 3, 4, 6, 7 or 8 of clubs (♣)"  # his nobs with the J♣
    assert words[10] == "any A, 2, 3, 4, 6, 7 or 8 not of clubs (♣)"
    assert words[16] == "any 10 but 10♣, or any J"  # no "any 10 or J": the 10♣ makes 17
    assert words[21] == "5♣"


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from(full_deck()), min_size=4, max_size=4, unique=True))
def test_for_any_hand_the_words_name_exactly_the_cards_of_each_row(hand: list[Card]):
    for row in starter_rows(hand):
        assert row.cards_named() == row.cards
        assert {hand_total(hand, c) for c in row.cards} == {row.total}
