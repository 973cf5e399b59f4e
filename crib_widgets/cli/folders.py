"""The one home for writing into a folder: only files the command made, whole or not at all.

Every command that writes (`crib worksheet`, `crib assign`, `crib grade`, `crib class`) goes
through `write_owned`. Its promises:

- a file the command did not make is never removed or overwritten. A folder is recognised as the
  command's own by a marker file, ``.crib-files.json``, that lists the files it wrote there and
  what they are (a report, a set of worksheets, a class); nothing else makes a folder "ours";
- a folder that holds anything else is refused with a sentence saying what it holds (students'
  results files, a class's ``class.json``, other files), and nothing is written;
- files made for one class are never replaced by another class's: a class's files and its report
  are written with the class's fingerprint (``owner``), and a folder that holds another class's
  (told by its marker, its ``class.json``, its ``links.csv`` or its report) is refused in one
  sentence (`crib class rebuild 7B/answer-key.html --out 7A/`, `crib grade 7B --out 7A/report`);
- the new files are written into a hidden folder first and moved into place only when all are
  written, so a full disk or a name the system refuses leaves the folder as it was;
- a folder that cannot be made or written to is a sentence, never a traceback.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import tempfile
from argparse import Namespace
from dataclasses import dataclass
from pathlib import Path

from ..bounded import load_json
from ..errors import CribbageError

__all__ = ["MARKER", "KINDS", "Owned", "write_owned", "owned_files", "folder_class", "FolderError"]

MARKER = ".crib-files.json"
# What each command's folder is called in a sentence.
KINDS = {"report": "a class report", "worksheets": "a set of worksheets", "class": "a class"}
# Files an operating system drops into any folder it shows; they are never ours and never in the way.
_SYSTEM = frozenset({".DS_Store", "Thumbs.db", "desktop.ini"})
_MARKER_BYTES = 200_000
CLASS_FILE = "class.json"


class FolderError(CribbageError):
    """A folder that may not be written into; the message says why and that nothing was written."""


@dataclass(frozen=True)
class Owned:
    """What a folder holds: the files an earlier run of the same kind made, and everything else."""

    kind: str | None
    ours: tuple[str, ...]
    others: tuple[str, ...]


def _entries(out: Path) -> list[str]:
    try:
        return sorted(entry.name for entry in os.scandir(out))
    except OSError as error:
        raise FolderError(f"cannot look into the folder '{out}': {error.strerror or error}; nothing was "
                          "written") from None


def _marker_data(out: Path) -> dict:
    """The content of ``out``'s marker when it is a readable one, else {}."""
    path = out / MARKER
    try:
        with path.open("rb") as handle:
            raw = handle.read(_MARKER_BYTES + 1)
        data = json.loads(raw.decode("utf-8")) if len(raw) <= _MARKER_BYTES else None
    except (OSError, UnicodeDecodeError, ValueError, RecursionError):
        return {}
    if not (isinstance(data, dict) and data.get("crib_files") == 1 and data.get("kind") in KINDS
            and isinstance(data.get("files"), list)):
        return {}
    return data


def _marker(out: Path) -> tuple[str | None, set[str]]:
    """The kind and the files listed in ``out``'s marker, or (None, {}) when it has no readable one."""
    data = _marker_data(out)
    if not data:
        return None, set()
    return data["kind"], {f for f in data["files"] if isinstance(f, str) and f and "/" not in f}


_FINGERPRINT = re.compile(r"[0-9a-f]{16}")
# Where a class's fingerprint shows in the files crib writes for it: each link names it, as does the
# report's heading line ("class 0123456789abcdef") and the standings'.
_IN_LINKS = re.compile(r"[#&]class=([0-9a-f]{16})\b")
_IN_REPORT = re.compile("\u00b7 class ([0-9a-f]{16})\\b")
_PEEK_BYTES = 2_000_000


def _peek(path: Path) -> str:
    """The start of a file crib may have written, as text ("" when it cannot be read)."""
    try:
        with path.open("rb") as handle:
            return handle.read(_PEEK_BYTES).decode("utf-8", "replace")
    except OSError:
        return ""


def folder_class(out: Path) -> str | None:
    """The fingerprint of the class whose files (or report) ``out`` holds, or None when it holds none
    that says: its marker's, its ``class.json``'s, the first link of its ``links.csv``, its report's."""
    if not out.is_dir():
        return None
    owner = _marker_data(out).get("class")
    if isinstance(owner, str) and _FINGERPRINT.fullmatch(owner):
        return owner
    try:
        data = load_json(_peek(out / CLASS_FILE), CLASS_FILE) if (out / CLASS_FILE).is_file() else None
    except CribbageError:  # a damaged class file tells nothing: the links or the report may
        data = None
    if isinstance(data, dict) and isinstance(data.get("fingerprint"), str) \
            and _FINGERPRINT.fullmatch(data["fingerprint"]):
        return data["fingerprint"]
    for name, pattern in (("links.csv", _IN_LINKS), ("report.html", _IN_REPORT)):
        found = pattern.search(_peek(out / name)) if (out / name).is_file() else None
        if found:
            return found.group(1)
    return None


def owned_files(out: Path, legacy: tuple[str, frozenset[str]] | None = None) -> Owned:
    """Sort ``out``'s entries into files made by a command (listed in its marker) and all others.

    ``legacy`` (kind, names) says which files a folder made before markers existed holds as that
    kind's own, when it has no marker.
    """
    if not out.is_dir():
        return Owned(None, (), ())
    names = _entries(out)
    kind, listed = _marker(out) if MARKER in names else (None, set())
    if kind is None and legacy is not None:
        kind, listed = legacy[0], set(legacy[1])
    ours = tuple(n for n in names if n in listed)
    others = tuple(n for n in names if n not in listed and n != MARKER and n not in _SYSTEM)
    return Owned(kind, ours, others)


def _listing(names: tuple[str, ...] | list[str]) -> str:
    shown = ", ".join(names[:3])
    return shown if len(names) <= 3 else f"{shown} and {len(names) - 3} more"


def _what_it_holds(others: tuple[str, ...]) -> str:
    """The folder's content in words, the teacher's own files named first."""
    if CLASS_FILE in others:
        return "a class (class.json, which `crib grade` needs)"
    results = [n for n in others if n.lower().endswith(".json") or n.lower().endswith(".txt")]
    if results:
        return f"students' results or other files ({_listing(results)})"
    return f"files that crib did not make ({_listing(others)})"


def write_owned(out: Path, files: dict[str, str], kind: str, *, keep_others: bool = False,
                replace: bool = True, what: str = "the files",
                legacy: frozenset[str] = frozenset(), owner: str | None = None) -> tuple[str, ...]:
    """Write ``files`` (name -> text; a name may hold ``/`` for a sub-folder) into ``out`` as a whole.

    ``out`` may be missing, empty, or hold an earlier run's files of the same ``kind`` (listed in its
    marker): those are replaced, unless ``replace`` is false, which refuses them. Anything else in
    ``out`` is refused, unless ``keep_others``: then it is left alone and only a new file of the same
    name is refused. ``legacy`` names files taken as this kind's own in a folder without a marker.
    ``owner`` is the fingerprint of the class the files are for: a folder that holds another class's
    files is refused, and the marker records it. Returns the names of the earlier files removed.
    Raises `FolderError`.
    """
    out = Path(os.path.abspath(out))
    where = f"'{out}'"
    if out.exists() and not out.is_dir():
        raise FolderError(f"{where} is a file, not a folder: give a folder to write {what} into; "
                          "nothing was written")
    held = owned_files(out, (kind, legacy) if legacy else None)
    if held.ours and held.kind != kind:
        holds = _what_it_holds(held.ours) if CLASS_FILE in held.ours else KINDS[held.kind or kind]
        raise FolderError(f"the folder {where} holds {holds}, which is not {KINDS[kind]}: give a new or "
                          f"empty folder for {what} (nothing was written, nothing removed)")
    found = folder_class(out) if owner else None
    if found and found != owner:
        raise FolderError(f"the folder {where} holds the files of another class (class {found}), not this "
                          f"one (class {owner}): give this class's own folder or a new one (nothing was "
                          "written, nothing removed)")
    top = {name.split("/", 1)[0] for name in files} | {MARKER}
    if held.others and not keep_others:
        raise FolderError(f"the folder {where} holds {_what_it_holds(held.others)}: give a new or empty "
                          f"folder for {what} (nothing was written, nothing removed)")
    clash = sorted(top & set(held.others))
    if clash:
        raise FolderError(f"the folder {where} already holds {_listing(clash)}, which crib did not write: "
                          "move it away or give another folder; nothing was written")
    if held.ours and not replace:
        raise FolderError(f"the folder {where} already holds {KINDS[kind]} ({_listing(held.ours)}): give "
                          "a new folder, or add --replace to replace it as a whole")
    marker = {"crib_files": 1, "kind": kind, "files": sorted(top - {MARKER}),
              "note": "written by the crib command; it replaces only the files listed here"}
    if owner:
        marker["class"] = owner
    try:
        _write_set(out, {**files, MARKER: json.dumps(marker, indent=1) + "\n"},
                   [out / name for name in held.ours])
    except OSError as error:
        reason = error.strerror or str(error)
        raise FolderError(f"cannot write {what} into the folder {where}: {reason}; nothing was written "
                          "there") from None
    return held.ours


def _write_set(out: Path, files: dict[str, str], old: list[Path]) -> None:
    """Stage every file in a hidden folder beside ``out``, then move the whole set in (undone on failure)."""
    made = _make_parents(out.parent)
    try:
        stage = Path(tempfile.mkdtemp(prefix=f".{out.name}.", suffix=".new", dir=out.parent))
        os.chmod(stage, 0o777 & ~_umask())  # mkdtemp makes it private; the folder is an ordinary one
        try:
            for name, content in files.items():
                path = stage / name
                path.parent.mkdir(parents=True, exist_ok=True)
                _write(path, content)
            if not out.exists():
                os.replace(stage, out)
            else:
                _swap_in(stage, out, old)
        finally:
            shutil.rmtree(stage, ignore_errors=True)
    except BaseException:
        for folder in reversed(made):
            with contextlib.suppress(OSError):
                folder.rmdir()
        raise


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def _write(path: Path, content: str) -> None:
    path.write_text(content, encoding="utf-8", newline="\n")


def _make_parents(folder: Path) -> list[Path]:
    """Create ``folder`` and any missing parents; the folders created, outermost first."""
    missing = []
    while not folder.exists():
        missing.append(folder)
        folder = folder.parent
    for path in reversed(missing):
        path.mkdir()
    return list(reversed(missing))


def _swap_in(stage: Path, out: Path, old: list[Path]) -> None:
    """Move the finished set from ``stage`` into ``out``, taking ``old`` out first; undo on failure."""
    backup = Path(tempfile.mkdtemp(prefix=f".{out.name}.", suffix=".old", dir=out.parent))
    moved_out: list[Path] = []
    moved_in: list[Path] = []
    kept_marker = out / MARKER
    try:
        for path in [*old, *([kept_marker] if kept_marker.exists() else [])]:
            os.replace(path, backup / path.name)
            moved_out.append(path)
        for new in sorted(stage.iterdir()):
            os.replace(new, out / new.name)
            moved_in.append(out / new.name)
    except BaseException:
        for path in moved_in:
            with contextlib.suppress(OSError):
                shutil.rmtree(path) if path.is_dir() and not path.is_symlink() else path.unlink()
        for path in moved_out:
            with contextlib.suppress(OSError):
                os.replace(backup / path.name, path)
        raise
    finally:
        shutil.rmtree(backup, ignore_errors=True)


def report_folder(args: Namespace) -> Path:
    """Where the report goes: ``--out``, else ``report`` beside the class file (in the class folder)."""
    if args.out:
        return args.out
    return (args.classdir if args.classdir.is_dir() else args.classdir.parent) / "report"
