// Which files of Python's standard library the in-place pages' Python needs (lite/README.md, "What
// a widget page fetches"): Pyodide started with its whole standard library, the site's packages
// unpacked, the kernel and the modules a page starts with imported (`start`, and the `warm` lines
// run), then every other module the build names; prints the members of python_stdlib.zip that
// were loaded by then ("start") and in all ("files"), as JSON. lite/live_python.py keeps only those,
// the first in the library a page fetches, the others in the one fetched when first imported.
//   node stdlib.mjs < job.json   with {"pyodide": DIR, "kernel": PY_FILE, "packages": ZIP,
//                                      "start": [...], "warm": [...], "modules": [...]}
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const job = JSON.parse(fs.readFileSync(0, 'utf8'));
const indexURL = job.pyodide.endsWith('/') ? job.pyodide : `${job.pyodide}/`;
const { loadPyodide } = await import(pathToFileURL(path.join(indexURL, 'pyodide.mjs')).href);
const pyodide = await loadPyodide({ indexURL, args: [] });
const extractDir = pyodide.runPython("import sysconfig; sysconfig.get_path('purelib')");
pyodide.unpackArchive(new Uint8Array(fs.readFileSync(job.packages)), 'zip', { extractDir });
pyodide.FS.mkdirTree('/crib_live');
pyodide.FS.writeFile('/crib_live/crib_live_kernel.py', fs.readFileSync(job.kernel, 'utf8'));
pyodide.globals.set('start', pyodide.toPy(job.start || []));
pyodide.globals.set('wanted', pyodide.toPy(job.modules));
pyodide.runPython([
  'import importlib, json, sys', "sys.path.append('/crib_live')", 'import crib_live_kernel',
  'crib_live_kernel.install(None)', 'for name in start: importlib.import_module(name)', ...(job.warm || []),
].join('\n'));
console.log(pyodide.runPython(`
def loaded():
    origin = json.__spec__.origin  # /lib/python3NN.zip/json/__init__.py
    prefix = origin[:origin.index('.zip/') + 5]
    files = set()
    for module in list(sys.modules.values()):
        origin = getattr(getattr(module, '__spec__', None), 'origin', None) or ''
        if origin.startswith(prefix):
            files.add(origin[len(prefix):])
    return files

at_start = loaded()
for name in wanted:
    try:
        importlib.import_module(name)
    except Exception:  # named in code that never runs here (another platform, an optional extra)
        pass
json.dumps({'start': sorted(at_start), 'files': sorted(loaded() | at_start)})
`));
