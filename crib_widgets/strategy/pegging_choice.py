"""Which card to lay in the play: the greedy choice and a one-move look-ahead.

The computer expert looks further (to the end of the play with two players, `lookahead`; four
cards deep with three or four, `lookahead_multi`); this quick rule is what the pegging drill
explains its answers with, and what those were measured against.

`expert_play` weighs each playable card by what it scores now, then by the next player's best answer
over the cards it cannot see (each unseen card equally likely to be in that hand, so the chance
that the answer is a given card is hypergeometric), and by its own best reply to that answer.
That one rule is enough to avoid leaving the count on 5 or 21, to avoid laying a card the
next player can pair or run, and to take 31 and the go when it can. In Lowball the signs flip.

>>> from crib_widgets.cards import parse_cards
>>> view = PlayView(hand=tuple(parse_cards("9S 2D")), pile=tuple(parse_cards("KH 2C")), count=12,
...                 unseen=tuple(parse_cards("10S QD KC AH 3H 5S")), next_held=3)
>>> expert_play(view).pretty   # 9 would leave 21 for a ten-card to make 31
'2♦'
>>> greedy_play(view).pretty   # 2 pairs the 2 now
'2♦'
"""

from __future__ import annotations

from collections.abc import Sequence
from math import comb

from ..cards import Card
from ..game.rules import pegged
from ..game.seat_view import PlayView
from .solver import WIN, grab_rank, play_score

__all__ = ["PlayView", "greedy_play", "expert_play", "expert_values", "lead_rules"]


def _value(rank: int) -> int:
    return 10 if rank > 10 else rank


def lead_rules(rank: int, held: Sequence[int]) -> tuple[bool, bool, bool]:
    """The rules of thumb every player learns for a lead, for leading ``rank`` from the ranks
    ``held``: it is below 5 (no answer can make fifteen), it is not a 5 (unless only 5s are held),
    and it is from a pair other than 5s (the answer that pairs it can be met with a pair royal).

    >>> lead_rules(4, [4, 4, 9, 11]), lead_rules(5, [5, 10, 12, 13])
    ((True, True, True), (False, False, False))
    """
    only_fives = all(r == 5 for r in held)
    return rank < 5, rank != 5 or only_fives, rank != 5 and held.count(rank) > 1


def greedy_play(view: PlayView) -> Card | None:
    """The card that scores most now (fewest in Lowball); ties go to the higher card. None: go."""
    rank = grab_rank([c.rank for c in view.pile], {c.rank for c in view.hand}, view.count,
                     -1 if view.lowball else 1)
    if rank is None:
        return None
    return max((c for c in view.hand if c.rank == rank), key=lambda c: c.suit)


def expert_play(view: PlayView) -> Card | None:
    """The card with the best look-ahead value (see `expert_values`); None means say go."""
    values = expert_values(view)
    if not values:
        return None
    return max(values, key=lambda card: (round(values[card], 9), card.rank, card.suit))


def expert_values(view: PlayView) -> dict[Card, float]:
    """Each playable card's worth to the player: points now, minus the next player's expected best
    answer, plus the player's own best reply to it (all negated in Lowball).

    Suits play no part in the play, so cards of one rank get one value, and the unseen cards are
    handled as counts per rank.
    """
    sign = -1 if view.lowball else 1
    pile = [c.rank for c in view.pile]
    unseen = [0] * 14
    for card in view.unseen:
        unseen[card.rank] += 1
    held = [c.rank for c in view.hand]
    by_rank: dict[int, float] = {}
    for rank in sorted(set(held)):
        count = view.count + _value(rank)
        if count > 31:
            continue
        ranks = [*pile, rank]
        now = play_score(ranks, count)
        if view.need is not None:
            now = pegged(now, view.need, view.exact)
        rest = list(held)
        rest.remove(rank)
        if view.need is not None and now >= view.need:
            by_rank[rank] = -WIN if view.lowball else WIN
            continue
        if count == 31:
            later = 0.0  # the count starts again; the next player leads
        elif view.next_held == 0 or not view.unseen:
            later = sign * _alone(ranks, count, rest, sign)
        else:
            later = _answer_value(view, unseen, ranks, count, rest, sign)
        by_rank[rank] = sign * now + later
    return {c: by_rank[c.rank] for c in view.hand if c.rank in by_rank}


def _alone(pile: list[int], count: int, hand: list[int], sign: int) -> int:
    """Points the player can still make laying its cards with nobody able to answer (best for it
    by ``sign``), ending with the go point unless the count reaches 31."""
    best = None
    for rank in set(hand):
        total = count + _value(rank)
        if total > 31:
            continue
        ranks = [*pile, rank]
        points = play_score(ranks, total)
        if total < 31:
            rest = list(hand)
            rest.remove(rank)
            points += _alone(ranks, total, rest, sign)
        if best is None or sign * points > sign * best:
            best = points
    if best is None:
        return 1 if count < 31 else 0
    return best


def _answer_value(view: PlayView, unseen: list[int], pile: list[int], count: int, rest: list[int],
                  sign: int) -> float:
    """The player's expected net gain from the next player's answer and its own reply.

    The next player holds ``k`` of the ``U`` unseen cards, any set equally likely, and answers with
    the rank best for it. With the ranks sorted best first and ``B`` unseen cards in better ranks,
    the chance that the answer is a rank with ``m`` unseen cards is
    (C(U - B, k) - C(U - B - m, k)) / C(U, k): none better is held, but one of these is.
    """
    total = len(view.unseen)
    k = min(view.next_held, total)
    answers = []
    for rank in range(1, 14):
        m = unseen[rank]
        after = count + _value(rank)
        if not m or after > 31:
            continue
        ranks = [*pile, rank]
        theirs = play_score(ranks, after)
        if view.next_need is not None:
            theirs = pegged(theirs, view.next_need, view.exact)
        mine = _best_reply(ranks, after, rest, sign) if after < 31 else 0
        answers.append((sign * (theirs - mine), theirs, mine, m))
    # the next player answers with the card best for it after our reply: the most it scores less
    # what it gives away (in Lowball it dodges points too). Ranking by its own points alone would
    # break ties by rank, as if it always answered with its lowest card.
    answers.sort(key=lambda a: a[0], reverse=True)
    all_sets = comb(total, k)
    expected = 0.0
    better = 0
    for _, theirs, mine, m in answers:
        chance = (comb(total - better, k) - comb(total - better - m, k)) / all_sets
        better += m
        expected += chance * sign * (mine - theirs)
        if view.next_need is not None and theirs >= view.next_need:
            expected += chance * (WIN if view.lowball else -WIN)
    stuck = comb(total - better, k) / all_sets
    if stuck:
        expected += stuck * sign * _alone(pile, count, rest, sign)
    return expected


def _best_reply(pile: list[int], count: int, hand: list[int], sign: int) -> int:
    """Points of the player's best card laid on ``pile``; -1 when it cannot lay one, as the other
    player then takes at least the go."""
    best = -1
    found = False
    for rank in hand:
        total = count + _value(rank)
        if total > 31:
            continue
        points = play_score([*pile, rank], total)
        if not found or sign * points > sign * best:
            best, found = points, True
    return best
