"""A local web server that serves the built book the way a phone network delivers it.

Chrome's DevTools throttling (``Network.emulateNetworkConditions``) does not reliably reach a Web
Worker's fetches, and the page's Python is fetched by one, so the throttling happens here, at the
server, for every connection at once:

- **one shared bandwidth**: every byte of every response (headers too), from every connection (the
  page's and the worker's alike), goes through one pipe of ``rate`` bytes a second, in 16 KB slices
  taken in turn;
- **a wait per request**: ``latency`` seconds before each response starts (DevTools' "latency");
- **compression as hosts do it**: text, JavaScript, JSON, SVG and WebAssembly are gzipped on the
  way when the browser accepts it (what GitHub Pages, Netlify and nginx with ``gzip on`` do);
  with ``precompressed=True`` a ``.br`` or ``.gz`` file beside the requested one is sent instead
  (nginx's ``brotli_static``/``gzip_static``, Netlify and Cloudflare Pages do this by themselves);
- the cache headers lite/README.md asks a host for, ``ETag``/``Last-Modified`` and 304 answers.

The profiles are DevTools' own (``front_end/core/sdk/NetworkManager.ts``): "Fast 4G" is
1,012,500 B/s down with 165 ms, "Slow 4G" 180,000 B/s with 562.5 ms.

    from throttle import PROFILES, serve
    server, base = serve(Path("_build/html"), PROFILES["fast"])
    ...; server.link.take()  # bytes and requests since the last take
"""

from __future__ import annotations

import email.utils
import gzip
import http.server
import os
import re
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar
from urllib.parse import unquote, urlsplit


@dataclass(frozen=True)
class Profile:
    name: str
    rate: float  # bytes a second, down
    latency: float  # seconds added to every request


PROFILES = {
    "fast": Profile("Fast 4G", 1_012_500, 0.165),
    "slow": Profile("Slow 4G", 180_000, 0.5625),
    "none": Profile("no throttling", 0, 0.0),
}

#: What hosts compress on the way (by MIME type); archives and wheels are compressed already.
COMPRESSIBLE = re.compile(r"^(text/|application/(javascript|json|wasm|xml|manifest\+json)|image/svg)")
TYPES = {".js": "text/javascript", ".mjs": "text/javascript", ".wasm": "application/wasm",
         ".json": "application/json", ".whl": "application/octet-stream",
         ".zip": "application/octet-stream", ".snapshot": "application/octet-stream",
         ".svg": "image/svg+xml", ".woff2": "font/woff2", ".wav": "audio/wav"}
#: The cache policy lite/README.md asks for: a year for files whose URL changes with them, a day
#: for Pyodide's core files, revalidation for what keeps its URL across builds.
CACHE_RULES = [
    (re.compile(r"\.html$|pyodide-lock\.json$|all\.json$|jupyter-lite\.json$|crib_widgets-[^/]*\.whl$"
                r"|crib-sw\.js$"), "no-cache"),
    (re.compile(r"\.[0-9a-f]{8,}\.js$|[?&]v=|_static/|/lite/build/|-py[23][^/]*\.whl$"),
     "public, max-age=31536000"),
    (re.compile(r"/lite/static/pyodide/"), "public, max-age=86400"),
]
SLICE = 16 * 1024


def cache_control(path: str) -> str:
    return next((policy for rule, policy in CACHE_RULES if rule.search(path)), "no-cache")


class Link:
    """One pipe shared by every connection: ``rate`` bytes a second (0: no limit). Counts what it sends."""

    def __init__(self, rate: float) -> None:
        self.rate = rate
        self.lock = threading.Lock()
        self.free_at = 0.0
        self.sent = {"bytes": 0, "requests": 0, "not_modified": 0}
        self.log: list[tuple[str, int]] = []

    def send(self, n: int) -> None:
        """Wait until ``n`` more bytes have passed through the pipe."""
        with self.lock:
            self.sent["bytes"] += n
            if not self.rate:
                return
            now = time.monotonic()
            start = max(now, self.free_at)
            self.free_at = start + n / self.rate
            done = self.free_at
        delay = done - time.monotonic()
        if delay > 0:
            time.sleep(delay)

    def count(self, path: str, status: int, size: int) -> None:
        with self.lock:
            self.sent["requests"] += 1
            self.sent["not_modified"] += status == 304
            self.log.append((path, size))

    def take(self) -> dict:
        """What was sent since the last take: bytes, requests, 304s and the list of (path, body bytes)."""
        with self.lock:
            taken = {**self.sent, "log": self.log}
            self.sent = {"bytes": 0, "requests": 0, "not_modified": 0}
            self.log = []
        return taken


class _Pipe:
    """The connection's output, through the shared link."""

    def __init__(self, raw, link: Link) -> None:
        self.raw, self.link = raw, link

    def write(self, data: bytes) -> int:
        view = memoryview(data)
        for at in range(0, len(view), SLICE):
            part = view[at:at + SLICE]
            self.link.send(len(part))
            self.raw.write(part)
        return len(data)

    def flush(self) -> None:
        self.raw.flush()

    def __getattr__(self, name):
        return getattr(self.raw, name)


class ThrottledHandler(http.server.SimpleHTTPRequestHandler):
    """GET and HEAD of the site's files, throttled, compressed and cached as a host would."""

    protocol_version = "HTTP/1.1"  # keep-alive: one connection serves many requests, as hosts do
    link: ClassVar[Link]
    profile: ClassVar[Profile]
    gzip_on: ClassVar[bool] = True
    precompressed: ClassVar[bool] = False
    _gzipped: ClassVar[dict] = {}
    _gzip_lock: ClassVar[threading.Lock] = threading.Lock()

    def setup(self) -> None:
        super().setup()
        self.wfile = _Pipe(self.wfile, self.link)

    def log_message(self, format: str, *args: object) -> None:
        pass

    def do_HEAD(self) -> None:
        self._answer(head=True)

    def do_GET(self) -> None:
        self._answer(head=False)

    def _file(self) -> tuple[Path | None, str | None]:
        """The file a URL names, or a redirect target for a folder without its slash."""
        path = Path(self.translate_path(self.path))
        if path.is_dir():
            url = urlsplit(self.path)
            if not url.path.endswith("/"):
                return None, url.path + "/" + (f"?{url.query}" if url.query else "")
            path = path / "index.html"
        return (path if path.is_file() else None), None

    def _body(self, path: Path, ctype: str) -> tuple[bytes, str | None]:
        accepts = {e.split(";")[0].strip() for e in self.headers.get("Accept-Encoding", "").split(",")}
        if self.precompressed:
            for encoding, suffix in (("br", ".br"), ("gzip", ".gz")):
                twin = path.with_name(path.name + suffix)
                if encoding in accepts and twin.is_file():
                    return twin.read_bytes(), encoding
        data = path.read_bytes()
        if self.gzip_on and "gzip" in accepts and COMPRESSIBLE.match(ctype) and len(data) > 1024:
            key = (str(path), path.stat().st_mtime_ns)
            with self._gzip_lock:
                packed = self._gzipped.get(key)
            if packed is None:
                packed = gzip.compress(data, compresslevel=6, mtime=0)  # what nginx uses by default
                with self._gzip_lock:
                    self._gzipped[key] = packed
            return packed, "gzip"
        return data, None

    def _answer(self, head: bool) -> None:
        time.sleep(self.profile.latency)
        path, redirect = self._file()
        if redirect:
            self.link.count(self.path, 301, 0)
            self.send_response(301)
            self.send_header("Location", redirect)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        if path is None:
            self.link.count(self.path, 404, 0)
            self.send_error(404)
            return
        stat = path.stat()
        etag = f'"{stat.st_mtime_ns:x}-{stat.st_size:x}"'
        modified = email.utils.formatdate(stat.st_mtime, usegmt=True)
        ctype = TYPES.get(path.suffix) or self.guess_type(str(path))
        if self.headers.get("If-None-Match") == etag or (
                "If-None-Match" not in self.headers and self.headers.get("If-Modified-Since") == modified):
            self.link.count(self.path, 304, 0)
            self.send_response(304)
            self._common(etag, modified)
            self.end_headers()
            return
        body, encoding = self._body(path, ctype)
        self.link.count(unquote(urlsplit(self.path).path), 200, len(body))
        self.send_response(200)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        if encoding:
            self.send_header("Content-Encoding", encoding)
        self._common(etag, modified)
        self.end_headers()
        if not head:
            self.wfile.write(body)

    def _common(self, etag: str, modified: str) -> None:
        self.send_header("Cache-Control", cache_control(self.path))
        self.send_header("ETag", etag)
        self.send_header("Last-Modified", modified)
        self.send_header("Vary", "Accept-Encoding")


class ThrottledServer(http.server.ThreadingHTTPServer):
    daemon_threads = True
    link: Link

    def handle_error(self, request, client_address) -> None:
        """A browser that closes a tab hangs up mid-response: that is not an error of the site."""
        if not isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            super().handle_error(request, client_address)


def serve(root: Path, profile: Profile, gzip_on: bool = True,
          precompressed: bool = False) -> tuple[ThrottledServer, str]:
    """Serve ``root`` on a free local port through ``profile``; return the server and its base URL."""
    link = Link(profile.rate)
    handler = type("Handler", (ThrottledHandler,), {
        "link": link, "profile": profile, "gzip_on": gzip_on, "precompressed": precompressed,
        "directory": str(root)})

    def make(*args, **kwargs):
        return handler(*args, directory=str(root), **kwargs)

    server = ThrottledServer(("127.0.0.1", 0), make)
    server.link = link
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


if __name__ == "__main__":  # python tests/site/throttle.py _build/html fast: try the site by hand
    site, name = [*sys.argv[1:], "_build/html", "fast"][:2]
    precompressed = os.environ.get("PRECOMPRESSED") == "1"
    srv, url = serve(Path(site).resolve(), PROFILES[name], precompressed=precompressed)
    print(f"serving {site} as {PROFILES[name].name} at {url}", flush=True)
    try:
        threading.Event().wait()
    except KeyboardInterrupt:
        srv.shutdown()
