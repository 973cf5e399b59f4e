"""Every date, count and card the learner's kept progress holds is checked by the game's rules before
use (issue 38): a damaged entry is one sentence, never a ValueError, an OverflowError or a question
the rules cannot ask."""

from __future__ import annotations

import json

import pytest

from crib_widgets.errors import CribbageError
from crib_widgets.lessons import CountingLesson
from crib_widgets.lessons.daily import Streak
from crib_widgets.lessons.days import read_day
from crib_widgets.lessons.kept import Kept
from crib_widgets.lessons.practice import Practice, lesson_for
from crib_widgets.lessons.store import Store
from crib_widgets.lessons.today import TodayHand


@pytest.mark.parametrize(("lesson", "position", "says"), [
    ("muggins", "5H 5D 5S JC | 5C | said ²", "is not a Muggins question"),  # isdigit() then int(): ValueError
    ("muggins", "5H 5D 5S JC | 5C | said ٣", "is not a Muggins question"),
    ("pegging", "KH QH JH | 2 players | hand 9H best", "it is a go, not a question"),  # max() of nothing
    ("pegging", "KH QH JH | 2 players | hand 2H 9C safest", "it is a go, not a question"),
    ("pegging", "5H | 2 players | hand 6H 6H best", "names a card twice"),
    ("pegging", "5H | 2 players | hand 5H 6H best", "names a card twice"),
    ("pegging", "5H | 2 players | hand 6H 7H 8H 9H 10H JH QH best", "a hand of 7 cards"),
])
def test_a_damaged_question_is_one_sentence(lesson, position, says):
    with pytest.raises(CribbageError, match=says):
        lesson_for(lesson, position)


def test_good_questions_are_still_asked():
    assert lesson_for("muggins", "5H 5D 5S JC | 5C | said 28").announced == 28
    hand = lesson_for("pegging", "5H | 2 players | hand 6H 7H 8H 9H best").scenario.hand
    assert hand == ("6H", "7H", "8H", "9H")


# ---- kept progress: damaged entries set aside, the rest goes on -----------------------------------------

HAND, STARTER = "5H 5D 5S JC", "5C"


def _kept_document() -> dict:
    store = Store(device="d1")
    store.add(CountingLesson(HAND, starter=STARTER).check_total(28).records, "2026-12-02")
    store.add(CountingLesson("4H 5C 6D JS", starter="5S").check_total(3).records, "2026-12-03")
    store.daily_done("2026-12-02")
    return store.to_dict()


def _damaged(change) -> str:
    data = _kept_document()
    change(data)
    return json.dumps(data, ensure_ascii=False)


@pytest.mark.parametrize(("change", "answers", "days"), [
    (lambda d: d["answers"][0].update(given="2\ud800"), 1, 1),  # raw, as Python wrote it and the page kept
    (lambda d: d["answers"][0].update(given="2\x00"), 1, 1),
    (lambda d: d["answers"][1].update(day="0001-01-01"), 1, 1),
    (lambda d: d["daily"].append("9999-12-31"), 2, 1),
    (lambda d: d["answers"].append({"id": "d1-9"}), 2, 1),
    (lambda d: d.update(answers={"x": 1}), 0, 1),
])
def test_damaged_kept_entries_are_set_aside_and_the_rest_goes_on(change, answers, days):
    kept = Kept(_damaged(change), today="2026-12-04", device="d2")
    assert len(kept.store.answers) == answers and len(kept.store.streak.days) == days
    assert kept.problem.startswith("Part of your saved progress could not be read") and kept.damaged
    assert len(kept.problem) < 400
    # what is kept is whole: it saves and reads back without a problem, and every model still works
    assert not Kept(kept.text, today="2026-12-04").problem
    TodayHand(kept).streak_words()
    Practice(kept).summary()


def test_an_escaped_lone_surrogate_is_set_aside_too():
    text = _damaged(lambda d: d["answers"][0].update(given="2"))
    text = text.replace('"given": "2"', '"given": "\\ud800"', 1)
    kept = Kept(text, today="2026-12-04", device="d2")
    assert len(kept.store.answers) == 1 and "a broken letter" in kept.problem


def test_an_import_holding_a_date_past_the_calendar_is_refused_and_nothing_changes():
    store = Store(device="d3")
    for day in ("9999-12-31", "0001-01-01"):
        raw = _damaged(lambda d, day=day: d["daily"].append(day)).encode()
        with pytest.raises(CribbageError, match="is not a day of a learner's progress"):
            store.import_bytes(raw, "progress.json")
        assert store.to_dict() == Store(device="d3").to_dict()


@pytest.mark.parametrize("day", ["9999-12-31", "0001-01-01", "1899-12-31", "3000-01-01"])
def test_days_at_the_calendars_ends_are_refused_before_a_streak_or_deck_overflows(day):
    with pytest.raises(CribbageError, match="days run from 1900-01-01 to 2999-12-31"):
        read_day(day)
    assert Streak(["2999-12-31", "1900-01-01"]).current("1900-01-01") == 1


@pytest.mark.parametrize("typed", ["²", "٣", "1_0", "9" * 5000])
def test_a_count_typed_as_a_digit_int_refuses_is_a_sentence(typed):
    kept = Kept("", today="2026-12-03", device="d1")
    today = TodayHand(kept)
    today.throw(today.advice[0].discard)
    with pytest.raises(CribbageError, match="is not a whole number of points") as caught:
        today.count(typed)
    assert len(str(caught.value)) < 200
    _ = kept.take(CountingLesson(HAND, starter=STARTER).check_total(28).records, 0)
    practice = Practice(kept)
    with pytest.raises(CribbageError, match="is not a whole number of points"):
        practice.count(typed)


def test_a_damaged_practise_entry_is_not_called_a_throw_to_the_crib():
    position = f"{HAND} | {STARTER} | said ²"
    text = _damaged(lambda d: d["answers"][0].update(lesson="muggins", position=position))
    kept = Kept(text, today="2026-12-04", device="d2")
    summary = Practice(kept).summary()
    assert "throw to the crib" not in summary and "could not be read as a question the rules allow" in summary


@pytest.mark.parametrize("typed", ["²", "1_0", "x" * 100_000])
def test_points_typed_that_are_no_whole_number_are_a_short_sentence(typed):
    from crib_widgets.lessons.pegging import read_points

    said = read_points(typed)
    assert isinstance(said, str) and "is not a whole number of points" in said and len(said) < 200
    assert read_points(" 7 ") == 7 and read_points("-1").startswith("-1 cannot be the answer")


def test_a_typed_answer_with_a_control_character_or_a_long_paste_is_kept_not_lost():
    from crib_widgets.lessons.progress import Answer
    from crib_widgets.lessons.record import AnswerRecord

    record = AnswerRecord("counting", "runs", False, 1, False, "5H 5D 5S JC | 5C", "1\x07" + "x" * 500)
    answer = Answer.of([record], "d1-1", "2026-12-02")
    assert answer.given.startswith("1\ufffdx") and len(answer.given) == 300
    assert Store.from_text(json.dumps({"crib-progress": 1, "device": "d1", "next": 2,
                                       "answers": [answer.to_dict()], "daily": []})).answers == (answer,)


def test_an_import_with_a_long_key_is_refused_without_echoing_it():
    data = _kept_document()
    data["answers"][0] = {"x" * 5000: 1}
    with pytest.raises(CribbageError) as caught:
        Store(device="d3").import_bytes(json.dumps(data).encode(), "progress.json")
    assert len(str(caught.value)) < 300
