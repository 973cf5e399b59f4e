"""The replay behind a review: the game started again from its setup, each move of the reviewed
seat weighed in the position it was made in, then made.

- **discard**: every way to throw, valued as the expert values them (`weigh.weigh_discards`): the
  exact average of the kept hand and of the crib (as `advise_discard` computes them) plus, with
  two players, half an estimate of what the kept cards are worth in the play
  (`lookahead.hand_play_value`: the play solved exactly against sampled hands; why half: see
  `weigh`). So "best" here is what the expert would throw. The cost is the best option's net
  value minus the one chosen.
- **play**: every card that could be laid, by the look-ahead of `lookahead.play_values`: the
  other player's hidden cards drawn consistent with what the player could know (the cards seen,
  and what a go revealed) and read from that player's discard and play (`reading.read_hands`),
  its answers expected to grab the points as often as its finished deals showed (`habits`), the
  rest of the play solved exactly for each, and averaged. The expert chooses its cards by the
  same values, so "best" here is what the expert would play. With three or four players the
  same is done by `lookahead_multi.play_values_multi`.
- **count** (Muggins): see `counting`.

How many hidden hands: with two players `lookahead.READ_DRAWS` times `lookahead.DEFAULT_SAMPLES`
weighted draws read from the other player's discard and play; a discard's play estimate uses
`weigh.SAMPLES` hidden hands shared by every throw (the measurements behind both sizes:
bench/review_samples.py).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from ...cards import Card
from ...errors import CribbageError
from ...game import Announce, Discard, EventKind, Game, Go, Move, Play
from ..explain import ranks_text
from ..lookahead import DEFAULT_SAMPLES, READ_DRAWS, play_values
from ..lookahead_multi import card_values_multi
from ..players import look_ahead_view
from ..weigh import SAMPLES as DISCARD_SAMPLES
from ..weigh import SHORTLIST as DISCARD_SHORTLIST
from ..weigh import WeighedDiscard, weigh_discards
from .counting import announce_decision, answer_decision
from .model import NOTICE, Decision, Option, Position, Review, ReviewPhase
from .reasons import play_reason
from .throw_reasons import discard_reason

__all__ = ["review_game", "review_deal", "review_save", "discard_options", "card_values", "fresh_copy",
           "DISCARD_SAMPLES", "DISCARD_SHORTLIST"]


def review_save(text: str, seat: int, **options: Any) -> Review:  # options: review_game's
    """The review of a saved game (`Game.to_json` text) for ``seat``."""
    return review_game(Game.from_json(text), seat, **options)


def review_deal(game: Game, seat: int, deal: int | None = None, **options: Any) -> Review:  # review_game's
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
    replay = fresh_copy(game)
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


def fresh_copy(game: Game) -> Game:
    """The game as it was before its first move (started again from its public setup)."""
    return Game(**game.setup.options())


class _Reviewer:
    """Weighs each decision of the replayed game as it comes (the samples are the review's)."""

    def __init__(self, samples: int | None, discard_samples: int) -> None:
        self.samples = samples
        self.discard_samples = discard_samples

    def weigh(self, game: Game, move: Move, index: int) -> Decision | None:
        if isinstance(move, Discard):
            return self.discard(game, move, index)
        if isinstance(move, (Play, Go)):
            return self.play(game, move, index)
        if isinstance(move, Announce):
            return announce_decision(game, move, index)
        return answer_decision(game, move, index)

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
        return Decision(ReviewPhase.DISCARD, game.deal_number, index, seat, _position(game, seat, hand), done,
                        best, cost, reason, tuple(options), samples)

    # ----- the play -----
    def play(self, game: Game, move: Play | Go, index: int) -> Decision | None:
        seat = move.seat
        hand = game.hands[seat]
        playable = [c for c in hand if c.value <= 31 - game.count]
        if len({c.rank for c in playable}) <= 1 or not isinstance(move, Play):
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
        return Decision(ReviewPhase.PLAY, game.deal_number, index, seat, _position(game, seat, hand), done,
                        best, cost, reason, tuple(options), samples)


def discard_options(game: Game, seat: int, *, samples: int = DISCARD_SAMPLES,
                    also: Iterable[Iterable[Card]] = ()) -> list[Option]:
    """Every throw for ``seat`` now, best first, valued as the expert values them (`weigh_discards`:
    hand and crib exactly, plus with two players the play estimate of the keep)."""
    return _options(_weighed(game, seat, samples=samples, also=also), game.hands[seat])


def _weighed(game: Game, seat: int, *, samples: int,
             also: Iterable[Iterable[Card]] = ()) -> list[WeighedDiscard]:
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
        view["need"], view["their_need"], view["show"] = None, None, None
        values = play_values(**view, samples=samples)
        # read from the discard: weighted draws, never exact (`lookahead.play_values`)
        return values, (READ_DRAWS * samples if view["held"] else 0)
    return card_values_multi(game, seat, samples=samples)


def _position(game: Game, seat: int, hand: tuple[Card, ...]) -> Position:
    played = tuple(e.cards[0] for e in game.deal_events() if e.kind == EventKind.PLAY)
    return Position(tuple(hand), game.pile, game.count, played, game.scores, game.dealer, game.starter)


