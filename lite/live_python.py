"""The in-place pages' own Python: the packages zip (crib_widgets and what it needs, from the lite/
build's wheels), the part of Pyodide's standard library they import (in two zips: at start, and
later), and the snapshot made from exactly those; made with Node (``lite/runtime/*.mjs``) and made
again only when an input changed.
"""

from __future__ import annotations

import ast
import gzip
import hashlib
import io
import json
import posixpath
import re
import shutil
import zipfile
from pathlib import Path

import zstandard
from live_runtime import LITE, ROOT, RUNTIME, digest, run_node
from sphinx.errors import ExtensionError
from sphinx.util import logging

logger = logging.getLogger(__name__)
#: What the in-place pages' Python unpacks as it starts: crib_widgets and what it needs, from the
#: lock file the lite/ build writes, less IPython (the worker gives ipywidgets a stand-in, lite/README.md)
#: and jupyterlab_widgets (the JupyterLab front end, no Python in it).
LIVE_ROOT = "crib-widgets"
#: What the worker imports while the book's own package still comes down (worker.js,
#: unpackPackages): every widget's cell imports ipywidgets first, and the packages zip holds the
#: libraries first and crib_widgets last (``live_wheels``), so ipywidgets is whole by then.
FIRST_IMPORT = {"module": "ipywidgets", "before": "crib_widgets"}
LIVE_SKIPPED = {"ipython", "jupyterlab-widgets"}
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
UNUSED = re.compile(r"(^|/)tests?/|^crib_widgets/cli/|\.dist-info/(RECORD|licenses/)|py\.typed$"
                    r"|\.pyi$|\.data/|^segno/cli\.py$")  # type stubs, man pages, segno's own command
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
        used = json.loads(run_node(stdlib_script, {"pyodide": str(pyodide), "kernel": str(kernel),
                                                "packages": str(plain_packages), "start": start,
                                                "warm": SNAPSHOT_WARM_UP, "modules": modules}))
        libraries = split_stdlib(pyodide / "python_stdlib.zip", used["files"], set(used["start"]))
        for name, library in zip((STDLIB, LATER), libraries, strict=True):
            plain = dist / (name + ".py")  # compiled: the pages unmarshal, never compile, the library
            plain.write_bytes(library)
            run_node(pyc_script, {"pyodide": str(pyodide), "in": str(plain),
                                  "out": str(partial[dist / name])})
            plain.unlink()
        # the packages too, without their docstrings: a cold page's first widget imports them while
        # the learner waits (lite/README.md, "What a widget page fetches")
        run_node(pyc_script, {"pyodide": str(pyodide), "in": str(plain_packages),
                           "out": str(partial[dist / PACKAGES]), "docstrings": False})
        plain_packages.unlink()
        logger.info(run_node(snapshot_script, {
            "pyodide": str(pyodide), "stdlib": str(partial[dist / STDLIB]), "kernel": str(kernel),
            "out": str(partial[dist / SNAPSHOT]), "modules": SNAPSHOT_MODULES, "warm": SNAPSHOT_WARM_UP,
            "packages": str(partial[dist / PACKAGES])}).strip())
        for final, part in partial.items():  # whole or not at all
            part.replace(final)
        stamp.write_text(key.hexdigest())
    for path in zips:  # served packed: no copy of another form left from an earlier build
        for name in (path.name, path.name + ".gz", path.name + ".zst"):
            (out / name).unlink(missing_ok=True)
    served = {role: pack(path, out / served_name(path.name)) for role, path in zip(ROLES, zips, strict=True)}
    # snapshot.mjs gzips it (Node has no Zstandard): packed again, 5.0 MB instead of 6.6 (fetched ahead)
    memory = gzip.decompress((dist / SNAPSHOT).read_bytes())
    served["snapshot"] = pack(dist / SNAPSHOT, out / SNAPSHOT, memory)
    served["wasm"] = pack(pyodide / WASM, out / served_name(WASM))
    return {role: digest(path) for role, path in served.items()}


#: The roles of ``build_python``'s zips, in order (it returns the snapshot's and the wasm's digests too).
ROLES = ("stdlib", "later", "packages")
#: Pyodide's WebAssembly, which the pages' worker asks for packed by the build (``served_name``),
#: beside the plain file JupyterLite's kernel loads.
WASM = "pyodide.asm.wasm"
#: Packed with Zstandard: a fifth smaller than gzip (the WebAssembly 2.89 MB against 3.55 MB
#: gzipped on the way by a host, the library 0.82 against 1.05, the packages 0.64 against 0.84,
#: the snapshot 5.0 against 6.6), which no host compresses again. Browsers have no Zstandard
#: DecompressionStream: the worker unpacks them as they come with fzstd (lite/runtime/src/
#: zip_stream.mjs, 8 KB), and the book's service worker keeps them unpacked. The library fetched
#: later stays gzipped: Python unpacks it itself (later_library.py, with zlib).
ZSTD = {STDLIB, PACKAGES, WASM, SNAPSHOT}
ZSTD_LEVEL = 19


def served_name(name: str) -> str:
    """The name the site serves one of Python's files under: packed whole by the build (the worker
    unpacks it, worker.js), so that it comes down packed from any host, whether or not the host
    compresses what it sends. The snapshot keeps its name (packed with Zstandard all the same)."""
    if name == SNAPSHOT:
        return name
    return name + (".zst" if name in ZSTD else ".gz")


def pack(source: Path, target: Path, data: bytes | None = None) -> Path:
    """``target``: ``source`` (or ``data``, its bytes unpacked) packed as its name says (``.gz``
    at gzip's best level, else Zstandard's), the same bytes for the same file; Zstandard's slow
    best level is kept by content in ``runtime/dist/packed/``, so a rebuild only packs what changed."""
    data = source.read_bytes() if data is None else data
    if target.suffix == ".gz":
        target.write_bytes(gzip.compress(data, compresslevel=9, mtime=0))
        return target
    store = RUNTIME / "dist" / "packed"
    kept = store / f"{hashlib.sha256(data).hexdigest()}-{ZSTD_LEVEL}.zst"
    if not kept.is_file():
        store.mkdir(parents=True, exist_ok=True)
        packed = zstandard.ZstdCompressor(level=ZSTD_LEVEL, write_content_size=True).compress(data)
        partial = kept.with_name(kept.name + ".partial")
        partial.write_bytes(packed)
        partial.replace(kept)
    shutil.copyfile(kept, target)
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
