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
from typing import Literal

from ..bounded import whole_number
from ..cards import Card, parse_cards, parse_hand
from ..errors import CribbageError, IllegalMove
from ..words import plural
from .begin import neutral_crib
from .deal import stack_deck
from .engine import Game
from .events import Event
from .kinds import AnswerKind, Phase
from .moves import Announce, Answer, Discard, Go, Move, Play
from .rules import Rules
from .setup import Start

__all__ = ["run_script", "parse_step", "scenario", "show_scenario", "play_scenario"]

_STEPS = re.compile(r"[;\n]+")


CardsText = str | Iterable[str | Card]
"""Cards as text (``"5H 6H"``) or as a list of cards or card text."""
PlayWord = Card | Literal["go"]
"""A card or go in the play: its seat is filled in as it is made (the turn moves after each)."""


def _to_move(game: Game) -> int:
    seat = game.whose_turn
    if seat is None:
        raise IllegalMove(f"no more steps: {game.prompt}")
    return seat


def parse_step(game: Game, step: str) -> list[Move] | list[PlayWord]:
    """The moves one step of text stands for, made by the seat(s) whose turn it is (in the play
    the cards and gos, each made by the seat whose turn it is then)."""
    words = step.replace(",", " ").split()
    if not words:
        return []
    head = words[0].lower()
    phase = game.phase
    if phase == Phase.DISCARD:
        cards = words[1:] if head == "discard" else words
        discard: list[Move] = [Discard(_to_move(game), tuple(parse_cards(cards)))]
        return discard
    if phase in (Phase.ANNOUNCE, Phase.ANSWER):
        return [_muggins_move(game, head, words)]
    if phase == Phase.PLAY:
        return [_play_word(word) for word in words]
    raise IllegalMove(f"{step!r} cannot be played: {game.prompt}")


def _play_word(word: str) -> PlayWord:
    # The seat is filled in just before the move is made: the turn moves on after each card.
    return "go" if word.lower() == "go" else parse_cards([word])[0]


def _muggins_move(game: Game, head: str, words: list[str]) -> Move:
    seat = _to_move(game)
    # ASCII digits only: "²".isdigit() is true, and int("²") a ValueError (a signed tournament board)
    number = next((n for n in map(whole_number, words) if n is not None), None)
    if game.phase == Phase.ANNOUNCE and (head == "announce" or whole_number(head) is not None) \
            and number is not None:
        return Announce(seat, number)
    if head in (AnswerKind.ACCEPT, AnswerKind.OVERCOUNT):
        return Answer(seat, AnswerKind(head))
    if head == AnswerKind.MUGGINS and number is not None:
        return Answer(seat, AnswerKind.MUGGINS, number)
    raise IllegalMove(f"{' '.join(words)!r} is not a step here: {game.prompt}")


def run_script(game: Game, script: str) -> list[Event]:
    """Apply every step of ``script`` in order; return all the events. Stops at the first
    illegal step with `IllegalMove` (the moves before it stay made)."""
    events: list[Event] = []
    for step in _STEPS.split(script):
        for move in parse_step(game, step):
            if move == "go":
                move = Go(_to_move(game))
            elif isinstance(move, Card):
                move = Play(_to_move(game), move)
            events += game.apply(move)
    return events


def _crib_or_neutral(crib: CardsText | None, used: Iterable[Card], starter: Card,
                     rules: Rules) -> list[Card]:
    if crib is not None:
        return parse_cards(crib)
    if rules.ten_back:
        raise CribbageError("with 10 back the crib decides points (a crib that scores nothing sends the "
                            "dealer back 10): give the crib's cards (discards=... or crib=...)")
    return list(neutral_crib(used, starter))


def _lesson_rules(hands: object, rules: object, what: str) -> Rules:
    """The rules of a lesson set-up, after checking ``hands`` is a list with one entry per player."""
    if isinstance(hands, str) or not isinstance(hands, Sequence):
        raise CribbageError(f"{what} must be a list with one entry per player, e.g. ['5H 6H 7H 8H', "
                            f"'5C 6C 7C 8C'], got {hands!r}")
    if rules is not None and not isinstance(rules, Rules):
        raise CribbageError(f"rules must be a Rules(...), got {type(rules).__name__}")
    return rules or Rules(players=len(hands))


def scenario(kept: Sequence[CardsText], starter: str | Card, *, rules: Rules | None = None,
             dealer: int = 0, discards: Sequence[CardsText] | None = None,
             crib_card: str | Card | None = None, scores: Sequence[int] | None = None,
             names: Sequence[str] | None = None, seed: int = 0) -> Game:
    """A game past the discards: seat ``s`` keeps ``kept[s]`` (4 cards) and ``starter`` is turned.

    ``discards[s]`` are the cards seat ``s`` lays in the crib; with three players ``crib_card``
    is the card dealt straight into the crib. When they are not given the crib is neutral: four
    cards nobody holds that score nothing with the starter (`neutral_crib`), so it never hands
    anyone points the lesson did not mean; with 10 back, where a crib worth nothing costs the
    dealer 10, the discards must be given. Handy for lessons ("you hold 5 5 6 7 and lead...")
    and tests. If the starter is a jack his heels is already pegged (it is part of the deal);
    to begin later with the scores exactly as given see `show_scenario` and `play_scenario`.

    >>> g = scenario(["5H 6H 7H 8H", "5C 6C 7C 8C"], "KS", dealer=1)
    >>> g.phase, g.whose_turn, " ".join(str(c) for c in g.hands[0])
    ('play', 0, '5H 6H 7H 8H')
    >>> from crib_widgets.scoring import hand_total
    >>> " ".join(str(c) for c in g.crib), hand_total(g.crib, g.starter, True)
    ('10C QC 7D 9C', 0)
    """
    rules = _lesson_rules(kept, rules, "kept")
    if len(kept) != rules.players:
        raise CribbageError(f"give one kept hand per player: {rules.players}, got {len(kept)}")
    kept_cards = [parse_hand(k, 4, "kept hand") for k in kept]
    starter = Card.parse(starter)
    k = rules.discards
    if discards is not None and (isinstance(discards, str) or not isinstance(discards, Sequence)
                                 or len(discards) != rules.players):
        raise CribbageError(f"discards must list each player's {plural(k, 'card')} for the crib, "
                            f"one entry per player ({rules.players}), got {discards!r}")
    if discards is None:
        used = [c for h in kept_cards for c in h] + ([Card.parse(crib_card)] if crib_card is not None else [])
        crib = _crib_or_neutral(None, used, starter, rules)
        if crib_card is not None:  # the given card from the pack and three neutral ones
            crib = [*crib[:3], Card.parse(crib_card)]
        discards = [crib[k * s : k * s + k] for s in range(rules.players)]
        if rules.players == 3:
            crib_card = crib[3]
    elif crib_card is None and rules.players == 3:
        raise CribbageError("three players need crib_card, the card dealt straight into the crib, "
                            "when the discards are given")
    hands = [[*kc, *parse_cards(d)] for kc, d in zip(kept_cards, discards, strict=True)]
    deck = stack_deck(hands, starter, dealer=dealer, crib_card=crib_card)
    game = Game(rules, seed=seed, deck=deck, dealer=dealer, scores=scores, names=names)
    while game.phase == Phase.DISCARD:
        seat = _to_move(game)
        game.apply(Discard(seat, tuple(hands[seat][4:])))
    return game


def show_scenario(kept: Sequence[CardsText], crib: CardsText, starter: str | Card, *,
                  rules: Rules | None = None, dealer: int = 0, scores: Sequence[int] | None = None,
                  names: Sequence[str] | None = None, seed: int = 0) -> Game:
    """A game that begins at the show, for counting and Muggins lessons: seat ``s`` keeps
    ``kept[s]``, the dealer's ``crib`` and the ``starter`` are given, and the scores are exactly
    ``scores`` (nothing from a play or his heels is added). Without Muggins the hands are counted
    at once (see ``game.events``); with Muggins the first owner is asked to announce.

    >>> g = show_scenario(["5H 5C 5D JS", "2C 3D 4H 9S"], "6C 7C 8C 9C", "5S", dealer=1,
    ...                   rules=Rules(muggins=True), scores=(100, 90))
    >>> g.phase, g.whose_turn, g.scores
    ('announce', 0, (100, 90))
    """
    rules = _lesson_rules(kept, rules, "kept")
    start = Start.from_dict({"at": "show", "kept": list(kept), "crib": crib, "starter": starter})
    return Game(rules, seed=seed, dealer=dealer, scores=scores, names=names, start=start)


def play_scenario(held: Sequence[CardsText], pile: str | Sequence[str | Card], starter: str | Card, *,
                  laid: Sequence[CardsText] | None = None, leader: int | None = None,
                  crib: CardsText | None = None, rules: Rules | None = None, dealer: int = 0,
                  scores: Sequence[int] | None = None, names: Sequence[str] | None = None,
                  seed: int = 0) -> Game:
    """A game that begins in the middle of the play, for pegging lessons: ``pile`` is the
    current count in turn order from ``leader`` (default: the player left of the dealer), cards
    and ``go``; ``held[s]`` are the cards seat ``s`` still holds and ``laid[s]`` those it laid in
    earlier counts (each seat keeps 4 cards in all). The pile is laid by the engine's rules
    (turns, go) and pegs nothing: the scores are exactly ``scores``. ``crib`` is neutral when not
    given (as in `scenario`).

    >>> g = play_scenario(["5C 9D", "7H"], "KH 5S", "2D", laid=["AC", "3H 4H"], dealer=0)
    >>> g.count, g.whose_turn, g.scores, [str(c) for c in g.pile]
    (15, 1, (0, 0), ['KH', '5S'])
    """
    rules = _lesson_rules(held, rules, "held")
    if laid is not None and (isinstance(laid, str) or not isinstance(laid, Sequence)):
        raise CribbageError("laid must be a list with one entry per player (the cards laid before), "
                            f"got {laid!r}")
    if isinstance(pile, (bytes, bytearray)) or not isinstance(pile, (str, Sequence)):
        raise CribbageError("pile must be the cards of the count, e.g. 'KH 5S' or ['KH', 'go'], "
                            f"got {pile!r}")
    entries = pile.split() if isinstance(pile, str) else list(pile)
    cards = [c for h in held for c in parse_cards(h)] + [c for h in laid or () for c in parse_cards(h)]
    cards += [Card.parse(e) for e in entries if not (isinstance(e, str) and e.strip().lower() == "go")]
    starter = Card.parse(starter)
    crib = _crib_or_neutral(crib, cards, starter, rules)
    start = Start.from_dict({"at": "play", "held": list(held), "laid": None if laid is None else list(laid),
                             "pile": entries, "leader": leader, "crib": crib, "starter": starter})
    return Game(rules, seed=seed, dealer=dealer, scores=scores, names=names, start=start)
