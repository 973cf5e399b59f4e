"""Worksheets print the questions with the cards drawn and labelled; answers live only in the key."""

from __future__ import annotations

from html.parser import HTMLParser

import pytest

from crib_widgets.exercises import (
    MugginsExercise,
    PlayExercise,
    answer_key_html,
    answer_key_markdown,
    class_sets,
    make_set,
    worksheet_html,
    worksheet_markdown,
)
from crib_widgets.exercises.sheet import key_headline

KINDS = ("counting", "play", "muggins")
LEVELS = ("easy", "medium", "hard")
VOID = {"meta", "br", "hr", "img", "input", "link", "rect", "path"}


class _Structure(HTMLParser):
    """Checks that every element is closed in order; collects the cards' accessible names."""

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[str] = []
        self.labels: list[str] = []
        self.problems: list[str] = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "svg" and "card" in attrs.get("class", ""):
            self.labels.append(attrs.get("aria-label", ""))
        if tag not in VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag, attrs):
        pass

    def handle_endtag(self, tag):
        if tag in VOID:
            return
        if not self.stack or self.stack[-1] != tag:
            self.problems.append(f"</{tag}> closes {self.stack[-1:] or 'nothing'}")
        else:
            self.stack.pop()


def _parse(page: str) -> _Structure:
    parser = _Structure()
    parser.feed(page)
    parser.close()
    assert not parser.problems and not parser.stack, (parser.problems, parser.stack)
    return parser


def _secrets(exercise) -> list[str]:
    """Text that would give the answer away."""
    solution = exercise.solution()
    found = [line.reason for line in solution.lines] + list(solution.notes)
    if not (isinstance(exercise, MugginsExercise) and solution.answer == 0):
        found.append(solution.said)  # a right Muggins count says the true count aloud as its question
    return found


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("level", LEVELS)
def test_the_worksheet_holds_no_answer_and_the_key_holds_every_answer(kind, level):
    s = make_set(kind, level, 8, 21)
    sheet, key = worksheet_html(s), answer_key_html(s)
    sheet_md, key_md = worksheet_markdown(s), answer_key_markdown(s)
    for page in (sheet, sheet_md):
        assert "Answer key" not in page and "Said aloud" not in page and "true count" not in page
    html_blocks = sheet.split('<li class="question"')[1:]
    md_blocks = sheet_md.split("\n## ")[1:]
    assert len(html_blocks) == len(md_blocks) == len(s)
    for exercise, block, block_md in zip(s, html_blocks, md_blocks, strict=True):
        # Spoken counts name no cards, so two questions can share one: look in the question's own block.
        for secret in _secrets(exercise):
            assert secret not in block and secret not in block_md, secret
        # A breakdown line names its cards, so it must not appear anywhere on the sheet.
        assert not [line.reason for line in exercise.solution().lines if line.reason in sheet + sheet_md]
        for page in (key, key_md):
            assert key_headline(exercise) in page
            assert exercise.solution().said in page
            assert all(line.reason in page for line in exercise.solution().lines)


@pytest.mark.parametrize("kind", KINDS)
def test_pages_are_well_formed_self_contained_and_print_friendly(kind):
    s = make_set(kind, "hard", 6, 3)
    for page in (worksheet_html(s), answer_key_html(s)):
        _parse(page)
        assert page.startswith("<!DOCTYPE html>") and '<meta charset="utf-8">' in page
        assert "@media print" in page and "break-inside: avoid" in page
        assert "<script" not in page and "http" not in page and "src=" not in page


def test_every_card_is_drawn_and_named_in_words():
    s = make_set("counting", "hard", 6, 3)
    labels = _parse(worksheet_html(s)).labels
    assert labels == [c.name for e in s for c in (*e.hand, e.starter)]
    sheet = worksheet_html(s)
    for e in s:
        assert f"starter {e.starter.pretty}" in sheet
        assert all(c.pretty in sheet for c in e.hand)


def test_the_card_in_question_is_marked_in_drawing_and_in_words():
    s = make_set("play", "hard", 4, 3)
    labels = _parse(worksheet_html(s)).labels
    asked = [label for label in labels if label.endswith("the card in question")]
    assert asked == [f"{e.card.name}, the card in question" for e in s]
    assert all(isinstance(e, PlayExercise) for e in s)
    assert sum(label.endswith("says go") for label in labels) == sum(c is None for e in s for _, c in e.plays)


def test_a_students_sheet_carries_the_name_and_code_to_check_it_later():
    s = make_set("counting", "easy", 2, 4, student="Zoë <Ng>")
    sheet = worksheet_html(s)
    assert "Zoë &lt;Ng&gt;" in sheet and "<Ng>" not in sheet
    assert "counting/easy/2/4" in sheet and "and your name" in sheet
    assert "Name: Zoë <Ng>" in worksheet_markdown(s)


def test_one_key_covers_every_student_in_order_one_page_each():
    sets = class_sets("muggins", "medium", 3, 8, ["Ann", "Ben", "Cleo"])
    key = answer_key_html(sets)
    positions = [key.index(f"<h2>{name}</h2>") for name in ("Ann", "Ben", "Cleo")]
    assert positions == sorted(positions)
    assert "section.student + section.student { break-before: page; }" in key
    md = answer_key_markdown(sets)
    assert [line for line in md.splitlines() if line.startswith("# ") and "key" not in line] == [
        "# Ann", "# Ben", "# Cleo"]


def test_the_worksheet_offers_a_blank_for_each_kind_the_level_can_score():
    easy = worksheet_markdown(make_set("counting", "easy", 1, 1))
    hard = worksheet_markdown(make_set("counting", "hard", 1, 1))
    assert "fifteens ____ · pairs ____ · **total ____**" in easy
    assert "fifteens ____ · pairs ____ · runs ____ · flush ____ · his nobs ____ · **total ____**" in hard
    assert "Your call (accept / Muggins … / too high by …): ________" in worksheet_markdown(
        make_set("muggins", "easy", 1, 1))


def test_an_empty_list_of_sets_has_no_key():
    with pytest.raises(ValueError, match="at least one exercise set"):
        answer_key_html([])
    with pytest.raises(ValueError, match="at least one exercise set"):
        answer_key_markdown([])
