"""Short links (crib_widgets.exercises.short): a set code and a student code a child can type."""

import csv
import io
import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from crib_widgets.errors import CribbageError
from crib_widgets.exercises.assign import Assignment
from crib_widgets.exercises.collect import collect
from crib_widgets.exercises.generate import load_set
from crib_widgets.exercises.results import ResultsError, make_results, read_results, short_results
from crib_widgets.exercises.seeds import student_key
from crib_widgets.exercises.short import (
    ALPHABET,
    name_candidates,
    open_short,
    read_student_code,
    short_link,
    student_code,
    typed_vectors,
    vectors,
)

ROSTER = (*(f"Student {n}" for n in range(1, 24)), "García, María", "Zoë O'Neil")
CLASS = Assignment("counting", "medium", 6, 7, ROSTER, check_as_you_go=False, answer_by="kind",
                   secret="ab" * 16)
VECTORS = Path(__file__).parent / "data" / "short_vectors.json"


def test_every_student_opens_their_own_set_with_their_name():
    for name in CLASS.students:
        entry = open_short(CLASS.code, student_code(CLASS, name), name.upper())
        assert CLASS.find_student(entry.student) == name
        assert (entry.check, entry.by, entry.place) == (False, "kind", CLASS.students.index(name))


def test_a_classmates_name_with_my_code_is_refused():
    mine = student_code(CLASS, "Student 1")
    for other in CLASS.students[1:]:
        with pytest.raises(CribbageError, match="does not go with this student code"):
            open_short(CLASS.code, mine, other)


def test_the_name_typed_the_natural_way_is_found():
    code = student_code(CLASS, "García, María")
    assert open_short(CLASS.code, code, "maría  garcía").student == "garcía, maría"
    assert "María García" in name_candidates("García, María")
    assert open_short(CLASS.code, code, "Maria Garcia").student == "Garcia, Maria"  # issue 37: no accents


def test_a_name_the_code_accepts_makes_the_listed_students_cards():
    """A short link carries no cards: the page makes them from the name the code accepts, so every
    way a student types their name that the code accepts (order, case, spaces, accents, a comma or
    none) makes the worksheet's cards: the key the cards are seeded from folds accents too."""
    code = student_code(CLASS, "García, María")
    sheet = load_set(CLASS.code, "García, María").exercises
    for typed in ("García, María", "maría garcía", "MARÍA   GARCÍA", "garcía,  MARÍA", "maria garcia",
                  "Garcia, Maria", "garcía maría", "GARCIA MARIA", "maria, garcia"):
        opened = open_short(CLASS.code, code, typed)
        assert CLASS.find_student(opened.student) == "García, María"
        assert load_set(CLASS.code, opened.student).exercises == sheet
    for typed in ("maria", "garcia", "maria garcia lopez", "Zoe O'Neil"):
        with pytest.raises(CribbageError, match="does not go with this student code"):
            open_short(CLASS.code, code, typed)


def test_surname_first_without_a_comma_is_found_for_a_first_last_list():
    """ "garcía maría" for a class list read "First Last" (as roster.read_roster shows every name)."""
    klass = Assignment("counting", "easy", 3, 9, ("María García", "Ann Lee", "Mary Ann Lee Smith"),
                       secret="12" * 16)
    for name, typed in [("María García", "garcía maría"), ("María García", "Garcia, Maria"),
                        ("Ann Lee", "lee ann"), ("Mary Ann Lee Smith", "Lee Smith, Mary Ann"),
                        ("Mary Ann Lee Smith", "lee smith mary ann")]:
        opened = open_short(klass.code, student_code(klass, name), typed)
        assert klass.find_student(opened.student) == name
        assert load_set(klass.code, opened.student).exercises == load_set(klass.code, name).exercises


def test_jose_and_jose_without_its_accent_are_one_student():
    with pytest.raises(CribbageError, match="'Jose' and 'José' are the same student: give each name once"):
        Assignment("counting", "easy", 3, 9, ("José", "Ann", "Jose"), secret="12" * 16)


def test_names_without_accents_keep_their_cards_and_keys():
    """Folding accents changed the key only of names with accents (or stroked letters such as ł): every
    other name keeps the cards and the signing key it had (the key was case and spaces, in NFC)."""
    import unicodedata

    for name in ("Ann", "  Ann   SMITH ", "Straße", "李小龙", "한국 민수", "सुनील", "O'Neil-Lee"):
        assert student_key(name) == " ".join(unicodedata.normalize("NFC", name).split()).casefold()
    for name in ("Chloé", "Łukasz", "Søren"):
        assert student_key(name) != " ".join(unicodedata.normalize("NFC", name).split()).casefold()


def test_short_enough_to_type():
    code = student_code(CLASS, "Zoë O'Neil")
    assert len(code) == 11 and code[3] == code[7] == "-"
    link = short_link(CLASS, "Zoë O'Neil", "https://example.org/crib/")
    assert link == f"https://example.org/crib/book/assignment.html#set=counting/medium/6/7&code={code}"
    assert len(link.split("#")[1]) < 45


def test_typed_forms_are_read():
    code = student_code(CLASS, "Student 3").replace("-", "")
    assert read_student_code(f" {code[:3].lower()} {code[3:6]}-{code[6:]} ") == code
    assert read_student_code(code.replace("0", "O").replace("1", "l")) == code
    for bad in ("", "ABC", code + "7", code[:-1] + "U!", None):
        with pytest.raises(CribbageError, match="is not a student code"):
            read_student_code(bad)


def test_every_single_typo_is_caught():
    for name in ("Student 1", "Zoë O'Neil"):
        code = student_code(CLASS, name).replace("-", "")
        for i, old in enumerate(code):
            for new in ALPHABET.replace(old, ""):
                typo = code[:i] + new + code[i + 1:]
                with pytest.raises(CribbageError):
                    open_short(CLASS.code, typo, name)


def test_a_typo_in_the_set_code_is_caught():
    code = student_code(CLASS, "Student 2")
    for typo in ("counting/medium/6/8", "counting/medium/5/7", "counting/easy/6/7", "play/medium/6/7"):
        with pytest.raises(CribbageError, match=r"typo|does not go"):
            open_short(typo, code, "Student 2")
    assert open_short(" Counting/MEDIUM/06/7 ", code, "student 2").set_code == CLASS.code


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**12), st.lists(
    st.text(alphabet="abcdéxyz ,", min_size=1, max_size=12).filter(lambda s: s.strip(" ,")),
    min_size=1, max_size=6, unique_by=student_key))
def test_codes_open_for_any_class(seed, names):
    klass = Assignment("play", "easy", 3, seed, tuple(names), secret="cd" * 16)
    for name in klass.students:
        assert klass.find_student(open_short(klass.code, student_code(klass, name), name).student) == name


def test_results_from_a_student_code_are_graded_and_checked():
    good = short_results(CLASS, "Student 4", ["fifteens 2"] + [None] * 5)
    assert read_results(CLASS, json.dumps(good), "r.json").student == "Student 4"
    edited = {**good, "answers": ["fifteens 4"] + [None] * 5}
    with pytest.raises(ResultsError, match="changed after it was saved"):
        read_results(CLASS, json.dumps(edited), "r.json")
    classmate = {**good, "student": "Student 5"}  # a classmate's name on my code's file
    with pytest.raises(ResultsError, match="not Student 5's"):
        read_results(CLASS, json.dumps(classmate), "r.json")
    other = Assignment(CLASS.kind, CLASS.difficulty, CLASS.hands, CLASS.seed, ROSTER, False, "kind",
                       secret="ef" * 16)  # the same set and list, another class
    with pytest.raises(ResultsError, match="another class"):
        read_results(other, json.dumps(good), "r.json")


def test_collect_takes_short_and_whole_link_files_together():
    texts = [("a.json", json.dumps(short_results(CLASS, "Student 1", ["1"] * 6))),
             ("b.json", json.dumps(make_results(CLASS, "Student 2", ["2"] * 6)))]
    got = collect(CLASS, texts)
    assert sorted(got.taken) == ["Student 1", "Student 2"] and not got.refused


def test_vectors_for_the_page_are_current():
    """tests/data/short_vectors.json is what lite/runtime/test/short.test.mjs checks the page against."""
    stored = json.loads(VECTORS.read_text(encoding="utf-8"))
    klass = Assignment(**{**stored["class"], "roster": tuple(stored["class"]["roster"])})
    assert stored["cases"] == vectors(klass)
    assert stored["typed"] == typed_vectors(klass)
    assert {case["opens"] is None for case in stored["typed"]} == {True, False}


def test_every_printed_page_of_links_and_each_worksheet_carries_the_codes():
    from crib_widgets.exercises.class_folder import class_files

    files = class_files(CLASS, "https://example.org/crib/")
    for name in CLASS.students:
        code = student_code(CLASS, name)
        assert code in files["links.html"]
        sheet = next(text for file, text in files.items() if file.startswith("worksheet-") and
                     f"Name: {name.replace(chr(39), '&#x27;')}" in text)
        assert code in sheet and "example.org/crib/book/assignment.html" in sheet
    assert "https://example.org" not in files["links.html"].split("To type from paper")[1]  # typed without it
    rows = list(csv.DictReader(io.StringIO(files["links.csv"])))  # for a mail merge
    expected = [(n, student_code(CLASS, n)) for n in CLASS.students]
    assert [(r["student"], r["student code"]) for r in rows] == expected


def test_a_file_from_a_link_made_before_accents_were_folded_is_graded_on_its_cards():
    """A class made before issue 37's fold: an accented name's link carried the key of the name with
    its accents, and the cards seeded from it; such a file is graded on those cards (marked
    before_accents; tests/test_accents_old_sets.py checks the grade against the code of then), and a
    name without accents keeps its key, so its file is graded as any other."""
    import hashlib
    import hmac

    from crib_widgets.exercises.results import make_results, read_results, sign
    from crib_widgets.exercises.seeds import key_before_accents

    klass = Assignment("counting", "easy", 2, 7, ("Chloé Dupré", "Ann"), secret="ab" * 16)
    for name in klass.students:
        message = f"{klass.fingerprint}\x1f{key_before_accents(name)}".encode()
        old = hmac.new(bytes.fromhex(klass.secret), message, hashlib.sha256).hexdigest()[:32]
        data = make_results(klass, name, ["1", "2"])
        data["signature"] = sign(old, data)
        got = read_results(klass, json.dumps(data), "r.json")
        assert (got.student, got.before_accents) == (name, name != "Ann")
