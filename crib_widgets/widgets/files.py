"""Files handed to and from a page without a server: a download link holding the file, and the files
an ipywidgets ``FileUpload`` holds. Shared by the class desk and My progress."""

from __future__ import annotations

import base64
from collections.abc import Iterable

from .styles import esc

__all__ = ["download_link", "uploaded_files"]


def download_link(name: str, content: str | bytes, label: str, mime: str, main: bool = False) -> str:
    """A link that saves ``content`` as ``name`` (a data address: nothing is fetched); ``main`` styles it
    as the page's main action."""
    raw = content.encode("utf-8") if isinstance(content, str) else content
    href = f"data:{mime};base64,{base64.b64encode(raw).decode('ascii')}"
    css = "crib-download crib-main" if main else "crib-download"
    return f'<a class="{css}" download="{esc(name)}" href="{href}">{esc(label)}</a>'


def uploaded_files(value: Iterable) -> list[tuple[str, bytes]]:
    """(name, bytes) of each file a FileUpload holds."""
    return [(str(f["name"]), bytes(f["content"])) for f in value]
