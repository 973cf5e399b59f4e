"""The class page's view (crib_widgets.widgets.class_desk): dropped files, tournaments, and the
minor faults of issue 37 item 10, driven without a browser."""

from __future__ import annotations

import base64
import datetime
import html
import json
from pathlib import Path

from crib_widgets.classroom import ClassDesk
from crib_widgets.exercises.results import make_results, short_results
from crib_widgets.exercises.short import student_code
from crib_widgets.widgets.class_desk import ClassDeskView, dropped

ROSTER = "Ann\nBen\nChloé\n"


def _picked(name: str, raw: bytes) -> dict:
    return {"name": name, "type": "application/json", "size": len(raw), "content": memoryview(raw),
            "last_modified": datetime.datetime.now()}


def _b64(raw: bytes) -> str:
    return base64.b64encode(raw).decode("ascii")


def _made_view() -> ClassDeskView:
    view = ClassDeskView(ClassDesk())
    view.roster.value = ROSTER
    view.hands.value = 2
    view.make_button.click()
    assert "Made set" in view.make_status.value
    return view


def test_both_upload_buttons_say_what_they_do_and_are_drop_zones():
    view = ClassDeskView(ClassDesk())
    for upload in (view.class_upload, view.results_upload):
        assert upload.tooltip and "drop" in upload.tooltip  # was None: the page showed "null"
        assert upload.layout.width == "auto"  # "Load the class …" was cut off
    classes = {c for w in _all(view) for c in getattr(w, "_dom_classes", ())}
    assert {"crib-drop", "crib-drop-class", "crib-drop-results", f"crib-desk-{view.number}"} <= classes


def _all(widget):
    yield widget
    for child in getattr(widget, "children", ()):
        yield from _all(child)


def test_files_dropped_on_the_page_are_loaded_and_handed_in():
    first = _made_view()
    klass, text = first.desk.assignment, first.desk.class_text.encode("utf-8")
    view = ClassDeskView(ClassDesk())
    said = dropped(view.number, "class", [("class.json", _b64(text))])
    assert said.startswith("Loaded set") and view.desk.assignment.fingerprint == klass.fingerprint
    files = [("results-ann.json", _b64(json.dumps(make_results(klass, "Ann", ["4", "2"])).encode())),
             ("results-ben.json", _b64(json.dumps(short_results(klass, "Ben", ["1", None])).encode())),
             ("photo.json", "not base64!")]
    said = dropped(view.number, "results", files)
    assert said.startswith("3 files ready to grade") and "results-ben.json" in view.pile.value
    assert len(view.results_upload.value) == 3 and len(view.class_upload.value) == 1  # the buttons' counts
    view.grade_button.click()
    assert sorted(row.student for row in view.desk.report.students) == ["Ann", "Ben"]  # Ben by his code
    assert len(view.desk.refused) == 1 and "photo.json" in view.desk.refused[0]
    assert "could not be graded" in view.grade_status.value
    assert dropped(10**9, "results", files).startswith("This class page was reloaded")
    assert dropped(view.number, "class", []).startswith("Drop one class file")
    assert "Drop one class file" in view.class_status.value and view.desk.assignment is not None


def test_a_failed_class_load_hides_the_old_report_and_says_which_class_stays():
    view = _made_view()
    klass = view.desk.assignment
    raw = json.dumps(make_results(klass, "Ann", ["4", "2"])).encode()
    view.results_upload.value = (_picked("results-ann.json", raw),)
    assert len(view.results_upload.value) == 1  # the button's count says a file was taken
    view.grade_button.click()
    assert view.shown.value
    view.class_upload.value = (_picked("notes.json", b'{"hello": 1}'),)
    assert "still the one graded" in view.class_status.value and klass.code in view.class_status.value
    assert view.shown.value == "" and "Press Grade" in view.grade_status.value
    view.clear_button.click()
    assert view.results_upload.value == ()


def test_the_links_say_how_to_send_them_not_the_nbgrader_notebooks_path():
    """Seen on the page: the sentence on the links was replaced by a bare
    "nbgrader/source/crib-counting-easy-10-7445/crib-counting-easy-10-7445.ipynb"."""
    view = _made_view()
    assert "put the book's web address in front of each" in view.made.value
    assert "nbgrader/source/" not in view.made.value
    view.desk.site = "https://example.org/book/"
    view.made.value = view._made_html()
    assert "Each Copy button copies the whole link" in view.made.value


def test_a_class_made_or_loaded_clears_what_was_said_before_it():
    """Seen on the page: "Make the class or load its class file first" and "Load your class file
    first" stayed in red under a class just made, and another class's report under a class loaded."""
    view = ClassDeskView(ClassDesk())
    view.late.value = "Dana Late"
    view.late_button.click()
    view.grade_button.click()
    assert "first" in view.late_status.value and "first" in view.grade_status.value
    view.roster.value = ROSTER
    view.hands.value = 2
    view.make_button.click()
    assert view.late_status.value == "" and view.grade_status.value == ""
    raw = json.dumps(make_results(view.desk.assignment, "Ann", ["4", "2"])).encode()
    view.results_upload.value = (_picked("results-ann.json", raw),)
    view.grade_button.click()
    assert view.shown.value and "graded" in view.grade_status.value
    other = _made_view().desk
    view.class_upload.value = (_picked("class.json", other.class_text.encode("utf-8")),)
    assert "Loaded set" in view.class_status.value
    assert view.shown.value == "" and view.grade_status.value == ""
    raw = json.dumps(make_results(other.assignment, "Ben", ["4", "2"])).encode()
    view.results_upload.value = (_picked("results-ben.json", raw),)
    view.grade_button.click()
    assert view.shown.value
    view.make_button.click()  # a new class made: the report of the class loaded goes too
    assert view.shown.value == "" and view.grade_status.value == ""


def test_the_links_show_each_students_code_and_the_class_file_sentence_is_one():
    view = _made_view()
    made = view.made.value
    for name in ("Ann", "Ben", "Chloé"):
        assert student_code(view.desk.assignment, name) in made
    assert "nothing else can make it again" not in made + view.make_status.value
    assert "holds a second copy" in made


def test_a_tournament_is_made_on_the_page():
    view = ClassDeskView(ClassDesk())
    view.roster.value = ROSTER
    view.kind.value = "tournament"
    assert view.cup_row.layout.display is None and view.set_row.layout.display == "none"
    view.deals.value, view.computer.value = 2, "beginner"
    view.make_button.click()
    assert view.desk.is_tournament and "only copy" in view.made.value
    assert "answer-key" not in view.made.value and "student code" not in view.made.value
    assert "No e-mail? A tournament has nothing shorter to type than its links" in view.made.value
    view.kind.value = "counting"
    assert view.cup_row.layout.display == "none" and view.set_row.layout.display is None


def test_late_students_are_added_on_the_page_and_the_links_sent_stay_the_same():
    view = _made_view()
    before = dict(view.desk.links)
    view.late.value = "Dana Late\n"
    view.late_button.click()
    assert "Added Dana Late" in view.late_status.value
    assert "Download the class file again" in view.late_status.value
    assert {k: v for k, v in view.desk.links.items() if k in before} == before
    assert "Dana Late" in view.made.value and "Dana Late" in view.desk.class_text
    view.late.value = "ann\n"  # already on the list
    view.late_button.click()
    assert "'ann' and 'Ann' are the same student" in html.unescape(view.late_status.value)
    view.late.value = "Chloe\n"  # Chloé spelt without her accent: the same person
    view.late_button.click()
    assert "on the class list already, as Chloé" in view.late_status.value
    assert view.desk.assignment.students == ("Ann", "Ben", "Chloé", "Dana Late")


def test_late_students_need_a_class_first():
    view = ClassDeskView(ClassDesk())
    view.late.value = "Dana Late"
    view.late_button.click()
    assert "Make the class or load its class file first" in view.late_status.value


def test_the_class_page_says_how_a_tournament_reaches_a_student_without_e_mail():
    book = Path(__file__).resolve().parents[1] / "book" / "teachers_class.ipynb"
    cells = json.loads(book.read_text(encoding="utf-8"))["cells"]
    said = " ".join(" ".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown").split())
    assert "A tournament has no student codes to type from paper: without e-mail, open each student's" in said


def test_the_results_button_counts_every_file_held_not_the_last_go():
    view = _made_view()
    klass = view.desk.assignment
    raws = {name: json.dumps(make_results(klass, name, ["4", "2"])).encode()
            for name in ("Ann", "Ben", "Chloé")}
    view.results_upload.value = (_picked("results-ann.json", raws["Ann"]),
                                 _picked("results-ben.json", raws["Ben"]))
    view.results_upload.value = (_picked("results-chloe.json", raws["Chloé"]),
                                 _picked("results-ann.json", raws["Ann"]))  # Ann's again: counted once
    # ipywidgets labels the button "Add results files (N)" with N = len(value): it read "(2)" here before
    assert len(view.results_upload.value) == 3 and "Ready to grade (3)" in view.pile.value
    assert len(view.desk.handed_in) == 3
    view.grade_button.click()
    assert sorted(row.student for row in view.desk.report.students) == ["Ann", "Ben", "Chloé"]
    view.clear_button.click()
    assert view.results_upload.value == () and "No results files yet" in view.pile.value
    view.results_upload.value = (_picked("results-ben.json", raws["Ben"]),)
    assert len(view.results_upload.value) == 1 and len(view.desk.handed_in) == 1


def test_the_class_list_label_says_a_schools_export_can_be_pasted():
    view = ClassDeskView(ClassDesk())
    labels = " ".join(html.unescape(w.value) for w in _all(view) if hasattr(w, "value") and
                      isinstance(w.value, str))
    assert "one name per line" not in labels
    assert "Last, First" in labels and "header row" in labels
    view.roster.value = "Last name,First name\nGarcía,María\nSmith,Jack\n"
    view.hands.value = 2
    view.make_button.click()
    assert "for 2 students" in html.unescape(view.make_status.value)
