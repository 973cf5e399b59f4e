"""Exact discard advice: which cards to throw to the crib, with the expected points of every choice.

For each way to split the hand into a keep and a throw, `advise_discard` works out

- the kept hand's exact average over every starter still unseen (46 with six cards, 47 with five),
  with its lowest and highest score;
- the crib's exact average over every starter and every set of the other crib cards drawn from the
  unseen cards, each equally likely.

The crib average needs no enumeration of cards: fifteens, pairs and runs depend only on ranks, so
each multiset of unseen ranks is scored once and weighted by how many unseen cards fit it (a product
of binomials). The crib flush and his nobs are then counted exactly from the unseen suits.

>>> best = advise_discard("5H 5D JS 4C 6C KD", dealer=True)[0]
>>> [str(c) for c in best.keep], best.hand_exact, best.hand_min, best.hand_max
(['4C', '5D', '5H', '6C'], Fraction(367, 23), 12, 24)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from itertools import combinations
from math import comb
from operator import mul

from ..cards import Card, full_deck, parse_hand
from ..errors import CribbageError
from ..scoring import HAND_FLUSH, hand_total, rank_table
from ..scoring import RANK_WEIGHT as _WEIGHT
from ..scoring import rank_key as _key
from .explain import explain_option

__all__ = ["DiscardOption", "advise_discard", "hand_size", "unseen_cards", "crib_sum", "hand_sums", "warm_up"]

JACK = 11


@dataclass(frozen=True, slots=True)
class DiscardOption:
    """One way to split a hand: the cards kept, the cards thrown, and what each is worth on average.

    - ``hand_ev``, ``hand_min``, ``hand_max``: the kept hand's average, lowest and highest score
      over every unseen starter; ``hand_counts``: (score, how many starters give it) pairs;
      ``best_starters``: the ranks of the starters that give ``hand_max``.
    - ``crib_ev``: the crib's average over every starter and every set of other crib cards.
    - ``total_ev``: the net expected points for the player: hand plus crib when the crib is theirs
      (or their partner's, ``own_crib``), hand minus crib otherwise. In Lowball the best option
      has the lowest ``total_ev``.
    - ``hand_exact``, ``crib_exact``, ``total_exact``: the same averages as exact fractions.
    - ``explanation``: the option in plain words (see `crib_widgets.strategy.explain`).
    """

    discard: tuple[Card, ...]
    keep: tuple[Card, ...]
    hand_ev: float
    hand_min: int
    hand_max: int
    crib_ev: float
    total_ev: float
    own_crib: bool
    lowball: bool
    hand_exact: Fraction
    crib_exact: Fraction
    hand_counts: tuple[tuple[int, int], ...]
    best_starters: tuple[int, ...]
    explanation: str = ""

    @property
    def total_exact(self) -> Fraction:
        """``total_ev`` as an exact fraction."""
        return self.hand_exact + self.crib_exact if self.own_crib else self.hand_exact - self.crib_exact

    @property
    def starters(self) -> int:
        """How many starters the hand average runs over (the unseen cards)."""
        return sum(n for _, n in self.hand_counts)


def hand_size(players: int) -> int:
    """Cards dealt to each player: 6 with two players, 5 with three or four."""
    if players not in (2, 3, 4):
        raise CribbageError(f"players must be 2, 3 or 4, not {players!r}")
    return 6 if players == 2 else 5


_DECK = tuple(full_deck())


def unseen_cards(seen: Iterable[Card]) -> list[Card]:
    """The cards of the deck not in ``seen``, in new-deck order."""
    known = set(seen)
    return [c for c in _DECK if c not in known]


def advise_discard(
    cards: str | Iterable[str | Card],
    *,
    dealer: bool,
    players: int = 2,
    lowball: bool = False,
    partner_deals: bool = False,
    explain: bool = True,
) -> list[DiscardOption]:
    """Every way to throw to the crib, best first, with exact hand and crib averages.

    ``cards`` is the dealt hand: six cards with two players (throw two), five with three or four
    (throw one). ``dealer`` says whether the crib is yours; in a partnership game pass
    ``partner_deals=True`` when your partner deals (the crib is then your side's too).
    With ``lowball`` the aim is reversed: the option with the fewest net points comes first.
    ``explain=False`` leaves the explanations empty (computer players do not read them).

    >>> options = advise_discard("5H 5D 9C 8S 2C KS", dealer=True)
    >>> [str(c) for c in options[0].discard], [str(c) for c in options[0].keep]
    (['8S', '9C'], ['2C', '5D', '5H', 'KS'])
    >>> round(options[0].hand_ev, 2), round(options[0].crib_ev, 2), round(options[0].total_ev, 2)
    (8.52, 5.09, 13.62)
    """
    size = hand_size(players)
    hand = parse_hand(cards, size, f"hand for {players} players")
    for name, flag in (("dealer", dealer), ("partner_deals", partner_deals), ("lowball", lowball),
                       ("explain", explain)):
        if not isinstance(flag, bool):
            raise CribbageError(f"{name}={flag!r} is not allowed: use True or False")
    if dealer and partner_deals:
        raise CribbageError("dealer and partner_deals cannot both be true: only one player deals")
    if partner_deals and players != 4:
        raise CribbageError(f"partner_deals needs four players in partnerships, not {players}")
    own_crib = dealer or partner_deals
    unseen = unseen_cards(hand)
    throw = size - 4
    options = []
    crib = _CribCounter(unseen, 4 - throw)
    starters = _group_by_rank(unseen)
    for discard in combinations(hand, throw):
        keep = tuple(sorted(c for c in hand if c not in discard))
        options.append(_option(keep, tuple(sorted(discard)), starters, len(unseen), crib, own_crib, lowball))
    options.sort(key=_ranking(lowball))
    if not explain:
        return options
    best = options[0]
    return [replace(o, explanation=explain_option(o, best, players=players, dealer=dealer)) for o in options]


def _ranking(lowball: bool) -> Callable[[DiscardOption], tuple[Fraction, Fraction, int, list[int]]]:
    sign = 1 if lowball else -1
    # ties: the steadier hand (higher minimum, or lower maximum in Lowball), then card order
    return lambda o: (
        sign * o.total_exact,
        sign * o.hand_exact,
        -sign * (o.hand_max if lowball else o.hand_min),
        sorted(c.index for c in o.discard),
    )


def _option(keep: tuple[Card, ...], discard: tuple[Card, ...], starters: list[tuple[int, int, str]], n: int,
            crib: _CribCounter, own_crib: bool, lowball: bool) -> DiscardOption:
    hand_sum, counts, best = _hand_sums(keep, starters)
    hand_exact = Fraction(hand_sum, n)
    crib_sum_value, ways = crib.sum(discard)
    crib_exact = Fraction(crib_sum_value, ways)
    total = hand_exact + crib_exact if own_crib else hand_exact - crib_exact
    return DiscardOption(
        discard=tuple(discard),
        keep=tuple(keep),
        hand_ev=float(hand_exact),
        hand_min=min(counts),
        hand_max=max(counts),
        crib_ev=float(crib_exact),
        total_ev=float(total),
        own_crib=own_crib,
        lowball=lowball,
        hand_exact=hand_exact,
        crib_exact=crib_exact,
        hand_counts=tuple(sorted(counts.items())),
        best_starters=best,
    )


def hand_sums(keep: Sequence[Card], starters: Iterable[Card]) -> tuple[int, dict[int, int], tuple[int, ...]]:
    """Sum of the kept hand's score over the starters, how many starters give each score, and the
    ranks of the starters that give the highest score."""
    return _hand_sums(keep, _group_by_rank(starters))


def _group_by_rank(cards: Iterable[Card]) -> list[tuple[int, int, str]]:
    """(base-5 weight, rank, suits) for each rank present."""
    suits: dict[int, str] = {}
    for card in cards:
        suits[card.rank] = suits.get(card.rank, "") + card.suit
    return [(_WEIGHT[rank], rank, suits[rank]) for rank in sorted(suits)]


def _hand_sums(keep: Sequence[Card], starters: list[tuple[int, int, str]]
               ) -> tuple[int, dict[int, int], tuple[int, ...]]:
    table = rank_table()
    key = _key(c.rank for c in keep)
    suit = keep[0].suit
    flush = suit if all(c.suit == suit for c in keep) else None
    nobs = "".join(c.suit for c in keep if c.rank == JACK)
    counts: dict[int, int] = {}
    by_rank: dict[int, int] = {}
    total = 0
    for weight, rank, suits in starters:
        base = table[key + weight]
        if flush is None and not nobs:
            # suits make no difference: every starter of this rank scores the same
            n = len(suits)
            total += base * n
            counts[base] = counts.get(base, 0) + n
            by_rank[rank] = base
            continue
        top = -1
        for starter_suit in suits:
            points = base
            if flush:
                points += HAND_FLUSH + 1 if starter_suit == flush else HAND_FLUSH
            if starter_suit in nobs:
                points += 1
            total += points
            counts[points] = counts.get(points, 0) + 1
            top = max(top, points)
        by_rank[rank] = top
    best = max(counts)
    return total, counts, tuple(r for r in sorted(by_rank) if by_rank[r] == best)


def _patterns(size: int, available: list[int]) -> tuple[list[int], list[int]]:
    """Every multiset of ``size`` ranks that the unseen cards can make (``available[rank]`` of
    each), as base-5 keys, with how many sets of unseen cards fit each (a product of binomials)."""
    by_size: list[dict[int, int]] = [{0: 1}] + [{} for _ in range(size)]
    for rank in range(1, 14):
        n = available[rank]
        if not n:
            continue
        weight = _WEIGHT[rank]
        for total in range(size, 0, -1):  # largest first, so this rank is not added twice
            target = by_size[total]
            for k in range(1, min(n, total) + 1):
                ways, shift = comb(n, k), k * weight
                for key, count in by_size[total - k].items():
                    target[key + shift] = count * ways
    patterns = by_size[size]
    return list(patterns), list(patterns.values())


class _CribCounter:
    """Exact crib sums for one set of unseen cards: ``unknown`` other crib cards plus the starter
    are drawn from the unseen cards (so ``unknown + 1`` cards, any of which may be the starter)."""

    def __init__(self, unseen: Sequence[Card], unknown: int) -> None:
        self.unseen = list(unseen)
        self.drawn = unknown + 1
        ranks = Counter(c.rank for c in unseen)
        self.suits = Counter(c.suit for c in unseen)
        self.unseen_set = set(unseen)
        self.keys, self.weights = _patterns(self.drawn, [ranks[r] for r in range(14)])
        self._rank_cache: dict[int, int] = {}

    def ways(self) -> int:
        """Ordered (other crib cards, starter) choices: every set of drawn cards, any one the starter."""
        return comb(len(self.unseen), self.drawn) * self.drawn

    def sum(self, discard: Sequence[Card]) -> tuple[int, int]:
        """Total crib points over every equally likely completion, and the number of completions."""
        key = _key(c.rank for c in discard)
        rank_sum = self._rank_cache.get(key)
        if rank_sum is None:
            table = rank_table()
            points = map(table.__getitem__, map(key.__add__, self.keys))
            rank_sum = sum(map(mul, self.weights, points))
            self._rank_cache[key] = rank_sum
        # fifteens, pairs and runs do not care which drawn card is the starter
        total = rank_sum * self.drawn + 5 * self._flushes(discard) + self._nobs(discard)
        return total, self.ways()

    def _flushes(self, discard: Sequence[Card]) -> int:
        """Completions where all five crib cards share a suit (a crib flush needs the starter too)."""
        suit = discard[0].suit
        if any(c.suit != suit for c in discard):
            return 0
        return comb(self.suits[suit], self.drawn) * self.drawn

    def _nobs(self, discard: Sequence[Card]) -> int:
        """Completions where the crib holds the jack of the starter's suit."""
        n = len(self.unseen)
        found = 0
        for suit, starters in self.suits.items():
            jack = Card(JACK, suit)
            if jack in discard:
                found += starters * comb(n - 1, self.drawn - 1)
            elif jack in self.unseen_set:
                # the jack must be among the other crib cards, so it is not the starter itself
                found += (starters - 1) * comb(n - 2, self.drawn - 2)
        return found


def crib_sum(discard: Sequence[Card], unseen: Sequence[Card]) -> tuple[int, int]:
    """Exact total of the crib over every completion from ``unseen``, and the number of completions.

    >>> from crib_widgets.cards import parse_cards
    >>> thrown = parse_cards("5H 5D")
    >>> total, ways = crib_sum(thrown, unseen_cards(parse_cards("5H 5D 9C 8S 2C KS")))
    >>> ways, round(total / ways, 3)
    (45540, 9.252)
    """
    return _CribCounter(unseen, 4 - len(discard)).sum(discard)


def warm_up() -> None:
    """Build the rank tables now (about a tenth of a second) rather than on the first advice."""
    rank_table(full=True)
    hand_total(full_deck()[:4], full_deck()[4])
