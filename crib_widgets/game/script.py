"""Moves written as short text, for lessons, tests and the command line.

Each step is made by the seat whose turn it is (in the discard phase: the first seat still to
discard). Steps are separated by ``;`` or new lines:

- discard phase: the cards to lay in the crib, e.g. ``5H 5D`` (or ``discard 5H 5D``);
- play: one or more cards laid in turn, and ``go``, e.g. ``10C 5S go 2H``;
- Muggins: ``announce 12`` (or just ``12``), ``accept``, ``muggins 3``, ``overcount``.

>>> from crib_widgets.game import Game, Rules, stack_deck
>>> deck = stack_deck(["5H 5C 6D 7S KC QD", "4H 9S 9C 10D JS AH"], "2C", dealer=0)
>>> g = Game(deck=deck, dealer=0)
>>> _ = run_script(g, "JS AH; KC QD; 9S 6D")
>>> g.count, g.scores
(15, (2, 0))
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from ..cards import Card, full_deck, parse_cards, parse_hand
from ..errors import CribbageError, IllegalMove
from .deal import stack_deck
from .engine import Game
from .events import Event
from .moves import Announce, Answer, Discard, Go, Move, Play
from .rules import Rules

__all__ = ["run_script", "parse_step", "scenario"]

_STEPS = re.compile(r"[;\n]+")


def parse_step(game: Game, step: str) -> list[Move]:
    """The moves one step of text stands for, made by the seat(s) whose turn it is."""
    words = step.replace(",", " ").split()
    if not words:
        return []
    head = words[0].lower()
    phase = game.phase
    if phase == "discard":
        cards = words[1:] if head == "discard" else words
        return [Discard(game.whose_turn, tuple(parse_cards(cards)))]
    if phase in ("announce", "answer"):
        return [_muggins_move(game, head, words)]
    if phase == "play":
        return [_play_word(word) for word in words]
    raise IllegalMove(f"{step!r} cannot be played: {game.prompt}")


def _play_word(word: str):
    # The seat is filled in just before the move is made: the turn moves on after each card.
    return "go" if word.lower() == "go" else parse_cards([word])[0]


def _muggins_move(game: Game, head: str, words: list[str]) -> Move:
    seat = game.whose_turn
    number = next((int(w) for w in words if w.isdigit()), None)
    if game.phase == "announce" and (head == "announce" or head.isdigit()) and number is not None:
        return Announce(seat, number)
    if head == "accept":
        return Answer(seat, "accept")
    if head == "overcount":
        return Answer(seat, "overcount")
    if head == "muggins" and number is not None:
        return Answer(seat, "muggins", number)
    raise IllegalMove(f"{' '.join(words)!r} is not a step here: {game.prompt}")


def run_script(game: Game, script: str) -> list[Event]:
    """Apply every step of ``script`` in order; return all the events. Stops at the first
    illegal step with `IllegalMove` (the moves before it stay made)."""
    events: list[Event] = []
    for step in _STEPS.split(script):
        for move in parse_step(game, step):
            if move == "go":
                move = Go(game.whose_turn)
            elif not isinstance(move, (Discard, Announce, Answer)):
                move = Play(game.whose_turn, move)
            events += game.apply(move)
    return events


def scenario(kept: Sequence[str | Iterable], starter: str | Card, *, rules: Rules | None = None,
             dealer: int = 0, discards: Sequence[str | Iterable] | None = None, crib_card: str | None = None,
             scores: Sequence[int] | None = None, names: Sequence[str] | None = None, seed: int = 0) -> Game:
    """A game past the discards: seat ``s`` keeps ``kept[s]`` (4 cards) and ``starter`` is turned.

    ``discards[s]`` are the cards seat ``s`` lays in the crib (by default low cards nobody else
    holds); with three players ``crib_card`` is the card dealt straight into the crib. Handy for
    lessons ("you hold 5 5 6 7 and lead...") and tests. If the starter is a jack his heels is
    already pegged.

    >>> g = scenario(["5H 6H 7H 8H", "5C 6C 7C 8C"], "KS", dealer=1)
    >>> g.phase, g.whose_turn, " ".join(str(c) for c in g.hands[0])
    ('play', 0, '5H 6H 7H 8H')
    """
    rules = rules or Rules(players=len(kept))
    if len(kept) != rules.players:
        raise CribbageError(f"give one kept hand per player: {rules.players}, got {len(kept)}")
    kept_cards = [parse_hand(k, 4, "kept hand") for k in kept]
    used = {c for k in kept_cards for c in k} | {Card.parse(starter)}
    if crib_card is not None:
        used.add(Card.parse(crib_card))
    if discards is None:
        spare = (c for c in sorted(full_deck(), key=lambda c: (c.value, c.suit)) if c not in used)
        discards = [[next(spare) for _ in range(rules.discards)] for _ in kept]
    if crib_card is None and rules.players == 3:
        crib_card = next(c for c in full_deck() if c not in used and all(c not in d for d in discards))
    hands = [[*k, *parse_cards(d)] for k, d in zip(kept_cards, discards, strict=True)]
    deck = stack_deck(hands, starter, dealer=dealer, crib_card=crib_card)
    game = Game(rules, seed=seed, deck=deck, dealer=dealer, scores=scores, names=names)
    while game.phase == "discard":
        seat = game.whose_turn
        game.apply(Discard(seat, tuple(hands[seat][4:])))
    return game
