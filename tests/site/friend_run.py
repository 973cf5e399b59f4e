"""What every browser check of playing a friend starts with and ends with: its arguments, the site
served on 127.0.0.1, the test relay (also on 127.0.0.1: nothing else is reachable), Debian's
Chromium, and the tally printed at the end (check_friend*.py)."""

from __future__ import annotations

import argparse
import contextlib
import os
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

from check_live import CHROMIUM_FLAGS, Results, serve
from check_people import PAGE
from playwright.sync_api import sync_playwright

HERE = Path(__file__).resolve().parent
RELAY_SCRIPT = HERE / "relay" / "relay.mjs"
#: Two browsers on one machine reach each other by their host candidates, which Chromium would
#: otherwise hide behind mDNS names (and nothing resolves here). For the test only, not the product.
FRIEND_FLAGS = [*CHROMIUM_FLAGS, "--disable-features=WebRtcHideLocalIpsWithMdns"]


@contextlib.contextmanager
def relay() -> Iterator[str]:
    """The relay on 127.0.0.1 at a port the system picks; yields its ws:// address."""
    if not (RELAY_SCRIPT.parent / "node_modules" / "bittorrent-tracker").is_dir():
        raise SystemExit("the test relay is not installed: run `make site-test` (or "
                         "`make tests/site/relay/node_modules/.installed`)")
    process = subprocess.Popen(["node", str(RELAY_SCRIPT)], stdout=subprocess.PIPE, text=True)
    try:
        line = process.stdout.readline().split() if process.stdout else []
        if len(line) != 2 or line[0] != "relay":
            raise SystemExit(f"the relay did not start ({' '.join(line) or 'no output'})")
        yield line[1]
    finally:
        process.terminate()
        process.wait(timeout=10)


def friend_parser(doc: str, shots: str) -> argparse.ArgumentParser:
    """The arguments every friend check takes: the built site, where its screenshots go
    (``_build/screenshots/<shots>``) and which Chromium."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("site", nargs="?", default="_build/html", help="the built book (default _build/html)")
    parser.add_argument("--screenshots", default=f"_build/screenshots/{shots}", help="folder for the PNGs")
    parser.add_argument("--chromium", default=os.environ.get("CHROMIUM", "/usr/bin/chromium"))
    return parser


#: A check's body: (browser, base URL, site root, relay URL or "", results, screenshots folder).
Body = Callable[..., None]


def run_friend_check(args: argparse.Namespace, label: str, body: Body, *, with_relay: bool = True) -> int:
    """Serve the site, start the relay (unless ``with_relay`` is off: the two codes need none) and
    Chromium, run ``body``; a body that stops with an exception is one failed check, in words. Prints
    the tally as ``label: N passed, M failed``; returns the exit status."""
    root = Path(args.site).resolve()
    if not (root / PAGE).is_file():
        print(f"no built book in {root}: run `make book` first", file=sys.stderr)
        return 1
    shots = Path(args.screenshots)
    shots.mkdir(parents=True, exist_ok=True)
    results = Results()
    started = time.monotonic()
    server, base = serve(root)
    try:
        with (relay() if with_relay else contextlib.nullcontext("")) as relay_url, sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=args.chromium, args=FRIEND_FLAGS)
            try:
                body(browser, base, root, relay_url, results, shots)
            except Exception as exc:  # said as a failed check, with what stopped it
                results.check(False, f"{PAGE}: {label} stopped", f"{type(exc).__name__}: {exc}"[:1200])
            finally:
                browser.close()
    finally:
        server.shutdown()
    print(f"\n{label}: {len(results.passed)} passed, {len(results.failed)} failed in "
          f"{time.monotonic() - started:.0f} s")
    return 1 if results.failed else 0
