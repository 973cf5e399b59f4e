/* The book page side of the in-place live widgets (lite/README.md: "Widgets that come alive").
 *
 * The page shows each widget's snapshot, drawn from the saved state by the widget manager of
 * _static/crib-live/crib-live-runtime.js, the same one that draws the live widgets (so a page
 * fetches one widget manager, not two), as the widget comes within a screen of being seen. When a
 * widget scrolls into view, or is touched first, this starts the page's one Python (the site's
 * Pyodide kernel worker), runs each widget's cell, draws the live widget hidden in the snapshot's
 * place and swaps it in. Until then the snapshot stays, says "Starting Python… N s", and keeps
 * every click: they are replayed on the live widget once it is drawn (or, if one cannot be, the
 * learner is told to click again).
 *
 * It also defines window.cribLive (start, ready, run, display, state), the hook other pages use.
 */
import { saidHeld } from './lib/held.js';
import { PROGRESS_KEY, keptForPython, saveKept, sayBeside } from './lib/kept.js';
import { forPython } from './lib/reader.js';
import { keepGames, keptGames } from './lib/kept_game.js';
import { friendCode, friendWhenPlayed } from './lib/friend_link.js';
import { showJoining } from './lib/friend_joining.js';

const WIDGET_VIEW = 'application/vnd.jupyter.widget-view+json';
const CONTROLS = 'button, input, select, textarea';
const tag = document.getElementById('crib-live-config');
const config = tag ? JSON.parse(tag.textContent) : { widgets: [] };
// config.root leads from this page to the site's root, wherever the site is served (a sub-path too)
const root = new URL(config.root || './', location.href);
const site = (path) => new URL(path, root).href;
const params = new URLSearchParams(location.search);
const startOn = params.get('crib-live-start') || config.start || 'view';

let state = 'waiting';
let startedAt = 0;
let kernel = null;
let starting = null;
let fetched = 0; // bytes the worker has received so far (its progress messages)
let readyResolve;
let readyReject;
const ready = new Promise((resolve, reject) => { readyResolve = resolve; readyReject = reject; });
ready.catch(() => undefined);
const timings = { load: performance.now() };
const widgets = [];

function seconds() {
  return startedAt ? Math.round((performance.now() - startedAt) / 1000) : 0;
}

function setState(next) {
  state = next;
  document.dispatchEvent(new CustomEvent('crib-live:state', { detail: { state, seconds: seconds() } }));
  widgets.forEach(showStatus);
}

// --- the widget manager and the snapshots ---------------------------------------------------------

// The widget runtime (its module and the widget manager it makes: 0.2 s of this machine's main
// thread, most of a second of a phone's) draws the live widgets, once Python is ready. So it is
// loaded when Python's files are in (Python then still has its start to make, seconds on a phone,
// while the runtime loads), or when the learner uses a widget, or RUNTIME_LATEST_MS after Python was
// asked for, whichever comes first: not with the page, whose first seconds it held (issue 36:
// Lighthouse's Total Blocking Time on chapter 15, whose table starts Python as the page loads).
const RUNTIME_LATEST_MS = 4000;
let runtimeWanted;
const runtimeCue = new Promise((resolve) => { runtimeWanted = resolve; });

let runtimeLoading = null;
function runtimeModule() {
  runtimeLoading = runtimeLoading || import(site(config.runtime));
  return runtimeLoading;
}

// The widgets' style sheet, before anything is drawn with it. A page whose snapshots the build drew
// (lite/static_snapshots.py) links it in its head, as they need it from the first paint; on one
// without, it is not there, so that the text of the page paints without waiting for it.
let styling = null;
function widgetStyles() {
  if (!styling && document.getElementById('crib-live-widgets')) styling = Promise.resolve();
  styling = styling || new Promise((resolve) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = site(config.styles);
    link.onload = link.onerror = () => resolve();
    document.head.appendChild(link);
  });
  return styling;
}

// A widget's snapshot, drawn once (widget.snapshot is the promise of it). Where the widget manager
// cannot be loaded as a module (a copy of the site opened as files), html-manager's embed.js draws
// every snapshot instead; it draws on the page's load event, so one that has passed already is
// announced again. Only then: a snapshot the runtime failed to draw is not drawn twice.
let embedding = false;
function drawSnapshot(widget) {
  // drawn by the build into the page (lite/static_snapshots.py): nothing to fetch or draw
  if (!widget.snapshot && snapshotOf(widget)) widget.snapshot = Promise.resolve();
  widget.snapshot = widget.snapshot || (async () => {
    const styled = widgetStyles();
    let runtime;
    try {
      runtime = await runtimeModule();
    } catch (error) {
      if (embedding) return;
      embedding = true;
      console.warn('crib-live: the widget manager could not be loaded; embed.js draws the snapshots', error);
      const late = document.readyState === 'complete';
      const script = document.createElement('script');
      script.src = site(config.embed);
      if (late) script.onload = () => dispatchEvent(new Event('load'));
      document.head.appendChild(script);
      return;
    }
    await styled;
    try {
      await runtime.drawSnapshot(widget.view);
    } catch (error) {
      console.error('crib-live: a snapshot could not be drawn', error);
    }
  })();
  return widget.snapshot;
}

// Each snapshot is drawn as its widget comes within a screen of being seen (or when Python brings
// it alive, or the page is printed), not all as the page loads (issue 36): a chapter's widgets
// further down, a game table's hundreds of models, kept the main thread busy while the reader
// read the top of the page.
const SNAPSHOT_AHEAD = '100% 0px 100% 0px';

function drawSnapshotsNear() {
  if (!('IntersectionObserver' in window)) {
    widgets.forEach(drawSnapshot);
    return;
  }
  const near = new IntersectionObserver((entries) => {
    entries.forEach((entry) => {
      if (!entry.isIntersecting) return;
      near.unobserve(entry.target);
      const widget = widgets.find((w) => w.out === entry.target);
      if (widget) drawSnapshot(widget);
    });
  }, { rootMargin: SNAPSHOT_AHEAD });
  widgets.forEach((w) => near.observe(w.out));
  addEventListener('beforeprint', () => widgets.forEach(drawSnapshot), { once: true });
}

// --- starting Python ---------------------------------------------------------------------------

// What the worker starts with: made by the page's head script (lite/crib_live.py, EARLY_WORKER).
function kernelOptions() {
  if (!window.cribLiveOptions) throw new Error('this page has no options for Python (its head script did not run)');
  return window.cribLiveOptions;
}

async function writeModules() {
  const files = Object.entries(config.modules || {});
  const texts = await Promise.all(files.map(([, path]) => fetch(site(path)).then((r) => {
    if (!r.ok) throw new Error(`${path}: HTTP ${r.status}`);
    return r.text();
  })));
  // The page's address, which a worker cannot see: a game table opens the shared position or the
  // tournament the page was opened with (crib_widgets.table.share.page_link reads it).
  // The learner's progress as this browser kept it ('' when none, or storage is blocked):
  // crib_widgets.lessons.kept reads it, and keepProgress saves what the widgets record.
  const lines = ['import os, sys', 'sys.path.insert(0, os.getcwd())',
    `os.environ["CRIB_PAGE_LINK"] = ${JSON.stringify(location.href)}`,
    `os.environ["CRIB_PROGRESS"] = ${JSON.stringify(keptForPython())}`,
    // the game tables' kept games (lib/kept_game.js): a reload brings a game back as it was
    `os.environ["CRIB_GAMES"] = ${JSON.stringify(keptGames())}`,
    // a link to a game with a friend (#friend=<code>): the table joins it (crib_widgets/table/friend_link.py)
    `os.environ["CRIB_FRIEND"] = ${JSON.stringify(friendCode(location.hash))}`];
  files.forEach(([name], i) => lines.push(`open(${JSON.stringify(name)}, "w").write(${JSON.stringify(texts[i])})`));
  const result = await kernel.run(lines.join('\n'));
  if (result.status !== 'ok') throw new Error(`cannot write the page's modules: ${result.error.evalue}`);
}

// --- the learner's progress, kept in this browser only ----------------------------------------
// Python cannot reach localStorage from its worker: it shows the progress's text in one hidden
// element of the live widgets (class crib-progress-out), and this saves it (lib/kept.js: storage
// full or blocked is said beside the widget; the next answer tries again). Nothing is sent.
let progressSaved = null;

function keepProgress() {
  document.querySelectorAll('.crib-live-view .crib-progress-out .crib-progress-text').forEach((el) => {
    const text = el.textContent;
    if (!text || text === progressSaved) return;
    progressSaved = text;
    sayBeside(el, saveKept(text, Boolean(el.dataset.damaged)));
  });
}

// Another tab of the book saved its progress: this page's Python takes those answers in (each
// once) and saves the union, so neither tab's save loses the other's (crib_widgets.lessons.kept).
function takeOtherTabs(event) {
  if (event.key !== PROGRESS_KEY || !event.newValue || !kernel) return;
  progressSaved = event.newValue;  // what storage holds now
  kernel.run('from crib_widgets.widgets.progress_link import take_saved\n'
    + `take_saved(${JSON.stringify(forPython(event.newValue))})`).catch(() => undefined);
}

// The page's Python worker, made as soon as the page has widgets (by the first lines of its head,
// lite/crib_live.py's EARLY_WORKER, else here): its script (a few kilobytes) then comes while the
// learner reads, and when a widget is reached Python's own files are asked for at once, not one
// round trip later. It does nothing until start() gives it its options.
let pythonWorker = null;
function makeWorker() {
  if (pythonWorker) return pythonWorker;
  pythonWorker = window.cribLiveWorker
    || new Worker(kernelOptions().worker, { type: 'module', name: JSON.stringify(kernelOptions()) });
  delete window.cribLiveWorker;
  pythonWorker.addEventListener('message', (event) => {
    if (event.data && typeof event.data._cribLiveProgress === 'number') {
      fetched = event.data._cribLiveProgress;
      if (config.bytes && fetched >= config.bytes * 0.98) runtimeWanted();
      widgets.forEach(showStatus);
    }
  });
  return pythonWorker;
}

function start() {
  if (starting) return starting;
  startedAt = performance.now();
  timings.start = startedAt;
  setState('starting');
  const tick = setInterval(() => (state === 'starting' ? widgets.forEach(showStatus) : clearInterval(tick)), 1000);
  starting = (async () => {
    // Python starts in its worker at once, while the widget runtime loads here: the two overlap.
    const options = kernelOptions();
    const worker = makeWorker();
    worker.postMessage({ _cribLiveBoot: options });
    if (!widgets.length) runtimeWanted();  // the page's own scripts asked for Python: they want it now
    setTimeout(runtimeWanted, RUNTIME_LATEST_MS);
    await runtimeCue;
    const [runtime] = await Promise.all([runtimeModule(), widgetStyles()]);
    timings.runtimeLoaded = performance.now();
    kernel = new runtime.LiveKernel(worker, options);
    await kernel.ready;
    timings.kernelReady = performance.now();
    timings.worker = kernel.workerTimings;
    await writeModules();
    // a game with a friend on the page: its transport (config.friend: _static/crib-friend.js with its
    // digest) is loaded then, and only then
    const friend = () => friendWhenPlayed(document, site(config.friend), window.cribLive);
    new MutationObserver(() => { keepProgress(); keepGames(); friend(); })
      .observe(document.body, { subtree: true, childList: true, characterData: true });
    addEventListener('storage', takeOtherTabs);
    setState('ready');
    readyResolve();
  })().catch((error) => {
    console.error('crib-live: Python could not start', error);
    setState('failed');
    readyReject(error);
    throw error;
  });
  starting.catch(() => undefined);
  starting.then(bringWidgetsAlive, () => undefined);
  return starting;
}

// --- the widgets of this page ------------------------------------------------------------------

function findWidgets() {
  const byModel = new Map((config.widgets || []).map((w) => [w.model_id, w]));
  document.querySelectorAll(`script[type="${WIDGET_VIEW}"]`).forEach((view) => {
    let id;
    try { id = JSON.parse(view.textContent).model_id; } catch (error) { return; }
    const spec = byModel.get(id);
    if (!spec) return;
    const out = view.parentElement;
    const widget = { spec, out, view, live: null, actions: [], refused: 0, badge: null, swapping: false,
      snapshot: null };
    out.classList.add('crib-live-output');
    out.dataset.cribLiveModel = id;
    out.setAttribute('aria-busy', 'true');
    const badge = document.createElement('div');
    badge.className = 'crib-live-badge';
    badge.setAttribute('role', 'status');
    badge.setAttribute('aria-live', 'polite');
    out.appendChild(badge);
    widget.badge = badge;
    listen(widget);
    widgets.push(widget);
    showStatus(widget);
  });
}

function snapshotOf(widget) {
  return widget.out.querySelector(':scope > .widget-subarea:not(.crib-live-view)');
}

// What identifies a control between the snapshot and the live widget: the same state draws the
// same controls, so tag, tooltip, label and rank among equals find the same one.
function keyOf(area, el) {
  const same = (c) => c.tagName === el.tagName && c.title === el.title && c.textContent.trim() === el.textContent.trim();
  const list = Array.from(area.querySelectorAll(CONTROLS)).filter(same);
  return { tag: el.tagName, title: el.title, text: el.textContent.trim(), nth: list.indexOf(el) };
}

function findByKey(area, key) {
  const list = Array.from(area.querySelectorAll(CONTROLS)).filter(
    (c) => c.tagName === key.tag && c.title === key.title && c.textContent.trim() === key.text);
  return list[key.nth] || null;
}

function listen(widget) {
  const out = widget.out;
  const wake = () => {
    // the badge of the widget the learner is using stays in sight (a tall widget on a phone
    // hides its top border): see .crib-live-near in crib_live.css
    widgets.forEach((w) => w.out.classList.toggle('crib-live-near', w === widget));
    if (startOn !== 'never') { start(); runtimeWanted(); }
  };
  ['pointerdown', 'keydown', 'focusin'].forEach((type) => out.addEventListener(type, wake, { capture: true, passive: true }));
  out.addEventListener('click', (event) => {
    if (widget.live && !widget.swapping) return;
    const area = snapshotOf(widget);
    const control = event.target.closest && event.target.closest(CONTROLS);
    if (!area || !control || !area.contains(control)) return;
    if (control.closest('.crib-voice')) return; // the counting voice needs no Python: it plays now
    if (control.tagName === 'INPUT' && /^(text|number|search)$/.test(control.type)) return; // typing is kept
    if (control.tagName === 'SELECT' || control.tagName === 'TEXTAREA') return;
    // The snapshot must not change on its own (a raised card Python never heard of): keep the
    // click for the live widget instead.
    event.preventDefault();
    event.stopImmediatePropagation();
    if (control.disabled) return;
    widget.actions.push({ kind: 'click', key: keyOf(area, control) });
    control.classList.add('crib-live-queued');
    wake();
    showStatus(widget);
  }, true);
  // Typing and choices in the snapshot are kept (the latest value of each control) and given to
  // the live widget; Enter in a text box is kept as a submit.
  const keep = (event) => {
    if (widget.live && !widget.swapping) return;
    const area = snapshotOf(widget);
    const control = event.target;
    if (!area || !area.contains(control) || !control.matches('select, input, textarea')) return;
    if (control.closest('.crib-voice')) return; // the voice's own switch and speed, not the widget's
    const key = keyOf(area, control);
    widget.actions = widget.actions.filter((a) => !(a.kind === 'value' && sameKey(a.key, key)));
    widget.actions.push({ kind: 'value', key, value: control.value });
    wake();
  };
  out.addEventListener('input', keep, true);
  out.addEventListener('change', keep, true);
  out.addEventListener('keydown', (event) => {
    if ((widget.live && !widget.swapping) || event.key !== 'Enter') return;
    const area = snapshotOf(widget);
    const control = event.target;
    if (!area || !area.contains(control) || !control.matches('input')) return;
    keep(event);
    widget.actions.push({ kind: 'submit', key: keyOf(area, control) });
    event.preventDefault();
    event.stopImmediatePropagation();
    showStatus(widget);
  }, true);
}

function sameKey(a, b) {
  return a.tag === b.tag && a.title === b.title && a.text === b.text && a.nth === b.nth;
}

function pending(widget) {
  return widget.actions.filter((a) => a.kind !== 'value').length;
}

function showStatus(widget) {
  const waiting = pending(widget);
  const clicks = (n) => (n === 1 ? '1 click' : `${n} clicks`);
  let text = '';
  if (widget.live && !widget.swapping) {
    text = widget.refused ? `${clicks(widget.refused)} could not be replayed: please click again` : '';
  } else if (state === 'failed') {
    text = 'Python could not start';
  } else if (state === 'waiting') {
    text = 'Python starts when you use this widget';
  } else {
    const total = config.bytes || 0;
    const mb = (n) => (n / 1e6).toFixed(1);
    text = (fetched && total && fetched < total * 0.98
      ? `Fetching Python: ${mb(fetched)} of ${mb(total)} MB`
      : `Starting Python… ${seconds()} s`) + (waiting ? ` · ${clicks(waiting)} kept` : '');
  }
  // Written only when they change: this runs every second for every widget of the page while
  // Python starts, and each write makes the browser lay the page out again.
  if (widget.badge.textContent !== text) widget.badge.textContent = text;
  if (widget.badge.hidden !== !text) widget.badge.hidden = !text;
  widget.out.classList.toggle('crib-live-failed', state === 'failed');
  const area = snapshotOf(widget);
  const note = area && !widget.live && area.querySelector('.crib-status > .crib-note');
  if (note) {
    const says = state === 'failed'
      ? 'Python could not start in this browser, so the buttons cannot answer; "Open as a notebook" at the top of the page shows why.'
      : 'Python is starting in this page: you can click already, each click is kept and answered as soon as it is ready.';
    if (note.textContent !== says) note.textContent = says;
  }
}

const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()));

async function settle() {
  await new Promise((resolve) => setTimeout(resolve, 0));
  await kernel._comms;
  await frame();
}

async function bringAlive(widget) {
  const t0 = performance.now();
  let result = null;
  for (const code of widget.spec.code) {
    result = await kernel.run(code);
    if (result.status !== 'ok') throw new Error(`${result.error.ename}: ${result.error.evalue}`);
  }
  const executed = performance.now();
  const data = result && result.outputs.find((d) => d[WIDGET_VIEW]);
  if (!data) throw new Error('the cell made no widget');
  const live = document.createElement('div');
  live.className = 'widget-subarea crib-live-view crib-live-hidden';
  widget.out.insertBefore(live, widget.out.firstChild);
  await kernel.display(data, live);
  const displayed = performance.now();
  await frame();
  await frame();
  await countSaid(widget);
  // swap: the snapshot goes, the live widget takes its place (same state, same size)
  widget.swapping = true;
  const snapshot = snapshotOf(widget);
  const focused = snapshot && snapshot.contains(document.activeElement) ? keyOf(snapshot, document.activeElement) : null;
  const note = live.querySelector('.crib-status > .crib-note');
  const oldNote = snapshot && snapshot.querySelector('.crib-status > .crib-note');
  if (note) {
    note.textContent = 'Live: Python is running in this page.';
    if (oldNote) note.style.minHeight = `${oldNote.getBoundingClientRect().height}px`; // no jump
  }
  const before = widget.out.getBoundingClientRect().height;
  if (snapshot) snapshot.remove();
  live.classList.remove('crib-live-hidden');
  const shift = widget.out.getBoundingClientRect().height - before;
  widget.live = live;
  widget.out.removeAttribute('aria-busy');
  widget.out.classList.add('crib-live-on');
  if (focused) { const el = findByKey(live, focused); if (el) el.focus(); }
  timings[widget.spec.model_id] = { ran: t0, executed, displayed, drawn: performance.now(), shift };
  await replay(widget);
  timings[widget.spec.model_id].replayed = performance.now();
  widget.swapping = false;
  showStatus(widget);
}

// A count being said on the snapshot (the voice needs no Python) is heard to its end before the
// live widget takes the snapshot's place; clicks meanwhile are kept as before.
async function countSaid(widget) {
  const limit = performance.now() + 60000;
  for (;;) {
    const snapshot = snapshotOf(widget);
    if (!snapshot || !snapshot.querySelector('.crib-voice-playing') || performance.now() > limit) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

// The live widget's views are drawn a task at a time (main_thread.js), so a control a kept tap
// names may not be there yet when the replay starts, above all on a busy phone: wait for it (and for
// it to be enabled) a little before saying the tap could not be replayed.
const REPLAY_WAIT_MS = 8000;

async function drawnByKey(area, key) {
  const until = performance.now() + REPLAY_WAIT_MS;
  for (;;) {
    const el = findByKey(area, key);
    if ((el && !el.disabled) || performance.now() > until) return el;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function replay(widget) {
  while (widget.actions.length) {
    const action = widget.actions.shift();
    const el = await drawnByKey(widget.live, action.key);
    if (!el || el.disabled) { widget.refused += action.kind === 'value' ? 0 : 1; continue; }
    if (action.kind === 'click') {
      el.click();
    } else if (action.kind === 'submit') {
      el.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', code: 'Enter', keyCode: 13, bubbles: true }));
      el.dispatchEvent(new KeyboardEvent('keypress', { key: 'Enter', code: 'Enter', keyCode: 13, bubbles: true }));
    } else {
      el.value = action.value;
      el.dispatchEvent(new Event('input', { bubbles: true }));
      el.dispatchEvent(new Event('change', { bubbles: true }));
    }
    await settle();
    showStatus(widget);
  }
}

// A live widget waits for its snapshot (asked for now, if its widget was never near), so that the
// snapshot is never drawn beside it; if none is drawn within SNAPSHOT_WAIT_MS of the drawing's end
// (embed.js, the fallback, could not be fetched), it goes on without.
const SNAPSHOT_WAIT_MS = 3000;
const NEAR_PX = 200;  // a widget this close below the screen starts Python: it is about to be seen

function snapshotDrawn(widget) {
  const drawn = () => { const area = snapshotOf(widget); return area && area.childElementCount > 0; };
  const drawing = drawSnapshot(widget);
  if (drawn()) return Promise.resolve();
  return new Promise((resolve) => {
    const watch = new MutationObserver(() => { if (drawn()) done(); });
    const done = () => { watch.disconnect(); resolve(); };
    watch.observe(widget.out, { childList: true, subtree: true });
    drawing.then(() => (drawn() ? done() : setTimeout(done, SNAPSHOT_WAIT_MS)));
  });
}

async function bringWidgetsAlive() {
  // the widget in view (or touched) first, then the others in page order
  const order = widgets.slice().sort((a, b) => near(b, 0) - near(a, 0) || pending(b) - pending(a));
  for (const widget of order) {
    try {
      await snapshotDrawn(widget);
      await bringAlive(widget);
    } catch (error) {
      console.error('crib-live: a widget could not come alive', error);
      widget.badge.textContent = `This widget could not start (${error.message}).`;
      widget.badge.hidden = false;
    }
  }
  timings.allLive = performance.now();
  document.dispatchEvent(new CustomEvent('crib-live:alive', { detail: { seconds: seconds() } }));
}

// On screen, or at most `below` pixels under it.
function near(widget, below = NEAR_PX) {
  const box = widget.out.getBoundingClientRect();
  return box.bottom > 0 && box.top < innerHeight + below;
}

// --- the hook for other code on the page -------------------------------------------------------

async function run(code) {
  await start();
  const result = await kernel.run(code);
  return { status: result.status, stdout: result.stdout, stderr: result.stderr, data: result.data, error: result.error ? { ename: result.error.ename, evalue: result.error.evalue } : null };
}

async function display(code, element) {
  await start();
  const result = await kernel.run(code);
  if (result.data) await kernel.display(result.outputs.find((d) => d[WIDGET_VIEW]) || result.data, element);
  return { status: result.status, stdout: result.stdout, stderr: result.stderr, data: result.data, error: result.error ? { ename: result.error.ename, evalue: result.error.evalue } : null };
}

window.cribLive = {
  start: () => start().then(() => undefined),
  ready,
  run,
  display,
  get state() { return state; },
  timings,
};

function init() {
  findWidgets();
  showJoining(widgets, location.hash);
  if (widgets.length) drawSnapshotsNear();
  if (widgets.length && startOn !== 'never') makeWorker();
  if (!widgets.length || startOn !== 'view') return;  // 'never': the static page alone
  // Python is already in this browser (an earlier page fetched it ahead): starting costs no byte,
  // only a second of the worker's time, so it starts at once and is ready when the learner gets
  // to the widget. Otherwise it waits until a widget is near, so that a learner who only reads
  // never downloads it. What the service worker said is read at once (lib/held.js): asking the
  // cache would answer only after the page's other scripts and the snapshots' drawing.
  const files = [config.worker, config.runtime, config.stdlib, config.packages, config.snapshot];
  // A friend's link (#friend=): the friend came to play, and their table joins the game by itself
  // once Python runs, wherever it is on the page, so Python starts at once.
  if (saidHeld(files.filter(Boolean).map(site)) || friendCode(location.hash)) {
    start();
    return;
  }
  // A widget already in view is reported by the observer's first look, after the page's first
  // layout (asking for its place now would lay the page out in this task, before its first paint).
  if (!('IntersectionObserver' in window)) {
    if (widgets.some((w) => near(w))) start();
  } else {
    const seen = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) { seen.disconnect(); start(); }
    }, { rootMargin: `0px 0px ${NEAR_PX}px 0px` });
    widgets.forEach((w) => seen.observe(w.out));
  }
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', init);
else init();
