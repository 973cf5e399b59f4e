"""Look-ahead in the play with three or four players (each for themselves, or two partnerships).

The same method as the two-player `lookahead`: draw the other seats' hidden hands consistent with
what the seat to move has seen (the cards laid, its own cards and discard, the starter, and what
each go revealed: a go on 24 means every card that seat still holds is worth 8 or more), play the
rest of the play out for each deal with every card known, and average.

- `step` is the play's rules for the solver: who lays next (the go rule of the engine's
  `crib_widgets.pegging.next_in_count` and `next_leader`, as lookup tables), what each card
  pegs (pairs and runs by `pegging_choice.play_score`, fifteen and 31, the go and the last
  card). tests/test_lookahead_multi.py holds it to the engine move by move in random positions.
- `MultiSolver` searches it. A value is the points each side pegs from here; the seat to move
  lays the card best for its side: its side's points minus the other sides' average (so with
  partners, the partner's points count for the side and the search is plain minimax).
- `play_values_multi` averages over `hidden_deals` (every way by rank, weighted exactly, when
  there are at most ``samples``; otherwise seeded draws).

How deep and how many: searching the whole rest of a four-player play takes 0.2-0.3 s for one
deal of the hidden cards at its start (40,000 positions), far too slow for 32 deals in the browser.
The search therefore stops `DEPTH` (4) cards ahead and plays the rest out greedily (each seat
lays the card that scores most now: `MultiSolver.rollout`), and averages over `SAMPLES` (32)
deals. bench/review_samples.py measured the points the chosen card loses against a reference of
400 deals searched 6 cards deep, on 120 positions from games between intermediate players (seed
17), and for three players also against 600 deals solved to the end (60 positions, seed 5):

=====================  =========  =========  =========  =========  ==================
points lost a card     one move   depth 2    depth 4    depth 4    to the end
                                  32 deals   32 deals   48 deals   32 deals
=====================  =========  =========  =========  =========  ==================
3 players              0.070      0.081      0.036      0.030
3 players (to end)     0.044      0.059      0.042      0.030      0.041 (5x slower)
4 players              0.129      0.064      0.053      0.067
4, partnerships        0.168      0.107      0.058      0.080
=====================  =========  =========  =========  =========  ==================

Depth 4 loses about as little as searching to the end; more deals than 32 gain little for their
time (the rest is the reference's own noise). It costs about 30 ms a decision here (40 with four
players). Against the old one-move look-ahead in whole games (expert seats, paired, seats rotated)
the play was no measurably stronger: +0.09 points a deal pegged with three players (120 games),
-0.03 in partnerships (100 games); what it adds is that the review judges by the same look-ahead
the expert plays by, and that positions one move cannot see are right (a pair kept to lay
together when the others are out of cards; 21 left for a partner's ten-card: see the tests).

>>> from crib_widgets.cards import full_deck, parse_cards
>>> hand, pile = tuple(parse_cards("6D 7C")), tuple(parse_cards("5S 10S"))
>>> seen = set(parse_cards("2C 8C QC 3D QD 3H 4H 9H AS 6S 7S 9S")) | {*hand, *pile}
>>> unseen = tuple(c for c in full_deck() if c not in seen)
>>> view = MultiView(seat=2, hand=hand, pile=pile, count=15, unseen=unseen, held=(1, 1, 2, 0),
...                  above=(4, 4, 0, 0), said=0, last=1, sides=(0, 1, 0, 1))
>>> values = play_values_multi(view)
>>> max(values, key=values.get).pretty   # 21: the partner (seat 0) lays next, a ten-card makes 31
'6♦'
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache

from ..cards import RANK_VALUES, Card
from ..game import EventKind, Game
from ..game.rules import pegged
from .solver import FAR, WIN, play_score, rank_patterns

__all__ = ["MultiView", "MultiSolver", "multi_view", "hidden_deals", "play_values_multi", "expert_card",
           "card_values_multi", "step", "moves", "pile_key", "lay_on", "greedy_line", "clear_memos", "GO",
           "SAMPLES", "DEPTH"]

_VALUE = RANK_VALUES
GO = 0
# The play's state for `step` (see there): hands, pile key, count, turn, said, last, holding.
State = tuple[tuple[tuple[int, ...], ...], tuple[int, ...], int, int, int, int, int]
Pegs = list[tuple[int, int]]  # (seat, points) in the order they are pegged
Vector = tuple[float, ...]  # points per side
#: Hidden deals averaged over when there are more ways than this (see the module text).
SAMPLES = 32
#: Cards searched ahead before the greedy play-out (see the module text).
DEPTH = 4


@cache
def _next_table(n: int) -> tuple[tuple[int, ...], ...]:
    """The go rule for ``n`` seats as a table: ``[seat][mask]`` is the next seat clockwise after
    ``seat`` (itself last) whose bit is in ``mask``, -1 when none. With the bits of the seats still
    in the count that is `pegging.next_in_count`; with the bits of the seats holding cards and
    the seat that laid the last card, `pegging.next_leader` (who leads the new count)."""
    return tuple(tuple(next((s for s in ((seat + i) % n for i in range(1, n + 1)) if mask >> s & 1), -1)
                       for mask in range(1 << n)) for seat in range(n))


def pile_key(pile: tuple[int, ...]) -> tuple[int, ...]:
    """The part of a pile (ranks since the count was 0) that can still score with later cards:
    the cards of one rank at its end when there are two or more (a pair, a pair royal), otherwise
    the longest tail of different ranks (a repeated rank ends every longer run)."""
    n = len(pile)
    if n < 2:
        return pile
    last = pile[-1]
    if pile[-2] == last:
        same = 2
        while same < n and pile[-same - 1] == last:
            same += 1
        return pile[-same:]
    seen = {last}
    size = 1
    while size < n and pile[-size - 1] not in seen:
        seen.add(pile[-size - 1])
        size += 1
    return pile[-size:]


_TAIL: dict[tuple[int, ...], tuple[tuple[int, ...], int]] = {}


def lay_on(pile: tuple[int, ...], rank: int) -> tuple[tuple[int, ...], int]:
    """(the new pile's key, the pairs and runs the card scores) for ``rank`` laid on ``pile``; cached."""
    full = (*pile, rank)
    found = _TAIL.get(full)
    if found is None:
        if len(_TAIL) > 1 << 18:
            _TAIL.clear()
        found = _TAIL[full] = (pile_key(full), play_score(full, 0))
    return found


def step(state: State, rank: int, n: int) -> tuple[Pegs, State | None]:
    """One move of the play in the engine's rules: ``rank`` laid by the seat to move (``GO``: it says go).

    ``state`` is (hands, pile, count, turn, said, last, holding): sorted ranks per seat, the pile's
    key (`pile_key`), the count, the seat to move, the bits of seats that said go in this count,
    who laid the pile's last card (-1: nobody), the bits of seats holding cards. Returns
    (pegs, next state), pegs being (seat, points) in the order they are pegged, the next state None
    when the play is over.
    """
    hands, pile, count, turn, said, last, holding = state
    nxt_table = lead_table = _next_table(n)
    pegs: Pegs = []
    if rank == GO:
        said |= 1 << turn
    else:
        left = list(hands[turn])
        left.remove(rank)
        hand = tuple(left)
        hands = (*hands[:turn], hand, *hands[turn + 1:])
        if not hand:
            holding &= ~(1 << turn)
        pile, points = lay_on(pile, rank)
        count += _VALUE[rank]
        if count == 15 or count == 31:
            points += 2
        last = turn
        if points:
            pegs.append((turn, points))
        if not holding:
            if count != 31:
                pegs.append((turn, 1))  # the last card
            return pegs, None
        if count == 31:
            return pegs, (hands, (), 0, lead_table[turn][holding], 0, -1, holding)
    nxt = nxt_table[turn][holding & ~said]
    if nxt >= 0:
        return pegs, (hands, pile, count, nxt, said, last, holding)
    pegs.append((last, 1))  # the go
    return pegs, (hands, (), 0, lead_table[last][holding], 0, -1, holding)


def moves(state: State) -> list[int]:
    """The ranks the seat to move can lay (each once), or [GO]."""
    hands, _, count, turn = state[:4]
    room = 31 - count
    out = []
    previous = 0
    for rank in hands[turn]:
        if rank != previous and _VALUE[rank] <= room:
            out.append(rank)
            previous = rank
    return out or [GO]


class MultiSolver:
    """The rest of the play for any number of seats, every card known (ranks only).

    A value is a vector of the points each side pegs from here. The seat to move lays the card best
    for its side (`utility`): its side's points minus the average of the other sides' (negated in
    Lowball), ties to the one that pegs it most itself. With two sides (partnerships) that is plain
    minimax. A side that reaches its need (``needs``, per side; None: play for points) wins: `WIN`
    (with ``exact``, the exact-finish variant, points that would pass it are not pegged).

    ``cut``: when only this many cards are left in all hands the search stops and a greedy play-out
    (`rollout`) of the rest is the value; 0 searches to the end of the play. Memoised on the state.
    """

    def __init__(self, sides: tuple[int, ...], lowball: bool = False, cut: int = 0,
                 exact: bool = False) -> None:
        self.sides = tuple(sides)
        self.n = len(self.sides)
        self.nsides = max(self.sides) + 1
        self.sign = -1.0 if lowball else 1.0
        self.cut = cut
        self.exact = exact
        key = (self.sides, lowball, cut, exact)
        if sum(map(len, _MEMOS.values())) > _MEMO_SIZE:
            _MEMOS.clear()  # positions recur within a deal, seldom across deals: a bounded memo
        self.memo = _MEMOS.setdefault(key, {})
        self.zero = (0.0,) * self.nsides

    def utility(self, vec: tuple[float, ...], side: int) -> float:
        """What ``vec`` is worth to ``side``: its points minus the other sides' average (Lowball: negated)."""
        return self.sign * (vec[side] - (sum(vec) - vec[side]) / (self.nsides - 1))

    def value(self, state: State, needs: tuple[int, ...] | None = None) -> Vector:
        """The points per side from ``state`` (see `step`) to the end of the play."""
        key = (state, needs)
        memo = self.memo
        found = memo.get(key)
        if found is not None:
            return found
        hands = state[0]
        best: Vector | None = None
        if self.cut and sum(map(len, hands)) <= self.cut:
            best = self.rollout(state)
        else:
            side = self.sides[state[3]]
            sign = self.sign
            best_u = 0.0
            for rank in moves(state):
                vec = self.after(state, rank, needs)
                u = self.utility(vec, side) + 1e-6 * sign * vec[side]
                if best is None or u > best_u:
                    best, best_u = vec, u
        if best is None:  # moves() always gives a move (GO at least)
            raise RuntimeError("no move in the play")
        memo[key] = best
        return best

    def after(self, state: State, rank: int, needs: tuple[int, ...] | None = None) -> Vector:
        """The points per side once the seat to move has laid ``rank`` (or said go: `GO`)."""
        pegs, nxt = step(state, rank, self.n)
        vec = list(self.zero)
        sides = self.sides
        for seat, points in pegs:
            side = sides[seat]
            if needs is not None and needs[side] < FAR:
                if not pegged(points, needs[side], self.exact):
                    continue  # exact finish: points that would carry past the target are refused
                need = needs[side] - points
                if need <= 0:
                    vec[side] += WIN
                    return tuple(vec)
                needs = (*needs[:side], need, *needs[side + 1:])
            vec[side] += points
        if nxt is None:
            return tuple(vec)
        rest = self.value(nxt, needs)
        return tuple([a + b for a, b in zip(vec, rest, strict=True)])

    def rollout(self, state: State) -> Vector:
        """The points per side if every seat lays, from here on, the card that scores most now
        (fewest in Lowball; ties: its highest), the needs set aside: the evaluation where the
        search stops.

        The hot path of the search, so `step` is written out here on lists; a test holds the two
        to the same points (`greedy_line`)."""
        held, pile, count, turn, said, last, holding = state
        hands = [list(h) for h in held]
        vec = list(self.zero)
        sides = self.sides
        nxt_table = _next_table(self.n)
        tail = lay_on
        value = _VALUE
        sign = self.sign
        while True:
            room = 31 - count
            choice = 0
            aim = -100.0
            for rank in hands[turn]:  # sorted: on a tie the higher card wins
                v = value[rank]
                if v <= room:
                    key, points = tail(pile, rank)
                    if count + v == 15 or count + v == 31:
                        points += 2
                    if sign * points >= aim:
                        aim, best, choice, chosen = sign * points, points, rank, key
            if choice:
                hand = hands[turn]
                hand.remove(choice)
                if not hand:
                    holding &= ~(1 << turn)
                pile = chosen
                count += value[choice]
                last = turn
                if best:
                    vec[sides[turn]] += best
                if not holding:
                    if count != 31:
                        vec[sides[turn]] += 1  # the last card
                    return tuple(vec)
                if count == 31:
                    turn, pile, count, said, last = nxt_table[turn][holding], (), 0, 0, -1
                    continue
            else:
                said |= 1 << turn
            nxt = nxt_table[turn][holding & ~said]
            if nxt >= 0:
                turn = nxt
                continue
            vec[sides[last]] += 1  # the go
            turn, pile, count, said, last = nxt_table[last][holding], (), 0, 0, -1


def greedy_line(state: State | None, n: int, lowball: bool = False) -> Pegs:
    """The pegs of `MultiSolver.rollout`'s play-out made move by move with `step` (for the tests)."""
    sign = -1 if lowball else 1
    out: Pegs = []
    while state is not None:
        options = moves(state)
        choice = options[-1]
        if len(options) > 1:
            pile, count = state[1], state[2]
            best = -100
            for rank in options:
                total = count + _VALUE[rank]
                points = lay_on(pile, rank)[1] + (2 if total == 15 or total == 31 else 0)
                if sign * points >= best:
                    best, choice = sign * points, rank
        pegs, state = step(state, choice, n)
        out.extend(pegs)
    return out


_MEMOS: dict[tuple[tuple[int, ...], bool, int, bool], dict[tuple[State, tuple[int, ...] | None], Vector]] = {}
_MEMO_SIZE = 200_000


def clear_memos() -> None:
    """Empty the solvers' memos (a cold start, as for a saved game reviewed on its own)."""
    _MEMOS.clear()
    _TAIL.clear()


# ---- what a seat knows, and the hidden hands consistent with it -----------------------------


@dataclass(frozen=True, slots=True)
class MultiView:
    """What ``seat`` knows at its turn in a play of three or four players.

    ``hand``, ``pile`` (cards since the count was 0), ``count``; ``unseen``: the cards it cannot see;
    ``held``: cards each seat holds; ``above``: per seat, a go this deal showed every card it still
    holds is worth more than this (0: nothing known); ``said``: bits of the seats that said go in
    this count; ``last``: who laid the pile's last card (-1: nobody); ``sides``: each seat's side;
    ``needs``: points each side needs to reach the target (None: play for points); ``lowball``;
    ``exact``: the exact-finish variant (points past the target are refused).
    """

    seat: int
    hand: tuple[Card, ...]
    pile: tuple[Card, ...]
    count: int
    unseen: tuple[Card, ...]
    held: tuple[int, ...]
    above: tuple[int, ...]
    said: int
    last: int
    sides: tuple[int, ...]
    needs: tuple[int, ...] | None = None
    lowball: bool = False
    exact: bool = False

    def playable(self) -> list[Card]:
        """Cards that can be laid without passing 31."""
        return [c for c in self.hand if c.value <= 31 - self.count]


def multi_view(game: Game, seat: int, *, board: bool = True) -> MultiView:
    """What ``seat`` knows now in ``game`` (its turn in the play), for `play_values_multi`.

    ``board``: with the needs (the expert plays to the board); without, for points only (the review).
    """
    rules = game.rules
    n = rules.players
    above = [0] * n
    count = 0
    last = -1
    for event in game.deal_events():
        kind = event.kind
        if event.seat is None:
            continue
        if kind == EventKind.PLAY:
            count += event.cards[0].value
            last = event.seat
        elif kind == EventKind.RESET:
            count, last = 0, -1
        elif kind == EventKind.GO and event.seat != seat:
            above[event.seat] = max(above[event.seat], 31 - count)
    said = 0
    for s in game.said_go:
        said |= 1 << s
    needs = None
    if board:
        needs = tuple(min(FAR, rules.target - game.scores[side]) for side in range(rules.sides))
        if min(needs) >= FAR:
            needs = None  # nobody is near the end: the same values (and memo) as for points
    return MultiView(seat, game.hands[seat], game.pile, game.count, game.view(seat).unseen,
                     tuple(len(h) for h in game.hands), tuple(above), said, last,
                     tuple(rules.side_of(s) for s in range(n)), needs, rules.lowball, rules.exact_finish)


def hidden_deals(unseen: Iterable[Card], held: dict[int, int], above: dict[int, int] | None = None, *,
                 samples: int, rng: random.Random | None = None
                 ) -> list[tuple[dict[int, tuple[int, ...]], float]]:
    """The other seats' possible hands, as ({seat: sorted ranks}, weight) pairs, weights adding to 1.

    ``held``: how many cards each other seat holds, drawn from ``unseen`` without overlap; ``above``:
    per seat, every card it holds is worth more than this. Every way by rank, weighted exactly, when
    there are at most ``samples``; otherwise ``samples`` seeded draws (the most restricted seat
    first, which keeps each draw uniform over the deals consistent with the goes: the values they
    allow are nested).
    """
    above = above or {}
    pool = list(unseen)
    seats = sorted((s for s in held if held[s] > 0), key=lambda s: -above.get(s, 0))
    if not seats:
        return [({s: () for s in held}, 1.0)]
    exact = _every_deal(pool, seats, held, above, samples)
    if exact is not None:
        total = sum(w for _, w in exact)
        return [({**dict.fromkeys(held, ()), **hands}, w / total) for hands, w in exact]
    seed = f"deals:{sorted(held.items())}:{sorted(above.items())}:{','.join(map(str, pool))}"
    rng = rng or random.Random(seed)
    drawn: Counter[tuple[tuple[int, tuple[int, ...]], ...]] = Counter()
    for _ in range(samples):
        left = list(pool)
        hands: dict[int, tuple[int, ...]] = {}
        for s in seats:
            fits = [c for c in left if c.value > above.get(s, 0)]
            if len(fits) < held[s]:
                fits = left  # what a go told can not be squared with the cards: set it aside
            chosen = rng.sample(fits, held[s])
            for c in chosen:
                left.remove(c)
            hands[s] = tuple(sorted(c.rank for c in chosen))
        drawn[tuple(sorted(hands.items()))] += 1
    return [({**dict.fromkeys(held, ()), **dict(key)}, k / samples) for key, k in sorted(drawn.items())]


def _every_deal(pool: Sequence[Card], seats: Sequence[int], held: dict[int, int], above: dict[int, int],
                limit: int) -> list[tuple[dict[int, tuple[int, ...]], int]] | None:
    """Every assignment of rank patterns to ``seats`` with its number of card deals, or None when
    there are more than ``limit``."""
    out: list[tuple[dict[int, tuple[int, ...]], int]] = []
    counts = Counter(c.rank for c in pool)

    def grow(index: int, hands: dict[int, tuple[int, ...]], ways: int) -> bool:
        if index == len(seats):
            out.append((dict(hands), ways))
            return len(out) <= limit
        seat = seats[index]
        ranks = [r for r in sorted(counts) if counts[r] and RANK_VALUES[r] > above.get(seat, 0)]
        for pattern, w in rank_patterns(ranks, counts, held[seat]):
            for r in pattern:
                counts[r] -= 1
            hands[seat] = pattern
            ok = grow(index + 1, hands, ways * w)
            for r in pattern:
                counts[r] += 1
            if not ok:
                return False
        return True

    if not grow(0, {}, 1) or not out:
        return None
    return out


# ---- the values of the cards ------------------------------------------------------------------


def play_values_multi(view: MultiView, *, samples: int | None = None, depth: int | None = None,
                      rng: random.Random | None = None) -> dict[Card, float]:
    """Each playable card's expected worth to the seat's side over the rest of the play: its side's
    points minus the other sides' average (the utility the solver plays by), averaged over the
    hidden hands (`hidden_deals`), each solved by `MultiSolver` ``depth`` cards deep (None: the
    default, `DEPTH`; 0 searches to the end)."""
    playable = sorted({c.rank for c in view.playable()})
    if not playable:
        return {}
    n = len(view.sides)
    left = sum(view.held)
    if samples is None:
        samples = SAMPLES
    if depth is None:
        depth = DEPTH
    cut = max(0, left - depth) if depth else 0
    solver = MultiSolver(view.sides, view.lowball, cut, view.exact and view.needs is not None)
    side = view.sides[view.seat]
    mine = tuple(sorted(c.rank for c in view.hand))
    others = {s: view.held[s] for s in range(n) if s != view.seat}
    above = {s: view.above[s] for s in others}
    pile = pile_key(tuple(c.rank for c in view.pile))
    holding = sum(1 << s for s in range(n) if view.held[s])
    totals = dict.fromkeys(playable, 0.0)
    for hands, weight in hidden_deals(view.unseen, others, above, samples=samples, rng=rng):
        all_hands = tuple(mine if s == view.seat else hands[s] for s in range(n))
        state = (all_hands, pile, view.count, view.seat, view.said, view.last, holding)
        for rank in playable:
            totals[rank] += weight * solver.utility(solver.after(state, rank, view.needs), side)
    return {c: totals[c.rank] for c in view.hand if c.rank in totals}


def expert_card(game: Game, seat: int) -> Card | None:
    """The expert's card for ``seat`` now in a play of three or four players: the best by
    `play_values_multi`, playing to the board (ties: the higher card); None: say go."""
    playable = [c for c in game.hands[seat] if c.value <= 31 - game.count]
    if len({c.rank for c in playable}) <= 1:
        return playable[0] if playable else None
    values = play_values_multi(multi_view(game, seat))
    return max(values, key=lambda card: (round(values[card], 9), card.rank, card.suit))


def card_values_multi(game: Game, seat: int, *, samples: int | None = None) -> tuple[dict[Card, float], int]:
    """Each playable card's value for ``seat`` now, for points (not the board, as a review adds
    average points up), and how many hidden deals were drawn (0 when every way was weighed)."""
    view = multi_view(game, seat, board=False)
    samples = SAMPLES if samples is None else samples
    others = {s: view.held[s] for s in range(len(view.sides)) if s != seat}
    above = {s: view.above[s] for s in others}
    exact = _every_deal(list(view.unseen), sorted(s for s in others if others[s]), others, above, samples)
    return play_values_multi(view, samples=samples), (0 if exact is not None else samples)
