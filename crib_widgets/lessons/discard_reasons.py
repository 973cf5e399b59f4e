"""Why one throw is better than another, in a player's words: what the keep holds, what the crib gets,
what the play gives, and what the score asks near the end."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations_with_replacement
from math import comb
from typing import TYPE_CHECKING

from ..cards import Card
from ..scoring import rank_key, rank_table
from ..strategy.explain import holding_words, throw_reasons
from ..words import join_words, plural
from .discard_position import DiscardPosition, Throw, count_out_keep, score_applies, show_need

if TYPE_CHECKING:
    from ..strategy.discard import DiscardOption

# a throw weighed: the strategy package's option, its play estimate (as it counts) and its value
Row = tuple["DiscardOption", float, float]


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
