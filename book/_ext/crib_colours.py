"""Sphinx extension: the book's colours as CSS variables, written from `crib_widgets.colours`.

The page stylesheets (``book/_static/*.css``) name colours only as ``var(--crib-ink)``,
``var(--crib-red)``, ...; this writes their values into ``_static/crib-colours.css``, linked from
every page before the other stylesheets, so the Python drawing and the pages share one home.
"""

from __future__ import annotations

from pathlib import Path

from sphinx.application import Sphinx

from crib_widgets.colours import css_variables

FILE = "crib-colours.css"


def colours_css() -> str:
    """The stylesheet: every colour as a variable on the page's root."""
    note = "/* Written by book/_ext/crib_colours.py from crib_widgets/colours.py: edit the colours there. */"
    return f"{note}\n{css_variables(':root')}\n"


def write_colours(app: Sphinx, exception: Exception | None) -> None:
    if exception is not None or app.builder.format != "html":
        return
    folder = Path(app.outdir) / "_static"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / FILE).write_text(colours_css(), encoding="utf-8")


def setup(app: Sphinx) -> dict[str, object]:
    app.add_css_file(FILE, priority=300)  # before the book's stylesheets (html_css_files: 800)
    app.connect("build-finished", write_colours)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
