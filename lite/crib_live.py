"""Sphinx extension: the book's live pages, with JupyterLite and the Pyodide kernel built into the site.

Listed in ``_config.yml`` (``sphinx.local_extensions``). At the start of a build it

1. prepares ``lite/`` with ``scripts/build_lite.py`` (offline Pyodide, our wheel; cached downloads);
2. copies the book's notebooks and helper modules to ``_build/lite-contents/``, each notebook with a
   short note on how to run it live (and, on a page with charts, a cell that loads matplotlib from
   the Pyodide CDN), and hands them to ``jupyterlite-sphinx``, which builds the
   JupyterLite site into ``<html>/lite/`` when the HTML is done (the files sit side by side at the
   top of the live file browser, so a notebook imports its helper module as it does in the book);
3. puts a "Try it live" button under the title of every chapter that shows widgets, opening that
   chapter's notebook in ``lite/notebooks/``;
4. writes ``.nojekyll`` into the site, so GitHub Pages serves ``_static/`` and the other folders.

``CRIB_LIVE=0 jupyter-book build .`` skips all of it (a quicker build while writing; no live pages).
A notebook can force the button on or off with ``"crib_live": true`` or ``false`` in its metadata.
"""

from __future__ import annotations

import importlib.util
import json
import os
import posixpath
import re
import shutil
from pathlib import Path
from urllib.parse import quote

from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.errors import ExtensionError
from sphinx.util import logging

LITE = Path(__file__).resolve().parent
ROOT = LITE.parent
LIVE_APP = "lite/notebooks/index.html"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"  # a widget saved in a built page
logger = logging.getLogger(__name__)

LIVE_NOTE = (
    "> **Live notebook.** Python runs inside your browser here, so the widgets answer your clicks. "
    "Choose **Run ▸ Run All Cells** to start: the first run takes about 20 seconds while Python loads. "
    "Your changes stay in this browser only (**File ▸ Download** saves a copy)."
)


#: Code that draws with matplotlib, here or inside crib_widgets (the game table's score race).
CHART_CODE = re.compile(r"\bmatplotlib\b|\bplt\.|_figure\(|\bGameTable\(")
#: Loads matplotlib before a page's first chart: crib_widgets imports it inside its plotting
#: functions, where Pyodide's import scan cannot see it. Only the Pyodide CDN has these packages.
CHART_CELL = """\
# The charts on this page use matplotlib, which comes from the Pyodide CDN (it needs the internet).
import micropip

try:
    await micropip.install("matplotlib")
except Exception as error:
    print(f"The charts cannot load here ({type(error).__name__}); everything else on this page works.")
"""


def _build_lite():
    spec = importlib.util.spec_from_file_location("build_lite", ROOT / "scripts" / "build_lite.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def live_copy(notebook: dict) -> dict:
    """The notebook as the live site serves it: the same cells, after a note on how to run it and,
    on a page with charts, a cell that loads matplotlib."""
    added = [{"cell_type": "markdown", "metadata": {}, "source": [LIVE_NOTE]}]
    cells = list(notebook.get("cells", []))
    if any(c["cell_type"] == "code" and CHART_CODE.search("".join(c["source"])) for c in cells):
        added.append({"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [],
                      "source": CHART_CELL.splitlines(keepends=True)})
    if notebook.get("nbformat_minor", 0) >= 5:  # cell ids exist from nbformat 4.5 on
        for number, cell in enumerate(added):
            cell["id"] = f"crib-live-{number}"
    title_first = bool(cells) and cells[0]["cell_type"] == "markdown" and (
        "".join(cells[0]["source"]).lstrip().startswith("#"))
    at = 1 if title_first else 0
    cells[at:at] = added
    return {**notebook, "cells": cells}


def stage_contents(srcdir: Path, patterns: list[str], stage: Path) -> list[str]:
    """Copy the book's notebooks (with the live note) and helper modules to ``stage``; return their names.

    Files, not folders: jupyterlite-sphinx 0.23 loses folders when its content folder is moved.
    """
    shutil.rmtree(stage, ignore_errors=True)
    stage.mkdir(parents=True)
    staged: dict[str, Path] = {}
    for pattern in patterns:
        for path in sorted(srcdir.glob(pattern)):
            if path.name in staged:
                raise ExtensionError(f"{path} and {staged[path.name]} would share one name on the live site")
            staged[path.name] = path
            target = stage / path.name
            if path.suffix == ".ipynb":
                notebook = json.loads(path.read_text(encoding="utf-8"))
                target.write_text(json.dumps(live_copy(notebook), indent=1, ensure_ascii=False) + "\n",
                                  encoding="utf-8")
            else:
                shutil.copy2(path, target)
    return sorted(staged)


def configure(app: Sphinx, config: Config) -> None:
    """Prepare lite/ and point jupyterlite-sphinx at it (runs before jupyterlite-sphinx's own setup)."""
    try:
        _build_lite().prepare()
    except SystemExit as failure:  # the script's clear message, as a build error rather than an exit
        raise ExtensionError(f"the live site cannot be prepared: {failure}") from None
    # Task state left by an interrupted JupyterLite build can skip steps of this one.
    (Path(app.srcdir) / ".jupyterlite.doit.db").unlink(missing_ok=True)
    build = Path(app.outdir).parent  # _build/, next to the html/ folder
    staged = stage_contents(Path(app.srcdir), config.crib_live_sources, build / "lite-contents")
    logger.info(f"[crib_live] {len(staged)} files for the live site")
    config.jupyterlite_dir = str(LITE)
    config.jupyterlite_contents = [str(build / "lite-contents" / "*")]
    # jupyterlite-sphinx empties and refills this folder; keep it out of the source tree
    config.jupyterlite_content_dir = str(build / "jupyterlite_contents")
    config.jupyterlite_bind_ipynb_suffix = False  # myst-nb renders the .ipynb pages


def add_button(app: Sphinx, pagename: str, templatename: str, context: dict, doctree) -> None:
    """Put "Try it live" under the title of a chapter that shows widgets (as built, executed)."""
    if doctree is None or "body" not in context:
        return
    source = Path(app.env.doc2path(pagename))
    if source.suffix != ".ipynb":
        return
    forced = json.loads(source.read_text(encoding="utf-8")).get("metadata", {}).get("crib_live")
    if not (forced if forced is not None else WIDGET_VIEW in context["body"]):
        return
    href = context["pathto"](LIVE_APP, 1) + "?path=" + quote(source.name)
    button = (
        '<div class="crib-live" role="note">'
        f'<a class="crib-live-button" href="{href}" target="_blank" rel="noopener">'
        '<span aria-hidden="true">▶</span> Try it live</a>'
        '<span class="crib-live-text">Opens this chapter as a notebook that runs in your browser, '
        "so the widgets answer your clicks. Nothing to install; the first start takes about "
        "20 seconds.</span></div>"
    )
    body = context["body"]
    end = body.find("</h1>")
    context["body"] = body[: end + 5] + button + body[end + 5:] if end >= 0 else button + body


GLUE_TEXT = re.compile(r"\{glue:text\}`([^`]+)`")


def paste_glue(notebook: dict, glued: dict) -> dict:
    """The notebook with every ``{glue:text}`name``` in its text replaced by the value the book's
    build computed (as the book page shows it), since a live notebook has no myst-nb to paste it."""
    from myst_nb.core.variables import format_plain_text

    def paste(match: re.Match) -> str:
        key, _, fmt = match.group(1).partition(":")
        plain = glued.get(key, {}).get("data", {}).get("text/plain")
        return match.group(0) if plain is None else format_plain_text(plain, fmt)

    cells = []
    for cell in notebook.get("cells", []):
        if cell["cell_type"] == "markdown":
            text = GLUE_TEXT.sub(paste, "".join(cell["source"]))
            cell = {**cell, "source": text.splitlines(keepends=True)}
        cells.append(cell)
    return {**notebook, "cells": cells}


CROSS_REF = re.compile(r"\{(ref|doc|term)\}`([^`<]*?)(?:\s*<([^>]+)>)?`")


def plain_cross_refs(notebook: dict, titles: dict[str, str]) -> dict:
    """The notebook with ``{ref}``, ``{doc}`` and ``{term}`` roles as plain words: a live notebook
    cannot resolve them. ``titles`` maps labels and document names to their titles."""

    def words(match: re.Match) -> str:
        role, text, target = match.group(1), match.group(2).strip(), match.group(3)
        if target is not None:
            return f"*{text}*" if role != "term" else text
        if role == "term":
            return text
        key = text if role == "ref" else posixpath.normpath(posixpath.join("book", text))
        return f"*{titles.get(key, text)}*"

    cells = []
    for cell in notebook.get("cells", []):
        if cell["cell_type"] == "markdown":
            cell = {**cell, "source": CROSS_REF.sub(words, "".join(cell["source"])).splitlines(keepends=True)}
        cells.append(cell)
    return {**notebook, "cells": cells}


def _titles(app: Sphinx) -> dict[str, str]:
    env = app.env
    titles = {doc: node.astext() for doc, node in env.titles.items()}
    titles.update({label: entry[2] for label, entry in env.domaindata["std"]["labels"].items() if entry[2]})
    return titles


def fill_glue(app: Sphinx, error: Exception | None) -> None:
    """Paste the executed book's glued values into the staged live notebooks and turn its cross
    references into words (before jupyterlite-sphinx copies them into the live site)."""
    if error is not None:
        return
    build = Path(app.outdir).parent
    titles = _titles(app)
    for path in sorted((build / "lite-contents").glob("*.ipynb")):
        notebook = plain_cross_refs(json.loads(path.read_text(encoding="utf-8")), titles)
        found = sorted((build / "jupyter_execute").rglob(f"{path.stem}.glue.json"))
        if found:
            notebook = paste_glue(notebook, json.loads(found[0].read_text(encoding="utf-8")))
        path.write_text(json.dumps(notebook, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def mark_static(app: Sphinx, error: Exception | None) -> None:
    """GitHub Pages runs Jekyll unless told not to, and Jekyll drops folders such as _static/."""
    if error is None and app.builder.format == "html":
        (Path(app.outdir) / ".nojekyll").touch()


def setup(app: Sphinx) -> dict:
    app.add_config_value("crib_live_sources", ["book/*.ipynb", "book/*.py"], "html")
    if os.environ.get("CRIB_LIVE", "1") == "0":
        logger.info("[crib_live] CRIB_LIVE=0: no live site and no 'Try it live' buttons in this build")
        return {"parallel_read_safe": True}
    app.setup_extension("jupyterlite_sphinx")
    # jupyterlite-sphinx puts a web font from a CDN on every page (for its own buttons, unused here):
    # the book loads nothing from elsewhere, so it goes.
    app.registry.css_files[:] = [(f, a) for f, a in app.registry.css_files if "://" not in f]
    app.connect("config-inited", configure, priority=400)
    app.connect("html-page-context", add_button)
    app.connect("build-finished", fill_glue, priority=400)  # before jupyterlite-sphinx's (500)
    app.connect("build-finished", mark_static)
    app.connect("builder-inited", lambda app: app.config.html_static_path.append(str(LITE / "_static")))
    app.add_css_file("crib_live.css")
    return {"parallel_read_safe": True, "parallel_write_safe": True}
