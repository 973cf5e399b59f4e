// Makes the in-place pages' Python snapshot (lite/README.md, "Starting faster"): Pyodide started
// with the site's trimmed standard library, the site's packages unpacked, crib_widgets and
// ipywidgets imported, the memory saved, gzipped. A page's worker restores it instead of starting
// Python and importing everything again, when the browser already holds it (fetched ahead).
//
// Run by lite/live_python.py during the build, with Node (npm is needed for the bundle anyway):
//   node snapshot.mjs < job.json
// where job.json is {"pyodide": DIR, "stdlib": ZIP, "kernel": PY_FILE, "out": FILE, "modules": [...],
// "packages": ZIP, "warm": [Python lines run after the imports]}. The job comes on stdin, not as arguments, and the script's own path is taken
// out of Python's environment: nothing of the build machine (its paths) is kept in the snapshot.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import { roomForSnapshot } from './src/snapshot_memory.mjs';

const job = JSON.parse(fs.readFileSync(0, 'utf8'));
const { pyodide: pyodideDir, kernel: kernelPy, out: outFile, modules } = job;
const indexURL = pyodideDir.endsWith('/') ? pyodideDir : `${pyodideDir}/`;
const { loadPyodide } = await import(pathToFileURL(path.join(indexURL, 'pyodide.mjs')).href);
const pyodide = await loadPyodide({ indexURL, stdLibURL: job.stdlib, _makeSnapshot: true, args: [] });
const extractDir = pyodide.runPython("import sysconfig; sysconfig.get_path('purelib')");
pyodide.unpackArchive(new Uint8Array(fs.readFileSync(job.packages)), 'zip', { extractDir });
// The same place and the same steps as worker.js, so the restored Python finds what it expects.
pyodide.FS.mkdirTree('/crib_live');
pyodide.FS.writeFile('/crib_live/crib_live_kernel.py', fs.readFileSync(kernelPy, 'utf8'));
pyodide.runPython([
  'import sys', "sys.path.append('/crib_live')", 'import crib_live_kernel',
  'crib_live_kernel.install(None)', ...modules.map((m) => `import ${m}`),
  ...(job.warm || []),
  'import os', "os.environ.pop('_', None)",
].join('\n'));
const snapshot = pyodide.makeMemorySnapshot();

// The worker restores it as this does: a snapshot that cannot be restored is a failed build, not a
// page that quietly starts the long way.
const undo = roomForSnapshot(snapshot.length);
const restored = await loadPyodide({ indexURL, stdLibURL: job.stdlib, _loadSnapshot: snapshot, args: [] });
undo();
const missing = restored.runPython(`import sys; [m for m in ${JSON.stringify(modules)} if m not in sys.modules]`);
if (missing.length) throw new Error(`the restored snapshot lacks ${missing.toJs().join(', ')}`);
fs.writeFileSync(outFile, zlib.gzipSync(snapshot, { level: 9 }));
console.log(`${outFile}: ${(snapshot.length / 1e6).toFixed(1)} MB of memory`);
