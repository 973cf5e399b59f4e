"""What the built site gives its host: ``.nojekyll`` (GitHub Pages), and brotli twins (FILE.br) of
the largest files for hosts that serve precompressed files (lite/README.md, "What a host should serve").
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from live_runtime import RUNTIME, run_node
from sphinx.application import Sphinx
from sphinx.util import logging

logger = logging.getLogger(__name__)
#: What gets a brotli twin (FILE.br) for hosts that serve precompressed files: what widget pages
#: fetch (lite/README.md, "What a host should serve"); JupyterLite's own files are left as they are.
PRECOMPRESS = re.compile(
    r"^(?:[^/]+\.(?:html|js)|book/[^/]+\.(?:html|js)|_static/.+\.(?:js|mjs|css|svg|json)"
    r"|lite/static/pyodide/pyodide(?:\.asm)?\.(?:wasm|mjs))$")  # Python's own files: packed by the build


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
    jobs = [{"src": str(src), "out": str(kept)} for src, kept in wanted if not kept.is_file()]
    lanes = _lanes(jobs, os.cpu_count() or 1)
    with ThreadPoolExecutor(max(1, len(lanes))) as pool:  # brotli's best is slow: one Node per core
        list(pool.map(lambda lane: run_node(RUNTIME / "compress.mjs", lane), lanes))
    twins = set()
    for src, kept in wanted:
        if kept.stat().st_size < src.stat().st_size * 0.95:
            twins.add(Path(shutil.copy2(kept, src.with_name(src.name + ".br"))))
    # a twin an earlier build left beside a file that has none now (no longer smaller, or no longer
    # precompressed: the snapshot, packed by the build since) would be sent for the new file
    for stale in set(out.rglob("*.br")) - twins:
        stale.unlink()
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
