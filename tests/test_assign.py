"""Assignments: the roster check, the links, the class file, the page's data and replies."""

from __future__ import annotations

import json
from urllib.parse import parse_qs

import pytest

from crib_widgets.errors import CribbageError
from crib_widgets.exercises import make_set
from crib_widgets.exercises.assign import (
    Assignment,
    decode_page_data,
    fold_name,
    load_class,
    page_reply,
    practice_data,
)

ROSTER = ("Chloé", "Ben", "Ann Smith", "Zoë Ng")


def _class(**options) -> Assignment:
    return Assignment("counting", "medium", 4, 7, ROSTER, secret="ab" * 16, **options)


@pytest.mark.parametrize(("typed", "listed"), [("chloé", "Chloé"), ("  ANN   smith ", "Ann Smith"),
                                               ("Chlo\u0065\u0301", "Chloé"), ("Chloe", "Chloé"),
                                               ("Zoe Ng", "Zoë Ng"), ("Smith, Ann", "Ann Smith")])
def test_names_are_found_whatever_the_case_spacing_or_unicode_form(typed, listed):
    assert _class().find_student(typed) == listed


@pytest.mark.parametrize(("typed", "hint"), [
    ("Chlo", "did you mean Chloé?"),
    ("Zoe N", "did you mean Zoë Ng?"),
    ("Benn", "did you mean Ben?"),
    ("Xavier", "check the spelling on the class list"),
])
def test_an_unknown_name_is_refused_with_the_closest_names_never_guessed(typed, hint):
    with pytest.raises(CribbageError) as error:
        _class().find_student(typed)
    assert str(error.value) == f"{typed!r} is not on the class list: {hint}"


def test_accents_fold_away_only_for_suggestions():
    assert fold_name(" Chloé ") == "chloe"


def test_the_students_set_is_the_worksheets_set():
    assert _class().student_set("chloé").exercises == make_set("counting", "medium", 4, 7, "Chloé").exercises


def test_a_link_names_the_set_student_and_options_and_is_relative():
    a = _class(check_as_you_go=False, answer_by="kind")
    link = a.link("Ben")
    assert link.startswith("book/assignment.html#")
    fields = {k: v[0] for k, v in parse_qs(link.split("#", 1)[1]).items()}
    assert fields["set"] == "counting/medium/4/7" and fields["student"] == "Ben"
    assert fields["check"] == "0" and fields["by"] == "kind" and fields["class"] == a.fingerprint
    assert fields["key"] == a.student_key("Ben") != a.student_key("Chloé")
    assert a.link("Ben", site="https://example.org/crib").startswith("https://example.org/crib/book/assignment")


def test_the_link_data_shows_the_cards_and_words_but_not_the_answers():
    a = Assignment("muggins", "easy", 4, 7, ROSTER, secret="ab" * 16)
    data = decode_page_data(parse_qs(a.link("Ann Smith").split("#", 1)[1])["q"][0])
    exercises = a.student_set("Ann Smith")
    assert [q["hand"] for q in data["questions"]] == [[[c.pretty, c.name] for c in e.hand] for e in exercises]
    assert [q["said"] for q in data["questions"]] == [e.announced_score().aloud() for e in exercises]
    for e, q in zip(exercises, data["questions"], strict=True):
        text = json.dumps(q, ensure_ascii=False)
        assert e.solution().answer == 0 or e.solution().said not in text  # a right count is said as it is
        assert e.solution().call == "accept" or e.solution().call not in text
        assert not any(note in text for note in e.solution().notes)


def test_the_class_file_round_trips_and_a_changed_one_is_refused(tmp_path):
    a = _class()
    (tmp_path / "class.json").write_text(json.dumps(a.to_json(), ensure_ascii=False), encoding="utf-8")
    again = load_class(tmp_path)
    assert again == a and again.fingerprint == a.fingerprint
    data = a.to_json() | {"seed": 8}
    (tmp_path / "class.json").write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(CribbageError, match="was changed after `crib assign` wrote it"):
        load_class(tmp_path)
    (tmp_path / "class.json").write_text("[]", encoding="utf-8")
    with pytest.raises(CribbageError, match="is not a crib class file"):
        load_class(tmp_path)
    with pytest.raises(CribbageError, match="no class file at"):
        load_class(tmp_path / "missing")


def test_bad_rosters_and_options_are_refused():
    with pytest.raises(CribbageError, match="are the same student"):
        Assignment("counting", "easy", 2, 7, ("Ann", " ann "))
    with pytest.raises(CribbageError, match="the class list is empty"):
        Assignment("counting", "easy", 2, 7, ())
    with pytest.raises(CribbageError, match="answers by 'both' is not an option"):
        Assignment("counting", "easy", 2, 7, ("Ann",), answer_by="both")
    with pytest.raises(CribbageError, match="is not an exercise kind"):
        Assignment("cribbage", "easy", 2, 7, ("Ann",))


def test_the_page_asks_python_to_check_or_only_to_read_an_answer():
    exercise = make_set("counting", "medium", 4, 7, "Ben")[1]
    right = str(exercise.solution().answer)
    checked = json.loads(page_reply("counting/medium/4/7", "Ben", 1, right, True))
    assert checked["status"] == "right"
    read = json.loads(page_reply("counting/medium/4/7", "Ben", 1, "15-2 15-4 pair 6", False))
    assert read == {"status": "read", "message": "read as: fifteens 4, pairs 2 (6 in all)", "kinds": [],
                    "mark": "✎ Noted, not checked", "detail": "read as fifteens 4, pairs 2 (6 in all)"}
    said = "fifteen two, fifteen four, and a pair is six"
    words = json.loads(page_reply("counting/medium/4/7", "Ben", 1, said, False))
    assert words == read, "words are read by the same parser as digits"
    unreadable = json.loads(page_reply("counting/medium/4/7", "Ben", 1, "lots", False))
    assert unreadable["status"] == "unreadable" and "'lots' is not an answer" in unreadable["message"]


def test_practice_data_opens_a_worksheet_by_its_code():
    data = json.loads(practice_data("play/easy/3/11", ""))
    assert data["title"] == "Scoring the play: easy" and len(data["questions"]) == 3


def test_a_bad_set_code_on_the_page_gets_the_engines_reason():
    assert json.loads(practice_data("counting/medium/200/7", "")) == {
        "error": "200 exercises cannot be made: ask for 1 to 100"}


def test_the_link_ends_with_a_sum_of_its_fields_so_the_page_can_tell_a_cut_or_edited_link():
    from crib_widgets.exercises.assign import LINK_FIELDS, link_sum

    a = _class()
    fields = {k: v[0] for k, v in parse_qs(a.link("Ben").split("#", 1)[1]).items()}
    assert list(fields)[-1] == "sum" and list(fields)[:-1] == list(LINK_FIELDS)
    assert fields["sum"] == link_sum(fields)
    edited = dict(fields, set="counting/medium/4/8")
    assert link_sum(edited) != fields["sum"]
