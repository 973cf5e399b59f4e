"""The rest of the standard library, fetched the first time one of its modules is imported.

A page fetches with Python only the library it imports as it starts (lite/crib_live.py,
``split_stdlib``); the modules the packages name but rarely use (argparse, pickle, logging's
handlers...) are in a second zip. This finder, last on ``sys.meta_path``, knows their names: the
first import of one fetches that zip (synchronously: an import cannot wait; a worker may), puts it
beside the library, and from then on finds them there. The book's service worker keeps the zip
with the rest of the runtime, so this works offline too. Installed by worker.js as Python starts.
"""

from __future__ import annotations

import sys
import zlib
from _frozen_importlib_external import PathFinder

WHERE = "/lib/crib-live-stdlib-later.zip"


class LaterLibrary:
    """Finds the modules of the later zip (``names``), fetching it from ``url`` when first needed."""

    def __init__(self, url: str, names: list[str], where: str = WHERE) -> None:
        self.url = url
        self.names = frozenset(names)
        self.where = where
        self.fetched = False

    def find_spec(self, name: str, path=None, target=None):
        if name not in self.names:
            return None
        if not self.fetched:
            with open(self.where, "wb") as out:
                out.write(_fetch(self.url))
            self.fetched = True
        package, _, _ = name.rpartition(".")
        inside = f"{self.where}/{package.replace('.', '/')}" if package else self.where
        return PathFinder.find_spec(name, [inside], target)


def _fetch(url: str) -> bytes:
    from js import XMLHttpRequest  # Pyodide's bridge: imported only when the zip is needed

    request = XMLHttpRequest.new()
    request.open("GET", url, False)
    request.responseType = "arraybuffer"
    failed = f"the rest of Python's standard library could not be fetched ({url})"
    try:
        request.send(None)
    except Exception as error:  # offline, and not kept by the service worker
        raise ImportError(f"{failed}: {error}") from None
    if request.status != 200:
        raise ImportError(f"{failed}: HTTP {request.status}")
    data = request.response.to_py().tobytes()
    # served gzipped whole; a host may have unzipped it already (Content-Encoding: gzip)
    return zlib.decompress(data, 31) if data[:2] == b"\x1f\x8b" else data


def install(url: str, names: list[str]) -> None:
    """Put the finder last on ``sys.meta_path`` (once)."""
    if not any(isinstance(finder, LaterLibrary) for finder in sys.meta_path):
        sys.meta_path.append(LaterLibrary(url, names))
