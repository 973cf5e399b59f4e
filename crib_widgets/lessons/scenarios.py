"""The pegging drill's scenarios: card sequences only. Every answer is computed by the engine.

A scenario is a play in turn order since the count was last 0, with ``"GO"`` where a player says
go. It asks what the last card laid scores (``ask="last"``), which card of ``hand`` scores most if
laid now (``ask="best"``), or which card is worth most once the next player's best answer is
weighed (``ask="safest"``, judged by the expert computer player's look-ahead), or which card a
strong player lays (``ask="strong"``: chapter 11's technique positions, `techniques`, answered
from their stored figures).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import CribbageError

__all__ = ["Scenario", "SCENARIOS", "TOPICS", "ASKS", "PLAY_TO_31"]

ASKS = ("last", "best", "safest", "strong")

TOPICS = {
    "runs": "Runs in any order",
    "sets": "Pairs, three and four of a kind",
    "15-31": "Fifteen and 31 with more on the same card",
    "go": "Go and the last card",
    "best": "Which card scores most?",
    "safe": "Which card gives least away?",
    # chapter 11's play techniques (`techniques`): which card a strong player lays, and why
    "lead": "Safe leads",
    "trap": "Traps and runs",
    "royal": "Pairing and the pair royal",
    "thirty-one": "Counting down to 31",
    "for-go": "Playing for the go and the last card",
    "eleven": "The Magic Eleven",
}


@dataclass(frozen=True)
class Scenario:
    """One drill question; ``seats`` names the players in turn order starting with the leader."""

    topic: str
    title: str
    plays: tuple[str, ...]
    story: str = ""
    players: int = 2
    final: bool = False
    ask: str = "last"
    hand: tuple[str, ...] = ()
    seats: tuple[str, ...] = ("You", "Opponent")

    def __post_init__(self) -> None:
        # CribbageError (a ValueError) like every bad input; types first, so nothing fails deeper in
        if not isinstance(self.topic, str) or self.topic not in TOPICS:
            raise CribbageError(f"topic {self.topic!r} is not one of {', '.join(TOPICS)}")
        if not isinstance(self.ask, str) or self.ask not in ASKS:
            raise CribbageError(f"ask {self.ask!r} must be 'last', 'best', 'safest' or 'strong'")
        if isinstance(self.players, bool) or self.players not in (2, 3, 4):
            raise CribbageError(f"{self.title}: players {self.players!r} must be 2, 3 or 4")
        for field in ("plays", "hand", "seats"):
            value = getattr(self, field)
            if not isinstance(value, (tuple, list)):
                raise CribbageError(f"{self.title}: {field} must be a tuple of texts, got {value!r}")
        if len(self.seats) != self.players:
            raise CribbageError(f"{self.title}: name {self.players} seats, got {len(self.seats)}")
        if self.ask != "last" and self.seats[len(self.plays) % self.players] != "You":
            raise CribbageError(f"{self.title}: a '{self.ask}' question is asked when it is You's turn")


_S = Scenario

SCENARIOS: tuple[Scenario, ...] = (
    _S("runs", "A run laid out of order", ("3S", "5D", "4C"),
       "The three cards need not come in order: only the last cards count, in any order."),
    _S("runs", "A run of four, shuffled", ("6H", "8C", "5D", "7S"), seats=("Opponent", "You")),
    _S("runs", "A broken run healed", ("2C", "3D", "2H", "4S"),
       "The second 2 broke the run 2-3; look only at the last three cards."),
    _S("runs", "A card in between", ("3D", "4C", "9H", "5S"),
       "The 9 sits between the 3-4 and the 5.", seats=("Opponent", "You")),
    _S("runs", "A run of five", ("AC", "3D", "5H", "2S", "4C")),
    _S("sets", "A pair", ("8H", "8C"), seats=("Opponent", "You")),
    _S("sets", "Three of a kind (pair royal)", ("4S", "4H", "4D")),
    _S("sets", "Four of a kind (double pair royal)", ("2C", "2D", "2H", "2S"), seats=("Opponent", "You")),
    _S("sets", "A pair split by another card", ("9C", "6D", "9H"),
       "A pair only scores with the card laid just before it."),
    _S("15-31", "Fifteen and three of a kind", ("5S", "5H", "5C")),
    _S("15-31", "Fifteen and a run", ("4D", "6S", "5C")),
    _S("15-31", "Thirty-one and a pair", ("10S", "KD", "3C", "4H", "4D"), seats=("Opponent", "You")),
    _S("15-31", "Thirty-one and a run", ("10C", "9D", "3H", "4S", "5D")),
    _S("go", "A run and the go", ("10H", "JC", "9D", "GO", "GO"),
       "Your opponent says go, and you have nothing left that fits under 31 either."),
    _S("go", "The last card of the play", ("7S", "8D"),
       "These are the last two cards of the whole play.", seats=("Opponent", "You"), final=True),
    _S("go", "Thirty-one with the last card", ("KS", "QD", "6C", "5H"),
       "This is also the last card of the play.", final=True, seats=("Opponent", "You")),
    _S("go", "Go with three players", ("10C", "9H", "8D", "GO", "GO", "3C", "GO", "GO", "GO"),
       "Right lays the 8; You and Left say go; Right may lay again, then nobody can play.",
       players=3, seats=("You", "Left", "Right")),
    _S("go", "Two players keep going after a go", ("9S", "KH", "GO", "4C", "3D", "GO", "GO", "GO"),
       "Left says go, so Right and You play on while you can.", players=3, seats=("Right", "You", "Left")),
    _S("best", "Which card scores most?", ("5H", "6C"), ask="best", hand=("4S", "4D", "7H", "KC")),
    _S("best", "Make the most of a pair", ("7C", "7D"), ask="best", hand=("AS", "7H", "9D", "10C")),
    _S("best", "Reach 31", ("KS", "QD", "5C"), ask="best", hand=("6H", "8C", "2S", "3D"),
       seats=("Opponent", "You")),
    _S("best", "Two ways to make a run", ("9S", "10D"), ask="best", hand=("JC", "2H", "8S", "4D")),
    _S("best", "Three players: your turn", ("6D", "8S"), ask="best", hand=("7C", "QH", "3S", "AS"),
       players=3, seats=("Left", "Right", "You")),
    _S("safe", "The safest lead", (), "You lead: the count is 0 and your opponent holds four cards.",
       ask="safest", hand=("5H", "4C", "KS", "9D")),
    _S("safe", "Keep away from 21", ("6C", "5D"), "Ten-cards are the commonest: what does each card leave?",
       ask="safest", hand=("10H", "3S", "8D", "AC")),
    _S("safe", "Don't set up a run or a fifteen", ("7C",),
       "Your opponent led a 7. Which card leaves them no run and no fifteen to answer with?",
       ask="safest", hand=("5S", "JH", "AS", "9S"), seats=("Opponent", "You")),
)

# Each chapter's drill asks its own questions (issue 36), so a learner never meets one twice: the
# play to 31 asks the two-player questions of what a card scores and which scores most; pegging well
# (chapter 11) asks which card a strong player lays, in the technique positions of `techniques`.
# tests/test_chapter_pools.py checks that no question is in two chapters' drills.
PLAY_TO_31: tuple[Scenario, ...] = tuple(s for s in SCENARIOS if s.players == 2 and s.topic != "safe")
