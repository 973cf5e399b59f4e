"""Cards on screen: HTML cards for showing, and card buttons for choosing.

Every card prints its rank and suit symbol, is coloured by suit (two colours, or four with
``four_colour=True``) and carries its name in words (``aria-label``/tooltip), so colour is never the
only clue and screen readers say "ten of hearts".

>>> from crib_widgets.cards import Card
>>> 'aria-label="ten of hearts"' in card_html(Card(10, "H"))
True
>>> picker = CardPicker("5H 5D JC 10S", max_selected=2)
>>> picker.buttons[0].description, picker.buttons[0].tooltip
('5♥', 'five of hearts')
>>> picker.buttons[0].value = True; picker.buttons[2].value = True
>>> [str(c) for c in picker.selected]
['5H', 'JC']
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

import ipywidgets as widgets

from ..cards import Card, parse_cards
from .styles import FOUR_COLOURS, SUIT_COLOURS, esc

__all__ = ["colour_class", "card_html", "back_html", "empty_html", "cards_html", "CardPicker"]


def colour_class(card: Card, four_colour: bool = False) -> str:
    """The CSS colour class of a card's suit."""
    return "crib-" + (FOUR_COLOURS if four_colour else SUIT_COLOURS)[card.suit]


def card_html(
    card: Card,
    *,
    four_colour: bool = False,
    lit: bool = False,
    dim: bool = False,
    small: bool = False,
    tag: str | None = None,
) -> str:
    """One face-up card; ``lit`` highlights it (it scores in this step), ``dim`` greys it out.

    ``tag`` prints a small caption under the card (who laid it, "starter" ...).
    """
    classes = ["crib-card", colour_class(card, four_colour)]
    classes += [name for name, on in (("crib-lit", lit), ("crib-dim", dim), ("crib-small", small)) if on]
    label = card.name + (" (scores in this step)" if lit else "")
    face = (
        f'<span class="{" ".join(classes)}" role="img" aria-label="{esc(label)}" title="{esc(card.name)}" '
        f'data-card="{card}">'  # the voice lights cards by this (lite/runtime/src/page/crib-voice.js)
        f'<span class="crib-rank" aria-hidden="true">{card.rank_text}</span>'
        f'<span class="crib-pip" aria-hidden="true">{card.pretty[-1]}</span></span>'
    )
    return _with_tag(face, tag)


def back_html(*, small: bool = False, tag: str | None = None, label: str = "a face-down card") -> str:
    """A card lying face down (an opponent's hand, the crib before the show)."""
    size = " crib-small" if small else ""
    face = (f'<span class="crib-card crib-back{size}" role="img" aria-label="{esc(label)}" '
            f'title="{esc(label)}"></span>')
    return _with_tag(face, tag)


def empty_html(*, small: bool = False, tag: str | None = None, label: str = "no card yet") -> str:
    """An empty place for a card (the starter before the cut)."""
    size = " crib-small" if small else ""
    face = f'<span class="crib-card crib-empty{size}" role="img" aria-label="{esc(label)}"></span>'
    return _with_tag(face, tag)


def _with_tag(face: str, tag: str | None) -> str:
    if tag is None:
        return face
    return f'<span class="crib-slot">{face}<span class="crib-tag">{esc(tag)}</span></span>'


def cards_html(
    cards: Iterable[Card],
    *,
    lit: Iterable[Card] = (),
    four_colour: bool = False,
    small: bool = False,
    tags: Sequence[str] | None = None,
    dim_unlit: bool = False,
    label: str | None = None,
) -> str:
    """A row of face-up cards; cards in ``lit`` are highlighted, the others dimmed with ``dim_unlit``."""
    lit_set = set(lit)
    cards = list(cards)
    faces = [
        card_html(
            c,
            four_colour=four_colour,
            lit=c in lit_set,
            dim=dim_unlit and c not in lit_set,
            small=small,
            tag=None if tags is None else tags[i],
        )
        for i, c in enumerate(cards)
    ]
    aria = f' role="group" aria-label="{esc(label)}"' if label else ""
    return f'<span class="crib-cards"{aria}>{"".join(faces)}</span>'


class CardPicker(widgets.HBox):
    """A row of card buttons, operable with the mouse and the keyboard (Tab, then Space or Enter).

    Each button shows the card's rank and suit and has the card's name in words as its tooltip; on
    the book's site a small script (``lite/runtime/src/page/crib-a11y.js``) makes that tooltip the button's
    accessible name and a chosen card ``aria-pressed="true"``, since ipywidgets buttons have no
    ARIA traits. When the cards change after a move, keyboard focus stays in the row.

    With ``mode="toggle"`` (for discarding) the cards are toggle buttons and at most
    ``max_selected`` stay selected: choosing one more releases the oldest choice. With
    ``mode="click"`` (for the play) each card is a button and ``on_pick(card)`` is called when it is
    pressed. Disabled cards and buttons left over from an earlier hand never call back.

    Attributes: ``buttons`` (one per card, in order), ``cards``, ``selected``.
    """

    def __init__(
        self,
        cards: Iterable[Card | str] | str = (),
        *,
        mode: str = "toggle",
        max_selected: int | None = None,
        four_colour: bool = False,
        on_pick: Callable[[Card], None] | None = None,
        on_change: Callable[[tuple[Card, ...]], None] | None = None,
        verb: str = "select",
    ) -> None:
        if mode not in ("toggle", "click"):
            raise ValueError(f"mode {mode!r} is not known: use 'toggle' or 'click'")
        super().__init__()
        self.add_class("crib-row")
        self.add_class("crib-picker")
        # The site's a11y script (lite/runtime/src/page/crib-a11y.js) keeps keyboard focus in this row when
        # its buttons are replaced after a move, instead of letting it fall to the page.
        self.add_class("crib-keepfocus")
        self.mode = mode
        self.max_selected = max_selected
        self.four_colour = four_colour
        self.on_pick = on_pick
        self.on_change = on_change
        self.verb = verb
        self.cards: tuple[Card, ...] = ()
        self.buttons: list[widgets.ToggleButton | widgets.Button] = []
        self._order: list[Card] = []
        self._generation = 0
        self._reverting = False
        self.set_cards(cards)

    @property
    def selected(self) -> tuple[Card, ...]:
        """The selected cards, in the order they were chosen."""
        return tuple(self._order)

    def set_cards(self, cards: Iterable[Card | str] | str, enabled: Iterable[Card] | None = None) -> None:
        """Show new cards (all enabled, or only those in ``enabled``); the selection is cleared."""
        cards = tuple(parse_cards(cards))
        self._generation += 1
        self.cards = cards
        self._order = []
        old, self.buttons = self.buttons, [self._button(card, self._generation) for card in self.cards]
        self.children = tuple(self.buttons)
        for button in old:
            button.close()  # a long game would otherwise keep every hand's buttons alive
        if enabled is not None:
            self.set_enabled(enabled)

    def set_enabled(self, enabled: Iterable[Card] | bool) -> None:
        """Enable only the given cards (``True``/``False`` for all of them)."""
        allowed = set(self.cards) if enabled is True else set() if enabled is False else set(enabled)
        for card, button in zip(self.cards, self.buttons, strict=True):
            button.disabled = card not in allowed
            button.tooltip = card.name if card in allowed else f"{card.name} (not available now)"

    def clear(self) -> None:
        """Release every selected card."""
        order, self._order = self._order, []
        for button in self.buttons:
            if isinstance(button, widgets.ToggleButton) and button.value:
                button.value = False
        if order:
            self._notify()

    def select(self, cards: Iterable[Card | str]) -> None:
        """Select exactly these cards (as if clicked), e.g. to show the advice on screen."""
        self.clear()
        wanted = parse_cards(cards)
        for card in wanted:
            if card in self.cards:
                self.buttons[self.cards.index(card)].value = True

    def _button(self, card: Card, generation: int) -> widgets.ToggleButton | widgets.Button:
        if self.mode == "click":
            button = widgets.Button(description=card.pretty, tooltip=card.name)
            button.on_click(lambda b, c=card, g=generation: self._clicked(b, c, g))
        else:
            button = widgets.ToggleButton(value=False, description=card.pretty, tooltip=card.name)
            button.observe(lambda ch, c=card, g=generation: self._toggled(ch, c, g), names="value")
        button.add_class("crib-cardbtn")
        button.add_class(colour_class(card, self.four_colour))
        return button

    def _clicked(self, button: widgets.Button, card: Card, generation: int) -> None:
        if generation != self._generation or button.disabled or self.on_pick is None:
            return
        self.on_pick(card)

    def _toggled(self, change: dict, card: Card, generation: int) -> None:
        button = change["owner"]
        if self._reverting:
            return
        if generation != self._generation or button.disabled:
            # A stale or disabled card must not change the choice: put it back quietly.
            self._reverting = True
            try:
                button.value = change["old"]
            finally:
                self._reverting = False
            return
        if change["new"]:
            if card not in self._order:
                self._order.append(card)
            while self.max_selected is not None and len(self._order) > self.max_selected:
                oldest = self._order.pop(0)
                self.buttons[self.cards.index(oldest)].value = False
        elif card in self._order:
            self._order.remove(card)
        self._notify()

    def _notify(self) -> None:
        if self.on_change is not None:
            self.on_change(self.selected)
