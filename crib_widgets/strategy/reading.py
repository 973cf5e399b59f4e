"""Reading the other player's hand from its discard: a player keeps the cards that score.

Before the play a player chose four of six cards. Most players keep what scores as it stands
(fifteens, pairs, runs, a flush) and, not dealing, throw what gives the crib little. So the
hidden hand is not any four of the unseen cards: 5-5-10-J is far likelier than 2-7-9-K.

`read_hands` draws six-card deals for the other player from the unseen cards (with the cards it
has laid) and weights each way of keeping four of them by how likely a player who keeps what
scores would have kept it: ``exp(BETA * points)`` over the fifteen ways, where points are the
keep's points as it stands plus (dealing) or minus (not dealing) the throw's. `BETA` 1 makes a
keep two points behind the best about a seventh as likely: a soft model that leaves room for a
player who throws by averages. The cards it has laid say more: a player who takes the points in
front of it lays the card that scores most, so each of its answers is weighted by
``exp(GAMMA * points)`` against the other cards it held then (a 4 laid on a 5 says it held no
ten-card), and each lead by ``exp(LEAD * score)`` where the score follows the rules of thumb (2
for leading from a pair, 1 for a card below 5, -2 for a 5): a king led says the hand likely holds
no low card. Its goes rule out the hands that could have played on.

bench/reading.py measured it against CribbageSim 1.0.2's Hoyle bot on paired deals (the same
cards and discards, the play refereed with and without the reading, 32 draws): reading the
discard pegged 0.16 points a deal more (+-0.06, 1,200 deal-seats, seed 1431) than drawing every
hand alike; ``BETA`` 3 and 10 did as well (+0.15 each), so the softest stays. Reading the play
as well (``GAMMA`` 1) added +0.003 and +0.010 (+-0.08, 600 deal-seats each, seeds 1431 and 1432):
no measurable gain against a bot that always scores when it can; kept because it is what a
player at the table reads, and it costs nothing (3.90 against 3.91 ms a reading of 64 draws, two
cards laid, 200 positions). Reading the leads too (``LEAD`` 2, 64 draws)
pegged +0.055 +-0.054 and +0.177 +-0.059 a deal more than without (600 deal-seats each, seeds
1451 and 1452); ``LEAD`` 1 gained less (+0.04, +0.15), 3 and 5 no more than 2 (+0.02 and -0.03;
+0.01 and -0.06). How many draws: see `lookahead.READ_DRAWS`.

>>> from crib_widgets.cards import Card, full_deck, parse_cards
>>> mine = parse_cards("2S 3S 4D 7H 9C KC") + [Card(8, "D")]
>>> unseen = [c for c in full_deck() if c not in mine]
>>> hands = dict(read_hands(unseen, (), held=4, they_deal=False))
>>> abs(sum(hands.values()) - 1) < 1e-9
True
"""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Iterable, Sequence
from itertools import combinations
from math import exp

from ..cards import RANK_VALUES, Card
from ..scoring import HAND_FLUSH, rank_points
from .pegging_choice import lead_rules
from .solver import pile_points

__all__ = ["read_hands", "keep_weight", "BETA", "GAMMA", "LEAD", "DRAWS"]

BETA = 1.0
GAMMA = 1.0
LEAD = 2.0
DRAWS = 32
# (kept indices, thrown indices) of six cards; the first keeps the first four
_SPLITS = [(k, tuple(i for i in range(6) if i not in k)) for k in combinations(range(6), 4)]
_POINTS: dict[tuple[int, ...], int] = {}


def _points(cards: Sequence[Card]) -> int:
    key = tuple(sorted(c.rank for c in cards))
    found = _POINTS.get(key)
    if found is None:
        found = _POINTS[key] = rank_points(key)
    return found


def _keep_points(six: Sequence[Card], keep: Sequence[int], throw: Sequence[int], sign: int) -> int:
    kept = [six[i] for i in keep]
    flush = HAND_FLUSH if len({c.suit for c in kept}) == 1 else 0
    return _points(kept) + flush + sign * _points([six[i] for i in throw])


def _keep_chances(six: Sequence[Card], sign: int, aim: int, beta: float) -> list[float]:
    """How likely each of the fifteen ways of keeping four of ``six`` is (`_SPLITS` order)."""
    scores = [aim * _keep_points(six, k, t, sign) for k, t in _SPLITS]
    top = max(scores)
    odds = [exp(beta * (x - top)) for x in scores]
    total = sum(odds)
    return [x / total for x in odds]


def keep_weight(keep: Sequence[Card], throw: Sequence[Card], *, they_deal: bool, lowball: bool = False,
                beta: float = BETA) -> float:
    """How likely a player who keeps what scores keeps ``keep`` and throws ``throw`` (a probability
    over the fifteen ways of keeping four of those six; in Lowball, what scores least).

    >>> from crib_widgets.cards import parse_cards
    >>> round(keep_weight(parse_cards("5H 5D JS KD"), parse_cards("2C 9S"), they_deal=False), 3)
    0.923
    """
    return _keep_chances([*keep, *throw], 1 if they_deal else -1, -1 if lowball else 1, beta)[0]


def _play_chance(pile: tuple[int, ...], rank: int, others: Sequence[int], aim: int, gamma: float) -> float:
    """How likely a player who takes the points in front of it lays ``rank`` on ``pile`` when it
    could also have laid any of ``others`` (ranks; those that fit count)."""
    room = 31 - sum(RANK_VALUES[r] for r in pile)
    points = {r: aim * pile_points((*pile, r)) for r in {rank, *others} if RANK_VALUES[r] <= room}
    top = max(points.values())
    odds = {r: exp(gamma * (v - top)) for r, v in points.items()}
    return odds[rank] / sum(odds.values())


def _plays_chance(laid: Sequence[int], piles: Sequence[tuple[int, ...]], rest: Sequence[int], aim: int,
                  gamma: float, lead: float) -> float:
    """How likely the cards ``laid`` (ranks, in order, each on the pile in ``piles``) were laid by a
    player also holding ``rest``: answers by their points, leads by the rules of thumb."""
    chance = 1.0
    for i, pile in enumerate(piles):
        if pile and gamma:
            chance *= _play_chance(pile, laid[i], [*laid[i + 1:], *rest], aim, gamma)
        elif not pile and lead:
            chance *= _lead_chance(laid[i], [*laid[i + 1:], *rest], lead)
    return chance


def _lead_score(rank: int, held: Sequence[int]) -> float:
    """How much the rules of thumb (`pegging_choice.lead_rules`, which the intermediate leads by)
    favour leading ``rank`` from ``held``: 2 from a pair, 1 below 5, -2 for a 5."""
    below_five, not_five, paired = lead_rules(rank, held)
    return 2 * paired + below_five - 2 * (not not_five)


def _lead_chance(rank: int, others: Sequence[int], lead: float) -> float:
    """How likely a player who leads by the rules of thumb leads ``rank`` when it also holds ``others``."""
    held = [rank, *others]
    odds = {r: exp(lead * _lead_score(r, held)) for r in set(held)}
    return odds[rank] / sum(odds.values())


def read_hands(unseen: Iterable[Card], their_played: Sequence[Card], held: int, *, they_deal: bool,
               above: int = 0, lowball: bool = False, their_piles: Sequence[tuple[int, ...]] = (),
               beta: float = BETA, gamma: float = GAMMA, lead: float | None = None, draws: int = DRAWS,
               rng: random.Random | None = None) -> list[tuple[tuple[int, ...], float]]:
    """The other player's hidden cards as (sorted ranks, weight) pairs, weights adding up to 1,
    read from its discard (see the module text).

    ``unseen``: the cards this player has not seen; ``their_played``: the cards the other player
    has laid this deal (part of the four it kept); ``held``: how many it still holds, each worth
    more than ``above`` (what a go revealed); ``they_deal``: the crib is theirs; ``their_piles``:
    the ranks of the pile each of ``their_played`` was laid on (a player who takes the points in
    front of it did not hold a card that scored more; ``()`` for a lead, read with weight ``lead``,
    `LEAD` by default, 0 not at all). Each of ``draws``
    random six-card deals (``rng``, seeded by the position by default) adds one way of keeping four
    that agrees with what was seen, drawn by how likely each is, weighted by how likely they are
    together (so at most ``draws`` hands are solved, and the average is unbiased). Empty when the
    discard cannot be read (the player did not keep four, or no draw agrees with what was seen).
    """
    pool = sorted(unseen)
    played = list(their_played)
    if held <= 0:
        return [((), 1.0)]
    if len(played) + held != 4 or len(pool) < 6 - len(played):
        return []
    rng = rng or random.Random(f"read:{held}:{above}:{they_deal}:{','.join(map(str, pool + played))}")
    sign = 1 if they_deal else -1
    aim = -1 if lowball else 1
    first = len(played)
    laid = [c.rank for c in played]
    lead = LEAD if lead is None else lead
    their_piles = list(their_piles)[:first]
    # the ways of keeping four that keep the cards already laid (indices 0 to first - 1)
    agreeing = [(n, keep[first:]) for n, (keep, _) in enumerate(_SPLITS)
                if keep[:first] == tuple(range(first))]
    weights: defaultdict[tuple[int, ...], float] = defaultdict(float)
    for _ in range(draws):
        six = played + rng.sample(pool, 6 - first)
        likely = _keep_chances(six, sign, aim, beta)
        ways = [(likely[n] * _plays_chance(laid, their_piles, [six[i].rank for i in rest], aim, gamma, lead),
                 rest) for n, rest in agreeing if all(six[i].value > above for i in rest)]
        mass = sum(w for w, _ in ways)
        if mass:  # one keep of this deal, drawn by its chance; the deal counts as much as they add up to
            rest = rng.choices([r for _, r in ways], weights=[w for w, _ in ways])[0]
            weights[tuple(sorted(six[i].rank for i in rest))] += mass
    total = sum(weights.values())
    if not total:  # nothing drawn agrees with what was seen
        return []
    return [(ranks, w / total) for ranks, w in sorted(weights.items())]

