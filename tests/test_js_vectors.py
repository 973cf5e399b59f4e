"""tests/data/js_vectors.json holds what the page scripts must compute as Python does (the results
signature, name folding, reading an assignment link); `node --test` checks the JavaScript against the
same file (lite/runtime/test/vectors.test.mjs). Here: Python still gives every value in it."""

import importlib.util
import json
from pathlib import Path

DATA = Path(__file__).resolve().parent / "data"


def _maker():
    spec = importlib.util.spec_from_file_location("make_js_vectors", DATA / "make_js_vectors.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_python_gives_every_value_of_the_js_vectors():
    kept = json.loads((DATA / "js_vectors.json").read_text(encoding="utf-8"))
    made = _maker().vectors()
    for part in ("names", "signatures", "links"):
        assert kept[part] == made[part], f"{part}: run tests/data/make_js_vectors.py, read the diff"


def test_the_vectors_cover_what_the_page_tells_apart():
    kept = json.loads((DATA / "js_vectors.json").read_text(encoding="utf-8"))
    assert {case["problem"] for case in kept["links"]} == {None, "cut", "changed"}
    assert any(case["link"] is None for case in kept["links"])  # the practice form
    assert any(n["key"] != n["name"].lower() for n in kept["names"])  # casefold, not lower: Straße
    assert any(None in case["answers"] for case in kept["signatures"])
