"""The theme's icon fonts cut to the icons the site draws (a Sphinx extension, lite/README.md).

The theme ships Font Awesome's whole solid font (0.16 MB), and every page of the book fetches it
for the dozen icons of its header and sidebars, on the link a phone shares with the widgets'
Python. After the build, each ``_static/vendor/fontawesome/webfonts/*.woff2`` is written again
from the theme's own copy with only the characters the site can ask for: every icon class
(``fa-name``) named in a page or a script of the site, and every character a style sheet draws
outside an icon class's own rule (an admonition's icon, say). A name that could be built at run
time but never appears whole would be missed: none of the theme's scripts does that.
"""

from __future__ import annotations

import re
from pathlib import Path

from sphinx.application import Sphinx
from sphinx.util import logging

logger = logging.getLogger(__name__)

WEBFONTS = Path("_static") / "vendor" / "fontawesome" / "webfonts"
#: ``.fa-a:before,.fa-b::before{content:"\\f138"}`` and any other rule that draws a character
RULE = re.compile(r"([^{}]+)\{([^{}]*)\}")
#: a character a rule draws: ``content:"\\f138"``, or a custom property holding one for later,
#: written as an escape or as the character itself (Font Awesome's are in the private use area)
DRAWN = re.compile(r'"(?:\\([0-9a-fA-F]{1,6})\s?|([\ue000-\uf8ff]))"')
ICON_SELECTOR = re.compile(r"^\.(fa-[a-z0-9-]+)::?before$")
ICON_NAME = re.compile(r"\bfa-[a-z0-9]+(?:-[a-z0-9]+)*")


#: Scripts that list every icon rather than use one: Font Awesome's own SVG script and
#: html-manager's embed.js (neither draws with the font)
CATALOGUES = ("_static/scripts/fontawesome.js", "_static/widgets/", "_static/vendor/")
#: a widget's button icon in a page's saved widget state: ipywidgets draws it as ``fa-NAME``
WIDGET_ICON = re.compile(r'"icon":\s*"([a-z0-9-]+)"')


def used_names(out: Path) -> set[str]:
    """Every ``fa-name`` in the site's pages and scripts, and every widget button's icon
    (JupyterLite's app, under ``lite/``, has its own fonts and is left alone)."""
    names: set[str] = set()
    for path in list(out.rglob("*.html")) + list((out / "_static").rglob("*.js")):
        rel = path.relative_to(out).as_posix()
        if rel.startswith("lite/") or rel.startswith(CATALOGUES):
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        names |= set(ICON_NAME.findall(text)) | {f"fa-{icon}" for icon in WIDGET_ICON.findall(text)}
    return names


def wanted_characters(css: str, names: set[str]) -> set[int]:
    """The characters a style sheet draws for ``names``: an icon class's rule counts when one of its
    classes is used; any other rule that draws a character always counts.

    >>> css = '.fa-a:before,.fa-b:before{content:"\\\\f101"}.fa-c:before{content:"\\\\f102"}'
    >>> sorted(wanted_characters(css + ':root{--note-icon:"\\\\f103";--tip:"\\uf104"}', {"fa-b"}))
    [61697, 61699, 61700]
    """
    wanted: set[int] = set()
    for selectors, body in RULE.findall(re.sub(r"/\*.*?\*/", "", css, flags=re.S)):
        drawn = [int(code, 16) if code else ord(char) for code, char in DRAWN.findall(body)]
        if not drawn:
            continue
        icons = [ICON_SELECTOR.match(s.strip()) for s in selectors.split(",")]
        if all(icons) and not {m.group(1) for m in icons} & names:
            continue
        wanted.update(drawn)
    return wanted


def subset(source: Path, target: Path, characters: set[int]) -> None:
    """``target``: the woff2 font ``source`` with only ``characters`` (and what draws them)."""
    from fontTools import subset as fontsubset  # matplotlib's dependency; woff2 needs brotli
    from fontTools.ttLib import TTFont

    options = fontsubset.Options()
    options.flavor = "woff2"
    options.layout_features = ["*"]
    options.glyph_names = True  # the icons keep their names (a few bytes): a reader sees which
    font = TTFont(source)
    subsetter = fontsubset.Subsetter(options)
    subsetter.populate(unicodes=sorted(characters))
    subsetter.subset(font)
    font.flavor = "woff2"
    part = target.with_name(target.name + ".partial")
    font.save(part)
    part.replace(target)  # whole or not at all


def theme_webfonts() -> Path:
    import pydata_sphinx_theme

    return Path(pydata_sphinx_theme.__file__).parent / "theme" / "pydata_sphinx_theme" / "static" / \
        "vendor" / "fontawesome" / "webfonts"


def cut_icon_fonts(app: Sphinx, error: Exception | None) -> None:
    """Each of the built site's icon fonts cut to the characters the site uses (see the module)."""
    out = Path(app.outdir)
    if error is not None or app.builder.format != "html" or not (out / WEBFONTS).is_dir():
        return
    try:
        import brotli  # noqa: F401  (fontTools writes woff2 with it)
    except ImportError:
        logger.warning("[icon_font] brotli is not installed: the icon fonts are left whole "
                       "(pip install brotli, or `make book`, which installs it)")
        return
    names = used_names(out)
    css = "\n".join(p.read_text(encoding="utf-8", errors="replace")
                    for p in (out / "_static").rglob("*.css"))
    characters = wanted_characters(css, names)
    before = after = 0
    for source in sorted(theme_webfonts().glob("*.woff2")):
        target = out / WEBFONTS / source.name
        if not target.is_file():
            continue
        subset(source, target, characters)
        before, after = before + source.stat().st_size, after + target.stat().st_size
    logger.info(f"[icon_font] {len(characters)} icons kept: the icon fonts {before / 1e3:.0f} KB "
                f"-> {after / 1e3:.0f} KB")


def setup(app: Sphinx) -> dict:
    app.connect("build-finished", cut_icon_fonts, priority=690)  # before site_hosting's brotli twins
    return {"parallel_read_safe": True, "parallel_write_safe": True}
