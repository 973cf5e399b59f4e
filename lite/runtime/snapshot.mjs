// Makes the in-place pages' Python snapshot (lite/README.md, "Starting faster"): Pyodide started,
// crib_widgets and ipywidgets imported, the memory saved, gzipped. A page's worker restores it
// instead of starting Python and importing everything again (about 2-3 s saved on each page).
//
// Run by lite/crib_live.py during the build, with Node (npm is needed for the bundle anyway):
//   node snapshot.mjs PYODIDE_DIR KERNEL_PY OUT_FILE MODULES WHEEL...
// MODULES is a comma-separated list of modules to import before the snapshot is taken.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';

const [pyodideDir, kernelPy, outFile, modules, ...wheels] = process.argv.slice(2);
if (!wheels.length) {
  console.error('usage: node snapshot.mjs PYODIDE_DIR KERNEL_PY OUT_FILE MODULES WHEEL...');
  process.exit(2);
}
const indexURL = pyodideDir.endsWith('/') ? pyodideDir : `${pyodideDir}/`;
const { loadPyodide } = await import(pathToFileURL(path.join(indexURL, 'pyodide.mjs')).href);
const pyodide = await loadPyodide({ indexURL, _makeSnapshot: true });
const extractDir = pyodide.runPython("import sysconfig; sysconfig.get_path('purelib')");
wheels.forEach((wheel) => pyodide.unpackArchive(new Uint8Array(fs.readFileSync(wheel)), 'wheel', { extractDir }));
// The same place and the same steps as worker.js, so the restored Python finds what it expects.
pyodide.FS.mkdirTree('/crib_live');
pyodide.FS.writeFile('/crib_live/crib_live_kernel.py', fs.readFileSync(kernelPy, 'utf8'));
pyodide.runPython([
  'import sys', "sys.path.append('/crib_live')", 'import crib_live_kernel',
  'crib_live_kernel.install(None)', ...modules.split(',').map((m) => `import ${m}`),
].join('\n'));
const snapshot = pyodide.makeMemorySnapshot();
fs.writeFileSync(outFile, zlib.gzipSync(snapshot, { level: 9 }));
console.log(`${outFile}: ${(snapshot.length / 1e6).toFixed(1)} MB of memory`);
