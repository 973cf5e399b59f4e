"""After a game: the score race and the points of each side by phase, from the game's events.

The result said over the charts is `final_result`'s, the same line as the game table's (a side that
reaches the target stops in the game hole).

`points_by_phase` needs nothing but the events. `race_chart_html` draws both charts in the package's
own SVG (`crib_widgets.charts`), so a live page draws them without numpy or matplotlib; `score_race_figure`
draws the same with matplotlib, which is imported only there, for the book's static figures.

>>> from crib_widgets.game import Game
>>> import random
>>> g, rng = Game(seed=2, dealer=0), random.Random(2)
>>> while not g.is_over:
...     _ = g.apply(rng.choice(g.legal_moves()))
>>> table = points_by_phase(g)
>>> [sum(row.values()) for row in table] == list(final_result(g).scores)
True
>>> html = race_chart_html(g)
>>> html.count("<svg"), g.result.text in html
(2, True)
"""

from __future__ import annotations

import base64
import io
from typing import TYPE_CHECKING

from ..game.kinds import EventKind, Part
from ..table.ending import final_result

if TYPE_CHECKING:
    from matplotlib.figure import Figure

    from ..game import Event, Game

__all__ = ["PHASE_NAMES", "phase_of", "points_by_phase", "used_phases", "score_race", "race_chart_html",
           "score_race_figure", "figure_html"]

PHASE_NAMES = ("play", "hands", "crib", "his heels", "Muggins", "10 back")


def phase_of(event: Event) -> str | None:
    """Which phase an event's points belong to (None for events that score nothing)."""
    kind = event.kind
    if kind.scores and kind.part == Part.PLAY:
        return "play"
    if kind in (EventKind.SHOW, EventKind.ANNOUNCE):
        return "crib" if event.is_crib else "hands"
    if kind == EventKind.HEELS:
        return "his heels"
    if kind == EventKind.MUGGINS:
        return "Muggins"
    if kind == EventKind.TEN_BACK:
        return "10 back"
    return None


def points_by_phase(game: Game) -> list[dict[str, int]]:
    """Per side, the points gained (or lost) in each phase, as the board counts them: a side stops
    in the game hole, so the points its last counts carried past the target count for nothing. Each
    side's values sum to its score as the result says it (`final_result`) less any starting score."""
    table = [dict.fromkeys(PHASE_NAMES, 0) for _ in game.scores]
    scored = [(e, phase_of(e)) for e in game.events if e.points and e.side is not None]
    for event, phase in scored:
        if phase is not None:
            table[event.side][phase] += event.points
    if game.result is None:
        return table
    for side, (score, said) in enumerate(zip(game.scores, final_result(game).scores, strict=True)):
        past = score - said  # points past the game hole: taken off the side's last gains
        for event, phase in reversed(scored):
            if past <= 0:
                break
            if event.side == side and phase is not None and event.points > 0:
                cut = min(past, event.points)
                table[side][phase] -= cut
                past -= cut
    return table


def score_race(game: Game) -> tuple[list[int], list[list[int]], list[int]]:
    """(x positions, scores per side after each scoring event, x positions where a deal began)."""
    scores = [list(game.scores)]  # fill backwards from the end so starting scores are kept
    totals = list(game.scores)
    points_events = [e for e in game.events if e.points and e.side is not None]
    for event in reversed(points_events):
        totals[event.side] -= event.points
        scores.append(list(totals))
    scores.reverse()
    xs, deals, step = [0], [], 0
    for event in game.events:
        if event.kind == EventKind.DEAL:
            deals.append(step)
        elif event.points and event.side is not None:
            step += 1
            xs.append(step)
    per_side = [[row[side] for row in scores] for side in range(len(game.scores))]
    target = game.rules.target  # the winner stops in the game hole, as the board and the result say
    for ys in per_side:
        for i in range(len(ys) - 1, -1, -1):  # its last counts, past the hole to the end
            if ys[i] <= target:
                break
            ys[i] = target
    return xs, per_side, deals


def used_phases(table: list[dict[str, int]]) -> list[str]:
    """The phases a game's rules and luck used (no empty Muggins bar in a standard game)."""
    return [p for p in PHASE_NAMES if any(row[p] for row in table)] or ["play"]


def race_chart_html(game: Game) -> str:
    """The score race and the points by phase as two SVG charts (no numpy or matplotlib needed)."""
    from ..charts import Series, bar_chart, chart_row, line_chart

    names = [game.side_name(s) for s in range(len(game.scores))]
    xs, per_side, deals = score_race(game)
    ends = [ys[-1] for ys in per_side] if game.result is None else final_result(game).scores
    finals = ", ".join(f"{n} {end}" for n, end in zip(names, ends, strict=True))
    race = line_chart(
        xs, [Series(n, ys) for n, ys in zip(names, per_side, strict=True)], title="The race",
        label=f"scores after each scoring event, {len(deals)} deals; at the end {finals}",
        x_label="scoring events (grey lines: new deals)", y_max=game.rules.target + 5, step=True,
        marks=[(game.rules.target, f"game {game.rules.target}")], x_marks=deals,
    )
    table = points_by_phase(game)
    phases = used_phases(table)
    said = "; ".join(f"{n}: " + ", ".join(f"{p} {row[p]}" for p in phases)
                     for n, row in zip(names, table, strict=True))
    sides = [Series(n, [row[p] for p in phases]) for n, row in zip(names, table, strict=True)]
    bars = bar_chart(phases, sides, title="Points by phase", label=said, y_label="points")
    caption = final_result(game).text if game.result is not None else ""
    return chart_row(race, bars, caption=caption)


def score_race_figure(game: Game) -> Figure:
    """A figure: the race of the scores (left) and each side's points by phase (right)."""
    from matplotlib.figure import Figure

    from ..colours import COLOURS, SIDES

    names = [game.side_name(s) for s in range(len(game.scores))]
    xs, per_side, deals = score_race(game)
    fig = Figure(figsize=(10, 4), dpi=100, layout="constrained")
    race, bars = fig.subplots(1, 2, width_ratios=(3, 2))
    for x in deals:
        race.axvline(x, color=COLOURS["grid"], lw=0.8, zorder=0)
    for side, ys in enumerate(per_side):
        race.step(xs, ys, where="post", color=SIDES[side % 4], lw=2, label=names[side])
    race.axhline(game.rules.target, color=COLOURS["mark"], ls="--", lw=1)
    race.set(
        xlabel="scoring events (grey lines: new deals)",
        ylabel="score",
        title="The race",
        ylim=(0, game.rules.target + 5),
    )
    race.legend(loc="upper left", frameon=False)
    table = points_by_phase(game)
    phases = used_phases(table)
    width = 0.8 / len(table)
    for side, row in enumerate(table):
        xpos = [i + (side - (len(table) - 1) / 2) * width for i in range(len(phases))]
        bars.bar(xpos, [row[p] for p in phases], width, color=SIDES[side % 4], label=names[side])
    bars.axhline(0, color=COLOURS["quiet"], lw=0.8)
    bars.set_xticks(range(len(phases)), phases, rotation=20 if len(phases) > 4 else 0)
    bars.set(title="Points by phase", ylabel="points")
    for ax in (race, bars):
        ax.spines[["top", "right"]].set_visible(False)
    if game.result is not None:
        fig.suptitle(final_result(game).text, fontsize=11)
    return fig


def figure_html(fig: Figure, alt: str) -> str:
    """The figure as an inline PNG (shown on a static page too), with a text alternative."""
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png")
    data = base64.b64encode(buffer.getvalue()).decode("ascii")
    return f'<img src="data:image/png;base64,{data}" alt="{alt}" style="max-width:100%;height:auto">'
