"""Every book page made to paint sooner on a phone network (issue 23, 36): head scripts deferred,
the theme's fontawesome.js and (where unused) Sphinx's search and html-manager's embed.js left out,
documentation_options.js and small style sheets inline, the widgets' saved state moved to the end,
the chapter's pictures loaded as the reader nears them.
"""

from __future__ import annotations

import re
from pathlib import Path

from live_pages import LIVE_CONFIG
from sphinx.application import Sphinx
from sphinx.errors import ExtensionError

#: html-manager's embed.js: it draws the widgets of a page without live Python (CRIB_LIVE=0); a live
#: page draws them with the runtime's own widget manager (crib_live_page.js) and loads it only where
#: the runtime cannot be loaded as a module (a copy of the site opened as files).
EMBED_SCRIPT = re.compile(r'<script defer="defer" src="[^"]*_static/widgets/embed\.js[^"]*"></script>\n?')
#: A script in a page's head that holds up its first paint: ``<script src=...>`` without defer/async.
BLOCKING_SCRIPT = re.compile(r'<script (?![^>]*\b(?:defer|async|type=)\b)([^>]*\bsrc="([^"]+)"[^>]*)>')
#: The theme's fontawesome.js (1.5 MB, 0.54 MB gzipped) only redraws as SVG the icons its style
#: sheet already draws from the Font Awesome web font (fa-solid-900.woff2, which every page loads).
ICONS_SCRIPT = re.compile(r'<script defer src="[^"]*/fontawesome\.js[^"]*"></script>\n?')
#: Scripts that must stay where they are: inline scripts of the page read what they define at once.
KEEP_BLOCKING = re.compile(r"documentation_options\.js")


def defer_scripts(html: str) -> str:
    """The page with every blocking script of its head deferred (they still run in their order,
    after parsing; the inline ones before them only set variables): the text paints first. The
    theme's fontawesome.js goes, and on a live page html-manager's embed.js (``EMBED_SCRIPT``)."""
    head_end = html.find("</head>")
    if head_end < 0:
        return html

    def defer(match: re.Match) -> str:
        return match.group(0) if KEEP_BLOCKING.search(match.group(2)) else f"<script defer {match.group(1)}>"

    head = BLOCKING_SCRIPT.sub(defer, html[:head_end])
    # Not loaded at all: it would share the bandwidth with Python, for icons the page already has.
    head = ICONS_SCRIPT.sub("", head)
    if LIVE_CONFIG in html:  # the page draws its widgets with the runtime: no second widget manager
        head = EMBED_SCRIPT.sub("", head)
    if SEARCH_AS_YOU_TYPE_OFF in html and SEARCH_PAGE not in html:  # a round trip each on a phone
        head = SEARCH_SCRIPTS.sub("", head)
    return head + html[head_end:]


#: Sphinx's search (its code, its word lists and the whole index, 28 KB in three requests), which
#: the theme loads on every page for searching as you type; with that off (the theme's default,
#: ``search_as_you_type = false`` in the page) only search.html uses them, and loads its own.
SEARCH_SCRIPTS = re.compile(r'<script defer src="[^"]*(?:_static/searchtools\.js|_static/language_data\.js'
                            r'|searchindex\.js)"></script>\n?')
SEARCH_AS_YOU_TYPE_OFF = "DOCUMENTATION_OPTIONS.search_as_you_type = false;"
SEARCH_PAGE = "DOCUMENTATION_OPTIONS.pagename = 'search';"
OPTIONS_SCRIPT = re.compile(r'<script src="[^"]*documentation_options\.js[^"]*"></script>')
PRELOAD = re.compile(r'<link rel="preload" as="script" href="[^"]*"\s*/>\n?')
THEME_CSS = re.compile(r'<link href="([^"]*_static/styles/)theme\.css\?[^"]*" rel="stylesheet" />')


def first_paint_head(html: str, options_js: str, theme_imports_basic: bool) -> str:
    """The page with what its first paint waits for made shorter: the 300-byte
    documentation_options.js inline (it blocks parsing, and waited behind a dozen stylesheets for a
    connection), the theme's script preloads dropped (the scripts still load, deferred, at the end
    of the page), and theme.css, whose one rule imports ``basic.css``, replaced by that file."""
    html = defer_scripts(html)
    inline = "<script>" + options_js.strip().replace("</", "<\\/") + "</script>"
    html = OPTIONS_SCRIPT.sub(lambda _: inline, html, count=1)
    head_end = html.find("</head>")
    head = PRELOAD.sub("", html[:head_end])
    if theme_imports_basic:
        head = THEME_CSS.sub(lambda m: f'<link href="{m.group(1)}../basic.css" rel="stylesheet" />', head)
    return state_to_end(head + html[head_end:])


#: The widgets' saved state, which myst-nb writes into the head: read only by the scripts that draw
#: the widgets, once the page is parsed.
WIDGET_STATE = re.compile(r'<script type="application/vnd\.jupyter\.widget-state\+json">.*?</script>\n?',
                          re.S)


def state_to_end(html: str) -> str:
    """The page with its widgets' saved state (a game table's is 0.44 MB) moved from the head to the
    end of the body: the text above the widgets is parsed and painted without waiting for it."""
    head_end, body_end = html.find("</head>"), html.rfind("</body>")
    found = WIDGET_STATE.search(html, 0, max(head_end, 0))
    if head_end < 0 or body_end < 0 or not found:
        return html
    return (html[:found.start()] + html[found.end():body_end] + found.group(0) + html[body_end:])


STYLESHEET = re.compile(
    r'<link (?:rel="stylesheet" type="text/css" href="([^"]+)"|href="([^"]+)" rel="stylesheet") />')
#: Stylesheets this small are put into the page (where the link was, so the cascade is the same):
#: each link is a request the first paint waits for, a round trip on a phone network.
INLINE_CSS_BYTES = 20_000


def inline_small_css(html: str, page: Path, out: Path) -> str:
    """The page with its small stylesheets (``INLINE_CSS_BYTES``, no ``url()`` or ``@import``,
    from the site itself) written into it in their place."""
    head_end = html.find("</head>")

    def inline(match: re.Match) -> str:
        href = (match.group(1) or match.group(2)).split("?")[0]
        css = (page.parent / href).resolve()
        if not css.is_file() or out.resolve() not in css.parents or css.stat().st_size > INLINE_CSS_BYTES:
            return match.group(0)
        text = re.sub(r"/\*.*?\*/", "", css.read_text(encoding="utf-8"), flags=re.S).strip()  # comments
        if "url(" in text or "@import" in text or "</" in text:
            return match.group(0)
        return f"<style>/* {css.relative_to(out.resolve()).as_posix()} */\n{text}</style>"

    return STYLESHEET.sub(inline, html[:head_end]) + html[head_end:]


#: A picture of the chapter's own (a chart, a table drawn by the build), not the theme's logo.
CHAPTER_IMAGE = re.compile(r'<img (?![^>]*\bloading=)([^>]*\bsrc="[^"]*_images/[^"]*")')


def lazy_images(html: str) -> str:
    """The chapter's pictures fetched as the reader nears them (``loading="lazy"``), decoded off the
    main thread: chapter 10's six charts (0.5 MB) were fetched with the page, beside the style
    sheets its first paint waits for. (The service worker still keeps them for offline use.)

    >>> lazy_images('<img alt="a chart" src="../_images/c.png" /><img src="logo.svg" />')
    '<img loading="lazy" decoding="async" alt="a chart" src="../_images/c.png" /><img src="logo.svg" />'
    """
    return CHAPTER_IMAGE.sub(r'<img loading="lazy" decoding="async" \1', html)


#: Where pydata-sphinx-theme.js starts its ``addTabStopsToScrollableElements`` (its name minified):
#: on the page's load, then 300 ms after every change of the page, it reads the size of every
#: code block, output and table, laying the whole page out each time (issue 36: a long task on
#: chapters 04, 06 and 13 as they loaded and as their widgets were drawn). crib-a11y.js does the
#: same job (a box that scrolls is a named tab stop) as the browser lays each box out.
THEME_TAB_STOPS = re.compile(r'"complete"===document\.readyState\?(\w+)\(\)'
                             r':window\.addEventListener\("load",\1\)')
#: What identifies that function in the theme's script: the boxes it makes tab stops.
THEME_TAB_STOPS_BOXES = '".pst-scrollable-table-container"'
#: What is left in its place (an expression: the start is one of a list of them).
THEME_TAB_STOPS_OFF = "void 0/* addTabStopsToScrollableElements: crib-a11y.js (lite/first_paint.py) */"


def without_theme_tab_stops(script: str) -> str:
    """The theme's script without its start of ``addTabStopsToScrollableElements``
    (``THEME_TAB_STOPS``), once; an error naming what changed if the theme's script has no such start.

    >>> start = ',"complete"===document.readyState?I():window.addEventListener("load",I)'
    >>> script = without_theme_tab_stops('function I(){x(".pst-scrollable-table-container")}' + start)
    >>> script == 'function I(){x(".pst-scrollable-table-container")},' + THEME_TAB_STOPS_OFF
    True
    >>> without_theme_tab_stops(script) == script
    True
    """
    if THEME_TAB_STOPS_OFF in script:
        return script
    found = THEME_TAB_STOPS.search(script)
    body = found and re.search(r"function " + found.group(1) + r"\(\)\{(.{0,400})", script, re.S)
    if not body or THEME_TAB_STOPS_BOXES not in body.group(1):
        raise ExtensionError("pydata-sphinx-theme.js no longer starts addTabStopsToScrollableElements as "
                             "lite/first_paint.py expects (THEME_TAB_STOPS): see whether the theme still "
                             "lays the page out on load, and update or drop that step")
    return script[:found.start()] + THEME_TAB_STOPS_OFF + script[found.end():]


def quiet_theme_script(out: Path) -> None:
    """The built site's pydata-sphinx-theme.js without its page-wide scan for scrolling boxes
    (``without_theme_tab_stops``)."""
    theme = out / "_static" / "scripts" / "pydata-sphinx-theme.js"
    if not theme.is_file():
        return
    script = theme.read_text(encoding="utf-8")
    quiet = without_theme_tab_stops(script)
    if quiet != script:
        theme.write_text(quiet, encoding="utf-8")


def light_pages(app: Sphinx, error: Exception | None) -> None:
    """Every book page (not JupyterLite's) made to paint sooner (``first_paint_head``), and the
    theme's script without its page-wide layout on load (``quiet_theme_script``)."""
    if error is not None or app.builder.format != "html":
        return
    out = Path(app.outdir)
    quiet_theme_script(out)
    options_js = (out / "_static" / "documentation_options.js").read_text(encoding="utf-8")
    theme = out / "_static" / "styles" / "theme.css"
    rules = theme.read_text(encoding="utf-8") if theme.is_file() else ""
    rules = re.sub(r"/\*.*?\*/", "", rules, flags=re.S).strip()
    theme_imports_basic = rules == '@import "../basic.css";'
    for page in out.rglob("*.html"):
        if page.relative_to(out).parts[0] in {"lite", "_static"}:
            continue
        html = page.read_text(encoding="utf-8")
        lighter = inline_small_css(first_paint_head(html, options_js, theme_imports_basic), page, out)
        lighter = lazy_images(lighter)
        if lighter != html:
            page.write_text(lighter, encoding="utf-8")
