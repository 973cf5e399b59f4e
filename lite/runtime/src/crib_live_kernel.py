"""The in-place pages' Python side: runs a widget's cell and carries the widget protocol to the page.

The page's worker (``worker.js``) loads Pyodide with only ``crib_widgets`` and the four packages
ipywidgets needs to make widgets (``ipywidgets``, ``comm``, ``traitlets``), then this module. It
does the few things a Jupyter kernel does for widgets, and nothing else:

* ``comm``: every comm ipywidgets opens is a :class:`PageComm`, whose messages go to the page as
  JSON (``None`` stays ``null``) with their binary buffers beside; the page's messages come back
  through the library's own :class:`comm.base_comm.CommManager`.
* ``IPython``: ipywidgets imports ``get_ipython``, ``display`` and ``clear_output`` from it. Importing
  the real IPython here costs 2-3 s (714 modules: prompt_toolkit, jedi...), most of a page's start,
  so the in-place pages get a stand-in with those three names; with it, ``get_ipython()`` is
  ``None`` (ipywidgets then logs a callback's error instead of printing it) and ``display`` sends a
  display message to the page. The "Open as a notebook" route runs the real IPython kernel. The
  book's build refuses a widget cell that imports IPython itself (``lite/crib_live.py``).
* ``execute``: runs a cell (top-level ``await`` allowed) and sends its last value's MIME bundle.
"""

from __future__ import annotations

import json
import random
import sys
import traceback
import types

import comm
from comm.base_comm import BaseComm, CommManager

#: What the page receives: ``send(kind, payload_json, buffers)``; set by :func:`install`.
_send = None
_manager = CommManager()


class PageComm(BaseComm):
    """A comm whose messages are posted to the page (the worker turns them into widget messages)."""

    def publish_msg(self, msg_type, data=None, metadata=None, buffers=None, **keys):
        content = {"data": {} if data is None else data, "comm_id": self.comm_id, **keys}
        _post(msg_type, {"content": content, "metadata": metadata or {}}, buffers)


def _post(kind: str, payload: dict, buffers=None) -> None:
    _send(kind, json.dumps(payload, default=repr), [bytes(b) for b in buffers or ()])


def _bundle(value) -> dict:
    """The MIME bundle Jupyter would show for ``value``: its own reprs, then its ``repr``."""
    data = {}
    if hasattr(value, "_repr_mimebundle_"):
        found = value._repr_mimebundle_()
        data.update(found[0] if isinstance(found, tuple) else found or {})
    if "text/html" not in data and hasattr(value, "_repr_html_"):
        html = value._repr_html_()
        if html is not None:
            data["text/html"] = html
    data.setdefault("text/plain", repr(value))
    return data


def display(*values, **_options) -> None:
    """Show values on the page, as IPython's ``display`` does in a notebook."""
    for value in values:
        _post("display_data", {"bundle": {"data": _bundle(value), "metadata": {}}})


def clear_output(wait: bool = False) -> None:
    """Nothing to clear: an in-place widget's cell shows only its widget."""


class _NoShell:
    """Stands for IPython's shell, which the in-place pages do not run."""

    @classmethod
    def initialized(cls) -> bool:
        return False


def _stand_in_ipython() -> None:
    ipython = types.ModuleType("IPython")
    ipython.get_ipython = lambda: None
    ipython.display = display
    shown = types.ModuleType("IPython.display")
    shown.display, shown.clear_output = display, clear_output
    core = types.ModuleType("IPython.core")
    shell = types.ModuleType("IPython.core.interactiveshell")
    shell.InteractiveShell = _NoShell
    ipython.core, core.interactiveshell = core, shell
    sys.modules.update({"IPython": ipython, "IPython.display": shown, "IPython.core": core,
                        "IPython.core.interactiveshell": shell})


def install(send) -> None:
    """Make this Python the page's kernel: comms go through ``send``, IPython is the stand-in.

    Called once when the build makes the snapshot (``send`` is None then) and again on the page.
    """
    global _send
    _send = send
    random.seed()  # a restored snapshot would otherwise deal the same "random" cards on every visit
    _stand_in_ipython()
    comm.create_comm = lambda **kwargs: PageComm(**kwargs)
    comm.get_comm_manager = lambda: _manager


def receive(kind: str, message_json: str, buffers=()) -> None:
    """A comm message from the page (``comm_open``, ``comm_msg`` or ``comm_close``)."""
    message = json.loads(message_json)
    message["buffers"] = [memoryview(b.to_bytes() if hasattr(b, "to_bytes") else bytes(b)) for b in buffers]
    getattr(_manager, kind)(None, None, message)


def comm_info(target_name: str | None = None) -> str:
    """The open comms, as a kernel's ``comm_info_reply`` lists them (JSON)."""
    comms = {cid: {"target_name": c.target_name} for cid, c in _manager.comms.items()
             if target_name in (None, c.target_name)}
    return json.dumps(comms)


def _from_the_cell(frames):
    """The traceback from the cell's own code on (not the kernel's and Pyodide's frames above it)."""
    while frames is not None and frames.tb_frame.f_code.co_filename != "<exec>":
        frames = frames.tb_next
    return frames


async def execute(code: str, namespace: dict) -> str:
    """Run a cell; send its output; return ``"ok"`` or ``"error"`` (the error is sent too)."""
    from pyodide.code import eval_code_async

    try:
        value = await eval_code_async(code, namespace)
    except BaseException as error:  # the learner's cell may raise anything: report it, stay alive
        lines = traceback.format_exception(type(error), error, _from_the_cell(error.__traceback__))
        _post("execute_error", {"bundle": {"ename": type(error).__name__, "evalue": str(error),
                                           "traceback": lines}})
        return "error"
    if value is not None:
        _post("execute_result", {"bundle": {"data": _bundle(value), "metadata": {}}})
    return "ok"
