"""In the browser (JupyterLite's Pyodide kernel), send ``None`` in widget messages as JavaScript's null.

The Pyodide kernel turns each comm message into JavaScript with ``toJs()``, which makes ``None``
``undefined``; the widget front end ignores an undefined value. So a trait set back to None never
reaches the page: ``layout.display = None``, which shows a box hidden with ``"none"``, leaves it
hidden, and the game table's cards and buttons never appear. Importing this module (the widgets
package does) makes every comm message carry null instead. Anywhere but Pyodide it does nothing.

>>> patch_comm()  # not under Pyodide here
False
"""

from __future__ import annotations

import sys
from typing import Any

__all__ = ["patch_comm"]


def _with_null(value: Any, null: Any) -> Any:
    """``value`` with every None (at any depth of dicts, lists and tuples) replaced by ``null``."""
    if value is None:
        return null
    if isinstance(value, dict):
        return {key: _with_null(item, null) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_with_null(item, null) for item in value]
    return value


def patch_comm() -> bool:
    """Make the Pyodide kernel's comms send null for None; True when patched (or already were)."""
    kernel_comm = sys.modules.get("pyodide_kernel.comm")
    if sys.platform != "emscripten" or kernel_comm is None:
        return False
    comm_class = kernel_comm.Comm
    if getattr(comm_class.publish_msg, "sends_null", False):
        return True
    from pyodide.ffi import jsnull  # only exists under Pyodide

    original = comm_class.publish_msg

    def publish_msg(self, msg_type, data=None, metadata=None, buffers=None, **keys):
        if data is not None:
            data = _with_null(data, jsnull)
        if metadata is not None:
            metadata = _with_null(metadata, jsnull)
        return original(self, msg_type, data, metadata, buffers, **keys)

    publish_msg.sends_null = True
    comm_class.publish_msg = publish_msg
    return True


patch_comm()
