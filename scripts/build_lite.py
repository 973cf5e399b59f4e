"""Prepare the in-browser Python of the published book: Pyodide and every wheel, served by the site.

The book's widgets run in the page with the Pyodide kernel's worker, and "Open as a notebook" in
JupyterLite. Nothing may come from a server or a CDN at run time for the widget chapters, so this
script puts into ``lite/`` (the JupyterLite directory, see ``lite/README.md``):

``lite/static/pyodide/``
    The Pyodide runtime from the npm package ``pyodide`` (core files only), plus the pure-Python
    wheels the kernel loads as it starts (``micropip``, ``ipython``, ``jedi`` and their dependencies,
    from PyPI at the versions of Pyodide's lock file), plus ``crib_widgets`` and its runtime
    dependencies, so that ``import crib_widgets`` in a live notebook loads them by itself.
    ``pyodide-lock.json`` is rewritten: local wheels get their real file name and sha256; every other
    package (numpy, matplotlib, ... needed only by plots) points at the Pyodide CDN.
``lite/pypi/``
    The wheels served to piplite, so ``%pip install crib_widgets`` also works offline: ``comm``,
    ``ipywidgets``, ``jupyterlab_widgets`` (the versions installed here, which match the widget front
    end the site ships) and our own wheel, built from this checkout.

Downloads are cached in ``.cache/lite/`` and checked against pinned hashes; the output is the same
for the same inputs (our wheel is built with a fixed SOURCE_DATE_EPOCH).

    python scripts/build_lite.py                    # prepare lite/ (what the book build runs)
    python scripts/build_lite.py --site OUT --contents DIR_OR_FILE ...
                                                    # ... and build a standalone JupyterLite in OUT
"""

from __future__ import annotations

import argparse
import ast
import base64
import email.parser
import hashlib
import importlib.metadata
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LITE = ROOT / "lite"
CACHE = ROOT / ".cache" / "lite"

#: Must be the Pyodide that jupyterlite-pyodide-kernel was built for (its constants.PYODIDE_VERSION).
PYODIDE_VERSION = "314.0.6"
#: npm's integrity string for pyodide@PYODIDE_VERSION: a changed tarball is refused.
PYODIDE_NPM_INTEGRITY = (
    "sha512-BKDTJyIqFxC4BExLqeRS3f5xvXZIjOt8C3zGLN/Cc7tFxSwvKVhVkchQQ2AGLOtR4YrVOIFxbV8poyDOOmWwxQ=="
)
#: The Pyodide files the browser needs; source maps, type stubs and demo pages stay out.
PYODIDE_CORE = [
    "package.json",
    "pyodide.mjs",
    "pyodide.js",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
]
#: What the kernel loads from the lock file as it starts (see the kernel's worker: micropip, then
#: piplite installs ipykernel, comm, pyodide-kernel, jedi and ipython).
KERNEL_BOOT = ["micropip", "ipython", "jedi"]
#: Served to piplite and added to the lock, at the versions installed in the build environment.
WIDGET_RUNTIME = ["comm", "ipywidgets", "jupyterlab_widgets"]
#: crib_widgets' other dependencies (pyproject.toml), served and locked the same way, so that the
#: lock entry of crib_widgets names them and the in-place pages' packages zip holds them
#: (lite/live_python.py, live_wheels): segno draws the class pages' QR codes, imported only then.
OWN_DEPENDENCIES = ["segno"]
#: The kernel's own wheels (shipped in its JupyterLab extension), added to the lock so that the
#: in-place pages load them with everything else in one go as Python starts, instead of one
#: ``piplite.install`` after another (lite/README.md, "Starting faster").
KERNEL_WHEELS = ["piplite", "pyodide_kernel", "ipykernel"]
KERNEL_EXTENSION = "@jupyterlite/pyodide-kernel-extension"
#: Never imported at module level by crib_widgets: the live widget pages must not need them.
HEAVY = {"numpy", "matplotlib"}
#: A fixed time stamp for the files inside our wheel, so the same sources give the same wheel.
SOURCE_DATE_EPOCH = "315532800"


def log(message: str) -> None:
    print(f"[build_lite] {message}", flush=True)


def canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def sha256_of(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def write_if_changed(path: Path, data: bytes) -> None:
    """Write only when the bytes differ, so the JupyterLite build sees unchanged files as unchanged."""
    if path.exists() and path.read_bytes() == data:
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)


def run(cmd: list[str], **kwargs) -> None:
    result = subprocess.run(cmd, capture_output=True, text=True, **kwargs)
    if result.returncode:
        raise SystemExit(f"[build_lite] failed: {' '.join(cmd)}\n{result.stdout}\n{result.stderr}")


# --- Pyodide from npm --------------------------------------------------------------------------


def fetch_pyodide() -> Path:
    """The npm tarball of pyodide, downloaded once into the cache and checked against its pin."""
    tarball = CACHE / f"pyodide-{PYODIDE_VERSION}.tgz"
    if not tarball.exists():
        log(f"fetching pyodide@{PYODIDE_VERSION} from npm")
        CACHE.mkdir(parents=True, exist_ok=True)
        run(["npm", "pack", f"pyodide@{PYODIDE_VERSION}", "--pack-destination", str(CACHE), "--silent"])
    digest = "sha512-" + base64.b64encode(hashlib.sha512(tarball.read_bytes()).digest()).decode()
    if digest != PYODIDE_NPM_INTEGRITY:
        tarball.unlink()
        raise SystemExit(
            f"[build_lite] {tarball.name} has integrity {digest}, expected {PYODIDE_NPM_INTEGRITY}"
        )
    return tarball


def read_core(tarball: Path) -> dict[str, bytes]:
    with tarfile.open(tarball) as tar:
        names = [*PYODIDE_CORE, "pyodide-lock.json"]
        return {name: tar.extractfile(f"package/{name}").read() for name in names}


# --- wheels from PyPI ----------------------------------------------------------------------------


def find_wheel(folder: Path, name: str, version: str) -> Path | None:
    stem = re.sub(r"[-_.]+", "_", name).lower()
    for wheel in folder.glob("*.whl"):
        dist, ver = wheel.name.split("-")[:2]
        if dist.lower() == stem and ver == version:
            return wheel
    return None


def fetch_wheels(pins: dict[str, str]) -> dict[str, Path]:
    """Pure-Python wheels (``py3-none-any``) of exactly these versions, cached in .cache/lite/wheels."""
    folder = CACHE / "wheels"
    folder.mkdir(parents=True, exist_ok=True)
    missing = [f"{n}=={v}" for n, v in pins.items() if not find_wheel(folder, n, v)]
    if missing:
        log(f"fetching {len(missing)} wheels from PyPI: {' '.join(missing)}")
        run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
             "--python-version", "3.14", "--implementation", "py", "--abi", "none", "--platform", "any",
             "--dest", str(folder), *missing])
    wheels = {}
    for name, version in pins.items():
        wheel = find_wheel(folder, name, version)
        if wheel is None:
            raise SystemExit(f"[build_lite] PyPI has no pure-Python wheel of {name}=={version}")
        wheels[canonical(name)] = wheel
    return wheels


def lock_closure(packages: dict, roots: list[str]) -> list[str]:
    """The roots and everything they depend on in Pyodide's lock file."""
    seen: list[str] = []
    todo = [canonical(r) for r in roots]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        if name not in packages:
            raise SystemExit(f"[build_lite] {name} is not in Pyodide {PYODIDE_VERSION}'s lock file")
        seen.append(name)
        todo.extend(canonical(d) for d in packages[name]["depends"])
    return sorted(seen)


# --- our own wheel -------------------------------------------------------------------------------


def module_level_heavy_imports(source: str) -> set[str]:
    """Top-level packages in HEAVY that a module imports when it is imported (not inside functions)."""
    found: set[str] = set()
    todo: list[ast.AST] = [ast.parse(source)]
    while todo:
        node = todo.pop()
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            continue  # runs only when called
        if isinstance(node, ast.If) and ast.unparse(node.test) in {"TYPE_CHECKING", "typing.TYPE_CHECKING"}:
            todo.extend(node.orelse)  # the body is for type checkers only
            continue
        if isinstance(node, ast.Import):
            found |= {alias.name.split(".")[0] for alias in node.names} & HEAVY
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found |= {node.module.split(".")[0]} & HEAVY
        todo.extend(ast.iter_child_nodes(node))
    return found


def check_pure(wheel: Path) -> None:
    """Refuse a wheel whose modules import numpy or matplotlib as they load: the live page lacks them."""
    offenders = []
    with zipfile.ZipFile(wheel) as zf:
        for member in zf.namelist():
            if member.endswith(".py"):
                try:
                    heavy = module_level_heavy_imports(zf.read(member).decode())
                except SyntaxError as err:
                    raise SystemExit(f"[build_lite] {member} does not parse: {err}") from None
                if heavy:
                    offenders.append(f"{member} imports {', '.join(sorted(heavy))}")
    if offenders:
        raise SystemExit(
            "[build_lite] these modules import heavy packages at import time, which the in-browser "
            "Python cannot load offline; import them inside the function that plots instead:\n  "
            + "\n  ".join(offenders)
        )


def copy_sources(src: Path, ref: str | None) -> None:
    """The files our wheel is built from: the working tree, or a git commit when ``ref`` is given."""
    names = [n for n in ["pyproject.toml", "README.md", "LICENSE"] if (ROOT / n).exists()]
    if ref:
        archive = subprocess.run(["git", "archive", ref, *names, "crib_widgets"], cwd=ROOT,
                                 capture_output=True, check=True).stdout
        with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
            tar.extractall(src, filter="data")
        return
    for name in names:
        shutil.copy2(ROOT / name, src / name)
    shutil.copytree(ROOT / "crib_widgets", src / "crib_widgets",
                    ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))


def build_own_wheel(ref: str | None = None) -> Path:
    """crib_widgets as a py3-none-any wheel, built from a copy of the working tree (or of ``ref``)."""
    out = CACHE / "own"
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "src"
        src.mkdir()
        copy_sources(src, ref)
        env = {**os.environ, "SOURCE_DATE_EPOCH": SOURCE_DATE_EPOCH}
        cmd = [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--wheel-dir", str(out)]
        try:
            import setuptools  # noqa: F401  (build here, without fetching a build environment)

            cmd.append("--no-build-isolation")
        except ImportError:
            pass
        run([*cmd, str(src)], env=env)
    (wheel,) = out.glob("crib_widgets-*-py3-none-any.whl")
    check_pure(wheel)
    return wheel


# --- lock entries for wheels we add ---------------------------------------------------------------


def wheel_metadata(wheel: Path) -> tuple[str, str, list[str], list[str]]:
    """(name, version, requirements without extras, importable top-level names) of a wheel."""
    with zipfile.ZipFile(wheel) as zf:
        names = zf.namelist()
        meta_name = next(n for n in names if n.endswith(".dist-info/METADATA"))
        meta = email.parser.Parser().parsestr(zf.read(meta_name).decode())
    requires = []
    for req in meta.get_all("Requires-Dist") or []:
        if "extra ==" in req.replace('"', "'").replace("extra==", "extra =="):
            continue
        requires.append(canonical(re.match(r"[A-Za-z0-9._-]+", req).group(0)))
    tops = set()
    for member in names:
        top = member.split("/")[0]
        if top.endswith((".dist-info", ".data")):
            continue
        tops.add(top.removesuffix(".py"))
    return meta["Name"], meta["Version"], requires, sorted(tops)


def lock_entry(wheel: Path, known: set[str]) -> dict:
    name, version, requires, imports = wheel_metadata(wheel)
    return {
        "depends": sorted(r for r in requires if r in known),
        "file_name": wheel.name,
        "imports": imports,
        "install_dir": "site",
        "name": canonical(name),
        "package_type": "package",
        "sha256": sha256_of(wheel),
        "unvendored_tests": False,
        "version": version,
    }


# --- putting it together -------------------------------------------------------------------------


def sync_folder(folder: Path, files: dict[str, bytes]) -> None:
    """Make ``folder`` hold exactly these files."""
    folder.mkdir(parents=True, exist_ok=True)
    for stale in folder.iterdir():
        if stale.name not in files:
            shutil.rmtree(stale) if stale.is_dir() else stale.unlink()
    for name, data in files.items():
        write_if_changed(folder / name, data)


def kernel_wheels() -> list[Path]:
    """The wheels the kernel installs as it starts, from its installed JupyterLab extension."""
    from jupyter_core.paths import jupyter_path

    for folder in jupyter_path("labextensions"):
        pypi = Path(folder) / KERNEL_EXTENSION / "static" / "pypi"
        if pypi.is_dir():
            wheels = [w for name in KERNEL_WHEELS for w in sorted(pypi.glob(f"{name}-*-py3-none-any.whl"))]
            if len(wheels) != len(KERNEL_WHEELS):
                found = [w.name for w in wheels]
                raise SystemExit(f"[build_lite] {pypi} lacks one of {KERNEL_WHEELS}: {found}")
            return wheels
    raise SystemExit(f"[build_lite] {KERNEL_EXTENSION} is not installed (jupyterlite-pyodide-kernel)")


def cdn_url() -> str:
    from jupyterlite_pyodide_kernel import constants

    if constants.PYODIDE_VERSION != PYODIDE_VERSION:
        raise SystemExit(
            f"[build_lite] jupyterlite-pyodide-kernel expects Pyodide {constants.PYODIDE_VERSION}, this "
            f"script pins {PYODIDE_VERSION}: update PYODIDE_VERSION and PYODIDE_NPM_INTEGRITY together"
        )
    return constants.PYODIDE_CDN_URL


def prepare(ref: str | None = None) -> dict[str, int]:
    """Fill lite/static/pyodide and lite/pypi; return their sizes in bytes."""
    cdn = cdn_url()
    core = read_core(fetch_pyodide())
    lock = json.loads(core.pop("pyodide-lock.json"))
    packages = lock["packages"]

    boot = lock_closure(packages, KERNEL_BOOT)
    boot_wheels = fetch_wheels({name: packages[name]["version"] for name in boot})
    served = [*WIDGET_RUNTIME, *OWN_DEPENDENCIES]
    runtime_wheels = fetch_wheels({name: importlib.metadata.version(name) for name in served})
    own = build_own_wheel(ref)

    for name, entry in packages.items():
        if name in boot_wheels:
            wheel = boot_wheels[name]
            entry.update(file_name=wheel.name, sha256=sha256_of(wheel))
        else:  # only plots and bulk statistics need these: they come from the CDN, online only
            entry["file_name"] = f"{cdn}/{entry['file_name']}"
    added = [*runtime_wheels.values(), own]
    kernel = kernel_wheels()
    known = set(packages) | {canonical(wheel_metadata(w)[0]) for w in [*added, *kernel]}
    for wheel in [*added, *kernel]:
        entry = lock_entry(wheel, known)
        packages[entry["name"]] = entry

    pyodide_files = dict(core)
    pyodide_files["pyodide-lock.json"] = (json.dumps(lock, indent=1, sort_keys=True) + "\n").encode()
    for wheel in [*boot_wheels.values(), *added, *kernel]:
        pyodide_files[wheel.name] = wheel.read_bytes()
    sync_folder(LITE / "static" / "pyodide", pyodide_files)
    sync_folder(LITE / "pypi", {wheel.name: wheel.read_bytes() for wheel in added})

    sizes = {
        "static/pyodide": sum(len(b) for b in pyodide_files.values()),
        "pypi": sum(w.stat().st_size for w in added),
    }
    log(f"lite/ ready: Pyodide {PYODIDE_VERSION} with {len(boot)} boot wheels, {own.name}, "
        f"{', '.join(w.name for w in runtime_wheels.values())}; "
        + ", ".join(f"{k} {v / 1e6:.1f} MB" for k, v in sizes.items()))
    return sizes


def build_site(out: Path, contents: list[str]) -> None:
    """A standalone JupyterLite site in ``out`` (the book build uses jupyterlite-sphinx instead)."""
    cmd = [sys.executable, "-m", "jupyter", "lite", "build", "--lite-dir", str(LITE)]
    cmd += ["--output-dir", str(out)]
    for item in contents:
        cmd += ["--contents", item]
    log("running " + " ".join(cmd))
    # jupyter lite keeps task state in its working folder; state from a build into another output
    # folder can skip steps (such as pointing jupyter-lite.json at our Pyodide), so start afresh.
    (LITE / ".jupyterlite.doit.db").unlink(missing_ok=True)
    try:
        subprocess.run(cmd, check=True, cwd=LITE)
    finally:
        (LITE / ".jupyterlite.doit.db").unlink(missing_ok=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, help="also build a standalone JupyterLite site into this folder")
    parser.add_argument("--contents", nargs="*", default=[], help="files or folders for the standalone site")
    parser.add_argument("--ref", help="build our wheel from this git commit instead of the working tree")
    args = parser.parse_args(argv)
    prepare(args.ref)
    if args.site:
        build_site(args.site.resolve(), [str(Path(c).resolve()) for c in args.contents])
    return 0


if __name__ == "__main__":
    sys.exit(main())
