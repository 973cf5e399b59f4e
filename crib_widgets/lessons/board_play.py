"""Playing to the board, to practise: who gets home first, offence or defence, and what to throw and
lay late in a game (chapter 12).

Four kinds of question, each a position chosen for what it teaches (``data/board_positions.json``,
written by ``scripts/choose_board_positions.py``, which checks every answer with the strategy
package):

- ``home``: both scores, who deals, what each side pegs in the play and what each hand and the crib
  count. Who gets home first? The counting order decides: the pone's hand, then the dealer's hand,
  then the crib (`home_order`).
- ``seat``: who dealt first and the score at the start of a deal. Offence (play on) or defence
  (play off)? Colvert's Twenty-Six: an average deal gives the dealer 16 and the pone 10; play every
  deal from here at that par and see who gets home first (`par_home`). The one who does is "on
  position" and plays defence; the other plays offence. At 0-0 the first dealer gets home first,
  so the first pone plays offence from the first card and the first dealer defence.
- ``throw``: six cards late in a game as the pone (fourth street). Judged by
  `discard_trainer.DiscardQuestion`, the strongest computer player's throw at that score; the
  answer is kept under the discard trainer's lesson, so Practise my mistakes asks it again there.
- ``play``: your hand, the cards laid so far and the score: which card do you lay? The answer is
  the strongest computer player's card (`strategy.players.Expert`, which near the end solves each
  imagined deal to the end of its show: who counts out first), stored with each card's value.

`BoardPlay` asks them, judges only when asked (`check`), once, and records each answer as an
`AnswerRecord` (lesson `LESSON`, skill `SKILL`; a throw under the discard trainer's), so a wrong
answer goes to the deck of mistakes.

>>> q = BoardQuestion(find("seat", first="me", deal=1, scores=(0, 0)))
>>> q.answer_key, q.option_words("defence")
('defence', 'Play off (defence)')
>>> par_home((0, 0), i_deal=True).first
'me'
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any

from ..cards import Card, parse_cards
from ..errors import CribbageError
from ..game.kinds import Phase
from ..scoring import hand_total
from ..skills import Skill
from ..words import join_words, plural
from . import checks
from .board_rules import DEALER_PAR, PONE_PAR, TARGET, Par, home_order, par_home
from .discard_trainer import LESSON as THROW_LESSON
from .discard_trainer import DiscardPosition, DiscardQuestion, Verdict
from .position_queue import PositionQueue, toggled
from .record import AnswerRecord

if TYPE_CHECKING:
    from ..game import Game

__all__ = [
    "BoardPlay",
    "BoardQuestion",
    "BoardVerdict",
    "Par",
    "KINDS",
    "KIND_NAMES",
    "LESSON",
    "SKILL",
    "TARGET",
    "DEALER_PAR",
    "PONE_PAR",
    "par_home",
    "home_order",
    "positions",
    "find",
    "play_game",
]

LESSON = "board"
SKILL = Skill.BOARD
KINDS = ("home", "seat", "throw", "play")
# A stored position as its JSON reads (data/board_positions.json): ``kind``, ``text``, ``teaches`` and
# the fields of its kind, checked by the tests of the stored file.
Position = dict[str, Any]
KIND_NAMES = {
    "home": "Who gets home first?",
    "seat": "Offence or defence?",
    "throw": "What to throw near the end",
    "play": "Which card near the end?",
}
_OPTIONS = {
    "home": (("me", "You"), ("them", "The other player"), ("nobody", "Nobody yet: the game goes on")),
    "seat": (("offence", "Play on (offence)"), ("defence", "Play off (defence)")),
}


# ---- the stored positions -----------------------------------------------------------------------
@cache
def positions() -> tuple[Position, ...]:
    """The chapter's chosen positions (``data/board_positions.json``), each a dict with its ``kind``,
    ``text`` (what a record keeps), ``teaches`` and the fields of its kind."""
    text = resources.files(__package__).joinpath("data/board_positions.json").read_text(encoding="utf-8")
    return tuple(json.loads(text)["positions"])


def find(kind: str, **fields: object) -> Position:
    """The stored position of ``kind`` whose fields match (tuples match lists)."""
    for p in positions():
        if p["kind"] == kind and all(_same(p.get(k), v) for k, v in fields.items()):
            return p
    raise CribbageError(f"no stored {kind!r} position has {fields!r}")


def _same(a: object, b: object) -> bool:
    return list(a) == list(b) if isinstance(b, (tuple, list)) and isinstance(a, (tuple, list)) else a == b


def play_game(p: Position) -> Game:
    """The game at a ``play`` position (engine's `Game`, you in seat 0, the throws made and the
    cards laid so far), for the board, the hand and the count, and for the strategy package."""
    from ..game import Discard, Game, Go, Play, Rules
    from ..game.deal import stack_deck

    dealer = 0 if p["seat"] == "dealer" else 1
    deck = stack_deck([p["mine"], p["theirs"]], p["starter"], dealer=dealer)
    game = Game(Rules(), seed=1, deck=deck, dealer=dealer, scores=tuple(p["scores"]))
    for seat, throw in enumerate(p["throws"]):
        game.apply(Discard(seat, tuple(parse_cards(throw))))
    for move in p["moves"]:
        turn = game.whose_turn
        if turn is None:
            raise CribbageError(f"the stored play position {p['text']!r} has moves after the game ended")
        game.apply(Go(turn) if move == "go" else Play(turn, Card.parse(move)))
    if game.phase != Phase.PLAY or game.whose_turn != 0:
        raise CribbageError(f"the stored play position {p['text']!r} is not your turn in the play")
    return game


# ---- one question -------------------------------------------------------------------------------
@dataclass(frozen=True)
class BoardVerdict:
    """What an answer did: ``right``, the ``given`` answer and the ``answer`` in words, and ``reasons``
    (why, in a player's words, each naming the cards or the scores); ``throw``: the discard trainer's
    verdict for a throw."""

    right: bool
    given: str
    answer: str
    reasons: tuple[str, ...]
    throw: Verdict | None = None

    def summary(self) -> str:
        """One sentence: right or not, and the answer."""
        if self.right:
            return f"Right: {self.answer}."
        return f"Not this time. The answer: {self.answer}."


class BoardQuestion:
    """One stored position, asked: `facts` and `prompt` say it, `options` the choices (a throw is two
    cards, a play one card), `judge` the answer."""

    def __init__(self, position: Position) -> None:
        if not isinstance(position, dict) or position.get("kind") not in KINDS:
            raise CribbageError(
                f"a board question is asked of a stored position, not {checks.shown(position)}"
            )
        self.position = position
        self.kind: str = position["kind"]
        if self.kind == "throw":
            self.discard = DiscardQuestion(DiscardPosition.parse(position["text"]))
            if self.discard.position.scores is None:  # the board is the question: no throw without it
                raise CribbageError(f"a board throw position gives the scores, e.g. '... | pone | score "
                                    f"100-95', not {checks.shown(position['text'])}")
        if self.kind == "play":
            self.game = play_game(position)

    # ---- what the learner sees --------------------------------------------------------------------
    @property
    def scores(self) -> tuple[int, int]:
        """(yours, theirs)."""
        p = self.position
        if "scores" in p:
            mine, theirs = p["scores"]
            return mine, theirs
        scores = self.discard.position.scores
        if scores is None:  # refused when the question was made
            raise RuntimeError("a board throw position without scores")
        return scores

    @property
    def i_deal(self) -> bool:
        """Whether you deal this deal."""
        p = self.position
        if self.kind == "seat":
            return bool((p["first"] == "me") == (p["deal"] % 2 == 1))
        if self.kind == "throw":
            return self.discard.position.dealer
        return bool(p["seat"] == "dealer")

    def facts(self) -> list[str]:
        """The position in sentences, every card named in words."""
        mine, theirs = self.scores
        seat = (
            "You deal: the crib is yours." if self.i_deal else "The other player deals: the crib is theirs."
        )
        said = [f"The score: you {mine}, the other player {theirs} (game at {TARGET}). {seat}"]
        p = self.position
        if self.kind == "home":
            said.append(
                f"In the play you peg {plural(p['pegged'][0], 'point')} and the other player "
                f"{plural(p['pegged'][1], 'point')}. The starter is the {Card.parse(p['starter']).name}."
            )
            shows = self.shows
            said.append(f"Your hand, {_names(p['mine'])}, counts {shows[0]}.")
            said.append(f"Their hand, {_names(p['theirs'])}, counts {shows[1]}.")
            said.append(
                f"The crib ({'yours' if self.i_deal else 'theirs'}), {_names(p['crib'])}, counts {shows[2]}."
            )
        elif self.kind == "seat":
            first = "You" if p["first"] == "me" else "The other player"
            said.insert(0, f"{first} dealt the first deal; deal {p['deal']} is about to start.")
        elif self.kind == "throw":
            said.append(f"You are dealt {_names(self.discard.position.cards)}.")
        else:
            game = self.game
            laid = join_words([c.name for c in game.pile]) if game.pile else "nothing yet: you lead"
            starter = game.starter
            assert starter is not None  # a play position is in the play: the starter is turned
            said.append(f"The starter is the {starter.name}. On the table: {laid} (count {game.count}).")
            said.append(
                f"You hold {_names(game.hands[0])}; the other player holds "
                f"{plural(len(game.hands[1]), 'card')}."
            )
        return said

    def prompt(self) -> str:
        """The question asked."""
        return {
            "home": "Who gets home first?",
            "seat": "Do you play on (offence) or off (defence) this deal?",
            "throw": "Which two do you throw?",
            "play": "Which card do you lay?",
        }[self.kind]

    @property
    def shows(self) -> tuple[int, int, int]:
        """A ``home`` position's counts: your hand, theirs, the crib (the rules engine's)."""
        p = self.position
        starter = Card.parse(p["starter"])
        return (
            hand_total(parse_cards(p["mine"]), starter),
            hand_total(parse_cards(p["theirs"]), starter),
            hand_total(parse_cards(p["crib"]), starter, crib=True),
        )

    def options(self) -> tuple[tuple[str, str], ...]:
        """(key, words) of each choice: who, offence or defence, or each card you may lay ("" for a
        throw: any two cards of the hand)."""
        if self.kind in _OPTIONS:
            return _OPTIONS[self.kind]
        if self.kind == "play":
            room = 31 - self.game.count
            return tuple((str(c), c.name) for c in self.game.hands[0] if c.value <= room)
        return ()

    def option_words(self, key: str) -> str:
        """The words of one choice."""
        return dict(self.options()).get(key, key)

    # ---- the answer -------------------------------------------------------------------------------
    @property
    def answer_key(self) -> str:
        """The right choice: 'me', 'them' or 'nobody'; 'offence' or 'defence'; the best throw's two
        cards; the best card (the first of equal best ranks)."""
        p = self.position
        if self.kind == "home":
            last = home_order(self.scores, tuple(p["pegged"]), self.shows, i_deal=self.i_deal)[-1]
            return last[0] if last[3] >= TARGET else "nobody"
        if self.kind == "seat":
            return "defence" if par_home(self.scores, i_deal=self.i_deal).first == "me" else "offence"
        if self.kind == "throw":
            return " ".join(map(str, self.discard.best.discard))
        return str(p["best"][0])

    def judge(self, given: object) -> BoardVerdict:
        """Judge ``given`` (an option key; two cards for a throw; a card for a play). A choice that is
        not one of the options is a `CribbageError` saying what is allowed."""
        if self.kind == "throw":
            verdict = self.discard.throw(given)
            return BoardVerdict(
                verdict.right,
                verdict.throw.throw_words,
                f"the best throw is the {verdict.best.throw_words} ({verdict.best.names()})",
                (verdict.summary(), *verdict.reasons),
                verdict,
            )
        keys = [k for k, _ in self.options()]
        key = (
            str(Card.parse(given))
            if self.kind == "play" and isinstance(given, (str, Card)) and _is_card(given)
            else given
        )
        if key not in keys:
            allowed = ", ".join(keys)
            raise CribbageError(
                f"{checks.shown(given)} is not one of the choices here: choose one of {allowed}"
            )
        right = key in self.position["best"] if self.kind == "play" else key == self.answer_key
        return BoardVerdict(right, self.option_words(key), self._answer_words(), tuple(self._reasons(key)))

    def _answer_words(self) -> str:
        if self.kind == "play":
            return f"lay the {join_words([Card.parse(c).name for c in self.position['best']], 'or')}"
        return {
            "me": "you get home first",
            "them": "the other player gets home first",
            "nobody": "nobody gets home this deal",
            "offence": "play on (offence)",
            "defence": "play off (defence)",
        }[self.answer_key]

    def _reasons(self, key: str) -> list[str]:
        said = {"home": self._home_reasons, "seat": self._seat_reasons, "play": self._play_reasons}[
            self.kind
        ](key)
        teaches = self.position.get("teaches")
        return [*said, teaches] if teaches else said

    def _home_reasons(self, key: str) -> list[str]:
        p = self.position
        steps = home_order(self.scores, tuple(p["pegged"]), self.shows, i_deal=self.i_deal)
        said = ["The order: first the play, then the pone counts, then the dealer's hand, then the crib."]
        for who, what, points, after in steps:
            name = "You" if who == "me" else "The other player"
            if what == "the play":
                said.append(
                    f"{name} peg{'s' if who == 'them' else ''} {plural(points, 'point')} in the play: "
                    f"{after}."
                )
            else:
                whose = "your" if who == "me" else "their"
                said.append(
                    f"{name} count{'s' if who == 'them' else ''} {whose} {what} ({points}): {after}"
                    + (". Home!" if after >= TARGET else ".")
                )
        if steps[-1][3] < TARGET:
            said.append("Nobody reaches 121 this deal: the game goes on to the next deal.")
        return said

    def _seat_reasons(self, key: str) -> list[str]:
        par = par_home(self.scores, i_deal=self.i_deal)
        mine, theirs = self.scores
        first = par.first
        said = [f"An average deal gives the dealer about {DEALER_PAR} points and the pone about {PONE_PAR}."]
        now = self.position["deal"]
        mine_at, theirs_at = now + par.me - 1, now + par.them - 1
        if par.me == par.them:
            pone = ("you are the pone and count first" if (par.me % 2 == 1) != self.i_deal else
                    "the other player is the pone and counts first")
            said.append(f"Playing every deal from {mine} to {theirs} at that par, you both reach 121 in deal "
                        f"{mine_at}, where {pone}.")
        else:
            said.append(f"Playing every deal from {mine} to {theirs} at that par, you reach 121 in deal "
                        f"{mine_at} and the other player in deal {theirs_at}.")
        if first == "me":
            said.append(
                "So the averages bring you home first: you are on position. Play off: balk the crib if "
                "it is theirs, keep cards that defend in the play, take the safe points and let the "
                "averages work."
            )
        else:
            said.append(
                "So the averages bring the other player home first: you are off position. Play on: keep "
                "the hand with the big chances, take pairs and runs, risk a few points to win more."
            )
        return said

    def _play_reasons(self, key: str) -> list[str]:
        p = self.position
        values = p["values"]
        best = p["best"][0]
        said = [
            f"Our strongest computer player lays the {Card.parse(best).name}: of the cards you can lay, it "
            "gives you the best chance of winning the game from here."
        ]
        if key not in p["best"]:
            said.append(
                f"Your {Card.parse(key).name} gives a smaller chance: it leaves the other player more "
                "ways to get home first."
            )
        worst = min(values, key=values.get)
        if worst != key and worst not in p["best"]:
            said.append(f"Worst here: the {Card.parse(worst).name}.")
        return said


def _is_card(text: object) -> bool:
    try:
        Card.parse(text)
    except CribbageError:
        return False
    return True


def _names(cards: object) -> str:
    return join_words([c.name for c in parse_cards(cards)])


# ---- the trainer --------------------------------------------------------------------------------
class BoardPlay(PositionQueue[Position]):
    """The chapter's board practice: the stored positions of one kind (``kind``, a key of `KINDS`, or
    None for all), shuffled (the same for the same ``seed``; ``shuffle=False`` keeps the stored
    order).

    Choose (`choose`: an option key, a card, or a card of two for a throw), then `check` judges the
    choice (only when asked, once: a question answered stays answered); `reveal` shows the answer
    (the question counts as not right). Every answer adds one `AnswerRecord` to ``records``.

    State: ``question``, ``index`` in ``queue``, ``chosen``, ``verdict``, ``done``, ``records``, ``tally``.
    """

    def __init__(
        self,
        chosen: Iterable[Position] | None = None,
        *,
        kind: str | None = None,
        shuffle: bool = True,
        seed: int | random.Random | None = 0,
    ) -> None:
        pool = positions() if chosen is None else tuple(chosen)
        if not pool:
            raise CribbageError("the board practice needs at least one position")
        super().__init__(pool, shuffle=shuffle, seed=seed)
        self.select(kind)

    @classmethod
    def from_position(cls, text: object) -> BoardPlay:
        """The practice that asks again the stored position a record's ``position`` names (Practise my
        mistakes); a text that names none is a `CribbageError`."""
        found = [p for p in positions() if p["text"] == text]
        if not found:
            raise CribbageError(f"{checks.shown(text)} is not one of chapter 12's board positions")
        return cls(found, shuffle=False)

    def select(self, kind: str | None) -> None:
        """Ask one kind's positions (None for all), from the first."""
        if kind is not None and kind not in KINDS:
            raise CribbageError(
                f"kind {checks.shown(kind)} is not known: use one of {', '.join(KINDS)} or None"
            )
        queue = [p for p in self.all_positions if kind is None or p["kind"] == kind]
        self.fill(queue, f"no position of the kind {kind!r} was given")
        self.kind = kind

    def _ask(self) -> None:
        self.question = BoardQuestion(self.position)
        self.chosen: tuple[str, ...] = ()
        self.verdict: BoardVerdict | None = None
        self.done = False

    def heading(self) -> str:
        """What the question is and where it stands: ``Who gets home first? · 3 of 22``."""
        return f"{KIND_NAMES[self.question.kind]} · {self.where}"

    def prompt(self) -> str:
        """The whole question in words (for screen readers and Practise my mistakes)."""
        return " ".join([*self.question.facts(), self.question.prompt()])

    # ---- answering ----------------------------------------------------------------------------
    def choose(self, choice: object) -> tuple[str, ...]:
        """Choose an option (a throw: toggle a card, two at most, a third replacing the first chosen);
        the choice so far."""
        self._open()
        q = self.question
        if q.kind == "throw":
            card = str(Card.parse(choice))
            if card not in map(str, q.discard.position.cards):
                raise CribbageError(f"the {Card.parse(choice).name} is not in your hand")
            self.chosen = toggled(self.chosen, card)
            return self.chosen
        key = str(Card.parse(choice)) if q.kind == "play" and _is_card(choice) else choice
        keys = [k for k, _ in q.options()]
        if key not in keys:
            raise CribbageError(
                f"{checks.shown(choice)} is not one of the choices here: choose one of {', '.join(keys)}"
            )
        self.chosen = (key,)
        return self.chosen

    def clear(self) -> None:
        """Release the choice (nothing chosen)."""
        self._open()
        self.chosen = ()

    def check(self) -> BoardVerdict:
        """Judge the choice, once. Nothing chosen (or one card of a throw), or a position already
        answered, is a `CribbageError` saying what to do, and nothing is recorded."""
        self._open()
        q = self.question
        need = 2 if q.kind == "throw" else 1
        if len(self.chosen) != need:
            what = "two cards to throw" if need == 2 else ("a card" if q.kind == "play" else "an answer")
            raise CribbageError(f"choose {what} first, then press Check")
        verdict = q.judge(" ".join(self.chosen) if need == 2 else self.chosen[0])
        self._finish(verdict, hinted=False, given=" ".join(self.chosen))
        return verdict

    def reveal(self) -> BoardVerdict:
        """Show the answer with its reasons; a position not yet answered counts as answered wrong."""
        q = self.question
        verdict = q.judge(q.answer_key)
        if not self.done:
            self._finish(
                BoardVerdict(False, "", verdict.answer, verdict.reasons, verdict.throw), hinted=True, given=""
            )
        self.verdict = verdict
        return verdict

    def _finish(self, verdict: BoardVerdict, *, hinted: bool, given: str) -> None:
        self.verdict, self.done = verdict, True
        self._firsts.append(verdict.right)
        q = self.question
        lesson, skill = (THROW_LESSON, Skill.DISCARDS) if q.kind == "throw" else (LESSON, SKILL)
        self.records.append(
            AnswerRecord(lesson, skill, verdict.right, 1, hinted, self.position["text"], given)
        )
