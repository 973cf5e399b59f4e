"""The in-place pages' Python side (lite/runtime/src/crib_live_kernel.py), run here under CPython.

In the browser it runs in Pyodide without IPython; here each test runs it in a fresh interpreter
(the stand-in replaces IPython in ``sys.modules``), with ``pyodide.code.eval_code_async`` played by
a few lines that do what it does: run a cell and return the value of its last expression.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
KERNEL = ROOT / "lite" / "runtime" / "src"

PRELUDE = f"""
import ast, json, sys, types
sys.path[:0] = [{str(KERNEL)!r}, {str(ROOT / "book")!r}]

async def eval_code_async(code, namespace):
    tree = ast.parse(code)
    last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
    exec(compile(tree, "<exec>", "exec"), namespace)
    return eval(compile(ast.Expression(last.value), "<exec>", "eval"), namespace) if last else None

code = types.ModuleType("pyodide.code"); code.eval_code_async = eval_code_async
sys.modules.update({{"pyodide": types.ModuleType("pyodide"), "pyodide.code": code}})

import asyncio
import crib_live_kernel as k
sent = []
k.install(lambda kind, payload, buffers: sent.append((kind, json.loads(payload), buffers)))
ns = {{}}
run = lambda cell: asyncio.run(k.execute(cell, ns))
"""


def python(body: str) -> dict:
    """Run ``body`` after the prelude in a fresh Python; return the JSON it prints last."""
    script = PRELUDE + textwrap.dedent(body)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_widgets_are_made_without_importing_ipython():
    found = python("""
        status = run("from crib_widgets.widgets import CountingTrainer\\nCountingTrainer(seed=6)")
        heavy = sorted(m for m in ("prompt_toolkit", "jedi", "pygments") if m in sys.modules)
        print(json.dumps({"status": status, "heavy": heavy, "kinds": sorted({s[0] for s in sent}),
                          "last": sent[-1][1]}))
    """)
    assert found["status"] == "ok" and found["heavy"] == []
    assert found["kinds"] == ["comm_msg", "comm_open", "execute_result"]
    view = found["last"]["bundle"]["data"]["application/vnd.jupyter.widget-view+json"]
    assert len(view["model_id"]) == 32


def test_a_click_from_the_page_reaches_the_widget_and_its_changes_go_back():
    found = python("""
        run("from crib_widgets.widgets import CountingTrainer\\nt = CountingTrainer(seed=6)")
        import ipywidgets as w

        def buttons(widget):
            yield widget
            for child in getattr(widget, "children", ()):
                yield from buttons(child)

        check = next(b for b in buttons(ns["t"]) if isinstance(b, w.Button) and b.description == "Check")
        before = len(sent)
        click = {"content": {"comm_id": check.model_id, "data": {"method": "custom",
                 "content": {"event": "click"}}}, "metadata": {}}
        k.receive("comm_msg", json.dumps(click))
        print(json.dumps({"after": [s[1]["content"]["data"].get("state", {}) for s in sent[before:]]}))
    """)
    changed = [state for state in found["after"] if "value" in state]
    assert changed, found
    assert any("crib-status" in str(state["value"]) for state in changed)


def test_none_reaches_the_page_as_null():
    found = python("""
        run("import ipywidgets as w\\nw.Button(description='Go', tooltip=None)")
        opened = next(s[1] for s in sent if s[0] == "comm_open" and
                      s[1]["content"]["data"]["state"].get("_model_name") == "ButtonModel")
        print(json.dumps({"tooltip": "tooltip" in opened["content"]["data"]["state"],
                          "value": opened["content"]["data"]["state"]["tooltip"]}))
    """)
    assert found == {"tooltip": True, "value": None}


def test_an_error_in_a_cell_is_reported_from_the_cell_on_and_python_stays_alive():
    found = python("""
        status = run("x = 1\\n1 / 0")
        error = sent[-1]
        again = run("x + 1")
        print(json.dumps({"status": status, "error": error[0], "bundle": error[1]["bundle"],
                          "again": again, "value": sent[-1][1]["bundle"]["data"]["text/plain"]}))
    """)
    assert found["status"] == "error" and found["error"] == "execute_error"
    assert found["bundle"]["ename"] == "ZeroDivisionError"
    assert "crib_live_kernel" not in "".join(found["bundle"]["traceback"])
    assert (found["again"], found["value"]) == ("ok", "2")


def test_display_and_comm_info_work_as_in_a_kernel():
    found = python("""
        run("from IPython.display import display\\nimport ipywidgets as w\\nb = w.Button()\\ndisplay(b)")
        shown = [s for s in sent if s[0] == "display_data"]
        print(json.dumps({"shown": len(shown), "comms": json.loads(k.comm_info("jupyter.widget"))}))
    """)
    assert found["shown"] == 1
    assert {c["target_name"] for c in found["comms"].values()} == {"jupyter.widget"}


def test_the_books_helper_module_needs_no_ipython():
    found = python("""
        import cribbook as cb
        box = cb.show("5H 5C 5D JS", starter="5S")
        real = hasattr(sys.modules["IPython"], "__file__")  # the stand-in has no file
        print(json.dumps({"html": "crib-root" in box._repr_html_(), "real IPython": real}))
    """)
    assert found == {"html": True, "real IPython": False}
