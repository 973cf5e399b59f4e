"""Checking moves and saying what the game waits for: every illegal move gets a message naming
what was wrong and what is allowed now, and nothing is changed."""

from __future__ import annotations

from ..cards import Card
from ..errors import IllegalMove
from ..words import plural
from .fast import VALUE, holds, typed
from .kinds import AnswerKind, Phase
from .moves import MOVE_TYPES, Announce, Answer, Discard, Go, Move, Play
from .muggins import MAX_COUNT
from .state import GameState

__all__ = ["CheckMixin"]

_PHASE_OF = {Discard: Phase.DISCARD, Play: Phase.PLAY, Go: Phase.PLAY, Announce: Phase.ANNOUNCE,
             Answer: Phase.ANSWER}

# Members bound once: Python 3.11 looks a member up on its enum class (Phase.PLAY) several times
# slower than the comparison itself (EnumType's __getattr__), and these run for every move.
_OVER = Phase.OVER
_MUGGINS, _OVERCOUNT = AnswerKind.MUGGINS, AnswerKind.OVERCOUNT
_MOVE_WORDS = {Discard: "discarding", Play: "playing a card", Go: "saying go", Announce: "announcing a count",
               Answer: "answering a count"}


class CheckMixin(GameState):
    """The checks and the prompt of `Game` (which holds the state they read)."""

    def _discarders(self) -> list[int]:
        n = self._rules.players
        return [s for s in ((self._dealer + i) % n for i in range(1, n + 1)) if self._pending[s]]

    @property
    def prompt(self) -> str:
        """What the game waits for now, in a sentence (e.g. for a status line)."""
        say, phase = self._say, self._phase
        if phase == _OVER:
            return say.game_over(self._over_text())
        if phase == Phase.DISCARD:
            return say.to_discard(self._discarders(), self._rules.discards, self._dealer)
        seat = self._mover()
        if phase == Phase.PLAY:
            playable = [c for c in self._hands[seat] if VALUE[c.rank] <= 31 - self._count]
            return say.to_play(seat, playable, self._count)
        c = self._counted()
        owner, _, is_crib = c.item
        if phase == Phase.ANNOUNCE:
            return say.to_announce(owner, is_crib, MAX_COUNT)
        return say.to_answer(seat, owner, c.claimed(), MAX_COUNT)

    def _over_text(self) -> str:
        """The result in a sentence (the game is over)."""
        if self._result is None:
            raise RuntimeError("the game is not over")
        return self._result.text

    def _prompt_mid(self) -> str:
        """The prompt inside a sentence (after a colon): "You ..." becomes "you ..."."""
        return self._say.mid(self.prompt)

    def _check(self, move: Move) -> None:
        kind = type(move)
        if kind not in MOVE_TYPES:
            raise IllegalMove(f"{move!r} is not a move: use Discard, Play, Go, Announce or Answer")
        if self._phase == _OVER:
            raise IllegalMove(f"no more moves: the game is over. {self._over_text()}")
        seat = move.seat
        if seat >= self._rules.players:
            raise IllegalMove(f"seat {seat} does not exist: seats are 0 to {self._rules.players - 1}")
        if _PHASE_OF[kind] != self._phase:
            raise IllegalMove(f"{self._names[seat]} cannot be {_MOVE_WORDS[kind]} now: {self._prompt_mid()}")
        if isinstance(move, Discard):
            return self._check_discard(move)
        if seat != self._turn:
            raise IllegalMove(f"it is not {self._say.possessive(seat, mid=True)} turn: "
                              f"{self._prompt_mid()}")
        if isinstance(move, Play):
            return self._check_play(seat, move.card)
        if isinstance(move, Go):
            playable = [c for c in self._hands[seat] if VALUE[c.rank] <= 31 - self._count]
            if playable:
                raise IllegalMove(f"{self._names[seat]} cannot say go while holding a playable card: "
                                  f"{typed(playable)} can be laid on {self._count}")
            return None
        if isinstance(move, Announce):
            if not 0 <= move.points <= MAX_COUNT:
                raise IllegalMove(f"announce a count from 0 to {MAX_COUNT}, not {move.points}")
            return None
        return self._check_answer(move)

    def _check_discard(self, move: Discard) -> None:
        seat, k = move.seat, self._rules.discards
        name = self._names[seat]
        if not self._pending[seat]:
            raise IllegalMove(f"{name} has already discarded: {self._prompt_mid()}")
        if len(move.cards) != k:
            raise IllegalMove(f"with {self._rules.players} players each lays exactly {plural(k, 'card')} "
                              f"in the crib, not {len(move.cards)}")
        if k == 2 and move.cards[0] == move.cards[1]:
            raise IllegalMove(f"the same card twice: {typed(move.cards)}; discard 2 different cards")
        hand = self._hands[seat]
        for card in move.cards:
            if not holds(hand, card):
                raise IllegalMove(f"{name} does not hold {typed(card)}: the hand is {typed(hand)}")

    def _check_play(self, seat: int, card: Card) -> None:
        hand = self._hands[seat]
        if not holds(hand, card):
            held = f"the hand is {typed(hand)}" if hand else "no cards are left in the hand"
            raise IllegalMove(f"{self._names[seat]} does not hold {typed(card)}: {held}")
        if VALUE[card.rank] + self._count > 31:
            playable = [c for c in hand if VALUE[c.rank] <= 31 - self._count]
            allowed = f"{typed(playable)} can be laid" if playable else "the only move is to say go"
            raise IllegalMove(f"{typed(card)} would take the count from {self._count} to "
                              f"{self._count + card.value}, past 31: {allowed}")

    def _check_answer(self, move: Answer) -> None:
        announced = self._counted().claimed()
        if move.kind == _MUGGINS and not 1 <= (move.points or 0) <= MAX_COUNT - announced:
            if announced == MAX_COUNT:
                raise IllegalMove(f"no Muggins on a count of {MAX_COUNT}: no hand holds more; "
                                  "accept or object that it is too high (overcount)")
            raise IllegalMove(f"a Muggins call names 1 to {MAX_COUNT - announced} missed points "
                              f"(the count was {announced}, no hand holds more than {MAX_COUNT}), "
                              f"not {move.points}")
        if move.kind == _OVERCOUNT and announced == 0:
            raise IllegalMove("a count of 0 cannot be too high: accept it or call Muggins")
