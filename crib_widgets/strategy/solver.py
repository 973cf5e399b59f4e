"""The floor the play strategies stand on: the value of winning, the card-free pile scorer, the
rank patterns a pool of hidden cards can make, and the exact two-player solver of the play.

Everything here works on ranks (1 to 13), not cards: suits play no part in the play. The
look-ahead (`lookahead`), the reading of hidden hands (`reading`), the show ahead (`count_out`),
the multi-player search (`lookahead_multi`), the habits (`habits`), the discard weighing (`weigh`)
and the review's lines (`lines`) all import from here, and this module imports none of them.

- `WIN`: the value of winning the game outright: more than any number of points.
- `FAR`: needs at least this far off can not be reached in what is left of one deal's play.
- `play_score` / `pile_points`: the points for the last card of a pile of ranks (the card-free
  mirror of the engine's `crib_widgets.pegging.play_points`); `pile_points` caches it by the pile.
- `grab_rank`: the card a grabber lays (the one that scores most now).
- `rank_patterns`: every multiset of ranks a pool can make, with how many card sets give it.
- `Solver`: exact minimax of the rest of a two-player play, memoised; `ShowSolver` adds the show.

>>> pile_points((5, 10)), pile_points((3, 5, 4)), pile_points((7, 7, 7))
(2, 3, 6)
>>> Solver().value(((5,), (10,)), (), 0, 0, 0, None, (FAR, FAR))  # 5 led, 10 for 15-2 and the last card
-3.0
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from math import comb
from typing import Protocol

from ..cards import RANK_VALUES
from ..game.rules import pegged

__all__ = ["WIN", "FAR", "play_score", "pile_points", "grab_rank", "rank_patterns", "without", "capped_need",
           "Solver", "ShowSolver", "clear_memos"]

# The value of winning the game outright in the play: more than any number of points.
WIN = 1000.0
# Needs at least this large can not be reached in what is left of one deal's play.
FAR = 40
_VALUE = RANK_VALUES
_SETS = (0, 0, 2, 6, 12, 12)


def play_score(ranks: Sequence[int], count: int) -> int:
    """Points for the last of ``ranks`` (the pile since the last reset) when the count is ``count``.

    Fast and card-free for look-ahead; agrees with `crib_widgets.pegging.play_points`.

    >>> play_score([5, 10], 15), play_score([3, 5, 4], 12), play_score([7, 7, 7], 21)
    (2, 3, 6)
    """
    points = 2 if count in (15, 31) else 0
    n = len(ranks)
    last = ranks[-1]
    if n > 1 and ranks[-2] == last:
        same = 2
        while same < n and ranks[-same - 1] == last:
            same += 1
        return points + _SETS[same]
    # grow the window back from the last card; a repeated rank ends every longer run too
    low = high = last
    seen = {last}
    run = 0
    for size in range(2, n + 1):
        rank = ranks[-size]
        if rank in seen:
            break
        seen.add(rank)
        if rank < low:
            low = rank
        elif rank > high:
            high = rank
        if size >= 3 and high - low == size - 1:
            run = size
    return points + run


def pile_points(ranks: tuple[int, ...]) -> int:
    """Points for the last card of a pile given by its ranks (since the count was 0), cached
    (`play_score` with the pile's own count).

    >>> pile_points((5, 10)), pile_points((3, 5, 4)), pile_points((7, 7, 7))
    (2, 3, 6)
    """
    found = _POINTS.get(ranks)
    if found is None:
        if len(_POINTS) > 1 << 19:
            _POINTS.clear()
        found = _POINTS[ranks] = play_score(ranks, sum(_VALUE[r] for r in ranks))
    return found


_POINTS: dict[tuple[int, ...], int] = {}

# The solver's state (see `Solver`): both hands and the pile as ranks, each side's need.
Hands = tuple[tuple[int, ...], tuple[int, ...]]
Needs = tuple[int, int]
_Key = tuple[Hands, tuple[int, ...], int, int, int, "int | None", Needs]


def grab_rank(pile: Sequence[int], ranks: Iterable[int], count: int, sign: int = 1) -> int | None:
    """The rank a grabber lays on ``pile`` (ranks) at ``count``: the one of ``ranks`` that scores
    most now (fewest with ``sign`` -1, in Lowball), of equal ones the highest; None when none fits.

    >>> grab_rank([10], [5, 13], 10), grab_rank([9], [2, 13], 9), grab_rank([10, 10, 5], [13], 25)
    (5, 13, None)
    """
    fits = [r for r in ranks if count + _VALUE[r] <= 31]
    if not fits:
        return None
    return max(fits, key=lambda r: (sign * play_score([*pile, r], count + _VALUE[r]), r))


def rank_patterns(ranks: list[int], by_rank: Counter[int], size: int) -> list[tuple[tuple[int, ...], int]]:
    """Every multiset of ``size`` ranks the pool can make (``ranks``: its ranks, sorted;
    ``by_rank``: how many cards of each), with how many card sets give it.

    >>> rank_patterns([5, 10], Counter({5: 2, 10: 1}), 2)
    [((5, 10), 2), ((5, 5), 1)]
    """
    out: list[tuple[tuple[int, ...], int]] = []

    def grow(start: int, left: int, chosen: tuple[int, ...], ways: int) -> None:
        if not left:
            out.append((chosen, ways))
            return
        for i in range(start, len(ranks)):
            rank = ranks[i]
            for k in range(1, min(by_rank[rank], left) + 1):
                grow(i + 1, left - k, chosen + (rank,) * k, ways * comb(by_rank[rank], k))

    grow(0, size, (), 1)
    return out


def without(hand: tuple[int, ...], rank: int) -> tuple[int, ...]:
    """The sorted ranks ``hand`` with one ``rank`` laid."""
    i = hand.index(rank)
    return hand[:i] + hand[i + 1:]


def capped_need(value: int | None) -> int:
    """A side's need as the solver keeps it: `FAR` when it is out of reach (or not given)."""
    return FAR if value is None or value >= FAR else value


_MEMOS: dict[tuple[bool, bool, float], dict[_Key, float]] = {}
_MEMO_SIZE = 400_000


def clear_memos() -> None:
    """Empty the two-player solvers' memos (a cold start, as for a saved game reviewed on its own)."""
    for memo in _MEMOS.values():
        memo.clear()


class Solver:
    """Exact minimax of the rest of a two-player play, memoised on the whole state.

    State: the two hands (sorted ranks), the pile since the last reset (ranks), the count, whose
    turn, who has said go (bits), who laid the last card, and each side's need (points that win,
    or `FAR`). Values are from player 0's side: its points minus player 1's (negated in Lowball).
    ``grabs``: the share of player 1's answers that are the grabber's card (`habits`); the rest
    are its best.
    """

    def __init__(self, lowball: bool = False, exact: bool = False, grabs: float = 0.0) -> None:
        self.sign = -1 if lowball else 1
        self.lowball = lowball
        self.exact = exact
        # how often player 1 takes the points in front of it (`habits`); not in Lowball
        self.grabs = 0.0 if lowball else grabs
        # positions recur across hidden hands, decisions and deals: one memo per aim, finish and
        # habit, kept (and emptied when it grows past _MEMO_SIZE)
        self.memo: dict[_Key, float] = _MEMOS.setdefault((lowball, exact, self.grabs), {})
        if len(self.memo) > _MEMO_SIZE:
            self.memo.clear()

    def value(self, hands: Hands, pile: tuple[int, ...], count: int, turn: int, said: int, last: int | None,
              needs: Needs) -> float:
        """Player 0's value of the state (see the class text) with ``turn`` to move."""
        key = (hands, pile, count, turn, said, last, needs)
        found = self.memo.get(key)
        if found is not None:
            return found
        room = 31 - count
        result: float | None = None
        previous = 0
        after = self.after
        grabs = self.grabs if turn == 1 and pile else 0.0  # a habit of answering, not of leading
        values: dict[int, float] = {}
        for rank in hands[turn]:  # sorted, so each rank once
            if rank == previous or _VALUE[rank] > room:
                continue
            previous = rank
            v = values[rank] = after(hands, pile, count, turn, said, needs, rank)
            if result is None or (v > result if turn == 0 else v < result):
                result = v
        if result is None:
            result = self.advance(hands, pile, count, turn, said | (1 << turn), last, needs)
        elif grabs:
            grab = grab_rank(pile, values, count)
            if grab is not None:  # a card was laid, so one is the grabber's
                result = grabs * values[grab] + (1 - grabs) * result
        self.memo[key] = result
        return result

    def after(self, hands: Hands, pile: tuple[int, ...], count: int, turn: int, said: int, needs: Needs,
              rank: int) -> float:
        """Player 0's value after ``turn`` lays ``rank``."""
        hand = without(hands[turn], rank)
        hands = (hand, hands[1]) if turn == 0 else (hands[0], hand)
        pile = (*pile, rank)
        count += _VALUE[rank]
        points = _POINTS.get(pile)
        if points is None:
            points = pile_points(pile)
        won, needs, points = self._peg(needs, turn, points)
        if won is not None:
            return won
        if not hands[0] and not hands[1] and count != 31:
            won, needs, last_card = self._peg(needs, turn, 1)  # the last card: an amount of its own
            if won is not None:
                return won
            points += last_card
        gain = self.sign * points * (1 if turn == 0 else -1)
        if not hands[0] and not hands[1]:
            return gain + self.shown(needs)
        if count == 31:
            return gain + self._reset(hands, turn, needs)
        return gain + self.advance(hands, pile, count, turn, said, turn, needs)

    def shown(self, needs: Needs) -> float:
        """The value of the show after the play, beyond the points pegged (none: points only)."""
        return 0.0

    def _peg(self, needs: Needs, seat: int, points: int) -> tuple[float | None, Needs, int]:
        """(the game's value if ``points`` end it, else None; the needs after; the points pegged).
        With an exact finish, points that would carry past the target are refused: none pegged."""
        if not points or needs[seat] >= FAR:
            return None, needs, points
        points = pegged(points, needs[seat], self.exact)
        if not points:
            return None, needs, 0
        need = needs[seat] - points
        if need <= 0:
            mine = -WIN if self.lowball else WIN
            return (mine if seat == 0 else -mine), needs, points
        return None, ((need, needs[1]) if seat == 0 else (needs[0], need)), points

    def advance(self, hands: Hands, pile: tuple[int, ...], count: int, seat: int, said: int, last: int | None,
                needs: Needs) -> float:
        """Player 0's value when ``seat`` has just laid a card or said go: the next to move plays,
        or the go is pegged and the count starts again."""
        other = 1 - seat
        if hands[other] and not said & (1 << other):
            return self.value(hands, pile, count, other, said, last, needs)
        if hands[seat] and not said & (1 << seat):
            return self.value(hands, pile, count, seat, said, last, needs)
        # nobody can lay a card: the last to lay one pegs the go, and the count starts again
        if last is None:  # a count always starts with a card laid (any card fits on 0)
            raise RuntimeError("a go with no card laid in the count")
        won, needs, point = self._peg(needs, last, 1)
        if won is not None:
            return won
        gain = self.sign * point * (1 if last == 0 else -1)
        return gain + self._reset(hands, last, needs)

    def _reset(self, hands: Hands, last: int, needs: Needs) -> float:
        leader = 1 - last if hands[1 - last] else last
        return self.value(hands, (), 0, leader, 0, None, needs)


class ShowValue(Protocol):
    """What the show is worth once the play ends (`count_out.CountOut`)."""

    def end_value(self, needs: Needs, their_ranks: tuple[int, ...]) -> float: ...


class ShowSolver(Solver):
    """The solver for one imagined deal whose show is known (``show``: a `count_out.CountOut`, or
    anything with its ``end_value``): the play's end is worth what the show then does. Its own
    memo: the show depends on the whole imagined hand."""

    def __init__(self, lowball: bool, exact: bool, show: ShowValue, their_ranks: tuple[int, ...],
                 grabs: float = 0.0) -> None:
        super().__init__(lowball, exact, grabs)
        self.memo = {}
        self.show, self.their_ranks = show, their_ranks

    def shown(self, needs: Needs) -> float:
        return self.show.end_value(needs, self.their_ranks)
