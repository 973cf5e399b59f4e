"""What a teacher walking through the class page met (issue 37 walk): each refused file is said in one
sentence in a teacher's words, with the right thing to do.

- a late student's file graded with the class file saved before she was added says so (it is signed by
  this class for her), never "check the spelling";
- a file from another class with the same set code says "another class", never "another set", and a
  student-code file from another class is not sent to the spelling on the class list;
- no fingerprint (hex) is shown to the teacher.
"""

from __future__ import annotations

import json
import re

import pytest

from crib_widgets.classroom import Choices, ClassDesk
from crib_widgets.classroom.desk import TournamentChoices
from crib_widgets.exercises.assign import Assignment, dealt_digest
from crib_widgets.exercises.results import DEALT_FIELD, FORMAT, make_results, now, sign
from crib_widgets.exercises.short import SHORT_PREFIX, _short_key, student_code

ROSTER = "Ann\nBen\nChloé\n"
CHOICES = Choices(kind="counting", difficulty="easy", hands=5, seed=2537)
HEX = re.compile(r"\b[0-9a-f]{12,}\b")


def _short_results(klass: Assignment, name: str) -> dict:
    """A results file as the page writes it for a student who typed the set code and their student code."""
    code = student_code(klass, name).replace("-", "")
    data = {"crib_results": FORMAT, "set": klass.code, "class": SHORT_PREFIX + code, "student": name,
            "answers": ["4"] * klass.hands, "saved": now(),
            DEALT_FIELD: dealt_digest(klass.student_set(name))}
    data["signature"] = sign(_short_key(klass.code, code), data)
    return data


def _raw(data: dict) -> bytes:
    return json.dumps(data, ensure_ascii=False).encode("utf-8")


@pytest.fixture()
def desk() -> ClassDesk:
    made = ClassDesk()
    assert made.make(ROSTER, CHOICES), made.message
    return made


def _refused(desk: ClassDesk, files: list[tuple[str, bytes]]) -> list[str]:
    desk.clear_handed_in()
    desk.hand_in(files)
    desk.grade()
    return desk.refused if desk.report is not None and desk.refused else [desk.message]


@pytest.mark.parametrize("short", [False, True])
def test_a_late_students_file_graded_with_the_older_class_file_says_she_was_added_after(desk, short):
    older = desk.class_text
    assert desk.add_students("Dana Late\n")
    bigger = desk.assignment
    data = _short_results(bigger, "Dana Late") if short else make_results(bigger, "Dana Late", ["4"] * 5)
    assert desk.load("class.json", older.encode())
    said = " ".join(_refused(desk, [("dana.json", _raw(data))]))
    assert "'Dana Late' was added to the class after this class file was saved: load the class file you " \
           "downloaded after adding them" in said, said
    assert "spelling" not in said
    assert desk.load("class.json", json.dumps(bigger.to_json()).encode("utf-8"))  # the newer file
    desk.grade()
    assert not desk.refused and "Dana Late" in {row.student for row in desk.report.students}


@pytest.mark.parametrize("short", [False, True])
def test_a_file_from_another_class_of_the_same_set_code_says_another_class(desk, short):
    other = Assignment("counting", "easy", 5, 2537, ("Ann", "ZOE o'neil", "Max"))
    data = _short_results(other, "ZOE o'neil") if short else make_results(other, "Max", ["4"] * 5)
    said = " ".join(_refused(desk, [("zoe.json", _raw(data))]))
    assert "zoe.json: from another class (same set code): load that class's file to grade it" in said, said
    assert "another set" not in said and "spelling" not in said and not HEX.search(said), said


def test_a_file_of_another_set_names_the_set_without_fingerprints(desk):
    other = Assignment("counting", "medium", 5, 2537, ("Ann",))
    said = " ".join(_refused(desk, [("ann.json", _raw(make_results(other, "Ann", ["4"] * 5)))]))
    assert "ann.json: for another set (set counting/medium/5/2537), not this class's set " \
           "counting/easy/5/2537: load that set's class file to grade it" in said, said
    assert not HEX.search(said), said


def test_a_name_not_on_the_list_and_not_signed_by_this_class_still_asks_for_the_spelling(desk):
    data = make_results(desk.assignment, "Ann", ["4"] * 5)
    data["student"] = "Anne Smyth"  # a name edited in: signed for no one of this class
    said = " ".join(_refused(desk, [("anne.json", _raw(data))]))
    assert "'Anne Smyth' is not on the class list" in said, said


PHOTO = b"\x89PNG\r\n\x1a\n\x00\x00\xff"
ZIP = b"PK\x03\x04\x14\x00\xff\xfe"
LOAD = "load the class.json you downloaded when you made the class (or its answer key)"


def test_files_that_are_not_results_are_said_in_a_teachers_words(desk):
    whole = json.dumps(make_results(desk.assignment, "Ann", ["4"] * 5))
    said = _refused(desk, [("photo.png", PHOTO), ("work.zip", ZIP),
                           ("results.json", whole[: len(whole) // 2].encode()),
                           ("notes.json", b"Ann did her homework")])
    text = " ".join(said)
    for name in ("photo.png", "work.zip"):
        assert f"{name} is a picture or other file, not a results file the assignment page saves" in text
    assert "results.json: cut short or damaged: ask for the file the assignment page saved, whole" in text
    assert "notes.json: not a results file the assignment page saves" in text, text
    for word in ("UTF-8", "JSON", "crib_class", "crib assign"):
        assert word not in text, (word, text)


@pytest.mark.parametrize(("name", "raw", "says"), [
    ("photo.png", PHOTO, f"'photo.png' is a picture or other file, not a class file: {LOAD}."),
    ("results-ann.json", b'{"crib_results": 2}', f"'results-ann.json' is not a class file: {LOAD}."),
])
def test_a_file_that_is_not_a_class_file_is_said_in_a_teachers_words(desk, name, raw, says):
    before = desk.assignment
    assert not desk.load(name, raw)
    assert desk.message == says and desk.assignment is before, desk.message


@pytest.mark.parametrize("tournament", [False, True])
def test_a_changed_class_file_or_a_page_without_one_is_said_without_the_command_line(tournament):
    desk = ClassDesk()
    assert desk.make(ROSTER, TournamentChoices() if tournament else CHOICES), desk.message
    data = json.loads(desk.class_text)
    edited = json.dumps(dict(data, roster=[*data["roster"], "Mallory"])).encode()
    assert not desk.load("class.json", edited)
    assert desk.message == ("'class.json' was changed after it was saved (it no longer matches its own "
                            "check): load the class file as you downloaded it, or make the class again.")
    assert not desk.load("page.html", b"<html><body>hi</body></html>")
    assert desk.message == ("'page.html' holds no copy of the class file (an answer key from an older "
                            f"version of the book has none): {LOAD}."), desk.message


def test_each_link_in_the_links_table_is_named_for_its_student_not_read_as_its_address():
    """A screen reader read all 25 links of the table as their raw addresses."""
    from html.parser import HTMLParser

    from crib_widgets.widgets.class_desk import ClassDeskView

    view = ClassDeskView(ClassDesk())
    view.desk.make("María García\nAnn\nSam O'Neil\n", CHOICES)
    view.made.value = view._made_html()
    found: list[tuple[dict, str]] = []

    class Links(HTMLParser):
        def handle_starttag(self, tag, attrs):
            if tag == "a" and dict(attrs).get("target") == "_blank":
                found.append((dict(attrs), ""))

        def handle_data(self, data):
            if found and not found[-1][1]:
                found[-1] = (found[-1][0], data)

    Links().feed(view.made.value)
    names = ["María García", "Ann", "Sam O'Neil"]
    links = [(a, text) for a, text in found if "#" in a["href"]]
    assert [a.get("aria-label") for a, _ in links] == [f"{n}'s link" for n in names], links
    for a, text in links:
        assert text.endswith("\u2026") and a["href"].startswith(text[:-1])  # the address still shown
