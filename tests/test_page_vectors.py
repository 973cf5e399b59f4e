"""issue 40 item 5: the assignment page gets from Python the answer box's example, the question as
shown, the results file's name, the mark and detail of each reply and the progress to attach, and
works none of them out itself. tests/data/page_vectors.json holds Python's values; node --test checks
the page's lib/payload.js reads them (lite/runtime/test/payload.test.mjs)."""

from __future__ import annotations

import ast
import importlib.util
import json
import re
from pathlib import Path

from crib_widgets.exercises.assign import Assignment, decode_page_data
from crib_widgets.exercises.class_folder import class_files
from crib_widgets.exercises.file_names import file_stem, results_name
from crib_widgets.exercises.results import attach_progress, make_results, read_results
from crib_widgets.lessons.store import Store

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data"
PAGE = ROOT / "lite" / "runtime" / "src" / "page"
VECTORS = json.loads((DATA / "page_vectors.json").read_text(encoding="utf-8"))


def _maker():
    spec = importlib.util.spec_from_file_location("make_page_vectors", DATA / "make_page_vectors.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_python_gives_every_value_of_the_page_vectors():
    made = _maker().vectors()
    for part in ("sets", "replies", "progress"):
        assert VECTORS[part] == made[part], f"{part}: run tests/data/make_page_vectors.py, read the diff"


def test_the_results_file_is_named_as_the_worksheet_is_even_for_a_long_name():
    """The page's own stem (the whole name, lowercased) diverged from file_stem for long names."""
    long_name = _maker().LONG
    klass = Assignment("counting", "easy", 1, 7, (long_name, "Ann"), secret="77" * 16)
    assert f"worksheet-{file_stem(long_name)}.html" in class_files(klass)
    payload = decode_page_data(klass.link(long_name).split("&q=")[1].split("&")[0])
    assert payload["file"] == results_name(long_name) == f"results-{file_stem(long_name)}.json"
    assert len(results_name(long_name).encode("utf-8")) < 255


def test_the_attached_progress_is_read_back_as_the_report_reads_it():
    klass = Assignment("counting", "easy", 1, 7, ("Ann",), secret="11" * 16)
    chosen = [c for c in VECTORS["progress"] if "json" in c["attach"]]
    assert chosen
    for case in chosen:
        attached = json.loads(case["attach"]["json"])
        data = attach_progress(make_results(klass, "Ann", ["1"]), attached)
        got = read_results(klass, json.dumps(data), "results-ann.json", Store.from_text)
        assert got.progress == Store.from_text(case["attach"]["json"]) and not got.progress_problem
        assert {a.id for a in got.progress.answers} <= {a.id for a in Store.from_text(case["kept"]).answers}


def test_the_pages_python_line_for_the_progress_imports_and_gives_the_vectors():
    """The page runs PROGRESS_IMPORT, then progressCall's expression (lib/payload.js): both run here
    give what the vectors hold (a wrong module in the import line fails here, not only in a browser)."""
    script = (PAGE / "lib" / "payload.js").read_text(encoding="utf-8")
    (line,) = re.findall(r'export const PROGRESS_IMPORT = "([^"]+)";', script)
    names: dict[str, object] = {"json": json}
    exec(line, names)  # the page's own import line
    for case in VECTORS["progress"]:
        call = f"json.dumps(attachable_progress({_js_stringify(case['kept'])}))"
        assert json.loads(eval(call, names)) == case["attach"], case["what"]


def test_the_kept_text_reaches_python_as_it_is():
    """The page writes the kept text as a JSON string literal into the Python it runs (lib/payload.js
    progressCall): Python reads that literal back to the very same text, odd characters and all."""
    for text in [*(c["kept"] for c in VECTORS["progress"]), "\ud800 \u2028 \x00 \\ \" ' \n é 😀 \udfff"]:
        assert ast.literal_eval(_js_stringify(text)) == text


def _js_stringify(text: str) -> str:
    """JSON.stringify of a string: non-ASCII kept, control characters and lone surrogates escaped
    (a well-formed stringify, ES2019), as the page writes it."""
    escaped = json.dumps(text, ensure_ascii=False)
    return re.sub("[\ud800-\udfff]", lambda m: f"\\u{ord(m.group()):04x}", escaped)


def test_the_page_no_longer_looks_for_pythons_wording_nor_remakes_names_or_progress():
    page = (PAGE / "assignment.js").read_text(encoding="utf-8")
    for wording in ('startsWith("Scoring the play")', 'split(" Accept,")', "RECENT", "MAX_ATTACHED",
                    "not yet|read as", 'replace(/[^\\p{L}\\p{N}]+/gu, "-")', "✔ Right"):
        assert wording not in page, wording
    assert re.search(r"from \"\./lib/payload\.js\"", page)


def test_a_link_whose_cards_python_no_longer_deals_is_told_not_checked():
    """A link carries its cards; the page's Python checks against the cards it deals. A link whose
    cards it deals neither now nor dealt before accents were folded (those are checked on their own
    cards: tests/test_accents_old_sets.py) would be checked against other cards: the reply says so
    instead ("stale"), and a link's own cards are checked."""
    from crib_widgets.exercises.assign import page_reply
    from crib_widgets.exercises.page_payload import MARKS, STALE

    klass = Assignment("counting", "easy", 3, 7, ("Chloé Dupré", "Ben"), secret="12" * 16)
    own = decode_page_data(klass.link("Chloé Dupré").split("&q=")[1].split("&")[0])["questions"]
    other = decode_page_data(klass.link("Ben").split("&q=")[1].split("&")[0])["questions"]
    for mine, theirs in zip(own, other, strict=True):
        args = (klass.code, "Chloé Dupré", mine["n"], "12", True)
        assert json.loads(page_reply(*args, json.dumps(mine)))["status"] in ("right", "wrong")
        stale = json.loads(page_reply(*args, json.dumps(theirs)))
        assert (stale["status"], stale["mark"], stale["detail"]) == ("stale", MARKS["stale"], STALE)
    renamed = {**own[0], "hand": [[c[0], "another way to say it"] for c in own[0]["hand"]]}
    for shown in (json.dumps(renamed), "[" * 50):  # cards named in other words; a damaged question
        assert json.loads(page_reply(klass.code, "Chloé Dupré", 1, "12", True, shown))["status"] != "stale"
