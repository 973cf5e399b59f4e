"""Computer players of three strengths, each a `Player`: ``choose(game, seat) -> move``.

- ``beginner``: a new player's habits: keeps what scores as it stands, ignores the crib, scores
  now or lays its highest card (see `Beginner`).
- ``intermediate`` (the default): the best hand average, points now, and the rules of thumb:
  no pair thrown to the other player's crib, a low lead, no count of 5 or 21 (see `Intermediate`).
- ``expert``: throws by the exact net average (hand plus or minus crib, `advise_discard`) plus half
  the play's estimated value of the keep (`weigh.weigh_discards`), and in the play solves the rest
  of the play exactly for hidden hands read from the other player's discard and averages
  (`lookahead.play_values` with `reading.read_hands`, the review's look-ahead; with three or four
  players `lookahead_multi.play_values_multi`, every hand alike). Near the end it
  plays to the board: it takes the points that win, guards against the answer that loses, solves
  each imagined deal's play to the end of its show (`count_out`: who counts out first), and
  as the non-dealer (who counts first) keeps the hand most likely to count out.

All three know about Lowball (they then avoid points) and Muggins (they count their own hands,
slipping at the rate ``miscount``, and catch the others' mistakes with chance ``skill``). A
player sees only what a person at the table would: its own cards and discards, the cards laid,
the starter, and how many cards the others hold.

Every decision draws from a random generator seeded by the player's seed, the game's seed and
the number of moves made so far, so the same player in the same position always chooses the
same move, even after a game is saved and restored.

>>> from crib_widgets.game import Game
>>> def play(seed):
...     game = Game(seed=seed, dealer=0)
...     players = [make_player("expert", seed=1), make_player("beginner", seed=2)]
...     while not game.is_over:
...         _ = game.apply(players[game.whose_turn].choose(game, game.whose_turn))
...     return game.result.scores
>>> play(3) == play(3)    # the same seeds, the same game, move for move
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations
from typing import Protocol, TypedDict, runtime_checkable

from ..cards import Card
from ..errors import CribbageError, IllegalMove
from ..game import Announce, Answer, Discard, EventKind, Game, Go, Move, Phase, Play
from ..game.seat_view import own_discards
from ..scoring import MAX_HAND_SCORE, rank_points
from .count_out import CountOut
from .discard import DiscardOption, advise_discard, hand_sums, unseen_cards
from .habits import grab_share
from .lookahead import play_values
from .lookahead_multi import expert_card
from .muggins_players import announce_count, answer_count, check_rate
from .pegging_choice import greedy_play, lead_rules
from .solver import play_score
from .weigh import weigh_discards

__all__ = ["Player", "ComputerPlayer", "Beginner", "Intermediate", "Expert", "LEVELS", "make_player",
           "look_ahead_view", "count_out_keep"]


@runtime_checkable
class Player(Protocol):
    """Anything that picks a move for a seat: a computer player, or a person through a widget."""

    name: str

    def choose(self, game: Game, seat: int) -> Move:
        """A legal move for ``seat`` in ``game`` now (the game is not changed)."""
        ...


class ComputerPlayer:
    """Shared machinery: checks that the seat may move, seeds each decision, plays Muggins.

    Subclasses decide `discard` and `play`.
    """

    name = "computer"
    default_miscount = 0.0
    default_skill = 1.0

    def __init__(self, seed: int = 0, *, miscount: float | None = None, skill: float | None = None) -> None:
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise CribbageError(f"seed must be a whole number, not {seed!r}")
        self.seed = seed
        self.miscount = check_rate("miscount", self.default_miscount if miscount is None else miscount)
        self.skill = check_rate("skill", self.default_skill if skill is None else skill)

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed}, miscount={self.miscount}, skill={self.skill})"

    def choose(self, game: Game, seat: int) -> Move:
        """A legal move for ``seat`` now; `IllegalMove` if that seat has nothing to decide."""
        phase = game.phase
        players = game.rules.players
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
            raise CribbageError(f"seat {seat!r} is not a seat: use 0 to {players - 1}")
        if phase == Phase.OVER:
            raise IllegalMove("the game is over: there is no move to choose")
        if phase == Phase.DISCARD:
            if len(game.hands[seat]) != game.rules.hand_size:
                raise IllegalMove(f"seat {seat} has already discarded: {game.prompt}")
        elif game.whose_turn != seat:
            raise IllegalMove(f"it is not seat {seat}'s turn: {game.prompt}")
        rng = random.Random(f"{self.seed}:{game.seed}:{len(game.moves)}:{seat}")
        if phase == Phase.DISCARD:
            return Discard(seat, self.discard(game, seat, rng))
        if phase == Phase.PLAY:
            card = self.play(game, seat, rng)
            return Go(seat) if card is None else Play(seat, card)
        counting = game.counting
        if counting is None:  # the announce and answer phases count a hand
            raise RuntimeError(f"nothing is being counted in the {phase} phase")
        if phase == Phase.ANNOUNCE or counting.announced is None:
            return Announce(seat, announce_count(counting.cards, counting.starter, counting.is_crib,
                                                 miscount=self.miscount, rng=rng))
        kind, points = answer_count(counting.announced, counting.cards, counting.starter, counting.is_crib,
                                    skill=self.skill, rng=rng)
        return Answer(seat, kind, points)

    def discard(self, game: Game, seat: int, rng: random.Random) -> tuple[Card, ...]:
        raise NotImplementedError

    def play(self, game: Game, seat: int, rng: random.Random) -> Card | None:
        raise NotImplementedError


class Beginner(ComputerPlayer):
    """A new player: counts only what it can see, plays for points now, and makes the mistakes new
    players make (not random moves).

    - Discard: keeps the four cards that score most as they stand, before the starter is turned
      (fifteens, pairs and runs it can see; fewest in Lowball), and does not think about the
      crib at all: it will throw a pair, a 5 or a fifteen into the other player's crib. Ties are
      broken at random.
    - Play: lays the card that scores most now (fewest in Lowball); when none scores, its highest
      card, to be rid of it. So it leads tens and 5s, and brings the count to 5 or 21 without a
      thought for the answer.
    - Muggins: miscounts three hands in ten with the catalogue's real mistakes (a missed fifteen,
      a double run counted as one, his nobs for the wrong jack, a four-card flush in the crib:
      `crib_widgets.strategy.mistakes`) and catches three mistakes in ten.
    """

    name = "beginner"
    default_miscount = 0.3
    default_skill = 0.3

    def discard(self, game: Game, seat: int, rng: random.Random) -> tuple[Card, ...]:
        hand = game.hands[seat]
        sign = -1 if game.rules.lowball else 1
        throws = list(combinations(hand, game.rules.discards))
        rng.shuffle(throws)

        def seen_points(throw: tuple[Card, ...]) -> int:
            return sign * rank_points(c.rank for c in hand if c not in throw)

        return max(throws, key=seen_points)

    def play(self, game: Game, seat: int, rng: random.Random) -> Card | None:
        return greedy_play(game.view(seat))


# Throwing these into the other player's crib gives points away; into one's own they are welcome.
_FIVE, _FIFTEEN = 1.5, 2.0


class Intermediate(ComputerPlayer):
    """A sound club player: the best hand it can keep, points now in the play, and the rules of thumb
    every experienced player follows (the default opponent).

    - Discard: the keep with the best hand average over the starters (lowest in Lowball), less
      what the throw gives away: into the other player's crib it never throws a pair when a
      throw without one exists, and counts a 5 (1.5 points) and two cards making fifteen (2) as
      given away; into its own crib the same cards count as gained.
    - Play: the card that scores most now (least in Lowball). When the scores tie:
      leading, a card below 5 (no answer can then make fifteen), from a pair if it holds one (the
      answer that pairs it can be met with a pair royal), else its lowest card; never a 5 while
      it holds another card. Following, it does not bring the count to 5 or 21 (where any
      ten-card makes 15 or 31) when another card avoids it; then it lays its highest card.
    """

    name = "intermediate"
    default_miscount = 0.1
    default_skill = 0.7

    def discard(self, game: Game, seat: int, rng: random.Random) -> tuple[Card, ...]:
        hand = game.hands[seat]
        unseen = unseen_cards(hand)
        rules = game.rules
        sign = -1 if rules.lowball else 1
        own = game.dealer == seat or (rules.partners and rules.side_of(game.dealer) == rules.side_of(seat))
        throws = list(combinations(hand, rules.discards))
        if not own and not rules.lowball:
            safe = [t for t in throws if len({c.rank for c in t}) == len(t)]
            throws = safe or throws

        def value(throw: tuple[Card, ...]) -> float:
            keep = [c for c in hand if c not in throw]
            gift = _FIVE * sum(c.rank == 5 for c in throw)
            if len(throw) == 2 and throw[0].value + throw[1].value == 15:
                gift += _FIFTEEN
            if len(throw) == 2 and throw[0].rank == throw[1].rank:
                gift += 2
            hand_ev = hand_sums(keep, unseen)[0] / len(unseen)
            return sign * hand_ev + (gift if own else -gift) * (1 if sign > 0 else -1)

        return max(throws, key=lambda t: (value(t), [c.index for c in t]))

    def play(self, game: Game, seat: int, rng: random.Random) -> Card | None:
        view = game.view(seat)
        if view.lowball:
            return greedy_play(view)
        playable = view.playable()
        if not playable:
            return None
        ranks = [c.rank for c in view.pile]
        hand = view.hand

        def key(card: Card) -> tuple[int | str, ...]:
            now = play_score([*ranks, card.rank], view.count + card.value)
            if not ranks:
                return (now, *_lead_key(card, hand))
            after = view.count + card.value
            return (now, after not in (5, 21), card.value, card.rank, card.suit)

        return max(playable, key=key)


def _lead_key(card: Card, hand: tuple[Card, ...]) -> tuple[int | str, ...]:
    """How good a lead ``card`` is by the rules of thumb (`lead_rules`; higher is better), then its
    lowest card."""
    return (*lead_rules(card.rank, [c.rank for c in hand]), -card.value if card.rank >= 5 else card.rank,
            card.suit)


class Expert(ComputerPlayer):
    """The strongest level: exact averages in the discard, the review's look-ahead in the play, and
    play to the board near the end; counts perfectly and catches every mistake by default.

    - Discard: the best net value, the kept hand's exact average over every starter plus (its own
      crib) or minus (the other's) the crib's exact average (`advise_discard`), plus with two
      players half the look-ahead's estimate of what the kept cards peg, for the throws within a
      few points of the best (`weigh.weigh_discards`; the review weighs throws the same way, so its
      best throw is this one). In Lowball, the fewest points.
    - Play: with two players each playable card's expected net points for the rest of the play,
      the other player's hidden cards drawn consistent with what it has seen and what a go
      revealed, and read from its discard and its play: a player keeps what scores, takes the
      points in front of it and leads by the rules of thumb, so those hands weigh more
      (`reading.read_hands`); the play solved exactly for each (`lookahead.play_values`, as the
      review weighs cards); with three or four players `lookahead_multi` (see there). The card worth
      most; of equal ones, the highest.
    - Habits: with two players it watches how the other player answers. When a deal's play is
      over every card is known, so it replays each answer and notes the ones where the card that
      scores most now was not the best; the share of those where the other player grabbed the
      points anyway (`habits.grab_share`) is how often its look-ahead expects it to grab again.
      A grabber walks into pair royals and runs it sets up; against a player who answers well the
      share stays low and nothing changes.
    - Near the end: a card that reaches the target is worth more than any points, and one that
      lets the other side reach it is avoided. With two players each imagined deal is played out
      to the end of its show (`count_out.CountOut`): the non-dealer counts first, then the
      dealer's hand, then its crib by its chance, so a point pegged is worth what it does to who
      counts out (bench/endgame.py, 2,000 last deal-seats against CribbageSim's Hoyle bot: +0.4
      and +1.0 points of win rate, +-0.3, seeds 1481 and 1482, against valuing only the points and
      pegging out). With an exact finish the look-ahead knows that points which would carry past
      the target are refused, in the play and in the show. As the non-dealer of a two-player game
      (who counts first), when the dealer could go out this deal, it keeps the hand most likely to
      count out rather than the best average.
    - Muggins: counts its own hands without a slip and catches every mistake (``miscount`` 0,
      ``skill`` 1, unless given).
    """

    name = "expert"

    def discard(self, game: Game, seat: int, rng: random.Random) -> tuple[Card, ...]:
        rules = game.rules
        dealer = game.dealer
        partner_deals = rules.partners and dealer != seat and rules.side_of(dealer) == rules.side_of(seat)
        options = advise_discard(game.hands[seat], dealer=dealer == seat, players=rules.players,
                                 lowball=rules.lowball, partner_deals=partner_deals, explain=False)
        endgame = _count_out_choice(game, seat, options)
        if endgame is not None:  # the best average among them too: the play is not weighed then
            return endgame.discard
        weighed = weigh_discards(game.hands[seat], dealer=dealer == seat, players=rules.players,
                                 lowball=rules.lowball, partner_deals=partner_deals, options=options)
        return weighed[0].option.discard

    def play(self, game: Game, seat: int, rng: random.Random) -> Card | None:
        if game.rules.players != 2:
            return expert_card(game, seat)
        playable = [c for c in game.hands[seat] if c.value <= 31 - game.count]
        if len({c.rank for c in playable}) <= 1:
            return playable[0] if playable else None
        values = play_values(**look_ahead_view(game, seat))
        if not values:
            return None
        return max(values, key=lambda card: (round(values[card], 9), card.rank, card.suit))


# What a non-dealer pegs in an average deal between experts (bench/strength.py measures 2.0-2.3).
PONE_PEGGING = 2
# The dealer can score about this much in one deal (play, hand and crib) in a good deal, not a rare one.
DEALER_REACH = 25


def _count_out_choice(game: Game, seat: int, options: Sequence[DiscardOption]) -> DiscardOption | None:
    """Near the end, the non-dealer of a two-player game counts first: if the dealer might go out
    this deal, the keep most likely to reach the target in the show (in Lowball: least likely),
    of equal ones the best average, even when that is the best average overall. None in every
    other position, and when every keep reaches it as often (the show then tells them apart by
    nothing): the throw is then weighed by its average and the play."""
    rules = game.rules
    if rules.players != 2 or seat == game.dealer:
        return None
    need = rules.target - game.scores[rules.side_of(seat)] - PONE_PEGGING
    their_need = rules.target - game.scores[rules.side_of(game.dealer)]
    if not 0 < need <= MAX_HAND_SCORE or (their_need > DEALER_REACH and not rules.lowball):
        return None
    return count_out_keep(options, need, lowball=rules.lowball)


def count_out_keep(options: Sequence[DiscardOption], need: int, *, lowball: bool = False
                   ) -> DiscardOption | None:
    """Of the ``options`` (`discard.DiscardOption`), the one whose kept hand counts ``need`` or more
    with the most starters (in Lowball: the fewest), of equal ones the best average; None when
    every keep reaches it as often (the show then tells them apart by nothing). The expert's rule
    near the end (`Expert`), which the discard trainer asks too."""
    reaching = {o.discard: sum(n for score, n in o.hand_counts if score >= need) for o in options}
    if len(set(reaching.values())) == 1:
        return None
    if lowball:
        return min(options, key=lambda o: (reaching[o.discard], o.total_exact))
    return max(options, key=lambda o: (reaching[o.discard], o.total_exact))


LEVELS = {"beginner": Beginner, "intermediate": Intermediate, "expert": Expert}


def make_player(name: str, seed: int = 0, **options: float) -> ComputerPlayer:
    """A computer player by level name (``beginner``, ``intermediate`` or ``expert``).

    ``options`` are ``miscount`` and ``skill`` (probabilities, for Muggins).

    >>> make_player("expert", seed=5)
    Expert(seed=5, miscount=0.0, skill=1.0)
    """
    level = LEVELS.get(name.strip().lower()) if isinstance(name, str) else None
    if level is None:
        raise CribbageError(f"{name!r} is not a computer player: choose {', '.join(LEVELS)}")
    unknown = sorted(set(options) - {"miscount", "skill"})
    if unknown:
        raise CribbageError(f"unknown player option(s) {', '.join(unknown)}: allowed are miscount, skill")
    return level(seed, **options)


class LookAheadView(TypedDict):
    """What a seat knows at its turn in a two-player play: `lookahead.play_values`'s keywords."""

    hand: tuple[Card, ...]
    pile: tuple[Card, ...]
    unseen: tuple[Card, ...]
    held: int
    their_go_above: int
    their_go_now: bool
    their_played: tuple[Card, ...]
    their_piles: tuple[tuple[int, ...], ...]
    they_deal: bool
    show: CountOut | None
    need: int | None  # None: play for points, not the board
    their_need: int | None
    lowball: bool
    exact: bool
    grabs: float


def look_ahead_view(game: Game, seat: int) -> LookAheadView:
    """What ``seat`` knows at its turn in a two-player play, as the keywords of
    `lookahead.play_values`: its hand, the pile, the unseen cards, how many the other player holds,
    what the other player's goes this deal revealed (every card it still holds is worth more than
    ``their_go_above``), whether it has said go in this count, the cards it has laid this deal and
    whether the crib is its (to read its hand from its discard), both sides' needs, the show
    ahead (`count_out.CountOut`: its kept four, its throw and the starter; None in Lowball),
    whether the finish must be exact, and how often the other player's answers in the finished
    deals grabbed the points in front of it (`habits.grab_share`)."""
    rules = game.rules
    other = 1 - seat
    view = game.view(seat)
    above = 0
    count = 0
    pile: tuple[int, ...] = ()
    piles: list[tuple[int, ...]] = []  # the pile (ranks) each of the other player's cards was laid on
    for event in game.deal_events():
        if event.kind == EventKind.PLAY:
            if event.seat == other:
                piles.append(pile)
            pile = (*pile, event.cards[0].rank)
            count += event.cards[0].value
        elif event.kind == EventKind.RESET:
            pile, count = (), 0
        elif event.kind == EventKind.GO and event.seat == other:
            above = max(above, 31 - count)
    return {"hand": game.hands[seat], "pile": game.pile, "unseen": view.unseen,
            "held": len(game.hands[other]), "their_go_above": above, "their_go_now": other in game.said_go,
            "their_played": tuple(game.played[other]), "their_piles": tuple(piles),
            "they_deal": game.dealer == other, "show": _count_out(game, seat, view.unseen),
            "need": rules.target - game.scores[rules.side_of(seat)],
            "their_need": rules.target - game.scores[rules.side_of(other)], "lowball": rules.lowball,
            "exact": rules.exact_finish, "grabs": grab_share(game, seat)}


def _count_out(game: Game, seat: int, unseen: tuple[Card, ...]) -> CountOut | None:
    """The show ahead, as ``seat`` sees it (its kept four: those it holds and those it has laid)."""
    if game.starter is None or game.rules.lowball:
        return None
    kept = (*game.hands[seat], *game.played[seat])
    return CountOut(game.starter, kept, own_discards(game, seat), i_deal=game.dealer == seat, unseen=unseen,
                    exact=game.rules.exact_finish)


