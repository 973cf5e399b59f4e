"""Offline after one visit (issues 23 and 36): a learner opens one widget chapter, the book's service
worker fetches the rest ahead, then the network is gone and every chapter is still whole.

The site is served by a local server (tests/site/throttle.py, unthrottled) for the first visit
only: chapter 04 is opened, its widget comes alive, and the test waits until the service worker
holds the snapshot, the chapters and every file they show (the manifest's ``assets``, which the
build reads from the pages). Then the server is shut down (nothing answers at all) and, in the same
browser profile, every other page of the book, never opened before, is opened: each must show every
picture (``naturalWidth > 0`` for every ``<img>``, every CSS background image loads), load every
font its style sheets declare and the voice's sounds, with no failed request; chapters 07, 13 and
15 must also show their widget live (Python started from the snapshot). Also: the service worker's
scope is book/, and JupyterLite's pages are outside it.

    python tests/site/check_offline.py _build/html
"""

from __future__ import annotations

import argparse
import contextlib
import sys
import tempfile
from pathlib import Path
from urllib.parse import urljoin

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent))

from check_live import CHROMIUM_FLAGS, DESKTOP, LIVE_TIMEOUT_MS, PLANS, Results, page_config, wait_held
from throttle import PROFILES, serve

FIRST = "04"
LATER = ["07", "13", "15"]
PAGES_HELD = """async () => {
  for (const name of await caches.keys()) {
    if (!name.startsWith('crib-pages-')) continue;
    const urls = (await (await caches.open(name)).keys()).map((r) => r.url);
    return urls.filter((u) => /\\/book\\/\\d\\d_[^/]*\\.html$/.test(u)).length;
  }
  return 0;
}"""
#: The runtime files the build gzips whole, as the service worker keeps them: name, first two bytes
#: and size (kept unpacked, so that a later start does not inflate them again).
PACKED_HELD = """async () => {
  const held = [];
  for (const name of await caches.keys()) {
    if (!name.startsWith('crib-runtime-')) continue;
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      if (!/\\.(gz|zst|snapshot)$/.test(new URL(request.url).pathname)) continue;
      const bytes = new Uint8Array(await (await cache.match(request)).arrayBuffer());
      held.push([new URL(request.url).pathname.split('/').pop(), bytes[0], bytes[1], bytes.length]);
    }
  }
  return held;
}"""


ASSETS_HELD = """async () => {
  const registration = await navigator.serviceWorker.getRegistration();
  const script = registration && registration.active && registration.active.scriptURL;
  if (!script) return [0, -1];
  const text = await (await fetch(script)).text();
  const manifest = JSON.parse(text.slice(text.indexOf('=') + 1, text.indexOf(';\\n')));
  const root = new URL('../', script);
  let held = 0;
  const assets = manifest.assets || [];  // a build before issue 36 listed none
  for (const path of assets) if (await caches.match(new URL(path, root).href)) held += 1;
  return [held, assets.length];
}"""
#: What the page shows, checked offline: every picture decoded, every background image and every
#: declared font loaded, the voice's sound bank answered. A list of what did not.
SHOWN = """async () => {
  const missing = [];
  const images = [...document.images];
  for (const img of images) img.loading = 'eager';  // a lazy one below the fold loads now
  await Promise.all(images.map((img) => img.decode().catch(() => undefined)));
  for (const img of images) if (!(img.naturalWidth > 0)) missing.push(`picture ${img.currentSrc || img.src}`);
  const backgrounds = new Set();
  for (const element of document.querySelectorAll('*')) {
    for (const pseudo of [null, '::before', '::after']) {
      const value = getComputedStyle(element, pseudo).backgroundImage;
      for (const match of value.matchAll(/url\\("?([^")]+)"?\\)/g)) {
        if (!match[1].startsWith('data:')) backgrounds.add(match[1]);
      }
    }
  }
  for (const url of backgrounds) {
    const img = new Image();
    img.src = url;
    await img.decode().catch(() => undefined);
    if (!(img.naturalWidth > 0)) missing.push(`background ${url}`);
  }
  const fonts = [...document.fonts];
  const loaded = await Promise.all(fonts.map((font) => font.load().then(() => true, () => false)));
  fonts.forEach((font, i) => { if (!loaded[i]) missing.push(`font ${font.family} ${font.weight}`); });
  const voices = [...document.querySelectorAll('[data-voice]')];
  const version = (v) => { try { return JSON.parse(v.dataset.voice).version; } catch (e) { return ''; } };
  const versions = new Set(voices.map(version));
  const script = document.querySelector('script[src*="crib-book.js"]');
  for (const version of versions) {
    const url = new URL(`crib-voice-bank.wav?v=${encodeURIComponent(version || '')}`, script.src);
    const answer = await fetch(url).catch(() => null);
    if (!answer || !answer.ok) missing.push(`sound ${url}`);
  }
  return {missing, images: images.length, backgrounds: backgrounds.size, fonts: fonts.length,
          sounds: versions.size};
}"""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site", nargs="?", default="_build/html")
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    args = parser.parse_args(argv)
    root = Path(args.site).resolve()
    results = Results()
    check = results.check

    server, base = serve(root, PROFILES["none"])
    chapters = sorted(p.name for p in (root / "book").glob("[0-9][0-9]_*.html") if p.stat().st_size > 2000)
    with sync_playwright() as pw, tempfile.TemporaryDirectory(prefix="crib-offline-") as profile:
        context = pw.chromium.launch_persistent_context(profile, executable_path=args.chromium,
                                                       args=CHROMIUM_FLAGS, **DESKTOP)
        with contextlib.closing(context):
            tab = context.new_page()
            first = PLANS[FIRST].rel
            tab.goto(urljoin(base, first), wait_until="load")
            tab.locator("[data-crib-live-model]").first.scroll_into_view_if_needed()
            tab.locator(".crib-live-view:not(.crib-live-hidden)").first.wait_for(timeout=LIVE_TIMEOUT_MS)
            scope = tab.evaluate("navigator.serviceWorker.getRegistration().then((r) => r && r.scope)")
            check(bool(scope) and scope.endswith("/book/"), f"the service worker's scope is book/ ({scope})")
            wait_held(tab, page_config(root, first)["snapshot"], LIVE_TIMEOUT_MS)
            for _ in range(240):
                if tab.evaluate(PAGES_HELD) >= len(chapters):
                    break
                tab.wait_for_timeout(500)
            held = tab.evaluate(PAGES_HELD)
            check(held >= len(chapters), f"after one visit the service worker holds the runtime and "
                  f"{held} of {len(chapters)} chapters")
            for _ in range(240):
                assets, listed = tab.evaluate(ASSETS_HELD)
                if assets >= listed:
                    break
                tab.wait_for_timeout(500)
            check(assets >= listed > 0, f"and {assets} of the {listed} files the pages show (pictures, "
                  "style sheets, fonts, scripts, sounds)")
            packed = tab.evaluate(PACKED_HELD)
            # gzip's magic bytes, or Zstandard's first two (the build packs Python's files with it)
            gzipped = [name for name, b0, b1, _ in packed if (b0, b1) in ((0x1F, 0x8B), (0x28, 0xB5))]
            check(len(packed) >= 4 and not gzipped,
                  f"the service worker keeps the {len(packed)} packed runtime files unpacked ("
                  + ", ".join(f"{name} {size / 1e6:.1f} MB" for name, _, _, size in packed) + ")",
                  f"still packed: {gzipped}")
            lite = context.new_page()
            lite.goto(urljoin(base, "lite/notebooks/index.html"), wait_until="commit")
            controller = lite.evaluate("navigator.serviceWorker.controller && "
                                       "navigator.serviceWorker.controller.scriptURL")
            check(not controller or "crib-sw" not in controller,
                  f"JupyterLite's pages are outside the book's service worker ({controller})")
            lite.close()
            tab.close()
            server.shutdown()
            server.server_close()  # from here on nothing answers: the learner is offline
            pages = sorted(p.relative_to(root).as_posix() for p in (root / "book").glob("*.html")
                           if p.stat().st_size > 2000 and p.relative_to(root).as_posix() != first)
            for rel in pages:
                whole_offline(context, base, rel, check)
            for number in LATER:
                rel = PLANS[number].rel
                tab = context.new_page()
                errors: list[str] = []
                tab.on("pageerror", lambda exc, errors=errors: errors.append(str(exc)))
                try:
                    tab.goto(urljoin(base, rel), wait_until="load", timeout=60_000)
                    tab.locator("[data-crib-live-model]").first.scroll_into_view_if_needed()
                    tab.locator(".crib-live-view:not(.crib-live-hidden)").first.wait_for(timeout=LIVE_TIMEOUT_MS)
                    worker = tab.evaluate("window.cribLive.timings.worker") or {}
                    check(worker.get("from") == "snapshot" and not errors,
                          f"offline: {rel} (never opened before) comes alive from the held snapshot",
                          f"from {worker.get('from')}; {'; '.join(errors[:2])}")
                except Exception as exc:
                    check(False, f"offline: {rel} comes alive", f"{type(exc).__name__}: {exc}"[:300])
                finally:
                    tab.close()
    print(f"\noffline: {len(results.failed)} failed")
    return 1 if results.failed else 0


def whole_offline(context, base: str, rel: str, check) -> None:
    """Offline, the page ``rel`` (never opened) shows every picture, font and sound it has."""
    tab = context.new_page()
    failed: list[str] = []
    tab.on("requestfailed", lambda request: failed.append(f"{request.url} ({request.failure})"))
    try:
        tab.goto(urljoin(base, rel), wait_until="load", timeout=60_000)
        shown = tab.evaluate(SHOWN)
        check(not shown["missing"] and not failed,
              f"offline: {rel} whole ({shown['images']} pictures, {shown['backgrounds']} background "
              f"images, {shown['fonts']} fonts, {shown['sounds']} sound banks)",
              "; ".join(shown["missing"][:4] + failed[:4]))
    except Exception as exc:
        check(False, f"offline: {rel} whole", f"{type(exc).__name__}: {exc}"[:300])
    finally:
        tab.close()


if __name__ == "__main__":
    sys.exit(main())
