"""The book's service worker (lite/README.md, "Fetching ahead and offline"): every page told where it
is and whether to fetch the widgets' Python ahead, and ``book/crib-sw.js`` written with this build's
manifest once the pages are final.
"""

from __future__ import annotations

import hashlib
import json
import posixpath
import re
from pathlib import Path

import offline_assets
from live_cells import WIDGET_VIEW
from live_runtime import RUNTIME, SW_BUNDLE
from sphinx.application import Sphinx
from sphinx.util import logging

logger = logging.getLogger(__name__)
#: The book's service worker and where it works (lite/README.md, "Fetching ahead and offline"):
#: the chapters' folder, which also gets the page's Python worker so that its fetches are answered
#: too; JupyterLite's own service worker, under lite/, is outside this scope.
SERVICE_WORKER = "book/crib-sw.js"
SW_SCOPE = "book/"
#: Pages from which a learner is expected to go on to a widget: the course's chapters.
COURSE_PAGE = re.compile(r"^book/\d\d_")


def add_ahead(app: Sphinx, pagename: str, templatename: str, context: dict, doctree) -> None:
    """Tell crib_ahead.js (in _static/crib-book.js) on every page where the service worker is and
    whether to fetch the widgets' Python ahead from here (a chapter of the course, or a page with
    widgets)."""
    if "body" not in context:
        return
    root = posixpath.relpath(".", posixpath.dirname(pagename) or ".") + "/"
    ahead = WIDGET_VIEW in context["body"] or bool(COURSE_PAGE.match(pagename) and context.get("next"))
    data = json.dumps({"root": root, "sw": SERVICE_WORKER, "scope": SW_SCOPE, "ahead": ahead})
    context["body"] += f'<script type="application/json" id="crib-ahead">{data}</script>'


def write_service_worker(app: Sphinx, error: Exception | None) -> None:
    """book/crib-sw.js with this build's manifest: the runtime files (as the pages name them), the
    chapters, what the chapters fetch to show themselves (pictures, style sheets and their fonts,
    scripts, sounds: read from the final pages, ``offline_assets``), and a version that changes
    whenever one of the runtime files does. Written once the pages are final (``light_pages``)."""
    if error is not None or app.builder.format != "html":
        return
    out = Path(app.outdir)
    paths = app.config._crib_live_paths
    pyodide = posixpath.dirname(paths["pyodide"])
    runtime = [paths["worker"], paths["runtime"], paths["styles"], paths["pyodide"],
               f"{pyodide}/pyodide.asm.mjs", paths["wasm"], paths["stdlib"],
               paths["packages"], paths["later"], paths["snapshot"]]
    pages = sorted(f"{doc}.html" for doc in app.env.found_docs if doc.startswith("book/"))
    version = hashlib.sha256(json.dumps([runtime, pages]).encode())
    for path in runtime:
        if "?v=" not in path:  # Pyodide's own files keep their names: their bytes make the version
            version.update(hashlib.sha256((out / path).read_bytes()).digest())
    assets = offline_assets.site_assets(out, [page for page in pages if (out / page).is_file()], set(runtime))
    manifest = {"version": version.hexdigest()[:12], "runtime": runtime, "pages": pages, "assets": assets}
    source = (RUNTIME / "dist" / SW_BUNDLE).read_text(encoding="utf-8")
    manifest_line = f"self.CRIB_SW_MANIFEST = {json.dumps(manifest)};\n"
    (out / SERVICE_WORKER).write_text(manifest_line + source, encoding="utf-8")
    logger.info(f"[crib_live] the service worker keeps {len(pages)} pages and the {len(assets)} files they "
                f"show ({sum((out / a.split('?')[0]).stat().st_size for a in assets) / 1e6:.1f} MB)")
