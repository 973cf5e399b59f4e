"""PeggingDrill driven headlessly: every scenario solved by the engine, explained with reasons."""

from __future__ import annotations

import re

import pytest

from crib_widgets.cards import Card, full_deck
from crib_widgets.colours import COLOURS
from crib_widgets.errors import CribbageError
from crib_widgets.lessons import SCENARIOS, TOPICS, Scenario
from crib_widgets.pegging import score_sequence
from crib_widgets.widgets import PeggingDrill
from crib_widgets.widgets.pegging_drill import solve
from crib_widgets.widgets.styles import STATIC_NOTE


def _by_title(title: str) -> Scenario:
    return next(s for s in SCENARIOS if s.title == title)


def test_every_topic_has_scenarios_and_every_scenario_solves():
    from crib_widgets.lessons.techniques import POSITIONS, TECHNIQUES

    assert {s.topic for s in SCENARIOS} == set(TOPICS) - set(TECHNIQUES)  # chapter 11's are stored
    assert {s.topic for s in POSITIONS} == set(TECHNIQUES)
    for s in SCENARIOS:
        answer = solve(s)
        if s.ask == "last":
            assert answer.points == sum(int(r.split()[0]) for r in answer.reasons)


@pytest.mark.parametrize(
    ("title", "points", "reason"),
    [
        ("A run laid out of order", 3, "run of 3"),
        ("A broken run healed", 3, "run of 3: 3♦ + 2♥ + 4♠"),
        ("A card in between", 0, None),
        ("Four of a kind (double pair royal)", 12, "four of a kind"),
        ("Fifteen and three of a kind", 8, "three of a kind"),
        ("Thirty-one and a run", 5, "thirty-one"),
        ("A run and the go", 4, "1 for the go"),
        ("The last card of the play", 3, "1 for the last card"),
        ("Go with three players", 1, "1 for the go"),
    ],
)
def test_scenario_answers_and_reasons(title, points, reason):
    answer = solve(_by_title(title))
    assert answer.points == points
    if reason:
        assert any(reason in r for r in answer.reasons)
    else:
        assert answer.reasons == ()


def test_thirty_one_with_the_last_card_scores_two_not_three():
    answer = solve(_by_title("Thirty-one with the last card"))
    assert answer.points == 2 and answer.reasons == ("2 for thirty-one: K♠ + Q♦ + 6♣ + 5♥",)


def test_the_go_point_agrees_with_the_engine_sequence():
    s = _by_title("Two players keep going after a go")
    assert solve(s).points == score_sequence(list(s.plays), 3)[4] == 1


def test_first_view_shows_cards_count_question_and_note():
    d = PeggingDrill(topic="sets", shuffle=False)
    assert "A pair" in d.heading.value
    assert "eight of hearts" in d.table.value and ">16</span>" in d.table.value
    assert "How many points does your 8♣ score?" in d.question.value
    assert STATIC_NOTE in d.status.value and "<details" in d.peek.value


def test_wrong_then_right_answer():
    d = PeggingDrill(topic="15-31", shuffle=False)
    d.answer_input.value = 2
    d.check_button.click()
    assert "Not quite" in d.status.value and d.tally == (0, 1)
    d.answer_input.value = 8
    d.check_button.click()
    assert "Right" in d.status.value and "6 for three of a kind" in d.feedback.value
    assert d.tally == (0, 1)


def test_which_card_question_by_clicking_a_card():
    d = PeggingDrill(topic="best", shuffle=False)
    assert d.answer_input.layout.display == "none" and d.answer_row.layout.display is None  # Check alone
    assert [b.description for b in d.hand_picker.buttons] == ["4♠", "4♦", "7♥", "K♣"]
    d.hand_picker.buttons[0].click()
    assert d.tally == (0, 0) and d.lesson.records == [] and "Press Check" in d.status_text
    d.check_button.click()
    assert d.tally == (1, 1)
    assert "Best: <b>4♠ or 4♦</b> for 5" in d.feedback.value
    assert all(b.disabled for b in d.hand_picker.buttons)


def test_a_card_that_would_pass_31_is_explained_not_scored():
    d = PeggingDrill([_by_title("Reach 31")], shuffle=False)
    d.hand_picker.buttons[1].click()  # 8♣ on 25
    assert "cannot be laid" in d.status.value and d.tally == (0, 0)
    d.check_button.click()
    assert "Choose a card" in d.status_text and d.tally == (0, 0)
    d.hand_picker.buttons[0].click()
    d.check_button.click()
    assert d.tally == (1, 1) and "2 for thirty-one" in d.feedback.value


def test_show_me_reveals_counts_as_tried_and_next_moves_on():
    d = PeggingDrill(topic="runs", shuffle=False)
    d.reveal_button.click()
    assert "3♠ + 5♦ + 4♣" in d.feedback.value and d.tally == (0, 1)
    d.next_button.click()
    assert d.scenario.title == "A run of four, shuffled" and d.feedback.value == ""


def test_topic_picker_and_shuffle():
    d = PeggingDrill(shuffle=True, seed=3)
    assert len(d.queue) == len(SCENARIOS)
    d.topic_picker.value = "go"
    assert {s.topic for s in d.queue} == {"go"}


def test_safest_card_is_the_expert_look_ahead_choice():
    from crib_widgets.strategy.pegging_choice import PlayView, expert_play

    s = _by_title("The safest lead")
    answer = solve(s)
    assert answer.best_cards == (Card.parse("4C"),)
    hand = tuple(Card.parse(c) for c in s.hand)
    unseen = tuple(c for c in full_deck() if c not in hand)
    assert expert_play(PlayView(hand=hand, pile=(), count=0, unseen=unseen, next_held=4)) == Card.parse("4C")
    d = PeggingDrill([s, _by_title("Keep away from 21")], shuffle=False)
    assert "which card gives the least away?" in d.question.value and "you lead" in d.table.value
    d.hand_picker.buttons[0].click()  # 5♥: a ten-card answers for fifteen
    d.check_button.click()
    assert "Not quite" in d.status.value
    d.hand_picker.buttons[1].click()
    d.check_button.click()
    assert "Safest: <b>4♣</b>" in d.feedback.value and d.tally == (0, 1)


def test_bad_options_are_refused():
    with pytest.raises(CribbageError, match="topic 'x' is not known"):
        PeggingDrill(topic="x")
    with pytest.raises(ValueError, match="'best' question is asked when it is You's turn"):
        Scenario("best", "t", ("5H",), ask="best", hand=("5D",))
    assert Card.parse("5H")  # the module still works after refusals


def test_the_safe_questions_have_answers_that_obey_their_titles():
    from crib_widgets.pegging import play_points

    s = _by_title("Don't set up a run or a fifteen")
    pile = [Card.parse(p) for p in s.plays]
    unseen = [c for c in full_deck() if c not in pile and str(c) not in s.hand]
    (best,) = solve(s).best_cards
    kinds = {item.kind for reply in unseen if sum(c.value for c in pile) + best.value + reply.value <= 31
             for item in play_points([*pile, best, reply]).items}
    assert not kinds & {"fifteen", "run"}, kinds  # no reply to the answer makes a fifteen or a run
    others = [Card.parse(c) for c in s.hand if Card.parse(c) != best]
    assert all(any(play_points([*pile, c, r]).items and play_points([*pile, c, r]).items[0].kind in
                   ("fifteen", "run") for r in unseen if sum(x.value for x in pile) + c.value + r.value <= 31)
               for c in others)  # and every other card does set one up
    (lead,) = solve(_by_title("The safest lead")).best_cards
    assert lead.rank != 5
    (away,) = solve(_by_title("Keep away from 21")).best_cards
    assert sum(Card.parse(p).value for p in _by_title("Keep away from 21").plays) + away.value != 21


def test_each_safety_explanation_names_the_cards_that_answer():
    answer = solve(_by_title("Don't set up a run or a fifteen"))
    why = {str(card): "; ".join(reasons) for card, _, reasons in answer.options}
    assert "makes 12" in why["5S"] and "a 6 for 3 (a run of 3" in why["5S"]
    assert "a 3 for 2 (fifteen" in why["5S"]
    assert "an 8 for 3 (a run of 3; 4 of 47 unseen cards)" in why["9S"]
    assert "a jack for 2 (a pair" in why["JH"]
    assert len(set(why.values())) == len(why)  # no two cards get the same words


def test_questions_come_shuffled_by_seed_with_a_progress_count():
    a, b, c = PeggingDrill(), PeggingDrill(), PeggingDrill(seed=2)
    assert [s.title for s in a.queue] == [s.title for s in b.queue]  # snapshot and live page agree
    assert [s.title for s in a.queue] != [s.title for s in SCENARIOS]
    assert [s.title for s in a.queue] != [s.title for s in c.queue]
    assert sorted(s.title for s in a.queue) == sorted(s.title for s in SCENARIOS)
    assert f"Question 1 of {len(SCENARIOS)}" in a.heading.value
    a.next_button.click()
    assert f"Question 2 of {len(SCENARIOS)}" in a.heading.value
    first_round = list(a.queue)
    for _ in range(len(SCENARIOS) - 1):
        a.next_button.click()
    assert "Question 1 of" in a.heading.value and a.queue != first_round  # a new round, a new order


# ---- what a teacher saw (issue 22): Enter, tap, the button to press next, the card chosen ---------


def _enter(d: PeggingDrill) -> None:
    """Enter in the points box, as the page sends it (a "submit" message)."""
    d.answer_input._handle_custom_msg({"event": "submit"}, [])


def test_enter_in_the_points_box_checks_the_answer():
    d = PeggingDrill(topic="15-31", shuffle=False)  # fifteen and three of a kind: 8
    assert d.answer_input.value == "" and "press Enter or Check" in d.status_text
    d.answer_input.value = "2"
    _enter(d)
    assert "Not quite. You said 2." in d.status_text and d.tally == (0, 1)
    d.answer_input.value = "8"
    _enter(d)
    assert d.status_text.startswith("Right. You said 8.") and d.tally == (0, 1)


def test_enter_checks_a_nought_even_when_the_box_held_it_already():
    d = PeggingDrill([_by_title("A card in between")], shuffle=False)  # scores nothing
    d.answer_input.value = "0"
    _enter(d)
    _enter(d)  # a second Enter on an answered question changes nothing
    assert d.status_text.startswith("Right. You said 0.") and d.tally == (1, 1)


@pytest.mark.parametrize(("typed", "said"), [
    ("", "Type a number of points first"),
    ("   ", "Type a number of points first"),
    ("many", '"many" is not a whole number of points: type one from 0 to 31'),
    ("2.5", '"2.5" is not a whole number'),
    ("-1", "-1 cannot be the answer"),
    ("40", "40 cannot be the answer"),
])
def test_a_box_without_a_number_of_points_is_explained_and_not_counted(typed, said):
    d = PeggingDrill(topic="sets", shuffle=False)
    d.answer_input.value = typed
    _enter(d)
    assert d.status_text.startswith(said) and d.tally == (0, 0) and not d.feedback.value
    d.answer_input.value = " 2 "  # spaces around a number are fine
    d.check_button.click()
    assert d.status_text.startswith("Right. You said 2.") and d.tally == (1, 1)


def test_after_an_answer_next_is_the_one_strong_button_and_a_new_question_gives_it_back():
    d = PeggingDrill(topic="sets", shuffle=False)

    def styles() -> tuple[str, str, str]:
        return d.check_button.button_style, d.reveal_button.button_style, d.next_button.button_style

    assert styles() == ("primary", "info", "")
    d.answer_input.value = "1"
    d.check_button.click()
    assert styles() == ("primary", "info", "")  # a wrong answer: Check again, or Show me
    d.answer_input.value = "2"
    d.check_button.click()
    assert styles() == ("", "", "primary")
    d.next_button.click()
    assert styles() == ("primary", "info", "") and d.answer_input.value == ""
    d.reveal_button.click()
    assert styles() == ("", "", "primary")


def test_the_which_card_questions_say_tap_or_click_never_click_alone():
    d = PeggingDrill(topic="best", shuffle=False)
    assert d.status_text.startswith("Tap or click the card") and "Tab" in d.status_text
    assert d.status_text.endswith("then press Check.")
    texts = []
    for _ in d.queue:
        texts.append(d.status_text)
        d.next_button.click()
    assert not [t for t in texts if t.startswith("Click")]


def test_the_card_chosen_stands_raised_and_says_so_in_words():
    d = PeggingDrill(topic="best", shuffle=False)  # on 5-6: 4♠ or 4♦ make a run for 5 (7♥ scores 3)
    assert all("crib-choice" in b._dom_classes for b in d.hand_picker.buttons)  # the page: aria-pressed
    d.hand_picker.buttons[2].click()  # 7♥: a run too, but not the most
    seven = d.hand_picker.buttons[2]
    assert "mod-active" in seven._dom_classes and d.lesson.records == []
    d.check_button.click()
    assert "Not quite" in d.status_text and "mod-active" in seven._dom_classes
    assert seven.tooltip == "seven of hearts, your choice"
    d.hand_picker.buttons[0].click()  # 4♠: the choice moves
    d.check_button.click()
    four = d.hand_picker.buttons[0]
    assert "mod-active" not in seven._dom_classes and "mod-active" in four._dom_classes
    assert four.tooltip == "four of spades, your choice" and four.disabled
    text = _text(d.feedback.value)  # as read aloud, but with the cards' faces
    assert "4♠ ★ (your choice)" in text and "4♦ ★:" in text
    d.next_button.click()
    assert not any("mod-active" in b._dom_classes for b in d.hand_picker.buttons)


def test_show_me_after_a_wrong_card_keeps_it_marked():
    d = PeggingDrill([_by_title("Make the most of a pair")], shuffle=False)
    d.hand_picker.buttons[0].click()  # A♠ on 7-7: nothing
    d.check_button.click()
    d.reveal_button.click()
    assert "A♠: no points (your choice)" not in d.feedback.value  # the mark sits by the card's name
    assert "A♠ (your choice)" in _text(d.feedback.value) and "your choice" in d.hand_picker.buttons[0].tooltip


def test_the_topic_menu_offers_only_topics_the_drill_has():
    chosen = [s for s in SCENARIOS if s.topic in ("runs", "go")]
    d = PeggingDrill(chosen, seed=1)
    assert [key for _, key in d.topic_picker.options] == ["all", "runs", "go"]
    d.topic_picker.value = "go"
    assert {s.topic for s in d.queue} == {"go"}
    d.topic_picker.value = "all"
    assert len(d.queue) == len(chosen)


def test_typing_and_leaving_the_box_judges_nothing_and_the_box_as_shown_is_judged():
    """Issue 36, items 1 and 5: only Check or Enter asks, and what it judges is the box's text (12, not 1)."""
    from crib_widgets.widgets.answer_box import CHECK_CLASS, heard_class

    d = PeggingDrill(topic="sets", shuffle=False)
    assert CHECK_CLASS in d.check_button._dom_classes and d.answer_input.continuous_update
    d.answer_input.value = "1"
    d.answer_input.value = "12"  # typed, then the box left: a blur sends it again
    d.answer_input.value = "12"
    assert d.lesson.records == [] and d.tally == (0, 0)
    assert heard_class("12") in d.answer_input._dom_classes
    d.answer_input._handle_custom_msg({"event": "submit"}, [])
    assert "You said 12" in d.status_text and d.lesson.records[-1].given == "12"
    records = list(d.lesson.records)
    d.check_button.click()  # Enter, then Check: the same answer once
    assert d.lesson.records == records and "already" in d.status_text


def test_a_value_that_loses_is_never_drawn_in_the_green_of_points_won():
    """Issue 36, item 7: "safest" answers listed -1.3 in green, the colour of points won."""
    import re

    from crib_widgets.lessons.pegging import solve
    from crib_widgets.widgets.styles import CSS

    d = PeggingDrill(shuffle=False)
    losing = next(s for s in d.all_scenarios
                  if s.ask == "safest" and any(v is not None and v < 0 for _, v, _ in solve(s).options))
    d.show(losing)
    d.reveal_button.click()
    spans = re.findall(r'<span class="([^"]*)">([^<]*)</span>', d.feedback.value)
    values = [(cls, text) for cls, text in spans if "crib-pts" in cls and text != "—"]
    assert any(text.startswith("−") for _, text in values), "a value below 0 keeps its minus sign"
    for cls, text in values:
        assert ("crib-neg" in cls) == text.startswith("−"), (cls, text)
    assert ".crib-pts.crib-neg { color: var(--crib-negative); }" in CSS and COLOURS["negative"] == "#a93226"


def test_a_question_put_on_show_is_headed_with_its_own_number_and_next_goes_on_from_it():
    """show() of the third question headed it "Question 1 of N" (the drill's place was not moved)."""
    d = PeggingDrill(shuffle=False)
    n = len(d.queue)
    d.show(d.queue[2])
    assert f"Question 3 of {n}" in d.heading.value and f"question 3 of {n}" in d.tally_view.value
    d.next_button.click()
    assert d.scenario is d.queue[3] and f"Question 4 of {n}" in d.heading.value


def test_a_question_from_outside_the_queue_is_headed_as_an_extra():
    d = PeggingDrill(topic="runs", shuffle=False)
    n = len(d.queue)
    other = next(s for s in d.all_scenarios if s.topic == "go")
    d.show(other)
    assert "Question 1 of" not in d.heading.value
    assert f"An extra question (Next goes on to question 2 of {n})" in d.heading.value
    d.next_button.click()
    assert d.scenario is d.queue[1] and f"Question 2 of {n}" in d.heading.value


def _text(html: str) -> str:
    """The page's text without its tags."""
    return re.sub(r"<[^>]+>", "", html)


def test_each_card_s_value_is_apart_from_the_card_and_the_card_is_named_in_words():
    """Show me read '+2.93♦ ★' aloud (the value 2.9 and the 3 of diamonds ran together)."""
    from crib_widgets.lessons.techniques import find

    d = PeggingDrill([find((), ("3D", "3H", "4C"))], shuffle=False)
    d.reveal_button.click()
    html = d.feedback.value
    assert "+2.93♦" not in _text(html) and "+2.9 3♦ ★" in _text(html)
    assert 'aria-label="three of diamonds"' in html and 'aria-label="four of clubs"' in html
    # the 4♣'s stored reason is the 3's (the 3 keeps the 4 for later): said once, its line points up
    assert _text(html).count("the 3 keeps your 4 for later") == 1 and "4♣: the reason above" in _text(html)
