"""What a live page loads, by site-relative URL with its digest (``?v=``): the runtime, the worker,
Pyodide, the Python files (``live_python``), the widgets' style sheet and the transport of a game
with a friend; what the worker is told
of them; and, after the build, the worker placed in the service worker's scope and every file the
pages name checked to be in the site.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from live_python import (
    FIRST_IMPORT,
    LATER,
    PACKAGES,
    SNAPSHOT,
    STDLIB,
    WASM,
    build_python,
    served_name,
    zip_modules,
)
from live_runtime import (
    FRIEND_SCRIPT,
    LITE,
    PAGE_STATIC,
    RUNTIME,
    RUNTIME_BUNDLE,
    WIDGET_STYLES,
    WORKER_BUNDLE,
    copy_runtime,
    digest,
)
from sphinx.application import Sphinx
from sphinx.errors import ExtensionError


def runtime_paths() -> dict:
    """Site-relative URLs of what the in-place pages load (the lite/ build lays the Pyodide part out)."""
    pyodide = "lite/static/pyodide"
    return {
        "runtime": f"_static/crib-live/{RUNTIME_BUNDLE}",
        "worker": f"book/{WORKER_BUNDLE}",  # in the service worker's scope (service_worker.SW_SCOPE)
        "pyodide": f"{pyodide}/pyodide.mjs",
        "stdlib": f"_static/crib-live/{served_name(STDLIB)}",
        "later": f"_static/crib-live/{served_name(LATER)}",
        "packages": f"_static/crib-live/{served_name(PACKAGES)}",
        "snapshot": f"_static/crib-live/{SNAPSHOT}",
        "wasm": f"_static/crib-live/{served_name(WASM)}",  # Pyodide's WebAssembly, packed (worker.js)
        "styles": f"_static/{WIDGET_STYLES}",
        "friend": f"_static/{FRIEND_SCRIPT}",
        "embed": "_static/widgets/embed.js",
    }


def page_paths() -> dict:
    """``runtime_paths`` with each file's digest, after copying the runtime and making the Python
    files into ``lite/_static/crib-live/``, and what the worker needs to know of them beside."""
    paths = runtime_paths()
    digests = copy_runtime(LITE / "_static" / "crib-live")
    paths["runtime"] += "?v=" + digests[RUNTIME_BUNDLE]
    paths["worker"] += "?v=" + digests[WORKER_BUNDLE]
    digest_static(paths)
    for key, value in build_python(LITE / "_static" / "crib-live").items():
        paths[key] += "?v=" + value
    # the modules of the library fetched when one of them is first imported (later_library.py)
    paths["later_modules"] = zip_modules(RUNTIME / "dist" / LATER)
    lock = json.loads((LITE / "static" / "pyodide" / "pyodide-lock.json").read_text(encoding="utf-8"))
    paths["lock"] = {"info": lock["info"], "packages": {}}  # Pyodide asks for one: no fetch needed
    paths["first"] = FIRST_IMPORT
    crib_live = LITE / "_static" / "crib-live"
    # what the worker fetches, in the bytes it counts (its files as the build packed them): for the
    # progress line, and to ask for the packages just before Python's own two files are in (worker.js)
    paths["sizes"] = {key: (crib_live / served_name(name)).stat().st_size
                      for key, name in (("wasm", WASM), ("stdlib", STDLIB))}
    paths["bytes"] = sum(paths["sizes"].values()) + (crib_live / served_name(PACKAGES)).stat().st_size
    return paths


def digest_static(paths: dict) -> None:
    """The page's static files that crib_live_page.js loads itself, each with its digest: Sphinx
    digests only the scripts a page names in its head, and a host may keep ``_static/`` for a year."""
    paths["styles"] += "?v=" + digest(PAGE_STATIC / WIDGET_STYLES)
    paths["friend"] += "?v=" + digest(PAGE_STATIC / FRIEND_SCRIPT)


def place_worker(app: Sphinx, error: Exception | None) -> None:
    """After the JupyterLite build: the page's Python worker copied into the service worker's scope,
    and every file the pages name (the worker, Pyodide, the snapshot...) checked to be there."""
    if error is not None or app.builder.format != "html":
        return
    out = Path(app.outdir)
    paths = app.config._crib_live_paths
    # the page's Python worker lives in the service worker's scope (service_worker.SERVICE_WORKER)
    shutil.copy2(LITE / "_static" / "crib-live" / WORKER_BUNDLE, out / paths["worker"].split("?")[0])
    files = [paths[key].split("?")[0] for key in ("worker", "pyodide", "runtime", "snapshot", "stdlib",
                                                   "later", "packages", "friend", "wasm")]
    for named in files:
        if not (out / named).is_file():
            raise ExtensionError(f"the live pages name {named}, which the site lacks")
