"""segno reaches the book's in-browser Python: the lite/ build serves every dependency of crib_widgets
and locks it, so the in-place pages' packages zip holds it; crib_widgets imports it only to draw."""

from __future__ import annotations

import importlib.util
import io
import re
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _load(name: str, path: Path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


build_lite = _load("build_lite_for_qr", ROOT / "scripts" / "build_lite.py")
sys.path.insert(0, str(ROOT / "lite"))  # lite/'s modules import each other by name, as under Sphinx
live_python = importlib.import_module("live_python")


def test_every_dependency_of_crib_widgets_is_served_to_the_in_browser_python():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    needed = {build_lite.canonical(re.match(r"[A-Za-z0-9._-]+", d).group(0)) for d in project["dependencies"]}
    served = {build_lite.canonical(n) for n in [*build_lite.WIDGET_RUNTIME, *build_lite.OWN_DEPENDENCIES]}
    assert "segno" in needed
    assert needed <= served


def test_the_packages_zip_takes_segno_when_crib_widgets_depends_on_it(tmp_path):
    segno_wheel = tmp_path / "segno-1.6.6-py3-none-any.whl"
    own = tmp_path / "crib_widgets-0.1.0-py3-none-any.whl"
    for wheel, files in [(segno_wheel, {"segno/__init__.py": "", "segno-1.6.6.dist-info/METADATA":
                                        "Name: segno\nVersion: 1.6.6\n"}),
                         (own, {"crib_widgets/qr.py": "", "crib_widgets-0.1.0.dist-info/METADATA":
                                "Name: crib_widgets\nVersion: 0.1.0\nRequires-Dist: ipywidgets>=8.1\n"
                                "Requires-Dist: segno>=1.6\n"})]:
        with zipfile.ZipFile(wheel, "w") as zf:
            for name, text in files.items():
                zf.writestr(name, text)
    known = {"segno", "ipywidgets", "crib-widgets"}
    entry = build_lite.lock_entry(own, known)
    assert entry["depends"] == ["ipywidgets", "segno"]
    lock = {"packages": {"crib-widgets": entry, "segno": build_lite.lock_entry(segno_wheel, known),
                         "ipywidgets": {"file_name": "ipywidgets-8-py3-none-any.whl", "depends": []}}}
    assert live_python.live_wheels(lock) == ["ipywidgets-8-py3-none-any.whl", segno_wheel.name, own.name]


def test_segno_is_imported_only_when_a_code_is_drawn():
    code = ("import sys, crib_widgets.qr, crib_widgets.exercises.short\n"
            "assert 'segno' not in sys.modules, 'imported early'\n"
            "crib_widgets.qr.qr_svg('x', 'QR code')\n"
            "assert 'segno' in sys.modules\n")
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT)


def test_the_packages_zip_leaves_out_what_segno_never_imports_in_the_page(tmp_path):
    """Every live page downloads the packages zip as it starts: segno's command line, type stubs and
    man page stay out (its modules are imported only when a QR code is drawn)."""
    wheel = tmp_path / "segno-1.6.6-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as zf:
        for name in ("segno/__init__.py", "segno/encoder.py", "segno/writers.py", "segno/cli.py",
                     "segno/__init__.pyi", "segno-1.6.6.data/data/share/man/man1/segno.1",
                     "segno-1.6.6.dist-info/RECORD", "segno-1.6.6.dist-info/METADATA"):
            zf.writestr(name, "x = 1\n")
    packed = zipfile.ZipFile(io.BytesIO(live_python.packages_zip([wheel]))).namelist()
    assert packed == ["segno-1.6.6.dist-info/METADATA", "segno/__init__.py", "segno/encoder.py",
                      "segno/writers.py"]
