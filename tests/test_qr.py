"""crib_widgets.qr: the SVG drawn is exactly the QR symbol segno makes for the text, named for screen
readers, and a text too long for a QR code is refused in one sentence."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest
import segno
from hypothesis import given, settings
from hypothesis import strategies as st

from crib_widgets.errors import CribbageError
from crib_widgets.qr import MAX_BYTES, QR_SIZE, qr_svg

SHORT_LINK = "https://example.org/book/assignment.html#set=counting/easy/6/7&code=4KMQ7R2XD"


class _Svg(HTMLParser):
    """The attributes of the <svg>, the text of its <title> and the path's drawing."""

    def __init__(self) -> None:
        super().__init__()
        self.svg: dict[str, str] = {}
        self.title = ""
        self.paths: list[str] = []
        self._in_title = False

    def handle_starttag(self, tag, attrs):
        if tag == "svg":
            self.svg = dict(attrs)
        elif tag == "path":
            self.paths.append(dict(attrs)["d"])
        self._in_title = tag == "title"

    def handle_endtag(self, tag):
        self._in_title = False

    def handle_data(self, data):
        if self._in_title:
            self.title += data


def parse(svg: str) -> _Svg:
    parser = _Svg()
    parser.feed(svg)
    parser.close()
    return parser


def dark_modules(svg: str) -> tuple[int, set[tuple[int, int]]]:
    """The side of the viewBox and the dark modules (row, column) the path draws: each ``h`` is a
    run of dark modules along a row, drawn as a line through the row's middle (y + 0.5)."""
    drawn = parse(svg)
    _, _, width, height = (int(v) for v in drawn.svg["viewbox"].split())
    assert width == height
    (path,) = drawn.paths
    x = y = 0.0
    dark: set[tuple[int, int]] = set()
    for op, numbers in re.findall(r"([MmHh])([-\d. ]+)", path):
        values = [float(v) for v in numbers.split()]
        if op == "M":
            x, y = values
        elif op == "m":
            x, y = x + values[0], y + values[1]
        else:
            run = values[0] if op == "h" else values[0] - x
            dark |= {(int(y - 0.5), int(x) + i) for i in range(int(run))}
            x += run
    return width, dark


def matrix_of(svg: str, border: int = 4) -> list[list[int]]:
    side, dark = dark_modules(svg)
    size = side - 2 * border
    assert all(border <= r < border + size and border <= c < border + size for r, c in dark), "quiet zone"
    return [[int((r + border, c + border) in dark) for c in range(size)] for r in range(size)]


def segno_matrix(text: str) -> list[list[int]]:
    return [list(row) for row in segno.make_qr(text, error="m").matrix]


def test_the_drawing_is_segnos_symbol_of_the_text():
    drawn = matrix_of(qr_svg(SHORT_LINK, "QR code of the link"))
    assert drawn == segno_matrix(SHORT_LINK)


def test_a_real_qr_symbol_not_a_micro_one_with_its_finders_and_timing():
    """Phone cameras read QR codes, not Micro QR codes, which segno picks for short texts by itself."""
    for text in ["A", "12", SHORT_LINK]:
        m = matrix_of(qr_svg(text, "QR code"))
        size = len(m)
        assert size >= 21 and (size - 17) % 4 == 0, "a QR symbol's side is 17 + 4 x version"
        # dark ring, light ring, dark 3 x 3 centre
        finder = [[int(max(abs(r - 3), abs(c - 3)) != 2) for c in range(7)] for r in range(7)]
        for top, left in [(0, 0), (0, size - 7), (size - 7, 0)]:
            assert [row[left:left + 7] for row in m[top:top + 7]] == finder
        assert [m[6][c] for c in range(8, size - 8)] == [int(c % 2 == 0) for c in range(8, size - 8)]


@settings(max_examples=40, deadline=None)
@given(st.text(min_size=1, max_size=300))
def test_any_text_is_drawn_as_its_own_symbol(text):
    assert matrix_of(qr_svg(text, "QR code")) == segno_matrix(text)


def test_named_for_screen_readers_and_escaped():
    label = 'QR code of <Zoë> & "Ann"\'s link'
    svg = qr_svg(SHORT_LINK, label)
    drawn = parse(svg)
    assert drawn.svg["role"] == "img"
    assert drawn.svg["aria-label"] == label
    assert drawn.title == label
    assert drawn.svg["width"] == drawn.svg["height"] == QR_SIZE
    assert "<Zoë>" not in svg and "<?xml" not in svg


def test_a_text_too_long_is_one_clear_sentence():
    text = "x" * (MAX_BYTES + 1)
    with pytest.raises(CribbageError) as refused:
        qr_svg(text, "QR code")
    message = str(refused.value)
    assert message == (f"This text is too long for a QR code: it has {len(text):,} characters, and a QR "
                       f"code holds at most {MAX_BYTES:,} characters of a link.")
    assert message.count(". ") == 0
    qr_svg("x" * MAX_BYTES, "QR code")  # the most a code holds is still drawn


@pytest.mark.parametrize(("text", "label", "says"), [
    ("", "QR code", "needs some text"),
    (None, "QR code", "needs some text"),
    (SHORT_LINK, " ", "needs a label"),
    (SHORT_LINK, None, "needs a label"),
])
def test_nothing_to_draw_or_no_name_is_refused(text, label, says):
    with pytest.raises(CribbageError, match=says):
        qr_svg(text, label)
