"""The line of play after a card, as the look-ahead sees it: who scores what, with which card, and
how often, so that the review can say *why* one card beats another instead of restating by how much.

For a two-player play, `card_lines` lays each asked card, then follows the rest of the play as
`lookahead.play_values` solves it (each side laying the card best for it, the other player
grabbing the points in front of it as often as its habits say) for every hidden hand the value
averages over (the same weighted hands: read from the other player's discard and play), and
adds up each scoring event by who scored (0: the player, 1: the other player), when (``now``: the
card itself; ``reply``: the other player's very next card; ``later``), what (``fifteen``, ``31``,
``pair``, ``pair royal``, ``double pair royal``, ``run``, ``go``, ``last card``) and the rank of
the card that scored. Each
`Line` holds the expected points of each event and the chance that it happens; the points of a
line, mine minus theirs, are the card's value.

>>> from crib_widgets.game import Game, Discard
>>> game = Game(seed=3, dealer=1)
>>> for seat in (0, 1):
...     _ = game.apply(Discard(seat, game.hands[seat][:2]))
>>> lines = card_lines(game, 0)
>>> sorted(lines) == sorted({c.rank for c in game.hands[0]})
True
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from ..cards import RANK_VALUES, Card
from ..game import Game
from .lookahead import DEFAULT_SAMPLES, their_hands
from .lookahead_multi import (
    DEPTH,
    GO,
    SAMPLES,
    MultiSolver,
    State,
    hidden_deals,
    lay_on,
    moves,
    multi_view,
    pile_key,
)
from .lookahead_multi import step as advance
from .players import look_ahead_view
from .solver import FAR, Hands, Needs, Solver, grab_rank, pile_points, without

__all__ = ["Event", "Line", "card_lines", "score_kinds"]

Event = tuple[int, str, str, int]  # (who, when, what, rank of the card that scored)
_NEEDS: Needs = (FAR, FAR)  # points, not the board: as the review weighs cards


@dataclass
class Line:
    """What follows one card: expected ``points`` and the ``chance`` of each `Event`."""

    points: dict[Event, float] = field(default_factory=lambda: defaultdict(float))
    chance: dict[Event, float] = field(default_factory=lambda: defaultdict(float))

    def add(self, event: Event, points: int, weight: float) -> None:
        self.points[event] += points * weight
        self.chance[event] += weight

    def total(self, who: int | None = None, when: str | None = None, what: str | None = None,
              rank: int | None = None, *, chance: bool = False) -> float:
        """The expected points (``chance``: the summed chances) of the events that match."""
        table = self.chance if chance else self.points
        return sum(v for (w, n, k, r), v in table.items()
                   if (who is None or w == who) and (when is None or n == when)
                   and (what is None or k == what) and (rank is None or r == rank))

    @property
    def net(self) -> float:
        return self.total(0) - self.total(1)


def score_kinds(pile: tuple[int, ...], points: int) -> list[tuple[str, int]]:
    """What the last card of ``pile`` (ranks) scored, split by kind: fifteen or 31, then a pair
    (``pair royal``: three of a kind; ``double pair royal``: four) or a run.

    >>> score_kinds((5, 10), 2), score_kinds((2, 2, 2), 6), score_kinds((4, 5, 6), 5)
    ([('fifteen', 2)], [('pair royal', 6)], [('fifteen', 2), ('run', 3)])
    """
    count = sum(RANK_VALUES[r] for r in pile)
    kinds = []
    bonus = 2 if count in (15, 31) else 0
    if bonus:
        kinds.append(("fifteen" if count == 15 else "31", bonus))
    rest = points - bonus
    if rest:
        kinds.append((_SETS.get(rest, "pair") if len(pile) > 1 and pile[-1] == pile[-2] else "run", rest))
    return kinds


_SETS = {2: "pair", 6: "pair royal", 12: "double pair royal"}


def card_lines(game: Game, seat: int, ranks: Iterable[int] | None = None, *, samples: int = DEFAULT_SAMPLES
               ) -> dict[int, Line]:
    """The `Line` after each playable rank of ``seat`` (or the given ``ranks``), two players."""
    view = look_ahead_view(game, seat)
    count = game.count
    hand = tuple(sorted(c.rank for c in view["hand"]))
    playable = sorted({r for r in hand if RANK_VALUES[r] <= 31 - count})
    wanted = playable if ranks is None else [r for r in ranks if r in playable]
    solver = Solver(view["lowball"], view["exact"], view["grabs"])
    hidden = their_hands(view["unseen"], view["held"], view["their_go_above"], samples, None, view["lowball"],
                     their_played=view["their_played"], their_piles=view["their_piles"],
                     they_deal=view["they_deal"])
    pile = tuple(c.rank for c in game.pile)
    said = 2 if view["their_go_now"] else 0
    lines: dict[int, Line] = {}
    for rank in wanted:
        tracer = _Tracer(solver, Line())
        for theirs, weight in hidden:
            tracer.lay((hand, theirs), pile, count, 0, said, rank, weight, 0)
        lines[rank] = tracer.line
    return lines


class _Tracer:
    """Follows the solver's choices (mirroring `solver.Solver`), adding up the scoring events."""

    def __init__(self, solver: Solver, line: Line) -> None:
        self.solver, self.line = solver, line

    def node(self, hands: Hands, pile: tuple[int, ...], count: int, turn: int, said: int, last: int | None,
             weight: float, step: int) -> None:
        room = 31 - count
        values: dict[int, float] = {}
        for rank in hands[turn]:  # sorted: the solver keeps the first of equal values
            if rank not in values and RANK_VALUES[rank] <= room:
                values[rank] = self.solver.after(hands, pile, count, turn, said, _NEEDS, rank)
        if not values:
            self.advance(hands, pile, count, turn, said | (1 << turn), last, weight, step)
            return
        best = next(iter(values))
        for rank, v in values.items():
            if v > values[best] if turn == 0 else v < values[best]:
                best = rank
        grabs = self.solver.grabs if turn == 1 and pile else 0.0
        branches = [(best, 1.0)]
        if grabs:
            grab = grab_rank(pile, values, count)
            if grab is not None and grab != best:
                branches = [(grab, grabs), (best, 1 - grabs)]
        for rank, share in branches:
            self.lay(hands, pile, count, turn, said, rank, weight * share, step + 1)

    def lay(self, hands: Hands, pile: tuple[int, ...], count: int, turn: int, said: int, rank: int,
            weight: float, step: int) -> None:
        hand = without(hands[turn], rank)
        hands = (hand, hands[1]) if turn == 0 else (hands[0], hand)
        pile = (*pile, rank)
        count += RANK_VALUES[rank]
        when = "now" if step == 0 else "reply" if step == 1 and turn == 1 else "later"
        for what, points in score_kinds(pile, pile_points(pile)):
            self.line.add((turn, when, what, rank), points, weight)
        if not hands[0] and not hands[1]:
            if count != 31:
                self.line.add((turn, when, "last card", rank), 1, weight)
            return
        if count == 31:
            self.reset(hands, turn, weight, step)
        else:
            self.advance(hands, pile, count, turn, said, turn, weight, step)

    def advance(self, hands: Hands, pile: tuple[int, ...], count: int, seat: int, said: int, last: int | None,
                weight: float, step: int) -> None:
        other = 1 - seat
        if hands[other] and not said & (1 << other):
            self.node(hands, pile, count, other, said, last, weight, step)
        elif hands[seat] and not said & (1 << seat):
            self.node(hands, pile, count, seat, said, last, weight, step)
        else:
            if last is None:  # a count always starts with a card laid
                raise RuntimeError("a go with no card laid in the count")
            when = "now" if step == 0 else "reply" if step == 1 and last == 1 else "later"
            self.line.add((last, when, "go", pile[-1]), 1, weight)
            self.reset(hands, last, weight, step)

    def reset(self, hands: Hands, last: int, weight: float, step: int) -> None:
        leader = 1 - last if hands[1 - last] else last
        self.node(hands, (), 0, leader, 0, None, weight, step)


def keep_line(keep: Sequence[Card], unseen: Sequence[Card], hands: Sequence[tuple[int, ...]], *, dealer: bool,
              solver: Solver) -> Line:
    """The `Line` of a kept four in the play against each of ``hands`` (the other player's ranks,
    equally likely), as `lookahead.hand_play_value` solves it: the non-dealer leads. Events are
    the player's (0) and the other player's (1), all ``later``."""
    mine = tuple(sorted(c.rank for c in keep))
    line = Line()
    tracer = _Tracer(solver, line if not dealer else Line())
    weight = 1 / len(hands)
    for theirs in hands:
        tracer.node((theirs, mine) if dealer else (mine, theirs), (), 0, 0, 0, None, weight, 1)
    if dealer:  # traced from the leader's side: the other player was player 0
        for (who, _, what, rank), points in tracer.line.points.items():
            line.points[(1 - who, "later", what, rank)] += points
            line.chance[(1 - who, "later", what, rank)] += tracer.line.chance[(who, "later", what, rank)]
    return line


def card_lines_multi(game: Game, seat: int, ranks: Iterable[int], *, samples: int | None = None
                     ) -> dict[int, Line]:
    """The `Line` after each of ``ranks`` with three or four players, as
    `lookahead_multi.play_values_multi` searches it (the same hidden deals, depth and greedy
    play-out beyond it). Events are the seat's (0), its partner's (2) or another side's (1);
    ``reply`` is the next card, laid by another side."""
    view = multi_view(game, seat, board=False)
    n = len(view.sides)
    samples = SAMPLES if samples is None else samples
    cut = max(0, sum(view.held) - DEPTH)
    solver = MultiSolver(view.sides, view.lowball, cut, False)
    mine = tuple(sorted(c.rank for c in view.hand))
    others = {s: view.held[s] for s in range(n) if s != seat}
    pile = pile_key(tuple(c.rank for c in view.pile))
    holding = sum(1 << s for s in range(n) if view.held[s])
    lines = {rank: Line() for rank in ranks}
    deals = hidden_deals(view.unseen, others, {s: view.above[s] for s in others}, samples=samples)
    for hands, weight in deals:
        all_hands = tuple(mine if s == seat else hands[s] for s in range(n))
        state = (all_hands, pile, view.count, seat, view.said, view.last, holding)
        for rank in ranks:
            _MultiTracer(solver, lines[rank], view.sides, seat, n).lay(state, rank, weight, 0)
    return lines


class _MultiTracer:
    """Follows `lookahead_multi.MultiSolver`'s choices (and its greedy play-out past the cut)."""

    def __init__(self, solver: MultiSolver, line: Line, sides: tuple[int, ...], seat: int, n: int) -> None:
        self.solver, self.line, self.sides, self.n = solver, line, sides, n
        self.side, self.seat = sides[seat], seat

    def who(self, seat: int) -> int:
        """0: the seat itself; 2: its partner; 1: another side."""
        return 0 if seat == self.seat else 2 if self.sides[seat] == self.side else 1

    def node(self, state: State, weight: float, step: int) -> None:
        options = moves(state)
        if options == [GO]:
            self.lay(state, GO, weight, step)
            return
        solver = self.solver
        turn = state[3]
        if solver.cut and sum(map(len, state[0])) <= solver.cut:
            choice, best = options[-1], -100.0
            for rank in options:  # the play-out: what scores most now (Lowball: least); ties: higher card
                points = solver.sign * sum(p for _, p in _multi_kinds(state[1], state[2], rank))
                if points >= best:
                    best, choice = points, rank
        else:
            side = self.sides[turn]
            choice, best_u = options[0], 0.0
            for index, rank in enumerate(options):
                vec = solver.after(state, rank)
                u = solver.utility(vec, side) + 1e-6 * solver.sign * vec[side]
                if index == 0 or u > best_u:
                    choice, best_u = rank, u
        self.lay(state, choice, weight, step + 1)

    def lay(self, state: State, rank: int, weight: float, step: int) -> None:
        _, pile, count, turn = state[:4]
        pegs, nxt = advance(state, rank, self.n)
        who = self.who(turn)
        when = "now" if step == 0 else "reply" if step == 1 and who == 1 else "later"
        if rank != GO:
            kinds = _multi_kinds(pile, count, rank)
            for what, points in kinds:
                self.line.add((who, when, what, rank), points, weight)
            pegs = pegs[1:] if kinds else pegs
        for peg_seat, points in pegs:  # the go or the last card
            what = "last card" if nxt is None else "go"
            self.line.add((self.who(peg_seat), when, what, rank), points, weight)
        if nxt is not None:
            self.node(nxt, weight, step)


def _multi_kinds(key: tuple[int, ...], count: int, rank: int) -> list[tuple[str, int]]:
    """What ``rank`` laid on a `lookahead_multi.pile_key` at ``count`` scores, by kind."""
    kinds = []
    total = count + RANK_VALUES[rank]
    if total in (15, 31):
        kinds.append(("fifteen" if total == 15 else "31", 2))
    points = lay_on(key, rank)[1]
    if points:
        kinds.append((_SETS.get(points, "pair") if key and key[-1] == rank else "run", points))
    return kinds
