"""The game engine: every rule and variant of cribbage as one state machine.

A player picks one of ``game.legal_moves()``; ``game.apply(move)`` checks it, changes the state
and returns the events it caused. See `Game` for how an explicit deck is dealt.

>>> game = Game(Rules(players=3), seed=1, dealer=0)
>>> game.phase, [len(h) for h in game.hands], len(game.crib)
('discard', [5, 5, 5], 1)
"""

from .deal import stack_deck
from .engine import PHASES, Game
from .events import Event
from .kinds import AnswerKind, ChangeKind, CountOutcome, EventKind, Part, Phase
from .moves import ANSWER_KINDS, Announce, Answer, Discard, Go, Move, Play
from .result import GameResult
from .rules import Rules
from .script import play_scenario, run_script, scenario, show_scenario
from .setup import Setup, Start
from .show import Counting

__all__ = [
    "ANSWER_KINDS",
    "PHASES",
    "Announce",
    "AnswerKind",
    "ChangeKind",
    "CountOutcome",
    "EventKind",
    "Part",
    "Phase",
    "Answer",
    "Counting",
    "Discard",
    "Event",
    "Game",
    "GameResult",
    "Go",
    "Move",
    "Play",
    "Rules",
    "Setup",
    "Start",
    "play_scenario",
    "run_script",
    "scenario",
    "show_scenario",
    "stack_deck",
]
