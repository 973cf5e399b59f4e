"""A new build reaches a learner who has been here before (issue 23), on a copy of the built site.

The copy is served by tests/site/throttle.py (unthrottled); its files are hard links to the build's,
and "publishing a new build" replaces two of them (never writes into them): the service worker
(`book/crib-sw.js`, with another build's version and other digests in its runtime files'
addresses) and chapter 04 (with a line that says which build it is).

1. The learner opens chapter 04, its widget comes alive, and the service worker holds the runtime
   and the chapter.
2. The new build is published. The learner opens chapter 04 again: it comes at once from the copy
   kept (the old build's page), and its widget comes alive on the old build's Python. The new
   service worker takes over meanwhile, and the old build's caches stay while that page is open: a
   file of the old build that page asks for after that (the rarer modules of Python's library come
   when first imported) is answered from them, never with the new build's file under the old
   address.
3. The learner closes it and opens chapter 04 once more: now it is the new build's page, its widget
   comes alive, and the old build's caches are gone.

    python tests/site/check_update.py _build/html
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import shutil
import sys
import tempfile
from pathlib import Path
from urllib.parse import urljoin

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent))

from check_live import CHROMIUM_FLAGS, DESKTOP, LIVE_TIMEOUT_MS, PLANS, Results, page_config, wait_held
from throttle import PROFILES, serve

CHAPTER = PLANS["04"].rel
SW = "book/crib-sw.js"
MARK = '<meta name="crib-check-update" content="the new build">'
LIVE = ".crib-live-view:not(.crib-live-hidden)"
CACHES = "caches.keys().then((names) => names.filter((n) => /^crib-(runtime|pages)-/.test(n)))"
#: kept unpacked by the service worker: a zip ("PK"), where the host sends the gzipped file
FIRST_BYTES = ("(url) => fetch(url).then((r) => r.arrayBuffer())"
               ".then((b) => Array.from(new Uint8Array(b, 0, 2)))")
PAGE_HELD = """async (url) => {
  for (const name of await caches.keys()) {
    if (name.startsWith('crib-pages-') && await (await caches.open(name)).match(url)) return true;
  }
  return false;
}"""


def manifest_of(site: Path) -> tuple[dict, str]:
    """The service worker's manifest (its first line) and the rest of its script."""
    first, rest = (site / SW).read_text(encoding="utf-8").split("\n", 1)
    return json.loads(first.removeprefix("self.CRIB_SW_MANIFEST = ").removesuffix(";")), rest


def publish_new_build(site: Path) -> str:
    """Replace the service worker and chapter 04 in the served copy (unlinked first: the build's own
    files are untouched) and return the new build's version."""
    manifest, rest = manifest_of(site)
    manifest["version"] = "newbuild" + manifest["version"][:4]
    manifest["runtime"] = [path.replace("?v=", "?v=new") for path in manifest["runtime"]]
    page = (site / CHAPTER).read_text(encoding="utf-8").replace("<head>", "<head>" + MARK, 1)
    for rel, text in ((SW, f"self.CRIB_SW_MANIFEST = {json.dumps(manifest)};\n{rest}"), (CHAPTER, page)):
        os.unlink(site / rel)
        (site / rel).write_text(text, encoding="utf-8")
    return manifest["version"]


def open_live(context, base: str):
    tab = context.new_page()
    tab.goto(urljoin(base, CHAPTER), wait_until="load")
    tab.locator("[data-crib-live-model]").first.scroll_into_view_if_needed()
    tab.locator(LIVE).first.wait_for(timeout=LIVE_TIMEOUT_MS)
    return tab


def wait_until(tab, script: str, test, what: str, seconds: float = 60) -> object:
    for _ in range(int(seconds * 2)):
        value = tab.evaluate(script)
        if test(value):
            return value
        tab.wait_for_timeout(500)
    raise TimeoutError(f"{what}: still {value!r} after {seconds:.0f} s")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site", nargs="?", default="_build/html")
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    args = parser.parse_args(argv)
    root = Path(args.site).resolve()
    results = Results()
    check = results.check

    with tempfile.TemporaryDirectory(prefix="crib-update-") as folder:
        site = Path(folder) / "site"
        shutil.copytree(root, site, copy_function=os.link)
        server, base = serve(site, PROFILES["none"])
        with sync_playwright() as pw, contextlib.closing(pw.chromium.launch_persistent_context(
                Path(folder) / "profile", executable_path=args.chromium, args=CHROMIUM_FLAGS,
                **DESKTOP)) as context:
            try:
                tab = open_live(context, base)
                wait_held(tab, page_config(root, CHAPTER)["snapshot"], LIVE_TIMEOUT_MS)
                wait_until(tab, f"({PAGE_HELD})({json.dumps(urljoin(base, CHAPTER))})", bool,
                           "the service worker keeps the chapter the learner is on")
                old = tab.evaluate(CACHES)
                later = next(p for p in manifest_of(site)[0]["runtime"] if "stdlib-later" in p)
                tab.close()
                new = publish_new_build(site)

                tab = open_live(context, base)
                kept = tab.evaluate("navigator.serviceWorker.controller && "
                                    "performance.getEntriesByType('navigation')[0].responseStart")
                check(MARK not in tab.content(),
                      "a new build published: the learner's next visit gets the page kept at once, "
                      f"its widget live (the page's first byte at {kept:.0f} ms)")
                names = wait_until(tab, CACHES, lambda names: any(new in n for n in names),
                                   "the new build's service worker takes over")
                check(all(n in names for n in old),
                      "while that page is open, the old build's caches stay (its Python may still come)",
                      f"kept {old}, now {names}")
                server.link.take()
                first = tab.evaluate(FIRST_BYTES, urljoin(base, later))
                asked = server.link.take()["log"]
                check(first == list(b"PK") and not asked,
                      "a file of the old build that page asks for after the takeover comes from the "
                      "old build's cache", f"its first bytes {first}, asked the host for {asked}")
                tab.close()

                tab = open_live(context, base)
                check(MARK in tab.content(), "the visit after: the new build's page, its widget live")
                names = wait_until(tab, CACHES, lambda names: not any(n in names for n in old),
                                   "the old build's caches are deleted")
                check(not any(n in names for n in old),
                      f"then the old build's caches are deleted (left: {', '.join(names)})")
                tab.close()
            except Exception as exc:
                check(False, "a new build reaches the learner", f"{type(exc).__name__}: {exc}"[:400])
            finally:
                server.shutdown()
                server.server_close()
    print(f"\nupdate: {len(results.failed)} failed")
    return 1 if results.failed else 0


if __name__ == "__main__":
    sys.exit(main())
