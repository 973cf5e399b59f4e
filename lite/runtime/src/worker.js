// The in-place pages' Python: a Web Worker running the site's Pyodide with crib_widgets and what
// ipywidgets needs, and crib_live_kernel.py, which carries the widget protocol (lite/README.md).
//
// It speaks the few calls of a Jupyter kernel that runtime.js uses (initialize, execute, commOpen,
// commMsg, commClose, commInfo), over comlink; Python's messages reach the page as
// `{_kernelMessage: {type, ...}}` posts, the shape JupyterLite's own Pyodide worker uses.
import { expose } from 'comlink';
import kernelSource from './crib_live_kernel.py';
import laterSource from './later_library.py';
import { roomForSnapshot } from './snapshot_memory.mjs';
import { isZstd, plainStream, zipFiles } from './zip_stream.mjs';

const HOME = '/crib_live';  // where the kernel module lives, apart from the learner's files
let pyodide = null;
let kernel = null;

function post(message) {
  postMessage({ _kernelMessage: message });
}

// Python calls this for each message: kind, its JSON, and its binary buffers (a list of bytes).
function send(kind, payload, buffers) {
  const message = JSON.parse(payload);
  message.type = kind;
  message.buffers = buffers.toJs();
  post(message);
}

function stream(name) {
  return { batched: (text) => post({ type: 'stream', bundle: { name, text: `${text}\n` } }) };
}

// seconds since the worker started (its clock's origin given, so that the page can put them on its
// own), for lite/README.md's "Starting faster"
const timings = { origin: performance.timeOrigin };
const stamp = (what) => { timings[what] = Math.round(performance.now()) / 1000; };

// `packed` unpacked, if it is gzip or Zstandard (the book's service worker keeps it unpacked; a host
// may have unzipped a gzip already, sending it with Content-Encoding: gzip): its length unpacked
// and its bytes to come.
async function unpack(packed) {
  if (isZstd(packed)) {
    const plain = new Uint8Array(await new Response(await plainStream(new Blob([packed]).stream())).arrayBuffer());
    return { length: plain.length, bytes: Promise.resolve(plain) };
  }
  if (packed[0] !== 0x1f || packed[1] !== 0x8b) return { length: packed.length, bytes: Promise.resolve(packed) };
  // gzip ends with the unpacked length (modulo 2^32: these files are far smaller)
  const length = new DataView(packed.buffer, packed.byteOffset + packed.length - 4).getUint32(0, true);
  const plain = new Blob([packed]).stream().pipeThrough(new DecompressionStream('gzip'));
  return { length, bytes: new Response(plain).arrayBuffer().then((buffer) => new Uint8Array(buffer)) };
}

// The build's snapshot (lite/runtime/snapshot.mjs), but only when this browser already holds it
// (fetched ahead into the book's service worker's cache, lite/README.md): on a first visit Python
// starts from scratch rather than wait for 5 MB more. Null when it is not held; else its length
// and its bytes to come, unpacked while Pyodide's own files load and its WebAssembly compiles.
// Asked of the Cache API itself, so that "not held" costs no request at all.
async function heldSnapshot(url) {
  if (!url || !self.caches) return null;
  try {
    const response = await caches.match(url);
    if (!response || !response.ok) return null;
    const snapshot = await unpack(new Uint8Array(await response.arrayBuffer()));
    snapshot.bytes.catch(() => undefined);  // a damaged file fails loadPyodide, which starts from scratch then
    return snapshot;
  } catch (error) {
    return null;  // not held (or storage refused): start from scratch
  }
}

// Real progress for the page's badge ("Fetching Python: 6.1 of 11.0 MB"): every fetch of the worker
// (Pyodide's WebAssembly, the standard library, the packages) is counted as its bytes arrive. A clone
// is read for the count and the response itself handed on untouched: a response made anew has no
// URL, and the browser keeps the compiled WebAssembly only for one that has (its code cache).
const progress = { done: 0, posted: 0 };
const realFetch = self.fetch.bind(self);

// URL -> what is known of its fetch: when it was asked for, when its first byte came, the bytes
// so far, its size unpacked (when the page knows it), and the promises waiting on it.
const files = new Map();
function file(url) {
  const href = new URL(url, self.location.href).href;
  if (!files.has(href)) {
    const entry = { asked: 0, first: 0, received: 0, size: 0, waiting: [] };
    entry.arrived = new Promise((resolve) => { entry.settle = resolve; });
    files.set(href, entry);
  }
  return files.get(href);
}

// The time a new request takes to start arriving: the shortest wait for a first byte among this
// worker's fetches (a file that waited behind others, or for a host compressing it whole, would
// say too long).
function shortestWait() {
  let shortest = Infinity;
  for (const entry of files.values()) {
    if (entry.first) shortest = Math.min(shortest, entry.first - entry.asked);
  }
  return shortest;
}

// Will its last byte come within that wait, judged from its rate so far? Then a request made now
// starts using the link as this one leaves it. The rate is trusted only after half a second of
// bytes (and twice that wait): the first chunks come in a burst.
function nearlyIn(entry) {
  const wait = shortestWait();
  const elapsed = performance.now() - entry.first;
  if (!entry.size || !entry.received || elapsed < Math.max(500, 2 * wait)) return false;
  const rate = entry.received / elapsed;
  return (entry.size - entry.received) / rate <= wait + 100;
}

function checkWaiting(entry) {
  if (!entry.waiting.length || !nearlyIn(entry)) return;
  entry.waiting.forEach((resolve) => resolve());
  entry.waiting = [];
}

/** Settled once `url` has arrived, or will within a new request's wait (`size`: its bytes unpacked). */
function nearlyArrived(url, size) {
  const entry = file(url);
  entry.size = entry.size || size || 0;
  return Promise.race([entry.arrived, new Promise((resolve) => {
    entry.waiting.push(resolve);
    checkWaiting(entry);
  })]);
}

async function count(body, entry) {
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    progress.done += value.byteLength;
    entry.first = entry.first || performance.now();
    entry.received += value.byteLength;
    checkWaiting(entry);
    const now = performance.now();
    if (now - progress.posted > 100) { progress.posted = now; postMessage({ _cribLiveProgress: progress.done }); }
  }
  postMessage({ _cribLiveProgress: progress.done });
}

// URL -> its fetch, started by `fetchEarly` before Pyodide asks for it (then handed to Pyodide)
const early = new Map();

// Pyodide's own requests: the standard library is a zip the build packs whole (lite/live_python.py,
// `packed`), handed on unpacked; the WebAssembly is asked for as the build packs it too
// (`fetchEarly`): handed on unpacked, as WebAssembly, unless it comes so already (the book's
// service worker keeps it unpacked), then as the response itself, whose address lets the browser
// keep its compiled code. Anything else is the response itself.
self.fetch = (input, init) => {
  const url = typeof input === 'string' || input instanceof URL ? String(input) : input.url;
  const href = new URL(url, self.location.href).href;
  const started = early.get(href) || countedFetch(url, input, init);
  early.delete(href);
  const path = new URL(href).pathname;
  if (path.endsWith('.wasm')) return started.then(wasmOf);
  return started.then((response) => (/\.(gz|zst)$/.test(path) ? wholeZip(response) : response));
};

async function wholeZip(response) {
  if (!response.ok) return response;
  return new Response(await plainStream(response.body), { status: 200, headers: { 'Content-Type': 'application/zip' } });
}

async function wasmOf(response) {
  if (!response.ok || /^application\/wasm\b/.test(response.headers.get('Content-Type') || '')) return response;
  const unpacked = (await plainStream(response.body)).pipeThrough(new TransformStream({
    flush() { stamp('wasm unpacked'); },
  }));
  return new Response(unpacked, { status: 200, headers: { 'Content-Type': 'application/wasm' } });
}

/**
 * Ask for Python's own files as the worker starts: Pyodide would ask for them only once its loader
 * (pyodide.mjs) has come, one round trip later, while the link stands idle. Its own request for
 * the same address then gets this response (the very one: the browser keeps its compiled code).
 */
function fetchEarly(wanted) {
  for (const [asked, url] of wanted) {
    const started = countedFetch(url, url);
    started.catch(() => undefined);  // Pyodide's own request then fails, and says why
    early.set(new URL(asked, self.location.href).href, started);
  }
}

async function countedFetch(url, input, init) {
  const entry = file(url);
  entry.asked = performance.now();
  try {
    const response = await realFetch(input, init);
    const counted = response.body ? count(response.clone().body, entry).catch(() => undefined) : Promise.resolve();
    counted.then(() => { stamp(`${url.split('/').pop()} in`); entry.settle(); });
    return response;
  } catch (error) {
    entry.settle();
    throw error;
  }
}

async function startPyodide(options) {
  const [{ loadPyodide }, snapshot] = await Promise.all([download(options).loader, heldSnapshot(options.snapshot)]);
  stamp('pyodide module and snapshot');
  const base = { indexURL: options.indexUrl, stdLibURL: options.stdlib, lockFileContents: options.lock };
  if (snapshot) {
    const undo = roomForSnapshot(snapshot.length);
    try {
      const restored = await loadPyodide({ ...base, _loadSnapshot: snapshot.bytes });
      timings.from = 'snapshot';
      return restored;
    } catch (error) {  // e.g. made for another Pyodide build: start the long way
      console.warn('crib-live: the snapshot does not fit, Python starts from scratch', error);
      timings.refused = String(error).slice(0, 300);  // shown by the site test when it fails
    } finally {
      undo();
    }
  }
  timings.from = 'scratch';
  return loadPyodide(base);
}

// One of the worker's own Python modules, written into HOME and imported.
function homeModule(name, source) {
  pyodide.FS.mkdirTree(HOME);
  pyodide.FS.writeFile(`${HOME}/${name}.py`, source);
  pyodide.runPython(`import sys\nif ${JSON.stringify(HOME)} not in sys.path: sys.path.append(${JSON.stringify(HOME)})`);
  return pyodide.pyimport(name);
}

// The rest of the standard library, fetched when one of its modules is first imported
// (later_library.py): from now on, before anything is imported from the packages.
function installLater(options) {
  if (options.later) homeModule('later_library', laterSource).install(options.later, pyodide.toPy(options.laterModules || []));
}

function installKernel() {
  kernel = homeModule('crib_live_kernel', kernelSource);
  kernel.install(send);
}

// The packages written into site-packages (as snapshot.mjs did: the modules it imported find their
// files there again) file by file as they come. The build puts the libraries first and the book's
// own package last (`first.before`): once its first file comes, the kernel is installed and
// `first.module` (ipywidgets, which every widget's cell imports first) is imported while the book's
// package still comes down.
// Restored from a snapshot, the modules it had imported are in Python's memory already: their
// compiled files are not written again (most of the zip: the snapshot imports every module of the
// book's package), only the others and the data files (0.1-0.2 s of a warm start).
async function unpackPackages(response, extractDir, first, fresh) {
  if (!response.ok) throw new Error(`${response.url}: HTTP ${response.status}`);
  const folders = new Set();
  const loaded = new Set(fresh ? [] : pyodide.runPython(
    "import sys\n[f for f in (getattr(m, '__file__', None) for m in list(sys.modules.values())) if f]").toJs());
  for await (const { name, bytes } of zipFiles(await plainStream(response.body))) {
    if (!kernel && first && name.startsWith(first.before)) {
      installKernel();
      if (fresh) {  // restored from a snapshot, Python has imported it already
        pyodide.runPython(`import ${first.module}`);
        stamp(`${first.module} imported`);
      }
    }
    const path = `${extractDir}/${name}`;
    if (loaded.has(path)) continue;
    const folder = path.slice(0, path.lastIndexOf('/'));
    if (!folders.has(folder)) pyodide.FS.mkdirTree(folder);
    folders.add(folder);
    pyodide.FS.writeFile(path, bytes);
  }
  if (!kernel) installKernel();
}

// Python's files, asked for once (options: pyodideUrl, indexUrl, wasm, stdlib, packages, sizes).
// On a phone network the files share one narrow link: the packages are asked for only as the
// WebAssembly and the standard library are about to be in (or Python has started without them), so
// that those two, all Python's start needs, come first, and the packages come down while it starts.
// Not once they are in: by then Python's start holds this thread, and the request would wait for it.
// Pyodide's loader and its JavaScript half (pyodide.asm.mjs, which the loader would ask for only
// once it runs, a round trip later) are imported at once beside them.
let downloads = null;
let pythonStarting;
const pythonStarted = new Promise((resolve) => { pythonStarting = resolve; });

function download(options) {
  if (downloads) return downloads;
  const wasm = `${options.indexUrl}pyodide.asm.wasm`;
  fetchEarly([[wasm, options.wasm || wasm], [options.stdlib, options.stdlib]]);
  const loader = import(options.pyodideUrl);
  const script = import(`${options.indexUrl}pyodide.asm.mjs`);
  script.catch(() => undefined);  // Pyodide's own import then fails, and says why
  const sizes = options.sizes || {};
  const needed = Promise.all([nearlyArrived(options.wasm || wasm, sizes.wasm), nearlyArrived(options.stdlib, sizes.stdlib)]);
  const packages = Promise.race([needed, pythonStarted])
    .then(() => countedFetch(options.packages, options.packages));
  packages.catch(() => undefined);  // awaited by boot, once Python has started
  downloads = { loader, packages };
  return downloads;
}

// Start Pyodide and unpack the site's packages (fetched while it starts); options: pyodideUrl,
// indexUrl, wasm, stdlib, later, laterModules, lock, packages, first, snapshot.
async function boot(options) {
  const { packages } = download(options);
  const starting = startPyodide(options);
  starting.finally(pythonStarting).catch(() => undefined);
  pyodide = await starting;
  stamp('pyodide started');
  pyodide.setStdout(stream('stdout'));
  pyodide.setStderr(stream('stderr'));
  installLater(options);
  const extractDir = pyodide.runPython("import sysconfig; sysconfig.get_path('purelib')");
  await unpackPackages(await packages, extractDir, options.first, timings.from === 'scratch');
  stamp('packages unpacked');
  // From scratch, nothing more is imported here: each widget's cell imports what it needs (a
  // counting trainer never loads the teachers' exercises, 0.3 s of CPU saved).
  stamp('kernel ready');
}

// The page makes this worker as its head is read (lite/crib_live.py, EARLY_WORKER), its options in
// the worker's name, and sends {_cribLiveBoot: options} when the learner reaches a widget: Python
// starts then, while the page is still loading the widget runtime, and initialize() only waits for
// it. The message is not comlink's: no other listener sees it. On a page with widgets
// (`startIfHeld`) whose Python the browser already holds (its snapshot fetched ahead), Python
// starts at once instead, as the page is still loading: it costs no byte.
// On a page with widgets whose Python the browser does not hold, its files are asked for as soon as
// the page has painted (its head script says `_cribLiveFetch`, lite/live_pages.py, EARLY_WORKER),
// unless the learner asked to save data: a first visit's Python comes down while the page loads,
// not from when its first widget is reached (Python's files were asked for 1.2-1.5 s after chapter
// 04 was opened on Fast 4G, once the page's scripts had run), and Python itself starts only when a
// widget is reached, as before. The bytes are those the page's Python would fetch anyway, and the
// book's service worker fetches them ahead on every chapter. Not before the first paint: what the
// paint needs comes first (and Lighthouse counts a request made before it against the paint).
let booting = null;
const named = self.name ? JSON.parse(self.name) : null;
const saveData = Boolean(self.navigator && navigator.connection && navigator.connection.saveData);
let fetchWanted = false;
let holdChecked = false;
function fetchIfWanted() {
  if (fetchWanted && holdChecked && !booting && !saveData && named) download(named);
}
if (named && named.startIfHeld) {
  const held = self.caches ? caches.match(named.snapshot).catch(() => null) : Promise.resolve(null);
  held.then((response) => {
    holdChecked = true;
    if (response && response.ok) {
      booting = booting || boot(named);
      booting.catch(() => undefined);  // initialize() reports it
    } else {
      fetchIfWanted();
    }
  });
}
self.addEventListener('message', (event) => {
  if (event.data && event.data._cribLiveFetch) {
    event.stopImmediatePropagation();
    fetchWanted = true;
    fetchIfWanted();
    return;
  }
  const options = event.data && event.data._cribLiveBoot;
  if (!options) return;
  event.stopImmediatePropagation();
  booting = booting || boot(options);
  booting.catch(() => undefined);  // initialize() reports it
});

const remote = {
  async initialize(options) {
    booting = booting || boot(options);
    await booting;
    return timings;
  },

  async execute(content) {
    const status = await kernel.execute(content.code, pyodide.globals);
    return { status };
  },

  async commInfo(content) {
    return { status: 'ok', comms: JSON.parse(kernel.comm_info(content.target_name)) };
  },

  async commOpen(msg) { receive('comm_open', msg); },
  async commMsg(msg) { receive('comm_msg', msg); },
  async commClose(msg) { receive('comm_close', msg); },
};

function receive(kind, msg) {
  const { content, metadata, header } = msg;
  const buffers = (msg.buffers || []).map((b) => new Uint8Array(ArrayBuffer.isView(b) ? b.buffer : b));
  kernel.receive(kind, JSON.stringify({ content, metadata: metadata || {}, header }), buffers);
}

expose(remote);
