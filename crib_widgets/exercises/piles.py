"""Play exercises: piles for two players (easy, medium) and whole counts of 3-4 player play (hard).

Hard questions come from a simulated play: every player is dealt four cards (what they keep after
the discard) and the game engine plays them out (its turns and its go rule), the players' choices
drawn from the seeded random source. The engine's `score_sequence` then scores the count exactly as
the game does.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from ..cards import SUITS, Card, full_deck
from ..errors import CribbageError
from ..game import Game, Go, Phase, Play, Rules, Start
from ..pegging import pile_total, play_points
from .levels import play_level
from .model import PlayExercise, Solution

__all__ = ["PileFocus", "PLAY_FOCUSES", "make_play", "simulate_play", "TRIES"]

DECK = tuple(full_deck())
TRIES = 200_000
Plays = tuple[tuple[int, Card | None], ...]


@dataclass(frozen=True, slots=True)
class PileFocus:
    """One kind of play question: how to draw candidate exercises and what must hold."""

    name: str
    draw: Callable[[random.Random], list[tuple[Plays, int, int, bool]]]
    check: Callable[[PlayExercise, Solution], bool]
    # A cheap test that every kept candidate passes, run first so most are never scored in full.
    likely: Callable[[PlayExercise], bool] | None = None


def _two_players(cards: list[Card]) -> list[tuple[Plays, int, int, bool]]:
    if pile_total(cards) > 31:
        return []
    plays = tuple((i % 2, card) for i, card in enumerate(cards))
    return [(plays, len(plays) - 1, 2, False)]


def _random_pile(rng: random.Random) -> list[tuple[Plays, int, int, bool]]:
    return _two_players(rng.sample(DECK, rng.randint(2, 5)))


def _same_rank_ending(sizes: tuple[int, ...], heads: int) -> Callable[[random.Random], list]:
    """Up to ``heads`` random cards, then two, three or four cards of one rank."""

    def draw(rng: random.Random) -> list[tuple[Plays, int, int, bool]]:
        rank = rng.randint(1, 13)
        tail = [Card(rank, s) for s in rng.sample(SUITS, rng.choice(sizes))]
        head = rng.sample([c for c in DECK if c.rank != rank], rng.randint(0, heads))
        return _two_players(head + tail)

    return draw


def _run_ending(lengths: tuple[int, ...]) -> Callable[[random.Random], list[tuple[Plays, int, int, bool]]]:
    """A few random cards, then consecutive ranks in a random order."""

    def draw(rng: random.Random) -> list[tuple[Plays, int, int, bool]]:
        size = rng.choice(lengths)
        low = rng.randint(1, 14 - size)
        tail = [Card(low + i, rng.choice(SUITS)) for i in range(size)]
        rng.shuffle(tail)
        head = rng.sample([c for c in DECK if c not in tail], rng.randint(0, 2))
        return _two_players(head + tail)

    return draw


def _kinds(solution: Solution) -> set[str]:
    return {line.kind for line in solution.lines}


def _set_size(solution: Solution) -> int:
    return max((len(line.cards) for line in solution.of_kind("pair")), default=0)


def _run_size(solution: Solution) -> int:
    return max((len(line.cards) for line in solution.of_kind("run")), default=0)


def _out_of_order(exercise: PlayExercise, solution: Solution) -> bool:
    ranks = [c.rank for c in exercise.pile()[-_run_size(solution):]]
    return ranks not in (sorted(ranks), sorted(ranks, reverse=True))


def _run_across_go(exercise: PlayExercise, solution: Solution) -> bool:
    """The run's cards were laid with at least one go between them."""
    size = _run_size(solution)
    if not size:
        return False
    cards_seen, i = 0, exercise.asked
    while cards_seen < size:
        if exercise.plays[i][1] is None:
            return True
        cards_seen += 1
        i -= 1
    return False


# ---- hard: whole counts from a simulated 3 or 4 player play ---------------------------------


def simulate_play(rng: random.Random, players: int) -> list[tuple[Plays, bool]]:
    """One whole play as its counts: (entries in turn order, is it the last count of the play).

    The play is played by the game engine (its turns, its go rule); the players' choices come
    from ``rng``. Entries are written in the worksheets' notation, every seat in its turn: a card,
    or None for "go", also for a seat with no cards left (see `score_sequence`).
    """
    dealt = rng.sample(DECK, 4 * players)
    hands = [dealt[i::players] for i in range(players)]
    game = _play_from(hands)
    notation = _Notation(players, game.whose_turn)
    while game.phase == Phase.PLAY:
        seat, moves = game.whose_turn, game.legal_moves()
        if type(moves[0]) is Go:
            notation.add(seat, None, game.apply(moves[0]), game.phase != Phase.PLAY)
            continue
        card = _choose(rng, [m.card for m in moves], list(game.pile))
        notation.add(seat, card, game.apply(Play(seat, card)), game.phase != Phase.PLAY)
    return notation.counts


def _play_from(hands: list[list[Card]]) -> Game:
    """A game at the start of the play in which seat ``s`` holds ``hands[s]``: seat 0 deals, so
    seat 1 leads. The crib and the starter are cards nobody holds; nothing before is scored.
    Muggins waits for an announcement after the play, so the show is not counted (the play is
    the same in every variant but Lowball)."""
    held = {c for h in hands for c in h}
    free = [c for c in DECK if c not in held][:5]
    start = Start("play", free[4], tuple(free[:4]), held=tuple(tuple(h) for h in hands),
                  laid=((),) * len(hands))
    return Game(Rules(players=len(hands), muggins=True), seed=0, dealer=0, start=start)


class _Notation:
    """Writes the engine's play as the worksheets' counts: every seat writes an entry in its turn,
    so a seat the engine passes over (no cards left, or already said go) writes a go."""

    def __init__(self, players: int, leader: int) -> None:
        self.players, self.turn = players, leader
        self.counts: list[tuple[Plays, bool]] = []
        self.current: list[tuple[int, Card | None]] = []
        self.gos, self.last = 0, None

    def _write(self, seat: int, card: Card | None) -> None:
        self.current.append((seat, card))
        self.turn = (seat + 1) % self.players
        if card is None:
            self.gos += 1
        else:
            self.gos, self.last = 0, seat

    def add(self, seat: int, card: Card | None, events, final: bool) -> None:
        while self.turn != seat:
            self._write(self.turn, None)
        self._write(seat, card)
        kinds = {e.kind for e in events}
        if "go point" in kinds:  # the count closed on a go: everyone has said go since the last card
            while self.gos < self.players:
                self._write(self.turn, None)
            self._close(False, (self.last + 1) % self.players)
        elif final or "reset" in kinds:  # the last card of the play, or 31
            self._close(final, (seat + 1) % self.players)

    def _close(self, final: bool, turn: int) -> None:
        self.counts.append((tuple(self.current), final))
        self.current, self.gos, self.last, self.turn = [], 0, None, turn


def _choose(rng: random.Random, fits: list[Card], pile: list[Card]) -> Card:
    """Usually the card that scores most, sometimes any card: plays that look like real ones."""
    if rng.random() < 0.6:
        points = [play_points([*pile, c]).total for c in fits]
        best = max(points)
        if best:
            return rng.choice([c for c, p in zip(fits, points, strict=True) if p == best])
    return rng.choice(fits)


def _from_play(rng: random.Random) -> list[tuple[Plays, int, int, bool]]:
    """Every card of a simulated 3 or 4 player play that follows another card of its count."""
    players = rng.choice((3, 4))
    return [
        (plays, i, players, final)
        for plays, final in simulate_play(rng, players)
        for i, (_, card) in enumerate(plays)
        if card is not None and any(c is not None for _, c in plays[:i])
    ]


def _followed_by_go(e: PlayExercise) -> bool:
    return not e.final and e.shows_more() and all(card is None for _, card in e.plays[e.asked + 1 :])


def _last_of_play(e: PlayExercise) -> bool:
    return e.final and not e.shows_more()


def _makes_31(e: PlayExercise) -> bool:
    return pile_total(e.pile()) == 31


def _three_alike(e: PlayExercise) -> bool:
    pile = e.pile()
    return len(pile) >= 3 and pile[-1].rank == pile[-2].rank == pile[-3].rank


def _go_before(e: PlayExercise) -> bool:
    return any(card is None for _, card in e.plays[: e.asked])


PLAY_FOCUSES: dict[str, tuple[PileFocus, ...]] = {
    "easy": (
        PileFocus("fifteen", _random_pile, lambda e, s: _kinds(s) == {"fifteen"}),
        PileFocus("a pair", _random_pile, lambda e, s: _kinds(s) == {"pair"} and _set_size(s) == 2),
        PileFocus("three or four of a kind", _same_rank_ending((3, 3, 4), 2), lambda e, s: _set_size(s) >= 3),
        PileFocus("fifteen and a pair", _same_rank_ending((2, 2, 3), 3),
                  lambda e, s: _kinds(s) == {"fifteen", "pair"}),
    ),
    "medium": (
        PileFocus("a run of three", _run_ending((3,)), lambda e, s: _run_size(s) == 3),
        PileFocus("a run laid out of order", _run_ending((3, 4, 5)), _out_of_order),
        PileFocus("a run of four or more", _run_ending((4, 5, 6)), lambda e, s: _run_size(s) >= 4),
        PileFocus("a run that makes fifteen or 31", _run_ending((3, 4, 5)),
                  lambda e, s: "run" in _kinds(s) and bool(_kinds(s) & {"fifteen", "thirty-one"})),
    ),
    "hard": (
        PileFocus("the go", _from_play, lambda e, s: "go" in _kinds(s), _followed_by_go),
        PileFocus("thirty-one", _from_play, lambda e, s: "thirty-one" in _kinds(s), _makes_31),
        PileFocus("the last card", _from_play, lambda e, s: "last card" in _kinds(s), _last_of_play),
        PileFocus("three or four of a kind", _from_play, lambda e, s: _set_size(s) >= 3, _three_alike),
        PileFocus("a run across a go", _from_play, _run_across_go, _go_before),
    ),
}


def make_play(rng: random.Random, difficulty: str, focus: PileFocus, number: int, seen: set) -> PlayExercise:
    """One play exercise of ``difficulty`` showing ``focus``; new to ``seen``."""
    for _ in range(TRIES):
        candidates = []
        for plays, asked, players, final in focus.draw(rng):
            if (plays, asked) in seen:
                continue
            exercise = PlayExercise(number, focus.name, players, plays, asked, final)
            if focus.likely is not None and not focus.likely(exercise):
                continue
            try:
                solution = exercise.solution()
            except CribbageError:  # a pile over 31: not a legal play
                continue
            if focus.check(exercise, solution) and play_level(exercise, difficulty, solution):
                candidates.append(exercise)
        if candidates:
            chosen = rng.choice(candidates)
            seen.add((chosen.plays, chosen.asked))
            return chosen
    raise RuntimeError(f"no play found for {focus.name!r} after {TRIES} tries: please report this as a bug")
