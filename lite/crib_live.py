"""Sphinx extension: the book's live widgets, with JupyterLite and the Pyodide kernel built into the site.

Listed in ``_config.yml`` (``sphinx.local_extensions``, which puts ``lite/`` on Python's path). This
module only wires the modules of ``lite/`` that do the work, one job each. At the start of a build it

1. prepares ``lite/`` with ``scripts/build_lite.py`` (offline Pyodide, our wheel; cached downloads),
   checks that ``make book`` has bundled the runtime and the page scripts (``live_runtime``: Sphinx
   does not run npm), copies the runtime into ``_static/crib-live/`` and makes the in-place
   Python's files (``live_python``), and notes the URLs the pages load (``live_paths``);
2. copies the book's notebooks and helper modules to ``_build/lite-contents/``, each notebook with a
   short note on how it runs, and hands them to ``jupyterlite-sphinx``, which builds the
   JupyterLite site into ``<html>/lite/`` when the HTML is done (``live_notebooks``; the files sit
   side by side at the top of the live file browser, so a notebook imports its helper module as it
   does in the book);
3. on every page that shows widgets, writes what each widget needs to come alive in place (the
   code of its cell and of the earlier cells it uses, ``live_cells``; the kernel worker's file
   name) into the page with ``_static/crib_live_page.js``, and puts an "Open as a notebook" link
   under the title (``live_pages``);
4. makes the notebook route run its cells by itself (``live_notebooks``), and writes ``.nojekyll``
   into the site, so GitHub Pages serves ``_static/`` and the other folders (``site_hosting``);
5. makes every page paint sooner on a phone network (``first_paint``: head scripts deferred, small
   stylesheets inline, no fontawesome.js: its style sheet draws the icons; ``static_snapshots``: each
   widget's snapshot drawn into its page by Chromium, so the page shows it as HTML), writes the book's
   service worker (``service_worker``: ``book/crib-sw.js``, fetching ahead and offline) and brotli
   twins of the largest files (``site_hosting``; lite/README.md, issue 23).

``CRIB_LIVE=0 jupyter-book build .`` skips all of it (a quicker build while writing; no live pages).
A notebook can force the live widgets on or off with ``"crib_live": true`` or ``false`` in its metadata.
"""

from __future__ import annotations

import importlib.util
import os

from first_paint import light_pages
from live_notebooks import configure_lite, fill_glue, finish_notebook_app
from live_pages import add_live
from live_paths import page_paths, place_worker
from live_runtime import LITE, ROOT, check_built, static_changed
from service_worker import add_ahead, write_service_worker
from site_hosting import mark_static, precompress
from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.errors import ExtensionError
from sphinx.util import logging
from static_snapshots import draw_snapshots

logger = logging.getLogger(__name__)


def _build_lite():
    spec = importlib.util.spec_from_file_location("build_lite", ROOT / "scripts" / "build_lite.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def configure(app: Sphinx, config: Config) -> None:
    """Prepare lite/ and point jupyterlite-sphinx at it (runs before jupyterlite-sphinx's own setup)."""
    try:
        _build_lite().prepare()
    except SystemExit as failure:  # the script's clear message, as a build error rather than an exit
        raise ExtensionError(f"the live site cannot be prepared: {failure}") from None
    configure_lite(app, config)
    config._crib_live_paths = page_paths()


def default_mode(app: Sphinx, config) -> None:
    """The theme reads the reader's light or dark choice from browser storage, and on a first
    visit, with nothing stored and no default set, logs an error before falling back to "auto"."""
    config.html_context.setdefault("default_mode", "auto")  # the theme's template reads it


def setup(app: Sphinx) -> dict:
    app.connect("config-inited", default_mode)
    app.add_config_value("crib_live_sources", ["book/*.ipynb", "book/*.py", "book/data/*.json"], "html")
    app.connect("config-inited", lambda app, config: check_built(), priority=300)  # also with CRIB_LIVE=0
    app.connect("env-get-outdated", static_changed)
    if os.environ.get("CRIB_LIVE", "1") == "0":
        logger.info("[crib_live] CRIB_LIVE=0: no live widgets, no notebook links")
        return {"parallel_read_safe": True}
    app.setup_extension("jupyterlite_sphinx")
    # jupyterlite-sphinx puts a web font from a CDN on every page (for its own buttons, unused here):
    # the book loads nothing from elsewhere, so it goes.
    app.registry.css_files[:] = [(f, a) for f, a in app.registry.css_files if "://" not in f]
    app.connect("config-inited", configure, priority=400)
    app.connect("html-page-context", add_live)
    app.connect("html-page-context", add_ahead)
    app.connect("build-finished", fill_glue, priority=400)  # before jupyterlite-sphinx's (500)
    app.connect("build-finished", place_worker, priority=600)  # after jupyterlite-sphinx's (500)
    app.connect("build-finished", finish_notebook_app, priority=600)
    app.connect("build-finished", mark_static)
    app.connect("build-finished", light_pages, priority=650)
    app.connect("build-finished", draw_snapshots, priority=655)  # in the final pages, before they are listed
    app.connect("build-finished", write_service_worker, priority=660)  # from the final pages
    app.connect("build-finished", precompress, priority=700)  # after the pages are final
    app.connect("builder-inited", lambda app: app.config.html_static_path.append(str(LITE / "_static")))
    app.add_css_file("crib_live.css")
    app.add_config_value("_crib_live_paths", {}, "html")
    return {"parallel_read_safe": True, "parallel_write_safe": True}
