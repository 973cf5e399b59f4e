"""The cribbage board: a wooden board in SVG with two pegs per side, the scores and the latest event.

Each side has a lane of two rows of holes: out along the upper row, back along the lower one, into
the game hole beside the start (30 + 30 holes for the 61 game, 60 + 60 for 121). Holes come in
groups of five like on a real board. The front peg shows the score; the back peg marks the score
before the last points, and a dashed arc shows the last jump with its points.

The SVG is plain HTML, so the board is drawn on a static page as well.

>>> b = BoardView(target=61, names=("Ann", "Computer"), pegs=((8, 2), (5, 0)), event="Ann pegs 6 for a run")
>>> "Ann pegs 6 for a run" in b.value, b.scores
(True, (8, 5))
"""

from __future__ import annotations

from collections.abc import Sequence

import ipywidgets as widgets

from ..game.rules import Rules
from .styles import SIDE_COLOURS, esc

__all__ = ["BoardView", "board_svg", "hole_xy"]

_TRACK_LEFT = 112.0
_TRACK_WIDTH = 640.0
_WIDTH = 800
_TOP = 24.0
_ROW_GAP = 15.0
_LANE = 50.0


def _lane_holes(target: int) -> int:
    return (target - 1) // 2


def hole_xy(position: int, side: int, target: int = 121, *, back_peg: bool = False) -> tuple[float, float]:
    """Where a peg standing on ``position`` (0 = start, ``target`` or more = game hole) is drawn.

    >>> hole_xy(1, 0, 61)[0] < hole_xy(2, 0, 61)[0]       # out along the upper row
    True
    >>> hole_xy(31, 0, 61)[1] > hole_xy(30, 0, 61)[1]      # and back along the lower row
    True
    """
    per_row = _lane_holes(target)
    y_out = _TOP + side * _LANE
    y_back = y_out + _ROW_GAP
    if position <= 0:
        return (_TRACK_LEFT - (46.0 if back_peg else 32.0), y_out)
    if position >= target:
        return (_TRACK_LEFT - 39.0, y_back + 0.5)
    if position <= per_row:
        return (_hole_x(position - 1, per_row), y_out)
    return (_hole_x(2 * per_row - position, per_row), y_back)


def _hole_x(index: int, per_row: int) -> float:
    groups = per_row // 5
    gap = 7.0 if per_row > 30 else 12.0
    step = (_TRACK_WIDTH - (groups - 1) * gap) / (per_row - 1)
    return _TRACK_LEFT + index * step + (index // 5) * gap


def board_svg(
    target: int,
    names: Sequence[str],
    pegs: Sequence[tuple[int, int]],
) -> str:
    """The board as an SVG string: one lane per side, pegs at ``pegs[side] = (front, back)``."""
    if target not in (61, 121):
        raise ValueError(f"a board has 61 or 121 points, not {target!r}")
    if len(names) != len(pegs) or not 2 <= len(pegs) <= 4:
        raise ValueError(f"give 2 to 4 sides with a name and (front, back) pegs each, got {len(names)} names "
                         f"and {len(pegs)} peg pairs")
    sides = len(pegs)
    height = _TOP + sides * _LANE + 6
    summary = "; ".join(f"{n} {front}" for n, (front, _) in zip(names, pegs, strict=True))
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {_WIDTH} {height:.0f}" role="img" '
        f'aria-label="Cribbage board to {target}: {esc(summary)}">',
        f"<title>Cribbage board to {target}: {esc(summary)}</title>",
        _wood(height),
        _scale(target, sides),
        _skunk_mark(target, sides),
    ]
    for side in range(sides):
        parts.append(_lane(side, target, names[side]))
    for side, (front, back) in enumerate(pegs):
        parts.append(_pegs(side, target, front, back))
    parts.append("</svg>")
    return "".join(parts)


def _wood(height: float) -> str:
    return (
        '<defs><linearGradient id="crib-wood" x1="0" y1="0" x2="0" y2="1">'
        '<stop offset="0" stop-color="#d9a86c"/><stop offset=".55" stop-color="#c48a4c"/>'
        '<stop offset="1" stop-color="#a86f36"/></linearGradient>'
        '<filter id="crib-shadow" x="-50%" y="-50%" width="200%" height="200%">'
        '<feDropShadow dx="0.8" dy="1.2" stdDeviation="0.9" flood-opacity=".45"/></filter></defs>'
        f'<rect x="2" y="2" width="{_WIDTH - 4}" height="{height - 4:.0f}" rx="16" fill="url(#crib-wood)" '
        'stroke="#7a4b1f" stroke-width="2"/>'
        + "".join(
            f'<path d="M 14 {y:.0f} C 260 {y - 5:.0f}, 520 {y + 6:.0f}, {_WIDTH - 14} {y - 2:.0f}" '
            'stroke="#9c6630" stroke-opacity=".18" fill="none"/>'
            for y in range(14, int(height) - 6, 11)
        )
    )


def _scale(target: int, sides: int) -> str:
    """Numbers every ten holes: outward above the lanes, homeward below them."""
    per_row = _lane_holes(target)
    marks = []
    bottom = _TOP + (sides - 1) * _LANE + _ROW_GAP + 14
    skunk, _ = _skunk_line(target)
    for position in range(10, target, 10):
        if abs(position - skunk) < 3:
            continue  # the skunk line's own label stands there
        x, _ = hole_xy(position, 0, target)
        y = _TOP - 11 if position <= per_row else bottom
        marks.append(f'<text x="{x:.1f}" y="{y:.1f}" font-size="8.5" text-anchor="middle" '
                     f'fill="#5a3712">{position}</text>')
    return "".join(marks)


def _skunk_line(target: int) -> tuple[int, str]:
    """The mildest skunk line of the game (the engine's rules decide where it is)."""
    return Rules(target=target).skunk_lines[-1]


def _skunk_mark(target: int, sides: int) -> str:
    """A red line at the skunk (121) or lurch (61) line: losers short of it lose double."""
    line, label = _skunk_line(target)
    per_row = _lane_holes(target)
    if line > per_row:
        x = (hole_xy(line, 0, target)[0] + hole_xy(line - 1, 0, target)[0]) / 2 if line > per_row + 1 else (
            hole_xy(line, 0, target)[0] + 7)
    else:
        x = hole_xy(line, 0, target)[0] - 4
    y1 = _TOP + _ROW_GAP - 6
    y2 = _TOP + (sides - 1) * _LANE + _ROW_GAP + 6
    return (f'<line x1="{x:.1f}" y1="{y1:.1f}" x2="{x:.1f}" y2="{y2:.1f}" stroke="#a93226" '
            f'stroke-width="1.4" stroke-dasharray="3 2"/>'
            f'<text x="{x:.1f}" y="{y2 + 9:.1f}" font-size="8" text-anchor="middle" fill="#a93226">'
            f'{label} {line}</text>')


def _lane(side: int, target: int, name: str) -> str:
    colour = SIDE_COLOURS[side % len(SIDE_COLOURS)]
    per_row = _lane_holes(target)
    y_out = _TOP + side * _LANE
    x_end = _hole_x(per_row - 1, per_row)
    parts = [
        # the lane's inlay: a coloured strip behind both rows, turning at the far end
        f'<path d="M {_TRACK_LEFT - 8} {y_out - 6} H {x_end + 4} a 13.5 13.5 0 0 1 0 {_ROW_GAP + 12} '
        f'H {_TRACK_LEFT - 8} Z" fill="{colour}" fill-opacity=".16" stroke="{colour}" stroke-opacity=".5"/>',
        f'<text x="10" y="{y_out + _ROW_GAP / 2 + 4:.1f}" font-size="11" font-weight="700" fill="#3b230c">'
        f"{esc(_short(name))}</text>",
    ]
    for position in range(1, target):
        x, y = hole_xy(position, side, target)
        parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="2.3" fill="#3a240f"/>')
    for back in (False, True):
        x, y = hole_xy(0, side, target, back_peg=back)
        parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="2.3" fill="#3a240f"/>')
    gx, gy = hole_xy(target, side, target)
    parts.append(f'<circle cx="{gx:.1f}" cy="{gy:.1f}" r="4.2" fill="#2a1707" stroke="#f3d9a4" '
                 f'stroke-width="1"><title>game hole {target}</title></circle>')
    return "".join(parts)


def _short(name: str, size: int = 13) -> str:
    return name if len(name) <= size else name[: size - 1] + "…"


def _pegs(side: int, target: int, front: int, back: int) -> str:
    colour = SIDE_COLOURS[side % len(SIDE_COLOURS)]
    fx, fy = hole_xy(front, side, target)
    bx, by = hole_xy(back, side, target, back_peg=True)
    parts = []
    gained = front - back
    if gained:
        lift = 13.0 + min(abs(gained), 12)
        if gained < 0:  # 10 back: the arc runs backwards
            colour = "#7b241c"
        mx, my = (fx + bx) / 2, min(fy, by) - lift
        parts.append(f'<path d="M {bx:.1f} {by - 4:.1f} Q {mx:.1f} {my:.1f} {fx:.1f} {fy - 5:.1f}" '
                     f'fill="none" stroke="{colour}" stroke-width="1.3" stroke-dasharray="3 2" '
                     'stroke-opacity=".85"/>')
        parts.append(f'<text x="{mx:.1f}" y="{my + 4:.1f}" font-size="9.5" font-weight="700" '
                     f'text-anchor="middle" fill="{colour}">{gained:+d}</text>')
    parts.append(f'<circle cx="{bx:.1f}" cy="{by:.1f}" r="4.3" fill="{colour}" fill-opacity=".55" '
                 f'stroke="#fff" stroke-width="1" filter="url(#crib-shadow)"><title>back peg {back}</title>'
                 '</circle>')
    parts.append(f'<circle cx="{fx:.1f}" cy="{fy:.1f}" r="5.2" fill="{colour}" stroke="#fff" '
                 f'stroke-width="1.4" filter="url(#crib-shadow)"><title>front peg {front}</title></circle>')
    return "".join(parts)


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
