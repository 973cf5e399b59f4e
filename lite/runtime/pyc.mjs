// Compiles a zip of Python modules into the same zip of sourceless .pyc files, with the site's own
// Pyodide (so the bytecode is for its Python), for the in-place pages' trimmed standard library
// (lite/README.md, "What a widget page fetches"). Python then unmarshals each module instead of
// compiling its source when a page starts it from scratch: the start takes a third of the time.
// Line tables are cut to one line per function (its `def` line): a traceback still names the
// function, warnings still get a line number, and the zip grows by 0.3 MB instead of 0.9.
// With "docstrings": false (the site's packages), docstrings are left out too, as `python -OO`
// would (asserts stay): the pages never show them, and the zip is 0.15 MB smaller.
//   node pyc.mjs < job.json   with {"pyodide": DIR, "in": ZIP, "out": ZIP, "docstrings": BOOL}
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const job = JSON.parse(fs.readFileSync(0, 'utf8'));
const indexURL = job.pyodide.endsWith('/') ? job.pyodide : `${job.pyodide}/`;
const { loadPyodide } = await import(pathToFileURL(path.join(indexURL, 'pyodide.mjs')).href);
const pyodide = await loadPyodide({ indexURL, args: [] });
pyodide.FS.writeFile('/tmp/in.zip', new Uint8Array(fs.readFileSync(job.in)));
pyodide.globals.set('KEEP_DOCSTRINGS', job.docstrings !== false);
pyodide.runPython(`
import ast, importlib.util, marshal, zipfile

DOCUMENTED = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)

def without_docstrings(source, name):
    tree = ast.parse(source, name)
    for node in ast.walk(tree):
        body = getattr(node, 'body', None)
        if isinstance(node, DOCUMENTED) and body and isinstance(body[0], ast.Expr) \\
                and isinstance(body[0].value, ast.Constant) and isinstance(body[0].value.value, str):
            node.body = body[1:] or [ast.Pass(lineno=body[0].lineno, col_offset=0)]
    return tree

def def_lines_only(code):
    """code with every instruction placed on its first line: location entries of kind 13 ('no
    column info', line delta 0), each covering up to 8 code units."""
    consts = tuple(def_lines_only(c) if isinstance(c, type(code)) else c for c in code.co_consts)
    table, units = bytearray(), len(code.co_code) // 2
    while units > 0:
        step = min(8, units)
        table += bytes([0x80 | (13 << 3) | (step - 1), 0])
        units -= step
    return code.replace(co_linetable=bytes(table), co_consts=consts)

header = importlib.util.MAGIC_NUMBER + bytes(12)  # flags 0 (timestamp-based), no mtime, no size
with zipfile.ZipFile('/tmp/in.zip') as source, \\
        zipfile.ZipFile('/tmp/out.zip', 'w', zipfile.ZIP_DEFLATED, compresslevel=9) as packed:
    for info in source.infolist():
        data, name = source.read(info), info.filename
        if name.endswith('.py'):
            text = data if KEEP_DOCSTRINGS else without_docstrings(data, name)
            code = compile(text, name, 'exec', dont_inherit=True)
            data, name = header + marshal.dumps(def_lines_only(code)), name + 'c'
        packed.writestr(zipfile.ZipInfo(name, date_time=info.date_time), data,
                        compress_type=zipfile.ZIP_DEFLATED)
`);
fs.writeFileSync(job.out, pyodide.FS.readFile('/tmp/out.zip'));
