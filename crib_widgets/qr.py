"""QR codes for printed pages: an inline SVG a phone's camera reads, named for screen readers.

The QR symbol itself is made by `segno <https://segno.readthedocs.io>`_ (pure Python, so the book's
in-browser Python has it too); this module only names the picture and words the one error a person
can cause, a text too long for any QR code. ``segno`` is imported when a code is drawn, not when
this module is, so pages that never draw one never load it.

>>> svg = qr_svg("https://example.org/assignment.html#set=counting/easy/6/7&code=4KMQ7R2XD",
...              "QR code of Ann's link")
>>> svg.startswith('<svg role="img" aria-label="QR code of Ann&#x27;s link"'), "<title>" in svg
(True, True)
>>> qr_svg("x" * 3000, "QR code")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
crib_widgets.errors.CribbageError: This text is too long for a QR code: it has 3,000 characters, ...
"""

from __future__ import annotations

from functools import lru_cache
from html import escape

from .errors import CribbageError

__all__ = ["MAX_BYTES", "QR_SIZE", "qr_svg"]

#: Error correction "M": a printed code still reads with about 15% of it smudged or folded.
ERROR_LEVEL = "m"
#: What a QR code of that level holds at most in bytes (version 40, byte mode): a link's letters.
MAX_BYTES = 2331
#: The printed size: big enough for any phone camera at arm's length, small enough for a slip.
QR_SIZE = "30mm"


@lru_cache(maxsize=1024)  # a class's links page is made again when students are added: 20 ms a code
def qr_svg(text: str, label: str) -> str:
    """An ``<svg role="img">`` QR code of ``text`` whose accessible name is ``label`` (also its
    ``<title>``), sized ``QR_SIZE`` with the standard quiet zone, ready to put inside HTML.

    A text no QR code can hold is refused in one sentence (a ``CribbageError``)."""
    if not isinstance(text, str) or not text:
        raise CribbageError("A QR code needs some text to hold, such as a link.")
    if not isinstance(label, str) or not label.strip():
        raise CribbageError("A QR code needs a label saying what it is, for people who cannot see it.")
    import segno  # only when a code is drawn (see the module's docstring)

    try:
        # micro=False: phone cameras do not read Micro QR codes, which segno may pick for short texts
        code = segno.make_qr(text, error=ERROR_LEVEL)
    except segno.DataOverflowError:
        raise CribbageError(
            f"This text is too long for a QR code: it has {len(text):,} characters, and a QR code holds "
            f"at most {MAX_BYTES:,} characters of a link."
        ) from None
    # omitsize: a viewBox instead of a pixel size, so that the width below scales the whole code
    drawn = code.svg_inline(title=label, omitsize=True, svgclass="crib-qr")
    head = f'<svg role="img" aria-label="{escape(label)}" width="{QR_SIZE}" height="{QR_SIZE}" '
    return head + drawn.removeprefix("<svg ")
