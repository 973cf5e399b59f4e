"""GameTable with people passing one device: it draws the Table's pass-and-play state. No card a
person holds (or any crib card) is on the page while the device is being passed; the person who
takes it sees their own cards; hints follow the person; the review at the end is everyone's."""

from __future__ import annotations

import html
import random
import re

import pytest

from crib_widgets.errors import CribbageError
from crib_widgets.widgets import GameTable
from crib_widgets.widgets.game_table import people_seats


def page_html(widget) -> str:
    """Every HTML value and button label on the widget's page that is shown (display not none)."""
    if getattr(widget, "layout", None) is not None and widget.layout.display == "none":
        return ""
    parts = [getattr(widget, "value", "") if isinstance(getattr(widget, "value", None), str) else ""]
    parts.append(getattr(widget, "description", "") or "")
    for child in getattr(widget, "children", ()):
        parts.append(page_html(child))
    return " ".join(parts)


def secret_cards(t: GameTable) -> set[str]:
    game = t.game
    held = {str(c) for hand in game.hands for c in hand}
    return held | ({str(c) for c in game.crib} if game.phase in ("discard", "play") else set())


def shown_cards(t: GameTable) -> set[str]:
    return set(re.findall(r'data-card="([^"]+)"', page_html(t))) | {
        str(c) for c in t.picker.cards if t.picker.layout.display is None}


def click_through(t: GameTable, rng: random.Random, limit: int = 5000) -> dict:
    seen = {"passes": 0, "names": set()}
    for _ in range(limit):
        game = t.game
        if game.is_over:
            return seen
        table = t.table
        if t.paused:
            t.continue_button.click()
        elif table.passing is not None:
            name = game.names[table.passing]
            assert t.status_text == f"Pass to {name}: tap when only {name} is looking."
            assert t.take_button.description == f"I am {name}: show my cards"
            assert t.pass_row.layout.display is None and t.picker.layout.display == "none"
            assert not t.picker.cards, "the last person's cards are gone from the page"
            leaked = shown_cards(t) & secret_cards(t)
            assert not leaked, f"cards shown while passing to {name}: {leaked}"
            if seen["passes"]:  # (not on the page's first drawing: nothing is taken from the reader)
                assert t.focused is t.take_button
            seen["passes"] += 1
            seen["names"].add(name)
            t.take_button.click()
            assert table.passing is None
            assert f"{game.names[table.you]}'s hand" in html.unescape(t.hand_label.value)
            mine = {str(c) for c in game.hands[table.you]}
            others = secret_cards(t) - mine
            assert not shown_cards(t) & others, "another person's cards are on the page"
        elif table.waiting:
            t.next_move_button.click()
        elif game.phase == "discard":
            assert {str(c) for c in t.picker.cards} == {str(c) for c in game.hands[table.you]}
            for b in rng.sample(t.picker.buttons, game.rules.discards):
                b.value = True
            t.lay_button.click()
            if table.warning is not None:
                t.lay_button.click()
        elif game.phase == "play":
            rng.choice([b for b in t.picker.buttons if not b.disabled]).click()
            if table.warning is not None:
                rng.choice([b for b in t.picker.buttons if not b.disabled]).click()
        elif game.phase == "announce":
            t.announce_input.value = "0"
            t.announce_button.click()
        elif game.phase == "answer":
            t.accept_button.click()
    raise AssertionError("the game did not end")


@pytest.mark.parametrize(("options", "people"), [
    (dict(players=2), ("Ann", "Ben")),
    (dict(players=4, partners=True), ("Ann", "Ben", "Cy", "Di")),
    (dict(players=3, muggins=True), ("Ann", "Ben")),
])
def test_people_pass_the_device_through_a_whole_game(options, people):
    t = GameTable(**options, people=people, seed=21, hints="off", pace="next")
    assert "at this device" in t.rules_view.value
    seen = click_through(t, random.Random(21))
    assert seen["names"] == set(people) and seen["passes"] >= len(people)
    assert t.game.is_over and "Game over" in t.status_text


def test_hints_follow_the_person_holding_the_device():
    t = GameTable(people=("Ann", "Ben"), seed=5, dealer=0)
    t.take_button.click()  # Ben throws first (left of the dealer)
    assert t.game.names[t.table.you] == "Ben" and t.options["hints"].value == "show"
    t.options["hints"].value = "off"
    assert t.table.hints[1][0] == "off" and t.table.hints[0][0] == "show"
    assert t.hint_button.layout.display == "none"
    for b in t.picker.buttons[:2]:
        b.value = True
    t.lay_button.click()
    t.take_button.click()
    assert t.game.names[t.table.you] == "Ann" and t.options["hints"].value == "show"
    assert t.hint_button.layout.display is None
    t.hint_button.click()
    assert "Show me" in t.advice_view.value


def test_the_review_at_the_end_is_each_persons():
    t = GameTable(people=("Ann", "Ben"), seed=8, hints="off")
    click_through(t, random.Random(8))
    t.review_button.click()
    said = html.unescape(t.review_view.value)
    assert "Review of Ann's game" in said and "Review of Ben's game" in said


def test_a_pass_and_play_game_saves_and_restores_hidden():
    t = GameTable(people=("Ann", "Ben"), seed=12)
    t.take_button.click()
    for b in t.picker.buttons[:2]:
        b.value = True
    t.lay_button.click()
    t.save_button.click()
    other = GameTable(seed=1)
    other.save_box.value = t.save_box.value
    other.restore_button.click()
    assert other.table.people == (0, 1) and other.game.names == ("Ann", "Ben")
    waiting_for = t.table.passing
    assert waiting_for is not None and other.table.passing == waiting_for
    assert other.picker.layout.display == "none" and not other.picker.cards
    assert f"Pass to {other.game.names[waiting_for]}" in other.status_text


def test_people_from_the_options_panel_and_bad_names_refused():
    t = GameTable(seed=2)
    t.options["players"].value = 3
    t.people_input.value = "Ann, Ben"
    t.people_button.click()
    assert t.game.names == ("Ann", "Ben", "Computer") and t.table.people == (0, 1)
    before = t.game
    t.people_input.value = "Ann"
    t.people_button.click()
    assert t.game is before and "pass and play needs 2 to 3 people's names" in t.status_text
    t.people_input.value = "Ann, ann"
    t.people_button.click()
    assert t.game is before and "two seats are both called 'ann'" in t.status_text
    with pytest.raises(CribbageError, match="pass and play needs 2 to 2 people's names"):
        GameTable(people=("Ann", "Ben", "Cy"))
    assert people_seats(["Ann", "Ben"], 4, "expert") == (
        ("person", "person", "expert", "expert"), ("Ann", "Ben", "Computer 1", "Computer 2"))
