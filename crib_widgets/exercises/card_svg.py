"""Cards drawn as small inline SVG: rank and suit in text, so they read in print and to screen readers.

>>> svg = card_svg(Card(7, "H"))
>>> 'aria-label="seven of hearts"' in svg and ">7<" in svg and "♥" in svg
True
"""

from __future__ import annotations

from html import escape

from ..cards import SUIT_INK, Card
from ..colours import COLOURS
from ..words import name_verb

__all__ = ["card_svg", "go_svg", "CARD_CSS"]

_FONT = "'DejaVu Sans', 'Segoe UI Symbol', 'Noto Sans Symbols', Arial, sans-serif"

# Styles the cards need; the exports put them in their <style> once.
CARD_CSS = (
    "\nsvg.card { display: inline-block; vertical-align: top; margin: 0 3px; }\n"
    f"svg.card text {{ font-family: {_FONT}; }}\n"
    "svg.card.asked rect.face { stroke: var(--crib-print); stroke-width: 3.5; }\n"
    "@media print { svg.card { break-inside: avoid; } }\n"
)


def card_svg(card: Card, *, width: int = 54, asked: bool = False, note: str = "") -> str:
    """One card as an ``<svg>`` element. ``asked`` draws a heavy border (the card in question)."""
    height = round(width * 84 / 60)
    colour = SUIT_INK[card.suit]
    symbol = card.pretty[-1]
    rank = card.rank_text
    label = escape(card.name + (f", {note}" if note else ""))
    centre = rank if card.rank in (1, 11, 12, 13) else symbol
    big = 30 if centre == symbol else 28
    css = "card asked" if asked else "card"
    return (
        f'<svg class="{css}" viewBox="0 0 60 84" width="{width}" height="{height}" role="img" '
        f'aria-label="{label}"><title>{label}</title>'
        f'<rect class="face" x="1.5" y="1.5" width="57" height="81" rx="6" fill="{COLOURS["paper"]}" '
        f'stroke="{COLOURS["print-soft"]}" '
        f'stroke-width="1.5"/>'
        f'<g fill="{colour}">'
        f'<text x="6" y="18" font-size="15" font-weight="bold">{rank}</text>'
        f'<text x="6" y="33" font-size="14">{symbol}</text>'
        f'<text x="30" y="{52 if centre == symbol else 51}" font-size="{big}" text-anchor="middle" '
        f'dominant-baseline="middle">{centre}</text>'
        f'<text x="54" y="78" font-size="14" text-anchor="end">{symbol}</text>'
        f"</g></svg>"
    )


def go_svg(seat: str, *, width: int = 54) -> str:
    """A blank tile for a player saying go, labelled in text."""
    height = round(width * 84 / 60)
    label = escape(name_verb(seat, "says go"))  # "You say go", "Left says go"
    return (
        f'<svg class="card go" viewBox="0 0 60 84" width="{width}" height="{height}" role="img" '
        f'aria-label="{label}"><title>{label}</title>'
        f'<rect x="1.5" y="1.5" width="57" height="81" rx="6" fill="{COLOURS["paper"]}" '
        f'stroke="{COLOURS["print-faint"]}" stroke-width="1.5" '
        f'stroke-dasharray="5 3"/>'
        f'<text x="30" y="46" font-size="18" text-anchor="middle" font-weight="bold" '
        f'fill="{COLOURS["print-go"]}">GO</text>'
        f"</svg>"
    )
