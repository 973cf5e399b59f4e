"""The widget runtime in the browser (issue 36): its HTML descriptions' sanitiser, which replaced
sanitize-html, keeps only what ipywidgets allows, and the widget manager's modules are evaluated a
step a task, none of them long.

The built site is served locally (tests/site/throttle.py, unthrottled); a widget chapter is opened
and the runtime the page loaded is asked directly.

    python tests/site/check_runtime.py _build/html
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from urllib.parse import urljoin

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent))

from check_live import CHROMIUM_FLAGS, Results, page_config
from throttle import PROFILES, serve

PAGE = "book/04_the_whole_show.html"  # a widget page: the runtime's address is in its config
BLANK = "book/glossary.html"  # a page of the site that loads no runtime of its own
#: HTML description -> what the book's manager keeps of it (ipywidgets' own allowed tags and
#: attributes: manager-base.js, default_inline_sanitize).
CASES = {
    '<b>bold</b> and <i class="x" onclick="alert(1)">it</i>': '<b>bold</b> and <i class="x">it</i>',
    "<script>alert(1)</script>text": "text",
    '<a href="javascript:alert(1)">x</a>': "<a>x</a>",
    '<a href=" java\tscript:alert(1)">x</a>': "<a>x</a>",
    '<a href="https://book.example/">ok</a>': '<a href="https://book.example/">ok</a>',
    "<img src=x onerror=alert(1)>": '<img src="x">',
    "<div><p>a <u>b</u></p></div>": "a b",
    '<span aria-label="l" data-x="1" style="color:red">s</span>':
        '<span aria-label="l" style="color:red">s</span>',
    "<!-- c -->x<style>p{}</style><svg><script>1</script></svg>": "x",
    "5 < 6 & 7": "5 &lt; 6 &amp; 7",
}
SANITIZE = """async ([runtime, cases]) => {
  const { loadManager } = await import(runtime);
  if (!loadManager) return cases.map(() => 'the runtime has no loadManager');  // a build before issue 36
  const { BookManager } = await loadManager();
  const manager = new BookManager();
  return cases.map((dirty) => manager.inline_sanitize(dirty));
}"""
#: A task longer than this is a defect here: evaluated at once, the manager's modules took one task of
#: 0.1-0.15 s on this project's machine (0.4-0.6 s on a phone); in steps, none reaches 50 ms. (A
#: task counts as long from 50 ms; the margin is for a machine busy with other jobs.)
LONG_MS = 100
#: The longest task while the widget manager's modules are evaluated (a fresh page's first load).
LONGEST_TASK = """async (runtime) => {
  const tasks = [];
  new PerformanceObserver((list) => list.getEntries().forEach((e) => tasks.push(e.duration)))
    .observe({ type: 'longtask' });
  const started = performance.now();
  const { loadManager } = await import(runtime);  // a build before issue 36 evaluated it all here
  if (loadManager) await loadManager();
  await new Promise((resolve) => setTimeout(resolve, 100));
  return { longest: Math.max(0, ...tasks), took: performance.now() - started };
}"""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site", nargs="?", default="_build/html")
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    args = parser.parse_args(argv)
    root = Path(args.site).resolve()
    results = Results()
    server, base = serve(root, PROFILES["none"])
    runtime = urljoin(base, page_config(root, PAGE)["runtime"])
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=args.chromium, args=CHROMIUM_FLAGS)
            tab = browser.new_page()
            tab.goto(urljoin(base, BLANK), wait_until="load")
            timing = tab.evaluate(LONGEST_TASK, runtime)
            results.check(timing["longest"] < LONG_MS, "the widget manager is evaluated in steps: its "
                          f"longest task {timing['longest']:.0f} ms (all of it {timing['took']:.0f} ms)")
            kept = tab.evaluate(SANITIZE, [runtime, list(CASES)])
            for (dirty, wanted), got in zip(CASES.items(), kept, strict=True):
                results.check(got == wanted, f"an HTML description {json.dumps(dirty)} is kept as "
                              f"{json.dumps(got)}", f"wanted {json.dumps(wanted)}")
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    print(f"\nruntime: {len(results.failed)} failed")
    return 1 if results.failed else 0


if __name__ == "__main__":
    sys.exit(main())
