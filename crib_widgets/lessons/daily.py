"""The daily hand: the same deal for everyone on a given date, and the learner's streak of days.

The deal is seeded by the date alone (a SHA-256 hash of ``"crib-widgets daily hand 2026-12-02"``),
shuffled with the project's deck (`cards.shuffled_deck`) and dealt as a two-player game deals
(`game.deal.deal_layout`: one at a time from the top, the dealer's opponent first, the starter
next). Python's `random.Random` gives the same shuffle for the same seed on every machine and in
the browser, so every learner gets the same hand that day. Each player throws as the discard advice
says is best (`strategy.discard.advise_discard`), which gives a hand, a crib and a starter to count,
and two hands of four to play out; a widget may let the learner discard first and compare.

The streak: the days the daily hand was done. It counts the days in a row up to today (or up to
yesterday, while today's hand is not done yet); a missed day starts it again, and the same day done
twice counts once.

>>> hand = daily_hand("2026-12-02")
>>> hand == daily_hand("2026-12-02"), len(hand.dealt), len(hand.hand), len(hand.crib)
(True, 6, 4, 4)
>>> s = Streak(["2026-11-30", "2026-12-01", "2026-12-01", "2026-12-02"])
>>> s.current("2026-12-02"), s.current("2026-12-03"), s.current("2026-12-04"), s.best
(3, 3, 0, 3)
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, timedelta

from ..cards import Card, shuffled_deck
from ..game.deal import deal_layout, stack_deck
from ..strategy.discard import advise_discard
from .days import day_text, read_day

__all__ = ["DailyHand", "daily_hand", "daily_seed", "Streak", "YOU", "OPPONENT"]

YOU, OPPONENT = 0, 1  # the seats: the learner and the computer


@dataclass(frozen=True, slots=True)
class DailyHand:
    """One day's deal: ``dealer`` (`YOU` or `OPPONENT`), the six cards each was ``dealt`` (yours)
    and ``their_dealt``, the four each keeps (``hand``, ``their_hand``), the ``crib`` (the
    dealer's: both throws) and the ``starter``."""

    day: date
    dealer: int
    dealt: tuple[Card, ...]
    their_dealt: tuple[Card, ...]
    hand: tuple[Card, ...]
    their_hand: tuple[Card, ...]
    crib: tuple[Card, ...]
    starter: Card

    @property
    def crib_is_yours(self) -> bool:
        """Whether the learner deals (the crib is theirs to count)."""
        return self.dealer == YOU

    @property
    def game_deck(self) -> list[Card]:
        """The top of a deck that deals this hand: give it to ``Game(deck=..., dealer=hand.dealer)``
        to play the day's deal out (the learner in seat 0, throwing for themselves)."""
        return stack_deck([self.dealt, self.their_dealt], self.starter, dealer=self.dealer)


def daily_seed(day: object) -> int:
    """The seed of a day's deal: the first 8 bytes of a SHA-256 of the day's text."""
    text = f"crib-widgets daily hand {day_text(read_day(day))}"
    return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:8], "big")


def daily_hand(day: object) -> DailyHand:
    """The deal of ``day`` (a date or ``YYYY-MM-DD``), the same for everyone."""
    when = read_day(day)
    rng = random.Random(daily_seed(when))
    dealer = rng.randrange(2)
    deck = shuffled_deck(rng)
    order, _, starter_index = deal_layout(2, dealer)
    dealt: list[list[Card]] = [[], []]
    for card, seat in zip(deck, order, strict=False):  # the deck runs on past the deal
        dealt[seat].append(card)
    keeps = [advise_discard(cards, dealer=seat == dealer, explain=False)[0]
             for seat, cards in enumerate(dealt)]
    crib = tuple(sorted((*keeps[0].discard, *keeps[1].discard), key=lambda c: c.index))
    return DailyHand(when, dealer, tuple(dealt[YOU]), tuple(dealt[OPPONENT]), keeps[YOU].keep,
                     keeps[OPPONENT].keep, crib, deck[starter_index])


class Streak:
    """The days the learner did the daily hand."""

    def __init__(self, days: Iterable[object] = ()) -> None:
        self.days = frozenset(read_day(d, "a daily hand's day") for d in days)

    def add(self, day: object) -> None:
        """The daily hand of ``day`` is done (twice the same day counts once)."""
        self.days = self.days | {read_day(day)}

    def current(self, today: object) -> int:
        """Days in a row done, up to today, or up to yesterday while today's is not done yet."""
        day = read_day(today)
        if day not in self.days:
            day -= timedelta(days=1)
        run = 0
        while day in self.days:
            run += 1
            day -= timedelta(days=1)
        return run

    @property
    def best(self) -> int:
        """The most days in a row ever done."""
        starts = (d for d in self.days if d - timedelta(days=1) not in self.days)
        return max((self._run_from(d) for d in starts), default=0)

    def _run_from(self, day: date) -> int:
        run = 0
        while day + timedelta(days=run) in self.days:
            run += 1
        return run

    def to_list(self) -> list[str]:
        """The days done, oldest first, as a file writes them."""
        return [day_text(d) for d in sorted(self.days)]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Streak) and self.days == other.days

    __hash__ = None  # type: ignore[assignment]  # mutable
