"""The rest of the standard library, fetched when first imported (lite/runtime/src/later_library.py).

The browser's Python gets it over the network; here the fetch is replaced by a zip made on the spot,
and the finder is tried on a real import system.
"""

import importlib.util
import io
import sys
import zipfile
from pathlib import Path

import pytest

SOURCE = Path(__file__).resolve().parents[1] / "lite" / "runtime" / "src" / "later_library.py"


def _module():
    spec = importlib.util.spec_from_file_location("later_library", SOURCE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _zip() -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as packed:
        packed.writestr("crib_later_top.py", "WHAT = 'top'\n")
        packed.writestr("crib_later_pkg/__init__.py", "")
        packed.writestr("crib_later_pkg/inner.py", "WHAT = 'inner'\n")
    return out.getvalue()


@pytest.fixture
def later(tmp_path, monkeypatch):
    module = _module()
    fetches = []
    monkeypatch.setattr(module, "_fetch", lambda url: fetches.append(url) or _zip())
    finder = module.LaterLibrary("later.zip.gz", ["crib_later_top", "crib_later_pkg", "crib_later_pkg.inner"],
                                 where=str(tmp_path / "later.zip"))
    monkeypatch.setattr(sys, "meta_path", [*sys.meta_path, finder])
    yield finder, fetches
    for name in ("crib_later_top", "crib_later_pkg", "crib_later_pkg.inner"):
        sys.modules.pop(name, None)


def test_its_modules_are_fetched_once_when_first_imported(later):
    finder, fetches = later
    assert not finder.fetched
    import crib_later_pkg.inner
    import crib_later_top

    assert (crib_later_top.WHAT, crib_later_pkg.inner.WHAT) == ("top", "inner")
    assert fetches == ["later.zip.gz"] and finder.fetched


def test_other_missing_modules_fetch_nothing_and_say_what_is_missing(later):
    finder, fetches = later
    with pytest.raises(ModuleNotFoundError, match="crib_no_such_module"):
        import crib_no_such_module  # noqa: F401
    assert fetches == [] and not finder.fetched


def test_a_failed_fetch_is_an_import_error_that_says_why(tmp_path, monkeypatch):
    module = _module()

    def offline(url):
        raise ImportError(f"the rest of Python's standard library could not be fetched ({url}): offline")

    monkeypatch.setattr(module, "_fetch", offline)
    finder = module.LaterLibrary("later.zip.gz", ["crib_later_top"], where=str(tmp_path / "later.zip"))
    monkeypatch.setattr(sys, "meta_path", [*sys.meta_path, finder])
    with pytest.raises(ImportError, match="could not be fetched"):
        import crib_later_top  # noqa: F401
    assert not finder.fetched  # the next import tries again


def test_install_puts_one_finder_last():
    module = _module()
    saved = list(sys.meta_path)
    try:
        module.install("a", ["x"])
        module.install("a", ["x"])
        assert isinstance(sys.meta_path[-1], module.LaterLibrary)
        assert sum(isinstance(f, module.LaterLibrary) for f in sys.meta_path) == 1
    finally:
        sys.meta_path[:] = saved
