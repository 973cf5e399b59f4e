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
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache, cached_property
from importlib import resources
from itertools import combinations, combinations_with_replacement
from math import comb
from typing import TYPE_CHECKING

from ..cards import Card, parse_cards
from ..errors import CribbageError
from ..scoring import MAX_HAND_SCORE, rank_key, rank_table
from ..skills import Skill
from ..strategy.explain import holding_words, ranks_text, throw_reasons
from ..words import join_words, plural
from . import checks
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
LESSON_TAGS: dict[str, str] = {
    "keep-the-hand": "Keep the hand first: some keeps are too good to break up",
    "dealer-feeds": "Your own crib: feed it fives, pairs and touching cards",
    "pone-balks": "The dealer's crib: balk it with cards far apart",
    "pone-keeps-fives": "The dealer's crib: never give it a five",
    "close-call": "A close call: two throws a fraction of a point apart",
    "crib-decides": "When the hands are close, the crib decides",
    "play-decides": "When hand and crib are close, the play decides",
    "flush-keep": "A flush worth keeping",
    "flush-trap": "A flush not worth keeping",
    "fourth-street": "The score changes the throw (fourth street)",
}
LEVEL_NAMES = {"plain": "Plain cases", "close": "Close calls", "flush": "Flushes",
               "score": "At the end of a game"}


# ---- a position ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class DiscardPosition:
    """Six dealt cards, the seat (``dealer`` True: the crib is yours) and the ``scores`` (yours,
    theirs) or None when the score is far from the end; ``lesson`` is the tag it was chosen for
    (a key of `LESSON_TAGS`, or "" for a throw from a game)."""

    cards: tuple[Card, ...]
    dealer: bool
    scores: tuple[int, int] | None = None
    lesson: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", tuple(_six(self.cards)))
        checks.flag("dealer", self.dealer)
        if self.scores is not None:
            if not isinstance(self.scores, (tuple, list)) or len(self.scores) != 2:
                raise CribbageError(f"scores {checks.shown(self.scores)} are not allowed: give (yours, "
                                    "theirs), e.g. (110, 112), or None")
            mine, theirs = (checks.whole("a score", s, 0, TARGET - 1) for s in self.scores)
            object.__setattr__(self, "scores", (mine, theirs))
        if self.lesson and self.lesson not in LESSON_TAGS:
            raise CribbageError(f"lesson {checks.shown(self.lesson)} is not one of the trainer's: use one of "
                                f"{', '.join(LESSON_TAGS)}")

    @property
    def text(self) -> str:
        """The position as a record keeps it: ``"5H 5D JS 4C 6C KD | pone | score 110-112"`` (yours
        first; no score part when the score does not matter), the game table's format plus the score."""
        text = f"{' '.join(map(str, self.cards))} | {'dealer' if self.dealer else 'pone'}"
        return text if self.scores is None else f"{text} | score {self.scores[0]}-{self.scores[1]}"

    @classmethod
    def parse(cls, text: object, lesson: str = "") -> DiscardPosition:
        """A position back from `text` (a game table's two-player throw reads too); anything else is
        a `CribbageError` saying how a position is written."""
        how = "a throw is written as six cards, then '| dealer' or '| pone', e.g. '5H 5D JS 4C 6C KD | pone'"
        if not isinstance(text, str) or len(text) > 80:
            raise CribbageError(f"{checks.shown(text)} is not a throw's position: {how}")
        parts = [p.strip() for p in text.split("|")]
        if len(parts) not in (2, 3) or parts[1] not in ("dealer", "pone"):
            raise CribbageError(f"{checks.shown(text)} is not a two-player throw's position: {how}")
        scores = None
        if len(parts) == 3:
            mine, dash, theirs = parts[2].removeprefix("score ").partition("-")
            if not (parts[2].startswith("score ") and dash and mine.isascii() and mine.isdigit()
                    and theirs.isascii() and theirs.isdigit() and len(mine) < 4 and len(theirs) < 4):
                raise CribbageError(f"{checks.shown(parts[2])} is not a score: write it 'score 110-112', "
                                    "yours first")
            scores = (int(mine), int(theirs))
        return cls(tuple(parse_cards(parts[0])), parts[1] == "dealer", scores, lesson)

    def to_dict(self) -> dict[str, object]:
        """Plain JSON values, as the data file holds them."""
        return {"position": self.text, "lesson": self.lesson}

    @classmethod
    def from_dict(cls, data: object) -> DiscardPosition:
        """A position from `to_dict`'s values."""
        if not isinstance(data, dict) or set(data) != {"position", "lesson"}:
            raise CribbageError("a stored position has the fields position and lesson, got "
                                f"{checks.shown(data)}")
        return cls.parse(data["position"], data["lesson"])


def _six(cards: object) -> list[Card]:
    try:
        hand = parse_cards(cards)
    except CribbageError as error:
        raise CribbageError(f"the dealt cards are not six different cards: {error}") from None
    if len(hand) != 6:
        raise CribbageError(f"the trainer deals six cards (two players), not {len(hand)}")
    return hand


def score_applies(position: DiscardPosition) -> bool:
    """Whether the score changes the strongest computer player's throw rule here: the pone (who
    counts first) near the end, with the dealer close enough to go out this deal
    (`strategy.players.Expert`: the same need and reach it uses)."""
    from ..strategy.players import DEALER_REACH, PONE_PEGGING

    if position.scores is None or position.dealer:
        return False
    mine, theirs = position.scores
    need = TARGET - mine - PONE_PEGGING
    return 0 < need <= MAX_HAND_SCORE and TARGET - theirs <= DEALER_REACH


def count_out_keep(position: DiscardPosition) -> DiscardOption | None:
    """The throw the strongest computer player makes for the score here when the score decides it
    (the keep most likely to count out, `strategy.players.count_out_keep`, the expert's own rule),
    as a `DiscardOption`; None when it throws as usual (far from the end, as the dealer, or when
    every keep counts out as often). The trainer ranks the throws by it."""
    if not score_applies(position):
        return None
    from ..strategy.discard import advise_discard
    from ..strategy.players import count_out_keep as expert_keep

    options = advise_discard(position.cards, dealer=False, explain=False)
    keep: DiscardOption | None = expert_keep(options, show_need(position))
    return keep


def count_out_choice(position: DiscardPosition) -> DiscardOption | None:
    """`count_out_keep` when it is not the best throw by hand and crib: the score changes the
    strongest computer player's throw from the one it makes by the averages (None otherwise)."""
    keep = count_out_keep(position)
    if keep is None:
        return None
    from ..strategy.discard import advise_discard

    return None if keep == advise_discard(position.cards, dealer=False, explain=False)[0] else keep


def _reach(option: DiscardOption, need: int) -> int:
    """Starters with which the kept hand counts ``need`` or more."""
    return sum(n for score, n in option.hand_counts if score >= need)


def show_need(position: DiscardPosition) -> int:
    """Points the pone's hand must count to go out, after the few it pegs in an average play."""
    from ..strategy.players import PONE_PEGGING

    assert position.scores is not None
    return TARGET - position.scores[0] - PONE_PEGGING


# ---- one throw, weighed -------------------------------------------------------------------------
@dataclass(frozen=True)
class Throw:
    """One of the 15 throws: the cards thrown and kept, the kept hand's average (``hand``), the
    crib's average with any two cards beside (``crib``, for whoever owns it), the play estimate as
    it counts (``play``: half the look-ahead's value of the keep), ``value`` (hand plus or minus crib,
    plus play: net points for you), ``reach`` (starters of 46 with which the kept hand counts out,
    when the score matters; else None), its ``rank`` among the 15 (ties share a rank), and the
    strategy package's ``option`` (with every starter's score)."""

    discard: tuple[Card, ...]
    keep: tuple[Card, ...]
    hand: float
    crib: float
    play: float
    value: float
    reach: int | None
    rank: int
    option: DiscardOption
    keep_words: str  # the keep as players say it, ``4-5-5-6`` (a suit where two throws differ only by it)
    throw_words: str  # the throw as players say it, ``J-K`` or ``5♥-K``

    def names(self) -> str:
        """The thrown cards in words, for screen readers: ``jack of spades and king of diamonds``."""
        return join_words([c.name for c in self.discard])


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
    reach = {o.discard: _reach(o, need) if need else None for o, _, _ in rows}
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


# ---- why, in a player's words -------------------------------------------------------------------
def crib_chances(thrown: Sequence[Card], hand: Sequence[Card]) -> dict[int, float]:
    """The chance of each crib score from fifteens, pairs and runs (a crib flush and his nobs only
    add to it), with ``thrown`` in it and any two unseen cards beside, over every starter: the
    same crib model as the averages."""
    seen = set(hand)
    available = [0] * 14
    for rank in range(1, 14):
        available[rank] = 4 - sum(1 for c in seen if c.rank == rank)
    unseen = sum(available)
    table, base = rank_table(), rank_key(c.rank for c in thrown)
    chances: dict[int, float] = {}
    total = comb(unseen, 3)
    for ranks in combinations_with_replacement(range(1, 14), 3):
        ways = 1
        for rank in set(ranks):
            ways *= comb(available[rank], ranks.count(rank))
        if ways:
            points = table[base + rank_key(ranks)]
            chances[points] = chances.get(points, 0.0) + ways / total
    return chances


def _share(p: float) -> str:
    """A chance as a person says it."""
    tenths = round(p * 10)
    if tenths >= 10:
        return "nearly every time"
    if tenths <= 0:
        return "hardly ever"
    return {5: "half the time", 9: "9 times in 10"}.get(tenths, f"{tenths} times in 10")


def reasons(position: DiscardPosition, mine: Throw, best: Throw) -> list[str]:
    """Why the best throw is best and what the chosen one does instead, naming the cards."""
    said = []
    if count_out_keep(position) is not None:
        said.append(_score_reason(position, mine, best))
    elif score_applies(position) and position.scores is not None:
        mine_score, theirs = position.scores
        said.append(f"At {mine_score} to {theirs} you count first and the dealer could go out this deal, but "
                    "no keep counts out with more starters than another, so our strongest "
                    "computer player throws as usual, the play included.")
    elif position.scores is not None:
        mine_score, theirs = position.scores
        said.append(f"At {mine_score} to {theirs} the end is not near enough to change the throw: throw for "
                    "the best average.")
    said += _keep_reasons(best, mine)
    said += _crib_reasons(position, best, mine)
    said += _play_reasons(best, mine)
    return [s for s in said if s]


def _score_reason(position: DiscardPosition, mine: Throw, best: Throw) -> str:
    assert position.scores is not None  # asked only when the score changes the throw
    mine_score, theirs = position.scores
    need = show_need(position)
    start = (f"At {mine_score} to {theirs} the dealer could go out this deal, and you, the pone, count "
             f"first: after the 2 or so you peg, your hand must count {need} to win before the dealer "
             "counts.")
    if mine.discard == best.discard or mine.reach == best.reach:
        return (f"{start} Keeping {mine.keep_words} counts {need} or more with {_starters(mine.reach or 0)}: "
                "as many as any keep.")
    yours = f"only {mine.reach}" if mine.reach else "none of them"
    return (f"{start} Keeping {best.keep_words} counts {need} or more with {_starters(best.reach or 0)}; "
            f"keeping {mine.keep_words} with {yours}. Getting home first matters more than the average.")


def _starters(n: int) -> str:
    return f"{n} of the 46 starters" if n else "none of the 46 starters"


def _keep_reasons(best: Throw, mine: Throw) -> list[str]:
    said = []
    keep = best.keep
    run = _longest_run(keep)
    starters = join_words([_article(Card(r, "C").rank_text) for r in best.option.best_starters], "or")
    paired = len({c.rank for c in keep}) < len(keep)
    if run and not paired:
        shape = "-".join(Card(r, "C").rank_text for r in run)
        anyone = join_words([Card(r, "C").rank_text for r in run], "or")
        said.append(f"Keeping {best.keep_words} holds a run of {shape}: any {anyone} turned makes it a "
                    "double run.")
    elif best.hand >= 6:
        said.append(f"Keeping {best.keep_words} holds {holding_words(keep)}.")
    if len({c.suit for c in keep}) == 1:
        said.append(f"{best.keep_words} are all one suit: a flush of 4 whatever is turned, 5 when the "
                    "starter matches.")
    elif len({c.suit for c in mine.keep}) == 1 and mine.discard != best.discard:
        said.append(f"Your {mine.keep_words} are a flush, but its 4 points are less than "
                    f"{best.keep_words} hold with the starter: about {best.hand:.1f} against "
                    f"{mine.hand:.1f} on average.")
    fives = [c for c in keep if c.rank == 5]
    if fives and not run:
        said.append("A 5 kept makes fifteen with any of the sixteen ten-cards.")
    it = "It" if said else f"Keeping {best.keep_words}"
    if best.option.hand_max > best.option.hand_min:
        said.append(f"{it} averages {best.hand:.1f} in the hand (from {best.option.hand_min} to "
                    f"{best.option.hand_max}; {best.option.hand_max} with {starters} turned).")
    else:
        said.append(f"{it} scores {best.option.hand_min} in the hand whatever is turned.")
    if mine.discard != best.discard and abs(best.hand - mine.hand) >= 0.05:
        less = "less" if best.hand > mine.hand else "more"
        said.append(f"Your keep, {mine.keep_words}, averages {mine.hand:.1f} in the hand: "
                    f"{abs(best.hand - mine.hand):.1f} {less}.")
    return said


def _longest_run(cards: Sequence[Card]) -> tuple[int, ...]:
    """The ranks of the longest run of three or more in ``cards`` (or ())."""
    ranks = sorted({c.rank for c in cards})
    best: tuple[int, ...] = ()
    for i in range(len(ranks)):
        j = i
        while j + 1 < len(ranks) and ranks[j + 1] == ranks[j] + 1:
            j += 1
        if j - i + 1 >= max(3, len(best) + 1):
            best = tuple(ranks[i:j + 1])
    return best


def _article(rank_text: str) -> str:
    return f"an {rank_text}" if rank_text in ("A", "8") else f"a {rank_text}"


def _crib_words(thrown: Sequence[Card], hand: Sequence[Card]) -> tuple[int, float]:
    """The least the throw makes the crib score, and the chance of 6 or more."""
    chances = crib_chances(thrown, hand)
    return min(chances), sum(p for s, p in chances.items() if s >= 6)


def _crib_reasons(position: DiscardPosition, best: Throw, mine: Throw) -> list[str]:
    hand = position.cards
    owner = "your own crib" if position.dealer else "the dealer's crib"
    said = []
    # the best throw shown (Show me) is not one the learner made: it is never called "your throw"
    if mine.discard == best.discard:
        pair: tuple[tuple[Throw, str], ...] = ((best, "The best throw, the {},"),)
    elif mine.rank == best.rank:
        pair = ((mine, "Your throw, the {},"),)
    else:
        pair = ((mine, "Your throw, the {},"), (best, "The best throw, the {},"))
    for throw, whose in pair:
        least, six_up = _crib_words(throw.discard, hand)
        at_least = f"at least {plural(least, 'point')} and " if least else ""
        said.append(f"{whose.format(throw.throw_words)} {'gives' if position.dealer else 'hands'} {owner} "
                    f"{at_least}6 or more {_share(six_up)}: {throw.crib:.1f} on average, with any two cards "
                    f"beside them{_throw_why(throw.discard)}.")
    return said


def _throw_why(thrown: Sequence[Card]) -> str:
    why = throw_reasons(thrown)
    if why:
        return f" ({join_words(why)})"
    low, high = sorted(c.rank for c in thrown)
    if high - low >= 5:  # a crib of five cards holds no run that long
        return " (too far apart to share a run, and no fifteen together)"
    between = join_words([Card(r, "C").rank_text for r in range(low + 1, high)])
    return f" (no fifteen or pair together, and a run needs the {between} as well)"


def _play_reasons(best: Throw, mine: Throw) -> list[str]:
    gap = best.play - mine.play
    if mine.rank == best.rank or abs(gap) < 0.2:
        return []
    better, worse = (best, mine) if gap > 0 else (mine, best)
    tip = _play_tip(better.keep, worse.keep)
    return [f"In the play, {better.keep_words} are worth about {abs(gap):.1f} a deal more than "
            f"{worse.keep_words}{tip}."]


def _play_tip(good: Sequence[Card], poor: Sequence[Card]) -> str:
    def small(cards: Sequence[Card]) -> int:
        return sum(1 for c in cards if c.value <= 4)

    def pairs(cards: Sequence[Card]) -> bool:
        ranks = [c.rank for c in cards]
        return any(ranks.count(r) >= 2 for r in ranks)

    if pairs(good) and not pairs(poor):
        return ": a pair kept can answer a card of its rank with a pair royal"
    if small(good) > small(poor):
        return ": small cards let you play on for a go or 31 when the count is high"
    return ""


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


class DiscardTrainer:
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
        self.all_positions = pool
        self.rng = checks.seed(seed)
        self.shuffle = checks.flag("shuffle", shuffle)
        self.records: list[AnswerRecord] = []
        self._firsts: list[bool] = []
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
        if not queue:
            raise CribbageError(f"no position of the level {level!r} was given")
        if self.shuffle:
            self.rng.shuffle(queue)
        self.level, self.queue, self.index = level, queue, 0
        self._ask()

    def _ask(self) -> None:
        self.question = DiscardQuestion(self.queue[self.index])
        self.chosen: tuple[Card, ...] = ()
        self.verdict: Verdict | None = None
        self.done = False
        self.attempts = 0
        self._given: set[frozenset[Card]] = set()

    def next(self) -> None:
        """The next position; after the last, a new round (reshuffled when shuffling)."""
        self.index = (self.index + 1) % len(self.queue)
        if self.index == 0 and self.shuffle:
            self.rng.shuffle(self.queue)
        self._ask()

    @property
    def position(self) -> DiscardPosition:
        """The position on show."""
        return self.question.position

    @property
    def tally(self) -> tuple[int, int]:
        """(positions right at the first try, positions tried or shown)."""
        return sum(self._firsts), len(self._firsts)

    def heading(self) -> str:
        """What the position teaches and where it stands: ``Plain cases · 3 of 28``."""
        tag = self.position.lesson
        where = f"{self.index + 1} of {len(self.queue)}"
        return f"{LEVEL_NAMES[level_of(tag)]} · {where}: {LESSON_TAGS[tag]}" if tag else where

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
        if self.done:
            raise CribbageError("this position is answered: press Next for the next one")
        if card not in self.position.cards:
            raise CribbageError(f"the {card.name} is not in your hand")
        chosen = [c for c in self.chosen if c != card] if card in self.chosen else [*self.chosen, card][-2:]
        self.chosen = tuple(chosen)
        return self.chosen

    def choose(self, cards: object) -> tuple[Card, ...]:
        """Choose these cards (at most two of the hand), replacing the choice."""
        if self.done:
            raise CribbageError("this position is answered: press Next for the next one")
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
        if self.done:
            raise CribbageError("this position is answered: press Next for the next one")
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
