"""The notebook route: the book's notebooks and helper modules staged for ``jupyterlite-sphinx``
(each notebook with a note on how it runs, its glued values pasted in and its cross references as
words), and JupyterLite's notebook app made to run its cells by itself and name the cards as the
book does.
"""

from __future__ import annotations

import json
import posixpath
import re
import shutil
from pathlib import Path

from live_runtime import LITE, PAGE_STATIC, ROOT
from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.errors import ExtensionError
from sphinx.util import logging

logger = logging.getLogger(__name__)
LIVE_APP = "lite/notebooks/index.html"
LIVE_NOTE = (
    "> **Live notebook.** Python runs inside your browser here: the cells run by themselves when the "
    "notebook opens (about 15 seconds the first time), and then the widgets answer your clicks. "
    "Your changes stay in this browser only (**File ▸ Download** saves a copy)."
)
#: What the notebook app gets beside JupyterLab's own: its cells run by themselves, and the widgets'
#: cards have the same accessible names and focus rules as on the book's pages (book/_static/).
NOTEBOOK_APP_FILES = [
    (PAGE_STATIC / "crib_run_all.js", '<script src="../crib_run_all.js" defer></script>'),
    (PAGE_STATIC / "crib-a11y.js", '<script src="../crib-a11y.js" defer></script>'),
    (ROOT / "book" / "_static" / "crib-a11y.css", '<link rel="stylesheet" href="../crib-a11y.css">'),
]


def live_copy(notebook: dict) -> dict:
    """The notebook as the live site serves it: the same cells, after a note on how it runs."""
    added = [{"cell_type": "markdown", "metadata": {}, "source": [LIVE_NOTE]}]
    cells = list(notebook.get("cells", []))
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


def configure_lite(app: Sphinx, config: Config) -> None:
    """Stage the notebooks and point jupyterlite-sphinx at lite/ and at them (runs before
    jupyterlite-sphinx's own setup)."""
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


def finish_notebook_app(app: Sphinx, error: Exception | None) -> None:
    """After the JupyterLite build: the notebook route runs its cells by itself and names the cards
    as the book does."""
    if error is not None or app.builder.format != "html":
        return
    out = Path(app.outdir)
    page = out / LIVE_APP
    html = page.read_text(encoding="utf-8")
    for source, tag in NOTEBOOK_APP_FILES:
        shutil.copy2(source, out / "lite" / source.name)
        if tag not in html:
            html = html.replace("</head>", tag + "\n</head>", 1)
    page.write_text(html, encoding="utf-8")
