"""Small charts drawn as SVG strings: a line (or step) chart and a grouped bar chart, for the widgets
and the teacher's class report alike.

The charts need nothing but the standard library (no ipywidgets either), so they draw in a live page
where numpy and matplotlib cannot load, and on a static page (the SVG is plain HTML). Each chart is an
``<svg role="img">`` with a ``<title>`` and an ``aria-label`` that say in words what it shows, plus a
small legend; every colour is also named in the legend and every value can be read from a tooltip.
Text is sized for a phone as well: a chart is at most ``width`` units wide and its text at least
13 units, so a chart 340 px wide still prints its labels about 9 px tall.

A series is a name, its values and a colour:

>>> race = line_chart([0, 1, 2, 3], [Series("Ann", (0, 2, 2, 8)), Series("Bob", (0, 0, 5, 5))],
...                   title="The race", label="Ann 8, Bob 5", step=True, y_max=10,
...                   marks=[(121, "game")], x_label="scoring events")
>>> race.startswith("<svg") and 'aria-label="The race: Ann 8, Bob 5"' in race
True
>>> bars = bar_chart(["play", "hands"], [Series("Ann", (3, 9)), Series("Bob", (-2, 6))],
...                  title="Points by phase", label="Ann 3 and 9, Bob -2 and 6")
>>> bars.count("<rect class=\\"crib-bar\\"")
4

The API: `Series`, `line_chart`, `bar_chart`, `chart_row` (charts side by side, wrapping on a narrow
screen) and `PALETTE` (the colours used when a series names none; the board's side colours). Every
colour comes from `crib_widgets.colours`.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

from .colours import COLOURS, SIDES

__all__ = ["PALETTE", "Series", "line_chart", "bar_chart", "chart_row", "nice_ticks"]

PALETTE = SIDES
_FONT = 13.0
_INK, _MUTED, _GRID = COLOURS["text"], COLOURS["muted"], COLOURS["grid"]
_MARK, _MARK_TEXT = COLOURS["mark"], COLOURS["mark-text"]


def esc(text: object) -> str:
    return escape(str(text), quote=True)


@dataclass(frozen=True)
class Series:
    """One line or one colour of bars: ``values[i]`` belongs to the i-th x (or category)."""

    name: str
    values: Sequence[float]
    colour: str | None = None


def nice_ticks(low: float, high: float, most: int = 6) -> list[float]:
    """Round tick values from at most ``low`` to at least ``high`` (steps of 1, 2 or 5 times a power of 10,
    or 25, 250 ...).

    >>> nice_ticks(0, 121)
    [0, 25, 50, 75, 100, 125]
    >>> nice_ticks(-3, 9)
    [-5, 0, 5, 10]
    """
    if high <= low:
        high = low + 1
    raw = (high - low) / max(most - 1, 1)
    power = 10 ** math.floor(math.log10(raw))
    steps = (1, 2, 2.5, 5, 10) if power >= 10 else (1, 2, 5, 10)  # whole points: no 2.5 steps
    step = next(m * power for m in steps if m * power >= raw)
    first, last = math.floor(low / step), math.ceil(high / step)
    return [_clean(i * step) for i in range(first, last + 1)]


def _clean(value: float) -> float:
    return int(value) if float(value).is_integer() else round(value, 6)


def _colours(series: Sequence[Series]) -> list[str]:
    return [s.colour or PALETTE[i % len(PALETTE)] for i, s in enumerate(series)]


def _fmt(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:.1f}"


@dataclass(frozen=True)
class _Frame:
    width: float
    height: float
    left: float
    right: float
    top: float
    bottom: float
    low: float
    high: float

    def y(self, value: float) -> float:
        span = self.high - self.low or 1
        return self.top + (self.high - value) / span * (self.height - self.top - self.bottom)

    @property
    def inner_width(self) -> float:
        return self.width - self.left - self.right


def _open(frame: _Frame, title: str, label: str) -> list[str]:
    name = f"{title}: {label}" if label else title
    return [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="crib-chart" viewBox="0 0 {frame.width:.0f} '
        f'{frame.height:.0f}" role="img" aria-label="{esc(name)}" font-family="system-ui, sans-serif" '
        'style="width:100%;height:auto;display:block">',
        f"<title>{esc(name)}</title>",
        f'<text x="{frame.left:.0f}" y="18" font-size="{_FONT + 2:.0f}" font-weight="700" fill="{_INK}">'
        f"{esc(title)}</text>",
    ]


def _y_axis(frame: _Frame, ticks: Sequence[float], y_label: str) -> list[str]:
    parts = []
    for tick in ticks:
        y = frame.y(tick)
        parts.append(f'<line x1="{frame.left:.1f}" y1="{y:.1f}" x2="{frame.width - frame.right:.1f}" '
                     f'y2="{y:.1f}" stroke="{_GRID}" stroke-width="{1.4 if tick == 0 else 0.8}"/>')
        parts.append(f'<text x="{frame.left - 6:.1f}" y="{y + 4:.1f}" font-size="{_FONT:.0f}" '
                     f'text-anchor="end" fill="{_MUTED}">{_fmt(tick)}</text>')
    if y_label:
        mid = (frame.top + frame.height - frame.bottom) / 2
        parts.append(f'<text x="14" y="{mid:.1f}" font-size="{_FONT:.0f}" fill="{_MUTED}" '
                     f'text-anchor="middle" transform="rotate(-90 14 {mid:.1f})">{esc(y_label)}</text>')
    return parts


def _legend(frame: _Frame, series: Sequence[Series], colours: Sequence[str]) -> list[str]:
    parts, x = [], frame.left
    y = frame.height - 10
    for s, colour in zip(series, colours, strict=True):
        parts.append(f'<rect x="{x:.1f}" y="{y - 10:.1f}" width="12" height="12" rx="2" fill="{colour}"/>')
        parts.append(f'<text x="{x + 17:.1f}" y="{y:.1f}" font-size="{_FONT:.0f}" fill="{_INK}">'
                     f"{esc(s.name)}</text>")
        x += 17 + 8.2 * len(s.name) + 18
    return parts


def _check(series: Sequence[Series], length: int, what: str) -> None:
    if not series:
        raise ValueError("give at least one series to draw")
    for s in series:
        if len(s.values) != length:
            raise ValueError(f"series {s.name!r} has {len(s.values)} values for {length} {what}")


def line_chart(
    xs: Sequence[float],
    series: Sequence[Series],
    *,
    title: str,
    label: str = "",
    x_label: str = "",
    y_label: str = "",
    y_max: float | None = None,
    step: bool = False,
    marks: Sequence[tuple[float, str]] = (),
    x_marks: Sequence[float] = (),
    width: float = 480,
    height: float = 300,
) -> str:
    """A line chart of each series over ``xs``; ``step=True`` holds each value until the next x.

    ``marks`` draws labelled dashed horizontal lines (the winning score), ``x_marks`` faint vertical
    lines (where each deal began); ``label`` is the chart's text alternative after its title.
    """
    _check(series, len(xs), "x positions")
    if not xs:
        raise ValueError("a line chart needs at least one x position")
    values = [v for s in series for v in s.values] + [m for m, _ in marks]
    low = min(0, *values)
    high = max(values) if y_max is None else y_max
    ticks = nice_ticks(low, high)
    frame = _Frame(width, height, left=52, right=16, top=34, bottom=58 if x_label else 40,
                   low=ticks[0], high=ticks[-1])
    x0, x1 = min(xs), max(xs)

    def x_of(x: float) -> float:
        return frame.left + (x - x0) / ((x1 - x0) or 1) * frame.inner_width

    parts = _open(frame, title, label) + _y_axis(frame, ticks, y_label)
    for x in x_marks:
        parts.append(f'<line x1="{x_of(x):.1f}" y1="{frame.top:.1f}" x2="{x_of(x):.1f}" '
                     f'y2="{frame.y(ticks[0]):.1f}" stroke="{_GRID}" stroke-width="0.8"/>')
    for value, text in marks:
        y = frame.y(value)
        parts.append(f'<line x1="{frame.left:.1f}" y1="{y:.1f}" x2="{frame.width - frame.right:.1f}" '
                     f'y2="{y:.1f}" stroke="{_MARK}" stroke-width="1.2" stroke-dasharray="5 3"/>')
        parts.append(f'<text x="{frame.width - frame.right:.1f}" y="{y - 4:.1f}" font-size="{_FONT:.0f}" '
                     f'text-anchor="end" fill="{_MARK_TEXT}">{esc(text)}</text>')
    for s, colour in zip(series, _colours(series), strict=True):
        points = []
        for i, (x, v) in enumerate(zip(xs, s.values, strict=True)):
            if step and i:
                points.append(f"{x_of(x):.1f},{frame.y(s.values[i - 1]):.1f}")
            points.append(f"{x_of(x):.1f},{frame.y(v):.1f}")
        last = s.values[-1]
        parts.append(f'<polyline class="crib-line" points="{" ".join(points)}" fill="none" stroke="{colour}" '
                     f'stroke-width="2.4" stroke-linejoin="round"><title>{esc(s.name)}: {_fmt(last)}</title>'
                     "</polyline>")
        parts.append(f'<circle cx="{x_of(xs[-1]):.1f}" cy="{frame.y(last):.1f}" r="3.5" fill="{colour}"/>')
    base = frame.y(ticks[0])
    parts.append(f'<text x="{frame.left:.1f}" y="{base + 16:.1f}" font-size="{_FONT:.0f}" fill="{_MUTED}">'
                 f"{_fmt(x0)}</text>")
    parts.append(f'<text x="{frame.width - frame.right:.1f}" y="{base + 16:.1f}" font-size="{_FONT:.0f}" '
                 f'text-anchor="end" fill="{_MUTED}">{_fmt(x1)}</text>')
    if x_label:
        parts.append(f'<text x="{frame.left + frame.inner_width / 2:.1f}" y="{base + 32:.1f}" '
                     f'font-size="{_FONT:.0f}" text-anchor="middle" fill="{_MUTED}">{esc(x_label)}</text>')
    parts += _legend(frame, series, _colours(series))
    parts.append("</svg>")
    return "".join(parts)


def bar_chart(
    categories: Sequence[str],
    series: Sequence[Series],
    *,
    title: str,
    label: str = "",
    y_label: str = "",
    width: float = 480,
    height: float = 300,
) -> str:
    """Grouped bars: for each category one bar per series (negative values hang below 0).

    Each bar has a tooltip with its series, category and value, and its value printed on it when
    there is room.
    """
    if not categories:
        raise ValueError("a bar chart needs at least one category")
    _check(series, len(categories), "categories")
    values = [v for s in series for v in s.values]
    ticks = nice_ticks(min(0, *values), max(0, *values))
    frame = _Frame(width, height, left=52, right=10, top=34, bottom=62, low=ticks[0], high=ticks[-1])
    parts = _open(frame, title, label) + _y_axis(frame, ticks, y_label)
    group = frame.inner_width / len(categories)
    bar = min(group * 0.8 / len(series), 44)
    zero = frame.y(0)
    font = _FONT if group >= 8.5 * max(len(c) for c in categories) else _FONT - 2
    for i, category in enumerate(categories):
        centre = frame.left + (i + 0.5) * group
        for j, (s, colour) in enumerate(zip(series, _colours(series), strict=True)):
            value = s.values[i]
            x = centre + (j - len(series) / 2) * bar
            top, bottom = sorted((frame.y(value), zero))
            tip = f"{s.name}, {category}: {_fmt(value)}"
            parts.append(f'<rect class="crib-bar" x="{x:.1f}" y="{top:.1f}" width="{bar - 2:.1f}" '
                         f'height="{max(bottom - top, 0.5):.1f}" fill="{colour}">'
                         f"<title>{esc(tip)}</title></rect>")
            if value and bar >= 18:
                ty = top - 4 if value > 0 else bottom + 13
                parts.append(f'<text x="{x + bar / 2 - 1:.1f}" y="{ty:.1f}" font-size="{_FONT - 1:.0f}" '
                             f'text-anchor="middle" fill="{_INK}">{_fmt(value)}</text>')
        parts.append(f'<text x="{centre:.1f}" y="{frame.y(ticks[0]) + 16:.1f}" font-size="{font:.0f}" '
                     f'text-anchor="middle" fill="{_INK}">{esc(category)}</text>')
    parts += _legend(frame, series, _colours(series))
    parts.append("</svg>")
    return "".join(parts)


def chart_row(*charts: str, caption: str = "") -> str:
    """Charts side by side, each at most 480 px wide, wrapping under each other on a narrow screen."""
    cells = "".join(f'<div style="flex:1 1 300px;max-width:480px;min-width:0">{c}</div>' for c in charts)
    note = f'<div class="crib-sub" style="flex-basis:100%">{esc(caption)}</div>' if caption else ""
    return (f'<div class="crib-charts" style="display:flex;flex-wrap:wrap;gap:12px 20px;'
            f'align-items:flex-start">{cells}{note}</div>')
