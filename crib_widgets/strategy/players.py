"""Computer players of three strengths, each a `Player`: ``choose(game, seat) -> move``.

- ``beginner``: any legal move, at random.
- ``intermediate``: greedy: keeps the four cards with the best hand average, lays the card that
  scores most now.
- ``expert``: throws by the exact net average (hand plus or minus crib, `advise_discard`), and in
  the play looks one move ahead over the cards it cannot see (`expert_play`). Near the end it
  plays to the board: it takes the points that win, guards against the answer that loses, and
  as the non-dealer (who counts first) keeps the hand most likely to count out.

All three know about Lowball (they then avoid points) and Muggins (they count their own hands,
slipping at the rate ``miscount``, and catch the others' mistakes with chance ``skill``). A
player sees only what a person at the table would: its own cards and discards, the cards laid,
the starter, and how many cards the others hold.

Every decision draws from a random generator seeded by the player's seed, the game's seed and
the number of moves made so far, so the same player in the same position always chooses the
same move, even after a game is saved and restored.

>>> from crib_widgets.game import Game
>>> game = Game(seed=3, dealer=0)
>>> players = [make_player("expert", seed=1), make_player("beginner", seed=2)]
>>> while not game.is_over:
...     seat = game.whose_turn
...     _ = game.apply(players[seat].choose(game, seat))
>>> game.result.winner
0
"""

from __future__ import annotations

import random
from itertools import combinations
from typing import Protocol, runtime_checkable

from ..cards import Card, full_deck
from ..errors import CribbageError, IllegalMove
from ..game import Announce, Answer, Discard, Game, Go, Move, Play
from .discard import advise_discard, hand_sums, unseen_cards
from .lookahead import play_values
from .muggins_players import announce_count, answer_count, check_rate
from .pegging_choice import PlayView, expert_play, greedy_play

__all__ = ["Player", "ComputerPlayer", "Beginner", "Intermediate", "Expert", "LEVELS", "make_player",
           "play_view", "look_ahead_view", "own_discards"]


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
        if phase == "over":
            raise IllegalMove("the game is over: there is no move to choose")
        if phase == "discard":
            if len(game.hands[seat]) != game.rules.hand_size:
                raise IllegalMove(f"seat {seat} has already discarded: {game.prompt}")
        elif game.whose_turn != seat:
            raise IllegalMove(f"it is not seat {seat}'s turn: {game.prompt}")
        rng = random.Random(f"{self.seed}:{game.seed}:{len(game.moves)}:{seat}")
        if phase == "discard":
            return Discard(seat, self.discard(game, seat, rng))
        if phase == "play":
            card = self.play(game, seat, rng)
            return Go(seat) if card is None else Play(seat, card)
        counting = game.counting
        if phase == "announce":
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
    """Random legal moves; counts carelessly in Muggins and rarely catches a mistake."""

    name = "beginner"
    default_miscount = 0.3
    default_skill = 0.3

    def discard(self, game: Game, seat: int, rng: random.Random) -> tuple[Card, ...]:
        return rng.choice(list(combinations(game.hands[seat], game.rules.discards)))

    def play(self, game: Game, seat: int, rng: random.Random) -> Card | None:
        playable = [c for c in game.hands[seat] if c.value <= 31 - game.count]
        return rng.choice(playable) if playable else None


class Intermediate(ComputerPlayer):
    """Greedy: the keep with the best hand average (lowest in Lowball), the card that scores most now
    (least in Lowball)."""

    name = "intermediate"
    default_miscount = 0.1
    default_skill = 0.7

    def discard(self, game: Game, seat: int, rng: random.Random) -> tuple[Card, ...]:
        hand = game.hands[seat]
        unseen = unseen_cards(hand)
        sign = -1 if game.rules.lowball else 1
        best, best_value = None, None
        for throw in combinations(hand, game.rules.discards):
            keep = [c for c in hand if c not in throw]
            value = sign * hand_sums(keep, unseen)[0]
            if best_value is None or value > best_value:
                best, best_value = throw, value
        return best

    def play(self, game: Game, seat: int, rng: random.Random) -> Card | None:
        return greedy_play(play_view(game, seat))


class Expert(ComputerPlayer):
    """Exact discard averages and a one-move look-ahead in the play; counts perfectly by default."""

    name = "expert"

    def discard(self, game: Game, seat: int, rng: random.Random) -> tuple[Card, ...]:
        rules = game.rules
        dealer = game.dealer
        partner_deals = rules.partners and dealer != seat and rules.side_of(dealer) == rules.side_of(seat)
        options = advise_discard(game.hands[seat], dealer=dealer == seat, players=rules.players,
                                 lowball=rules.lowball, partner_deals=partner_deals, explain=False)
        return _count_out_choice(game, seat, options).discard

    def play(self, game: Game, seat: int, rng: random.Random) -> Card | None:
        if game.rules.players != 2:
            return expert_play(play_view(game, seat))
        values = play_values(**look_ahead_view(game, seat))
        if not values:
            return None
        return max(values, key=lambda card: (round(values[card], 9), card.rank, card.suit))


# What a non-dealer pegs in an average deal between experts (bench/strength.py measures 2.0-2.3).
PONE_PEGGING = 2
# The dealer can score about this much in one deal (play, hand and crib) in a good deal, not a rare one.
DEALER_REACH = 25


def _count_out_choice(game: Game, seat: int, options):
    """Near the end, the non-dealer of a two-player game counts first: if the dealer might go out
    this deal, keep the hand most likely to reach the target in the show (in Lowball: least likely)
    rather than the best average; ties, and every other position, go by the net average."""
    rules = game.rules
    if rules.players != 2 or seat == game.dealer:
        return options[0]
    need = rules.target - game.scores[rules.side_of(seat)] - PONE_PEGGING
    their_need = rules.target - game.scores[rules.side_of(game.dealer)]
    if not 0 < need <= 29 or (their_need > DEALER_REACH and not rules.lowball):
        return options[0]

    def reaching(option) -> int:
        return sum(n for score, n in option.hand_counts if score >= need)

    if rules.lowball:
        return min(options, key=lambda o: (reaching(o), o.total_exact))
    return max(options, key=lambda o: (reaching(o), o.total_exact))


LEVELS = {"beginner": Beginner, "intermediate": Intermediate, "expert": Expert}


def make_player(name: str, seed: int = 0, **options) -> ComputerPlayer:
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


def own_discards(game: Game, seat: int) -> tuple[Card, ...]:
    """The cards ``seat`` laid in this deal's crib (it saw them; nobody else did)."""
    for event in reversed(game.events):
        if event.kind == "deal":
            break
        if event.kind == "discard" and event.seat == seat:
            return event.cards
    return ()


def play_view(game: Game, seat: int) -> PlayView:
    """What ``seat`` can see at its turn in the play, for the play strategies."""
    rules = game.rules
    n = rules.players
    hand = game.hands[seat]
    known = set(hand)
    known.update(own_discards(game, seat))
    for laid in game.played:
        known.update(laid)
    if game.starter is not None:
        known.add(game.starter)
    unseen = tuple(c for c in full_deck() if c not in known)
    said = set(game.said_go)
    hands = game.hands
    side = rules.side_of(seat)
    # the next opponent still in this count (a partner in between is passed over: it will not
    # play against us); with nobody left the player plays on alone
    next_seat = next((s for s in ((seat + i) % n for i in range(1, n))
                      if hands[s] and s not in said and rules.side_of(s) != side), None)
    next_held = 0
    next_need = None
    if next_seat is not None:
        next_held = len(hands[next_seat])
        next_need = rules.target - game.scores[rules.side_of(next_seat)]
    return PlayView(hand=hand, pile=game.pile, count=game.count, unseen=unseen, next_held=next_held,
                    need=rules.target - game.scores[side], next_need=next_need, lowball=rules.lowball)


def look_ahead_view(game: Game, seat: int) -> dict:
    """What ``seat`` knows at its turn in a two-player play, as the keywords of
    `lookahead.play_values`: its hand, the pile, the unseen cards, how many the other player holds,
    what the other player's goes this deal revealed (every card it still holds is worth more than
    ``their_go_above``), whether it has said go in this count, and both sides' needs."""
    rules = game.rules
    other = 1 - seat
    view = play_view(game, seat)
    above = 0
    count = 0
    for event in _this_deal(game):
        if event.kind == "play":
            count += event.cards[0].value
        elif event.kind == "reset":
            count = 0
        elif event.kind == "go" and event.seat == other:
            above = max(above, 31 - count)
    return {"hand": game.hands[seat], "pile": game.pile, "unseen": view.unseen,
            "held": len(game.hands[other]), "their_go_above": above, "their_go_now": other in game.said_go,
            "need": rules.target - game.scores[rules.side_of(seat)],
            "their_need": rules.target - game.scores[rules.side_of(other)], "lowball": rules.lowball}


def _this_deal(game: Game):
    events = game.events
    start = max((i for i, e in enumerate(events) if e.kind == "deal"), default=0)
    return events[start:]
