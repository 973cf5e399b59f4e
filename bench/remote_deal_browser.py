"""The time of one remote deal in the browser's Python on a phone-sized CPU budget (issue 39's goal:
under a second a deal), with CPython measured in the same run.

The built site (``_build/html``) is served on 127.0.0.1 and opened in Debian's Chromium; the page's
CPU is slowed with the DevTools protocol (``Emulation.setCPUThrottlingRate``, 4 by default:
Lighthouse's mobile profile). Chromium throttles only a page's main thread (asked of the Web Worker
where the page's own Python runs, it answers "Operation is only supported for pages, not
workers"), so the deals run in a second Pyodide, the site's own (``lite/static/pyodide``), loaded
on the page's main thread. The calibration shows it: a fixed piece of the deal's arithmetic
(`remote_timeline.workload`) timed in the page's worker Python and in the main thread's, each with
and without throttling.

Both Pythons run this working tree's ``crib_widgets`` (or the one in ``--package``: shipped into
the page as a zip, so a change not yet built into the site is measured too) and
`remote_timeline.timed_deal`: the deal of a real game between 2, 3 or 4 devices, every device a
`Session` in one Python, each device's work timed and the devices working side by side (``wait``:
when the last hand is shown, the time a player waits for a deal; no network time) and one after
another (``serial``: all their work added up); the first deal of a game (from the friends opening
the link) and a later one (each device made its work ahead during the deal before).

Throttling slows the page's main thread in proportion to the CPU time it uses, so on a machine
busy with other work a throttled time is longer than on a quiet one: the load is printed.

    python bench/remote_deal_browser.py [--deals 5] [--rate 4] [--site _build/html] [--package DIR]
"""

from __future__ import annotations

import argparse
import ast
import base64
import functools
import http.server
import io
import os
import statistics
import sys
import threading
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
         "--disable-component-update", "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]
PAGE = "book/15_full_game.html?crib-live-start=never"  # a page with the live Python, not started by itself

# In the page: Pyodide on the main thread, from the same files the page's worker uses.
MAIN_START = """async (zipped) => {
  const o = window.cribLiveOptions;
  const { loadPyodide } = await import(o.pyodideUrl);
  const py = await loadPyodide({ indexURL: o.indexUrl });
  const bytes = Uint8Array.from(atob(zipped), (c) => c.charCodeAt(0));
  py.unpackArchive(bytes, 'zip', { extractDir: '/bench' });
  py.runPython("import sys; sys.path.insert(0, '/bench')\\nimport remote_timeline");
  window.benchPython = py;
  return py.runPython('import sys; sys.version');
}"""
MAIN_RUN = "(code) => window.benchPython.runPython(code)"
# In the page's own Python (its worker): the same files, in place of the site's crib_widgets.
WORKER_SETUP = """
import base64, io, sys, zipfile
zipfile.ZipFile(io.BytesIO(base64.b64decode({zipped!r}))).extractall('/tmp/bench')
for name in [m for m in sys.modules if m == 'crib_widgets' or m.startswith('crib_widgets.')]:
    del sys.modules[name]
sys.path.insert(0, '/tmp/bench')
import remote_timeline
sys.version
"""


def shipped(package: Path) -> str:
    """``package``'s crib_widgets (its Python and JSON files) and remote_timeline.py, zipped, base64."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as z:
        for path in sorted((package / "crib_widgets").rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts and path.suffix in {".py", ".json"} \
                    and "data" not in path.parts:
                z.write(path, path.relative_to(package).as_posix())
        z.write(ROOT / "bench" / "remote_timeline.py", "remote_timeline.py")
    return base64.b64encode(buffer.getvalue()).decode()


def serve(root: Path) -> tuple[http.server.ThreadingHTTPServer, str]:
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args: object) -> None:
            pass
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(root)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


class Page:
    """The site's page, its worker's Python, a Pyodide on its main thread, and its CPU budget."""

    def __init__(self, page, zipped: str) -> None:
        self.page = page
        self.cdp = page.context.new_cdp_session(page)
        self.main_version = page.evaluate(MAIN_START, zipped)
        page.evaluate("window.cribLive.start()")
        answer = page.evaluate("(c) => window.cribLive.run(c)", WORKER_SETUP.format(zipped=zipped))
        if answer["status"] != "ok":
            raise RuntimeError(f"the page's Python could not take the bench's files: {answer['error']}")
        self.worker_version = answer["data"]["text/plain"]

    def throttle(self, rate: float) -> None:
        self.cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})

    def main(self, expression: str) -> object:
        """An expression's value (a float or a JSON text) from the main thread's Python."""
        return self.page.evaluate(MAIN_RUN, f"import remote_timeline, json\n{expression}")

    def worker(self, expression: str) -> object:
        code = f"import remote_timeline, json\n{expression}"
        answer = self.page.evaluate("(c) => window.cribLive.run(c)", code)
        if answer["status"] != "ok":
            raise RuntimeError(f"the page's Python failed: {answer['error']}")
        return ast.literal_eval(answer["data"]["text/plain"])  # the repr of a float or a str


def spread(values: list[float]) -> str:
    return f"{statistics.median(values):5.2f} ({min(values):4.2f}-{max(values):4.2f})"


def calibrate(page: Page, rate: float, rounds: int) -> dict[str, list[float]]:
    """The fixed workload in each Python, interleaved so the machine's load falls on all alike."""
    from remote_timeline import workload
    times: dict[str, list[float]] = {k: [] for k in ("cpython", "worker", "worker-throttled", "main",
                                                    "main-throttled")}
    for _ in range(rounds):
        times["cpython"].append(workload())
        page.throttle(1)
        times["worker"].append(float(page.worker("remote_timeline.workload()")))
        times["main"].append(float(page.main("remote_timeline.workload()")))
        page.throttle(rate)
        times["worker-throttled"].append(float(page.worker("remote_timeline.workload()")))
        times["main-throttled"].append(float(page.main("remote_timeline.workload()")))
        page.throttle(1)
    return times


def deals(page: Page, devices: int, count: int, rate: float, group: str,
          later: bool) -> dict[str, list[dict]]:
    """``count`` deals in the throttled main-thread Pyodide and on CPython, alternately (one warm-up each)."""
    import json

    from remote_timeline import timed_deal
    call = f"json.dumps(remote_timeline.timed_deal({devices}, {group!r}, {later}))"
    page.throttle(rate)
    page.main(call)
    timed_deal(devices, group, later)
    out: dict[str, list[dict]] = {"browser": [], "cpython": []}
    for _ in range(count):
        out["browser"].append(json.loads(str(page.main(call))))
        out["cpython"].append(timed_deal(devices, group, later))
    page.throttle(1)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", default=str(ROOT / "_build" / "html"))
    parser.add_argument("--deals", type=int, default=5, help="deals timed per seat count (default 5)")
    parser.add_argument("--rate", type=float, default=4.0, help="slowdown (default 4: Lighthouse's mobile)")
    parser.add_argument("--calibration", type=int, default=3, help="rounds of the fixed workload (default 3)")
    parser.add_argument("--group", default="modp-1024")
    parser.add_argument("--package", default=str(ROOT), help="the folder holding the crib_widgets to time "
                        "(default this working tree; e.g. an older commit's, from git archive)")
    parser.add_argument("--chromium", default=os.environ.get("CHROMIUM", "/usr/bin/chromium"))
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    package = Path(args.package).resolve()
    sys.path[:0] = [str(package), str(ROOT / "bench")]  # CPython times the same crib_widgets as the page
    root = Path(args.site).resolve()
    if not (root / "lite" / "static" / "pyodide" / "pyodide.mjs").is_file():
        print(f"no live site in {root}: run `make book` first", file=sys.stderr)
        return 1
    load_before = os.getloadavg()
    started = time.time()
    server, base = serve(root)
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=args.chromium, args=FLAGS)
            tab = browser.new_page()
            tab.goto(base + PAGE, wait_until="load", timeout=120_000)
            page = Page(tab, shipped(package))
            pyodide = str(page.main_version).split()[0]
            print(f"CPython {sys.version.split()[0]}; the page's Pyodide (Python {pyodide}) in its worker "
                  f"and on its main thread; CPU throttling x{args.rate:g} (DevTools)")
            cal = calibrate(page, args.rate, args.calibration)
            base_cal = statistics.median(cal["cpython"])
            print(f"\nthe fixed workload (120 locks, 20 unlocks in {args.group}), seconds, median "
                  f"(min-max) of {args.calibration}, and as a multiple of CPython's:")
            for name, values in cal.items():
                print(f"  {name:<17} {spread(values)}  x{statistics.median(values) / base_cal:4.1f}")
            print(f"\nseconds per deal in {args.group}, median (min-max) of {args.deals} deals; wait: "
                  f"devices side by side (a real game), serial: every device's work one after another")
            heads = ("browser wait", "browser serial", "CPython wait", "CPython serial")
            print(f"{'devices':>7}  {'deal':<5}  " + "  ".join(f"{h:>18}" for h in heads) + f"  {'ratio':>5}")
            for devices, later in [(d, later) for d in (2, 3, 4) for later in (False, True)]:
                got = deals(page, devices, args.deals, args.rate, args.group, later)
                cols = [spread([d[k] for d in got[w]]) for w in ("browser", "cpython")
                        for k in ("wait", "serial")]
                ratio = statistics.median(d["wait"] for d in got["browser"]) / statistics.median(
                    d["wait"] for d in got["cpython"])
                which = "later" if later else "first"
                print(f"{devices:>7}  {which:<5}  " + "  ".join(f"{c:>18}" for c in cols) + f"  {ratio:5.1f}",
                      flush=True)
            browser.close()
    finally:
        server.shutdown()
    load_after = os.getloadavg()
    print(f"\n{time.time() - started:.0f} s; load average (1, 5, 15 min) before {load_before[0]:.1f} "
          f"{load_before[1]:.1f} {load_before[2]:.1f}, after {load_after[0]:.1f} {load_after[1]:.1f} "
          f"{load_after[2]:.1f} on {os.cpu_count()} cores")
    return 0


if __name__ == "__main__":
    sys.exit(main())
