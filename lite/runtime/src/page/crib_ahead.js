/* Fetching ahead (lite/README.md, "Fetching ahead and offline"): on every book page, once it is
 * loaded and the browser is idle, register the book's service worker (book/crib-sw.js) and, on a
 * page from which the learner is expected to go on, ask it to fetch the widgets' Python ahead, so
 * that the next chapter's widget is live within seconds, and offline after one visit.
 *
 * Never on a Save-Data connection, never before the page itself has loaded, and on a page whose
 * own Python is starting, only once it is ready (then the browser's cache answers and the network
 * is not used twice); a page whose Python starts while the service worker fetches stops it until
 * then. The page says what to do in <script id="crib-ahead" type="application/json">:
 * {"root": "../", "sw": "book/crib-sw.js", "scope": "book/", "ahead": true}.
 */
import { rememberHeld } from './lib/held.js';

const tag = document.getElementById('crib-ahead');
const wanted = tag && 'serviceWorker' in navigator && window.isSecureContext;
const config = wanted ? JSON.parse(tag.textContent) : null;
const root = wanted ? new URL(config.root, location.href) : null;
const saveData = !!(navigator.connection && navigator.connection.saveData);

async function register() {
  const registration = await navigator.serviceWorker.register(new URL(config.sw, root).href,
    { scope: new URL(config.scope, root).href });
  if (!config.ahead || saveData) return;
  const ready = registration.active ? registration : await navigator.serviceWorker.ready;
  await pythonSettled();
  navigator.serviceWorker.addEventListener('message', remember);
  const worker = ready.active;
  worker.postMessage({ type: 'crib-ahead' });
  // The learner reaches a widget while Python still comes down ahead: the service worker finishes
  // the file it is on (the page's Python shares it) and stops there, so that the snapshot and the
  // chapters do not take the bandwidth the page's start needs; asked again once the widgets are live.
  const reached = (event) => {
    if (event.detail.state !== 'starting') return;
    document.removeEventListener('crib-live:state', reached);
    if (heldNow) return;
    worker.postMessage({ type: 'crib-ahead-stop' });
    pythonSettled().then(() => worker.postMessage({ type: 'crib-ahead' }));
  };
  document.addEventListener('crib-live:state', reached);
}

// What the service worker holds, kept for the next page (lib/held.js).
let heldNow = false;
function remember(event) {
  if (!event.data || event.data.type !== 'crib-ahead-held') return;
  rememberHeld(event.data.held);
  heldNow = event.data.held.length > 0;
}

// A page whose Python is starting fetches the runtime itself: ask only once its widgets are live
// (then the browser's cache answers for the runtime), and a few seconds later, so that the
// learner's first clicks never wait behind the snapshot.
function pythonSettled() {
  const live = window.cribLive;
  if (!live || live.state === 'waiting' || live.state === 'failed' || live.timings.allLive) {
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    const later = () => setTimeout(resolve, 3000);
    document.addEventListener('crib-live:alive', later, { once: true });
    document.addEventListener('crib-live:state', (event) => {
      if (event.detail.state === 'failed') resolve();
    });
  });
}

function whenIdle() {
  const go = () => register().catch((error) => console.warn('crib-ahead: no service worker', error));
  if ('requestIdleCallback' in window) requestIdleCallback(go, { timeout: 4000 });
  else setTimeout(go, 1000);
}

if (wanted) {
  if (document.readyState === 'complete') whenIdle();
  else addEventListener('load', whenIdle, { once: true });
}
