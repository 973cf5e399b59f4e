"""What the other player's finished deals show of how it plays: does it grab the points?

When a two-player play is over, every card both players held has been laid, so each of the other
player's turns can be replayed with both hands known. At some of its answers (a card laid on a
pile; leads follow rules of their own, see `reading`) the grabber's card, the one that scores
most now and of equal ones the highest (`solver.grab_rank`: the beginner's rule, and
CribbageSim's Hoyle bot's), is not the best card, the one the exact look-ahead would lay with
every card known (`lookahead.solve_play`). `grab_share` is how often the other player took the
grabber's card at those tell-tale turns; the look-ahead then expects it to answer that way that
often (`lookahead.play_values` ``grabs``). The count starts with `PRIOR` turns of best play, so
one early grab does not convince it. A player who plays its best is read as one: its share
stays low, and the look-ahead expects best answers, as it did before.

>>> from crib_widgets.game import Game, Rules
>>> grab_share(Game(Rules(), seed=1), seat=0)   # nothing seen yet
0.0
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from ..cards import RANK_VALUES
from ..game import Event, EventKind, Game
from .solver import FAR, Solver, grab_rank

__all__ = ["grab_share", "their_turns", "PRIOR", "STEP"]

# Turns of best play the share starts with: one tell-tale grab makes it 0.5, four make it 0.8.
# bench/reading.py against CribbageSim's Hoyle bot (which grabs at every answer), the share fixed,
# 600 deal-seats each of seeds 1511 and 1512, points pegged a deal against expecting no grabs:
# 0.5 +0.02, 0.8 +0.07, 1 +0.09 (+-0.05 each); the more a grabber is believed, the better.
PRIOR = 1
# The share is rounded to this (the look-ahead keeps one memo per share).
STEP = 0.05


def grab_share(game: Game, seat: int, prior: int = PRIOR) -> float:
    """How often the other player of a two-player game laid the grabber's card where it was not
    the best, over the finished deals of ``game`` (0 with more players, or before any is seen)."""
    if game.rules.players != 2:
        return 0.0
    grabbed = told = 0
    for grab, best, laid in their_turns(game.events, 1 - seat):
        if grab not in best:
            told += 1
            grabbed += laid == grab
    return round(grabbed / max(told + prior, 1) / STEP) * STEP


def their_turns(events: Sequence[Event], seat: int) -> Iterator[tuple[int, frozenset[int], int]]:
    """For each turn of ``seat`` with a choice of ranks in the finished plays among ``events``:
    the grabber's rank, the best ranks (exact look-ahead, both hands known) and the rank laid."""
    for deal in _finished_deals(events):
        # the expert asks at every card it lays: replay each finished deal once
        key = (seat, *((e.kind, e.seat, e.cards[0].rank if e.kind == EventKind.PLAY else 0)
                       for e in deal if e.kind in (EventKind.PLAY, EventKind.GO, EventKind.RESET)))
        turns = _REPLAYED.get(key)
        if turns is None:
            if len(_REPLAYED) > 50_000:
                _REPLAYED.clear()
            turns = _REPLAYED[key] = tuple(_turns(deal, seat, Solver()))
        yield from turns


_REPLAYED: dict[tuple[object, ...], tuple[tuple[int, frozenset[int], int], ...]] = {}


def _finished_deals(events: Sequence[Event]) -> Iterator[list[Event]]:
    deal: list[Event] = []
    for event in events:
        if event.kind == EventKind.DEAL:
            deal = []
        deal.append(event)
        if event.kind == EventKind.SHOW and any(e.kind == EventKind.PLAY for e in deal):
            yield deal
            deal = []


def _turns(deal: list[Event], seat: int, solver: Solver) -> Iterator[tuple[int, frozenset[int], int]]:
    plays = [e for e in deal if e.kind == EventKind.PLAY]
    held = {s: sorted(e.cards[0].rank for e in plays if e.seat == s) for s in {e.seat for e in plays}}
    other = next((s for s in held if s != seat), None)
    if seat not in held or other is None:
        return
    pile: tuple[int, ...] = ()
    said = 0  # bits: 1 for seat, 2 for the other, as the solver sees them (seat is its player 0)
    for event in deal:
        if event.kind == EventKind.RESET:
            pile, said = (), 0
        elif event.kind == EventKind.GO:
            said |= 1 if event.seat == seat else 2
        elif event.kind == EventKind.PLAY:
            rank = event.cards[0].rank
            if event.seat == seat:
                choice = _choice(solver, tuple(held[seat]), tuple(held[other]), pile, said)
                if choice is not None:
                    yield (*choice, rank)
            held[event.seat].remove(rank)
            pile = (*pile, rank)


def _choice(solver: Solver, mine: tuple[int, ...], theirs: tuple[int, ...], pile: tuple[int, ...],
            said: int) -> tuple[int, frozenset[int]] | None:
    """The grabber's rank and the best ranks for the player to move, or None without a choice."""
    count = sum(RANK_VALUES[r] for r in pile)
    ranks = sorted({r for r in mine if RANK_VALUES[r] <= 31 - count})
    if len(ranks) < 2 or not pile:  # leads follow rules of their own (`reading`)
        return None
    grab = grab_rank(pile, ranks, count)
    if grab is None:  # never: a rank that fits was given
        return None
    values = {r: solver.after((mine, theirs), pile, count, 0, said, (FAR, FAR), r) for r in ranks}
    top = max(values.values())
    return grab, frozenset(r for r, v in values.items() if v >= top - 1e-9)
