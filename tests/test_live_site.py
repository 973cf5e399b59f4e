"""The live site's rules that need no browser: what runs under Pyodide, what the live notebooks hold.

The browser side (JupyterLite offline, clicks on the widgets) is tests/site/check_live.py, run by
`make site-test`.
"""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from pathlib import Path

import pytest
from sphinx.errors import ExtensionError

from crib_widgets.widgets._pyodide import _with_null

ROOT = Path(__file__).resolve().parents[1]


def _load(name: str, path: Path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


build_lite = _load("build_lite", ROOT / "scripts" / "build_lite.py")
# lite/'s modules import each other by name, as under Sphinx, which puts lite/ on the path
# (_config.yml, local_extensions)
sys.path.insert(0, str(ROOT / "lite"))
first_paint, live_cells, live_notebooks, live_pages, live_python, live_runtime, service_worker = (
    importlib.import_module(name) for name in ("first_paint", "live_cells", "live_notebooks", "live_pages",
                                               "live_python", "live_runtime", "service_worker"))


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
    live = live_notebooks.live_copy(book)
    assert [c["cell_type"] for c in live["cells"]] == ["markdown", "markdown", "code"]
    note = live["cells"][1]["source"][0]
    assert "run by themselves" in note and "Run All" not in note and "Try it live" not in note
    assert live["cells"][2] == book["cells"][1]
    assert len(book["cells"]) == 2  # the book's own notebook is left alone


def test_live_copy_adds_no_cell_that_loads_from_a_cdn():
    for code in ("import matplotlib.pyplot as plt", "GameTable(seed=1)", "PeggingDrill()"):
        live = live_notebooks.live_copy(_notebook(("markdown", "# Charts"), ("code", code)))
        assert len(live["cells"]) == 3
        assert not any("micropip" in "".join(c["source"]) for c in live["cells"])


def test_a_widget_cell_runs_with_the_earlier_cells_that_define_what_it_uses():
    codes = [
        "import cribbook as cb\nfrom crib_widgets.exercises import make_set",
        "chart = plot()  # a chart cell the widget does not need",
        "sheet = make_set('counting', 'medium', hands=6, seed=7)\ncb.glue('code', sheet.code)",
        "print('unrelated')",
        "from crib_widgets.exercises import ExerciseChecker\n\nExerciseChecker(sheet)",
    ]
    assert live_cells.cells_needed(codes, 4) == [0, 2, 4]
    assert live_cells.cells_needed(["x = 1", "GameTable(seed=2024)".replace("GameTable", "len")], 1) == [1]


def test_a_widget_cell_that_uses_an_undefined_name_is_refused():
    try:
        live_cells.cells_needed(["x = 1", "Widget(sheet)"], 1)
    except ValueError as error:
        assert "Widget, sheet" in str(error)
    else:
        raise AssertionError("an undefined name was accepted")


def test_a_widget_that_needs_another_widgets_cell_is_refused_at_build():
    # chapter 15's pass-and-play table needed the import in the kept table's cell, so the live page
    # made the kept table twice, and its hidden twin took a friend's link (issue 39)
    from sphinx.errors import ExtensionError

    def widget_cell(code: str, model_id: str) -> dict:
        view = {"data": {live_cells.WIDGET_VIEW: {"model_id": model_id}}, "output_type": "display_data"}
        return {"cell_type": "code", "source": code, "outputs": [view]}

    shared = {"cells": [widget_cell("from w import Table\nTable(keep='game')", "a"),
                        widget_cell("Table(seed=7)", "b")]}
    try:
        live_cells.page_widgets(shared, "book/15")
    except ExtensionError as error:
        assert "cells [1], which make widgets of their own" in str(error)
    else:
        raise AssertionError("a widget cell run twice was accepted")
    apart = {"cells": [{"cell_type": "code", "source": "from w import Table", "outputs": []},
                       widget_cell("Table(keep='game')", "a"), widget_cell("Table(seed=7)", "b")]}
    widgets, _ = live_cells.page_widgets(apart, "book/15")
    assert [w["code"] for w in widgets] == [["from w import Table", "Table(keep='game')"],
                                            ["from w import Table", "Table(seed=7)"]]


def test_names_bound_by_handlers_loops_and_functions_are_not_needed():
    code = """
def how_rare(text):
    try:
        return int(text)
    except ValueError as error:
        return str(error)
for n in range(3):
    pass
[k for k in range(2)]
how_rare("3")
"""
    assert live_cells.free_names(code) == set()


def test_every_widget_of_the_book_carries_what_it_needs_and_no_chart_library():
    # The live page runs a widget's cell with the earlier cells it uses, and nothing else: each must
    # be found, and none of them may need numpy or matplotlib (the site does not hold them), nor
    # IPython (the in-place Python has only the stand-in ipywidgets needs).
    import json
    import re

    makes_widget = re.compile(
        r"\b(?:CountingTrainer|PeggingDrill|MugginsQuiz|GameTable|ExerciseChecker|widgets\.VBox)\(")
    found = 0
    for path in sorted((ROOT / "book").glob("*.ipynb")):
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        codes = ["".join(c["source"]) if c["cell_type"] == "code" else "" for c in cells]
        for index, code in enumerate(codes):
            if makes_widget.search(code):
                needed = live_cells.cells_needed(codes, index)
                assert not [i for i in needed if live_cells.HEAVY_CODE.search(codes[i])], (path.name, index)
                assert not [i for i in needed if live_cells.IPYTHON_CODE.search(codes[i])], (path.name, index)
                twice = [i for i in needed if i != index and makes_widget.search(codes[i])]
                assert not twice, f"{path.name}: the widget of cell {index + 1} runs cells {twice} again"
                found += 1
    assert found >= 8


def test_drills_are_seeded_so_the_live_widget_deals_what_the_snapshot_shows():
    import json
    import re

    for path in sorted((ROOT / "book").glob("*.ipynb")):
        for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
            code = "".join(cell["source"]) if cell["cell_type"] == "code" else ""
            dealt = r"\b(?:PeggingDrill|MugginsQuiz|GameTable|CountingTrainer)\(([^()]*)\)"
            for call in re.findall(dealt, code):
                fixed = "seed=" in call or re.match(r'\s*"', call)  # a seed, or the cards themselves
                assert fixed, f"{path.name}: {call!r} deals at random: give it a seed"


def test_the_in_place_python_unpacks_crib_widgets_and_its_needs_but_not_ipython():
    lock = {"packages": {
        "crib-widgets": {"file_name": "crib_widgets-1-py3-none-any.whl", "depends": ["ipywidgets"]},
        "ipywidgets": {"file_name": "ipywidgets-8-py3-none-any.whl",
                       "depends": ["comm", "ipython", "jupyterlab-widgets", "traitlets"]},
        "comm": {"file_name": "comm-0-py3-none-any.whl", "depends": []},
        "traitlets": {"file_name": "traitlets-5-py3-none-any.whl", "depends": []},
        "ipython": {"file_name": "ipython-9-py3-none-any.whl", "depends": ["jedi"]},
        "jupyterlab-widgets": {"file_name": "jupyterlab_widgets-3-py3-none-any.whl", "depends": []},
    }}
    # crib_widgets last: the worker imports ipywidgets while it still comes down (FIRST_IMPORT)
    assert live_python.live_wheels(lock) == ["comm-0-py3-none-any.whl", "ipywidgets-8-py3-none-any.whl",
                                           "traitlets-5-py3-none-any.whl", "crib_widgets-1-py3-none-any.whl"]
    assert live_python.FIRST_IMPORT["before"] == "crib_widgets"


def test_a_missing_package_in_the_lock_is_named():
    lock = {"packages": {"crib-widgets": {"file_name": "c.whl", "depends": ["ipywidgets"]}}}
    with pytest.raises(ExtensionError, match="ipywidgets"):
        live_python.live_wheels(lock)


def test_the_page_hook_is_documented_and_defined():
    readme = (ROOT / "lite" / "README.md").read_text(encoding="utf-8")
    script = (ROOT / "lite" / "runtime" / "src" / "page" / "crib_live_page.js").read_text(encoding="utf-8")
    for member in ("start", "ready", "run", "display", "state"):
        assert f"cribLive.{member}" in readme
        assert re.search(rf"\b{member}\b[:,(]", script.split("window.cribLive = {")[1]), member
    assert "crib-live:state" in readme and "crib-live:state" in script


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
    cells = live_notebooks.paste_glue(notebook, glued)["cells"]
    assert "".join(cells[0]["source"]) == "A 12 hand beats 96.0%.\n"
    assert cells[1] == notebook["cells"][1]
    assert "{glue:text}`missing`" in "".join(cells[2]["source"])


def test_live_notebooks_say_cross_references_in_words():
    notebook = {"cells": [{"cell_type": "markdown", "source": [
        "See {ref}`sec-running-widgets`, {doc}`05_the_play`, {ref}`the finish <sec-counting-order>` "
        "and the {term}`crib` or {term}`cribs <crib>`."]}]}
    titles = {"sec-running-widgets": "Running the widgets", "book/05_the_play": "The play to 31"}
    (cell,) = live_notebooks.plain_cross_refs(notebook, titles)["cells"]
    assert "".join(cell["source"]) == (
        "See *Running the widgets*, *The play to 31*, *the finish* and the crib or cribs.")


def test_the_book_says_how_its_widgets_work_before_the_first_one():
    import json

    cells = json.loads((ROOT / "book" / "01_welcome.ipynb").read_text(encoding="utf-8"))["cells"]
    texts = ["".join(c["source"]) for c in cells]
    makes = re.compile(r"\b(?:CountingTrainer|PeggingDrill|MugginsQuiz|GameTable)\(")
    widget = next(i for i, c in enumerate(cells) if c["cell_type"] == "code" and makes.search(texts[i]))
    howto = next(i for i, text in enumerate(texts) if "(sec-running-widgets)=" in text)
    assert howto < widget, "chapter 01 shows a widget before 'How to use the widgets'"
    assert "## A first taste" in "".join(texts[howto + 1:widget])  # the taste leads up to the widget
    assert "## How this book is built" in "".join(texts[widget:])  # and the rest follows it


# --- issue 23: what a widget page fetches ---------------------------------------------------------


def test_imports_inside_functions_count_for_the_trimmed_standard_library():
    source = ("import json\nfrom importlib import resources\n"
              "def later():\n    import fractions\n    from xml.etree import ElementTree\n"
              "from . import sibling\n")
    names = live_python.imported_names([source])
    assert {"json", "importlib", "importlib.resources", "fractions", "xml.etree",
            "xml.etree.ElementTree"} <= set(names)
    assert "sibling" not in names  # a relative import names a module of the package itself


def _wheel(path: Path, files: dict[str, str]) -> Path:
    import zipfile

    with zipfile.ZipFile(path, "w") as zf:
        for name, text in files.items():
            zf.writestr(name, text)
    return path


def test_the_packages_zip_keeps_what_is_imported_and_drops_tests_the_command_line_and_records(tmp_path):
    import io
    import zipfile

    wheel = _wheel(tmp_path / "crib_widgets-1-py3-none-any.whl", {
        "crib_widgets/__init__.py": "", "crib_widgets/strategy/strength.json": "{}",
        "crib_widgets/cli/__init__.py": "", "crib_widgets/tests/test_x.py": "",
        "crib_widgets-1.dist-info/RECORD": "", "crib_widgets-1.dist-info/METADATA": "Name: crib_widgets"})
    other = _wheel(tmp_path / "traitlets-5-py3-none-any.whl", {
        "traitlets/__init__.py": "", "traitlets/tests/__init__.py": "", "traitlets/py.typed": ""})
    data = live_python.packages_zip([wheel, other])
    assert data == live_python.packages_zip([wheel, other])  # the same bytes for the same wheels
    names = set(zipfile.ZipFile(io.BytesIO(data)).namelist())
    assert names == {"crib_widgets/__init__.py", "crib_widgets/strategy/strength.json",
                     "crib_widgets-1.dist-info/METADATA", "traitlets/__init__.py"}


PYC_SOURCE = '''"""The module's docstring."""
from __future__ import annotations


class Hand:
    """A class's docstring."""


def points(cards: list[int]) -> int:
    """A function's docstring."""
    assert cards, "a hand holds cards"
    total = sum(cards)
    return total // 0 if total == 99 else total


def only_a_docstring():
    """Nothing else."""
'''


@pytest.mark.parametrize("docstrings", [True, False])
def test_compiled_modules_run_as_their_source_with_or_without_docstrings(tmp_path, docstrings):
    import marshal
    import traceback
    import zipfile

    pyc = _load("pyc_compile", ROOT / "lite" / "runtime" / "pyc_compile.py")
    source = _wheel(tmp_path / "in.zip", {"cards/hand.py": PYC_SOURCE, "cards/data.json": "{}"})
    pyc.compile_zip(str(source), str(tmp_path / "out.zip"), docstrings=docstrings)
    packed = zipfile.ZipFile(tmp_path / "out.zip")
    assert packed.namelist() == ["cards/hand.pyc", "cards/data.json"]  # other files as they are
    data = packed.read("cards/hand.pyc")
    assert data[:16] == pyc.HEADER
    module: dict = {"__name__": "cards.hand"}
    exec(marshal.loads(data[16:]), module)
    assert module["points"]([5, 10]) == 15
    assert module["only_a_docstring"]() is None
    with pytest.raises(AssertionError, match="a hand holds cards"):  # asserts stay
        module["points"]([])
    expected = {"The module's docstring.", "A class's docstring.", "A function's docstring."}
    docs = {module.get("__doc__"), module["Hand"].__doc__, module["points"].__doc__}
    assert docs == (expected if docstrings else {None})
    with pytest.raises(ZeroDivisionError) as raised:  # a traceback still names the function and its line
        module["points"]([90, 9])
    frame = traceback.extract_tb(raised.value.__traceback__)[-1]
    assert (frame.filename, frame.name, frame.lineno) == ("cards/hand.py", "points", 9)  # its def line


def test_the_trimmed_standard_library_holds_the_modules_asked_for_and_their_folders(tmp_path):
    import io
    import zipfile

    full = _wheel(tmp_path / "python_stdlib.zip", {
        "json/__init__.py": "x", "json/decoder.py": "y", "json/tool.py": "t", "tkinter/__init__.py": "z",
        "abc.py": "a", "ast.py": "b", "asyncio/__init__.py": "i", "asyncio/windows_events.py": "w",
        "asyncio/__main__.py": "m", "asyncio/tools.py": "c"})
    kept = ["json/__init__.py", "abc.py", "asyncio/__init__.py", "asyncio/tools.py"]
    names = zipfile.ZipFile(full).namelist()
    # the whole folder of a module used (a neighbour may be imported lazily), a top-level file alone,
    # less the neighbours that never run in a browser (but a file asked for stays)
    assert live_python.stdlib_members(names, kept) == ["json/__init__.py", "json/decoder.py", "abc.py",
                                                      "asyncio/__init__.py", "asyncio/tools.py"]
    _, rest = (zipfile.ZipFile(io.BytesIO(z)) for z in live_python.split_stdlib(full, kept, set(kept)))
    assert rest.read("json/decoder.py") == b"y"
    with pytest.raises(ExtensionError, match=r"missing\.py"):
        live_python.stdlib_members(names, ["missing.py"])


def test_head_scripts_are_deferred_but_those_inline_code_reads_at_once_and_fontawesome_js_goes():
    head = ('<html><head><script src="_static/documentation_options.js"></script>'
            '<script src="_static/doctools.js?v=1"></script>'
            '<script defer src="_static/scripts/fontawesome.js?digest=2"></script>'
            '<script>DOCUMENTATION_OPTIONS.pagename = "x";</script>'
            '<script src="_static/assignment.js"></script>'
            '<script type="application/json" id="c">{}</script>'
            '</head><body><script src="late.js"></script></body></html>')
    page = first_paint.defer_scripts(head)
    assert '<script src="_static/documentation_options.js">' in page
    assert '<script defer src="_static/doctools.js?v=1">' in page
    assert "fontawesome.js" not in page  # the theme's style sheet draws the same icons
    assert '<script defer src="_static/assignment.js">' in page
    assert '<script src="late.js">' in page  # the body is left as it is
    assert first_paint.defer_scripts(page) == page


def test_a_live_page_loads_no_embed_js_and_a_page_without_live_python_keeps_it():
    # a live page draws its snapshots with the runtime's widget manager (crib_live_page.js), so the
    # 0.46 MB second copy goes; a page of a CRIB_LIVE=0 build has only embed.js to draw them
    head = ('<html><head><script defer="defer" src="../_static/widgets/embed.js?v=c3d01ddf"></script>\n'
            '<script defer="defer" src="../_static/crib_live_page.js?v=1"></script></head><body>')
    live = head + live_pages.LIVE_CONFIG + '{"embed": "_static/widgets/embed.js"}</script></body></html>'
    page = first_paint.defer_scripts(live)
    assert "widgets/embed.js?v=" not in page and "crib_live_page.js?v=1" in page
    assert '"embed": "_static/widgets/embed.js"' in page  # the fallback's address stays in the config
    static = head + "</body></html>"
    assert first_paint.defer_scripts(static) == static


def test_the_service_worker_reads_the_manifest_the_build_puts_before_it_and_stays_out_of_jupyterlite():
    source = (ROOT / "lite" / "runtime" / "src" / "sw.js").read_text(encoding="utf-8")
    assert "const MANIFEST = self.CRIB_SW_MANIFEST ||" in source
    assert "build:sw" in (ROOT / "lite" / "runtime" / "package.json").read_text(encoding="utf-8")
    assert service_worker.SW_SCOPE == "book/"
    assert service_worker.SERVICE_WORKER.startswith(service_worker.SW_SCOPE)
    assert "startsWith(LITE)" in source  # JupyterLite's requests are never answered here


def test_the_first_paint_waits_for_no_script_file_and_few_stylesheets(tmp_path):
    out = tmp_path / "html"
    (out / "book").mkdir(parents=True)
    (out / "_static").mkdir()
    (out / "_static" / "small.css").write_text("/* why red */\np { color: red; }")
    (out / "_static" / "icons.css").write_text("i { background: url(x.svg); }")
    page = out / "book" / "a.html"
    html = ('<html><head><link href="../_static/styles/theme.css?digest=1" rel="stylesheet" />'
            '<link rel="preload" as="script" href="../_static/scripts/bootstrap.js" />\n'
            '<link rel="stylesheet" type="text/css" href="../_static/small.css?v=2" />'
            '<link rel="stylesheet" type="text/css" href="../_static/icons.css?v=3" />'
            '<script src="../_static/documentation_options.js?v=4"></script>'
            '</head><body></body></html>')
    html = first_paint.first_paint_head(html, "const DOCUMENTATION_OPTIONS = {};", True)
    html = first_paint.inline_small_css(html, page, out)
    assert "<script>const DOCUMENTATION_OPTIONS = {};</script>" in html
    assert "preload" not in html
    assert 'href="../_static/styles/../basic.css"' in html and "theme.css" not in html
    assert "<style>/* _static/small.css */\np { color: red; }</style>" in html
    assert 'href="../_static/icons.css?v=3"' in html  # a url() inside would point elsewhere from the page


def test_the_library_a_page_starts_with_and_the_rest(tmp_path):
    import io
    import zipfile

    full = _wheel(tmp_path / "python_stdlib.zip", {
        "json/__init__.py": "x", "json/decoder.py": "y", "argparse.py": "a", "abc.py": "b",
        "importlib/__init__.py": "i", "importlib/util.py": "u", "logging/__init__.py": "l",
        "logging/handlers.py": "h"})
    files = ["json/__init__.py", "argparse.py", "abc.py", "importlib/__init__.py", "logging/__init__.py"]
    start = {"json/__init__.py", "abc.py", "importlib/__init__.py", "logging/__init__.py"}
    first, rest = (zipfile.ZipFile(io.BytesIO(z)) for z in live_python.split_stdlib(full, files, start))
    # importlib whole at start (it imports its parts only when used); what nothing imports at start
    # comes later, neighbours too
    assert first.namelist() == ["json/__init__.py", "abc.py", "importlib/__init__.py", "importlib/util.py",
                                "logging/__init__.py"]
    assert rest.namelist() == ["json/decoder.py", "argparse.py", "logging/handlers.py"]
    compiled = tmp_path / "later.zip"
    _wheel(compiled, {"argparse.pyc": "", "logging/handlers.pyc": "", "xml/__init__.pyc": ""})
    assert live_python.zip_modules(compiled) == ["argparse", "logging.handlers", "xml"]


def test_search_scripts_stay_only_where_search_runs():
    # The theme loads Sphinx's search on every page for searching as you type, which is off.
    scripts = ('<script src="../_static/searchtools.js"></script>'
               '<script src="../_static/language_data.js"></script><script src="../searchindex.js"></script>')
    options = f"<script>{first_paint.SEARCH_AS_YOU_TYPE_OFF}</script>"
    page = f"<html><head>{scripts}</head><body>{options}</body></html>"
    assert "search" not in first_paint.defer_scripts(page).replace("search_as_you_type", "")
    search_page = page.replace("<body>", f"<body><script>{first_paint.SEARCH_PAGE}</script>")
    assert first_paint.defer_scripts(search_page).count("<script defer src=") == 3
    typing = page.replace("= false", "= true")
    assert first_paint.defer_scripts(typing).count("<script defer src=") == 3


def test_without_the_built_scripts_sphinx_says_to_run_make_book(tmp_path, monkeypatch):
    # make bundles lite/runtime/ before Sphinx runs; the extension never runs npm itself.
    monkeypatch.setattr(live_runtime, "PAGE_STATIC", tmp_path / "static")
    with pytest.raises(ExtensionError, match=r"not built .*`make book`"):
        live_runtime.check_built()


def test_a_changed_page_script_writes_every_page_again(tmp_path, monkeypatch):
    # Sphinx copies static files only on a build that writes a page, and pages name their scripts
    # with a digest: a change to a script alone must still reach the site
    for name in ("book", "static", "lite"):
        (tmp_path / name / "_static" if name != "static" else tmp_path / name).mkdir(parents=True)
    monkeypatch.setattr(live_runtime, "ROOT", tmp_path)
    monkeypatch.setattr(live_runtime, "PAGE_STATIC", tmp_path / "static")
    monkeypatch.setattr(live_runtime, "LITE", tmp_path / "lite")
    (tmp_path / "static" / "page.js").write_text("one")
    env = type("Env", (), {"found_docs": {"book/b", "book/a"}})()
    assert live_runtime.static_changed(None, env, set(), set(), set()) == ["book/a", "book/b"]
    assert live_runtime.static_changed(None, env, set(), set(), set()) == []
    (tmp_path / "static" / "page.js").write_text("two")
    assert live_runtime.static_changed(None, env, set(), set(), set()) == ["book/a", "book/b"]


def test_the_snapshot_imports_every_module_the_lazy_packages_name():
    # crib_widgets.widgets, .lessons and .exercises import a module only when one of its names is
    # asked for: the snapshot's warm-up imports the modules themselves, so a warm page imports none.
    import importlib
    import subprocess
    import sys

    script = "\n".join([*(f"import {m}" for m in live_python.SNAPSHOT_MODULES), *live_python.SNAPSHOT_WARM_UP,
                        "import sys", "print(' '.join(sorted(sys.modules)))"])
    loaded = set(subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                                check=True).stdout.split())
    for package in live_python.LAZY_PACKAGES:
        wanted = {f"{package}.{module}" for module in importlib.import_module(package).MODULES}
        assert wanted <= loaded, package


def test_the_head_script_makes_the_workers_options_and_the_page_keeps_only_its_own():
    paths = {"worker": "book/w.js?v=1", "pyodide": "lite/static/pyodide/pyodide.mjs", "stdlib": "s.zip.zst",
             "later": "l.zip.gz", "packages": "p.zip.zst", "snapshot": "x.snapshot", "lock": {"info": {}},
             "wasm": "pyodide.asm.wasm.zst", "sizes": {"wasm": 1}, "first": live_python.FIRST_IMPORT,
             "later_modules": ["argparse"], "runtime": "r.js", "bytes": 5}
    options = live_pages.worker_options(paths)
    assert options["u"]["indexUrl"] == "lite/static/pyodide/"
    urls = {"worker", "pyodideUrl", "indexUrl", "stdlib", "later", "packages", "snapshot", "wasm"}
    assert set(options["u"]) == urls
    script = live_pages.early_worker("../", {**options, "evil": "</script>"})
    assert script.count("</script>") == 1 and '"../"' in script and "startIfHeld" not in script
    # a first visit's worker fetches Python's files once the page has painted, unless Python starts
    # only on a touch (the script runs in a page: check_live, bench/phone_network.py)
    assert "_cribLiveFetch" in script and "first-contentful-paint" in script
    assert script.index("crib-live-start=interaction") < script.index("_cribLiveFetch")
    # the page's own settings keep what the page uses (the held check, the progress line), not these
    assert live_pages.WORKER_ONLY.isdisjoint({"worker", "runtime", "stdlib", "packages", "snapshot", "bytes"})


def test_the_extension_runs_each_job_of_lite_at_its_step_of_the_build(monkeypatch):
    # crib_live.py only wires lite/'s modules: what Sphinx calls after the build, in its order (the
    # pages made lighter before the service worker reads them, the brotli twins made last)
    crib_live = importlib.import_module("crib_live")
    calls = []

    class App:
        registry = type("Registry", (), {"css_files": []})()

        def connect(self, event, handler, priority=500):
            calls.append((priority, event, f"{handler.__module__}.{handler.__name__}"))

        def add_config_value(self, *args):
            pass

        def setup_extension(self, name):
            pass

        def add_css_file(self, name):
            pass

    monkeypatch.delenv("CRIB_LIVE", raising=False)
    crib_live.setup(App())
    in_order = sorted(calls, key=lambda call: call[0])  # a stable sort: equal priorities as connected
    finished = [name for _, event, name in in_order if event == "build-finished"]
    assert finished == ["live_notebooks.fill_glue", "site_hosting.mark_static", "live_paths.place_worker",
                        "live_notebooks.finish_notebook_app", "first_paint.light_pages",
                        "static_snapshots.draw_snapshots",  # into the final pages, before they are listed
                        "service_worker.write_service_worker", "site_hosting.precompress"]
    pages = [name for _, event, name in calls if event == "html-page-context"]
    assert pages == ["live_pages.add_live", "service_worker.add_ahead"]


def test_the_friend_transport_is_loaded_with_its_digest(tmp_path, monkeypatch):
    # _static/crib-friend.js was loaded with no ?v=: a host keeping _static/ for a year could serve
    # an old copy of a new transport. crib_live_page.js loads it from the page's config, with its digest.
    live_paths = importlib.import_module("live_paths")
    monkeypatch.setattr(live_paths, "PAGE_STATIC", tmp_path)
    (tmp_path / live_runtime.WIDGET_STYLES).write_text("a{}")
    (tmp_path / live_runtime.FRIEND_SCRIPT).write_text("one")
    paths = live_paths.runtime_paths()
    live_paths.digest_static(paths)
    assert paths["friend"] == f"_static/crib-friend.js?v={live_runtime.digest(tmp_path / 'crib-friend.js')}"
    (tmp_path / live_runtime.FRIEND_SCRIPT).write_text("two")
    again = live_paths.runtime_paths()
    live_paths.digest_static(again)
    assert again["friend"] != paths["friend"] and again["friend"].startswith("_static/crib-friend.js?v=")
    assert "friend" not in live_pages.WORKER_ONLY  # the page's config carries it
    page = (ROOT / "lite" / "runtime" / "src" / "page" / "crib_live_page.js").read_text(encoding="utf-8")
    assert "site(config.friend)" in page and "'_static/crib-friend.js'" not in page
    assert live_runtime.FRIEND_SCRIPT in live_runtime.PAGE_SCRIPTS  # the build asks for it to be there


def test_pythons_files_are_packed_with_zstandard_and_the_later_library_with_gzip(tmp_path, monkeypatch):
    # the worker unpacks the library, the packages and the WebAssembly as they come (fzstd, a fifth
    # smaller than gzip); later_library.py unpacks the rest of the library itself, with zlib
    import gzip

    import zstandard

    monkeypatch.setattr(live_python, "RUNTIME", tmp_path / "runtime")
    names = {name: live_python.served_name(name) for name in (live_python.STDLIB, live_python.PACKAGES,
                                                             live_python.WASM, live_python.LATER)}
    assert names[live_python.LATER].endswith(".gz")
    packed = (live_python.STDLIB, live_python.PACKAGES, live_python.WASM)
    assert all(names[name].endswith(".zst") for name in packed)
    source = tmp_path / "python.zip"
    source.write_bytes(b"PK" + bytes(range(256)) * 400)
    first = live_python.pack(source, tmp_path / "a.zip.zst").read_bytes()
    again = live_python.pack(source, tmp_path / "b.zip.zst").read_bytes()  # from the store, the same bytes
    assert first == again and first[:4] == b"\x28\xb5\x2f\xfd" and len(first) < source.stat().st_size / 10
    assert zstandard.ZstdDecompressor().decompress(first) == source.read_bytes()
    gzipped = live_python.pack(source, tmp_path / "c.zip.gz").read_bytes()
    assert gzip.decompress(gzipped) == source.read_bytes()
    # the snapshot keeps its name; snapshot.mjs gzips it, the build packs its memory with Zstandard
    assert live_python.served_name(live_python.SNAPSHOT) == live_python.SNAPSHOT
    memory = gzip.decompress(gzipped)
    snapshot = live_python.pack(tmp_path / "c.zip.gz", tmp_path / live_python.SNAPSHOT, memory)
    assert zstandard.ZstdDecompressor().decompress(snapshot.read_bytes()) == source.read_bytes()


def test_the_brotli_twins_left_by_an_earlier_build_go(tmp_path, monkeypatch):
    # a host that serves precompressed files would send an earlier build's snapshot for this one's
    import json
    from types import SimpleNamespace

    import brotli

    site_hosting = importlib.import_module("site_hosting")

    def compress(script, lane):  # runtime/compress.mjs, without Node
        for job in lane:
            Path(job["out"]).write_bytes(brotli.compress(Path(job["src"]).read_bytes()))
        return json.dumps(lane)

    monkeypatch.setattr(site_hosting, "RUNTIME", tmp_path / "runtime")
    monkeypatch.setattr(site_hosting, "run_node", compress)
    out = tmp_path / "html"
    (out / "_static" / "crib-live").mkdir(parents=True)
    (out / "index.html").write_text("<p>cribbage</p>" * 500)
    (out / "_static" / "crib-live" / "crib-live-python.snapshot").write_bytes(bytes(range(256)) * 40)
    (out / "_static" / "crib-live" / "crib-live-python.snapshot.br").write_bytes(b"an earlier build's")
    (out / "gone.js.br").write_bytes(b"its file is gone")
    app = SimpleNamespace(outdir=str(out), builder=SimpleNamespace(format="html"))
    site_hosting.precompress(app, None)
    assert sorted(p.relative_to(out).as_posix() for p in out.rglob("*.br")) == ["index.html.br"]
    assert brotli.decompress((out / "index.html.br").read_bytes()) == (out / "index.html").read_bytes()
