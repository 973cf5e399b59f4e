// The book's service worker (lite/README.md, "Fetching ahead and offline"): written by
// lite/crib_live.py into the site as book/crib-sw.js, with the build's MANIFEST filled in, and
// registered by _static/crib_ahead.js with the scope book/ (the chapters and the page's Python
// worker, which the build puts there too). JupyterLite's own service worker, under lite/, is
// outside that scope and never sees this one.
//
// - The runtime (Pyodide, the trimmed standard library, the packages, the snapshot, the widget
//   runtime and the worker) is kept in a cache named after the build: answered from it, fetched
//   into it ahead of need when a page asks ("crib-ahead" message). A new build is a new script:
//   activating it makes its own caches the ones used, and the older ones are deleted as soon as no
//   page of the book that was open before is left (`sweep`).
// - A chapter this build's cache holds is answered from it at once, and asked of the network
//   meanwhile for the next visit; one it does not hold is fetched from the network first and kept,
//   so that a learner who has been here once can read and use every chapter offline. Their files
//   whose address carries a digest are answered from the copy kept. The page that asks for the
//   runtime is kept first, then the chapters are fetched ahead too once the runtime is in, then
//   everything they show (MANIFEST.assets, read by the build from the pages: pictures, charts,
//   style sheets and their fonts, scripts, the voice's sounds), so that a chapter never opened is
//   whole offline.
//
// Bundled by esbuild (`npm run build:sw`); the build puts the manifest before it, as
// `self.CRIB_SW_MANIFEST`.
import { plainStream } from './zip_stream.mjs';

const MANIFEST = self.CRIB_SW_MANIFEST || { version: 'dev', runtime: [], pages: [], assets: [] };
const ROOT = new URL('../', self.location.href);
const RUNTIME_CACHE = `crib-runtime-${MANIFEST.version}`;
const PAGES_CACHE = `crib-pages-${MANIFEST.version}`;
const RUNTIME = new Set(MANIFEST.runtime.map((path) => new URL(path, ROOT).href));
const LITE = new URL('lite/', ROOT).href;

self.addEventListener('install', () => self.skipWaiting());

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    // A chapter is asked of the network while this worker starts, not after (its answer is the
    // page's first byte).
    if (self.registration.navigationPreload) await self.registration.navigationPreload.enable();
    await self.clients.claim();
    // A page opened a moment ago from the older build's copy may still be fetching that build's
    // Python: its files stay until that page has gone (their addresses carry their digests, so no
    // page of this build is ever answered with them).
    const open = await bookClients();
    await (await caches.open(RUNTIME_CACHE)).put(OPEN_BEFORE, new Response(JSON.stringify(open)));
    await sweep();
  })());
});

const OLDER = (name) => /^crib-(runtime|pages)-/.test(name) && name !== RUNTIME_CACHE && name !== PAGES_CACHE;
// The pages and workers of the book open when this build took over (a JSON list of client ids).
const OPEN_BEFORE = new URL('crib-sw-open-before.json', self.location.href).href;

async function bookClients() {
  const all = await self.clients.matchAll({ includeUncontrolled: true, type: 'all' });
  return all.filter((client) => client.url.startsWith(self.registration.scope)).map((client) => client.id);
}

/** Delete the older builds' caches once no page or worker of the book open before this build took
 * over is left (on every chapter opened and every page that asks for the runtime). */
async function sweep() {
  const older = (await caches.keys()).filter(OLDER);
  if (!older.length) return;
  const note = await caches.match(OPEN_BEFORE, { cacheName: RUNTIME_CACHE });
  const before = note ? await note.json() : [];
  const open = new Set(await bookClients());
  if (before.some((id) => open.has(id))) return;
  await Promise.all(older.map((name) => caches.delete(name)));
}

// The runtime files the build packs whole (Pyodide's WebAssembly, the standard library, the
// packages, the snapshot) are kept unpacked: every later start reads them as they are, instead of
// inflating 50 MB again on the Python worker's thread before Python can start (0.2-0.3 s on a warm
// visit), and the WebAssembly is kept as WebAssembly (the worker hands it to Pyodide as it is, so
// the browser keeps its compiled code). A host that sent one with Content-Encoding: gzip has had it
// unpacked by the browser already: kept as it came.
const PACKED = /\.(gz|zst|snapshot)$/;
const packed = (url) => PACKED.test(new URL(url).pathname);

async function unpackedCopy(response, url) {
  const headers = new Headers(response.headers);
  headers.delete('Content-Length');
  if (/\.wasm\.zst$/.test(new URL(url).pathname)) headers.set('Content-Type', 'application/wasm');
  const { status, statusText } = response;
  return new Response(await plainStream(response.body), { status, statusText, headers });
}

// A copy is written while the response already goes to the page (a write awaited first would hold
// every file until its last byte is on disk, and Pyodide's WebAssembly could not compile as it
// arrives).
function keep(event, cacheName, key, response) {
  if (response.ok && response.status === 200 && response.type === 'basic') {
    const copy = response.clone();
    const kept = cacheName === RUNTIME_CACHE && packed(key) ? unpackedCopy(copy, key) : Promise.resolve(copy);
    const written = kept.then((body) => caches.open(cacheName).then((cache) => cache.put(key, body)))
      .catch(() => undefined);
    event.waitUntil(written);
    if (cacheName === RUNTIME_CACHE) coming(key, written);
  }
  return response;
}

// A runtime file comes down once, whoever asks first (the page's Python, or fetching ahead while
// the learner reads): a second asker waits for the first one's copy instead of fetching the same
// megabytes again beside it. URL -> a promise settled when the copy is written (never rejected).
const inFlight = new Map();

function coming(url, written) {
  inFlight.set(url, written);
  written.then(() => { if (inFlight.get(url) === written) inFlight.delete(url); });
}

// What fetching ahead is receiving, URL -> a promise of a function that answers a page with those
// bytes as they come (null if there is nothing to share): a page that asks meanwhile gets them as
// they arrive, so its progress ("Fetching Python: 2.1 of 6.2 MB") moves, instead of waiting for the
// whole file.
const arriving = new Map();

function relay(stream, init) {
  const chunks = [];
  let done = false;
  let failed = null;
  let waiting = [];
  const wake = () => { const now = waiting; waiting = []; now.forEach((resolve) => resolve()); };
  (async () => {
    const reader = stream.getReader();
    try {
      for (;;) {
        const { done: end, value } = await reader.read();
        if (end) break;
        chunks.push(value);
        wake();
      }
    } catch (error) {
      failed = error;
    }
    done = true;
    wake();
  })();
  return () => {
    let next = 0;
    return new Response(new ReadableStream({
      async pull(controller) {
        while (next >= chunks.length && !done) await new Promise((resolve) => waiting.push(resolve));
        if (next < chunks.length) controller.enqueue(chunks[next++]);
        else if (failed) controller.error(failed);
        else controller.close();
      },
    }), init);
  };
}

async function fromRuntime(event) {
  const { request } = event;
  const share = await arriving.get(request.url);
  if (share) return share();
  await inFlight.get(request.url);
  const held = await caches.match(request.url, { cacheName: RUNTIME_CACHE });
  if (held) return held;
  if (request.cache === 'only-if-cached') return fetch(request);  // "not held" (a 504), as without us
  return keep(event, RUNTIME_CACHE, request.url, await fetch(request));
}

// A file whose address carries its digest (Sphinx's ?v=, the theme's ?digest=) never changes:
// the copy kept is answered without asking the network.
const VERSIONED = /[?&](v|digest)=/;

async function fromPages(event) {
  const { request } = event;
  if (VERSIONED.test(request.url)) {  // in any build's cache: a page of the older build may ask
    const held = await caches.match(request, { ignoreVary: true });
    if (held) return held;
  }
  if (request.mode === 'navigate') {
    event.waitUntil(sweep().catch(() => undefined));
    const held = await caches.match(request, { cacheName: PAGES_CACHE, ignoreVary: true });
    if (held) {
      event.waitUntil(refresh(event));
      return held;
    }
  }
  try {
    const preloaded = request.mode === 'navigate' ? await event.preloadResponse : undefined;
    return keep(event, PAGES_CACHE, request, preloaded || await fetch(request));
  } catch (error) {  // offline: what this browser kept
    const held = await caches.match(request, { ignoreVary: true });
    if (held) return held;
    throw error;
  }
}

// A chapter answered from the copy kept is asked of the network all the same (the answer to
// navigation preload, which starts with the visit), and the copy replaced for the next visit: a
// learner sees a new build of a page the second time they open it, never a page of one build with
// the Python of another.
async function refresh(event) {
  try {
    const fresh = (await event.preloadResponse) || await fetch(event.request);
    keep(event, PAGES_CACHE, event.request, fresh);
  } catch (error) {
    // offline: the copy kept stays
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET' || !request.url.startsWith(ROOT.href)) return;
  if (RUNTIME.has(request.url)) {
    event.respondWith(fromRuntime(event));
  } else if (!request.url.startsWith(LITE) && request.cache !== 'only-if-cached') {
    event.respondWith(fromPages(event));
  }
});

// One file after another, the largest last, each only if it is not held yet: the learner's own
// requests keep the bandwidth they need. The browser's HTTP cache answers what the page already
// fetched, so a page whose Python has started costs nothing more here. True when all are held.
// A page whose own Python starts meanwhile says 'crib-ahead-stop': the file under way is finished
// (the page shares it), the next ones wait until that page asks again, once its widgets are live.
let round = 0;

async function fetchAhead(paths, cacheName, mine) {
  const cache = await caches.open(cacheName);
  let all = true;
  for (const path of paths) {
    if (mine !== round) return false;
    const url = new URL(path, ROOT).href;
    await inFlight.get(url);
    if (await cache.match(url)) continue;
    try {
      if (!(await fetchInto(cache, url, cacheName === RUNTIME_CACHE))) all = false;
    } catch (error) {
      return false;  // offline or gone: try again on the next page
    }
  }
  return all;
}

// One file into the cache; a runtime file is offered (`arriving`) to a page that asks for it
// meanwhile, from the moment it is asked for, and handed over as its bytes arrive. True when kept.
async function fetchInto(cache, url, offered) {
  let offer = () => undefined;
  if (offered) arriving.set(url, new Promise((resolve) => { offer = resolve; }));
  try {
    const response = await fetch(url, { priority: 'low' });
    if (!response.ok) return false;
    if (!offered) {
      await cache.put(url, response);
      return true;
    }
    const init = { status: response.status, statusText: response.statusText, headers: response.headers };
    const [kept, relayed] = response.body.tee();
    offer(relay(relayed, init));
    const whole = new Response(kept, init);
    await cache.put(url, packed(url) ? await unpackedCopy(whole, url) : whole);
    return true;
  } finally {
    offer(null);  // nothing to share (a failed fetch); no effect once offered
    arriving.delete(url);
  }
}

// The chapter that asks, kept before anything else: it is where the learner is (the next visit
// is most likely to it), a first visit's page was not answered by this worker (it registered it),
// and it costs a round trip, no more (the browser's cache holds it, to be revalidated).
function pageOf(source) {
  const here = source && source.url ? new URL(source.url) : null;
  const path = here && here.href.startsWith(ROOT.href) ? here.pathname.slice(ROOT.pathname.length) : '';
  return MANIFEST.pages.includes(path) ? [path] : [];
}

self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'crib-ahead-stop') round += 1;
  if (!event.data || event.data.type !== 'crib-ahead') return;
  const mine = round;
  event.waitUntil((async () => {
    await sweep().catch(() => undefined);
    await fetchAhead(pageOf(event.source), PAGES_CACHE, mine);
    const held = await fetchAhead(MANIFEST.runtime, RUNTIME_CACHE, mine);
    if (mine !== round) return;  // stopped: asked again by the page that stopped it
    // the page keeps the list at once, so that the next one knows its Python costs no byte
    if (event.source) event.source.postMessage({ type: 'crib-ahead-held', held: held ? [...RUNTIME] : [] });
    await fetchAhead(MANIFEST.pages, PAGES_CACHE, mine);
    await fetchAhead(MANIFEST.assets, PAGES_CACHE, mine);
    if (mine !== round) return;
    if (event.source) event.source.postMessage({ type: 'crib-ahead-done', version: MANIFEST.version });
  })());
});
