"""A discard position (six cards, a seat and the score) and one throw of it: what the score asks of
the throw near the end of a game. `discard_trainer` weighs and asks them; `discard_reasons` words why."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..cards import Card, parse_cards
from ..errors import CribbageError
from ..scoring import MAX_HAND_SCORE
from ..words import join_words
from . import checks

if TYPE_CHECKING:
    from ..strategy.discard import DiscardOption

# a throw weighed: the strategy package's option, its play estimate (as it counts) and its value
Row = tuple["DiscardOption", float, float]

TARGET = 121
LESSON_TAGS: dict[str, str] = {
    "keep-the-hand": "Keep the hand first: some keeps are too good to break up",
    "dealer-feeds": "Your own crib: feed it fives, pairs and touching cards",
    "pone-balks": "The dealer's crib: balk it with cards far apart",
    "pone-keeps-fives": "The dealer's crib: never give it a five",
    "close-call": "A close call: two throws a fraction of a point apart",
    "crib-decides": "When the hands are close, the crib decides",
    "play-decides": "When hand and crib are close, the play decides",
    "flush-keep": "A flush worth keeping",
    "flush-trap": "A flush not worth keeping",
    "fourth-street": "The score changes the throw (fourth street)",
}



# ---- a position ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class DiscardPosition:
    """Six dealt cards, the seat (``dealer`` True: the crib is yours) and the ``scores`` (yours,
    theirs) or None when the score is far from the end; ``lesson`` is the tag it was chosen for
    (a key of `LESSON_TAGS`, or "" for a throw from a game)."""

    cards: tuple[Card, ...]
    dealer: bool
    scores: tuple[int, int] | None = None
    lesson: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", tuple(_six(self.cards)))
        checks.flag("dealer", self.dealer)
        if self.scores is not None:
            if not isinstance(self.scores, (tuple, list)) or len(self.scores) != 2:
                raise CribbageError(f"scores {checks.shown(self.scores)} are not allowed: give (yours, "
                                    "theirs), e.g. (110, 112), or None")
            mine, theirs = (checks.whole("a score", s, 0, TARGET - 1) for s in self.scores)
            object.__setattr__(self, "scores", (mine, theirs))
        if self.lesson and self.lesson not in LESSON_TAGS:
            raise CribbageError(f"lesson {checks.shown(self.lesson)} is not one of the trainer's: use one of "
                                f"{', '.join(LESSON_TAGS)}")

    @property
    def text(self) -> str:
        """The position as a record keeps it: ``"5H 5D JS 4C 6C KD | pone | score 110-112"`` (yours
        first; no score part when the score does not matter), the game table's format plus the score."""
        text = f"{' '.join(map(str, self.cards))} | {'dealer' if self.dealer else 'pone'}"
        return text if self.scores is None else f"{text} | score {self.scores[0]}-{self.scores[1]}"

    @classmethod
    def parse(cls, text: object, lesson: str = "") -> DiscardPosition:
        """A position back from `text` (a game table's two-player throw reads too); anything else is
        a `CribbageError` saying how a position is written."""
        how = "a throw is written as six cards, then '| dealer' or '| pone', e.g. '5H 5D JS 4C 6C KD | pone'"
        if not isinstance(text, str) or len(text) > 80:
            raise CribbageError(f"{checks.shown(text)} is not a throw's position: {how}")
        parts = [p.strip() for p in text.split("|")]
        if len(parts) not in (2, 3) or parts[1] not in ("dealer", "pone"):
            raise CribbageError(f"{checks.shown(text)} is not a two-player throw's position: {how}")
        scores = None
        if len(parts) == 3:
            mine, dash, theirs = parts[2].removeprefix("score ").partition("-")
            if not (parts[2].startswith("score ") and dash and mine.isascii() and mine.isdigit()
                    and theirs.isascii() and theirs.isdigit() and len(mine) < 4 and len(theirs) < 4):
                raise CribbageError(f"{checks.shown(parts[2])} is not a score: write it 'score 110-112', "
                                    "yours first")
            scores = (int(mine), int(theirs))
        return cls(tuple(parse_cards(parts[0])), parts[1] == "dealer", scores, lesson)

    def to_dict(self) -> dict[str, object]:
        """Plain JSON values, as the data file holds them."""
        return {"position": self.text, "lesson": self.lesson}

    @classmethod
    def from_dict(cls, data: object) -> DiscardPosition:
        """A position from `to_dict`'s values."""
        if not isinstance(data, dict) or set(data) != {"position", "lesson"}:
            raise CribbageError("a stored position has the fields position and lesson, got "
                                f"{checks.shown(data)}")
        return cls.parse(data["position"], data["lesson"])


def _six(cards: object) -> list[Card]:
    try:
        hand = parse_cards(cards)
    except CribbageError as error:
        raise CribbageError(f"the dealt cards are not six different cards: {error}") from None
    if len(hand) != 6:
        raise CribbageError(f"the trainer deals six cards (two players), not {len(hand)}")
    return hand


def score_applies(position: DiscardPosition) -> bool:
    """Whether the score changes the strongest computer player's throw rule here: the pone (who
    counts first) near the end, with the dealer close enough to go out this deal
    (`strategy.players.Expert`: the same need and reach it uses)."""
    from ..strategy.players import DEALER_REACH, PONE_PEGGING

    if position.scores is None or position.dealer:
        return False
    mine, theirs = position.scores
    need = TARGET - mine - PONE_PEGGING
    return 0 < need <= MAX_HAND_SCORE and TARGET - theirs <= DEALER_REACH


def count_out_keep(position: DiscardPosition) -> DiscardOption | None:
    """The throw the strongest computer player makes for the score here when the score decides it
    (the keep most likely to count out, `strategy.players.count_out_keep`, the expert's own rule),
    as a `DiscardOption`; None when it throws as usual (far from the end, as the dealer, or when
    every keep counts out as often). The trainer ranks the throws by it."""
    if not score_applies(position):
        return None
    from ..strategy.discard import advise_discard
    from ..strategy.players import count_out_keep as expert_keep

    options = advise_discard(position.cards, dealer=False, explain=False)
    keep: DiscardOption | None = expert_keep(options, show_need(position))
    return keep


def count_out_choice(position: DiscardPosition) -> DiscardOption | None:
    """`count_out_keep` when it is not the best throw by hand and crib: the score changes the
    strongest computer player's throw from the one it makes by the averages (None otherwise)."""
    keep = count_out_keep(position)
    if keep is None:
        return None
    from ..strategy.discard import advise_discard

    return None if keep == advise_discard(position.cards, dealer=False, explain=False)[0] else keep


def starters_reaching(option: DiscardOption, need: int) -> int:
    """Starters with which the kept hand counts ``need`` or more."""
    return sum(n for score, n in option.hand_counts if score >= need)


def show_need(position: DiscardPosition) -> int:
    """Points the pone's hand must count to go out, after the few it pegs in an average play."""
    from ..strategy.players import PONE_PEGGING

    assert position.scores is not None
    return TARGET - position.scores[0] - PONE_PEGGING


@dataclass(frozen=True)
class Throw:
    """One of the 15 throws: the cards thrown and kept, the kept hand's average (``hand``), the
    crib's average with any two cards beside (``crib``, for whoever owns it), the play estimate as
    it counts (``play``: half the look-ahead's value of the keep), ``value`` (hand plus or minus crib,
    plus play: net points for you), ``reach`` (starters of 46 with which the kept hand counts out,
    when the score matters; else None), its ``rank`` among the 15 (ties share a rank), and the
    strategy package's ``option`` (with every starter's score)."""

    discard: tuple[Card, ...]
    keep: tuple[Card, ...]
    hand: float
    crib: float
    play: float
    value: float
    reach: int | None
    rank: int
    option: DiscardOption
    keep_words: str  # the keep as players say it, ``4-5-5-6`` (a suit where two throws differ only by it)
    throw_words: str  # the throw as players say it, ``J-K`` or ``5♥-K``

    def names(self) -> str:
        """The thrown cards in words, for screen readers: ``jack of spades and king of diamonds``."""
        return join_words([c.name for c in self.discard])
