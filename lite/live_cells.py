"""Which cells of a chapter each of its widgets needs to come alive (its own and the earlier ones
that define what it uses), and the rules those cells must keep: no numpy or matplotlib, no IPython.
"""

from __future__ import annotations

import ast
import builtins
import re

from sphinx.errors import ExtensionError

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"  # a widget saved in a built page
#: Live widgets must not need these: the site does not hold them (only the Pyodide CDN has them).
HEAVY_CODE = re.compile(r"\b(?:matplotlib|numpy|plt)\b")
#: Nor IPython itself: the in-place Python has only the stand-in ipywidgets needs (lite/README.md).
IPYTHON_CODE = re.compile(r"^\s*(?:from|import)\s+IPython\b|\bget_ipython\b|^\s*[%!]", re.M)


def free_names(code: str) -> set[str]:
    """Names a cell reads but neither defines nor gets from the builtins (what it needs from before)."""
    tree = ast.parse(code)
    return {node.id for node in ast.walk(tree) if isinstance(node, ast.Name)
            and isinstance(node.ctx, ast.Load)} - bound_names(code) - set(dir(builtins))


def bound_names(code: str) -> set[str]:
    """Names a cell defines: assignments, imports, functions, classes, loop and argument names."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(code)):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store | ast.Del):
            names.add(node.id)
        elif isinstance(node, ast.Import | ast.ImportFrom):
            names |= {(a.asname or a.name).split(".")[0] for a in node.names}
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.arg):
            names.add(node.arg)
        elif isinstance(node, ast.ExceptHandler) and node.name:
            names.add(node.name)
    return names


def cells_needed(codes: list[str], index: int) -> list[int]:
    """The widget cell ``index`` and the earlier cells that define what it uses (their needs too).

    The live page runs only these, so a chart cell elsewhere on the page never runs. Raises
    ValueError naming the names no earlier cell defines.
    """
    need = free_names(codes[index])
    chosen = [index]
    for earlier in range(index - 1, -1, -1):
        defines = bound_names(codes[earlier])
        if defines & need:
            chosen.append(earlier)
            need = (need - defines) | free_names(codes[earlier])
    if need:
        raise ValueError(f"uses {', '.join(sorted(need))}, which no earlier cell defines")
    return sorted(chosen)


def _source(cell: dict) -> str:
    return "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]


def _model_ids(cell: dict) -> list[str]:
    """The model ids of the widgets a cell's outputs show."""
    return [o["data"][WIDGET_VIEW]["model_id"] for o in cell.get("outputs", [])
            if WIDGET_VIEW in o.get("data", {})]


def page_widgets(notebook: dict, docname: str) -> tuple[list[dict], bool]:
    """For each widget an executed notebook shows: its model id and the code that makes it again.

    Also whether that code imports the book's helper module (the live page then writes it into
    Python's folder first).
    """
    cells = notebook.get("cells", [])
    codes = [_source(c) if c["cell_type"] == "code" else "" for c in cells]
    makers = {i for i, cell in enumerate(cells) if _model_ids(cell)}
    widgets, helper = [], False
    for index, cell in enumerate(cells):
        ids = _model_ids(cell)
        if cell["cell_type"] != "code" or not ids:
            continue
        try:
            needed = cells_needed(codes, index)
        except ValueError as error:
            raise ExtensionError(f"{docname}: the widget of cell {index + 1} {error}") from None
        # A widget cell run again for another widget makes a second widget the page never shows:
        # a kept game table made twice took a friend's link in its hidden twin (issue 39).
        twice = [i + 1 for i in needed if i != index and i in makers]
        if twice:
            raise ExtensionError(f"{docname}: the widget of cell {index + 1} needs cells {twice}, which make "
                                 "widgets of their own: put what it uses (an import) in a cell of its own")
        code = [codes[i] for i in needed]
        heavy = [i + 1 for i in needed if HEAVY_CODE.search(codes[i])]
        if heavy:
            raise ExtensionError(f"{docname}: the widget of cell {index + 1} needs cells {heavy}, which use "
                                 "numpy or matplotlib: live widgets must not (the site does not hold them)")
        shell = [i + 1 for i in needed if IPYTHON_CODE.search(codes[i])]
        if shell:
            raise ExtensionError(f"{docname}: the widget of cell {index + 1} needs cells {shell}, which use "
                                 "IPython (an import, get_ipython or a magic): live widgets run without it")
        helper |= any(re.search(r"\bimport cribbook\b", c) for c in code)
        widgets.extend({"model_id": model_id, "cell": index + 1, "code": code} for model_id in ids)
    return widgets, helper
