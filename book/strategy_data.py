"""The strategy chapters' measured figures, read from ``book/data/*.json`` (made by
``scripts/make_strategy_figures.py``) and turned into the tables the pages show.

The files hold what was played (every deal of games between two expert computer players, the
lead values, the Magic Eleven pairs); everything a page says is worked out from them here, in
well under a second, so no page plays games while the book is built.

>>> runs = load("expert_games")["runs"]
>>> len(runs) >= 2
True
"""

from __future__ import annotations

import json
import math
import os
from collections import Counter
from collections.abc import Iterable, Sequence
from functools import cache
from pathlib import Path

from crib_widgets.cards import Card, parse_cards
from crib_widgets.scoring import rank_key, rank_table

HERE = Path(__file__).resolve().parent
# CRIB_FIGURES_DATA: another folder of the same files (for trying a new run before it replaces these);
# the live notebooks' file browser is flat, so there the files sit beside this module
DATA = Path(os.environ.get("CRIB_FIGURES_DATA") or (HERE / "data" if (HERE / "data").is_dir() else HERE))
RANK_NAMES = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
JACK = 11

__all__ = ["load", "deals", "mean_interval", "share_interval", "crib_table", "random_crib_table",
           "at_least", "last_deal", "passed_fifteens", "lead_costs", "rank_name", "pair_name"]


@cache
def _read(name: str) -> str:
    return (DATA / f"{name}.json").read_text(encoding="utf-8")


def load(name: str) -> dict:
    """One data file (``expert_games``, ``leads`` or ``magic_eleven``) as a dict."""
    return json.loads(_read(name))


def deals(runs: Sequence[dict] | None = None) -> list[dict]:
    """Every complete deal of the expert games, over all runs (or the runs given)."""
    runs = load("expert_games")["runs"] if runs is None else runs
    return [deal for run in runs for deal in run["deals"]]


def mean_interval(values: Sequence[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95% interval (1.96 standard errors)."""
    n = len(values)
    mean = sum(values) / n
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, 1.96 * math.sqrt(var / n)


def share_interval(hits: int, n: int) -> tuple[float, float]:
    """A share and the half-width of its 95% interval (normal approximation)."""
    p = hits / n
    return p, 1.96 * math.sqrt(p * (1 - p) / n)


def points(deal: dict, role: str) -> int:
    """What one seat scored in a deal: the play and the hand, plus the crib and his heels for the dealer."""
    seat = deal[role]
    return seat["play"] + seat["show"] + seat.get("crib", 0) + seat.get("heels", 0)


def rank_name(rank: int) -> str:
    return RANK_NAMES[rank - 1]


def pair_name(pair: tuple[int, int]) -> str:
    """``(13, 10)`` -> ``'K-10'``: the higher card first, as players say a throw."""
    low, high = sorted(pair)
    return f"{rank_name(high)}-{rank_name(low)}"


def _throws(role: str, runs=None) -> Counter:
    """How often a seat threw each pair of ranks (low, high)."""
    return Counter(tuple(sorted(c.rank for c in parse_cards(d[role]["threw"]))) for d in deals(runs))


@cache
def _crib_value(four: tuple[int, ...]) -> float:
    """The crib's average over the starter, the four crib cards' ranks known: the starter drawn from
    the other 48 cards; fifteens, pairs and runs exact by rank; his nobs a quarter of a point for
    each jack (the starter shares its suit about one time in four); crib flushes left out (the
    throws compared are of two suits)."""
    table = rank_table()
    held = Counter(four)
    key = rank_key(four)
    total = 0
    for starter in range(1, 14):
        left = 4 - held[starter]
        if left:
            total += left * table[key + rank_key((starter,))]
    return total / 48 + held[JACK] / 4


def _table(others: Counter) -> dict[tuple[int, int], float]:
    """Each throw's crib average, the other two crib cards drawn as often as ``others`` says,
    made less likely as the thrown cards leave fewer of their ranks in the pack."""
    out = {}
    for a in range(1, 14):
        for b in range(a, 14):
            gone = Counter((a, b))
            total = used = 0.0
            for (c, d), n in others.items():
                chance = (math.comb(4 - gone[c], 2) / 6 if c == d
                          else (4 - gone[c]) * (4 - gone[d]) / 16)
                if chance:
                    total += n * chance * _crib_value(tuple(sorted((a, b, c, d))))
                    used += n * chance
            out[a, b] = out[b, a] = total / used
    return out


@cache
def crib_table(thrower: str) -> dict[tuple[int, int], float]:
    """The crib's average when ``thrower`` (``'d'`` the dealer, ``'p'`` the pone) throws two cards of
    these ranks (any two suits), the other two crib cards being what the other seat threw in the
    expert games (as often as it threw them)."""
    return _table(_throws("p" if thrower == "d" else "d"))


@cache
def random_crib_table() -> dict[tuple[int, int], float]:
    """The same table when the other two crib cards are any two cards at all (every pair alike)."""
    others: Counter = Counter()
    for c in range(1, 14):
        for d in range(c, 14):
            others[c, d] = 6 if c == d else 16
    return _table(others)


def at_least(values: Iterable[int], need: int) -> float:
    """The share of ``values`` that reach ``need``."""
    values = list(values)
    return sum(v >= need for v in values) / len(values)


def last_deal(deal: dict, pone_need: int, dealer_need: int) -> str | None:
    """Who would have gone out first in this deal, needing these points: ``'p'``, ``'d'`` or None.
    His heels comes first, then the play's points in the order they were pegged, then the pone's
    hand, the dealer's hand and the crib."""
    need = {"p": pone_need, "d": dealer_need}
    if deal["d"]["heels"] >= need["d"]:
        return "d"
    need["d"] -= deal["d"]["heels"]
    for peg in deal["pegs"].split():
        role, amount = peg[0], int(peg[1:])
        need[role] -= amount
        if need[role] <= 0:
            return role
    for role, amount in (("p", deal["p"]["show"]), ("d", deal["d"]["show"]), ("d", deal["d"]["crib"])):
        need[role] -= amount
        if need[role] <= 0:
            return role
    return None


def passed_fifteens(all_deals: Iterable[dict], counts: Sequence[int] = (5,)) -> dict[str, int]:
    """Each time a player was to lay a card on one of ``counts`` (a count a card of value
    15 - count would make fifteen): how often they held such a card, and of the times they laid
    another card, how often they still held one."""
    out = dict.fromkeys(("turns", "held", "passed", "passed_held"), 0)
    for deal in all_deals:
        left = {role: [c.value for c in parse_cards(deal[role]["kept"])] for role in ("p", "d")}
        count = 0
        for token in deal["laid"].split():
            if token == "|":
                count = 0
                continue
            role, card = token[0], Card.parse(token[2:])
            if count in counts:
                held = (15 - count) in left[role]
                out["turns"] += 1
                out["held"] += held
                if card.value != 15 - count:
                    out["passed"] += 1
                    out["passed_held"] += held
            left[role].remove(card.value)
            count += card.value
    return out


def lead_costs(hands: Iterable[dict]) -> dict[int, tuple[int, float, float]]:
    """For each rank led: in how many hands it could be led (beside another rank), what leading it
    cost on average against the best lead of the same hand (points), and how often it was the best."""
    sums: dict[int, list[float]] = {}
    best_count: Counter = Counter()
    for hand in hands:
        by_rank: dict[int, float] = {}
        for text, value in hand["values"].items():
            by_rank[Card.parse(text).rank] = value
        if len(by_rank) < 2:
            continue
        top = max(by_rank.values())
        for rank, value in by_rank.items():
            sums.setdefault(rank, []).append(top - value)
            best_count[rank] += value == top
    return {rank: (len(c), sum(c) / len(c), best_count[rank] / len(c)) for rank, c in sorted(sums.items())}
