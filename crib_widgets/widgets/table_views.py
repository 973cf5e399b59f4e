"""HTML pieces of the game table: the other seats, the cards on the table, the show and the log.

Each function draws from the game's public state or events only; nothing here decides a rule.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..game.kinds import EventKind, Phase
from ..table.ending import final_text
from ..table.prompts import whose as seat_possessive
from ..table.show import show_groups
from ..voice import count_player
from .cards_view import back_html, card_html, cards_html, empty_html
from .styles import SIDE_COLOURS, esc

if TYPE_CHECKING:
    from ..game import Event, Game
    from ..table import Advice

__all__ = [
    "advice_html",
    "crib_owner",
    "event_line",
    "log_html",
    "seats_html",
    "show_groups",
    "show_html",
    "table_html",
    "whose",
]



def whose(game: Game, seat: int, you: int = 0, *, capital: bool = False) -> str:
    """A seat's possessive as the engine says it: "your" for the learner, "Ann's", "Across'"."""
    said = seat_possessive(game, seat, you)  # the table's prompts say it so too
    return "Your" if capital and seat == you else said


def crib_owner(game: Game, seat: int, you: int = 0) -> str:
    """Whose the crib is, after "the crib is": "yours", "Ann's", "Across'"."""
    return "yours" if seat == you else whose(game, seat, you)


def _dot(side: int) -> str:
    return f'<span class="crib-dot" style="background:{SIDE_COLOURS[side % 4]}"></span>'


def seats_html(game: Game, you: int, four_colour: bool = False) -> str:
    """The other players: cards held (face down), cards laid this deal, dealer and go marks.

    ``you`` -1 draws every seat (the device is being passed: nobody's cards are face up).
    """
    rules = game.rules
    boxes = []
    for seat in range(rules.players):
        if seat == you:
            continue
        held = len(game.hands[seat])
        marks = []
        if seat == game.dealer:
            marks.append("dealer")
        if rules.partners and you >= 0 and rules.side_of(seat) == rules.side_of(you):
            marks.append("your partner")
        if seat in game.said_go:
            marks.append("said go")
        turn = game.whose_turn == seat and game.phase in (Phase.PLAY, Phase.ANNOUNCE, Phase.ANSWER)
        badge = f' <span class="crib-sub">({", ".join(marks)})</span>' if marks else ""
        backs = "".join(
            back_html(small=True, label=f"{whose(game, seat, you)} card, face down") for _ in range(held)
        )
        laid = (
            cards_html(
                game.played[seat], small=True, four_colour=four_colour, label=f"laid by {game.names[seat]}"
            )
            if game.played[seat]
            else ""
        )
        turn_class = " crib-turn" if turn else ""
        status = " · to play" if turn else ""
        boxes.append(
            f'<div class="crib-seat{turn_class}">{_dot(rules.side_of(seat))}<b>{esc(game.names[seat])}</b>'
            f'{badge}<span class="crib-sub">{status}</span><div class="crib-row">'
            + (f'<span class="crib-cards" aria-label="{held} cards held">{backs}</span>' if backs else "")
            + ("" if backs or laid else '<span class="crib-sub">no cards in hand</span>')
            + f"{laid}</div></div>"
        )
    return f'<div class="crib-row">{"".join(boxes)}</div>'


def table_html(game: Game, four_colour: bool = False, you: int = 0) -> str:
    """The starter, the cards laid since the count was 0 with who laid them, the count and the crib."""
    if game.starter is None:
        starter = empty_html(tag="starter", label="the starter is cut after the discards")
    else:
        starter = card_html(game.starter, four_colour=four_colour, tag="starter")
    laid_by = _pile_layers(game)
    pile = (
        "".join(card_html(c, four_colour=four_colour, small=True, tag=laid_by.get(c, "")) for c in game.pile)
        or '<span class="crib-sub">no cards laid in this count yet</span>'
    )
    owner = whose(game, game.dealer, you)
    crib = "".join(back_html(small=True, label="crib card, face down") for _ in game.crib)
    return (
        f'<div class="crib-row crib-top">{starter}<span class="crib-gap"></span>'
        f'<span><span class="crib-label">count</span> <span class="crib-count" title="the running count">'
        f"{game.count}</span></span>"
        f'<span class="crib-cards" role="group" aria-label="cards laid since the count was 0">{pile}</span>'
        f'<span class="crib-gap"></span><span class="crib-slot"><span class="crib-cards">{crib or ""}</span>'
        f'<span class="crib-tag">{esc(owner)} crib ({len(game.crib)})</span></span></div>'
    )


def _pile_layers(game: Game) -> dict:
    owners = {}
    for seat, cards in enumerate(game.played):
        for card in cards:
            owners[card] = game.names[seat]
    return owners


def show_html(
    game: Game, groups: list[list[Event]], lit: tuple = (), lit_group: int = -1, four_colour: bool = False
) -> str:
    """Every hand and crib counted in the show, with its cards, the count aloud and every reason."""
    blocks = []
    for index, group in enumerate(groups):
        shown = next((e for e in group if e.kind == EventKind.SHOW), None)
        lines = [f"<div>{esc(e.text)}</div>" for e in group if e.kind != EventKind.SHOW]
        if shown is None:
            blocks.append(f'<div class="crib-seat">{"".join(lines)}</div>')
            continue
        score = shown.score
        glow = lit if index == lit_group else ()
        counting = index == lit_group
        hand = cards_html(score.hand, lit=glow, four_colour=four_colour, dim_unlit=counting)
        starter = card_html(
            score.starter,
            four_colour=four_colour,
            lit=score.starter in glow,
            dim=counting and score.starter not in glow,
            tag="starter",
        )
        items = "".join(
            f'<li><span class="crib-pts">{i.points}</span>{esc(i.reason)}</li>' for i in score.items
        )
        blocks.append(
            f'<div class="crib-seat" data-voice-scope>{_dot(shown.side)}<b>{esc(shown.text)}</b>'
            f'<div class="crib-showhand">'
            f'<div class="crib-row crib-top">{hand}<span class="crib-gap"></span>{starter}</div><div>'
            f'<div class="crib-say">{esc(score.aloud())}</div>'
            + count_player(score, label="Hear the count")
            + (f'<ul class="crib-list">{items}</ul>' if items else "")
            + "".join(lines)
            + "</div></div></div>"
        )
    return f'<div class="crib-col">{"".join(blocks)}</div>' if blocks else ""


def event_line(event: Event, game: Game | None = None) -> str:
    """An event in words for the log: the engine's sentence plus, for the play, the cards of each reason.

    With the ``game``, the game-over sentence gives the scores as they stand in the game hole.
    """
    text = event.text if game is None else final_text(event, game)
    # a reason that is only its name (the go, the last card) is said already: "pegs 1 for the go"
    cards = [i.reason for i in event.play_score.items if i.reason != i.kind] if event.play_score else []
    return f"{text} ({'; '.join(cards)})" if cards else text


def log_html(events: Sequence[Event], limit: int = 60, game: Game | None = None) -> str:
    """The latest events, newest first (the log scrolls)."""
    shown = [e for e in events if e.kind != EventKind.CUT_FOR_DEAL][-limit:]
    rows = "".join(f"<div>{esc(event_line(e, game))}</div>" for e in reversed(shown))
    # tabindex: the log scrolls, so a keyboard user must be able to reach it and scroll it
    return (f'<div class="crib-log" role="log" tabindex="0" aria-label="what happened, newest first">'
            f"{rows}</div>")


def advice_html(advice: Advice) -> str:
    """"Show me": the best throw or card, why, and the best three throws or each card's worth."""
    best = " ".join(c.pretty for c in advice.best)
    if advice.phase == Phase.DISCARD:
        rows = "".join(
            f"<li><b>{' '.join(c.pretty for c in o.discard)}</b>: hand {o.hand_ev:.1f}, crib "
            f"{o.crib_ev:.1f}, net {o.total_ev:+.1f}</li>"
            for o in advice.discard[:3]
        )
        return (
            f'<div class="crib-seat"><b>Show me:</b> throw {esc(best)} (raised for you).'
            f'<div>{esc(advice.why)}</div>'
            f'<div class="crib-sub">The best three throws (average points):</div>'
            f'<ul class="crib-list">{rows}</ul></div>'
        )
    rows = "".join(f"<li><b>{cards[0].pretty}</b>: {value:+.1f}</li>" for cards, value in advice.options)
    return (
        f'<div class="crib-seat"><b>Show me:</b> lay the {esc(advice.best[0].name)} ({esc(best)}).'
        f'<div>{esc(advice.why)}</div><div class="crib-sub">Each card\'s average worth to you '
        f"(points now, less the answer, plus your reply):</div>"
        f'<ul class="crib-list">{rows}</ul></div>'
    )
