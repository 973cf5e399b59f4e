"""The game told to people: every sentence an event carries, in one place.

The engine decides what happened and hands the facts (seats, cards, counts, points) to a
`Narrator`, which words them for the players at the table. The player named "You" gets its own
grammar ("You peg 2", "your crib"), from `crib_widgets.words`; nothing in the engine knows it.

>>> say = Narrator(("You", "Ben"), lambda side: (side,))
>>> say.deal(1, 0), say.go(1)
('Deal 1: You deal (your crib)', 'Ben says go')
>>> say.not_pegged(1, 3, say.peg_reason(PlayScore((), ((3, "run"),))), 121)
"Ben's 3 for a run of 3 would pass 121: not pegged (exact finish)"
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

from ..cards import Card
from ..pegging import PlayScore, item_words
from ..words import join_words, name_verb, plural, possessive
from .fast import PRETTY, cards_text, typed
from .kinds import AnswerKind
from .rules import Rules

__all__ = ["Narrator", "Said"]


class Said(NamedTuple):
    """A scoring event's sentence, and what its points are for (said again when exact finish
    refuses them: "Ben's 3 for a run of 3 would pass 121")."""

    text: str
    reason: str


_MUGGINS, _OVERCOUNT = AnswerKind.MUGGINS, AnswerKind.OVERCOUNT  # bound once (see engine.py)
_SKUNK_WORDS = {"skunk": "skunked", "double skunk": "double skunked", "lurch": "lurched"}


def _what(is_crib: bool) -> str:
    return "crib" if is_crib else "hand"


class Narrator:
    """The sentences of a game whose seats are called ``names``; ``seats_of(side)`` gives a side's
    seats (one, or two partners)."""

    def __init__(self, names: tuple[str, ...], seats_of: Callable[[int], tuple[int, ...]]) -> None:
        self.names = names
        self._seats_of = seats_of
        self._verbs: dict[tuple[int, str, bool], str] = {}

    # -- names in sentences

    def verb(self, seat: int, third: str, base: str | None = None, mid: bool = False) -> str:
        """Name and verb: ``verb(0, "pegs")`` -> ``"Alice pegs"`` or ``"You peg"`` (``"you peg"``
        with ``mid``, inside a sentence)."""
        said = self._verbs.get((seat, third, mid))
        if said is None:  # the same few are said thousands of times in a simulation
            said = name_verb(self.names[seat], third, base, mid=mid)
            self._verbs[seat, third, mid] = said
        return said

    def possessive(self, seat: int, mid: bool = False) -> str:
        """``"Alice's"``, ``"Your"`` (``"your"`` with ``mid``)."""
        return possessive(self.names[seat], capital=not mid)

    def name(self, seat: int, mid: bool = False) -> str:
        """The name, with "You" written "you" inside a sentence (``mid``)."""
        name = self.names[seat]
        return "you" if mid and name == "You" else name

    def side(self, side: int) -> str:
        """A side in words: one name, or partners joined by "and"."""
        return join_words(self.names[s] for s in self._seats_of(side))

    def side_verb(self, side: int, third: str, base: str, mid: bool = False) -> str:
        """A side and its verb: "Ann wins", "You and Cleo win" ("you win" with ``mid``)."""
        name = self.side(side)
        plural_subject = name.startswith("You") or " and " in name
        if mid and name.startswith("You"):
            name = "y" + name[1:]
        return f"{name} {base if plural_subject else third}"

    # -- before the cards

    def cut(self, seat: int, card: Card, again: bool) -> str:
        return f"{self.verb(seat, 'cuts', 'cut')}{' again' if again else ''}: {card.pretty}"

    def first_dealer(self, dealer: int) -> str:
        return name_verb(self.names[dealer], "cuts the lowest card and deals first",
                         "cut the lowest card and deal first")

    @staticmethod
    def lesson_begins(count: int | None) -> str:
        """A lesson's set-up laid out: at the show (``count`` None) or in the play."""
        if count is None:
            return "The lesson begins at the show; the scores are as given"
        return f"The lesson begins in the play with the count at {count}; the scores are as given"

    # -- the deal, the discards and the cut

    def deal(self, number: int, dealer: int) -> str:
        whose = self.possessive(dealer, mid=True)
        return f"Deal {number}: {self.verb(dealer, 'deals', 'deal')} ({whose} crib)"

    @staticmethod
    def crib_card() -> str:
        return "One card from the pack goes face down into the crib"

    def discard(self, seat: int, cards: int, dealer: int) -> str:
        whose = "the" if seat == dealer else self.possessive(dealer, mid=True)
        return f"{self.verb(seat, 'lays', 'lay')} {plural(cards, 'card')} in {whose} crib"

    def starter(self, cutter: int, dealer: int, card: Card) -> str:
        return (f"{self.verb(cutter, 'cuts', 'cut')} and {self.verb(dealer, 'turns', 'turn', mid=True)} "
                f"the starter: {card.pretty}")

    def heels(self, dealer: int) -> Said:
        return Said(f"His heels: 2 for the dealer, {self.name(dealer, mid=True)}", "his heels")

    # -- the play

    def play(self, seat: int, card: Card, count: int) -> str:
        return f"{self.verb(seat, 'plays', 'play')} {PRETTY[card.rank][card.suit]}, count {count}"

    def peg(self, seat: int, score: PlayScore) -> Said:
        words = score.describe()
        said = words if len(score.items) == 1 else f"{score.total}: {words}"
        return Said(f"{self.verb(seat, 'pegs', 'peg')} {said}", self.peg_reason(score))

    @staticmethod
    def peg_reason(score: PlayScore) -> str:
        return " and ".join(item_words(i) for i in score.items)

    def last_card(self, seat: int) -> Said:
        return Said(f"{self.verb(seat, 'pegs', 'peg')} 1 for the last card", "the last card")

    def go(self, seat: int) -> str:
        return f"{self.verb(seat, 'says', 'say')} go"

    def go_point(self, seat: int) -> Said:
        return Said(f"{self.verb(seat, 'pegs', 'peg')} 1 for the go", "the go")

    def reset(self, leader: int) -> str:
        return f"The count goes back to 0: {self.verb(leader, 'leads', 'lead', mid=True)}"

    # -- the show

    def show(self, owner: int, cards: Sequence[Card], starter: Card, is_crib: bool, total: int) -> Said:
        held = plural(total, "point") if total else "nothing"
        what = _what(is_crib)
        return Said(f"{self.possessive(owner)} {what} {cards_text(cards)} with {starter.pretty}: {held}",
                    f"the {what}")

    def ten_back(self, owner: int, is_crib: bool, before: int, after: int) -> str:
        what = f"{self.possessive(owner)} {_what(is_crib)} scored nothing"
        if before == 0:
            return f"{what}: 10 back, but the pegs are at 0 and stay there"
        if before < 10:
            return f"{what}: back {before} to 0"
        return f"{what}: 10 back, from {before} to {after}"

    # -- Muggins

    def announce(self, owner: int, points: int, cards: Sequence[Card], starter: Card, is_crib: bool) -> Said:
        return Said(f"{self.verb(owner, 'counts', 'count')} {points} for the {_what(is_crib)} "
                    f"{cards_text(cards)} with {starter.pretty}", f"the {_what(is_crib)}")

    def answer(self, seat: int, kind: AnswerKind, points: int | None) -> str:
        """An answer to a count: ``accept``, ``overcount`` or ``muggins`` naming ``points``."""
        if kind == _MUGGINS:
            return f"{self.verb(seat, 'calls', 'call')} Muggins for {plural(points or 0, 'missed point')}"
        if kind == _OVERCOUNT:
            return f"{self.verb(seat, 'says', 'say')} the count is too high"
        return f"{self.verb(seat, 'accepts', 'accept')} the count"

    def count_stands(self, owner: int, announced: int, *, accepted: bool) -> str:
        stands = f"{self.possessive(owner, mid=True)} count of {announced} stands"
        return f"Accepted: {stands}" if accepted else f"The count was not too high: nothing changes; {stands}"

    def false_muggins(self, owner: int, points: int) -> Said:
        return Said(f"False Muggins, nothing was missed: {self.verb(owner, 'pegs', 'peg', mid=True)} the "
                    f"{plural(points, 'point')} named", "a false Muggins call")

    def too_high(self, owner: int, by: int, lost: int) -> str:
        return f"Too high by {by}: {self.verb(owner, 'loses', 'lose', mid=True)} {lost}"

    def caller_pegs(self, caller: int, points: int, *, missed: bool) -> Said:
        if missed:
            return Said(f"Muggins! {self.verb(caller, 'pegs', 'peg')} {plural(points, 'missed point')}",
                        "the Muggins call")
        return Said(f"{self.verb(caller, 'pegs', 'peg')} {points} for the over-count", "the over-count")

    def reveal(self, owner: int, cards: Sequence[Card], starter: Card, is_crib: bool, true: int) -> str:
        held = plural(true, "point") if true else "nothing"
        what = _what(is_crib)
        return f"{self.possessive(owner)} {what} {cards_text(cards)} with {starter.pretty} holds {held}"

    # -- the end

    def result(self, rules: Rules, scores: Sequence[int], reached: int, winners: tuple[int, ...],
               losers: tuple[int, ...], skunks: tuple[str | None, ...]) -> str:
        """The result in a sentence (`GameResult.text`): who won, the score, who was skunked."""
        mid = rules.lowball  # in Lowball the winner comes after a colon
        if len(winners) == 1:
            won = self.side_verb(winners[0], "wins", "win", mid=mid)
        else:
            won = join_words(self.side(s) for s in winners) + " share the win"
        score_text = f" {scores[winners[0]]} to {scores[losers[0]]}" if len(scores) == 2 else ""
        if rules.lowball:
            lost = self.side_verb(reached, "reaches", "reach")
            loses = "loses" if lost.endswith("reaches") else "lose"
            return f"{lost} {rules.target} first and {loses} (Lowball): {won}{score_text}."
        sentence = won + (score_text or f" with {scores[winners[0]]}")
        marks = [f"{self.side_verb(s, 'is', 'are', mid=True)} {_SKUNK_WORDS[k]}"
                 for s in losers if (k := skunks[s])]
        return sentence + (": " + ", ".join(marks) if marks else "") + "."

    # -- what the game waits for (`Game.prompt`)

    @staticmethod
    def game_over(result: str) -> str:
        return f"The game is over: {result}"

    def to_discard(self, seats: Sequence[int], cards: int, dealer: int) -> str:
        who = join_words(self.names[s] for s in seats)
        each = " each" if len(seats) > 1 else ""
        have = "have" if len(seats) > 1 or who == "You" else "has"
        whose = self.possessive(dealer, mid=True)
        return f"{who} {have} to lay {plural(cards, 'card')}{each} in {whose} crib"

    def to_play(self, seat: int, playable: Sequence[Card], count: int) -> str:
        name = self.names[seat]
        if playable:
            where = "lead" if count == 0 else f"play on {count}"
            return f"{name} to {where}: {typed(playable)} can be laid"
        return f"{name} must say go: no card can be laid on {count} without passing 31"

    def to_announce(self, owner: int, is_crib: bool, most: int) -> str:
        return f"{self.verb(owner, 'counts', 'count')} the {_what(is_crib)}: announce 0 to {most}"

    def to_answer(self, seat: int, owner: int, announced: int, most: int) -> str:
        choices = ["accept"]
        if announced < most:
            choices.append(f"Muggins naming 1 to {most - announced} missed points")
        if announced > 0:
            choices.append("overcount (too high)")
        return (f"{self.verb(seat, 'answers', 'answer')} {self.possessive(owner, mid=True)} count of "
                f"{announced}: {join_words(choices, 'or')}")

    @staticmethod
    def mid(sentence: str) -> str:
        """A sentence put inside another (after a colon): "You ..." becomes "you ..."."""
        return "y" + sentence[1:] if sentence.startswith("You ") else sentence

    # -- exact finish

    def not_pegged(self, seat: int, points: int, reason: str, target: int) -> str:
        return f"{self.possessive(seat)} {points} for {reason} would pass {target}: not pegged (exact finish)"
