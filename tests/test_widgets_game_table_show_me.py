"""Show me says what it did: in the discard it raises the best throw and says so, and the learner who
then taps a raised card, as the chapter says, puts it back with the reason in the status (issue 36
item 6)."""

from __future__ import annotations

from crib_widgets.widgets import GameTable


def test_show_me_says_it_raised_the_cards_and_lay_in_the_crib_throws_them():
    t = GameTable(seed=5, strength="beginner")
    t.hint_button.click()
    best = t.advice.best
    assert set(t.picker.selected) == set(best) and not t.lay_button.disabled
    shown = " ".join(c.pretty for c in best)
    assert t.status_text.startswith(f"Show me raised {shown} for you: press Lay in the crib")
    assert "(raised for you)" in t.advice_view.value
    t.lay_button.click()
    assert t.game.phase in ("play", "over") or t.table.paused
    assert set(best) <= set(t.game.crib)


def test_tapping_a_raised_card_puts_it_back_and_says_what_to_do():
    t = GameTable(seed=5, strength="beginner")
    t.hint_button.click()
    raised = next(b for b in t.picker.buttons if b.value)
    raised.value = False
    assert len(t.picker.selected) == 1 and t.lay_button.disabled
    assert "(1 chosen)" in t.status_text and "tap or click the cards" in t.status_text
