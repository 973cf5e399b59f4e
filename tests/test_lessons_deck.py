"""The deck of the learner's mistakes, driven by real answers to the lesson models: wrong answers come
in due now, right first tries climb the Leitner boxes, three in a row leave, and what is due comes
oldest first."""

from __future__ import annotations

from datetime import date, timedelta

from hypothesis import given, settings
from hypothesis import strategies as st

from crib_widgets.lessons import CountingLesson, MugginsLesson, PeggingLesson
from crib_widgets.lessons.deck import DAYS, IN_A_ROW, Deck
from crib_widgets.lessons.progress import Answer
from crib_widgets.lessons.store import Store

HAND, STARTER = "5H 5D 5S JC", "5C"
OTHER = ("4H 5C 6D JS", "5S")
DAY = date(2026, 12, 2)
_ids = iter(range(1, 10**6))


def answered(records, day: date) -> Answer:
    return Answer.of(records, f"t-{next(_ids)}", day)


def count(right: bool, hand=(HAND, STARTER)):
    lesson = CountingLesson(hand[0], starter=hand[1])
    return lesson.check_total(lesson.score.total if right else lesson.score.total - 1).records


def second_try_right(hand=(HAND, STARTER)):
    lesson = CountingLesson(hand[0], starter=hand[1])
    lesson.check_total(0)
    return lesson.check_total(lesson.score.total).records


def hinted_right(hand=(HAND, STARTER)):
    lesson = CountingLesson(hand[0], starter=hand[1])
    lesson.next_step()
    return lesson.check_total(lesson.score.total).records


def test_a_wrong_hand_enters_box_one_due_now_with_what_the_trainer_needs_to_ask_it_again():
    deck = Deck.of([answered(count(False), DAY)])
    (item,) = deck.due(DAY)
    assert (item.lesson, item.position, item.box, item.due, item.added) == ("counting", "5H 5D 5S JC | 5C", 1,
                                                                             DAY, DAY)
    again = CountingLesson(*item.position.split(" | "))  # the trainer deals it again from the position
    assert again.score.total == 29


def test_right_first_tries_climb_the_boxes_and_three_in_a_row_leave_the_deck():
    deck = Deck.of([answered(count(False), DAY)])
    day = DAY
    for box in range(2, IN_A_ROW + 1):
        deck.answer(answered(count(True), day))
        (item,) = deck.items
        assert item.box == box and item.in_a_row == box - 1
        assert item.due == day + timedelta(days=DAYS[box - 1])
        assert deck.due(item.due - timedelta(days=1)) == [] and deck.due(item.due) == [item]
        day = item.due
    deck.answer(answered(count(True), day))
    assert len(deck) == 0
    assert DAYS == (0, 1, 3) and IN_A_ROW == 3


def test_a_wrong_answer_sends_it_back_to_box_one():
    deck = Deck.of([answered(count(False), DAY), answered(count(True), DAY)])
    assert deck.items[0].box == 2
    deck.answer(answered(count(False), DAY + timedelta(days=1)))
    item = deck.items[0]
    assert (item.box, item.in_a_row, item.due, item.added) == (1, 0, DAY + timedelta(days=1),
                                                               DAY + timedelta(days=1))


def test_a_second_try_a_hinted_try_or_an_early_right_answer_moves_nothing():
    deck = Deck.of([answered(count(False), DAY)])
    for records in (second_try_right(), hinted_right()):
        deck.answer(answered(records, DAY))
        assert deck.items[0].box == 1 and deck.items[0].due == DAY
    deck.answer(answered(count(True), DAY))
    deck.answer(answered(count(True), DAY))  # a day early for box 2: nothing moves
    assert deck.items[0].box == 2 and deck.items[0].due == DAY + timedelta(days=1)


def test_a_right_hand_never_wrong_does_not_enter():
    assert len(Deck.of([answered(count(True), DAY), answered(hinted_right(), DAY)])) == 0
    assert len(Deck.of([answered(count(True), DAY), answered(count(False), DAY)])) == 1


def test_play_positions_and_muggins_counts_enter_with_their_question():
    drill = PeggingLesson(topic="sets", shuffle=False)
    drill.check_points(drill.answer.points + 1)
    quiz = MugginsLesson(hands=[(HAND, STARTER, 28)])
    quiz.answer("accept")
    deck = Deck.of([answered(drill.records, DAY), answered(quiz.records, DAY)])
    assert {(i.lesson, i.position) for i in deck.due(DAY)} == {
        ("pegging", drill.position_text), ("muggins", "5H 5D 5S JC | 5C | said 28")}


def test_what_is_due_comes_longest_due_first():
    deck = Deck.of([answered(count(False, OTHER), DAY + timedelta(days=2)), answered(count(False), DAY),
                    answered(count(False, ("AH 2C 3D 9S", "KH")), DAY + timedelta(days=1))])
    assert [i.added for i in deck.due(DAY + timedelta(days=5))] == [DAY + timedelta(days=n) for n in range(3)]
    assert [i.position for i in deck.due(DAY)] == ["5H 5D 5S JC | 5C"]


def test_the_store_s_deck_is_rebuilt_from_its_answers():
    store = Store(device="dk")
    store.add(count(False), DAY)
    store.add(count(True), DAY)
    assert [(i.box, i.due) for i in store.deck.items] == [(2, DAY + timedelta(days=1))]
    again = Store.from_text(store.to_text())
    assert again.deck.items == store.deck.items


QUESTIONS = ((HAND, STARTER), OTHER)
KINDS = (count, lambda hand: count(False, hand), second_try_right, hinted_right)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 1), st.booleans(), st.integers(0, 3), st.integers(0, 4)),
                max_size=20))
def test_a_deck_item_is_never_due_before_its_last_answer_and_boxes_follow_the_answers(steps):
    day = DAY
    deck, seen = Deck(), []
    for question, right, kind, gap in steps:
        day += timedelta(days=gap)
        hand = QUESTIONS[question]
        records = count(right, hand) if kind == 0 else KINDS[kind](hand)
        answer = answered(records, day)
        seen.append(answer)
        deck.answer(answer)
        for item in deck.items:
            assert item.due >= item.last >= item.added and 1 <= item.box <= IN_A_ROW
            assert item.box == item.in_a_row + 1
            assert item.due <= item.last + timedelta(days=DAYS[-1])
        if not answer.right:
            assert (answer.lesson, answer.position) in deck and deck.due(day)[0].due <= day
    assert Deck.of(reversed(seen)).items == deck.items  # the answers' own order, whatever order given


def test_the_deck_says_when_a_question_moved_up_or_left_and_a_wrong_answer_forgets_it():
    deck = Deck()
    key = ("counting", f"{HAND} | {STARTER}")
    deck.answer(answered(count(False), DAY))
    assert deck.moved == {}
    day = DAY
    for box in range(1, IN_A_ROW + 1):
        day = day + timedelta(days=DAYS[box - 1] or 1)
        deck.answer(answered(count(True), day))
        assert deck.moved[key] == (day, "left" if box == IN_A_ROW else "up")
    assert key not in deck
    deck.answer(answered(count(False), day))
    assert key not in deck.moved and key in deck
