"""Chapter 11's play technique positions: real turns from games between our strongest computer
players, each with the card a strong player lays and why.

The positions are chosen by ``scripts/choose_technique_positions.py`` and stored in
``data/pegging_techniques.json``: each is a lesson's moment in the middle of the play (the hands
held, the cards laid before, the count on the table, the starter and the crib, as
`crib_widgets.game.script.play_scenario` takes them), the seat to move, the technique it teaches
(`TECHNIQUES`), the strong answer and the tempting card, and for each card of the hand its value
(net points to the end of the play, as the strategy package's look-ahead weighs it, `weigh`) and
the reason (`strategy.review.reasons.play_reason`: what the right card does that the other does not).
Here they become the pegging drill's "which card would a strong player lay?" questions
(`Scenario` with ``ask="strong"``), answered from the stored figures so that a page never has to
search while the learner waits; the tests weigh every position again and check the stored answer.

>>> s = POSITIONS[0]
>>> s.ask, s.topic in TECHNIQUES, len(s.hand) >= 2
('strong', True, True)
>>> answer(s).note == "" or answer(s).note.startswith("A strong")
True
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypedDict

from ..cards import Card, parse_cards
from ..errors import CribbageError
from ..words import join_words, plural
from .pegging_answer import Answer, Option
from .scenarios import TOPICS, Scenario

if TYPE_CHECKING:
    from ..game import Game

__all__ = ["TECHNIQUES", "POSITIONS", "EXAMPLES", "of", "DATA", "NOTICE", "TIE", "answer", "record_of",
           "position_game", "weigh", "scenario_of_record", "find"]

DATA = Path(__file__).resolve().parent / "data" / "pegging_techniques.json"
# The techniques, in the order chapter 11 teaches them: topics of the pegging drill (`scenarios.TOPICS`).
TECHNIQUES = {key: TOPICS[key] for key in ("lead", "trap", "royal", "thirty-one", "for-go", "eleven")}
NOTICE = 0.3  # the tempting card costs at least this much (points a deal) against the strong answer
TIE = 0.05  # a card this close to the best is as good: it is right too


class OptionRecord(TypedDict):
    """A card of a stored position: its value (net points to the end of the play) and why."""

    value: float
    why: str


class TechniqueRecord(TypedDict):
    """A stored position (``data/pegging_techniques.json``; the fields as the chooser writes them)."""

    id: str
    source: str
    technique: str
    example: bool  # the position chapter 11 works through, not asked in the drill
    dealer: int
    seat: int  # the seat to move
    leader: int  # who led this count
    held: list[list[str]]
    laid: list[list[str]]
    pile: list[str]  # this count's cards and "go"s, from the leader
    crib: list[str]
    starter: str
    answer: str
    tempting: str
    tempting_scores: bool
    gap: float
    options: dict[str, OptionRecord]
    note: str


def position_game(record: TechniqueRecord) -> Game:
    """The position as a game at that moment of the play (nothing pegged, the scores 0 to 0)."""
    from ..game.script import play_scenario

    return play_scenario(record["held"], record["pile"], record["starter"], laid=record["laid"],
                         leader=record["leader"], crib=record["crib"], dealer=record["dealer"])


def weigh(game: Game, seat: int) -> dict[Card, float]:
    """Each card's value for ``seat`` to move, as our strongest computer player weighs it: net
    points to the end of the play over the hands the other player could hold, read from what it
    kept and laid (`lookahead.play_values` on `players.look_ahead_view`)."""
    from ..strategy.lookahead import play_values
    from ..strategy.players import look_ahead_view

    return play_values(**look_ahead_view(game, seat))


@cache
def _records() -> tuple[TechniqueRecord, ...]:
    data: dict[str, Any] = json.loads(DATA.read_text(encoding="utf-8"))  # written by the chooser
    return tuple(data["positions"])


def _plays(record: TechniqueRecord) -> tuple[str, ...]:
    """The count's cards in strict turns from its leader, a ``GO`` for each turn a player could not
    lay (the drill's way of writing a play), up to the turn of the seat to move."""
    seat, leader = record["seat"], record["leader"]
    plays: list[str] = []
    turn = leader
    for entry, by in zip(record["pile"], _seats(record), strict=True):
        while by != turn:
            plays.append("GO")
            turn = 1 - turn
        plays.append("GO" if entry == "go" else entry)
        turn = 1 - turn
    while turn != seat:
        plays.append("GO")
        turn = 1 - turn
    return tuple(plays)


def _seats(record: TechniqueRecord) -> list[int]:
    """Who laid each entry of the count (the engine's go rule, from the cards held as it began)."""
    from ..game.begin import pile_seats

    in_hand = [4 - len(record["laid"][s]) for s in (0, 1)]
    return pile_seats(record["pile"], record["leader"], in_hand)


def _story(record: TechniqueRecord) -> str:
    """Everything the learner could know at the table, in words (read aloud as it is)."""
    seat = record["seat"]
    crib = parse_cards(record["crib"])
    thrown = crib[2:] if record["dealer"] == seat else crib[:2]
    whose = "You dealt, so the crib is yours" if record["dealer"] == seat else \
        "Your opponent dealt, so the crib is theirs"
    said = [f"{whose}; you threw {_named(thrown)}. The starter is the "
            f"{Card.parse(record['starter']).name}."]
    mine, theirs = parse_cards(record["laid"][seat]), parse_cards(record["laid"][1 - seat])
    if mine or theirs:
        parts = ([f"you {_named(mine)}"] if mine else []) + \
            ([f"your opponent {_named(theirs)}"] if theirs else [])
        said.append(f"Laid before this count: {join_words(parts)}.")
    held = len(record["held"][1 - seat])
    said.append(f"Your opponent holds {plural(held, 'card')}.")
    return " ".join(said)


def _named(cards: Sequence[Card]) -> str:
    """``the jack of spades and the king of clubs``."""
    return join_words([f"the {c.name}" for c in cards])


def scenario_of_record(record: TechniqueRecord) -> Scenario:
    """The drill's question for a stored position."""
    seat = record["seat"]
    seats = ("You", "Opponent") if record["leader"] == seat else ("Opponent", "You")
    title = TECHNIQUES[record["technique"]]
    return Scenario(record["technique"], title, _plays(record), _story(record), ask="strong",
                    hand=tuple(record["held"][seat]), seats=seats)


@cache
def _positions() -> tuple[tuple[Scenario, TechniqueRecord], ...]:
    return tuple((scenario_of_record(r), r) for r in _records())


def record_of(scenario: Scenario) -> TechniqueRecord:
    """The stored position a "strong" question asks (a `CribbageError` if none does)."""
    for known, record in _positions():
        if known.plays == tuple(scenario.plays) and known.hand == tuple(scenario.hand):
            return record
    raise CribbageError("this play is not one of the technique drill's positions: it asks only the "
                        "positions chosen for chapter 11")


def find(plays: Sequence[str], hand: Sequence[str]) -> Scenario:
    """The stored question with these plays and this hand (a `CribbageError` if none)."""
    for known, _ in _positions():
        if known.plays == tuple(plays) and known.hand == tuple(hand):
            return known
    raise CribbageError(f"no technique position has the plays {' '.join(plays) or '(none)'} and the hand "
                        f"{' '.join(hand)}: the technique drill asks only the positions chosen for "
                        "chapter 11")


def answer(scenario: Scenario) -> Answer:
    """The `pegging_answer.Answer` of a "strong" question: each card's value and reason, from the store."""
    record = record_of(scenario)
    options: list[Option] = []
    for text in scenario.hand:
        option = record["options"].get(text)
        if option is None:
            options.append((Card.parse(text), None, ("cannot be laid: it would pass 31",)))
        else:
            options.append((Card.parse(text), option["value"], (option["why"],)))
    best = max(v for _, v, _ in options if v is not None)
    return Answer(None, best, (), tuple(options), tie=TIE, note=record.get("note", ""))


# The drill's questions; and per technique the position chapter 11 works through as its example.
# (none before the chooser has written the file: it imports this module)
_STORED = _positions() if DATA.is_file() else ()
POSITIONS: tuple[Scenario, ...] = tuple(s for s, r in _STORED if not r["example"])
EXAMPLES: dict[str, Scenario] = {s.topic: s for s, r in _STORED if r["example"]}


def of(*techniques: str) -> tuple[Scenario, ...]:
    """The drill's questions of the given techniques (see `TECHNIQUES`), in the stored order."""
    unknown = [t for t in techniques if t not in TECHNIQUES]
    if unknown or not techniques:
        raise CribbageError(f"{', '.join(map(repr, unknown)) or 'no technique'} given: name one or more of "
                            f"{', '.join(TECHNIQUES)}")
    return tuple(s for s in POSITIONS if s.topic in techniques)
