"""PeggingDrill: what does the card just laid score, and which card would score most?

>>> d = PeggingDrill(topic="sets", shuffle=False)
>>> d.scenario.title
'A pair'
>>> d.answer_input.value = "2"; d.check_button.click(); d.tally
(1, 1)
>>> d.next_button.button_style  # after a right answer, Next is the button to press
'primary'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import ipywidgets as widgets
from traitlets import CUnicode

from ..cards import Card
from ..errors import CribbageError
from ..pegging import GO, PlayItem, item_words, pile_total, play_points, points_words, score_sequence
from . import checks
from .cards_view import CardPicker, card_html
from .frame import Frame, action_button
from .pegging_scenarios import SCENARIOS, TOPICS, Scenario
from .styles import esc

__all__ = ["PeggingDrill", "Answer", "solve", "check_scenarios"]


@dataclass(frozen=True)
class Answer:
    """The engine's answer to a scenario: per candidate card, its points and reasons."""

    card: Card | None  # the card asked about ("last"), or None for "best" and "safest"
    points: float  # its points ("last"), the most any card scores ("best"), the best value ("safest")
    reasons: tuple[str, ...]
    # "best" and "safest": (card, points or value, or None when it cannot be laid; reasons)
    options: tuple[tuple[Card, float | None, tuple[str, ...]], ...] = ()

    @property
    def best_cards(self) -> tuple[Card, ...]:
        """The cards that score the most (several when tied)."""
        return tuple(card for card, pts, _ in self.options if pts == self.points)


def _played(plays: Sequence[str]) -> list[Card]:
    return [Card.parse(p) for p in plays if p.upper() != GO]


def _reasons(items: Sequence[PlayItem]) -> tuple[str, ...]:
    return tuple(f"{item.points} for {item.reason}" for item in items)


def solve(scenario: Scenario) -> Answer:
    """Ask the engine: points and reasons for the last card, or for each card of the hand."""
    if scenario.ask == "last":
        last = max(i for i, p in enumerate(scenario.plays) if p.upper() != GO)
        pile = _played(scenario.plays[: last + 1])
        laid = play_points(pile)
        points = score_sequence(list(scenario.plays), scenario.players, scenario.final)[last]
        reasons = list(_reasons(laid.items))
        extra = points - laid.total  # the go or last-card point the engine's sequence adds
        if extra:
            final = scenario.final and last == len(scenario.plays) - 1
            reasons.append(f"{extra} for {item_words((extra, 'last card' if final else 'go'))}")
        return Answer(pile[-1], points, tuple(reasons))
    pile = _played(scenario.plays)
    if scenario.ask == "safest":
        return _safest(scenario, pile)
    options = []
    for text in scenario.hand:
        card = Card.parse(text)
        try:
            laid = play_points([*pile, card])
        except CribbageError:
            options.append((card, None, ("cannot be laid: it would pass 31",)))
            continue
        options.append((card, laid.total, _reasons(laid.items) or ("no points",)))
    best = max(pts for _, pts, _ in options if pts is not None)
    return Answer(None, best, (), tuple(options))


def _safest(scenario: Scenario, pile: list[Card]) -> Answer:
    """What each card is worth one move ahead (`pegging_choice.expert_values`: its points, the next
    player's best answer and the best reply), which the drill's explanations spell out."""
    from ..cards import full_deck
    from ..strategy.pegging_choice import PlayView, expert_values

    hand = tuple(Card.parse(c) for c in scenario.hand)
    unseen = tuple(c for c in full_deck() if c not in hand and c not in pile)
    nxt = (len(scenario.plays) + 1) % scenario.players
    laid = sum(1 for i, p in enumerate(scenario.plays) if i % scenario.players == nxt and p.upper() != GO)
    view = PlayView(hand=hand, pile=tuple(pile), count=pile_total(pile), unseen=unseen,
                    next_held=4 - laid)
    values = {c: round(v, 2) for c, v in expert_values(view).items()}
    options = []
    for card in hand:
        if card not in values:
            options.append((card, None, ("cannot be laid: it would pass 31",)))
            continue
        options.append((card, values[card], _safety_reasons(pile, card, unseen, values[card])))
    return Answer(None, max(values.values()), (), tuple(options))


def _safety_reasons(pile: list[Card], card: Card, unseen: Sequence[Card], value: float) -> tuple[str, ...]:
    """What laying ``card`` scores now and leaves the next player, in the cards' own terms."""
    now = play_points([*pile, card])
    count = pile_total([*pile, card])
    said = [f"scores {points_words(now.items)} and makes {count}" if now.items else f"makes {count}"]
    said.append(_replies_words([*pile, card], unseen))
    said.append(f"on average {value:+.2f} once the next player's best answer and your best reply are weighed")
    return tuple(said)


def _replies_words(pile: list[Card], unseen: Sequence[Card]) -> str:
    """Which answers score for the next player, e.g. 'a 5 or an 8 for 3 (a run of 3; 8 of 47 unseen)'."""
    answers: dict[tuple, list[Card]] = {}
    for reply in unseen:
        if pile_total(pile) + reply.value > 31:
            continue
        items = play_points([*pile, reply]).items
        if items:
            answers.setdefault(tuple((i.kind, i.points, len(i.cards)) for i in items), []).append(reply)
    if not answers:
        return "no answer of the next player scores"
    parts = []
    for key, cards in sorted(answers.items(), key=lambda kv: (-sum(k[1] for k in kv[0]), -len(kv[1]))):
        what = ", ".join(item_words(item) for item in play_points([*pile, cards[0]]).items)
        parts.append(f"{_ranks_words({c.rank for c in cards})} for {sum(k[1] for k in key)} "
                     f"({what}; {len(cards)} of {len(unseen)} unseen cards)")
    return "the next player can answer " + ", ".join(parts)


def _ranks_words(ranks: set[int]) -> str:
    """'any ten-card', 'a 5 or an 8', 'an ace' ..."""
    tens = {10, 11, 12, 13} <= ranks
    words = [_rank_word(r) for r in sorted(ranks - {10, 11, 12, 13} if tens else ranks)]
    words += ["any ten-card"] if tens else []
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def _rank_word(rank: int) -> str:
    text = Card(rank, "S").rank_text
    return {"A": "an ace", "J": "a jack", "Q": "a queen", "K": "a king", "8": "an 8"}.get(text, f"a {text}")


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
    try:
        solve(scenario)
    except CribbageError as error:
        raise CribbageError(f"{where}: {error}") from None


ALL_TOPICS = "all"
MAX_PLAY_POINTS = 31  # the answer box takes 0 to this; no single card scores more
CHOSEN = "mod-active"  # the class of a raised, outlined card button (the chosen card stands up)


class PointsBox(widgets.Text):
    """The points box: a text box that starts empty, so Enter always has a number to check (a number
    box already holding 0 sends nothing when 0 is typed over it), and takes a number given in code
    (``box.value = 2`` reads as ``"2"``). Enter sends a "submit" message, which the drill answers."""

    value = CUnicode("", help="The points typed, as text").tag(sync=True)


def read_points(text: str) -> int | str:
    """The whole number typed in the points box, or a sentence saying what is wrong with it.

    >>> read_points(" 3 "), read_points("")[:14], read_points("two")[:20]
    (3, 'Type a number ', '"two" is not a whole')
    """
    said = text.strip()
    if not said:
        return "Type a number of points first (0 if the card scores nothing), then press Enter or Check."
    try:
        points = int(said)
    except ValueError:
        return (f'"{said}" is not a whole number of points: type one from 0 to {MAX_PLAY_POINTS}, such '
                "as 2, then press Enter or Check.")
    if not 0 <= points <= MAX_PLAY_POINTS:
        return (f"{points} cannot be the answer: a card scores 0 to {MAX_PLAY_POINTS} points in the play. "
                "Change the number and press Enter or Check.")
    return points


class PeggingDrill(Frame):
    """Pegging questions from a scenario set, answered and explained by the engine.

    ``topic`` picks one set (see `TOPICS`: runs, sets, 15-31, go, best) or all when None;
    ``scenarios`` replaces the built-in ones. The questions come in a shuffled order, the same for
    the same ``seed`` (so a page's snapshot and its live widget agree; ``seed=None`` differs every
    time), and each round after the last question is shuffled anew; ``shuffle=False`` keeps the
    scenarios' own order. The heading says which question of how many is on the table.

    Child widgets: ``topic_picker``, ``answer_input``, ``check_button``, ``reveal_button``,
    ``next_button``, ``hand_picker`` (a `CardPicker` for "which card" questions), ``table``,
    ``feedback``. State: ``scenario``, ``answer`` (the engine's `Answer`), ``tally``.
    """

    def __init__(
        self,
        scenarios: Sequence[Scenario] | None = None,
        *,
        topic: str | None = None,
        shuffle: bool = True,
        seed: int | None = 0,
        four_colour: bool = False,
    ) -> None:
        # every option is checked before anything is built, so a bad one leaves no half-made drill
        if topic is not None and (not isinstance(topic, str) or topic not in TOPICS):
            raise CribbageError(f"topic {checks.shown(topic)} is not known: use one of {', '.join(TOPICS)} "
                                "or None for all")
        chosen = SCENARIOS if scenarios is None else check_scenarios(scenarios)
        if topic is not None and not any(s.topic == topic for s in chosen):
            raise CribbageError(f"no scenario given has topic {topic!r}: the topics given are "
                                f"{', '.join(sorted({s.topic for s in chosen}))}")
        rng = checks.seed(seed)
        shuffle = checks.flag("shuffle", shuffle)
        four_colour = checks.flag("four_colour", four_colour)
        super().__init__("Pegging drill")
        self.all_scenarios = chosen
        self.rng = rng
        self.shuffle = shuffle
        self.four_colour = four_colour
        self._right = 0
        self._tried = 0
        self._build(topic)
        self._select(topic)

    def _build(self, topic: str | None) -> None:
        # a real key for "all": a Dropdown whose value is None shows no selection at all
        options = [("All topics", ALL_TOPICS)] + [(label, key) for key, label in TOPICS.items()]
        present = {s.topic for s in self.all_scenarios}  # a topic with no question is not offered
        options = [options[0]] + [(label, key) for label, key in options[1:] if key in present]
        self.topic_picker = widgets.Dropdown(options=options, value=topic or ALL_TOPICS, description="Topic:",
                                             tooltip="Which kind of question to practise",
                                             layout=widgets.Layout(width="24em"))
        self.heading = widgets.HTML()
        self.table = widgets.HTML()
        self.question = widgets.HTML()
        # text, not a clamped number box: anything typed is read on Check or Enter and explained if
        # it is not a number of points; it is sent as typed, so Enter checks what is in the box
        self.answer_input = PointsBox(
            value="", description="Points:", placeholder="0, 1, 2 ...", continuous_update=True,
            tooltip="How many points the last card scores (0 or more); press Enter or Check",
            layout=widgets.Layout(width="11em"), style={"description_width": "4em"},
        )
        self.answer_input.add_class("crib-points")
        self.check_button = action_button("Check", "Check your answer", "primary", "check")
        self.reveal_button = action_button("Show me", "Show the answer with its reasons", "info", "eye")
        self.next_button = action_button("Next", "Go on to the next question", "", "forward")
        self.hand_picker = CardPicker(mode="click", four_colour=self.four_colour, on_pick=self._on_pick)
        self.answer_row = widgets.HBox([self.answer_input, self.check_button])
        self.answer_row.add_class("crib-row")
        self.feedback = widgets.HTML()
        self.tally_view = widgets.HTML()
        self.peek = widgets.HTML()
        buttons = widgets.HBox([self.reveal_button, self.next_button])
        buttons.add_class("crib-row")
        footer = widgets.HBox([self.tally_view, self.topic_picker])
        footer.add_class("crib-row")
        footer.add_class("crib-spread")
        self._assemble(self.heading, self.table, self.question, self.status, self.answer_row,
                       self.hand_picker, buttons, self.feedback, footer, self.peek)
        self.check_button.on_click(lambda _: self._on_check())
        self.answer_input.on_msg(self._on_box_message)  # Enter in the box checks, as Check does
        self.reveal_button.on_click(lambda _: self._on_reveal())
        self.next_button.on_click(lambda _: self._on_next())
        self.topic_picker.observe(lambda _: self._on_topic(), names="value")

    # ---- state --------------------------------------------------------------------------------
    @property
    def tally(self) -> tuple[int, int]:
        """(questions right at the first try, questions tried)."""
        return self._right, self._tried

    def _select(self, topic: str | None) -> None:
        chosen = [s for s in self.all_scenarios if topic in (None, ALL_TOPICS) or s.topic == topic]
        if not chosen:
            raise CribbageError(f"no scenario has topic {topic!r}")
        if self.shuffle:
            self.rng.shuffle(chosen)
        self.queue = chosen
        self.position = 0
        self.show(self.queue[0])

    def show(self, scenario: Scenario) -> None:
        """Put a scenario on the table and ask its question (one not given to the drill is checked first)."""
        if not any(scenario is known for known in self.all_scenarios):
            check_scenarios([scenario])
        self.scenario = scenario
        self.answer = solve(scenario)
        self._done = False
        self._attempted = False
        self._chosen: Card | None = None
        self.feedback.value = ""
        self.answer_input.value = ""
        self._set_prominent(self.check_button)
        s = scenario
        self.heading.value = (f'<div class="crib-sub">Question {self.position + 1} of {len(self.queue)}</div>'
                              f'<div class="crib-big">{esc(s.title)}</div>'
                              + (f'<div class="crib-sub">{esc(s.story)}</div>' if s.story else ""))
        self._draw_table()
        asking_last = s.ask == "last"
        self.answer_row.layout.display = None if asking_last else "none"
        self.hand_picker.layout.display = "none" if asking_last else None
        if asking_last:
            self.hand_picker.set_cards([])
            who, card = self._last_layer(), self.answer.card
            verb = "score" if who == "You" else "scores"
            whose = "your" if who == "You" else f"{who}'s"
            extra = " It is the last card of the play." if s.final else ""
            self.question.value = (f'<div class="crib-big">How many points does {esc(whose)} '
                                   f"{card.pretty} score?</div>")
            self.set_status(f"Type the points {who.lower() if who == 'You' else who} "
                            f"{verb} for {card.pretty}, then press Enter or Check.{extra}")
        else:
            self.hand_picker.set_cards([Card.parse(c) for c in s.hand])
            self.hand_picker.set_enabled(True)
            goal = "scores the most now" if s.ask == "best" else "gives the least away"
            self.question.value = f'<div class="crib-big">Your turn: which card {goal}?</div>'
            self.set_status(f"Tap or click the card from your hand that {goal} (or press Tab to reach it "
                            "and Space to lay it).")
        self._draw_tally()
        self.peek.value = ('<details class="crib-peek"><summary>Open the answer</summary>'
                           f"{self._answer_html()}</details>")

    def _last_layer(self) -> str:
        s = self.scenario
        last = max(i for i, p in enumerate(s.plays) if p.upper() != GO)
        return s.seats[last % s.players]

    # ---- drawing ------------------------------------------------------------------------------
    def _draw_table(self) -> None:
        s = self.scenario
        slots, count = [], 0
        for index, entry in enumerate(s.plays):
            seat = s.seats[index % s.players]
            if entry.upper() == GO:
                slots.append(f'<span class="crib-slot"><span class="crib-card crib-empty crib-small" '
                             f'role="img" aria-label="{esc(seat)} says go">go</span>'
                             f'<span class="crib-tag">{esc(seat)}</span></span>')
                continue
            card = Card.parse(entry)
            count += card.value
            asked = s.ask == "last" and index == max(i for i, p in enumerate(s.plays) if p.upper() != GO)
            slots.append(card_html(card, four_colour=self.four_colour, lit=asked, tag=f"{seat} · {count}"))
        players = f"{s.players} players" if s.players != 2 else "2 players"
        row = "crib-row crib-top" if slots else "crib-row"
        self.table.value = (
            f'<div class="{row}"><span class="crib-label">On the table</span>'
            f'<span class="crib-cards">{"".join(slots) or "nothing laid yet: you lead"}</span>'
            f'<span class="crib-gap"></span><span title="the running count"><span class="crib-label">count'
            f'</span><span class="crib-count">{count}</span></span></div>'
            f'<div class="crib-sub">{players}; in turn: {esc(", ".join(s.seats))}.</div>'
        )

    def _answer_html(self) -> str:
        a = self.answer
        if self.scenario.ask == "last":
            reasons = "".join(f"<li>{esc(r)}</li>" for r in a.reasons) or "<li>no points</li>"
            return (f"<div>{a.card.pretty} scores <b>{a.points}</b>.</div>"
                    f'<ul class="crib-list">{reasons}</ul>')
        safest = self.scenario.ask == "safest"
        rows = []
        for card, pts, why in a.options:
            mark = " ★" if pts == a.points else ""
            mark += " (your choice)" if card == self._chosen else ""
            shown = "—" if pts is None else f"{pts:+.1f}" if safest else str(pts)
            why_text = esc("; ".join(why))
            rows.append(f'<li><span class="crib-pts">{shown}</span>{card.pretty}{mark}: {why_text}</li>')
        best = " or ".join(c.pretty for c in a.best_cards)
        head = (f"<div>Safest: <b>{best}</b> (net {a.points:+.2f} on average).</div>" if safest
                else f"<div>Best: <b>{best}</b> for {a.points}.</div>")
        return f'{head}<ul class="crib-list">{"".join(rows)}</ul>'

    def _draw_tally(self) -> None:
        right, tried = self.tally
        where = f"question {self.position + 1} of {len(self.queue)}"
        self.tally_view.value = (
            f'<div class="crib-tally">Right first time: {right} of {tried} · {where}</div>')

    # ---- callbacks ----------------------------------------------------------------------------
    def _score_attempt(self, ok: bool) -> None:
        if not self._attempted and not self._done:
            self._tried += 1
            self._right += ok
        self._attempted = True

    def _on_box_message(self, _widget: widgets.Widget, content: dict, _buffers: list) -> None:
        if content.get("event") == "submit":
            self._on_check()

    def _on_check(self) -> None:
        self.went_live()
        if self.scenario.ask != "last" or self._done:
            return
        said = read_points(self.answer_input.value)
        if isinstance(said, str):
            self.set_status(said, "warn")
            return
        ok = said == self.answer.points
        self._score_attempt(ok)
        self._finish(ok, f"You said {said}.")

    def _on_pick(self, card: Card) -> None:
        self.went_live()
        if self.scenario.ask == "last" or self._done:
            return
        pts = next(p for c, p, _ in self.answer.options if c == card)
        if pts is None:
            self.set_status(
                f"{card.pretty} cannot be laid: it would take the count past 31. Pick another card.", "warn")
            return
        ok = pts == self.answer.points
        self._score_attempt(ok)
        self._chosen = card
        if self.scenario.ask == "safest":  # what this card leaves, in its own terms
            why = next(r for c, _, r in self.answer.options if c == card)
            self._finish(ok, f"You chose {card.pretty}: it {why[0]}; {why[1]} ({pts:+.2f} on average).")
            return
        self._finish(ok, f"You chose {card.pretty} for {pts}.")

    def _finish(self, ok: bool, said: str) -> None:
        if ok:
            self._done = True
            self.hand_picker.set_enabled(False)
            self.feedback.value = self._answer_html()
            self._set_prominent(self.next_button)
            self.set_status(f"Right. {said} Press Next for the next question.", "ok")
        else:
            self.feedback.value = ""
            self.set_status(
                f"Not quite. {said} Try again, or press Show me for the answer with reasons.", "bad")
        self._mark_chosen()
        self._draw_tally()

    def _mark_chosen(self) -> None:
        """The card the learner chose stands raised and outlined, and its name says so (not colour
        alone: screen readers hear "five of hearts, your choice"); the others stand down."""
        for card, button in zip(self.hand_picker.cards, self.hand_picker.buttons, strict=True):
            if card == self._chosen:
                button.add_class(CHOSEN)
                button.tooltip = f"{card.name}, your choice"
            else:
                button.remove_class(CHOSEN)

    def _set_prominent(self, button: widgets.Button) -> None:
        """One strong button at a time: the one to press next (Check, or Next once answered)."""
        self.check_button.button_style = "primary" if button is self.check_button else ""
        self.reveal_button.button_style = "info" if button is self.check_button else ""
        self.next_button.button_style = "primary" if button is self.next_button else ""

    def _on_reveal(self) -> None:
        self.went_live()
        if not self._attempted and not self._done:
            self._tried += 1  # a question shown before any answer counts as tried, not right
        self._done = True
        self.hand_picker.set_enabled(False)
        self._mark_chosen()
        self.feedback.value = self._answer_html()
        self._set_prominent(self.next_button)
        self.set_status("Here is the answer with every reason. Press Next for the next question.")
        self._draw_tally()

    def _on_next(self) -> None:
        self.went_live()
        self.position = (self.position + 1) % len(self.queue)
        if self.position == 0 and self.shuffle:  # a new round, in a new order
            self.rng.shuffle(self.queue)
        self.show(self.queue[self.position])

    def _on_topic(self) -> None:
        self.went_live()
        self._select(self.topic_picker.value)
