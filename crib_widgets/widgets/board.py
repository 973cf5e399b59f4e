"""The cribbage board: a wooden board in SVG with two pegs per side, the scores and the latest event.

Each side has a lane of two rows of 30 holes, as on a wooden board: out along the upper row, back
along the lower one (a lap of 60 holes), then into the game hole beside the start. The game to 61
goes round once; the game to 121 goes round twice, so a score and the score 60 more stand in the
same hole (61 where 1 is, 120 beside the start), and the scale names both laps ("10·70"). Holes come
in groups of five. The front peg shows the score; the back peg marks the score before the last
points, and a dashed arc shows the last jump with its points.

The SVG is plain HTML, so the board is drawn on a static page as well.

>>> b = BoardView(target=61, names=("Ann", "Computer"), pegs=((8, 2), (5, 0)), event="Ann pegs 6 for a run")
>>> "Ann pegs 6 for a run" in b.value, b.scores
(True, (8, 5))
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

import ipywidgets as widgets

from ..colours import COLOURS
from ..game.rules import Rules
from .styles import SIDE_COLOURS, esc

__all__ = ["BoardView", "board_svg", "hole_xy", "on_lap", "lap_number", "scale_text", "WIDE", "COMPACT"]

_DRAWINGS = itertools.count(1)


@dataclass(frozen=True)
class Layout:
    """The board's geometry in SVG units. WIDE puts the names left of the lanes; COMPACT, for a
    phone, is half as wide with names above the lanes and the outward scale in a strip above them,
    so its text prints 9-10 px tall and its holes about 5 px wide at 340 px."""

    name: str
    width: float
    track_left: float
    track_width: float
    top: float  # y of the first lane's outward row
    row_gap: float
    lane: float
    hole: float  # hole radius
    peg: float
    back_peg: float
    start: tuple[float, float]  # the start holes' distance left of the track (front, back peg)
    game: float  # the game hole's distance left of the track
    gap: float  # the extra gap between groups of five holes
    name_font: float
    scale_font: float
    names_above: bool


WIDE = Layout("wide", 800, 112.0, 640.0, 24.0, 15.0, 50.0, 3.0, 5.4, 4.5, (32.0, 46.0), 39.0, 40.0,
              11, 8.5, False)
COMPACT = Layout("compact", 400, 40.0, 332.0, 48.0, 13.0, 48.0, 2.8, 4.3, 3.6, (14.0, 25.0), 21.0,
                 16.0, 13, 12, True)
SCALE_STRIP = 16.0  # COMPACT: the outward scale's baseline, in the strip above the first lane's name

ROW = 30  # holes in a row, as on a wooden board
LAP = 2 * ROW  # out along one row and back along the other


def on_lap(position: int) -> int:
    """The hole (1 to 60) of the lap where a score stands: the game to 121 goes round twice, so
    61 stands where 1 does and 120 where 60 does, beside the start.

    >>> on_lap(5), on_lap(65), on_lap(120)
    (5, 5, 60)
    """
    return (position - 1) % LAP + 1


def lap_number(position: int) -> int:
    """Which time round the board a score is on (1 or 2; 0 at the start)."""
    return 0 if position <= 0 else (position - 1) // LAP + 1


def hole_xy(position: int, side: int, target: int = 121, *, back_peg: bool = False,
            layout: Layout = WIDE) -> tuple[float, float]:
    """Where a peg standing on ``position`` (0 = start, ``target`` or more = game hole) is drawn.

    >>> hole_xy(1, 0, 61)[0] < hole_xy(2, 0, 61)[0]       # out along the upper row
    True
    >>> hole_xy(31, 0, 61)[1] > hole_xy(30, 0, 61)[1]      # and back along the lower row
    True
    >>> hole_xy(95, 0, 121) == hole_xy(35, 0, 121)        # the second time round: the same hole
    True
    """
    y_out = layout.top + side * layout.lane
    y_back = y_out + layout.row_gap
    if position <= 0:
        return (layout.track_left - layout.start[1 if back_peg else 0], y_out)
    if position >= target:
        return (layout.track_left - layout.game, y_back + 0.5)
    hole = on_lap(position)
    if hole <= ROW:
        return (_hole_x(hole - 1, layout), y_out)
    return (_hole_x(LAP - hole, layout), y_back)


def _hole_x(index: int, layout: Layout = WIDE) -> float:
    step = (layout.track_width - (ROW // 5 - 1) * layout.gap) / (ROW - 1)
    return layout.track_left + index * step + (index // 5) * layout.gap


def board_svg(
    target: int,
    names: Sequence[str],
    pegs: Sequence[tuple[int, int]],
    *,
    layout: Layout | None = None,
) -> str:
    """The board as SVG: one lane per side, pegs at ``pegs[side] = (front, back)``.

    With ``layout`` (`WIDE` or `COMPACT`) one ``<svg>``; without, both, and the widgets' stylesheet
    shows the compact one when the board is less than 520 px wide (a container query), so its labels
    and names stay readable on a phone.
    """
    if target not in (61, 121):
        raise ValueError(f"a board has 61 or 121 points, not {target!r}")
    if len(names) != len(pegs) or not 2 <= len(pegs) <= 4:
        raise ValueError(f"give 2 to 4 sides with a name and (front, back) pegs each, got {len(names)} names "
                         f"and {len(pegs)} peg pairs")
    if layout is None:
        return board_svg(target, names, pegs, layout=WIDE) + board_svg(target, names, pegs, layout=COMPACT)
    sides = len(pegs)
    height = _bottom(layout, sides) + (40 if layout.names_above else layout.lane - layout.row_gap)
    summary = "; ".join(f"{n} {front}" for n, (front, _) in zip(names, pegs, strict=True))
    hidden = ' aria-hidden="true"' if layout is COMPACT else ""  # one board for screen readers
    # ids unique to this drawing: a page with several boards must not point one board's pegs and wood
    # at another's (hidden) definitions, which a browser then does not draw
    ids = f"crib-{layout.name}-{next(_DRAWINGS)}"
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="crib-boardsvg crib-{layout.name}" '
        f'viewBox="0 0 {layout.width:.0f} {height:.0f}" role="img"{hidden} '
        f'aria-label="Cribbage board to {target}: {esc(summary)}">',
        f"<title>Cribbage board to {target}: {esc(summary)}</title>",
        _wood(height, layout, ids),
        _scale(target, sides, layout),
        _skunk_mark(target, sides, layout),
    ]
    for side in range(sides):
        parts.append(_lane(side, target, names[side], layout))
    for side, (front, back) in enumerate(pegs):
        parts.append(_pegs(side, target, front, back, layout, ids, names[side]))
    parts.append("</svg>")
    return "".join(parts)


def _bottom(layout: Layout, sides: int) -> float:
    """The y of the last lane's lower edge."""
    return layout.top + (sides - 1) * layout.lane + layout.row_gap + 6


def _wood(height: float, layout: Layout, ids: str) -> str:
    width = layout.width
    return (
        f'<defs><linearGradient id="{ids}-wood" x1="0" y1="0" x2="0" y2="1">'
        f'<stop offset="0" stop-color="{COLOURS["wood-light"]}"/><stop offset=".55" '
        f'stop-color="{COLOURS["wood"]}"/>'
        f'<stop offset="1" stop-color="{COLOURS["wood-dark"]}"/></linearGradient>'
        f'<filter id="{ids}-shadow" x="-50%" y="-50%" width="200%" height="200%">'
        '<feDropShadow dx="0.8" dy="1.2" stdDeviation="0.9" flood-opacity=".45"/></filter></defs>'
        f'<rect x="2" y="2" width="{width - 4}" height="{height - 4:.0f}" rx="16" fill="url(#{ids}-wood)" '
        f'stroke="{COLOURS["mark"]}" stroke-width="2"/>'
        + "".join(
            f'<path d="M 14 {y:.0f} C {width * .32:.0f} {y - 5:.0f}, {width * .65:.0f} {y + 6:.0f}, '
            f'{width - 14} {y - 2:.0f}" stroke="{COLOURS["grain"]}" stroke-opacity=".18" fill="none"/>'
            for y in range(14, int(height) - 6, 11)
        )
    )


def scale_text(hole: int, target: int) -> str:
    """The scale's number at a hole of the lap: the score there on each time round ("10·70" in the
    game to 121)."""
    return "·".join(str(p) for p in range(hole, target, LAP))


def _scale(target: int, sides: int, layout: Layout) -> str:
    """Numbers every ten holes: outward above the lanes (on a phone, in a strip above the first
    lane's name), homeward below them, each naming the score there on every time round."""
    marks = []
    bottom = _bottom(layout, sides) + layout.scale_font + 2
    above = SCALE_STRIP if layout.names_above else layout.top - 11
    for hole in range(10, LAP + 1, 10):
        x, _ = hole_xy(hole, 0, target, layout=layout)
        y = above if hole <= ROW else bottom
        marks.append(f'<text x="{x:.1f}" y="{y:.1f}" font-size="{layout.scale_font}" text-anchor="middle" '
                     f'fill="{COLOURS["board-text"]}">{scale_text(hole, target)}</text>')
    return "".join(marks)


def _skunk_line(target: int) -> tuple[int, str]:
    """The mildest skunk line of the game (the engine's rules decide where it is)."""
    return Rules(target=target).skunk_lines[-1]


def _skunk_mark(target: int, sides: int, layout: Layout) -> str:
    """A red line at the skunk (121) or lurch (61) line: losers short of it lose double."""
    line, label = _skunk_line(target)
    hole = on_lap(line)
    at = [hole_xy(p, 0, target, layout=layout)[0] for p in (line, line - 1)]
    between = (at[0] + at[1]) / 2 if hole > ROW + 1 else at[0] + 7  # on the homeward row
    x = between if hole > ROW else at[0] - 4
    y1 = layout.top + layout.row_gap - 6
    y2 = _bottom(layout, sides)
    text_y = y2 + 2 * layout.scale_font + (6 if layout.names_above else 4)
    font = layout.scale_font if layout.names_above else 8
    anchor = "end" if layout.names_above and x > layout.width * .7 else "middle"
    return (f'<line x1="{x:.1f}" y1="{y1:.1f}" x2="{x:.1f}" y2="{y2:.1f}" stroke="{COLOURS["negative"]}" '
            f'stroke-width="1.4" stroke-dasharray="3 2"/>'
            f'<text x="{x:.1f}" y="{text_y:.1f}" font-size="{font}" text-anchor="{anchor}" '
            f'fill="{COLOURS["negative"]}">'
            f'{label} {line}</text>')


def _lane(side: int, target: int, name: str, layout: Layout) -> str:
    colour = SIDE_COLOURS[side % len(SIDE_COLOURS)]
    y_out = layout.top + side * layout.lane
    gap = layout.row_gap
    x_end = _hole_x(ROW - 1, layout)
    turn = (gap + 12) / 2
    if layout.names_above:  # over the lane's left end, clear of the pegs
        name_x, name_y = _name_above_xy(side, layout)
        label = (f'<text x="{name_x:.1f}" y="{name_y:.1f}" '
                 f'font-size="{layout.name_font}" font-weight="700" fill="{COLOURS["board-name"]}">'
                 f"{esc(_short(name, 24))}</text>")
    else:
        # squeezed to end left of the start holes when it would run into them
        shown = _short(name)
        room = layout.track_left - layout.start[1] - layout.peg - 4 - 10
        fit = f' textLength="{room:.0f}" lengthAdjust="spacingAndGlyphs"' \
            if _text_width(shown, layout.name_font) > room else ""
        label = (f'<text x="10" y="{y_out + gap / 2 + 4:.1f}" font-size="{layout.name_font}" '
                 f'font-weight="700" fill="{COLOURS["board-name-soft"]}"{fit}>{esc(shown)}</text>')
    start = layout.track_left - (layout.start[1] + 6 if layout.names_above else 8)
    parts = [
        # the lane's inlay: a coloured strip behind both rows, turning at the far end
        f'<path d="M {start} {y_out - 6} H {x_end + 4} a {turn} {turn} 0 0 1 0 {gap + 12} '
        f'H {start} Z" fill="{colour}" fill-opacity=".16" stroke="{colour}" stroke-opacity=".5"/>',
        label,
    ]
    for position in range(1, LAP + 1):
        x, y = hole_xy(position, side, target, layout=layout)
        parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{layout.hole}" fill="{COLOURS["hole"]}"/>')
    for back in (False, True):
        x, y = hole_xy(0, side, target, back_peg=back, layout=layout)
        parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{layout.hole}" fill="{COLOURS["hole"]}"/>')
    gx, gy = hole_xy(target, side, target, layout=layout)
    parts.append(f'<circle cx="{gx:.1f}" cy="{gy:.1f}" r="{layout.hole * 1.8:.1f}" '
                 f'fill="{COLOURS["game-hole"]}" '
                 f'stroke="{COLOURS["game-hole-rim"]}" stroke-width="1"><title>game hole '
                 f'{target}</title></circle>')
    return "".join(parts)


def _name_above_xy(side: int, layout: Layout) -> tuple[float, float]:
    """Where a lane's name starts when names stand above the lanes (the phone's board)."""
    return layout.track_left - layout.start[1] - 4, layout.top + side * layout.lane - 9


def _short(name: str, size: int = 13) -> str:
    return name if len(name) <= size else name[: size - 1] + "…"


def _pegs(side: int, target: int, front: int, back: int, layout: Layout, ids: str, name: str = "") -> str:
    colour = SIDE_COLOURS[side % len(SIDE_COLOURS)]
    fx, fy = hole_xy(front, side, target, layout=layout)
    bx, by = hole_xy(back, side, target, back_peg=True, layout=layout)
    parts = []
    gained = front - back
    if gained:
        lift = 13.0 + min(abs(gained), 12)
        if side == 0:  # a low arc, under the scale numbers above the lane
            lift = 10.0
        if gained < 0:  # 10 back: the arc runs backwards
            colour = COLOURS["jump-back"]
        mx, my = (fx + bx) / 2, min(fy, by) - lift
        parts.append(f'<path d="M {bx:.1f} {by - 4:.1f} Q {mx:.1f} {my:.1f} {fx:.1f} {fy - 5:.1f}" '
                     f'fill="none" stroke="{colour}" stroke-width="1.3" stroke-dasharray="3 2" '
                     'stroke-opacity=".85"/>')
        peak = (by - 4 + 2 * my + fy - 5) / 4  # the arc's top (the curve at its middle)
        parts.append(_jump_label(f"{gained:+d}", mx, peak, colour, side, layout, name))
    parts.append(f'<circle cx="{bx:.1f}" cy="{by:.1f}" r="{layout.back_peg}" fill="{colour}" '
                 f'fill-opacity=".55" stroke="{COLOURS["paper"]}" stroke-width="1" '
                 f'filter="url(#{ids}-shadow)">'
                 f"<title>back peg {back}{_round(back, target)}</title></circle>")
    parts.append(f'<circle cx="{fx:.1f}" cy="{fy:.1f}" r="{layout.peg}" fill="{colour}" '
                 f'stroke="{COLOURS["paper"]}" '
                 f'stroke-width="1.4" filter="url(#{ids}-shadow)">'
                 f"<title>front peg {front}{_round(front, target)}</title></circle>")
    return "".join(parts)


def _round(position: int, target: int) -> str:
    """Which time round a peg is on, said only where the game goes round twice."""
    if target <= LAP + 1 or not 0 < position < target:
        return ""
    return " (first time round)" if lap_number(position) == 1 else " (second time round)"


def _jump_label(text: str, x: float, peak: float, colour: str, side: int, layout: Layout, name: str) -> str:
    """The jump's points, on the top of its arc (``peak``), haloed in the wood's colour so a scale
    number or hole under it does not blur it; kept inside the board and, on a phone, clear of the
    lane's name, which stands above the lane's left end."""
    font = 9.5 if layout is WIDE else 12
    y = max(peak + font * 0.35, font + 3)
    half = _text_width(text, font) / 2
    if layout.names_above:
        name_x, name_y = _name_above_xy(side, layout)
        clear = name_x + _text_width(_short(name, 24), layout.name_font) + 3
        if abs(y - name_y) < font and x - half < clear:
            x = clear + half
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-size="{font}" font-weight="700" text-anchor="middle" '
            f'fill="{colour}" stroke="{COLOURS["wood-light"]}" stroke-width="3" stroke-linejoin="round" '
            f'paint-order="stroke">{text}</text>')


def _text_width(text: str, font: float) -> float:
    """About how wide ``text`` prints in a bold sans-serif of size ``font`` (SVG units)."""
    return 0.66 * font * len(text)


class BoardView(widgets.HTML):
    """A board widget: the SVG board, each side's score in numbers, and the latest event under it.

    ``pegs`` gives ``(front, back)`` per side (the game's ``pegs``); call `update` after every score.
    """

    def __init__(
        self,
        target: int = 121,
        names: Sequence[str] = ("You", "Computer"),
        pegs: Sequence[tuple[int, int]] | None = None,
        event: str = "",
    ) -> None:
        super().__init__()
        self.add_class("crib-board")
        self.target = target
        self.names = tuple(names)
        self.pegs: tuple[tuple[int, int], ...] = tuple(pegs) if pegs else tuple((0, 0) for _ in self.names)
        self.event = event
        self._draw()

    @property
    def scores(self) -> tuple[int, ...]:
        """Each side's score: where its front peg stands."""
        return tuple(front for front, _ in self.pegs)

    def update(
        self,
        pegs: Sequence[tuple[int, int]],
        event: str | None = None,
        names: Sequence[str] | None = None,
        target: int | None = None,
    ) -> None:
        """Move the pegs (and optionally change the event line, the names or the game length)."""
        self.pegs = tuple((int(f), int(b)) for f, b in pegs)
        if event is not None:
            self.event = event
        if names is not None:
            self.names = tuple(names)
        if target is not None:
            self.target = target
        self._draw()

    def _draw(self) -> None:
        chips = "".join(
            f'<span class="crib-score"><span class="crib-dot" style="background:{SIDE_COLOURS[i % 4]}">'
            f"</span>{esc(name)}: <b>{front}</b>"
            + (f' <span class="crib-sub">({front - back:+d})</span>' if front != back else "")
            + "</span>"
            for i, (name, (front, back)) in enumerate(zip(self.names, self.pegs, strict=True))
        )
        event = esc(self.event) if self.event else "No points pegged yet."
        self.value = (
            board_svg(self.target, self.names, self.pegs)
            + f'<div class="crib-scores">{chips}<span class="crib-sub">game to {self.target}</span></div>'
            + f'<div class="crib-event" aria-live="polite">{event}</div>'
        )
