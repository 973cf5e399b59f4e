"""The book's scripts that ``make book`` bundles before Sphinx runs (``lite/runtime/``: npm, esbuild):
the in-place runtime and its worker, the service worker and the page scripts. Here they are checked,
copied into the site with a digest for their URLs, and every page is written again when one of the
book's static files changed. Also how the build runs a Node script (the Python files, the brotli twins).
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
from pathlib import Path

from sphinx.application import Sphinx
from sphinx.errors import ExtensionError

LITE = Path(__file__).resolve().parent
ROOT = LITE.parent
RUNTIME = LITE / "runtime"
#: The page scripts and the widget manager, built by ``make book`` (lite/runtime/build-pages.mjs).
PAGE_STATIC = RUNTIME / "dist" / "static"
#: The widgets' style sheet (lite/runtime/src/widgets.css), loaded by crib_live_page.js.
WIDGET_STYLES = "crib-live-widgets.css"
#: The transport of a game with a friend (lite/runtime/src/page/crib-friend.js), loaded by
#: crib_live_page.js only once such a game is on the page.
FRIEND_SCRIPT = "crib-friend.js"
PAGE_SCRIPTS = ["assignment.js", "crib-a11y.js", "crib-book.js", "crib_live_page.js", "crib_run_all.js",
                "widgets/embed.js", WIDGET_STYLES, FRIEND_SCRIPT]
RUNTIME_BUNDLE = "crib-live-runtime.js"
WORKER_BUNDLE = "crib-live-worker.js"
SW_BUNDLE = "crib-sw.js"  # lite/runtime/src/sw.js bundled; the build writes it with its manifest


def check_built() -> None:
    """The files ``make book`` makes before Sphinx runs (lite/runtime/, npm and esbuild) are there;
    else a sentence saying so: Sphinx does not run npm."""
    wanted = [*(RUNTIME / "dist" / name for name in (RUNTIME_BUNDLE, WORKER_BUNDLE, SW_BUNDLE)),
              *(PAGE_STATIC / name for name in PAGE_SCRIPTS)]
    missing = [os.path.relpath(path, ROOT) for path in wanted if not path.is_file()]
    if missing:
        raise ExtensionError(f"the book's scripts are not built ({', '.join(missing[:3])} missing): build "
                             "the book with `make book`, which bundles lite/runtime/ (npm ci, npm run build) "
                             "before Sphinx runs")


def copy_runtime(out: Path) -> dict[str, str]:
    """Copy the bundled runtime (made by ``make book``: ``npm run build`` in lite/runtime/) into
    ``out``; return the digests of the page's runtime and of the worker, by file name (`check_built`
    has already made sure they are there, when the configuration was read)."""
    out.mkdir(parents=True, exist_ok=True)
    for name in (RUNTIME_BUNDLE, RUNTIME_BUNDLE + ".LEGAL.txt", WORKER_BUNDLE, WORKER_BUNDLE + ".LEGAL.txt"):
        if (RUNTIME / "dist" / name).is_file():  # esbuild writes no LEGAL file when there is nothing to say
            shutil.copy2(RUNTIME / "dist" / name, out / name)
    return {name: digest(out / name) for name in (RUNTIME_BUNDLE, WORKER_BUNDLE)}


def digest(path: Path) -> str:
    """A short digest of a file for its URL, so a browser never keeps an old copy of a new file."""
    return hashlib.sha256(path.read_bytes()).hexdigest()[:12]


def run_node(script: Path, job: dict) -> str:
    node = shutil.which("node")
    if node is None:
        raise ExtensionError("Node.js is needed to make the live widgets' Python (apt-get install nodejs)")
    result = subprocess.run([node, str(script)], input=json.dumps(job), capture_output=True, text=True)
    if result.returncode:
        raise ExtensionError(f"{script.name} failed:\n{result.stdout[-2000:]}\n{result.stderr[-2000:]}")
    return result.stdout


def static_changed(app: Sphinx, env, added: set, changed: set, removed: set) -> list[str]:
    """Every page again when one of the book's own static files changed (a page script, a style
    sheet): Sphinx copies static files only on a build that writes a page, and each page names its
    scripts with their digest (``?v=``), which the service worker trusts to never change."""
    folders = [ROOT / "book" / "_static", PAGE_STATIC, LITE / "_static"]
    files = sorted(p for folder in folders for p in folder.rglob("*")
                   if p.is_file() and "crib-live" not in p.relative_to(folder).parts)
    digest = hashlib.sha256(b"".join(p.as_posix().encode() + p.read_bytes() for p in files)).hexdigest()
    if getattr(env, "crib_static_digest", None) == digest:
        return []
    env.crib_static_digest = digest
    return sorted(env.found_docs)
