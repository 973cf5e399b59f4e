"""Issue 38: a property-based fuzz of reading a results file with its attached progress: cutting the
progress out agrees with a JSON parser on every object, and no text in the progress slot (or
anywhere) stops `collect` with anything but one line for that file."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from crib_widgets.exercises.assign import Assignment
from crib_widgets.exercises.collect import collect
from crib_widgets.exercises.results import make_results, split_progress
from crib_widgets.lessons.store import Store

CLASS = Assignment("counting", "easy", 2, 7, ("Ann",), secret="77" * 16)
FILE = json.dumps(make_results(CLASS, "Ann", ["2", None], saved="2026-12-01T09:00:00+00:00"), indent=1)
SCALARS = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8)
VALUES = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=4)
                      | st.dictionaries(st.text(max_size=5), inner, max_size=4), max_leaves=20)


@settings(max_examples=200, deadline=None)
@given(st.dictionaries(st.text(max_size=6).filter(lambda k: k != "progress"), VALUES, max_size=5), VALUES,
       st.booleans(), st.integers(0, 10))
def test_cutting_the_progress_out_agrees_with_a_json_parser(members, progress, ascii_only, spaces):
    data = {**members, "progress": progress}
    text = json.dumps(data, ensure_ascii=ascii_only, indent=spaces or None)
    rest, cut = split_progress(text)
    assert json.loads(rest) == members and json.loads(cut) == progress


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(max_size=300) | st.text(alphabet='[]{}"\\:,0123456789.e-tfnul ', max_size=300))
def test_anything_in_the_progress_slot_is_graded_or_one_line(slot):
    text = FILE[:-2] + ',\n "progress": ' + slot + "\n}"
    got = collect(CLASS, [("r.json", text)], read_progress=Store.from_text)
    assert len(got.taken) + len(got.refused) == 1
    assert all("\n" not in line for line in got.refused + got.notes)
    if got.taken:
        assert got.taken["Ann"].answers == ["2", None]


@settings(max_examples=200, deadline=None)
@given(st.integers(0, len(FILE)), st.text(max_size=20))
@example(at=FILE.index("counting") + 6, inserted="\\")  # "counti\ng/...": a line break in the set code
def test_any_edit_of_a_results_file_is_graded_or_one_line(at, inserted):
    got = collect(CLASS, [("r.json", FILE[:at] + inserted + FILE[at:])])
    assert len(got.taken) + len(got.refused) == 1 and all("\n" not in line for line in got.refused)


def test_a_file_name_or_an_unread_line_with_a_line_break_is_still_one_line():
    """A file's name comes from the teacher's disk or the browser (a name may hold a line break); a
    refusal quotes it, and says it in one line all the same."""
    files = [("r\nevil\u2028.json", "not json"), ("ann\r.json", FILE)]
    got = collect(CLASS, files, ["a folder\nb: unreadable"])
    assert len(got.refused) == 2 and len(got.taken) == 1
    assert all(line.isprintable() for line in got.refused), got.refused
    assert got.refused[1].startswith("r evil .json: not a results file")
