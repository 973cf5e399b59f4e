"""The discard trainer's model: six cards, your seat and the score; you throw two; it says where your
throw ranks among the 15, what it gives up in hand, crib and play, and why, in a player's words.

Every throw is weighed the way the game's review and "Show me" weigh it (`strategy.weigh`: the
kept hand's exact average over every starter, the crib's exact average with **any two cards**
beside yours, and half the look-ahead's estimate of what the keep pegs), so the trainer, the review
and the strongest computer player never disagree. Here every one of the 15 throws gets its play
estimate (the game weighs only the throws near the best), so the three parts of every throw's cost
add up exactly: hand + crib + play = the whole cost (`Throw.lost`).

The score. The strategy package has no win-probability model; the one place the strongest
computer player throws differently because of the score is near the end, as the pone (who counts
first) when the dealer could go out this deal: it keeps the hand most likely to count out in the
show (`strategy.players.Expert`), even when that keep is also the best by hand and crib (it then
does not weigh the play). A position with ``scores`` asks that question: when the rule decides the
expert's throw (`count_out_keep`), the throws are ranked by how many starters let the kept hand reach what is
still needed (`Throw.reach`), and the best throw is the expert's own choice at that score. At any
other score the score changes nothing, and the reasons say so.

A throw is right when it gives up less than the review calls a mistake (`strategy.review.NOTICE`
points, against the best), or at a score that matters, when it reaches as many starters as the best.

>>> q = DiscardQuestion(DiscardPosition.parse("5H 5D JS 4C 6C KD | dealer"))
>>> v = q.throw("JS KD")
>>> v.right, v.rank, v.best.keep_words
(True, 1, '4-5-5-6')
>>> w = DiscardQuestion(DiscardPosition.parse("5H 5D JS 4C 6C KD | pone")).throw("5H 5D")
>>> w.right, w.rank, round(w.hand_lost + w.crib_lost + w.play_lost, 6) == round(w.cost, 6)
(False, 15, True)

`DiscardTrainer` asks the book's chosen positions (`positions`, stored in
``data/discard_positions.json`` and written by ``scripts/choose_discard_positions.py``) level by
level and records every checked throw as an `AnswerRecord` for the skill "discards", under the
lesson "discarding" (the game table's throws use the same), so wrong throws go to the deck of
mistakes and `practice.Practice` asks them again (`DiscardQuestion.from_position`).

For chapter 12 (position): ``DiscardTrainer(level="score")`` asks only the fourth-street positions
(each hand twice: at 46-52, and late, where the throw changes; `fourth_street` gives the pairs);
``DiscardQuestion(DiscardPosition(cards, dealer=False, scores=(mine, theirs))).best`` is the throw
for any six cards at any score, with `Throw.reach` (starters of 46 that count out);
`score_applies` says whether the expert weighs counting out at that score, `count_out_keep` the
throw when that decides it, `count_out_choice` that throw when it differs from the best by hand and
crib (the score changes the throw), and `show_need` what the hand must count.

>>> late = DiscardPosition.parse("AD 4S 7D 8S 9D 10H | pone | score 108-109")
>>> q = DiscardQuestion(late)
>>> q.best.throw_words, q.best.reach, show_need(late)
('A-4', 12, 11)
>>> DiscardQuestion(DiscardPosition(late.cards, dealer=False)).best.throw_words
'A-10'
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache, cached_property
from importlib import resources
from itertools import combinations
from typing import TYPE_CHECKING

from ..cards import Card, parse_cards
from ..errors import CribbageError
from ..skills import Skill
from ..strategy.explain import ranks_text
from ..words import join_words
from . import checks
from .discard_position import (
    LESSON_TAGS,
    DiscardPosition,
    Throw,
    count_out_choice,
    count_out_keep,
    score_applies,
    show_need,
    starters_reaching,
)
from .discard_reasons import crib_chances, reasons
from .position_queue import PositionQueue, toggled
from .record import AnswerRecord

if TYPE_CHECKING:
    from ..strategy.discard import DiscardOption

# a throw weighed: the strategy package's option, its play estimate (as it counts) and its value
Row = tuple["DiscardOption", float, float]

__all__ = ["DiscardPosition", "DiscardQuestion", "DiscardTrainer", "Throw", "Verdict", "LEVELS",
           "LEVEL_NAMES", "LESSON_TAGS", "LESSON", "TARGET", "positions", "score_applies", "count_out_choice",
           "count_out_keep",
           "show_need", "crib_chances", "weigh", "level_of", "reasons", "fourth_street",
           "given_up", "COST_HEAD"]

LESSON = "discarding"  # kept under the same lesson as a throw at the game table: one deck for both
TARGET = 121
# The levels, easiest first, each with the lesson tags it asks.
LEVELS: dict[str, tuple[str, ...]] = {
    "plain": ("keep-the-hand", "dealer-feeds", "pone-balks", "pone-keeps-fives"),
    "close": ("close-call", "crib-decides", "play-decides"),
    "flush": ("flush-keep", "flush-trap"),
    "score": ("fourth-street",),
}
# What each lesson teaches, as the trainer's heading says it.
LEVEL_NAMES = {"plain": "Plain cases", "close": "Close calls", "flush": "Flushes",
               "score": "At the end of a game"}


# ---- one throw, weighed -------------------------------------------------------------------------
@cache
def _weighed(cards: tuple[Card, ...], dealer: bool) -> tuple[Row, ...]:
    """Every throw of these six cards in this seat, weighed with its play estimate (cached: the
    same hand is asked again when the learner tries a second throw)."""
    from ..strategy.weigh import PLAY_WEIGHT, weigh_discards

    weighed = weigh_discards(cards, dealer=dealer, also=list(combinations(cards, 2)))
    rows = []
    for w in weighed:
        if w.play is None:  # every throw is named in ``also``: each is weighed in the play
            raise RuntimeError(f"the throw {w.option.discard} was not weighed in the play")
        rows.append((w.option, PLAY_WEIGHT * w.play, w.value))
    return tuple(rows)


def weigh(position: DiscardPosition) -> tuple[Throw, ...]:
    """The 15 throws of ``position``, best first: by `Throw.value`, or when the score changes the
    strongest computer player's throw (`count_out_keep`), by `Throw.reach` first, then hand and
    crib, its choice first among equals."""
    rows = _weighed(tuple(sorted(position.cards)), position.dealer)
    need = show_need(position) if score_applies(position) else None
    reach = {o.discard: starters_reaching(o, need) if need else None for o, _, _ in rows}
    chosen = count_out_keep(position)
    if chosen is not None:  # the score applies: every reach is counted
        discard = set(chosen.discard)

        def key(r: Row) -> tuple[float, ...]:
            return (-(reach[r[0].discard] or 0), -r[0].total_ev, set(r[0].discard) != discard)
    else:
        def key(r: Row) -> tuple[float, ...]:
            return (-r[2],)
    rows = tuple(sorted(rows, key=key))
    throws = []
    for option, play, value in rows:
        better = sum(1 for row in rows if _before(key(row), key((option, play, value))))
        throws.append(Throw(option.discard, option.keep, option.hand_ev, option.crib_ev, play, value,
                            reach[option.discard], better + 1, option,
                            ranks_text(option.keep, position.cards),
                            ranks_text(option.discard, position.cards)))
    return tuple(throws)


def _before(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    """Whether a ranking key comes clearly before another (values within a millionth tie)."""
    for x, y in zip(a, b, strict=True):
        if abs(x - y) > 1e-6:
            return x < y
    return False


# ---- the verdict --------------------------------------------------------------------------------
@dataclass(frozen=True)
class Verdict:
    """What a throw did: ``right``, its ``rank`` of ``of`` (15), the ``best`` throw and the ``throw``
    made; what it gave up against the best, on average: ``hand_lost``, ``crib_lost`` (less in your
    own crib, or more in the dealer's), ``play_lost`` (their sum is ``cost``; negative parts are
    gains); ``reasons``: why, in a player's words, each naming the cards."""

    throw: Throw
    best: Throw
    right: bool
    rank: int
    of: int
    hand_lost: float
    crib_lost: float
    play_lost: float
    reasons: tuple[str, ...]
    throws: tuple[Throw, ...]  # all 15, best first
    by_reach: bool = False  # judged by the starters that count out (the score changes the throw)

    @property
    def cost(self) -> float:
        """Points a deal the throw gives up against the best, on average (hand + crib + play)."""
        return self.hand_lost + self.crib_lost + self.play_lost

    def summary(self) -> str:
        """One sentence: right or not, the rank, and the cost."""
        t, b = self.throw, self.best
        head = "Right" if self.right else "Not the best"
        where = f"your throw, the {t.throw_words}, ranks {_ordinal(self.rank)} of {self.of}"
        if t.discard == b.discard or self.rank == 1:
            return f"{head}: {where}."
        if self.by_reach:
            return (f"{head}: {where}. The best is the {b.throw_words} (keep {b.keep_words}): it counts out "
                    f"with {b.reach} starters of 46, yours with {t.reach or 'none'}.")
        return (f"{head}: {where}. The best is the {b.throw_words} (keep {b.keep_words}); yours gives up "
                f"about {_points(self.cost)} a deal on average.")

    def parts(self) -> tuple[tuple[str, float], ...]:
        """(what, points given up) for the hand, the crib and the play; they add up to `cost`."""
        crib = "your own crib" if self.best.option.own_crib else "the dealer's crib"
        return (("in the hand", self.hand_lost), (f"in {crib}", self.crib_lost),
                ("in the play", self.play_lost))

    def cost_items(self) -> tuple[tuple[str, str], ...]:
        """(what, given up in words) for the hand, the crib, the play and in all, as `given_up` says
        them: ``("in the play", "0.1 points gained")``."""
        return (*((what, given_up(lost)) for what, lost in self.parts()),
                ("in all", f"{given_up(self.cost)} a deal"))

    def cost_sentence(self) -> str:
        """The cost against the best in one sentence (the trainer's list, said in a line)."""
        items = "; ".join(f"{what}, {words}" for what, words in self.cost_items())
        return f"{COST_HEAD}: {items}."


COST_HEAD = "Against the best throw, yours gives up on average"


def given_up(x: float) -> str:
    """Points given up as a person reads them: a part that gains is said as a gain, not a minus.

    >>> given_up(0.42), given_up(-0.1), given_up(0.01)
    ('0.4 points', '0.1 points gained', 'nothing')
    """
    if abs(x) < 0.05:
        return "nothing"
    return f"{x:.1f} points" if x > 0 else f"{-x:.1f} points gained"


def _ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def _points(x: float) -> str:
    return "nothing" if abs(x) < 0.05 else f"{abs(x):.1f} {'point' if abs(x) == 1 else 'points'}"


class DiscardQuestion:
    """One position, asked: `throw` judges two cards against all 15 throws (`weigh`)."""

    def __init__(self, position: DiscardPosition) -> None:
        if not isinstance(position, DiscardPosition):
            raise CribbageError(f"a question is asked of a DiscardPosition, not {type(position).__name__}")
        self.position = position

    @classmethod
    def from_position(cls, text: object) -> DiscardQuestion:
        """The question a record's ``position`` asked (a two-player throw, from the trainer or a game)."""
        return cls(DiscardPosition.parse(text))

    @cached_property
    def throws(self) -> tuple[Throw, ...]:
        """The 15 throws, best first."""
        return weigh(self.position)

    @property
    def best(self) -> Throw:
        """The best throw (the strongest computer player's)."""
        return self.throws[0]

    def find(self, cards: object) -> Throw:
        """The throw of these two cards; two cards not both in the hand are a `CribbageError`."""
        try:
            chosen = frozenset(parse_cards(cards))
        except CribbageError as error:
            raise CribbageError(f"a throw is two cards of your hand: {error}") from None
        if len(chosen) != 2 or not chosen <= set(self.position.cards):
            hand = " ".join(c.pretty for c in self.position.cards)
            raise CribbageError(f"a throw is two cards of your hand ({hand}), not {len(chosen)} "
                                f"{'card' if len(chosen) == 1 else 'cards'}"
                                + ("" if chosen <= set(self.position.cards) else " with one not in it"))
        return next(t for t in self.throws if frozenset(t.discard) == chosen)

    def throw(self, cards: object) -> Verdict:
        """Judge throwing ``cards`` (two cards of the hand, as text or cards)."""
        from ..strategy.review import NOTICE

        mine, best = self.find(cards), self.best
        # at a score that changes the throw, as many starters that count out; else within the review's notice
        by_reach = count_out_keep(self.position) is not None
        right = (mine.reach or 0) >= (best.reach or 0) if by_reach else best.value - mine.value < NOTICE
        sign = 1 if best.option.own_crib else -1
        return Verdict(mine, best, right, mine.rank, len(self.throws), best.hand - mine.hand,
                       sign * (best.crib - mine.crib), best.play - mine.play,
                       tuple(reasons(self.position, mine, best)), self.throws, by_reach)


# ---- the chosen positions and the trainer -------------------------------------------------------
@cache
def positions() -> tuple[DiscardPosition, ...]:
    """The book's chosen positions (``data/discard_positions.json``), each with its lesson tag."""
    text = resources.files(__package__).joinpath("data/discard_positions.json").read_text(encoding="utf-8")
    data = json.loads(text)
    return tuple(DiscardPosition.from_dict(d) for d in data["positions"])


def fourth_street() -> tuple[tuple[DiscardPosition, DiscardPosition], ...]:
    """The chosen fourth-street hands as (early, late) pairs: the same six cards, the pone, at 46-52
    and at a late score where the strongest computer player throws them differently.

    >>> early, late = fourth_street()[0]
    >>> early.cards == late.cards, DiscardQuestion(early).best.discard != DiscardQuestion(late).best.discard
    (True, True)
    """
    late = [p for p in positions() if p.lesson == "fourth-street"]
    return tuple((a, b) for a, b in zip(late[::2], late[1::2], strict=True))


def level_of(lesson: str) -> str:
    """The level that asks a lesson tag."""
    return next(level for level, tags in LEVELS.items() if lesson in tags)


class DiscardTrainer(PositionQueue[DiscardPosition]):
    """The discard trainer: the chosen positions of one level (or all, ``level=None``), in a
    shuffled order (the same for the same ``seed``; ``shuffle=False`` keeps the stored order).

    Choose two cards (`choose`, or `toggle` one at a time), then `check` judges them (only when
    asked). A wrong throw may be tried again (a second try, counted apart); `reveal` shows the best
    throw (the question then counts as tried and not right). Every check adds `AnswerRecord` values
    to ``records`` (skill "discards", lesson "discarding"), each answer once.

    State: ``question`` (a `DiscardQuestion`), ``index`` in ``queue``, ``chosen`` (the cards
    chosen), ``verdict`` (the last check's), ``done``, ``attempts``, ``records``, ``tally``.
    """

    def __init__(self, chosen: Iterable[DiscardPosition] | None = None, *, level: str | None = None,
                 shuffle: bool = True, seed: int | random.Random | None = 0) -> None:
        if level is not None and level not in LEVELS:
            raise CribbageError(f"level {checks.shown(level)} is not known: use one of {', '.join(LEVELS)} "
                                "or None for every level")
        pool = positions() if chosen is None else tuple(chosen)
        if not pool or not all(isinstance(p, DiscardPosition) for p in pool):
            raise CribbageError("the trainer needs at least one DiscardPosition")
        super().__init__(pool, shuffle=shuffle, seed=seed)
        self.select(level)

    @classmethod
    def from_position(cls, text: object) -> DiscardTrainer:
        """The trainer that asks again the throw of a record's ``position`` (the trainer's, or a
        two-player throw from a game table), for Practise my mistakes.

        >>> DiscardTrainer.from_position("5H 5D JS 4C 6C KD | pone").position.dealer
        False
        """
        return cls([DiscardPosition.parse(text)], shuffle=False)

    def select(self, level: str | None) -> None:
        """Ask one level's positions (None for all), from the first."""
        if level is not None and level not in LEVELS:
            raise CribbageError(f"level {checks.shown(level)} is not known: use one of {', '.join(LEVELS)}")
        queue = [p for p in self.all_positions if level is None or p.lesson in LEVELS[level]]
        self.fill(queue, f"no position of the level {level!r} was given")
        self.level = level

    def _ask(self) -> None:
        self.question = DiscardQuestion(self.position)
        self.chosen: tuple[Card, ...] = ()
        self.verdict: Verdict | None = None
        self.done = False
        self.attempts = 0
        self._given: set[frozenset[Card]] = set()

    def heading(self) -> str:
        """What the position teaches and where it stands: ``Plain cases · 3 of 28``."""
        tag = self.position.lesson
        return f"{LEVEL_NAMES[level_of(tag)]} · {self.where}: {LESSON_TAGS[tag]}" if tag else self.where

    def prompt(self) -> str:
        """The question in words, every card named (for screen readers too)."""
        p = self.position
        cards = join_words([c.name for c in p.cards])
        seat = "You deal: the crib is yours." if p.dealer else "The other player deals: the crib is theirs."
        if p.scores is None:
            score = "The score is far from the end."
        else:
            score = f"The score: you {p.scores[0]}, the other player {p.scores[1]} (game at {TARGET})."
        return f"You are dealt {cards}. {seat} {score} Which two do you throw?"

    # ---- answering ----------------------------------------------------------------------------
    def toggle(self, card: Card | str) -> tuple[Card, ...]:
        """Choose or release one card (a third releases the first chosen); the cards chosen."""
        card = Card.parse(card)
        self._open()
        if card not in self.position.cards:
            raise CribbageError(f"the {card.name} is not in your hand")
        self.chosen = toggled(self.chosen, card)
        return self.chosen

    def choose(self, cards: object) -> tuple[Card, ...]:
        """Choose these cards (at most two of the hand), replacing the choice."""
        self._open()
        hand = parse_cards(cards)
        stray = [c for c in hand if c not in self.position.cards]
        if stray:
            raise CribbageError(f"the {stray[0].name} is not in your hand: choose two of your six cards")
        if len(hand) > 2:
            raise CribbageError(f"you throw two cards, not {len(hand)}: choose two of your six cards")
        self.chosen = tuple(hand)
        return self.chosen

    def check(self) -> Verdict:
        """Judge the two cards chosen. Fewer than two, a throw already tried, or a position already
        answered is a `CribbageError` saying what to do, and nothing is recorded."""
        self._open()
        if len(self.chosen) != 2:
            raise CribbageError(f"choose two cards to throw first (you have chosen {len(self.chosen)})")
        key = frozenset(self.chosen)
        if key in self._given:
            raise CribbageError("you tried that throw already (it counts once): choose another, or press "
                                "Show me")
        verdict = self.question.throw(self.chosen)
        self._given.add(key)
        self.attempts += 1
        if self.attempts == 1:
            self._firsts.append(verdict.right)
        self._record(verdict.right, self.attempts, False, " ".join(map(str, verdict.throw.discard)))
        self.verdict, self.done = verdict, verdict.right
        return verdict

    def reveal(self) -> Verdict:
        """Show the best throw with its reasons; an untried position counts as tried and not right."""
        if not self.attempts and not self.done:
            self._firsts.append(False)
            self._record(False, 1, True, "")
        self.done = True
        self.verdict = self.question.throw(self.question.best.discard)
        return self.verdict

    def _record(self, right: bool, attempt: int, hinted: bool, given: str) -> None:
        self.records.append(AnswerRecord(LESSON, Skill.DISCARDS, right, attempt, hinted, self.position.text,
                                         given))
