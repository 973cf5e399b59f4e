"""Plain-word explanations of discard options: what the keep is worth, what the throw gives the crib.

>>> from crib_widgets.strategy import advise_discard
>>> print(advise_discard("5H 5D JS 4C 6C KD", dealer=True)[0].explanation)  # doctest: +NORMALIZE_WHITESPACE
Keep 4-5-5-6: 16.0 on average in hand (between 12 and 24; 24 with a 4 or a 6 turned).
Throwing J-K gives your own crib 4.0 on average (they are close enough to make a run and
ten-cards: a 5 turned makes fifteen with each). Net 19.9 (hand plus crib): the best choice.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from fractions import Fraction
from itertools import combinations
from typing import Protocol

from ..cards import SUIT_NAMES, Card
from ..words import join_words, plural

__all__ = ["Option", "explain_option", "holding_words", "ranks_text", "throw_reasons", "throw_words"]


def ranks_text(cards: Sequence[Card], hand: Sequence[Card] = ()) -> str:
    """Cards the way players say them, ranks low to high: ``4-5-5-6``, or ``J`` for one card.

    A card gets its suit when another card of its rank in ``hand`` is not among ``cards``, so that
    two options that differ only in which 5 is thrown read differently: ``5♥-J``.
    """
    in_hand = [c.rank for c in hand]
    here = [c.rank for c in cards]
    return "-".join(
        c.pretty if in_hand.count(c.rank) > here.count(c.rank) else c.rank_text for c in sorted(cards)
    )


def _article(rank_text: str) -> str:
    return f"an {rank_text}" if rank_text in ("A", "8") else f"a {rank_text}"


def throw_reasons(discard: Sequence[Card]) -> list[str]:
    """Why the thrown cards help a crib, at most two reasons (none when they hardly work together)."""
    reasons = []
    ranks = sorted(c.rank for c in discard)
    values = [c.value for c in discard]
    if len(discard) == 2:
        if ranks[0] == ranks[1]:
            reasons.append("a pair is 2 points in the crib already")
        if sum(values) == 15:
            reasons.append("they make fifteen together")
        elif ranks[0] != ranks[1] and ranks[1] - ranks[0] <= 2:
            reasons.append("they are close enough to make a run")
        if all(v == 10 for v in values) and ranks[0] != ranks[1]:
            reasons.append("ten-cards: a 5 turned makes fifteen with each")
    if any(c.rank == 5 for c in discard) and not any("fifteen together" in r for r in reasons):
        reasons.append("a 5 makes fifteen with any of the sixteen ten-cards")
    if any(c.rank == 11 for c in discard):
        reasons.append("a jack scores his nobs when its suit is turned")
    return reasons[:2]


_RANK_PLURALS = {1: "aces", 11: "jacks", 12: "queens", 13: "kings"}
_SETS = {2: "a pair of", 3: "a pair royal of three", 4: "a double pair royal of four"}
_RUN_WORDS = {1: "a run", 2: "a double run", 3: "a triple run", 4: "a double double run"}
_COUNT_WORDS = {1: "fifteen", 2: "two fifteens", 3: "three fifteens", 4: "four fifteens"}


def _rank_plural(rank: int) -> str:
    return _RANK_PLURALS.get(rank, f"{rank}s")


def holding_words(cards: Sequence[Card]) -> str:
    """What kept cards hold before the starter is turned, in the words players use.

    >>> from crib_widgets.cards import parse_cards
    >>> holding_words(parse_cards("3H 3S 4C KD"))
    'a pair of 3s (2 points before the starter)'
    >>> holding_words(parse_cards("4H 5S 6C 6D"))
    'a pair of 6s, a double run of 4-5-6 and two fifteens (12 points before the starter)'
    >>> holding_words(parse_cards("AH 3S 7C QD"))
    'no points yet: everything rests on the starter'
    """
    parts, points = [], 0
    counts = Counter(c.rank for c in cards)
    for rank, n in sorted(counts.items()):
        if n >= 2:
            parts.append(f"{_SETS[n]} {_rank_plural(rank)}")
            points += n * (n - 1)
    run = _longest_run(sorted(counts))
    if run:
        ways = 1
        for rank in run:
            ways *= counts[rank]
        shape = "-".join(Card(r, "C").rank_text for r in run)
        parts.append(f"{_RUN_WORDS.get(ways, 'a run')} of {shape}")
        points += ways * len(run)
    fifteens = sum(1 for n in range(2, len(cards) + 1) for combo in combinations(cards, n)
                   if sum(c.value for c in combo) == 15)
    if fifteens:
        parts.append(_COUNT_WORDS.get(fifteens, f"{fifteens} fifteens"))
        points += 2 * fifteens
    suits = {c.suit for c in cards}
    if len(cards) >= 4 and len(suits) == 1:
        parts.append(f"a flush in {SUIT_NAMES[suits.pop()]}")
        points += len(cards)
    if not parts:
        return "no points yet: everything rests on the starter"
    return f"{join_words(parts)} ({plural(points, 'point')} before the starter)"


def _longest_run(ranks: Sequence[int]) -> tuple[int, ...]:
    """The longest stretch of 3 or more consecutive ranks among distinct sorted ``ranks`` (or ())."""
    best: tuple[int, ...] = ()
    current: list[int] = []
    for rank in ranks:
        current = [*current, rank] if current and rank == current[-1] + 1 else [rank]
        if len(current) >= 3 and len(current) > len(best):
            best = tuple(current)
    return best


def throw_words(thrown: Sequence[Card], hand: Sequence[Card], owner: str) -> str:
    """What a throw gives the crib, in words: "throwing 7-8 to your own crib: they make fifteen
    together" or "throwing 3-K gives the dealer's crib little: they hardly work together"."""
    cards = ranks_text(thrown, hand)
    reasons = throw_reasons(thrown)
    if reasons:
        return f"throwing {cards} to {owner}: {join_words(reasons)}"
    return f"throwing {cards} gives {owner} little: they hardly work together"


class Option(Protocol):
    """What an explanation reads of a discard option (`discard.DiscardOption` has it all; the advice
    imports these words, so they name the fields instead of importing the advice back)."""

    @property
    def keep(self) -> tuple[Card, ...]: ...
    @property
    def discard(self) -> tuple[Card, ...]: ...
    @property
    def hand_ev(self) -> float: ...
    @property
    def hand_min(self) -> int: ...
    @property
    def hand_max(self) -> int: ...
    @property
    def best_starters(self) -> tuple[int, ...]: ...
    @property
    def crib_ev(self) -> float: ...
    @property
    def total_ev(self) -> float: ...
    @property
    def total_exact(self) -> Fraction: ...
    @property
    def own_crib(self) -> bool: ...
    @property
    def lowball(self) -> bool: ...


def explain_option(option: Option, best: Option, *, players: int, dealer: bool) -> str:
    """One paragraph on ``option``, compared with the ``best`` option of the same hand."""
    hand = (*option.keep, *option.discard)
    return " ".join(
        [_keep_sentence(option, hand), _throw_sentence(option, hand, dealer), _net_sentence(option, best)]
    )


def _keep_sentence(option: Option, hand: Sequence[Card]) -> str:
    keep = ranks_text(option.keep, hand)
    suits = {c.suit for c in option.keep}
    if len(suits) == 1:
        keep += f" (all {SUIT_NAMES[suits.pop()]})"
    if option.hand_min == option.hand_max:
        spread = f"{option.hand_min} whatever is turned"
    else:
        turned = join_words([_article(Card(r, "C").rank_text) for r in option.best_starters], "or")
        spread = (f"between {option.hand_min} and {option.hand_max}; "
                  f"{option.hand_max} with {turned} turned")
    return f"Keep {keep}: {option.hand_ev:.1f} on average in hand ({spread})."


def _throw_sentence(option: Option, hand: Sequence[Card], dealer: bool) -> str:
    owner = "your own crib" if dealer else ("your partner's crib" if option.own_crib else "the dealer's crib")
    reasons = throw_reasons(option.discard)
    thrown = ranks_text(option.discard, hand)
    if len(option.discard) == 1:
        thrown = f"the {thrown}"
    sentence = f"Throwing {thrown} gives {owner} {option.crib_ev:.1f} on average"
    if reasons:
        sentence += f" ({join_words(reasons)})"
    elif len(option.discard) == 2 and option.crib_ev < 4.5:
        sentence += " (they hardly work together)"
    return sentence + "."


def _net_sentence(option: Option, best: Option) -> str:
    net = f"Net {option.total_ev:.1f} (hand {'plus' if option.own_crib else 'minus'} crib)"
    if option is best or option.total_exact == best.total_exact:
        aim = "the fewest points, best in Lowball" if option.lowball else "the best choice"
        return f"{net}: {aim}."
    gap = abs(float(option.total_exact - best.total_exact))
    if gap < 0.05:  # one decimal, as everywhere in the advice: "0.0 less" would read as a tie
        return f"{net}: within 0.1 of the best choice."
    return f"{net}: {gap:.1f} {'more' if option.lowball else 'less'} than the best choice."
