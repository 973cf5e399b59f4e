"""Chapter 11's technique questions in the PeggingDrill view, driven by .click(): a card is chosen
(raised and named "your choice" for screen readers) and judged only when Check is pressed; the
answer says which card a strong player lays and why, each card with its reason."""

from __future__ import annotations

from crib_widgets.cards import Card
from crib_widgets.lessons.techniques import POSITIONS, of, record_of
from crib_widgets.widgets import PeggingDrill


def _button(drill: PeggingDrill, text: str):
    return drill.hand_picker.buttons[drill.hand_picker.cards.index(Card.parse(text))]


def test_a_card_is_chosen_by_click_and_judged_only_on_check():
    drill = PeggingDrill(of("lead"), shuffle=False)
    record = record_of(drill.scenario)
    assert drill.question.value.endswith("which card would a strong player lay?</div>")
    assert drill.answer_row.layout.display is None and drill.answer_input.layout.display == "none"
    assert [b.tooltip for b in drill.hand_picker.buttons] == [Card.parse(c).name for c in drill.scenario.hand]
    assert "Your opponent holds" in drill.heading.value  # what the learner could know, in words

    drill.check_button.click()  # nothing chosen yet: said, nothing recorded
    assert "Choose a card" in drill.status.value and drill.lesson.records == []

    tempting = _button(drill, record["tempting"])
    tempting.click()
    assert drill.lesson.records == [] and drill.tally == (0, 0)  # chosen, not judged
    assert "mod-active" in tempting._dom_classes and tempting.tooltip.endswith(", your choice")
    assert "Press Check" in drill.status.value

    drill.check_button.click()
    assert drill.tally == (0, 1) and len(drill.lesson.records) == 1 and not drill.lesson.done
    assert "A strong player would not lay" in drill.status.value and drill.feedback.value == ""

    right = _button(drill, record["answer"])
    right.click()
    drill.check_button.click()
    assert drill.lesson.done and len(drill.lesson.records) == 2
    html = drill.feedback.value
    assert "A strong player lays" in html and "Why: the " in html and "(your choice)" in html
    assert all(b.disabled for b in drill.hand_picker.buttons)
    assert drill.next_button.button_style == "primary"
    drill.check_button.click()  # answered: Check again records nothing
    assert len(drill.lesson.records) == 2


def test_show_me_gives_every_cards_reason_and_the_topic_menu_offers_the_techniques():
    drill = PeggingDrill(POSITIONS, seed=5)
    drill.reveal_button.click()
    assert "A strong player lays" in drill.feedback.value and drill.tally == (0, 1)
    labels = {label for label, _ in drill.topic_picker.options}
    assert {"Safe leads", "The Magic Eleven", "Counting down to 31"} <= labels
    drill.topic_picker.value = "eleven"
    assert drill.scenario.topic == "eleven" and drill.feedback.value == ""
    drill.next_button.click()
    assert drill.scenario.topic == "eleven"


def test_a_note_says_where_a_strong_players_habit_and_the_computers_figures_differ():
    noted = [s for s in of("lead") if record_of(s)["note"]]
    drill = PeggingDrill(noted, shuffle=False)
    drill.reveal_button.click()
    assert "rule of thumb" in drill.feedback.value and "Our strongest computer player" in drill.feedback.value


def test_a_wrong_card_is_told_why_at_once_from_the_stored_reason():
    """'A strong player would not lay 5♥ here' gave no reason until Show me."""
    drill = PeggingDrill(of("lead"), shuffle=False)
    record = record_of(drill.scenario)
    _button(drill, record["tempting"]).click()
    drill.check_button.click()
    why = record["options"][record["tempting"]]["why"]
    card = Card.parse(record["tempting"]).pretty
    assert f"A strong player would not lay {card} here: {why}." in drill.status_text
    assert "Show me" in drill.status_text and drill.feedback.value == ""
