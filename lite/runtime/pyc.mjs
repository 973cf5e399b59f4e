// Compiles a zip of Python modules into the same zip of sourceless .pyc files (pyc_compile.py) with
// the site's own Pyodide, so that the bytecode is for its Python: the in-place pages' trimmed standard
// library, and their packages without docstrings (lite/README.md, "What a widget page fetches").
// Python then unmarshals each module instead of compiling its source when a page starts it from
// scratch: the start takes a third of the time.
//   node pyc.mjs < job.json   with {"pyodide": DIR, "in": ZIP, "out": ZIP, "docstrings": BOOL}
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const job = JSON.parse(fs.readFileSync(0, 'utf8'));
const indexURL = job.pyodide.endsWith('/') ? job.pyodide : `${job.pyodide}/`;
const { loadPyodide } = await import(pathToFileURL(path.join(indexURL, 'pyodide.mjs')).href);
const pyodide = await loadPyodide({ indexURL, args: [] });
pyodide.FS.writeFile('/tmp/in.zip', new Uint8Array(fs.readFileSync(job.in)));
pyodide.runPython(fs.readFileSync(new URL('./pyc_compile.py', import.meta.url), 'utf8'));
pyodide.globals.get('compile_zip')('/tmp/in.zip', '/tmp/out.zip', job.docstrings !== false);
fs.writeFileSync(job.out, pyodide.FS.readFile('/tmp/out.zip'));
