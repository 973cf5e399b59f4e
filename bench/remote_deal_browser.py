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

On a machine busy with other work every time measured is longer than on a quiet one, by the share
of the time the thread waited for a CPU: the "quiet" columns take it out, from the time the thread
was on a CPU (the kernel's count, /proc/<tid>/schedstat, for the page's main thread; CPython's
``thread_time``). Chromium throttles by keeping the thread busy about ``rate`` times as long as its
work (the calibration prints the factor), so the throttled thread's time on a CPU is the CPU
budget's time. The load average is printed too.

    python bench/remote_deal_browser.py [--deals 5] [--rate 4] [--site _build/html] [--package DIR]
"""

from __future__ import annotations

import argparse
import ast
import base64
import contextlib
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


def renderer_threads(marker: str) -> list[int]:
    """The main threads (their ids are their processes') of the renderers of the Chromium whose
    command line holds ``marker``: where the page's main-thread Python runs."""
    def parent(pid: int) -> int:
        return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])
    procs = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                procs[int(entry.name)] = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()
            except OSError:
                continue
    browsers = {pid for pid, line in procs.items() if marker in line}
    found = []
    for pid, line in procs.items():
        at, up = pid, 0
        while "--type=renderer" in line and up < 5 and at > 1:
            try:
                at, up = parent(at), up + 1
            except (OSError, ValueError, IndexError):
                break
            if at in browsers:
                found.append(pid)
                break
    return found


def worker_threads(renderers: list[int]) -> list[tuple[int, int]]:
    """(process, thread) of each dedicated worker's thread in these renderers: the page's Python."""
    found = []
    for pid in renderers:
        with contextlib.suppress(OSError):
            for task in Path(f"/proc/{pid}/task").iterdir():
                if (task / "comm").read_text().startswith("DedicatedWorker"):
                    found.append((pid, int(task.name)))
    return found


def cpu_seconds(threads: list[int] | list[tuple[int, int]]) -> float:
    """Time these threads (a process's main thread, or (process, thread)) have spent on a CPU (the
    kernel's count, whatever the machine's load)."""
    total = 0
    for thread in threads:
        pid, tid = thread if isinstance(thread, tuple) else (thread, thread)
        with contextlib.suppress(OSError):
            total += int(Path(f"/proc/{pid}/task/{tid}/schedstat").read_text().split()[0])
    return total / 1e9


class Page:
    """The site's page, its worker's Python, a Pyodide on its main thread, and its CPU budget."""

    def __init__(self, page, zipped: str, marker: str) -> None:
        self.page = page
        self.cdp = page.context.new_cdp_session(page)
        self.main_version = page.evaluate(MAIN_START, zipped)
        page.evaluate("window.cribLive.start()")
        answer = page.evaluate("(c) => window.cribLive.run(c)", WORKER_SETUP.format(zipped=zipped))
        if answer["status"] != "ok":
            raise RuntimeError(f"the page's Python could not take the bench's files: {answer['error']}")
        self.threads = renderer_threads(marker)
        self.workers = worker_threads(self.threads)
        if not self.threads or not self.workers:
            raise RuntimeError("the page's renderer process or its worker was not found in /proc")

    def throttle(self, rate: float) -> None:
        self.cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})

    def main(self, expression: str) -> tuple[object, float, float]:
        """An expression's value (a float or a JSON text) from the main thread's Python, the CPU
        seconds the page's main thread spent on it and the seconds it took."""
        before, start = cpu_seconds(self.threads), time.perf_counter()
        value = self.page.evaluate(MAIN_RUN, f"import remote_timeline, json\n{expression}")
        return value, cpu_seconds(self.threads) - before, time.perf_counter() - start

    def worker(self, expression: str) -> tuple[object, float]:
        """An expression's value from the page's own Python (its worker) and the CPU seconds the
        worker's thread spent on it."""
        code = f"import remote_timeline, json\n{expression}"
        before = cpu_seconds(self.workers)
        answer = self.page.evaluate("(c) => window.cribLive.run(c)", code)
        if answer["status"] != "ok":
            raise RuntimeError(f"the page's Python failed: {answer['error']}")
        # the repr of a float or a str
        return ast.literal_eval(answer["data"]["text/plain"]), cpu_seconds(self.workers) - before


def spread(values: list[float]) -> str:
    return f"{statistics.median(values):5.2f} ({min(values):4.2f}-{max(values):4.2f})"


def calibrate(page: Page, rate: float, rounds: int) -> dict[str, list[float]]:
    """The fixed workload in each Python, interleaved so the machine's load falls on all alike:
    seconds as measured, and the CPU seconds of CPython's and the page's main thread."""
    from remote_timeline import workload
    names = ("CPython", "CPython CPU", "worker", "worker CPU", "worker, x rate", "worker CPU, x rate", "main",
             "main CPU", "main, x rate", "main CPU, x rate")
    times: dict[str, list[float]] = {k: [] for k in names}
    for _ in range(rounds):
        cpu = time.thread_time()
        times["CPython"].append(workload())
        times["CPython CPU"].append(time.thread_time() - cpu)
        for throttled in (False, True):
            page.throttle(rate if throttled else 1)
            tail = ", x rate" if throttled else ""
            value, cpu_used = page.worker("remote_timeline.workload()")
            times["worker" + tail].append(float(value))
            times["worker CPU" + tail].append(cpu_used)
            value, cpu_used, _ = page.main("remote_timeline.workload()")
            times["main" + tail].append(float(value))
            times["main CPU" + tail].append(cpu_used)
        page.throttle(1)
    return times


def deals(page: Page, devices: int, count: int, rate: float, group: str,
          later: bool) -> dict[str, list[float]]:
    """``count`` deals in the throttled main-thread Pyodide and on CPython, alternately (one warm-up
    each): each one's wait and serial time as measured, and on a quiet machine: times the share of
    the call's time its thread was on a CPU (Chromium's throttling keeps the thread busy ``rate``
    times as long as its work, so in the browser that is the CPU budget's time already)."""
    import json

    from remote_timeline import timed_deal
    call = f"json.dumps(remote_timeline.timed_deal({devices}, {group!r}, {later}))"
    page.throttle(rate)
    page.main(call)
    timed_deal(devices, group, later)
    out: dict[str, list[float]] = {k: [] for k in ("browser", "browser serial", "phone", "phone serial",
                                                   "CPython", "CPython quiet")}
    for _ in range(count):
        text, cpu, took = page.main(call)
        got = json.loads(str(text))
        out["browser"].append(got["wait"])
        out["browser serial"].append(got["serial"])
        out["phone"].append(got["wait"] * cpu / took)
        out["phone serial"].append(got["serial"] * cpu / took)
        start, cpu = time.perf_counter(), time.thread_time()
        got = timed_deal(devices, group, later)
        cpu, took = time.thread_time() - cpu, time.perf_counter() - start
        out["CPython"].append(got["wait"])
        out["CPython quiet"].append(got["wait"] * cpu / took)
    page.throttle(1)
    return out


def report_calibration(cal: dict[str, list[float]], args: argparse.Namespace) -> None:
    """What the calibration shows: whether throttling reaches each thread, and Pyodide's speed."""
    print(f"\nthe fixed workload (120 locks, 20 unlocks in {args.group}), seconds, median (min-max) of "
          f"{args.calibration}:")
    for name, values in cal.items():
        print(f"  {name:<18} {spread(values)}")
    m = {k: statistics.median(v) for k, v in cal.items()}
    print(f"  throttled / not: worker x{m['worker, x rate'] / m['worker']:.1f} (its CPU time "
          f"x{m['worker CPU, x rate'] / m['worker CPU']:.1f}), main thread "
          f"x{m['main, x rate'] / m['main']:.1f} (on a quiet machine x{args.rate:g} where it applies); "
          f"Pyodide / CPython in CPU time x{m['main CPU'] / m['CPython CPU']:.1f}; the throttled main thread "
          f"is kept busy x{m['main CPU, x rate'] / m['main CPU']:.1f} as long (its CPU time is the budget's)")


def report_deals(page: Page, args: argparse.Namespace) -> None:
    """The deals' table: per seat count, the first deal and a later one."""
    print(f"\nseconds per deal in {args.group}, median (min-max) of {args.deals} deals; wait: the last hand "
          f"shown, devices side by side as in a real game (serial: every device's work one after another)")
    heads = ("Pyodide x rate", "its serial", "Pyodide, quiet", "its serial", "CPython", "CPython, quiet")
    print(f"{'devices':>7}  {'deal':<5}  " + "  ".join(f"{h:>17}" for h in heads))
    keys = ("browser", "browser serial", "phone", "phone serial", "CPython", "CPython quiet")
    for devices, later in [(d, later) for d in (2, 3, 4) for later in (False, True)]:
        got = deals(page, devices, args.deals, args.rate, args.group, later)
        which = "later" if later else "first"
        print(f"{devices:>7}  {which:<5}  " + "  ".join(f"{spread(got[k]):>17}" for k in keys), flush=True)
    print("(as measured, and 'quiet': times the share of the time the deal's thread was on a CPU, the "
          "throttled thread's in the browser: the deal on that CPU budget without the machine's other load)")


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
            marker = f"--crib-bench={os.getpid()}"  # finds this browser's renderers in /proc
            browser = pw.chromium.launch(executable_path=args.chromium, args=[*FLAGS, marker])
            tab = browser.new_page()
            tab.goto(base + PAGE, wait_until="load", timeout=120_000)
            page = Page(tab, shipped(package), marker)
            pyodide = str(page.main_version).split()[0]
            print(f"CPython {sys.version.split()[0]}; the page's Pyodide (Python {pyodide}) in its worker "
                  f"and on its main thread; CPU throttling x{args.rate:g} (DevTools)")
            report_calibration(calibrate(page, args.rate, args.calibration), args)
            report_deals(page, args)
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
