"""`Setup`: how a game began (everything but its moves), the public value a save writes down;
and `Start`, a lesson's moment to begin at (the show, or the middle of the play).

>>> from crib_widgets.game import Game
>>> g = Game(seed=4, dealer=1, names=("Ann", "Ben"))
>>> g.setup.dealer, g.setup.names, g.setup.scores
(1, ('Ann', 'Ben'), (0, 0))
>>> Game(**g.setup.options()).hands == g.hands
True
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..cards import Card, parse_cards
from ..errors import CribbageError
from .rules import Rules

__all__ = ["Setup", "Start", "CUT"]

CUT = "cut"  # the save's word for "the first dealer was found by cutting"


@dataclass(frozen=True, slots=True)
class Start:
    """A moment to begin the first deal at, for lessons: its cards are given, its scores are
    the game's starting ``scores``, and nothing before it is pegged (not even his heels).

    - ``at="show"``: ``kept`` (4 cards per seat), ``crib`` (4 cards) and ``starter``; the hands
      are counted at once (with Muggins the first owner is asked to announce).
    - ``at="play"``: ``held`` (cards each seat still holds), ``laid`` (cards each seat laid in
      earlier counts of this play), ``pile`` (this count in turn order from ``leader``: cards and
      ``"go"``), ``crib`` and ``starter``. Each seat's ``laid`` + its pile cards + ``held`` is the
      4-card hand it keeps for the show. The pile is laid by the engine's own rules (its turns
      and go), pegging nothing.
    """

    at: str
    starter: Card
    crib: tuple[Card, ...]
    kept: tuple[tuple[Card, ...], ...] = ()
    held: tuple[tuple[Card, ...], ...] = ()
    laid: tuple[tuple[Card, ...], ...] = ()
    pile: tuple[Card | str, ...] = ()
    leader: int | None = None

    def to_dict(self) -> dict[str, Any]:
        """The moment as plain JSON-ready values (card text)."""
        def hands(h: tuple[tuple[Card, ...], ...]) -> list[list[str]]:
            return [[str(c) for c in cards] for cards in h]

        data: dict[str, Any] = {"at": self.at, "starter": str(self.starter),
                                "crib": [str(c) for c in self.crib]}
        if self.at == "show":
            data["kept"] = hands(self.kept)
        else:
            data.update(held=hands(self.held), laid=hands(self.laid), leader=self.leader,
                        pile=[e if isinstance(e, str) else str(e) for e in self.pile])
        return data

    @classmethod
    def from_dict(cls, data: object) -> Start:
        """Read `to_dict` output (or a hand-written dict); errors name the field and what is allowed."""
        if isinstance(data, Start):
            return data
        if not isinstance(data, dict):
            raise CribbageError(f"start must be a dict such as {{'at': 'show', ...}}, "
                                f"got {type(data).__name__}")
        at = data.get("at")
        if at not in ("show", "play"):
            raise CribbageError(f"start 'at' is {at!r}: use 'show' or 'play'")
        own = {"kept"} if at == "show" else {"held", "laid", "pile", "leader"}
        allowed = {"at", "starter", "crib"} | own
        unknown = sorted(set(data) - allowed)
        if unknown:
            raise CribbageError(f"start at the {at} takes {', '.join(sorted(allowed))}; "
                                f"not {', '.join(unknown)}")
        for key in sorted(allowed - {"laid", "leader", "pile"}):
            if data.get(key) is None:
                raise CribbageError(f"start at the {at} needs {key!r}")
        starter = Card.parse(data["starter"])
        crib = tuple(parse_cards(data["crib"]))
        if at == "show":
            return cls("show", starter, crib, kept=_hands(data["kept"], "kept"))
        pile = tuple(_pile_entry(e) for e in _listed(data.get("pile") or (), "pile"))
        leader = data.get("leader")
        if leader is not None and (type(leader) is not int or leader < 0):
            raise CribbageError(f"start 'leader' must be a seat number, got {leader!r}")
        held = _hands(data["held"], "held")
        laid = _hands(data["laid"], "laid") if data.get("laid") is not None else ((),) * len(held)
        return cls("play", starter, crib, held=held, laid=laid, pile=pile, leader=leader)


def _json(value: object) -> str:
    """A save's value as it is written in the save (null, not None), cut short."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _listed(value: object, name: str) -> list[object]:
    if isinstance(value, str) or not isinstance(value, Sequence):
        raise CribbageError(f"start {name!r} must be a list, got {value!r}")
    return list(value)


def _hands(value: object, name: str) -> tuple[tuple[Card, ...], ...]:
    return tuple(tuple(parse_cards(h)) for h in _listed(value, name))


def _pile_entry(entry: object) -> Card | str:
    if isinstance(entry, str) and entry.strip().lower() == "go":
        return "go"
    return Card.parse(entry)


@dataclass(frozen=True, slots=True)
class Setup:
    """How a game began: everything but its moves. ``Game(**setup.options())`` starts it again.

    ``rules`` as asked for (`Game.rules` is them as played); ``decks`` the explicit decks of the
    first deals (52 cards each, empty when every deal is shuffled from ``seed``); ``dealer`` the
    first dealer's seat, or None when everyone cut for it, from the seed or from the stacked
    ``cut`` (one tuple of cards per round, seats in order, ties cut again); ``scores`` and
    ``names`` as the game began; ``start`` a lesson's moment (see `Start`) or None.
    """

    rules: Rules
    seed: int
    decks: tuple[tuple[Card, ...], ...]
    dealer: int | None
    scores: tuple[int, ...]
    names: tuple[str, ...]
    cut: tuple[tuple[Card, ...], ...] | None = None
    start: Start | None = None

    def options(self) -> dict[str, Any]:
        """Keyword arguments for `Game` that start this game again."""
        return {"rules": self.rules, "seed": self.seed, "deck": [list(d) for d in self.decks] or None,
                "dealer": self.dealer, "scores": self.scores, "names": self.names, "cut": self.cut,
                "start": self.start}

    def to_dict(self) -> dict[str, Any]:
        """The setup as JSON-ready values; no field is null (a cut dealer is written ``"cut"``).

        ``cut`` and ``start`` are written only when given."""
        data: dict[str, Any] = {
            "rules": self.rules.to_dict(), "seed": self.seed,
            "decks": [[str(c) for c in d] for d in self.decks],
            "dealer": CUT if self.dealer is None else self.dealer,
            "scores": list(self.scores), "names": list(self.names)}
        if self.cut is not None:
            data["cut"] = [[str(c) for c in r] for r in self.cut]
        if self.start is not None:
            data["start"] = self.start.to_dict()
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> dict[str, Any]:
        """`Game` keyword arguments from `to_dict` output, refusing nulls and wrong types with an
        error naming the field and what is allowed."""
        rules = Rules.from_dict(data["rules"])
        players, sides = rules.players, rules.sides
        names, scores, decks, dealer = data["names"], data["scores"], data["decks"], data["dealer"]
        if not isinstance(names, list) or len(names) != players or not all(isinstance(n, str) for n in names):
            raise CribbageError(f"'names' is {_json(names)}: it must be a list of {players} names, "
                                "one per seat")
        if not isinstance(scores, list) or len(scores) != sides or not all(type(s) is int for s in scores):
            raise CribbageError(f"'scores' is {_json(scores)}: it must be a list of {sides} whole numbers, "
                                "one per side")
        if not isinstance(decks, list) or not all(isinstance(d, list) for d in decks):
            raise CribbageError(f"'decks' is {_json(decks)}: it must be a list of decks (lists of card "
                                "text), [] when every deal is shuffled from the seed")
        if dealer != CUT and (type(dealer) is not int or not 0 <= dealer < players):
            raise CribbageError(f"'dealer' is {_json(dealer)}: it must be a seat 0 to {players - 1}, "
                                f"or {CUT!r} when the players cut for the first deal")
        cut = data.get("cut")
        if "cut" in data and not isinstance(cut, list):
            raise CribbageError(f"'cut' is {_json(cut)}: it must be a list of rounds of cut cards")
        start = data.get("start")
        if "start" in data and not isinstance(start, dict):
            raise CribbageError(f"'start' is {_json(start)}: it must be a dict such as {{'at': 'show', ...}}")
        return {"rules": rules, "seed": data["seed"], "deck": decks or None,
                "dealer": None if dealer == CUT else dealer, "scores": scores, "names": names,
                "cut": cut, "start": None if start is None else Start.from_dict(start)}
