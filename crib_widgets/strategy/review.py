"""The review of a game: every decision a player made, against the best one, with what it cost.

`review_game` replays a finished (or unfinished) `Game` and looks at each decision of one seat:

- **discard**: every way to throw, valued as the expert values them (`weigh.weigh_discards`): the
  exact average of the kept hand and of the crib (as `advise_discard` computes them) plus, with
  two players, half an estimate of what the kept cards are worth in the play
  (`lookahead.hand_play_value`: the play solved exactly against sampled hands; why half: see
  `weigh`). So "best" here is what the expert would throw. The cost is the best option's net
  value minus the one chosen.
- **play**: every card that could be laid, by the look-ahead of `lookahead.play_values`: the
  other player's hidden cards drawn consistent with what the player could know (the cards seen,
  and what a go revealed) and read from that player's discard and play (`reading.read_hands`:
  it kept what scores, took the points in front of it and led by the rules of thumb), its
  answers expected to grab the points as often as its finished deals showed (`habits`), the
  rest of the play solved exactly for each, and averaged. The expert chooses its cards by the
  same values, so "best" here is what the expert would play.
  With three or four players the same is done by `lookahead_multi.play_values_multi`: every
  other seat's hidden hand drawn together, the rest of the play searched for each deal (each
  seat playing for its side, a partner's points counting for the side), and averaged; the
  value is the side's points minus the other sides' average (see that module for its samples
  and depth, and how they were measured).
- **count** (Muggins): points missed or over-claimed counting one's own hand or crib, and
  points not called (or a false call) when answering another's count.

How many hidden hands: with two players, 64 weighted draws read from the other player's discard
and play (`lookahead.READ_DRAWS` times `lookahead.DEFAULT_SAMPLES`, 32). bench/review_samples.py
``--read`` measured the card chosen against a reference of 1,200 draws on 80 positions: it loses
on average 0.069 points with 16 draws, 0.034 with 32, 0.029 with 64 and 0.028 with 96, and is
within 0.05 of the reference's best card in 79%, 82.5%, 85% and 85% of them (the reference is a
sample too); 64 is where more draws stop helping. In games against CribbageSim's Hoyle bot 64
draws pegged 0.10 points a deal more than 32 (`lookahead.READ_DRAWS`). With every hand alike
(before the reading), the same bench measured 0.137 points with 8 samples, 0.088 with 16, 0.044
with 32 and 0.039 with 48.
The play estimate of a discard uses 8 hidden hands shared by every throw (`weigh.SAMPLES`): on
ten hands it picked the same throw as 96 hands did every time.

Each mistake's reason (`reasons`: one home for the review's sentences) says what the better
choice does that the chosen one does not, found by comparing the two lines of play (`lines`) or,
for a throw, the hand, crib and play of the two keeps; it never restates the cost.

Costs are average points lost, never negative. `Review.costliest` lists the worst decisions
first; `Review.totals` sums each phase; `Review.per_deal` gives the points lost in each deal;
`Review.verdict` says it in one line.

>>> from crib_widgets.game import Game
>>> from crib_widgets.strategy import make_player
>>> from crib_widgets.strategy.matches import play_game
>>> game = play_game(Game(seed=5, dealer=0), [make_player("beginner", 1), make_player("expert", 2)])
>>> review = review_game(game, seat=0)
>>> review.costliest(1)[0].cost >= review.costliest(2)[1].cost
True
>>> sorted(review.totals())
['count', 'discard', 'play']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ..cards import Card
from ..errors import CribbageError
from ..game import Announce, Answer, Discard, Game, Go, Play
from ..scoring import hand_total
from ..words import plural
from .explain import ranks_text
from .lookahead import DEFAULT_SAMPLES, READ_DRAWS, play_values
from .lookahead_multi import card_values_multi
from .muggins_players import best_answer
from .players import look_ahead_view
from .reasons import discard_reason, play_reason, ranks_words, replies_words, scores_now
from .weigh import SAMPLES as DISCARD_SAMPLES
from .weigh import SHORTLIST as DISCARD_SHORTLIST
from .weigh import WeighedDiscard, weigh_discards

__all__ = ["PHASES", "replies_words", "ranks_words", "scores_now", "play_reason",
           "Position", "Option", "Decision", "Review", "review_game", "review_deal", "review_save",
           "DISCARD_SAMPLES", "DISCARD_SHORTLIST", "NOTICE"]

PHASES = ("discard", "play", "count")
# Decisions that cost less than this are not called mistakes (sampling noise is about this size).
NOTICE = 0.1


@dataclass(frozen=True, slots=True)
class Position:
    """The position as it was when the decision was made, as the player saw it.

    ``hand``: the player's cards (six or five for a discard); ``pile``: the cards laid since the
    count was last 0, and ``count`` their total; ``played``: every card laid this deal so far, in
    order; ``scores``: per side; ``dealer``: the dealer's seat; ``starter``: the turned card
    (None before the cut); ``counted``: for a count, the hand or crib being counted.
    """

    hand: tuple[Card, ...]
    pile: tuple[Card, ...] = ()
    count: int = 0
    played: tuple[Card, ...] = ()
    scores: tuple[int, ...] = ()
    dealer: int = 0
    starter: Card | None = None
    counted: tuple[Card, ...] = ()


@dataclass(frozen=True, slots=True)
class Option:
    """One choice at a decision: its cards (a throw, a card, or none for go), its words, and its
    value: average net points for the player (higher is better; in Lowball fewer points are)."""

    cards: tuple[Card, ...]
    words: str
    value: float


@dataclass(frozen=True, slots=True)
class Decision:
    """One decision of the reviewed player.

    ``phase``: ``discard``, ``play`` or ``count``; ``deal``: the deal number; ``move``: the index
    of the move in ``game.moves``; ``done`` / ``best``: what was chosen and the best choice
    (equal when the choice was best); ``cost``: average points lost by it (0 when best);
    ``reason``: why, in one sentence a learner understands; ``options``: every choice weighed,
    best first; ``samples``: hidden hands averaged over (0 when the values are exact).
    """

    phase: str
    deal: int
    move: int
    seat: int
    position: Position
    done: Option
    best: Option
    cost: float
    reason: str
    options: tuple[Option, ...] = ()
    samples: int = 0

    @property
    def is_mistake(self) -> bool:
        """Whether the decision lost enough to be worth pointing out (`NOTICE` points or more)."""
        return self.cost >= NOTICE

    def summary(self) -> str:
        """The decision in one line: deal, what was done, the best choice, the cost and why."""
        if not self.is_mistake:
            return f"Deal {self.deal}: {self.done.words}: the best choice."
        return (f"Deal {self.deal}: {self.done.words}; better: {self.best.words} "
                f"(costs {self.cost:.1f} points on average): {self.reason}")


@dataclass(frozen=True, slots=True)
class Review:
    """All reviewed decisions of one seat, in the order they were made."""

    seat: int
    decisions: tuple[Decision, ...]
    deals: tuple[int, ...] = field(default=())

    def costliest(self, n: int = 3) -> tuple[Decision, ...]:
        """The ``n`` decisions that cost most (only real mistakes), costliest first; ties in game order."""
        ranked = sorted((d for d in self.decisions if d.is_mistake), key=lambda d: (-d.cost, d.move))
        return tuple(ranked[:n])

    def totals(self) -> dict[str, float]:
        """Average points lost in each phase: discard, play, count."""
        totals = dict.fromkeys(PHASES, 0.0)
        for d in self.decisions:
            totals[d.phase] += d.cost
        return totals

    @property
    def total(self) -> float:
        """Average points lost in all."""
        return sum(d.cost for d in self.decisions)

    def per_deal(self) -> tuple[tuple[int, float], ...]:
        """(deal number, average points lost in it) for every deal reviewed, in order."""
        lost = dict.fromkeys(self.deals, 0.0)
        for d in self.decisions:
            lost[d.deal] = lost.get(d.deal, 0.0) + d.cost
        return tuple(sorted(lost.items()))

    @property
    def verdict(self) -> str:
        """The review in one line."""
        deals = max(len(self.deals), 1)
        mistakes = sum(d.is_mistake for d in self.decisions)
        if not self.decisions:
            return "No decisions to review yet."
        rate = self.total / deals
        worst = max(self.totals().items(), key=lambda kv: kv[1])
        if mistakes == 0:
            return "Flawless: every decision was the best one (or within a tenth of a point)."
        level = ("expert play" if rate < 0.5 else "strong play" if rate < 1.2 else
                 "solid play with room to grow" if rate < 2.5 else "a learner's game: lots to gain")
        return (f"{level.capitalize()}: {self.total:.1f} points lost in {plural(deals, 'deal')} "
                f"({rate:.1f} a deal), most in the {worst[0]}; {plural(mistakes, 'mistake')} worth a look.")


def review_save(text: str, seat: int, **options) -> Review:
    """The review of a saved game (`Game.to_json` text) for ``seat``."""
    return review_game(Game.from_json(text), seat, **options)


def review_deal(game: Game, seat: int, deal: int | None = None, **options) -> Review:
    """The review of one deal (by default the latest one started) for ``seat``."""
    deal = game.deal_number if deal is None else deal
    if type(deal) is not int or not 1 <= deal <= game.deal_number:
        raise CribbageError(f"deal {deal!r} is not a deal of this game: choose 1 to {game.deal_number}")
    return review_game(game, seat, deals=(deal,), **options)


def review_game(game: Game, seat: int, *, deals: Sequence[int] | None = None, samples: int | None = None,
                discard_samples: int = DISCARD_SAMPLES) -> Review:
    """Every decision ``seat`` made in ``game`` (or in the given ``deals``), weighed.

    ``samples``: hidden hands the play look-ahead averages over when there are more ways than
    that (by default what the expert uses: `lookahead.DEFAULT_SAMPLES` with two players,
    `lookahead_multi.SAMPLES` with more); ``discard_samples``: hidden hands the play estimate of
    a discard averages over (0 weighs discards by hand and crib alone).
    """
    if not isinstance(game, Game):
        raise CribbageError(f"review_game needs a Game, not {type(game).__name__}")
    players = game.rules.players
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        raise CribbageError(f"seat {seat!r} is not a seat: use 0 to {players - 1}")
    wanted = None if deals is None else set(deals)
    replay = _fresh_copy(game)
    decisions: list[Decision] = []
    seen_deals: list[int] = []
    reviewer = _Reviewer(samples, discard_samples)
    for index, move in enumerate(game.moves):
        number = replay.deal_number
        if wanted is None or number in wanted:
            if number not in seen_deals:
                seen_deals.append(number)
            if move.seat == seat:
                decision = reviewer.weigh(replay, move, index)
                if decision is not None:
                    decisions.append(decision)
        replay.apply(move)
    current = replay.deal_number
    if not game.is_over and (wanted is None or current in wanted) and current not in seen_deals:
        seen_deals.append(current)
    return Review(seat, tuple(decisions), tuple(seen_deals))


def _fresh_copy(game: Game) -> Game:
    """The game as it was before its first move (started again from its public setup)."""
    return Game(**game.setup.options())


class _Reviewer:
    def __init__(self, samples: int, discard_samples: int) -> None:
        self.samples = samples
        self.discard_samples = discard_samples

    def weigh(self, game: Game, move, index: int) -> Decision | None:
        kind = type(move)
        if kind is Discard:
            return self.discard(game, move, index)
        if kind in (Play, Go):
            return self.play(game, move, index)
        if kind is Announce:
            return _announce(game, move, index)
        if kind is Answer:
            return _answer(game, move, index)
        return None

    # ----- discards -----
    def discard(self, game: Game, move: Discard, index: int) -> Decision:
        seat = move.seat
        weighed = _weighed(game, seat, samples=self.discard_samples, also=(move.cards,))
        options = _options(weighed, game.hands[seat])
        chosen = frozenset(move.cards)
        at = next(i for i, o in enumerate(options) if frozenset(o.cards) == chosen)
        done, best = options[at], options[0]
        hand = game.hands[seat]
        cost = max(0.0, best.value - done.value)
        reason = discard_reason(game, seat, weighed[at], weighed[0]) if cost >= NOTICE else "the best throw"
        samples = self.discard_samples if game.rules.players == 2 else 0  # the play is weighed with two
        return Decision("discard", game.deal_number, index, seat, _position(game, seat, hand), done, best,
                        cost, reason, tuple(options), samples)

    # ----- the play -----
    def play(self, game: Game, move, index: int) -> Decision | None:
        seat = move.seat
        hand = game.hands[seat]
        playable = [c for c in hand if c.value <= 31 - game.count]
        if len({c.rank for c in playable}) <= 1:
            return None  # no choice (go, one card, or cards of one rank)
        values, samples = card_values(game, seat, samples=self.samples)
        options = sorted((Option((c,), f"play {c.pretty}", v) for c, v in values.items()),
                         key=lambda o: (-o.value, -o.cards[0].rank, o.cards[0].suit))
        done = next(o for o in options if o.cards[0] == move.card)
        best = options[0]
        cost = max(0.0, best.value - done.value)
        if abs(cost) < 1e-9:
            best = done
        reason = play_reason(game, seat, done.cards[0], best.cards[0]) if cost >= NOTICE else "the best card"
        return Decision("play", game.deal_number, index, seat, _position(game, seat, hand), done, best, cost,
                        reason, tuple(options), samples)


def discard_options(game: Game, seat: int, *, samples: int = DISCARD_SAMPLES, also=()) -> list[Option]:
    """Every throw for ``seat`` now, best first, valued as the expert values them (`weigh_discards`:
    hand and crib exactly, plus with two players the play estimate of the keep)."""
    return _options(_weighed(game, seat, samples=samples, also=also), game.hands[seat])


def _weighed(game: Game, seat: int, *, samples: int, also=()) -> list[WeighedDiscard]:
    rules = game.rules
    dealer = game.dealer
    partner_deals = rules.partners and dealer != seat and rules.side_of(dealer) == rules.side_of(seat)
    return weigh_discards(game.hands[seat], dealer=dealer == seat, players=rules.players,
                          lowball=rules.lowball, partner_deals=partner_deals, samples=samples, also=also)


def _options(weighed: list[WeighedDiscard], hand: tuple[Card, ...]) -> list[Option]:
    return [Option(w.option.discard, f"keep {ranks_text(w.option.keep, hand)}, "
                                     f"throw {ranks_text(w.option.discard, hand)}", w.value)
            for w in weighed]


def card_values(game: Game, seat: int, *, samples: int | None = None) -> tuple[dict[Card, float], int]:
    """Each playable card's value for ``seat`` now (its expected net points for the rest of the play)
    and how many hidden hands were averaged (0 when exact). ``samples``: None for the expert's."""
    if game.rules.players == 2:
        samples = DEFAULT_SAMPLES if samples is None else samples
        view = look_ahead_view(game, seat)
        # points, not the board: a review adds up average points, which a game won outright
        # (worth `lookahead.WIN`) would swamp; the expert also plays to the board near the end
        view.update(need=None, their_need=None, show=None)
        values = play_values(**view, samples=samples)
        # read from the discard: weighted draws, never exact (`lookahead.play_values`)
        return values, (READ_DRAWS * samples if view["held"] else 0)
    return card_values_multi(game, seat, samples=samples)


def _position(game: Game, seat: int, hand: tuple[Card, ...]) -> Position:
    played = tuple(e.cards[0] for e in _deal_events(game) if e.kind == "play")
    return Position(tuple(hand), game.pile, game.count, played, game.scores, game.dealer, game.starter)


def _deal_events(game: Game):
    events = game.events
    start = max((i for i, e in enumerate(events) if e.kind == "deal"), default=0)
    return events[start:]


# ----- counting (Muggins) -----

def _announce(game: Game, move: Announce, index: int) -> Decision:
    c = game.counting
    true = hand_total(c.cards, c.starter, c.is_crib)
    what = "crib" if c.is_crib else "hand"
    said = move.points
    done = Option((), f"count {said} for the {what}", float(said - abs(said - true)))
    best = Option((), f"count {true} for the {what}", float(true))
    cost = float(abs(true - said))
    if said < true:
        reason = f"the {what} holds {true}: {true - said} missed, which the other player may take as Muggins"
    elif said > true:
        reason = f"the {what} holds only {true}: an over-count of {said - true} is taken back if caught"
    else:
        reason = "the right count"
    position = Position(game.hands[move.seat], scores=game.scores, dealer=game.dealer, starter=c.starter,
                        counted=c.cards)
    return Decision("count", game.deal_number, index, move.seat, position, done, best, cost, reason,
                    (best, done))


def _answer(game: Game, move: Answer, index: int) -> Decision:
    c = game.counting
    true = hand_total(c.cards, c.starter, c.is_crib)
    said = c.announced
    what = "crib" if c.is_crib else "hand"
    best, missed = best_answer(said, true)
    if best == "muggins":
        right = Option((), f"call Muggins for {missed}", float(true - said))
    elif best == "overcount":
        right = Option((), "say the count is too high", float(said - true))
    else:
        right = Option((), "accept the count", 0.0)
    if move.kind == "accept":
        gain = 0.0
    elif move.kind == "muggins":
        gain = float(min(move.points, true - said)) if true > said else -float(move.points)
    else:
        gain = float(said - true) if said > true else 0.0
    done = Option((), move.describe() if move.kind != "accept" else "accept the count", gain)
    cost = max(0.0, right.value - gain)
    if cost == 0:
        reason = "the right answer"
    elif true > said:
        reason = f"the {what} holds {true}, not {said}: {true - said} points were there to call"
    elif true < said:
        reason = f"the {what} holds only {true}: the over-count of {said - true} could be taken back"
    else:
        reason = f"the count of {said} was right, so a Muggins call gives the counter the points named"
    position = Position(game.hands[move.seat], scores=game.scores, dealer=game.dealer, starter=c.starter,
                        counted=c.cards)
    return Decision("count", game.deal_number, index, move.seat, position, done, right, cost, reason,
                    (right, done))
