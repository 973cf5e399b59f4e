"""The pegging drill's model: what the card just laid scores, which card scores most, which is
safest, and which a strong player lays (chapter 11's technique positions, `techniques`).

"What does it score?" is the worksheets' play question (`exercises.model.PlayExercise`), solved by
the engine (`pegging.score_sequence` awards the go and the last card) and graded by their grader
(`exercises.grading.check_answer`). "Which card?" questions are judged by the engine too: the
points each card scores now (`pegging.play_points`), or what each is worth once the next player's
best answer is weighed (`strategy.pegging_choice.expert_values`), explained with the review's
words for what the next player can answer (`strategy.review.reasons.replies_words`).

>>> d = PeggingLesson(topic="sets", shuffle=False)
>>> d.scenario.title, d.answer.points
('A pair', 2)
>>> d.check_points(2).right, d.tally, d.records[-1].skill
(True, (1, 1), 'pairs')
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..bounded import whole_number
from ..cards import Card, full_deck
from ..errors import CribbageError
from ..exercises.grading import check_answer
from ..exercises.model import PlayExercise
from ..pegging import GO, item_words, pile_total, play_points, points_words
from ..skills import Skill, skill_of_kind
from . import checks
from .pegging_answer import Answer, Option
from .record import AnswerRecord
from .scenarios import SCENARIOS, TOPICS, Scenario

__all__ = ["PeggingLesson", "Answer", "Result", "solve", "check_scenarios", "play_exercise", "read_points",
           "MAX_PLAY_POINTS", "ALL_TOPICS", "scenario_position", "scenario_of_position"]

ALL_TOPICS = "all"
MAX_PLAY_POINTS = 31  # no single card scores more; a number above is refused with a sentence
# The skill a question that scores nothing trains, by its topic.
_TOPIC_SKILLS = {"runs": Skill.RUNS, "sets": Skill.PAIRS, "15-31": Skill.GO, "go": Skill.GO}


@dataclass(frozen=True, slots=True)
class Result:
    """What an answer did: ``right``; ``problem`` says why it was not taken (then nothing changed)."""

    right: bool
    problem: str = ""


def _played(plays: Sequence[str]) -> list[Card]:
    return [Card.parse(p) for p in plays if p.upper() != GO]


def _last_index(scenario: Scenario) -> int:
    return max(i for i, p in enumerate(scenario.plays) if p.upper() != GO)


def play_exercise(scenario: Scenario) -> PlayExercise:
    """A "what does the last card score?" scenario as the worksheets' play question."""
    plays = tuple((i % scenario.players, None if p.upper() == GO else Card.parse(p))
                  for i, p in enumerate(scenario.plays))
    return PlayExercise(1, scenario.title, scenario.players, plays, _last_index(scenario), scenario.final)


def solve(scenario: Scenario) -> Answer:
    """Ask the engine: points and reasons for the last card, or for each card of the hand."""
    if scenario.ask == "last":
        exercise = play_exercise(scenario)
        solution = exercise.solution()
        reasons = tuple(
            f"{line.points} for {item_words((line.points, line.kind))}" if line.kind in ("go", "last card")
            else f"{line.points} for {line.reason}" for line in solution.lines)
        return Answer(exercise.card, solution.answer, reasons)
    if scenario.ask == "strong":
        from .techniques import answer

        return answer(scenario)
    pile = _played(scenario.plays)
    if scenario.ask == "safest":
        return _safest(scenario, pile)
    options: list[Option] = []
    for text in scenario.hand:
        card = Card.parse(text)
        try:
            laid = play_points([*pile, card])
        except CribbageError:
            options.append((card, None, ("cannot be laid: it would pass 31",)))
            continue
        reasons = tuple(f"{i.points} for {i.reason}" for i in laid.items) or ("no points",)
        options.append((card, laid.total, reasons))
    best = max(pts for _, pts, _ in options if pts is not None)
    return Answer(None, best, (), tuple(options))


def _safest(scenario: Scenario, pile: list[Card]) -> Answer:
    """What each card is worth one move ahead (`pegging_choice.expert_values`: its points, the next
    player's best answer and the best reply), which the drill's explanations spell out."""
    from ..strategy.pegging_choice import PlayView, expert_values

    hand = tuple(Card.parse(c) for c in scenario.hand)
    unseen = tuple(c for c in full_deck() if c not in hand and c not in pile)
    nxt = (len(scenario.plays) + 1) % scenario.players
    laid = sum(1 for i, p in enumerate(scenario.plays) if i % scenario.players == nxt and p.upper() != GO)
    view = PlayView(hand=hand, pile=tuple(pile), count=pile_total(pile), unseen=unseen, next_held=4 - laid)
    values = {c: round(v, 2) for c, v in expert_values(view).items()}
    options: list[Option] = []
    for card in hand:
        if card not in values:
            options.append((card, None, ("cannot be laid: it would pass 31",)))
            continue
        options.append((card, values[card], _safety_reasons(pile, card, unseen, values[card])))
    return Answer(None, max(values.values()), (), tuple(options))


def _safety_reasons(pile: list[Card], card: Card, unseen: Sequence[Card], value: float) -> tuple[str, ...]:
    """What laying ``card`` scores now and leaves the next player, in the review's words."""
    from ..strategy.review.reasons import replies_words

    now = play_points([*pile, card])
    count = pile_total([*pile, card])
    said = [f"scores {points_words(now.items)} and makes {count}" if now.items else f"makes {count}"]
    said.append(replies_words([*pile, card], unseen))
    said.append(f"on average {value:+.2f} once the next player's best answer and your best reply are weighed")
    return tuple(said)


def check_scenarios(scenarios: object) -> tuple[Scenario, ...]:
    """The scenarios as a tuple, each one checked: a `Scenario` whose question the engine can answer.

    A bad one is a `CribbageError` naming it (by number and title) and what is wrong.
    """
    if isinstance(scenarios, (str, bytes, Scenario)) or not isinstance(scenarios, Iterable):
        raise CribbageError(f"scenarios {checks.shown(scenarios)} is not a list of Scenario: give e.g. "
                            "[Scenario('runs', 'A run', ('3S', '5D', '4C'))], or leave it out for the "
                            "built-in ones")
    chosen = tuple(scenarios)
    if not chosen:
        raise CribbageError("scenarios=[] gives the drill no questions: give at least one Scenario, or leave "
                            "it out for the built-in ones")
    for number, scenario in enumerate(chosen, 1):
        _check_scenario(number, scenario)
    return chosen


def _check_scenario(number: int, scenario: object) -> None:
    if not isinstance(scenario, Scenario):
        raise CribbageError(f"scenario {number} is {checks.shown(scenario)}, not a Scenario: write e.g. "
                            "Scenario('runs', 'A run', ('3S', '5D', '4C'))")
    where = f"scenario {number} ({scenario.title!r})"
    for field in ("plays", "hand"):
        entries = getattr(scenario, field)
        if not isinstance(entries, (tuple, list)) or not all(isinstance(e, str) for e in entries):
            raise CribbageError(f"{where}: {field} must be a tuple of card texts such as ('3S', '5D'), "
                                f"got {checks.shown(entries)}")
    if scenario.ask == "last" and all(p.upper() == GO for p in scenario.plays):
        raise CribbageError(f"{where} asks what the last card scores, but its plays "
                            f"{checks.shown(tuple(scenario.plays))} lay no card: add the cards laid")
    if scenario.ask != "last" and not scenario.hand:
        raise CribbageError(f"{where} asks which card to lay, but gives no hand: add hand=('4S', '7H', ...)")
    if scenario.ask != "last":
        _check_hand(where, scenario)
    try:
        solve(scenario)
    except CribbageError as error:
        raise CribbageError(f"{where}: {error}") from None


def _check_hand(where: str, scenario: Scenario) -> None:
    """A which-card question's hand by the rules: 1 to 4 cards, each once and none laid already, and
    at least one that can be laid (else it is a go, not a question)."""
    hand, pile = [Card.parse(c) for c in scenario.hand], _played(scenario.plays)
    if len(hand) > 4:
        raise CribbageError(f"{where} gives a hand of {len(hand)} cards: a hand in the play holds 1 to 4")
    if len({*hand, *pile}) != len(hand) + len(pile):
        raise CribbageError(f"{where} names a card twice in its hand and plays: every card in a deck is "
                            "different")
    if all(pile_total([*pile, c]) > 31 for c in hand):
        raise CribbageError(f"{where}: no card of its hand can be laid without passing 31, so it is a go, "
                            "not a question")


def scenario_position(s: Scenario) -> str:
    """A scenario's question in card text, as a record keeps it: ``"3S 5D 4C | 2 players"``, with
    ``" final"`` for the last card of the play and ``" | hand 4S 4D 7H KC best"`` for "which card?"."""
    text = " ".join(s.plays) + f" | {s.players} players" + (" final" if s.final else "")
    return text + (f" | hand {' '.join(s.hand)} {s.ask}" if s.ask != "last" else "")


def scenario_of_position(text: object) -> Scenario:
    """The scenario a record's position text asks: the built-in one it names (with its title and
    story), or one made from the cards. Text that is not a play is a `CribbageError` saying how one
    is written; the scenario is checked (`check_scenarios`), so a play the rules forbid is named.

    >>> scenario_of_position("6D 8S | 3 players | hand 7C QH 3S AS best").title
    'Three players: your turn'
    """
    example = ("write the cards laid, a bar and the players, e.g. '3S 5D 4C | 2 players' (then ' final' "
               "for the last card of the play, or ' | hand 4S 4D 7H KC best' for a which-card question)")
    parts = [p.strip() for p in text.split("|")] if isinstance(text, str) else []
    table = parts[1].split() if len(parts) in (2, 3) else []
    ok = len(table) in (2, 3) and table[0] in ("2", "3", "4") and table[1] == "players" \
        and (len(table) == 2 or table[2] == "final")
    ask = "last"
    hand: tuple[str, ...] = ()
    if ok and len(parts) == 3:
        words = parts[2].split()
        ok = len(words) >= 3 and words[0] == "hand" and words[-1] in ("best", "safest", "strong")
        ask, hand = (words[-1], tuple(words[1:-1])) if ok else (ask, hand)
    if not ok:
        raise CribbageError(f"{checks.shown(text)} is not a play to ask about: {example}")
    for scenario in SCENARIOS:
        if scenario_position(scenario) == text:
            return scenario
    if ask == "strong":  # chapter 11's technique positions: asked only as stored
        from .techniques import find

        return find(tuple(parts[0].split()), hand)
    plays, players, final = tuple(parts[0].split()), int(table[0]), len(table) == 3
    names = {2: ("Opponent",), 3: ("Left", "Right"), 4: ("Left", "Partner", "Right")}[players]
    seats = list(names)
    seats.insert(len(plays) % players if ask != "last" else 0, "You")
    topic = {"best": "best", "safest": "safe"}.get(ask, "go" if final or GO in plays else "15-31")
    scenario = Scenario(topic, "A play you got wrong before", plays, players=players, final=final, ask=ask,
                        hand=hand, seats=tuple(seats))
    return check_scenarios([scenario])[0]


def read_points(text: object) -> int | str:
    """The whole number typed as the points, or a sentence saying what is wrong with it.

    >>> read_points(" 3 "), read_points("")[:14], read_points("two")[:20]
    (3, 'Type a number ', '"two" is not a whole')
    """
    said = str(text).strip()
    if not said:
        return "Type a number of points first (0 if the card scores nothing), then press Enter or Check."
    signed = said[:1] in ("-", "+")  # ASCII digits only, and a long paste is not echoed whole
    points = whole_number(said[1:] if signed else said)
    if points is not None and said[:1] == "-":
        points = -points
    if points is None:
        shown = said if len(said) <= 20 else f"{said[:12]}...{said[-4:]}"
        return (f'"{shown}" is not a whole number of points: type one from 0 to {MAX_PLAY_POINTS}, such '
                "as 2, then press Enter or Check.")
    if not 0 <= points <= MAX_PLAY_POINTS:
        return (f"{points} cannot be the answer: a card scores 0 to {MAX_PLAY_POINTS} points in the play. "
                "Change the number and press Enter or Check.")
    return points


class PeggingLesson:
    """Pegging questions from a scenario set, answered and explained by the engine.

    ``topic`` picks one set (see `TOPICS`) or all when None; ``scenarios`` replaces the built-in
    ones. The questions come in a shuffled order, the same for the same ``seed`` (``None`` differs
    every time), and each round after the last question is shuffled anew; ``shuffle=False`` keeps
    the scenarios' own order.

    State: ``scenario``, ``answer`` (the engine's `Answer`), ``position`` in ``queue``, ``done``,
    ``chosen`` (the card picked), ``records`` and ``tally``.
    """

    def __init__(self, scenarios: Sequence[Scenario] | None = None, *, topic: str | None = None,
                 shuffle: bool = True, seed: int | random.Random | None = 0) -> None:
        if topic is not None and (not isinstance(topic, str) or topic not in TOPICS):
            raise CribbageError(f"topic {checks.shown(topic)} is not known: use one of {', '.join(TOPICS)} "
                                "or None for all")
        chosen = SCENARIOS if scenarios is None else check_scenarios(scenarios)
        if topic is not None and not any(s.topic == topic for s in chosen):
            raise CribbageError(f"no scenario given has topic {topic!r}: the topics given are "
                                f"{', '.join(sorted({s.topic for s in chosen}))}")
        self.rng = checks.seed(seed)
        self.shuffle = checks.flag("shuffle", shuffle)
        self.all_scenarios = chosen
        self.records: list[AnswerRecord] = []
        self._firsts: list[bool] = []  # per question tried: right at the first try, unaided
        self.select(topic)

    # ---- questions ----------------------------------------------------------------------------
    def select(self, topic: str | None) -> None:
        """Ask the questions of one topic (None or ``"all"`` for every topic), from the first."""
        chosen = [s for s in self.all_scenarios if topic in (None, ALL_TOPICS) or s.topic == topic]
        if not chosen:
            raise CribbageError(f"no scenario has topic {topic!r}")
        if self.shuffle:
            self.rng.shuffle(chosen)
        self.queue = chosen
        self.position = 0
        self.show(self.queue[0])

    def show(self, scenario: Scenario) -> None:
        """Ask a scenario's question (one not given to the drill is checked first). One of the
        drill's queue becomes its question on show (`position`), so Next goes on from it; another is
        asked as an extra, and Next goes on from where the queue was."""
        if not any(scenario is known for known in self.all_scenarios):
            check_scenarios([scenario])
        at = next((i for i, queued in enumerate(self.queue) if queued is scenario), None)
        self.extra = at is None
        if at is not None:
            self.position = at
        self.scenario = scenario
        self.answer = solve(scenario)
        self.done = False
        self.attempts = 0
        self.chosen: Card | None = None
        self._given: set[str] = set()  # the answers given to this question, each recorded once

    def next(self) -> None:
        """The next question; after the last, a new round (in a new order when shuffling)."""
        self.position = (self.position + 1) % len(self.queue)
        if self.position == 0 and self.shuffle:
            self.rng.shuffle(self.queue)
        self.show(self.queue[self.position])

    def where(self) -> str:
        """Which question of the queue is on show, in words ("Question 2 of 9")."""
        n = len(self.queue)
        if self.extra:
            return f"An extra question (Next goes on to question {(self.position + 1) % n + 1} of {n})"
        return f"Question {self.position + 1} of {n}"

    @property
    def last_layer(self) -> str:
        """Who laid the card asked about (``You``, ``Opponent``...)."""
        s = self.scenario
        return s.seats[_last_index(s) % s.players]

    @property
    def tally(self) -> tuple[int, int]:
        """(questions right at the first try, questions tried or shown)."""
        return sum(self._firsts), len(self._firsts)

    @property
    def skills(self) -> tuple[str, ...]:
        """The skills the question on show trains (`crib_widgets.skills`): each kind the card scores
        for (its topic's when it scores nothing), or pegging choices for "which card?" questions."""
        if self.scenario.ask != "last":
            return (Skill.PEGGING_CHOICES,)
        lines = play_exercise(self.scenario).solution().lines
        skills = tuple(dict.fromkeys(skill_of_kind(line.kind) for line in lines))
        return skills or (_TOPIC_SKILLS.get(self.scenario.topic, Skill.GO),)

    # ---- answers ------------------------------------------------------------------------------
    def check_points(self, typed: object) -> Result:
        """Answer "what does it score?" with the points typed (text or a number)."""
        if self.scenario.ask != "last" or self.done:
            return Result(False, "This question is answered. Press Next for the next question.")
        said = read_points(typed)
        if isinstance(said, str):
            return Result(False, said)
        if str(said) in self._given:
            return Result(False, f"You said {said} already (it counts once): type another number, or press "
                                 "Show me for the answer with reasons.")
        grade = check_answer(play_exercise(self.scenario), said)
        self._record(grade.correct, str(said))
        return Result(grade.correct)

    def choose(self, card: Card) -> Result:
        """Choose a card of the hand for a "which card?" question without judging it (Check judges:
        `check`); another card may be chosen instead until then."""
        if self.scenario.ask == "last" or self.done:
            return Result(False, "This question is answered. Press Next for the next question.")
        option = next((o for o in self.answer.options if o[0] == card), None)
        if option is None:
            return Result(False, f"{card.pretty} is not in your hand: pick one of your cards.")
        if option[1] is None:
            return Result(False, f"{card.pretty} cannot be laid: it would take the count past 31. Pick "
                                 "another card.")
        if str(card) in self._given:
            return Result(False, f"You chose {card.pretty} already (it counts once): pick another card, or "
                                 "press Show me for the answer with reasons.")
        self.chosen = card
        return Result(False)

    def check(self) -> Result:
        """Judge the card chosen (`choose`); it is recorded once, a wrong one for the mistakes deck."""
        if self.scenario.ask == "last" or self.done:
            return Result(False, "This question is answered. Press Next for the next question.")
        card = self.chosen
        if card is None or str(card) in self._given:
            return Result(False, "Choose a card from your hand first (tap or click it, or press Tab to "
                                 "reach it and Space to choose it), then press Check.")
        option = next(o for o in self.answer.options if o[0] == card)
        right = self.answer.is_best(option[1])
        self._record(right, str(card))
        return Result(right)

    def pick(self, card: Card) -> Result:
        """Answer "which card?" with a card of the hand: `choose` it and `check` at once."""
        chosen = self.choose(card)
        return chosen if chosen.problem else self.check()

    def reveal(self) -> None:
        """Show the answer: a question not yet tried counts as tried and not right."""
        if not self.attempts and not self.done:
            self._firsts.append(False)
            self._add_records(False, 1, True, "")
        self.done = True

    @property
    def position_text(self) -> str:
        """The question's cards in text: the plays, then the hand for "which card?" questions."""
        return scenario_position(self.scenario)

    @classmethod
    def from_position(cls, text: object) -> PeggingLesson:
        """The drill that asks again the question of a record's ``position`` (`scenario_of_position`).

        >>> PeggingLesson.from_position("8H 8C | 2 players").scenario.title
        'A pair'
        """
        return cls([scenario_of_position(text)], shuffle=False)

    def _record(self, right: bool, given: str) -> None:
        self._given.add(given)
        self.attempts += 1
        if self.attempts == 1:
            self._firsts.append(right)
        self._add_records(right, self.attempts, False, given)
        self.done = right

    def _add_records(self, right: bool, attempt: int, hinted: bool, given: str) -> None:
        self.records.extend(AnswerRecord("pegging", skill, right, attempt, hinted, self.position_text, given)
                            for skill in self.skills)
