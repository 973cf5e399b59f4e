"""tests/data/js_vectors.json holds what the page scripts must compute as Python does (the results
signature, name folding, reading an assignment link, the bounded reader's sentence for each hostile
text, the escapes kept progress is handed to Python with); `node --test` checks the JavaScript against the
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
    for part in ("names", "signatures", "links", "reader", "escapes"):
        assert kept[part] == made[part], f"{part}: run tests/data/make_js_vectors.py, read the diff"


def test_the_vectors_cover_what_the_page_tells_apart():
    kept = json.loads((DATA / "js_vectors.json").read_text(encoding="utf-8"))
    assert {case["problem"] for case in kept["links"]} == {None, "cut", "changed"}
    assert any(case["link"] is None for case in kept["links"])  # the practice form
    assert any(n["key"] != n["name"].lower() for n in kept["names"])  # casefold, not lower: Straße
    assert any(None in case["answers"] for case in kept["signatures"])


def test_the_reader_vectors_cover_every_class_the_reader_refuses():
    kept = json.loads((DATA / "js_vectors.json").read_text(encoding="utf-8"))
    said = " ".join(case["problem"] or "" for case in kept["reader"])
    for phrase in ("nested", "digits long", "out of range", "a broken letter", "an invisible character",
                   "larger than", "not JSON"):
        assert phrase in said, phrase
    assert any(case["problem"] is None for case in kept["reader"])


def test_kept_text_escaped_for_python_reads_as_the_raw_text_would():
    """The page hands Python the escaped text: inside JSON strings it is the same document."""
    kept = json.loads((DATA / "js_vectors.json").read_text(encoding="utf-8"))
    for case in kept["escapes"]:
        if case["text"].startswith(("{", "[")):
            assert json.loads(case["escaped"], strict=False) == json.loads(case["text"], strict=False)
