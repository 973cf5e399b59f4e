"""The live site's rules that need no browser: what runs under Pyodide, what the live notebooks hold.

The browser side (JupyterLite offline, clicks on the widgets) is tests/site/check_live.py, run by
`make site-test`.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

from crib_widgets.widgets._pyodide import _with_null

ROOT = Path(__file__).resolve().parents[1]


def _load(name: str, path: Path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


build_lite = _load("build_lite", ROOT / "scripts" / "build_lite.py")
crib_live = _load("crib_live", ROOT / "lite" / "crib_live.py")


def test_every_module_imports_without_numpy_or_matplotlib():
    # A live page loads crib_widgets in the browser, where numpy and matplotlib come only from a CDN.
    code = """
import importlib, pkgutil, sys
sys.modules["numpy"] = sys.modules["matplotlib"] = None  # importing either now fails
import crib_widgets
for info in pkgutil.walk_packages(crib_widgets.__path__, "crib_widgets."):
    if not info.name.endswith("__main__"):
        importlib.import_module(info.name)
print("imported")
"""
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 0, result.stderr[-2000:]
    assert "imported" in result.stdout


def test_heavy_import_check_looks_only_at_what_runs_on_import():
    source = """
import json
from typing import TYPE_CHECKING
if TYPE_CHECKING:
    from matplotlib.figure import Figure
def draw():
    import matplotlib.pyplot as plt
class Chart:
    def plot(self):
        import numpy
"""
    assert build_lite.module_level_heavy_imports(source) == set()
    assert build_lite.module_level_heavy_imports("import numpy as np") == {"numpy"}
    guarded = "try:\n    import matplotlib\nexcept ImportError:\n    pass\n"
    assert build_lite.module_level_heavy_imports(guarded) == {"matplotlib"}


def test_lock_closure_follows_dependencies():
    packages = {
        "ipython": {"depends": ["traitlets", "prompt_toolkit"]},
        "traitlets": {"depends": []},
        "prompt-toolkit": {"depends": ["wcwidth"]},
        "wcwidth": {"depends": []},
        "numpy": {"depends": []},
    }
    closure = build_lite.lock_closure(packages, ["ipython"])
    assert closure == ["ipython", "prompt-toolkit", "traitlets", "wcwidth"]


def _notebook(*cells: tuple[str, str]) -> dict:
    return {
        "nbformat": 4,
        "nbformat_minor": 5,
        "metadata": {},
        "cells": [{"cell_type": kind, "metadata": {}, "source": [text]} for kind, text in cells],
    }


def test_live_copy_puts_the_note_under_the_title_and_keeps_every_cell():
    book = _notebook(("markdown", "# The show\n\nCount."), ("code", "CountingTrainer()"))
    live = crib_live.live_copy(book)
    assert [c["cell_type"] for c in live["cells"]] == ["markdown", "markdown", "code"]
    assert "Run All Cells" in live["cells"][1]["source"][0]
    assert live["cells"][2] == book["cells"][1]
    assert len(book["cells"]) == 2  # the book's own notebook is left alone


def test_live_copy_loads_matplotlib_first_only_on_pages_with_charts():
    plain = crib_live.live_copy(_notebook(("markdown", "# Play"), ("code", "PeggingDrill()")))
    assert not any("micropip" in "".join(c["source"]) for c in plain["cells"])
    for code in ("import matplotlib.pyplot as plt", "figure = score_race_figure(game)", "GameTable(seed=1)"):
        live = crib_live.live_copy(_notebook(("markdown", "# Charts"), ("code", code)))
        loader = live["cells"][2]
        assert loader["cell_type"] == "code" and 'micropip.install("matplotlib")' in "".join(loader["source"])
        assert "except Exception" in "".join(loader["source"])  # offline, the rest of the page still runs


def test_none_becomes_null_at_every_depth_for_the_browser():
    null = object()
    message = {"state": {"display": None, "children": ["IPY_MODEL_1", None]}, "buffer_paths": (None,)}
    assert _with_null(message, null) == {
        "state": {"display": null, "children": ["IPY_MODEL_1", null]},
        "buffer_paths": [null],
    }


def test_live_notebooks_show_the_glued_values_of_the_build():
    notebook = {"cells": [
        {"cell_type": "markdown", "source": ["A {glue:text}`hand` hand beats {glue:text}`share:.1f`%.\n"]},
        {"cell_type": "code", "source": ["cb.glue('hand', 12)  # {glue:text}`hand` stays in code\n"]},
        {"cell_type": "markdown", "source": ["Unknown {glue:text}`missing` stays as written."]},
    ]}
    glued = {"hand": {"data": {"text/plain": "12"}}, "share": {"data": {"text/plain": "96.04"}}}
    cells = crib_live.paste_glue(notebook, glued)["cells"]
    assert "".join(cells[0]["source"]) == "A 12 hand beats 96.0%.\n"
    assert cells[1] == notebook["cells"][1]
    assert "{glue:text}`missing`" in "".join(cells[2]["source"])


def test_live_notebooks_say_cross_references_in_words():
    notebook = {"cells": [{"cell_type": "markdown", "source": [
        "See {ref}`sec-running-widgets`, {doc}`05_the_play`, {ref}`the finish <sec-counting-order>` "
        "and the {term}`crib` or {term}`cribs <crib>`."]}]}
    titles = {"sec-running-widgets": "Running the widgets", "book/05_the_play": "The play to 31"}
    (cell,) = crib_live.plain_cross_refs(notebook, titles)["cells"]
    assert "".join(cell["source"]) == (
        "See *Running the widgets*, *The play to 31*, *the finish* and the crib or cribs.")
