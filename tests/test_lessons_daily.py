"""The daily hand: the same deal for everyone on a date, dealt as a game deals, each player throwing as
the discard advice says; and the learner's streak of days."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from crib_widgets.cards import format_cards
from crib_widgets.errors import CribbageError
from crib_widgets.game import Game
from crib_widgets.lessons import CountingLesson
from crib_widgets.lessons.daily import OPPONENT, YOU, Streak, daily_hand, daily_seed
from crib_widgets.lessons.store import Store
from crib_widgets.strategy.discard import advise_discard

dates = st.dates(min_value=date(2000, 1, 1), max_value=date(2100, 12, 31))


def test_a_known_day_deals_the_same_cards_on_every_machine():
    hand = daily_hand("2026-12-02")
    assert hand.dealer == YOU and hand.crib_is_yours
    assert format_cards(hand.dealt) == "6D 8C 4D QC 2C KC"
    assert format_cards(hand.their_dealt) == "8H 5D 9C 7H KS QS"
    assert str(hand.starter) == "10D"
    assert format_cards(hand.hand) == "2C 8C QC KC" and format_cards(hand.crib) == "4D 6D QS KS"


@settings(max_examples=25, deadline=None)
@given(dates)
def test_the_daily_hand_is_a_whole_two_player_deal_thrown_as_the_advice_says(day):
    hand = daily_hand(day)
    assert hand == daily_hand(day.isoformat()) == daily_hand(day)
    cards = [*hand.dealt, *hand.their_dealt, hand.starter]
    assert len(set(cards)) == 13 and hand.dealer in (YOU, OPPONENT)
    for dealt, kept, seat in ((hand.dealt, hand.hand, YOU), (hand.their_dealt, hand.their_hand, OPPONENT)):
        best = advise_discard(dealt, dealer=hand.dealer == seat, explain=False)[0]
        assert kept == best.keep and set(kept) <= set(dealt)
    thrown = (set(hand.dealt) - set(hand.hand)) | (set(hand.their_dealt) - set(hand.their_hand))
    assert set(hand.crib) == thrown and len(hand.crib) == 4
    # the hand and the crib can be counted in the counting trainer
    assert CountingLesson(hand.hand, starter=hand.starter).score.total >= 0
    CountingLesson(hand.crib, starter=hand.starter, crib=True)


@settings(max_examples=40, deadline=None)
@given(dates, st.integers(1, 3000))
def test_two_different_days_deal_different_hands(day, later):
    other = day + timedelta(days=later)
    assert daily_seed(day) != daily_seed(other)
    one, two = daily_hand(day), daily_hand(other)
    assert (one.dealt, one.starter) != (two.dealt, two.starter)


def test_the_daily_hand_is_played_out_by_a_game_dealt_from_its_deck():
    hand = daily_hand("2026-12-03")
    game = Game(deck=hand.game_deck, dealer=hand.dealer)
    assert game.hands == (hand.dealt, hand.their_dealt)


def test_a_day_that_is_not_a_date_is_refused_in_words():
    for bad in ("2026-02-30", "20261202", "tomorrow", 20261202, None):
        with pytest.raises(CribbageError, match=r"is not a date: write it year-month-day, e\.g\. 2026-12-02"):
            daily_hand(bad)


def test_the_streak_counts_days_in_a_row_once_each_and_a_missed_day_starts_it_again():
    s = Streak()
    assert s.current("2026-12-02") == 0 and s.best == 0
    for day in ("2026-11-28", "2026-11-29", "2026-12-01", "2026-12-02", "2026-12-02"):
        s.add(day)
    assert s.current("2026-12-02") == 2  # 11-30 was missed
    assert s.current("2026-12-03") == 2  # today's hand not done yet: the streak still stands
    assert s.current("2026-12-04") == 0  # a whole day missed
    assert s.best == 2 and s.to_list() == ["2026-11-28", "2026-11-29", "2026-12-01", "2026-12-02"]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 30), max_size=25), st.integers(0, 32))
def test_the_streak_is_the_run_of_days_done_ending_today_or_yesterday(offsets, today_offset):
    start = date(2026, 11, 1)
    s = Streak(start + timedelta(days=n) for n in offsets)
    today = start + timedelta(days=today_offset)
    done = set(offsets)
    end = today_offset if today_offset in done else today_offset - 1
    run = 0
    while end - run in done:
        run += 1
    assert s.current(today) == run <= s.best


def test_the_store_keeps_the_streak_and_merges_days_from_two_devices():
    phone, laptop = Store(device="ph"), Store(device="lap")
    phone.daily_done("2026-12-01")
    laptop.daily_done("2026-12-02")
    laptop.daily_done("2026-12-02")
    phone.import_bytes(laptop.to_text().encode(), "laptop.json")
    assert phone.streak.current("2026-12-02") == 2
    assert Store.from_text(phone.to_text()).streak == phone.streak
