"""The review of a game drawn as HTML: the costliest decisions first, each with its position.

`review_html` draws a `crib_widgets.strategy.review.Review`: the one-line verdict, the three
costliest decisions (the cards held, the pile and the count, the starter, the board as it stood,
what was done, what the expert would have done and why), the points lost in each phase, and a
chart of the points lost in each deal (the package's own SVG, so it draws on a live page too).

>>> from crib_widgets.table import Table
>>> table = Table(seats=("beginner", "intermediate"), seed=5, names=("Ann", "Computer"))
>>> _ = table.play_out()
>>> html = review_html(table.review(deals=(1, 2)), table.game)
>>> "Costliest 3 decisions" in html and html.count("<svg") >= 2
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..charts import Series, bar_chart
from ..colours import COLOURS
from ..strategy.review.model import ReviewPhase
from ..table.ending import game_verdict
from ..words import plural
from .board import board_svg
from .cards_view import card_html, cards_html, empty_html
from .styles import esc

if TYPE_CHECKING:
    from ..game import Game
    from ..strategy.review import Decision, Review

__all__ = ["review_html", "decision_html", "PHASE_WORDS"]

PHASE_WORDS = {ReviewPhase.DISCARD: "the discard", ReviewPhase.PLAY: "the play",
               ReviewPhase.COUNT: "counting (Muggins)"}
_STYLE = (
    "<style>.crib-review .crib-table{border-collapse:collapse;margin:4px 0}"
    ".crib-review .crib-table caption{text-align:left;font-weight:600;padding-bottom:2px}"
    ".crib-review .crib-table th,.crib-review .crib-table td{border-bottom:1px solid " + COLOURS["grid"] + ";"
    "padding:2px 12px 2px 0;text-align:left}.crib-review .crib-table td{font-variant-numeric:tabular-nums}"
    ".crib-review .crib-miniboard svg{width:100%;height:auto}.crib-review .crib-chart svg{max-width:100%;"
    "height:auto}.crib-review .crib-decision{display:flex;flex-direction:column;gap:4px}</style>"
)


def review_html(review: Review, game: Game, *, four_colour: bool = False, title: str = "") -> str:
    """The whole review as HTML (see the module's docstring)."""
    heading = title or (
        "Review of your game"
        if len(review.deals) > 1
        else f"Review of deal {review.deals[0]}"
        if review.deals
        else "Review"
    )
    parts = [
        _STYLE,
        f'<div class="crib-big">{esc(heading)}</div>',
        f'<div class="crib-status crib-ok" role="note"><b>Verdict:</b> '
        f"{esc(game_verdict(review, game, review.seat))}</div>",
    ]
    worst = review.costliest(3)
    if worst:
        parts.append(
            f'<div class="crib-label">Costliest {plural(len(worst), "decision")}, the worst first</div>'
        )
        parts += [decision_html(d, game, rank, four_colour=four_colour) for rank, d in enumerate(worst, 1)]
    else:
        parts.append("<div>No decision cost a tenth of a point or more: nothing to point out.</div>")
    parts.append(_totals_html(review, game))
    parts.append(_chart_html(review))
    parts.append(f'<div class="crib-note">{esc(_method_note(review))}</div>')
    return f'<section class="crib-col crib-review" aria-label="{esc(heading)}">{"".join(parts)}</section>'


def decision_html(decision: Decision, game: Game, rank: int = 1, *, four_colour: bool = False) -> str:
    """One decision: where it was made, what was done and cost, what the expert would do and why."""
    p = decision.position
    phase = PHASE_WORDS[decision.phase]
    cost = f"{decision.cost:.1f} points" if round(decision.cost, 1) != 1 else "1.0 point"
    head = f"<div><b>{rank}. Deal {decision.deal}, {esc(phase)}</b> · costs {cost} on average</div>"
    if decision.phase == ReviewPhase.DISCARD:
        dealer = "your crib" if p.dealer == decision.seat else f"{game.names[p.dealer]}'s crib"
        table = (
            f'<div class="crib-row crib-top"><span class="crib-label">dealt</span>'
            f"{_marked(decision, four_colour, 'the cards dealt')}"
            f'<span class="crib-sub">to {esc(dealer)}</span></div>'
        )
    elif decision.phase == ReviewPhase.PLAY:
        pile = (
            cards_html(p.pile, small=True, four_colour=four_colour, label="cards laid since the count was 0")
            if p.pile
            else '<span class="crib-sub">nothing laid yet: you lead</span>'
        )
        starter = (
            card_html(p.starter, four_colour=four_colour, small=True, tag="starter")
            if p.starter
            else empty_html(small=True, tag="starter")
        )
        table = (
            f'<div class="crib-row crib-top"><span class="crib-label">held</span>'
            f"{_marked(decision, four_colour, 'the cards held')}"
            f'<span class="crib-gap"></span>{starter}<span class="crib-gap"></span>'
            f'<span class="crib-label">count</span> <span class="crib-count">{p.count}</span>{pile}</div>'
        )
    else:
        starter = (
            card_html(p.starter, four_colour=four_colour, small=True, tag="starter") if p.starter else ""
        )
        table = (
            f'<div class="crib-row crib-top"><span class="crib-label">counted</span>'
            f"{cards_html(p.counted, four_colour=four_colour, label='the cards counted')}{starter}</div>"
        )
    board = _board(game, p.scores)
    return (
        f'<div class="crib-seat crib-decision">{head}{table}{board}'
        f"<div><b>You:</b> {esc(decision.done.words)}. <b>The expert:</b> {esc(decision.best.words)}.</div>"
        f"<div><b>Why:</b> {esc(_sentence(decision.reason))}</div></div>"
    )


def _marked(decision: Decision, four_colour: bool, label: str) -> str:
    """The cards held, each choice tagged: "you" under the learner's, "expert" under the expert's."""
    done, best = set(decision.done.cards), set(decision.best.cards)
    verb = ("threw", "throws") if decision.phase == ReviewPhase.DISCARD else ("laid", "lays")
    tags = [
        f"both {verb[0]}"
        if c in done and c in best
        else f"you {verb[0]}"
        if c in done
        else f"expert {verb[1]}"
        if c in best
        else ""
        for c in decision.position.hand
    ]
    return cards_html(decision.position.hand, four_colour=four_colour, lit=best, tags=tags, label=label)


def _board(game: Game, scores: tuple[int, ...]) -> str:
    if not scores:
        return ""
    rules = game.rules
    names = [game.side_name(s).replace(" and ", " & ") for s in range(rules.sides)]
    pegs = [(s, s) for s in scores]
    said = ", ".join(f"{n} {s}" for n, s in zip(names, scores, strict=True))
    return (
        f'<div class="crib-board crib-miniboard" style="max-width:26em">'
        f"{board_svg(rules.target, names, pegs)}</div>"
        f'<div class="crib-sub">The board then: {esc(said)}.</div>'
    )


def _sentence(text: str) -> str:
    text = text.strip()
    if not text:
        return ""
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def _totals_html(review: Review, game: Game) -> str:
    totals = review.totals()
    phases = [p for p in totals if p != ReviewPhase.COUNT or game.rules.muggins]
    rows = "".join(
        f'<tr><th scope="row">{esc(PHASE_WORDS[p].capitalize())}</th><td>{totals[p]:.1f}</td>'
        f"<td>{sum(1 for d in review.decisions if d.phase == p and d.is_mistake)}</td></tr>"
        for p in phases
    )
    parts = round(sum(round(totals[p], 1) for p in phases), 1)
    rounded = ("" if parts == round(review.total, 1)
               else " (each rounded to a tenth, so they may not add up exactly)")
    return (
        f'<table class="crib-table"><caption>Points lost on average, by phase{rounded}</caption>'
        '<thead><tr><th scope="col">Phase</th><th scope="col">Points lost</th>'
        f'<th scope="col">Mistakes</th></tr></thead><tbody>{rows}'
        f'<tr><th scope="row">All</th><td><b>{review.total:.1f}</b></td>'
        f"<td>{sum(d.is_mistake for d in review.decisions)}</td></tr></tbody></table>"
    )


def _chart_html(review: Review) -> str:
    per_deal = review.per_deal()
    if not per_deal:
        return ""
    categories = [str(deal) for deal, _ in per_deal]
    values = [round(lost, 1) for _, lost in per_deal]
    said = ", ".join(f"deal {deal} {lost:.1f}" for deal, lost in per_deal)
    chart = bar_chart(
        categories,
        [Series("points lost", values, COLOURS["crimson"])],
        title="Points lost per deal",
        label=said,
        y_label="points lost",
        width=max(300, min(640, 60 * len(categories) + 120)),
    )
    return f'<div class="crib-chart">{chart}</div>'


def _method_note(review: Review) -> str:
    """How to read a cost, in a player's words (how the costs are worked out: strategy/review/)."""
    hidden = any(d.samples for d in review.decisions)
    guessed = (" The cards you could not see are guessed from what you had seen, as a good player would."
               if hidden else "")
    return ("A cost is how many points a choice gave away on average, compared with the best choice: "
            "for a throw, what the hand, the crib and the pegging of the kept cards were likely to make; "
            "for a card in the play, what the rest of the play was likely to bring." + guessed
            + " A choice that costs less than a tenth of a point counts as the best.")
