"""Lighthouse (pinned, mobile) on every chapter of the built book: issue 36's speed goals.

Installs the Lighthouse pinned in bench/lighthouse/package-lock.json into bench/lighthouse/node_modules
(`npm ci`, once), serves the built site on 127.0.0.1 with gzip as hosts send it
(tests/site/throttle.py, unthrottled: Lighthouse throttles by itself, its default mobile profile),
runs Lighthouse on each page with Debian's Chromium (headless, no other host reachable), one page at
a time, and prints page, performance, accessibility, Total Blocking Time and Largest Contentful
Paint, then the scripts that kept the main thread busiest over all pages. The goals: performance
at least 90, accessibility 100, TBT at most 300 ms on every chapter. Exit status 1 when one missed.
The JSON reports are kept beside the site, in _build/lighthouse/ for _build/html (open one with
Lighthouse's viewer to see why).

    python bench/lighthouse.py [SITE] [--pages 04 15] [--runs 2]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
from pathlib import Path
from urllib.parse import urljoin

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "site"))

from throttle import PROFILES, serve  # noqa: E402

HERE = Path(__file__).resolve().parent / "lighthouse"
LIGHTHOUSE = HERE / "node_modules" / "lighthouse" / "cli" / "index.js"
CHROME_FLAGS = ('--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage '
                '--host-resolver-rules="MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"')
PERFORMANCE_GOAL, ACCESSIBILITY_GOAL, TBT_GOAL_MS = 90, 100, 300


def install() -> None:
    """Lighthouse as the lock file pins it, unless it is there already."""
    stamp = HERE / "node_modules" / ".installed"
    lock = HERE / "package-lock.json"
    if stamp.is_file() and stamp.stat().st_mtime >= lock.stat().st_mtime and LIGHTHOUSE.is_file():
        return
    if not shutil.which("npm"):
        sys.exit("bench/lighthouse.py needs npm (apt-get install nodejs npm)")
    subprocess.run(["npm", "ci", "--no-audit", "--no-fund", "--loglevel=error"], cwd=HERE, check=True)
    stamp.touch()


def chapters(site: Path, wanted: list[str] | None) -> list[str]:
    """Site-relative paths of the chapters (book/NN_*.html, redirects left out), or of those asked."""
    pages = sorted(p.relative_to(site).as_posix() for p in (site / "book").glob("[0-9][0-9]_*.html")
                   if p.stat().st_size > 2000)
    if not wanted:
        return pages
    chosen = [p for p in pages if any(Path(p).name.startswith(w) or p == w for w in wanted)]
    chosen += [w for w in wanted if w.endswith(".html") and w not in chosen and (site / w).is_file()]
    if not chosen:
        sys.exit(f"no page of {site} matches {wanted}")
    return chosen


def lighthouse(url: str, report: Path) -> dict:
    """One Lighthouse run (mobile, its default simulated throttling) of ``url``; its JSON report."""
    env = dict(os.environ, CHROME_PATH=os.environ.get("CHROME_PATH", "/usr/bin/chromium"))
    command = ["node", str(LIGHTHOUSE), url, "--quiet", "--output=json", f"--output-path={report}",
               "--only-categories=performance,accessibility", f"--chrome-flags={CHROME_FLAGS}",
               "--max-wait-for-load=60000"]
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
    if done.returncode or not report.is_file():
        raise RuntimeError(f"lighthouse failed on {url}: {done.stderr.strip()[-600:]}")
    return json.loads(report.read_text(encoding="utf-8"))


def figures(result: dict) -> dict:
    audits, categories = result["audits"], result["categories"]
    return {
        "performance": round(100 * (categories["performance"]["score"] or 0)),
        "accessibility": round(100 * (categories["accessibility"]["score"] or 0)),
        "tbt": audits["total-blocking-time"]["numericValue"],
        "lcp": audits["largest-contentful-paint"]["numericValue"] / 1000,
        "fcp": audits["first-contentful-paint"]["numericValue"] / 1000,
        "busy": {item["url"]: item["total"] for item in audits["bootup-time"]["details"]["items"]},
    }


def short(url: str, base: str) -> str:
    return url[len(base):] if url.startswith(base) else url


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site", nargs="?", default="_build/html")
    parser.add_argument("--pages", nargs="+", help="chapter numbers (04 15) or site-relative pages")
    parser.add_argument("--runs", type=int, default=1, help="runs of each page (default 1)")
    args = parser.parse_args(argv)
    site = Path(args.site).resolve()
    if not (site / "index.html").is_file():
        sys.exit(f"no built site in {site}: run `make book` first")
    install()
    reports = site.parent / "lighthouse"  # _build/lighthouse for _build/html
    reports.mkdir(parents=True, exist_ok=True)
    server, base = serve(site, PROFILES["none"])  # gzip on the way, the cache headers of a host
    busy: dict[str, list[float]] = {}
    missed: list[str] = []
    print(f"Lighthouse {json.loads((HERE / 'node_modules/lighthouse/package.json').read_text())['version']}"
          f", mobile, {args.runs} run(s) a page, site served with gzip at {base}")
    print(f"{'page':<40} {'run':>3} {'perf':>5} {'a11y':>5} {'TBT ms':>7} {'LCP s':>6} {'FCP s':>6}")
    try:
        for page in chapters(site, args.pages):
            for run in range(1, args.runs + 1):
                report = reports / f"{Path(page).stem}-{run}.json"
                got = figures(lighthouse(urljoin(base, page), report))
                ok = (got["performance"] >= PERFORMANCE_GOAL and got["accessibility"] >= ACCESSIBILITY_GOAL
                      and got["tbt"] <= TBT_GOAL_MS)
                if not ok:
                    missed.append(f"{page} (run {run})")
                print(f"{page:<40} {run:>3} {got['performance']:>5} {got['accessibility']:>5} "
                      f"{got['tbt']:>7.0f} {got['lcp']:>6.1f} {got['fcp']:>6.1f}"
                      + ("" if ok else "  miss"), flush=True)
                for url, ms in got["busy"].items():  # the scripts (a page's own work is its parsing)
                    if not url.split("?")[0].endswith(".html"):
                        busy.setdefault(short(url, base), []).append(ms)
    finally:
        server.shutdown()
        server.server_close()
    print("\nScripts busiest on the main thread (Lighthouse's bootup-time: median ms a run, over the pages "
          "that load them)")
    for url, times in sorted(busy.items(), key=lambda kv: -statistics.median(kv[1]))[:8]:
        print(f"  {statistics.median(times):>6.0f}  {url}")
    print(f"\ngoals (performance >= {PERFORMANCE_GOAL}, accessibility {ACCESSIBILITY_GOAL}, TBT <= "
          f"{TBT_GOAL_MS} ms): " + ("met on every page" if not missed else "missed on " + ", ".join(missed)))
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
