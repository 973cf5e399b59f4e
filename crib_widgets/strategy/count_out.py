"""Who counts out at the show: the end of a deal, for the play's look-ahead near the end of a game.

Near 121 the points pegged are worth what they do to the show that follows. The non-dealer counts
first: with a 12-point hand and 15 to go it needs only 3 pegged, and then the dealer must stop
those 3 rather than score its own. The dealer counts its hand and then its crib. So at the end of
the play the game's outcome in one imagined deal is nearly known: the kept hands and the starter
are (the other player's hand is the one imagined; suits unknown, so its flush and nobs are left
out), only the other two cards of the crib are not. `CountOut.end_value` gives the value of the
deal's end for the look-ahead: a side that counts out wins (`WIN`, as pegging out does), the
dealer's crib counts by its chance of reaching what is still needed, and otherwise nothing more
than the points pegged.

>>> from crib_widgets.cards import parse_cards, full_deck
>>> kept, thrown, starter = parse_cards("5H 5D JS KD"), parse_cards("2C 9S"), parse_cards("4C")[0]
>>> seen = {*kept, *thrown, starter}
>>> out = CountOut(starter, kept, thrown, i_deal=False, unseen=[c for c in full_deck() if c not in seen])
>>> out.mine                          # 5-5-J-K with a 4: fifteen 8 and a pair
10
>>> out.end_value((10, 30), (1, 2, 3, 13)) == WIN     # not dealing, 10 to go: counts out first
True
>>> out.end_value((11, 30), (1, 2, 3, 13))            # one short, and the dealer far away
0.0
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import combinations

from ..cards import Card
from ..game.rules import pegged
from ..scoring import MAX_HAND_SCORE, hand_total, rank_key, rank_table
from .solver import FAR, WIN

__all__ = ["CountOut"]


class CountOut:
    """The show that ends this deal, seen by one player of a two-player game: its own ``kept``
    four and ``thrown`` two, the ``starter``, whether it deals (``i_deal``) and the ``unseen``
    cards (the other two crib cards come from them, every pair alike). With ``exact`` (the
    exact-finish variant) a count that would carry past the target is refused whole, so only a
    count of exactly what is needed goes out."""

    def __init__(self, starter: Card, kept: Sequence[Card], thrown: Sequence[Card], *, i_deal: bool,
                 unseen: Iterable[Card], exact: bool = False) -> None:
        self.starter = starter
        self.exact = exact
        self.thrown = tuple(thrown)
        self.i_deal = i_deal
        self.unseen = tuple(unseen)
        self.mine = hand_total(tuple(kept), starter)
        self._tail: list[float] | None = None

    def theirs(self, ranks: Sequence[int]) -> int:
        """The other player's show for its four kept ``ranks`` (fifteens, pairs and runs)."""
        return rank_table()[rank_key((*ranks, self.starter.rank))]

    def crib_at_least(self, points: int) -> float:
        """The chance that the crib scores at least ``points``."""
        if points <= 0:
            return 1.0
        tail = self._crib_tail()
        return tail[points] if points < len(tail) else 0.0

    def _crib_out(self, points: int) -> float:
        """The chance that the crib makes the ``points`` still needed (`game.rules.pegged`: with an
        exact finish a crib worth more is refused, so exactly them)."""
        if not self.exact:
            return self.crib_at_least(points)
        return self.crib_at_least(points) - self.crib_at_least(points + 1)

    def _out(self, show: int, need: int) -> bool:
        return pegged(show, need, self.exact) >= need

    def _crib_tail(self) -> list[float]:
        if self._tail is None:
            counts = [0] * (MAX_HAND_SCORE + 1)
            for pair in combinations(self.unseen, 2):
                counts[hand_total((*self.thrown, *pair), self.starter, crib=True)] += 1
            total = sum(counts)
            tail, running = [0.0] * (MAX_HAND_SCORE + 1), 0
            for points in range(MAX_HAND_SCORE, -1, -1):
                running += counts[points]
                tail[points] = running / total
            self._tail = tail
        return self._tail

    def end_value(self, needs: tuple[int, int], their_ranks: Sequence[int]) -> float:
        """The value, to this player, of the show after a play that left ``needs`` (its own, the
        other's; `FAR` or more: out of reach) with the other player holding ``their_ranks``: the
        non-dealer counting out wins first, then the dealer's hand, then its crib by its chance."""
        shows = (self.mine, self.theirs(their_ranks))
        pone = 1 if self.i_deal else 0
        dealer = 1 - pone
        if needs[pone] < FAR and self._out(shows[pone], needs[pone]):
            return WIN if pone == 0 else -WIN
        need = needs[dealer]
        if need >= FAR:
            return 0.0
        if self._out(shows[dealer], need):
            return WIN if dealer == 0 else -WIN
        need -= pegged(shows[dealer], need, self.exact)  # refused whole if it would carry past
        chance = self._crib_out(need)
        if not chance:
            return 0.0
        return chance * (WIN if dealer == 0 else -WIN)
