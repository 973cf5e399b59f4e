"""Sphinx extension: the book's live widgets, with JupyterLite and the Pyodide kernel built into the site.

Listed in ``_config.yml`` (``sphinx.local_extensions``). At the start of a build it

1. prepares ``lite/`` with ``scripts/build_lite.py`` (offline Pyodide, our wheel; cached downloads)
   and copies the in-place runtime into ``_static/crib-live/``: ``make book`` bundles it before
   Sphinx runs (``lite/runtime/``: esbuild, comlink, the ipywidgets HTML manager, from npm), with
   the page scripts and the widget manager (``lite/runtime/dist/static/``, a static folder in
   ``_config.yml``); this only checks that they are there;
2. copies the book's notebooks and helper modules to ``_build/lite-contents/``, each notebook with a
   short note on how it runs, and hands them to ``jupyterlite-sphinx``, which builds the
   JupyterLite site into ``<html>/lite/`` when the HTML is done (the files sit side by side at the
   top of the live file browser, so a notebook imports its helper module as it does in the book);
3. on every page that shows widgets, writes what each widget needs to come alive in place (the
   code of its cell and of the earlier cells it uses, the kernel worker's file name) into the page
   with ``_static/crib_live_page.js``, and puts an "Open as a notebook" link under the title;
4. makes the notebook route run its cells by itself, and writes ``.nojekyll`` into the site, so
   GitHub Pages serves ``_static/`` and the other folders;
5. makes every page paint sooner on a phone network (head scripts deferred, small stylesheets
   inline, no fontawesome.js: its style sheet draws the icons), writes the book's service worker
   (``book/crib-sw.js``, fetching ahead and offline) and brotli twins of the largest files
   (lite/README.md, issue 23).

``CRIB_LIVE=0 jupyter-book build .`` skips all of it (a quicker build while writing; no live pages).
A notebook can force the live widgets on or off with ``"crib_live": true`` or ``false`` in its metadata.
"""

from __future__ import annotations

import ast
import builtins
import gzip
import hashlib
import importlib.util
import io
import json
import os
import posixpath
import re
import shutil
import subprocess
import zipfile
from concurrent.futures import ThreadPoolExecutor
from html import escape
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


def _sibling(name: str):
    """A module of lite/ beside this one (Sphinx puts lite/ on the path; a test loading this file
    by its path does not)."""
    spec = importlib.util.spec_from_file_location(f"crib_lite_{name}", LITE / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


offline_assets = _sibling("offline_assets")

LIVE_NOTE = (
    "> **Live notebook.** Python runs inside your browser here: the cells run by themselves when the "
    "notebook opens (about 15 seconds the first time), and then the widgets answer your clicks. "
    "Your changes stay in this browser only (**File ▸ Download** saves a copy)."
)
#: The one line over a chapter's widgets (issue 36: a long note on every page was read once and then
#: skipped); each widget's own badge says how far its start has got.
LIVE_NOTICE = "Nothing to install: the widgets come alive in your browser as you reach them."
#: Added to the link of the notebook route: crib_run_all.js runs every cell once the kernel is up.
RUN_ALL_PARAM = "crib-run=all"
#: What the notebook app gets beside JupyterLab's own: its cells run by themselves, and the widgets'
#: cards have the same accessible names and focus rules as on the book's pages (book/_static/).
RUNTIME = LITE / "runtime"
#: The page scripts and the widget manager, built by ``make book`` (lite/runtime/build-pages.mjs).
PAGE_STATIC = RUNTIME / "dist" / "static"
#: The widgets' style sheet (lite/runtime/src/widgets.css), loaded by crib_live_page.js.
WIDGET_STYLES = "crib-live-widgets.css"
PAGE_SCRIPTS = ["assignment.js", "crib-a11y.js", "crib-book.js", "crib_live_page.js", "crib_run_all.js",
                "widgets/embed.js", WIDGET_STYLES]
#: html-manager's embed.js: it draws the widgets of a page without live Python (CRIB_LIVE=0); a live
#: page draws them with the runtime's own widget manager (crib_live_page.js) and loads it only where
#: the runtime cannot be loaded as a module (a copy of the site opened as files).
EMBED_SCRIPT = re.compile(r'<script defer="defer" src="[^"]*_static/widgets/embed\.js[^"]*"></script>\n?')
LIVE_CONFIG = '<script type="application/json" id="crib-live-config">'
NOTEBOOK_APP_FILES = [
    (PAGE_STATIC / "crib_run_all.js", '<script src="../crib_run_all.js" defer></script>'),
    (PAGE_STATIC / "crib-a11y.js", '<script src="../crib-a11y.js" defer></script>'),
    (ROOT / "book" / "_static" / "crib-a11y.css", '<link rel="stylesheet" href="../crib-a11y.css">'),
]

#: Live widgets must not need these: the site does not hold them (only the Pyodide CDN has them).
HEAVY_CODE = re.compile(r"\b(?:matplotlib|numpy|plt)\b")
#: Nor IPython itself: the in-place Python has only the stand-in ipywidgets needs (lite/README.md).
IPYTHON_CODE = re.compile(r"^\s*(?:from|import)\s+IPython\b|\bget_ipython\b|^\s*[%!]", re.M)
#: What the in-place pages' Python unpacks as it starts: crib_widgets and what it needs, from the
#: lock file the lite/ build writes, less IPython (the worker gives ipywidgets a stand-in, lite/README.md)
#: and jupyterlab_widgets (the JupyterLab front end, no Python in it).
LIVE_ROOT = "crib-widgets"
#: What the worker imports while the book's own package still comes down (worker.js,
#: unpackPackages): every widget's cell imports ipywidgets first, and the packages zip holds the
#: libraries first and crib_widgets last (``live_wheels``), so ipywidgets is whole by then.
FIRST_IMPORT = {"module": "ipywidgets", "before": "crib_widgets"}
LIVE_SKIPPED = {"ipython", "jupyterlab-widgets"}
RUNTIME_BUNDLE = "crib-live-runtime.js"
WORKER_BUNDLE = "crib-live-worker.js"
SW_BUNDLE = "crib-sw.js"  # lite/runtime/src/sw.js bundled; the build writes it with its manifest
SNAPSHOT = "crib-live-python.snapshot"
STDLIB = "crib-live-stdlib.zip"
#: The rest of the standard library the packages name: fetched only when one of its modules is first
#: imported (lite/runtime/src/later_library.py), never by a page as it starts.
LATER = "crib-live-stdlib-later.zip"
#: Folders a page gets whole with the library it starts with: importlib imports parts of itself
#: only when they are used (importlib.resources reads the levels' and the voice's files).
WHOLE_AT_START = {"importlib"}
#: Imported as a page's kernel runs its first cell (crib_live_kernel.execute), so at start too.
KERNEL_RUNS = ["pyodide.code"]
PACKAGES = "crib-live-packages.zip"
#: Files of the wheels that the in-place Python never imports: tests, the command line, install records.
UNUSED = re.compile(r"(^|/)tests?/|^crib_widgets/cli/|\.dist-info/(RECORD|licenses/)|py\.typed$")
#: The packages whose names are imported from their modules when first asked for.
LAZY_PACKAGES = ("crib_widgets.widgets", "crib_widgets.lessons", "crib_widgets.exercises")
#: Imported before the snapshot is taken, so that no page imports them again (lite/README.md).
SNAPSHOT_MODULES = ["ipywidgets", *LAZY_PACKAGES, "crib_widgets.exercises.assign"]
#: Run after those imports, so that the snapshot holds their results: every module the lazy
#: packages take their names from (they import one only when one of its names is asked for,
#: crib_widgets/_lazy.py), and the table of every hand's fifteens, pairs and runs (0.3 s in a
#: phone's Python, wanted by the computer's first discard).
SNAPSHOT_WARM_UP = ["from crib_widgets._lazy import import_all", f"import_all(*{LAZY_PACKAGES!r})",
                    "from crib_widgets.strategy.discard import warm_up", "warm_up()"]


def _build_lite():
    spec = importlib.util.spec_from_file_location("build_lite", ROOT / "scripts" / "build_lite.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


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
    paths = runtime_paths()
    digests = copy_runtime(LITE / "_static" / "crib-live")
    paths["runtime"] += "?v=" + digests[RUNTIME_BUNDLE]
    paths["worker"] += "?v=" + digests[WORKER_BUNDLE]
    paths["styles"] += "?v=" + _digest(PAGE_STATIC / WIDGET_STYLES)
    for key, digest in zip(("stdlib", "later", "packages", "snapshot"),
                           build_python(LITE / "_static" / "crib-live").values(), strict=True):
        paths[key] += "?v=" + digest
    # the modules of the library fetched when one of them is first imported (later_library.py)
    paths["later_modules"] = zip_modules(RUNTIME / "dist" / LATER)
    lock = json.loads((LITE / "static" / "pyodide" / "pyodide-lock.json").read_text(encoding="utf-8"))
    paths["lock"] = {"info": lock["info"], "packages": {}}  # Pyodide asks for one: no fetch needed
    paths["first"] = FIRST_IMPORT
    crib_live = LITE / "_static" / "crib-live"
    # what the worker fetches, in the bytes it counts (the WebAssembly unpacked by the browser, the
    # zips as gzipped files): for the progress line, and to ask for the packages just before
    # Python's own two files are in (worker.js)
    paths["sizes"] = {"wasm": (LITE / "static" / "pyodide" / "pyodide.asm.wasm").stat().st_size,
                      "stdlib": (crib_live / gzipped(STDLIB)).stat().st_size}
    paths["bytes"] = sum(paths["sizes"].values()) + (crib_live / gzipped(PACKAGES)).stat().st_size
    config._crib_live_paths = paths


# --- the in-place runtime: what a page needs to bring its widgets alive ----------------------------


def live_wheels(lock: dict) -> list[str]:
    """The wheels the in-place Python unpacks: ``crib-widgets`` and its dependencies in ``lock``
    (a ``pyodide-lock.json``), less those in ``LIVE_SKIPPED``; file names, the dependencies first
    (sorted) and ``crib-widgets`` last, the order of the packages zip (``FIRST_IMPORT``)."""
    packages = lock["packages"]
    wanted, todo = set(), [LIVE_ROOT]
    while todo:
        name = todo.pop()
        if name in wanted or name in LIVE_SKIPPED:
            continue
        if name not in packages:
            raise ExtensionError(f"the live pages need {name}, which the lite/ lock file lacks")
        wanted.add(name)
        todo.extend(packages[name].get("depends", []))
    ordered = sorted(wanted, key=lambda name: (name == LIVE_ROOT, name))
    return [packages[name]["file_name"] for name in ordered]


def runtime_paths() -> dict:
    """Site-relative URLs of what the in-place pages load (the lite/ build lays the Pyodide part out)."""
    pyodide = "lite/static/pyodide"
    return {
        "runtime": f"_static/crib-live/{RUNTIME_BUNDLE}",
        "worker": f"book/{WORKER_BUNDLE}",  # in the service worker's scope (SERVICE_WORKER)
        "pyodide": f"{pyodide}/pyodide.mjs",
        "stdlib": f"_static/crib-live/{gzipped(STDLIB)}",
        "later": f"_static/crib-live/{gzipped(LATER)}",
        "packages": f"_static/crib-live/{gzipped(PACKAGES)}",
        "snapshot": f"_static/crib-live/{SNAPSHOT}",
        "styles": f"_static/{WIDGET_STYLES}",
        "embed": "_static/widgets/embed.js",
    }


def packages_zip(wheels: list[Path]) -> bytes:
    """One zip of what the in-place Python imports from the wheels: their files less tests, the
    command line and install records (``UNUSED``); the same bytes for the same wheels."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as packed:
        for wheel in wheels:
            with zipfile.ZipFile(wheel) as zf:
                for info in sorted(zf.infolist(), key=lambda i: i.filename):
                    if info.is_dir() or UNUSED.search(info.filename):
                        continue
                    member = zipfile.ZipInfo(info.filename, date_time=(1980, 1, 1, 0, 0, 0))
                    member.compress_type = zipfile.ZIP_DEFLATED
                    packed.writestr(member, zf.read(info.filename))
    return out.getvalue()


def imported_names(sources: list[str]) -> list[str]:
    """Every module an ``import`` in these sources names, at any depth (also inside functions, which
    import only when called: the trimmed standard library must hold those too)."""
    names: set[str] = set()
    for source in sources:
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.Import):
                names |= {alias.name for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names.add(node.module)
                names |= {f"{node.module}.{alias.name}" for alias in node.names if alias.name != "*"}
    return sorted(names)


def _node(script: Path, job: dict) -> str:
    node = shutil.which("node")
    if node is None:
        raise ExtensionError("Node.js is needed to make the live widgets' Python (apt-get install nodejs)")
    result = subprocess.run([node, str(script)], input=json.dumps(job), capture_output=True, text=True)
    if result.returncode:
        raise ExtensionError(f"{script.name} failed:\n{result.stdout[-2000:]}\n{result.stderr[-2000:]}")
    return result.stdout


def build_python(out: Path) -> dict[str, str]:
    """The in-place Python's own files, into ``out``: its packages (one zip), the part of the standard
    library they import (a trimmed ``python_stdlib.zip``) and a snapshot made from exactly those;
    made again only when an input changed. Returns their digests by file name."""
    pyodide = LITE / "static" / "pyodide"
    lock = json.loads((pyodide / "pyodide-lock.json").read_text(encoding="utf-8"))
    wheels = [pyodide / name for name in live_wheels(lock)]
    stdlib_script, snapshot_script, pyc_script = (RUNTIME / f"{step}.mjs"
                                                   for step in ("stdlib", "snapshot", "pyc"))
    kernel = RUNTIME / "src" / "crib_live_kernel.py"
    helper = ROOT / "book" / "cribbook.py"
    key = hashlib.sha256(",".join(SNAPSHOT_MODULES + SNAPSHOT_WARM_UP).encode() + UNUSED.pattern.encode())
    memory = RUNTIME / "src" / "snapshot_memory.mjs"
    for path in [Path(__file__), stdlib_script, snapshot_script, pyc_script, RUNTIME / "pyc_compile.py",
                 memory, kernel, helper,
                 pyodide / "pyodide.asm.wasm", pyodide / "python_stdlib.zip", *wheels]:
        key.update(path.read_bytes())
    dist = RUNTIME / "dist"
    zips = [dist / STDLIB, dist / LATER, dist / PACKAGES]
    made = [*zips, dist / SNAPSHOT]
    stamp = dist / "crib-live-python.key"
    if not (all(p.is_file() for p in made) and stamp.is_file() and stamp.read_text() == key.hexdigest()):
        stamp.unlink(missing_ok=True)
        dist.mkdir(parents=True, exist_ok=True)
        partial = {p: p.with_name(p.name + ".partial") for p in made}
        packages = packages_zip(wheels)
        plain_packages = dist / (PACKAGES + ".py")  # compiled below, as the library is
        plain_packages.write_bytes(packages)
        with zipfile.ZipFile(io.BytesIO(packages)) as zf:
            sources = [zf.read(n).decode() for n in zf.namelist() if n.endswith(".py")]
        sources += [kernel.read_text(encoding="utf-8"), helper.read_text(encoding="utf-8")]
        modules = sorted(set(SNAPSHOT_MODULES) | set(imported_names(sources)))
        start = [*KERNEL_RUNS, *SNAPSHOT_MODULES, *own_modules(packages)]
        used = json.loads(_node(stdlib_script, {"pyodide": str(pyodide), "kernel": str(kernel),
                                                "packages": str(plain_packages), "start": start,
                                                "warm": SNAPSHOT_WARM_UP, "modules": modules}))
        libraries = split_stdlib(pyodide / "python_stdlib.zip", used["files"], set(used["start"]))
        for name, library in zip((STDLIB, LATER), libraries, strict=True):
            plain = dist / (name + ".py")  # compiled: the pages unmarshal, never compile, the library
            plain.write_bytes(library)
            _node(pyc_script, {"pyodide": str(pyodide), "in": str(plain), "out": str(partial[dist / name])})
            plain.unlink()
        # the packages too, without their docstrings: a cold page's first widget imports them while
        # the learner waits (lite/README.md, "What a widget page fetches")
        _node(pyc_script, {"pyodide": str(pyodide), "in": str(plain_packages),
                           "out": str(partial[dist / PACKAGES]), "docstrings": False})
        plain_packages.unlink()
        logger.info(_node(snapshot_script, {
            "pyodide": str(pyodide), "stdlib": str(partial[dist / STDLIB]), "kernel": str(kernel),
            "out": str(partial[dist / SNAPSHOT]), "modules": SNAPSHOT_MODULES, "warm": SNAPSHOT_WARM_UP,
            "packages": str(partial[dist / PACKAGES])}).strip())
        for final, part in partial.items():  # whole or not at all
            part.replace(final)
        stamp.write_text(key.hexdigest())
    for path in zips:  # served gzipped now: no plain copy left from an earlier build
        (out / path.name).unlink(missing_ok=True)
    served = [gzip_file(path, out / gzipped(path.name)) for path in zips]
    served.append(Path(shutil.copy2(dist / SNAPSHOT, out / SNAPSHOT)))  # gzipped already
    return {path.name: _digest(path) for path in served}


def gzipped(name: str) -> str:
    """The name the site serves a zip under: gzipped whole (the worker unzips it, worker.js), so that
    it comes down packed from any host, whether or not the host compresses what it sends."""
    return name + ".gz"


def gzip_file(source: Path, target: Path) -> Path:
    """``target``: ``source`` gzipped at the best level, the same bytes for the same file."""
    target.write_bytes(gzip.compress(source.read_bytes(), compresslevel=9, mtime=0))
    return target


#: Neighbours that never run in a browser, left out of their folders (90 KB of the gzipped zip):
#: Windows' event loops, command lines (``__main__``, ``json.tool``, ``asyncio.tools``), other
#: processes and interpreters, Node's sockets, and importlib's bootstrap, which runs frozen into Python.
NEVER_IN_A_BROWSER = re.compile(
    r"^(?:asyncio/(?:windows_\w+|proactor_events|tools)|concurrent/futures/(?:process|interpreter)"
    r"|pyodide/_nodesock_transport|importlib/_bootstrap(?:_external)?|json/tool|[\w/]+/__main__)\.py$")


def stdlib_members(names: list[str], files: list[str]) -> list[str]:
    """Of ``names`` (the members of Pyodide's standard library zip, in its order): ``files`` and
    every other module of the folders that hold them, since a module may be imported lazily by its
    neighbour (``importlib.resources`` imports ``_adapters`` only when ``files()`` is called),
    unless it never runs in a browser (``NEVER_IN_A_BROWSER``). Top-level modules and codecs alone."""
    keep = set(files)
    missing = keep - set(names)
    if missing:
        raise ExtensionError(f"the standard library lacks {sorted(missing)[:5]}")
    # encodings/ is a hundred codecs looked up by name; utf-8 and the others Python itself uses are
    # among the files imported (str.encode takes a fast path for latin-1 and ascii)
    folders = {posixpath.dirname(name) for name in keep} - {"", "encodings"}
    return [name for name in names if name in keep or (
        name.endswith(".py") and posixpath.dirname(name) in folders and not NEVER_IN_A_BROWSER.match(name))]


def _zip_of(zf: zipfile.ZipFile, names: list[str]) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as packed:
        for name in names:
            member = zipfile.ZipInfo(name, date_time=zf.getinfo(name).date_time)
            member.compress_type = zipfile.ZIP_DEFLATED
            packed.writestr(member, zf.read(name))
    return out.getvalue()


def split_stdlib(full: Path, files: list[str], start: set[str]) -> tuple[bytes, bytes]:
    """Pyodide's standard library zip cut to ``stdlib_members``, in two: what a page imports as it
    starts (``start``, with the folders of ``WHOLE_AT_START``), which it fetches with Python, and the
    rest, fetched only when one of its modules is first imported (``LATER``)."""
    with zipfile.ZipFile(full) as zf:
        members = stdlib_members(zf.namelist(), files)
        first = [name for name in members if name in start or name.split("/")[0] in WHOLE_AT_START]
        chosen = set(first)
        return _zip_of(zf, first), _zip_of(zf, [name for name in members if name not in chosen])


def _module_name(path: str, suffix: str) -> str:
    """``logging/handlers.pyc`` is ``logging.handlers``, ``xml/__init__.pyc`` is ``xml``."""
    return path.removesuffix(suffix).removesuffix("/__init__").replace("/", ".")


def zip_modules(path: Path) -> list[str]:
    """The modules a zip of compiled modules holds, by name."""
    with zipfile.ZipFile(path) as zf:
        return sorted(_module_name(name, ".pyc") for name in zf.namelist() if name.endswith(".pyc"))


def own_modules(packages: bytes) -> list[str]:
    """Every module of crib_widgets in the packages zip (``packages_zip``), by name: a page may import
    any of them as it starts, so what they import is in the library it fetches first."""
    with zipfile.ZipFile(io.BytesIO(packages)) as zf:
        return sorted(_module_name(name, ".py") for name in zf.namelist()
                      if name.startswith("crib_widgets/") and name.endswith(".py"))


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
    return {name: _digest(out / name) for name in (RUNTIME_BUNDLE, WORKER_BUNDLE)}


def free_names(code: str) -> set[str]:
    """Names a cell reads but neither defines nor gets from the builtins (what it needs from before)."""
    tree = ast.parse(code)
    return {node.id for node in ast.walk(tree) if isinstance(node, ast.Name)
            and isinstance(node.ctx, ast.Load)} - bound_names(code) - set(dir(builtins))


def bound_names(code: str) -> set[str]:
    """Names a cell defines: assignments, imports, functions, classes, loop and argument names."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(code)):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store | ast.Del):
            names.add(node.id)
        elif isinstance(node, ast.Import | ast.ImportFrom):
            names |= {(a.asname or a.name).split(".")[0] for a in node.names}
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.arg):
            names.add(node.arg)
        elif isinstance(node, ast.ExceptHandler) and node.name:
            names.add(node.name)
    return names


def cells_needed(codes: list[str], index: int) -> list[int]:
    """The widget cell ``index`` and the earlier cells that define what it uses (their needs too).

    The live page runs only these, so a chart cell elsewhere on the page never runs. Raises
    ValueError naming the names no earlier cell defines.
    """
    need = free_names(codes[index])
    chosen = [index]
    for earlier in range(index - 1, -1, -1):
        defines = bound_names(codes[earlier])
        if defines & need:
            chosen.append(earlier)
            need = (need - defines) | free_names(codes[earlier])
    if need:
        raise ValueError(f"uses {', '.join(sorted(need))}, which no earlier cell defines")
    return sorted(chosen)


def _source(cell: dict) -> str:
    return "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]


def page_widgets(notebook: dict, docname: str) -> tuple[list[dict], bool]:
    """For each widget an executed notebook shows: its model id and the code that makes it again.

    Also whether that code imports the book's helper module (the live page then writes it into
    Python's folder first).
    """
    cells = notebook.get("cells", [])
    codes = [_source(c) if c["cell_type"] == "code" else "" for c in cells]
    widgets, helper = [], False
    for index, cell in enumerate(cells):
        ids = [o["data"][WIDGET_VIEW]["model_id"] for o in cell.get("outputs", [])
               if WIDGET_VIEW in o.get("data", {})]
        if cell["cell_type"] != "code" or not ids:
            continue
        try:
            needed = cells_needed(codes, index)
        except ValueError as error:
            raise ExtensionError(f"{docname}: the widget of cell {index + 1} {error}") from None
        code = [codes[i] for i in needed]
        heavy = [i + 1 for i in needed if HEAVY_CODE.search(codes[i])]
        if heavy:
            raise ExtensionError(f"{docname}: the widget of cell {index + 1} needs cells {heavy}, which use "
                                 "numpy or matplotlib: live widgets must not (the site does not hold them)")
        shell = [i + 1 for i in needed if IPYTHON_CODE.search(codes[i])]
        if shell:
            raise ExtensionError(f"{docname}: the widget of cell {index + 1} needs cells {shell}, which use "
                                 "IPython (an import, get_ipython or a magic): live widgets run without it")
        helper |= any(re.search(r"\bimport cribbook\b", c) for c in code)
        widgets.extend({"model_id": model_id, "cell": index + 1, "code": code} for model_id in ids)
    return widgets, helper


def _digest(path: Path) -> str:
    """A short digest of a file for its URL, so a browser never keeps an old copy of a new file."""
    return hashlib.sha256(path.read_bytes()).hexdigest()[:12]


def _executed(app: Sphinx, pagename: str) -> dict | None:
    path = Path(app.outdir).parent / "jupyter_execute" / f"{pagename}.ipynb"
    return json.loads(path.read_text(encoding="utf-8")) if path.is_file() else None


#: The page's Python and its options, made by the first lines of its head (before any stylesheet,
#: so that it runs at once). The worker's script then comes before the theme's dozen scripts take
#: every connection (six at a time on HTTP/1.1); when the learner reaches a widget,
#: crib_live_page.js tells it to start, and Python's files are asked for at once, not one round trip
#: later. Where the browser already holds Python (fetched ahead), the worker starts by itself, while
#: the page still loads (worker.js). ``window.cribLiveOptions``: what the worker needs, the
#: addresses made absolute (``o.u``). No worker with ``?crib-live-start=never`` (the static page
#: alone), nor where workers fail.
EARLY_WORKER = ("<script>(function(){var o=OPTIONS,r=new URL(ROOT,location.href),k;for(k in o.u)"
                "o[k]=new URL(o.u[k],r).href;delete o.u;window.cribLiveOptions=o;"
                "if(!/[?&]crib-live-start=never/.test(location.search))try{window.cribLiveWorker="
                "new Worker(o.worker,{type:'module',name:JSON.stringify(o)})}catch(e){}})()</script>")


#: What the page's settings leave to the worker's options (``worker_options``).
WORKER_ONLY = {"pyodide", "lock", "sizes", "first", "later", "later_modules"}


def worker_options(paths: dict) -> dict:
    """What the page's Python worker starts with (worker.js, boot): its addresses site-relative
    under ``u``, the head script makes them absolute."""
    pyodide = paths["pyodide"]
    urls = {"worker": paths["worker"], "pyodideUrl": pyodide, "indexUrl": posixpath.dirname(pyodide) + "/"}
    urls.update({key: paths[key] for key in ("stdlib", "later", "packages", "snapshot")})
    return {"u": urls, "lock": paths["lock"], "sizes": paths["sizes"], "first": paths["first"],
            "laterModules": paths["later_modules"]}


def early_worker(root: str, options: dict) -> str:
    """The head script that makes the page's options and Python worker (``EARLY_WORKER``)."""
    def js(value: object) -> str:
        return json.dumps(value, separators=(",", ":")).replace("</", "<\\/")

    return EARLY_WORKER.replace("ROOT", js(root)).replace("OPTIONS", js(options))


def add_live(app: Sphinx, pagename: str, templatename: str, context: dict, doctree) -> None:
    """Bring the widgets of a chapter alive in place, and link its notebook under the title."""
    if doctree is None or "body" not in context:
        return
    source = Path(app.env.doc2path(pagename))
    if source.suffix != ".ipynb":
        return
    forced = json.loads(source.read_text(encoding="utf-8")).get("metadata", {}).get("crib_live")
    if not (forced if forced is not None else WIDGET_VIEW in context["body"]):
        return
    executed = _executed(app, pagename)
    widgets, helper = page_widgets(executed, pagename) if executed else ([], False)
    root = posixpath.relpath(".", posixpath.dirname(pagename) or ".") + "/"
    # what only Python's worker needs is in the head script's options (``worker_options``)
    shown = {key: value for key, value in app.config._crib_live_paths.items() if key not in WORKER_ONLY}
    config = {"root": root, **shown, "start": "view", "widgets": widgets,
              "modules": {"cribbook.py": "lite/files/cribbook.py"} if helper else {}}
    data = json.dumps(config, ensure_ascii=False).replace("</", "<\\/")
    href = context["pathto"](LIVE_APP, 1) + "?path=" + quote(source.name) + "&" + RUN_ALL_PARAM
    link = (
        '<div class="crib-live" role="note">'
        f'<span class="crib-live-text">{LIVE_NOTICE}</span>'
        f'<a class="crib-live-button" href="{escape(href)}" target="_blank" rel="noopener">'
        "Open as a notebook</a></div>"
    )
    # The first script of the head (Sphinx sorts them by priority; its own are 200): deferred, it
    # runs as soon as the page is parsed, so the snapshots are drawn and Python starts while the
    # theme's scripts still load and run, and window.cribLive is there before DOMContentLoaded, for
    # the page scripts that ask for it then. Sphinx adds its ?v= digest. High priority: on a
    # connection that takes six requests at a time (HTTP/1.1), a deferred script otherwise waits
    # until the stylesheets are in before it is even asked for, and Python's start waits for it.
    app.builder.add_js_file("crib_live_page.js", defer="defer", fetchpriority="high", priority=100)
    # a page with widgets starts Python by itself when the browser holds it; one that only uses
    # window.cribLive (its own scripts) starts it when they ask
    options = {**worker_options(app.config._crib_live_paths), "startIfHeld": bool(widgets)}
    context["metatags"] = context.get("metatags", "") + early_worker(root, options)
    body = context["body"]
    end = body.find("</h1>")
    if widgets:  # a page that only uses window.cribLive (``crib_live: true``) has no notebook to offer
        body = body[: end + 5] + link + body[end + 5:] if end >= 0 else link + body
    context["body"] = body + f"{LIVE_CONFIG}{data}</script>"


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
               f"{pyodide}/pyodide.asm.mjs", f"{pyodide}/pyodide.asm.wasm", paths["stdlib"],
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


def finish_lite(app: Sphinx, error: Exception | None) -> None:
    """After the JupyterLite build: the notebook route runs its cells by itself and names the cards
    as the book does, and the files the pages name (the worker, Pyodide, the snapshot) are there."""
    if error is not None or app.builder.format != "html":
        return
    out = Path(app.outdir)
    paths = app.config._crib_live_paths
    # the page's Python worker lives in the service worker's scope (see SERVICE_WORKER)
    shutil.copy2(LITE / "_static" / "crib-live" / WORKER_BUNDLE, out / paths["worker"].split("?")[0])
    files = [paths[key].split("?")[0] for key in ("worker", "pyodide", "runtime", "snapshot", "stdlib",
                                                   "later", "packages")]
    for named in files:
        if not (out / named).is_file():
            raise ExtensionError(f"the live pages name {named}, which the site lacks")
    page = out / LIVE_APP
    html = page.read_text(encoding="utf-8")
    for source, tag in NOTEBOOK_APP_FILES:
        shutil.copy2(source, out / "lite" / source.name)
        if tag not in html:
            html = html.replace("</head>", tag + "\n</head>", 1)
    page.write_text(html, encoding="utf-8")


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


def light_pages(app: Sphinx, error: Exception | None) -> None:
    """Every book page (not JupyterLite's) made to paint sooner (``first_paint_head``)."""
    if error is not None or app.builder.format != "html":
        return
    out = Path(app.outdir)
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


#: What gets a brotli twin (FILE.br) for hosts that serve precompressed files: what widget pages
#: fetch (lite/README.md, "What a host should serve"); JupyterLite's own files are left as they are.
PRECOMPRESS = re.compile(
    r"^(?:[^/]+\.(?:html|js)|book/[^/]+\.(?:html|js)|_static/.+\.(?:js|mjs|css|svg|json)"
    r"|lite/static/pyodide/pyodide(?:\.asm)?\.(?:wasm|mjs)|_static/crib-live/.+\.snapshot)$")


def precompress(app: Sphinx, error: Exception | None) -> None:
    """FILE.br beside each file that PRECOMPRESS names and that brotli makes smaller; made with
    Node (runtime/compress.mjs) and kept by content in runtime/dist/brotli/, so a rebuild only
    compresses what changed."""
    if error is not None or app.builder.format != "html":
        return
    out, store = Path(app.outdir), RUNTIME / "dist" / "brotli"
    store.mkdir(parents=True, exist_ok=True)
    wanted: list[tuple[Path, Path]] = []
    for path in sorted(out.rglob("*")):
        rel = path.relative_to(out).as_posix()
        if path.is_file() and PRECOMPRESS.match(rel) and path.stat().st_size > 1024:
            wanted.append((path, store / (hashlib.sha256(path.read_bytes()).hexdigest() + ".br")))
    jobs = [{"src": str(src), "out": str(kept), "gunzip": src.suffix == ".snapshot"}
            for src, kept in wanted if not kept.is_file()]
    lanes = _lanes(jobs, os.cpu_count() or 1)
    with ThreadPoolExecutor(max(1, len(lanes))) as pool:  # brotli's best is slow: one Node per core
        list(pool.map(lambda lane: _node(RUNTIME / "compress.mjs", lane), lanes))
    for src, kept in wanted:
        if kept.stat().st_size < src.stat().st_size * 0.95:
            shutil.copy2(kept, src.with_name(src.name + ".br"))
    logger.info(f"[crib_live] brotli twins for {len(wanted)} files ({len(jobs)} compressed now)")


def _lanes(jobs: list[dict], count: int) -> list[list[dict]]:
    """``jobs`` shared among at most ``count`` lanes of about the same bytes, the largest first."""
    lanes: list[list[dict]] = [[] for _ in range(min(count, len(jobs)))]
    loads = [0] * len(lanes)
    for job in sorted(jobs, key=lambda j: -Path(j["src"]).stat().st_size):
        lightest = loads.index(min(loads))
        lanes[lightest].append(job)
        loads[lightest] += Path(job["src"]).stat().st_size
    return lanes


def mark_static(app: Sphinx, error: Exception | None) -> None:
    """GitHub Pages runs Jekyll unless told not to, and Jekyll drops folders such as _static/."""
    if error is None and app.builder.format == "html":
        (Path(app.outdir) / ".nojekyll").touch()


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
    app.connect("build-finished", finish_lite, priority=600)  # after jupyterlite-sphinx's (500)
    app.connect("build-finished", mark_static)
    app.connect("build-finished", light_pages, priority=650)
    app.connect("build-finished", write_service_worker, priority=660)  # from the final pages
    app.connect("build-finished", precompress, priority=700)  # after the pages are final
    app.connect("builder-inited", lambda app: app.config.html_static_path.append(str(LITE / "_static")))
    app.add_css_file("crib_live.css")
    app.add_config_value("_crib_live_paths", {}, "html")
    return {"parallel_read_safe": True, "parallel_write_safe": True}
