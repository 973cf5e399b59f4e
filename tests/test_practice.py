"""Practise my mistakes and today's hand, headless: wrong answers come back due, are asked again by
the lesson that first asked them, move up the deck's boxes on later days and leave it after three
right in a row; bad positions are refused in words; today's hand is the same deal for the same date
and keeps the streak. Then a smoke test of each view, as the page's progress sees it."""

from __future__ import annotations

import html
import re
from datetime import date, timedelta

import pytest
from ipywidgets import ToggleButton

from crib_widgets.cards import Card
from crib_widgets.errors import CribbageError
from crib_widgets.lessons import CountingLesson, MugginsLesson, PeggingLesson
from crib_widgets.lessons.daily import daily_hand
from crib_widgets.lessons.deck import DAYS, IN_A_ROW
from crib_widgets.lessons.kept import VARIABLE, Kept
from crib_widgets.lessons.practice import EMPTY, Practice, day_words, lesson_for
from crib_widgets.lessons.record import AnswerRecord
from crib_widgets.lessons.scenarios import SCENARIOS
from crib_widgets.lessons.store import Store
from crib_widgets.lessons.today import TodayHand
from crib_widgets.strategy.discard import advise_discard
from crib_widgets.widgets import progress_link
from crib_widgets.widgets.mistakes_view import MistakesView
from crib_widgets.widgets.today_view import TodayView

HAND, STARTER = "5H 5D 5S JC", "5C"
DAY = date(2026, 12, 2)


def kept_on(day: date = DAY, saved: str = "") -> Kept:
    return Kept(saved, today=day, device="d1")


def wrong_count(kept: Kept, hand: str = HAND, starter: str = STARTER) -> None:
    lesson = CountingLesson(hand, starter=starter)
    kept.take(lesson.check_total(lesson.score.total - 1).records, 0)


# ---- the deck asked again -----------------------------------------------------------------------------

def test_a_wrong_count_is_due_the_same_day_and_asked_with_its_own_hand_and_starter():
    kept = kept_on()
    wrong_count(kept)
    practice = Practice(kept)
    assert (practice.kind, practice.position, practice.left) == ("count", "5H 5D 5S JC | 5C", 1)
    assert practice.lesson.score.total == 29 and practice.lesson.position == practice.position
    assert practice.summary() == "1 mistake is due today: 1 hand to count."
    assert "five of hearts" in practice.question() and "starter five of clubs" in practice.question()


def test_right_first_tries_on_later_days_move_it_up_and_three_in_a_row_take_it_out():
    kept = kept_on()
    wrong_count(kept)
    day = DAY + timedelta(days=1)  # box 1 is due at once; answer it the next day
    for box in range(2, IN_A_ROW + 1):
        kept.today = day
        practice = Practice(kept)
        assert practice.position == "5H 5D 5S JC | 5C"
        assert practice.count("29") is True
        due = day + timedelta(days=DAYS[box - 1])
        (item,) = kept.store.deck.items
        assert (item.box, item.due, item.in_a_row) == (box, due, box - 1)
        assert practice.moved.startswith(f"Right! It moves up to box {box} and comes back")
        assert not practice.next()
        assert "Nothing is due today: your next mistake comes back" in practice.summary()
        day = due
    kept.today = day
    practice = Practice(kept)
    assert practice.count(29) is True
    assert not kept.store.deck.items and "leaves your deck" in practice.moved
    assert practice.summary() == EMPTY and not practice.next()


def test_a_wrong_answer_keeps_it_due_and_it_comes_back_at_the_end_of_the_round():
    kept = kept_on()
    wrong_count(kept)
    wrong_count(kept, "4H 5C 6D JS", "5S")
    practice = Practice(kept)
    first = practice.position
    assert practice.count(0) is False and "box 1" in practice.moved and practice.left == 2
    assert practice.next() and practice.position != first
    assert practice.count(practice.lesson.score.total) is True and practice.left == 1
    assert practice.next() and practice.position == first  # the round starts again with what is still due


def test_every_trainer_s_mistake_is_asked_by_its_own_lesson_and_graded_by_it():
    kept = kept_on()
    muggins = MugginsLesson(hands=[(HAND, STARTER, 28)])
    muggins.answer("accept")
    kept.take(muggins.records, 0)
    drill = PeggingLesson(topic="best", shuffle=False)
    wrong = next(c for c, pts, _ in drill.answer.options if pts != drill.answer.points)
    drill.pick(wrong)
    kept.take(drill.records, 0)
    asked = {}
    practice = Practice(kept)
    while practice.item is not None and practice.item.key not in asked:
        asked[practice.item.key] = practice.kind
        if practice.kind == "muggins":
            assert practice.lesson.announced == 28 and "as 28" in practice.question()
            with pytest.raises(CribbageError, match="cannot be called"):
                practice.call("muggins", 5)  # no hand holds 33: refused, nothing changes
            assert not practice.answered and practice.call("muggins", 1) is True
        else:
            assert practice.kind == "card" and practice.lesson.scenario is drill.scenario
            assert practice.pick(drill.answer.best_cards[0]) is True
        practice.next()
    assert sorted(asked.values()) == ["card", "muggins"]
    assert all(i.box == 2 for i in kept.store.deck.items)


def test_a_bad_answer_is_a_sentence_and_changes_nothing():
    kept = kept_on()
    wrong_count(kept)
    practice = Practice(kept)
    before = kept.text
    for typed, words in (("", "Nothing is typed"), ("lots", "is not a whole number"), (40, "0 to 29")):
        with pytest.raises(CribbageError, match=words):
            practice.count(typed)
    with pytest.raises(CribbageError, match="asks for a count, not a card to lay"):
        practice.pick("5H")
    assert kept.text == before and not practice.answered


@pytest.mark.parametrize(("lesson", "position", "words"), [
    ("counting", "5H 5D 5S JC", "is not a counting hand: write four cards, a bar and the starter"),
    ("counting", "5H 5D 5S JC | 5C flush", "is not a counting hand"),
    ("counting", "5H 5D 5S ZZ | 5C", "ZZ"),
    ("pegging", "3S 5D 4C", "is not a play to ask about: write the cards laid, a bar and the players"),
    ("pegging", "3S 5D 4C | 7 players", "is not a play to ask about"),
    ("pegging", "KS QD 9C 5H | 2 players", "31"),
    ("muggins", "5H 5D 5S JC | 5C | said lots", "is not a Muggins question: write the hand, the starter"),
    ("muggins", "5H 5D 5S JC | 5C | said 40", "announced count is 0 to"),
    ("darts", "5H 5D 5S JC | 5C", "is not a trainer whose questions can be asked again: use one of counting"),
    ("counting", None, "is not a counting hand"),
])
def test_a_bad_or_unknown_position_is_a_clear_error(lesson, position, words):
    with pytest.raises(CribbageError, match=words):
        lesson_for(lesson, position)


def test_every_built_in_play_comes_back_as_itself_and_other_plays_are_made_from_their_cards():
    for scenario in SCENARIOS:
        drill = PeggingLesson.from_position(PeggingLesson([scenario], shuffle=False).position_text)
        assert drill.scenario is scenario
    made = PeggingLesson.from_position("7H 8C | 2 players | hand 5S 9D KC 2H best")
    assert made.position_text == "7H 8C | 2 players | hand 5S 9D KC 2H best" and made.answer.points == 3
    assert CountingLesson.from_position("5H 5D 5S JC | 5C crib").score.crib


def test_a_question_that_cannot_be_asked_again_is_left_out_and_the_rest_go_on():
    kept = kept_on()
    wrong_count(kept)
    data = kept.store.to_dict()
    bad = dict(data["answers"][0], id="d1-9", position="5H 5D | 5C")
    data["answers"].append(bad)
    data["next"] = 10
    kept = kept_on(saved=Store.from_dict(data).to_text())
    practice = Practice(kept)
    assert practice.position == "5H 5D 5S JC | 5C" and practice.left == 1
    assert list(practice.skipped) == [("counting", "5H 5D | 5C")]


def test_a_mistake_of_another_page_is_not_asked_here_and_the_page_says_so():
    kept = kept_on()
    # a throw at a three-player table: the discard trainer asks only two-player throws
    throw = AnswerRecord("discarding", "discards", False, 1, False, "5H 6S 7D KC 2C | pone, 3 players", "KC")
    kept.take([throw], 0)
    practice = Practice(kept)
    assert practice.item is None
    assert practice.summary().startswith("Nothing to practise here today. (1 mistake")
    wrong_count(kept)
    assert Practice(kept).summary().startswith("1 mistake is due today: 1 hand to count. (1 mistake from")


def test_the_empty_deck_says_what_to_do_and_days_are_said_as_a_learner_says_them():
    practice = Practice(kept_on())
    assert practice.item is None and practice.kind == "" and practice.status() == EMPTY
    with pytest.raises(CribbageError, match="nothing is due"):
        practice.count(3)
    picture = Practice(Kept("", today=DAY, live=False))  # the book's build: no learner's progress read
    assert picture.summary() == "Your own mistakes come here, as this browser kept them."
    assert day_words(DAY, DAY) == "today"
    assert day_words(DAY + timedelta(days=1), DAY) == "tomorrow (Thursday 3 December)"
    assert day_words(DAY + timedelta(days=5), DAY) == "Monday 7 December"


# ---- today's hand -------------------------------------------------------------------------------------

def test_today_s_hand_is_the_same_deal_for_the_same_date_and_another_the_next_day():
    one, two = TodayHand(kept_on()), TodayHand(Kept("", today=DAY, device="d2"))
    assert one.hand == two.hand == daily_hand(DAY)
    assert one.hand.dealt != TodayHand(kept_on(DAY + timedelta(1))).hand.dealt
    assert [o.discard for o in one.advice] == [o.discard for o in advise_discard(one.hand.dealt,
                                                                                   dealer=one.hand.crib_is_yours)]


def test_the_throw_is_compared_with_the_advice_and_the_kept_hand_is_counted_by_the_counting_lesson():
    today = TodayHand(kept_on())
    worst = today.advice[-1]
    assert today.throw(worst.discard) is False
    assert today.rank == len(today.advice) and f"yours comes number {today.rank}" in today.throw_words()
    assert "The best throw was the" in today.throw_words()
    assert today.lesson.score.hand == tuple(sorted(worst.keep, key=lambda c: c.index)) or \
        set(today.lesson.score.hand) == set(worst.keep)
    assert today.lesson.score.starter == today.hand.starter
    total = today.lesson.score.total
    assert today.count(total + 1) is False and today.stage == "count"
    assert today.count(str(total)) is True and today.stage == "done"
    assert [a.right for a in today.kept.store.answers] == [False, True]  # the wrong count joins the deck
    assert today.kept.store.deck.due(DAY)[0].position == today.lesson.position


def test_a_bad_throw_or_count_is_a_sentence_and_changes_nothing():
    today = TodayHand(kept_on())
    dealt = today.hand.dealt
    stranger = next(c for c in map(Card.parse, ("AS", "2S", "3S", "4S", "5S", "6S", "7S")) if c not in dealt)
    for cards, words in (([dealt[0]], "1 card chosen: choose exactly two"),
                         (dealt[:3], "3 cards chosen"), ([dealt[0], stranger], "was not dealt to you"),
                         ("XX YY", "XX")):
        with pytest.raises(CribbageError, match=words):
            today.throw(cards)
    with pytest.raises(CribbageError, match="throw two cards to the crib first"):
        today.count(3)
    assert today.stage == "throw" and today.thrown == () and not today.kept.store.answers
    today.throw(today.advice[0].discard)
    for typed in ("", "many", 30):
        with pytest.raises(CribbageError):
            today.count(typed)
    assert today.stage == "count" and not today.kept.store.answers


def test_the_streak_counts_days_in_a_row_and_keeps_the_best():
    kept = kept_on(DAY - timedelta(days=3))
    for offset in (-3, -2, 0, 1):
        kept.today = DAY + timedelta(days=offset)
        today = TodayHand(kept)
        today.throw(today.advice[0].discard)
        today.show_count()
        assert today.stage == "done"
    assert kept.store.streak.current(kept.today) == 2 and kept.store.streak.best == 2
    assert today.streak_words() == "Your streak: 2 days in a row, your best yet!"
    kept.today = DAY + timedelta(days=2)
    again = TodayHand(kept)
    assert again.streak_words() == "Your streak: 2 days in a row, your best yet!"
    assert TodayHand(kept_on(DAY + timedelta(days=9), kept.text)).streak_words() == \
        "Your streak: 0 days in a row (your best: 2 days)."
    kept.today = DAY + timedelta(days=1)
    assert TodayHand(kept).status().startswith("You did today's hand already")


# ---- the views ----------------------------------------------------------------------------------------

@pytest.fixture
def page(monkeypatch):
    """A fresh live page with nothing saved, on DAY."""
    monkeypatch.setattr(progress_link, "_page", {})
    monkeypatch.setenv(VARIABLE, "")
    kept = progress_link.kept()
    kept.today = DAY
    return kept


def shown_text() -> str:
    match = re.search(r'<div class="crib-progress-text"[^>]*>(.*)</div>', progress_link.out().value, re.S)
    return html.unescape(match.group(1)) if match else ""


def test_the_mistakes_view_asks_a_due_hand_checks_it_by_enter_and_the_page_saves_it(page):
    wrong_count(page)
    view = MistakesView()
    assert progress_link.out() in view.children and view.kind == "count"
    assert "five of hearts" in view.question.value
    assert 'aria-label="Your hand: five of hearts' in view.table.value
    assert view.next_button.layout.display == "none" and "Type the points" in view.status_text
    view.answer_input.value = "many"
    view.check_button.click()
    assert "is not a whole number" in view.status_text and not view.practice.answered
    view.answer_input.value = "29"
    view.answer_input._handle_custom_msg({"event": "submit"}, [])  # Enter in the box
    assert "box 2" in view.feedback.value and view.status_text.startswith("Right!")
    assert Store.from_text(shown_text()).deck.items[0].box == 2
    assert view.next_button.description == "Done for today" and view.check_button.disabled
    view.next_button.click()
    assert view.kind == "" and "Nothing is due today" in view.status_text
    assert view.next_button.description == "Look again"


def test_the_mistakes_view_draws_a_play_and_a_muggins_count_with_their_controls(page):
    drill = PeggingLesson(topic="best", shuffle=False)
    drill.pick(next(c for c, pts, _ in drill.answer.options if pts != drill.answer.points))
    page.take(drill.records, 0)
    view = MistakesView()
    assert view.kind == "card" and view.hand_picker.layout.display is None
    assert view.muggins_row.layout.display == "none" and view.answer_row.layout.display == "none"
    assert view.hand_picker.buttons[0].tooltip == Card.parse(drill.scenario.hand[0]).name
    view.hand_picker.buttons[0].value = True  # a tap (or Space) chooses the card; Check judges it
    view.card_check.click()
    assert view.practice.answered and "Best:" in view.feedback.value


def test_a_which_card_question_is_chosen_by_a_tap_and_judged_only_on_check_once(page):
    """Issue 36: in Practise my mistakes a tap on a card judged it at once; now it only chooses it
    (pressed, which the page says as aria-pressed), and Check judges it, recorded once."""
    drill = PeggingLesson(topic="best", shuffle=False)
    best = drill.answer.best_cards[0]
    drill.pick(next(c for c, pts, _ in drill.answer.options if pts != drill.answer.points))
    page.take(drill.records, 0)
    view = MistakesView()
    before = len(page.store.answers)
    assert view.status_text.endswith("then press Check.") and view.card_row.layout.display is None
    view.card_check.click()  # nothing chosen yet: said, nothing kept
    assert "Choose a card first" in view.status_text and not view.practice.answered
    buttons = view.hand_picker.buttons
    wrong = next(b for b, c in zip(buttons, view.hand_picker.cards, strict=True) if c != best)
    wrong.value = True
    assert not view.practice.answered and len(page.store.answers) == before
    assert view.hand_picker.selected != (best,) and "Press Check" in view.status_text
    assert all(isinstance(b, ToggleButton) for b in buttons)  # the page says aria-pressed for each
    buttons[view.hand_picker.cards.index(best)].value = True  # choosing again moves the choice
    assert view.hand_picker.selected == (best,) and not wrong.value
    assert f"You chose the {best.name}" in view.status_text and len(page.store.answers) == before
    view.card_check.click()
    assert view.practice.answered and view.practice.right and len(page.store.answers) == before + 1
    view.card_check.click()  # judged once: the second press changes nothing
    view.check_button.click()
    assert len(page.store.answers) == before + 1 and all(b.disabled for b in buttons)


def test_a_board_position_is_chosen_by_a_tap_and_judged_only_on_check_once(page):
    """Issue 36: chapter 12's "who gets home first?" in Practise my mistakes judged the answer tapped;
    now a tap chooses it (pressed, "your choice" in its name) and Check judges it, once."""
    from crib_widgets.lessons.board_play import BoardPlay

    board = BoardPlay(kind="home", shuffle=False)
    q = board.question
    wrong_key = next(k for k, _ in q.options() if k != q.answer_key)
    board.choose(wrong_key)
    board.check()
    page.take(board.records, 0)
    view = MistakesView()
    before = len(page.store.answers)
    assert view.kind == "choice" and view.choice_box.layout.display is None
    assert [b.description for b in view.choice_row.buttons] == [w for _, w in q.options()]
    assert all("crib-choice" in b._dom_classes for b in view.choice_row.buttons)  # the page: aria-pressed
    view.choice_check.click()
    assert "Choose an answer first" in view.status_text and not view.practice.answered
    keys = [k for k, _ in q.options()]
    view.choice_row.buttons[keys.index(wrong_key)].click()
    assert not view.practice.answered and len(page.store.answers) == before
    right = view.choice_row.buttons[keys.index(q.answer_key)]
    right.click()  # choosing again moves the choice
    assert view.choice_row.chosen == q.answer_key and "mod-active" in right._dom_classes
    assert right.tooltip.endswith("(your choice)") and "Press Check" in view.status_text
    assert sum("mod-active" in b._dom_classes for b in view.choice_row.buttons) == 1
    view.choice_check.click()
    assert view.practice.answered and view.practice.right and len(page.store.answers) == before + 1
    view.choice_check.click()
    view.choice_row.buttons[keys.index(wrong_key)].click()  # disabled once judged: nothing moves
    assert len(page.store.answers) == before + 1 and view.choice_row.chosen == q.answer_key


def test_the_today_view_throws_two_counts_and_shows_the_streak(page):
    view = TodayView()
    assert progress_link.out() in view.children and view.stage == "throw"
    assert "Choose two cards" in view.status_text and view.count_row.layout.display == "none"
    assert all(b.tooltip == c.name for b, c in zip(view.picker.buttons, view.picker.cards, strict=True))
    view.picker.buttons[0].value = True
    assert "choose one more card" in view.status_text
    view.throw_button.click()
    assert "choose exactly two" in view.status_text.lower() and view.stage == "throw"
    best = view.today.advice[0].discard
    view.picker.select(best)
    view.throw_button.click()
    assert view.stage == "count" and "The best throw!" in view.throw_view.value
    assert "starter" in view.hand_view.value and view.count_row.layout.display is None
    view.answer_input.value = str(view.today.lesson.score.total)
    view.check_button.click()
    assert view.stage == "done" and "Your streak: 1 day in a row" in view.status_text
    assert Store.from_text(shown_text()).streak.days == {DAY}


def test_once_today_s_hand_is_done_it_can_be_played_out_at_a_game_table_on_the_same_six_cards(page):
    view = TodayView()
    assert view.play_row.layout.display == "none"  # nothing to play out before the hand is done
    view.picker.select(view.today.advice[0].discard)
    view.throw_button.click()
    view.show_button.click()
    assert view.stage == "done" and view.play_row.layout.display is None
    view.play_button.click()
    (table,) = view.table_box.children
    game = table.table.game
    assert game.dealer == view.today.hand.dealer
    assert sorted(map(str, game.hands[0])) == sorted(map(str, view.today.hand.dealt))
    assert view.play_row.layout.display == "none" and "on the table below" in view.status_text
    assert "Getting ready" not in table.status.value  # the table was made live, by a click
    view.play_button.click()  # a second press opens no second table
    assert len(view.table_box.children) == 1


def test_today_s_table_options_deal_the_day_s_cards_to_the_learner():
    from crib_widgets.game import Game

    today = TodayHand(Kept("", today=DAY, device="d1"))
    options = today.table_options()
    game = Game(deck=options["deck"], dealer=options["dealer"], seed=options["seed"])
    assert sorted(map(str, game.hands[0])) == sorted(map(str, today.hand.dealt))
    assert sorted(map(str, game.hands[1])) == sorted(map(str, today.hand.their_dealt))


def test_a_mistake_answered_right_in_its_trainer_says_why_it_is_not_asked_here():
    """Issue 36, item 9: a hand missed, then counted right in a chapter's trainer the same day, left
    Practise's list without a word."""
    kept = kept_on()
    wrong_count(kept)
    wrong_count(kept, "2H 3H 4H 9S", "KD")
    lesson = CountingLesson(HAND, starter=STARTER)  # the hand comes up again in a trainer: right
    kept.take(lesson.check_total(29).records, 0)
    practice = Practice(kept)
    assert practice.left == 1 and practice.position == "2H 3H 4H 9S | KD"
    assert practice.summary() == (
        "1 mistake is due today: 1 hand to count. (1 mistake was answered right today (in its chapter's "
        "trainer, or here earlier), so it is not asked now: it moved up a box and comes back tomorrow "
        "(Thursday 3 December).)")
    practice.count(practice.lesson.score.total)  # answered here: said by the answer itself
    practice.next()
    assert practice.summary().startswith("Nothing is due today: your next mistake comes back tomorrow")
    assert practice.summary().count("answered right today") == 1
