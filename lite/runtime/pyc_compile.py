"""A zip of Python modules made into the same zip of sourceless ``.pyc`` files.

``pyc.mjs`` runs this inside the site's own Pyodide, so that the bytecode is for its Python; the
tests run it with the Python at hand. Each function's line table is cut to its ``def`` line: a
traceback still names the function and warnings still get a line number, for a third of the bytes.
Without docstrings (the site's packages), it leaves them out as ``python -OO`` would, but keeps the
asserts.
"""

from __future__ import annotations

import ast
import importlib.util
import marshal
import zipfile

DOCUMENTED = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)
#: flags 0 (timestamp-based), no mtime, no size: a sourceless module is never checked against one
HEADER = importlib.util.MAGIC_NUMBER + bytes(12)


def without_docstrings(source: bytes | str, name: str) -> ast.Module:
    """The module's tree with the docstring of the module, and of each class and function, left out."""
    tree = ast.parse(source, name)
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(node, DOCUMENTED) and body and isinstance(body[0], ast.Expr) \
                and isinstance(body[0].value, ast.Constant) and isinstance(body[0].value.value, str):
            node.body = body[1:] or [ast.Pass(lineno=body[0].lineno, col_offset=0)]
    return tree


def def_lines_only(code):
    """``code`` with every instruction placed on its first line: location entries of kind 13
    ('no column info', line delta 0), each covering up to 8 code units."""
    consts = tuple(def_lines_only(c) if isinstance(c, type(code)) else c for c in code.co_consts)
    table, units = bytearray(), len(code.co_code) // 2
    while units > 0:
        step = min(8, units)
        table += bytes([0x80 | (13 << 3) | (step - 1), 0])
        units -= step
    return code.replace(co_linetable=bytes(table), co_consts=consts)


def compile_zip(source_zip: str, out_zip: str, docstrings: bool = True) -> None:
    """Write ``out_zip``: ``source_zip`` with each ``name.py`` made ``name.pyc``, other files as they are.
    Stored, not deflated: the site serves it gzipped whole, which packs a tenth better than file by
    file, and Python then reads its modules without inflating them."""
    with zipfile.ZipFile(source_zip) as source, zipfile.ZipFile(out_zip, "w", zipfile.ZIP_STORED) as packed:
        for info in source.infolist():
            data, name = source.read(info), info.filename
            if name.endswith(".py"):
                text = data if docstrings else without_docstrings(data, name)
                code = compile(text, name, "exec", dont_inherit=True)
                data, name = HEADER + marshal.dumps(def_lines_only(code)), name + "c"
            packed.writestr(zipfile.ZipInfo(name, date_time=info.date_time), data)
