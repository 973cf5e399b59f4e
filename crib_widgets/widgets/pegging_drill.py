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

from collections.abc import Sequence

import ipywidgets as widgets

from ..cards import Card
from ..lessons.checks import flag
from ..lessons.pegging import (
    ALL_TOPICS,
    MAX_PLAY_POINTS,
    Answer,
    PeggingLesson,
    check_scenarios,
    read_points,
    solve,
)
from ..lessons.scenarios import TOPICS, Scenario
from ..pegging import GO
from ..words import join_words, name_verb, possessive
from .answer_box import AnswerBox, mark_check
from .cards_view import CardPicker, card_html
from .choice_row import CHOICE_CLASS
from .frame import Frame, action_button, from_model
from .progress_link import keep, out
from .styles import esc

__all__ = ["PeggingDrill", "Answer", "solve", "check_scenarios", "read_points", "MAX_PLAY_POINTS",
           "play_row_html"]

CHOSEN = "mod-active"  # the class of a raised, outlined card button (the chosen card stands up)


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
        # the model checks every option before anything is drawn, so a bad one leaves no half-made drill
        lesson = PeggingLesson(scenarios, topic=topic, shuffle=shuffle, seed=seed)
        four_colour = flag("four_colour", four_colour)
        super().__init__("Pegging drill")
        self.lesson = lesson
        self._kept = len(lesson.records)  # records the page's progress holds
        self.four_colour = four_colour
        self._build(topic)
        self._draw_question()

    def _build(self, topic: str | None) -> None:
        # a real key for "all": a Dropdown whose value is None shows no selection at all
        options = [("All topics", ALL_TOPICS)] + [(label, key) for key, label in TOPICS.items()]
        present = {s.topic for s in self.lesson.all_scenarios}  # a topic with no question is not offered
        options = [options[0]] + [(label, key) for label, key in options[1:] if key in present]
        self.topic_picker = widgets.Dropdown(options=options, value=topic or ALL_TOPICS, description="Topic:",
                                             tooltip="Which kind of question to practise",
                                             layout=widgets.Layout(width="24em"))
        self.heading = widgets.HTML()
        self.table = widgets.HTML()
        self.question = widgets.HTML()
        # text, not a clamped number box: anything typed is read on Check or Enter (never on leaving
        # the box) and explained if it is not a number of points
        self.answer_input = AnswerBox(
            value="", description="Points:", placeholder="0, 1, 2 ...",
            tooltip="How many points the last card scores (0 or more); press Enter or Check",
            layout=widgets.Layout(width="11em"), style={"description_width": "4em"},
        )
        self.answer_input.add_class("crib-points")
        self.check_button = mark_check(action_button("Check", "Check your answer", "primary"))
        self.reveal_button = action_button("Show me", "Show the answer with its reasons", "info")
        self.next_button = action_button("Next", "Go on to the next question", "")
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
                       self.hand_picker, buttons, self.feedback, footer, self.peek, out())
        self.check_button.on_click(lambda _: self._on_check())
        self.answer_input.on_enter(self._on_check)  # Enter in the box checks, as Check does
        self.reveal_button.on_click(lambda _: self._on_reveal())
        self.next_button.on_click(lambda _: self._on_next())
        self.topic_picker.observe(lambda _: self._on_topic(), names="value")

    # ---- the model's state, as the tests and the book read it ---------------------------------------
    tally = from_model("tally", "(questions right at the first try, questions tried).")
    scenario = from_model("scenario", "The `Scenario` on show.")
    answer = from_model("answer", "The engine's `Answer` to the question on show.")
    queue = from_model("queue")
    position = from_model("position")
    all_scenarios = from_model("all_scenarios")

    def show(self, scenario: Scenario) -> None:
        """Put a scenario on the table and ask its question (one not given to the drill is checked first)."""
        self.lesson.show(scenario)
        self._draw_question()

    def _draw_question(self) -> None:
        self.feedback.value = ""
        self.answer_input.value = ""
        self._set_prominent(self.check_button)
        s = self.scenario
        self.heading.value = (f'<div class="crib-sub">{esc(self.lesson.where())}</div>'
                              f'<div class="crib-big">{esc(s.title)}</div>'
                              + (f'<div class="crib-sub">{esc(s.story)}</div>' if s.story else ""))
        self._draw_table()
        asking_last = s.ask == "last"
        strong = s.ask == "strong"
        self.answer_input.layout.display = None if asking_last else "none"  # which card: Check alone
        self.hand_picker.layout.display = "none" if asking_last else None
        if asking_last:
            self.hand_picker.set_cards([])
            who, card = self.lesson.last_layer, self.answer.card
            verb = "score" if who == "You" else "scores"
            whose = possessive(who)
            extra = " It is the last card of the play." if s.final else ""
            self.question.value = (f'<div class="crib-big">How many points does {esc(whose)} '
                                   f"{card.pretty} score?</div>")
            self.set_status(f"Type the points {who.lower() if who == 'You' else who} "
                            f"{verb} for {card.pretty}, then press Enter or Check.{extra}")
        elif strong:
            self.hand_picker.set_cards([Card.parse(c) for c in s.hand])
            self.hand_picker.set_enabled(True)
            self.question.value = ('<div class="crib-big">Your turn: which card would a strong player '
                                   "lay?</div>")
            self.set_status("Choose a card from your hand (tap or click it, or press Tab to reach it and "
                            "Space to choose it), then press Check.")
        else:
            self.hand_picker.set_cards([Card.parse(c) for c in s.hand])
            self.hand_picker.set_enabled(True)
            goal = "scores the most now" if s.ask == "best" else "gives the least away"
            self.question.value = f'<div class="crib-big">Your turn: which card {goal}?</div>'
            self.set_status(f"Tap or click the card from your hand that {goal} (or press Tab to reach it "
                            "and Space to choose it), then press Check.")
        self._mark_chosen()  # nothing chosen yet: every card says so to screen readers
        self._draw_tally()
        self.peek.value = ('<details class="crib-peek"><summary>Open the answer</summary>'
                           f"{self._answer_html()}</details>")

    # ---- drawing ------------------------------------------------------------------------------
    def _draw_table(self) -> None:
        s = self.scenario
        players = f"{s.players} players" if s.players != 2 else "2 players"
        self.table.value = (play_row_html(s, four_colour=self.four_colour)
                            + f'<div class="crib-sub">{players}; in turn: {esc(", ".join(s.seats))}.</div>')

    def _answer_html(self) -> str:
        a = self.answer
        if self.scenario.ask == "last":
            reasons = "".join(f"<li>{esc(r)}</li>" for r in a.reasons) or "<li>no points</li>"
            return (f"<div>{a.card.pretty} scores <b>{a.points}</b>.</div>"
                    f'<ul class="crib-list">{reasons}</ul>')
        if self.scenario.ask == "strong":
            return self._strong_html()
        safest = self.scenario.ask == "safest"
        rows = []
        for card, pts, why in a.options:
            mark = " ★" if pts == a.points else ""
            mark += " (your choice)" if card == self.lesson.chosen else ""
            shown = "—" if pts is None else f"{pts:+.1f}".replace("-", "−") if safest else str(pts)
            why_text = esc("; ".join(why))
            # green says points won: a value that loses on average is drawn as a loss, its minus sign kept
            tone = "crib-pts crib-neg" if pts is not None and pts < 0 else "crib-pts"
            rows.append(f'<li><span class="{tone}">{shown}</span> {_card_words(card)}{mark}: {why_text}</li>')
        best = join_words((c.pretty for c in a.best_cards), "or")
        head = (f"<div>Safest: <b>{best}</b> (net {a.points:+.2f} on average).</div>" if safest
                else f"<div>Best: <b>{best}</b> for {a.points}.</div>")
        return f'{head}<ul class="crib-list">{"".join(rows)}</ul>'

    def _strong_html(self) -> str:
        """A strong player's card and why; then each card's worth to the end of the play (your points
        minus theirs, on average), as our strongest computer player weighs it, with its reason."""
        a = self.answer
        best = join_words((c.pretty for c in a.best_cards), "or")
        first = next(why for card, pts, why in a.options if card in a.best_cards)
        rows = []
        for card, pts, why in a.options:
            mark = " ★" if a.is_best(pts) else ""
            mark += " (your choice)" if card == self.lesson.chosen else ""
            shown = "—" if pts is None else f"{pts:+.1f}".replace("-", "−")
            tone = "crib-pts crib-neg" if pts is not None and pts < 0 else "crib-pts"
            # a card's stored reason compares the right card with it, and the right card's own is the
            # comparison with the tempting card: that card's line points up rather than say it twice
            said = ("" if a.is_best(pts) else ": the reason above" if why[0] == first[0]
                    else f": {esc(why[0])}")
            rows.append(f'<li><span class="{tone}">{shown}</span> {_card_words(card)}{mark}{said}</li>')
        note = f'<div class="crib-sub">{esc(a.note)}</div>' if a.note else ""
        return (f"<div>A strong player lays <b>{best}</b>. Why: {esc(first[0])}.</div>{note}"
                '<div class="crib-sub">What each card is worth to the end of the play, your points minus '
                "theirs on average, as our strongest computer player weighs it:</div>"
                f'<ul class="crib-list">{"".join(rows)}</ul>')

    def _draw_tally(self) -> None:
        self._kept = keep(self.lesson.records, self._kept)  # after every answer and Show me
        right, tried = self.tally
        where = self.lesson.where()
        where = where[0].lower() + where[1:]
        self.tally_view.value = (
            f'<div class="crib-tally">Right first time: {right} of {tried} · {where}</div>')

    # ---- callbacks ----------------------------------------------------------------------------
    def _on_check(self) -> None:
        self.went_live()
        if self.scenario.ask != "last" and not self.lesson.done:
            self._check_card()
            return
        if self.scenario.ask != "last" or self.lesson.done:
            return
        typed = self.answer_input.value
        result = self.lesson.check_points(typed)
        if result.problem:
            self.set_status(result.problem, "warn")
            return
        self._finish(result.right, f"You said {read_points(typed)}.")

    def _check_card(self) -> None:
        card = self.lesson.chosen
        result = self.lesson.check()
        if result.problem:
            self.set_status(result.problem, "warn")
            return
        if self.scenario.ask == "strong":
            if result.right:
                self._finish(True, f"A strong player lays {card.pretty} here.")
                return
            # the stored reason for a card says what the better card does that this one does not
            why = next(w for c, _, w in self.answer.options if c == card)
            self._finish(False, f"A strong player would not lay {card.pretty} here: {why[0]}.")
            return
        _, pts, why = next(o for o in self.answer.options if o[0] == card)
        if self.scenario.ask == "safest":  # what this card leaves, in its own terms
            self._finish(result.right,
                         f"You chose {card.pretty}: it {why[0]}; {why[1]} ({pts:+.2f} on average).")
            return
        self._finish(result.right, f"You chose {card.pretty} for {pts}.")

    def _on_pick(self, card: Card) -> None:
        self.went_live()
        if self.scenario.ask == "last" or self.lesson.done:
            return
        result = self.lesson.choose(card)  # chosen now, judged when the learner presses Check
        if result.problem:
            self.set_status(result.problem, "warn")
            return
        self._mark_chosen()
        asks = "if a strong player would lay it" if self.scenario.ask == "strong" else "how it does"
        self.set_status(f"You chose {card.pretty}. Press Check to see {asks}, or choose another card.")

    def _finish(self, ok: bool, said: str) -> None:
        if ok:
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
        alone: screen readers hear "five of hearts, your choice", and the page says aria-pressed for a
        card of class `CHOICE_CLASS`); the others stand down."""
        for card, button in zip(self.hand_picker.cards, self.hand_picker.buttons, strict=True):
            button.add_class(CHOICE_CLASS)
            if card == self.lesson.chosen:
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
        self.lesson.reveal()
        self.hand_picker.set_enabled(False)
        self._mark_chosen()
        self.feedback.value = self._answer_html()
        self._set_prominent(self.next_button)
        self.set_status("Here is the answer with every reason. Press Next for the next question.")
        self._draw_tally()

    def _on_next(self) -> None:
        self.went_live()
        self.lesson.next()
        self._draw_question()

    def _on_topic(self) -> None:
        self.went_live()
        self.lesson.select(self.topic_picker.value)
        self._draw_question()


def _card_words(card: Card) -> str:
    """A card in a list of answers: its face, named in words for screen readers (a value drawn
    beside it, such as +2.9, never runs into the card's rank when read aloud)."""
    return f'<span role="img" aria-label="{esc(card.name)}" title="{esc(card.name)}">{card.pretty}</span>'


def play_row_html(s: Scenario, *, four_colour: bool = False) -> str:
    """The play so far as the table shows it: each card with its player and the running count (a go
    as an empty card), the card asked about lit, and the count."""
    slots, count = [], 0
    last = max((i for i, e in enumerate(s.plays) if e.upper() != GO), default=-1)
    for index, entry in enumerate(s.plays):
        seat = s.seats[index % s.players]
        if entry.upper() == GO:
            slots.append(f'<span class="crib-slot"><span class="crib-card crib-empty crib-small" '
                         f'role="img" aria-label="{esc(name_verb(seat, "says go"))}">go</span>'
                         f'<span class="crib-tag">{esc(seat)}</span></span>')
            continue
        card = Card.parse(entry)
        count += card.value
        lit = s.ask == "last" and index == last
        slots.append(card_html(card, four_colour=four_colour, lit=lit, tag=f"{seat} · {count}"))
    row = "crib-row crib-top" if slots else "crib-row"
    return (f'<div class="{row}"><span class="crib-label">On the table</span>'
            f'<span class="crib-cards">{"".join(slots) or "nothing laid yet: you lead"}</span>'
            f'<span class="crib-gap"></span><span title="the running count"><span class="crib-label">count'
            f'</span><span class="crib-count">{count}</span></span></div>')
