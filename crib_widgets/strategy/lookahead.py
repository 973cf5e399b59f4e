"""Look-ahead in the play of a two-player deal: solve the rest of the play exactly for each way the
hidden cards may lie, and average.

`solve_play` is an exact minimax of the rest of the play when every card is known: both players
lay the card best for them, with the engine's rules for go, 31, the last card and the reset, and
each card scored by the engine's own `crib_widgets.pegging.play_points` (cached by the ranks of
the pile, since suits play no part in the play). Its value is the points the player to move will
peg from here minus the points the other player will peg.

`play_values` is what a player at the table can know: its own cards, the pile, the cards it has
seen, and what the other player's go revealed (a go on 24 means every card still held is worth
8 or more). It draws the other player's hidden hand from the unseen cards consistent with that,
read from its discard and its play when whose crib it is is given (`reading.read_hands`: a
player keeps what scores, takes the points in front of it and leads by the rules of thumb;
`READ_DRAWS` times ``samples`` weighted draws), otherwise every hand alike (all of them, by
rank, when there are few enough ways; otherwise a seeded sample of ``samples`` hands), solves
the play for each and averages: the expected net points of each playable card. Near the end of
a game, given the show ahead (``show``, `count_out.CountOut`), each imagined deal is solved to the
end of its show instead: pegging out or counting out first wins (`solver.WIN`). Given how often the other
player grabs the points in front of it (``grabs``, `habits.grab_share`), each of its answers is
that card that often and its best card otherwise.

>>> from crib_widgets.cards import Card, full_deck, parse_cards
>>> hand = parse_cards("KS AH 2D 3C")
>>> unseen = [c for c in full_deck() if c not in hand and c != Card(9, "H")]
>>> values = play_values(hand, parse_cards("9H"), unseen, held=3)
>>> max(values, key=values.get).rank_text    # a ten-card onto the 9 (19), not the 3 (12)
'K'
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from math import comb
from typing import TYPE_CHECKING

from ..cards import RANK_VALUES, Card
from .reading import read_hands
from .solver import FAR, ShowSolver, Solver, capped_need, rank_patterns

if TYPE_CHECKING:
    from .count_out import CountOut

__all__ = ["solve_play", "play_values", "hidden_hands", "their_hands", "hand_play_value", "DEFAULT_SAMPLES",
           "READ_DRAWS"]

# Hidden hands averaged over when there are more ways than this. bench/review_samples.py measured,
# on 60 positions against 600 samples: the card chosen loses on average 0.137 points with 8
# samples, 0.088 with 16, 0.044 with 32 and 0.039 with 48; 32 is the smallest size below 0.05.
DEFAULT_SAMPLES = 32
# Hidden hands read from a discard are drawn this many times ``samples`` (weighted draws say less
# each). bench/reading.py against CribbageSim's Hoyle bot, paired deals: 64 draws pegged 0.10
# points a deal more than 32 (+0.05 +-0.06 and +0.14 +-0.06, seeds 1433 and 1434, 600 deal-seats
# each), 16 did no better than 32, and 128 no better than 64 (-0.01 +-0.06, seed 1435).
READ_DRAWS = 2
_VALUE = RANK_VALUES


def solve_play(mine: Sequence[int], theirs: Sequence[int], pile: Sequence[int] = (), count: int | None = None,
               *, their_go: bool = False, i_laid_last: bool | None = None, need: int | None = None,
               their_need: int | None = None, lowball: bool = False, exact: bool = False,
               solver: Solver | None = None) -> float:
    """Net points (mine minus theirs; in Lowball theirs minus mine) of the rest of the play with every
    card known, me to move. Ranks only (1 to 13). ``their_go``: the other player has said go in
    this count; ``i_laid_last``: who laid the pile's last card (by default me if they said go,
    otherwise them). With ``need`` / ``their_need`` a side that reaches it wins (worth `solver.WIN`);
    with ``exact`` (the exact-finish variant) points that would carry past a need are refused.

    >>> solve_play([5], [10])        # I lead the 5, the ten makes 15-2, and the last card: -3
    -3.0
    >>> solve_play([10, 10], [5, 5])  # 10, 5 for 15-2, 10, 5 for 30 and the last card
    -3.0
    """
    solver = solver or Solver(lowball, exact)
    pile = tuple(pile)
    if count is None:
        count = sum(_VALUE[r] for r in pile)
    if i_laid_last is None:
        i_laid_last = their_go
    last = None if not pile else (0 if i_laid_last else 1)
    hands = (tuple(sorted(mine)), tuple(sorted(theirs)))
    needs = (capped_need(need), capped_need(their_need))
    said = 2 if their_go else 0
    if not hands[0]:
        return float(solver.advance(hands, pile, count, 0, said | 1, last, needs))
    return float(solver.value(hands, pile, count, 0, said, last, needs))


def hidden_hands(unseen: Iterable[Card], held: int, *, above: int = 0, samples: int = DEFAULT_SAMPLES,
                 rng: random.Random | None = None) -> list[tuple[tuple[int, ...], float]]:
    """The other player's possible hands as (sorted ranks, weight) pairs, weights adding up to 1.

    ``held`` cards are drawn from ``unseen``; ``above``: every one of them is worth more than this
    (what a go revealed). All rank patterns, weighted exactly, when there are at most ``samples``
    of them; otherwise ``samples`` hands drawn at random (``rng``, seeded by default).
    """
    pool = [c for c in unseen if c.value > above]
    held = min(held, len(pool))
    if held <= 0:
        return [((), 1.0)]
    by_rank = Counter(c.rank for c in pool)
    ranks = sorted(by_rank)
    patterns = rank_patterns(ranks, by_rank, held)
    if len(patterns) <= samples:
        total = comb(len(pool), held)
        return [(p, w / total) for p, w in patterns]
    rng = rng or random.Random(f"hidden:{held}:{','.join(map(str, pool))}")
    drawn = Counter(tuple(sorted(c.rank for c in rng.sample(pool, held))) for _ in range(samples))
    return [(p, n / samples) for p, n in sorted(drawn.items())]


def play_values(hand: Sequence[Card], pile: Sequence[Card], unseen: Iterable[Card], held: int, *,
                their_go_above: int = 0, their_go_now: bool = False, need: int | None = None,
                their_need: int | None = None, lowball: bool = False, samples: int = DEFAULT_SAMPLES,
                their_played: Sequence[Card] = (), their_piles: Sequence[tuple[int, ...]] = (),
                they_deal: bool | None = None, show: CountOut | None = None, exact: bool = False,
                grabs: float = 0.0, rng: random.Random | None = None,
                solver: Solver | None = None) -> dict[Card, float]:
    """Each playable card's expected net points for the rest of the play (see the module text).

    ``held``: cards the other player still holds; ``their_go_above``: a go of theirs this deal
    showed every card they hold is worth more than this; ``their_go_now``: they have said go in
    this count (so they cannot answer until it starts again). With ``they_deal`` given (True: the
    crib is theirs) the hidden hands are read from their discard and their play
    (`reading.read_hands`, `READ_DRAWS` times ``samples`` weighted draws; ``their_played``: the
    cards they have laid this deal, each on the pile of ranks in ``their_piles``). With ``show``
    (`count_out.CountOut`) and a need within reach, each imagined deal's play is solved to the end
    of its show: pegging matters for who then counts out (not in Lowball). ``exact``: the
    exact-finish variant (points that would carry past a need are refused). ``grabs``: the share
    of its turns in which the other player lays the card that scores most now (of those, the
    highest) rather than its best card (`habits.grab_share`); 0 assumes it always plays its best.
    """
    count = sum(c.value for c in pile)
    playable = sorted({c.rank for c in hand if c.value <= 31 - count})
    if not playable:
        return {}
    solver = solver or Solver(lowball, exact, grabs)
    mine = tuple(sorted(c.rank for c in hand))
    ranks = tuple(c.rank for c in pile)
    needs = (capped_need(need), capped_need(their_need))
    said = 2 if their_go_now else 0
    totals = dict.fromkeys(playable, 0.0)
    to_show = show is not None and not lowball and min(needs) < FAR
    laid = tuple(c.rank for c in their_played)
    hidden = their_hands(unseen, held, their_go_above, samples, rng, lowball, their_played=their_played,
                         their_piles=their_piles, they_deal=they_deal)
    for theirs, weight in hidden:
        hands = (mine, theirs)
        world = (ShowSolver(lowball, solver.exact, show, (*laid, *theirs), solver.grabs)
                 if to_show and show is not None else solver)
        for rank in playable:
            totals[rank] += weight * world.after(hands, ranks, count, 0, said, needs, rank)
    return {c: totals[c.rank] for c in hand if c.rank in totals}


def their_hands(unseen: Iterable[Card], held: int, above: int, samples: int, rng: random.Random | None,
                lowball: bool, *, their_played: Sequence[Card], their_piles: Sequence[tuple[int, ...]],
                they_deal: bool | None) -> list[tuple[tuple[int, ...], float]]:
    """The other player's hidden hands as (sorted ranks, weight) pairs: read from its discard when
    whose crib it is is known and it kept four (two players, `reading.read_hands`), otherwise every
    hand consistent with its goes alike (`hidden_hands`)."""
    if they_deal is not None:
        read = read_hands(unseen, their_played, held, they_deal=they_deal, above=above, lowball=lowball,
                          their_piles=their_piles, draws=READ_DRAWS * samples, rng=rng)
        if read:
            return read
    return hidden_hands(unseen, held, above=above, samples=samples, rng=rng)


def hand_play_value(keep: Sequence[Card], unseen: Sequence[Card], *, dealer: bool, samples: int = 12,
                    lowball: bool = False, rng: random.Random | None = None,
                    solver: Solver | None = None, hands: list[tuple[int, ...]] | None = None) -> float:
    """The kept four cards' expected net points in the play (mine minus the other player's), over
    ``samples`` hidden four-card hands (or the given ``hands``), each play solved exactly; the
    non-dealer leads. An estimate for weighing a discard, not an exact average."""
    solver = solver or Solver(lowball)
    mine = tuple(sorted(c.rank for c in keep))
    if hands is None:
        rng = rng or random.Random("hand play")
        hands = [tuple(sorted(c.rank for c in rng.sample(list(unseen), 4))) for _ in range(samples)]
    total = 0.0
    for theirs in hands:
        if dealer:  # the other player leads: value from their side, negated
            total -= solver.value((theirs, mine), (), 0, 0, 0, None, (FAR, FAR))
        else:
            total += solver.value((mine, theirs), (), 0, 0, 0, None, (FAR, FAR))
    return total / len(hands)
