"""issue 37: a class made before names were read without their accents (6 December 2026). Its links and
printed student codes dealt an accented name the cards of the key of then (`seeds.key_before_accents`);
what those students hand in today is graded exactly as it was graded then, on the cards they saw, with a
note a teacher understands, and an old printed slip still opens the student's own (old) cards.

tests/data/accents_sets_before.json was made by the code of before (tests/data/make_accents_before.py,
run in a checkout of c19cb2b~1): each class's file, every student's link, student code, cards, answers,
results files (from the whole link and from the student code) and the grade the code of then gave.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from crib_widgets.errors import CribbageError
from crib_widgets.exercises.assign import Assignment, decode_page_data, page_data, page_reply, practice_data
from crib_widgets.exercises.collect import ACCENTS_CHANGED, collect
from crib_widgets.exercises.page_payload import dealt
from crib_widgets.exercises.page_voice import page_voice
from crib_widgets.exercises.report import collected_report
from crib_widgets.exercises.results import decode_code_text, read_results
from crib_widgets.exercises.seeds import key_before_accents, student_key
from crib_widgets.exercises.short import code_before_accents, open_short, student_code
from crib_widgets.scoring import score_hand
from crib_widgets.voice import count_player

BEFORE = json.loads((Path(__file__).parent / "data" / "accents_sets_before.json").read_text(encoding="utf-8"))
CLASSES = [(Assignment.from_json(c["class"]), c) for c in BEFORE["classes"]]
ACCENTED = ("Chloé Dubois", "María García")


def _graded(assignment: Assignment, files: list[tuple[str, str]]) -> tuple[dict, list[str]]:
    got = collect(assignment, files)
    report = collected_report(assignment, got)
    rows = {row.student: {"right": row.right, "statuses": [g.status for g in row.report.grades],
                          "skills": {k: list(v) for k, v in row.skills.items()}} for row in report.students}
    return rows | {"refused": list(report.refused)}, list(report.notes)


def _files(made: dict, field: str) -> list[tuple[str, str]]:
    return [(f"results-{s['name']}.json", json.dumps(s[field], ensure_ascii=False)) for s in made["students"]]


@pytest.mark.parametrize(("field", "then"), [("results", "graded"), ("short_results", "graded_short")])
def test_what_a_class_of_before_hands_in_is_graded_today_exactly_as_then(field, then):
    for assignment, made in CLASSES:
        rows, notes = _graded(assignment, _files(made, field))
        assert rows == made[then], assignment.code
        # a note for each accented name, in a teacher's words; none for Ann Smith, whose key never changed
        assert len(notes) == 2 and all(ACCENTS_CHANGED in n and "graded on the cards that link showed" in n
                                       for n in notes), notes
        assert [name for name in ACCENTED if any(name in n for n in notes)] == list(ACCENTED)
        assert not any("Ann Smith" in n for n in notes)


def test_the_results_code_of_before_is_graded_too():
    assignment, made = CLASSES[0]
    for student in made["students"]:
        got = read_results(assignment, decode_code_text(student["results_code"]), "code")
        assert (got.student, got.before_accents) == (student["name"], student["name"] in ACCENTED)


def test_the_cards_graded_are_the_ones_the_link_of_before_showed():
    """The results file carries no cards: the key that signed it chooses them, and the cards that key
    deals are the ones the old link carried (and the old slip made), question by question."""
    for assignment, made in CLASSES:
        for student in made["students"]:
            name, shown = student["name"], [dealt(q) for q in student["questions"]]
            older = page_data(assignment.student_set(name, before_accents=True))["questions"]
            assert [dealt(q) for q in older] == shown
            today = [dealt(q) for q in page_data(assignment.student_set(name))["questions"]]
            assert (today != shown) == (name in ACCENTED)  # the fold changed only accented names' cards
            link_q = student["link"].split("&q=")[1].split("&")[0]
            assert [dealt(q) for q in decode_page_data(link_q)["questions"]] == shown


def test_graded_on_todays_cards_the_answers_of_before_would_get_another_grade():
    """What the fixture guards: grading the answers of before on today's cards gives another grade for
    the accented names (so a test passing cannot be luck)."""
    from crib_widgets.exercises.report import class_report

    assignment, made = CLASSES[0]
    answers = {s["name"]: s["answers"] for s in made["students"]}
    wrong = class_report(assignment, answers)
    statuses = {row.student: [g.status for g in row.report.grades] for row in wrong.students}
    for name in ACCENTED:
        assert statuses[name] != made["graded"][name]["statuses"], name
    assert statuses["Ann Smith"] == made["graded"]["Ann Smith"]["statuses"]


@pytest.mark.parametrize("field", ["results", "short_results"])
@pytest.mark.parametrize("edit", ["answer", "saved", "student"])
def test_an_edited_file_of_before_is_still_refused(field, edit):
    assignment, made = CLASSES[0]
    for student in made["students"]:
        data = dict(student[field], answers=list(student[field]["answers"]))
        if edit == "answer":
            data["answers"][1] = str(int(data["answers"][1]) + 1)
        elif edit == "saved":
            data["saved"] = "2026-12-01T09:30:06+00:00"
        else:  # María's file handed in as Chloé's
            data["student"] = "Chloé Dubois" if student["name"] != "Chloé Dubois" else "María García"
        with pytest.raises(CribbageError, match=r"changed after it was saved|not .*'s in this class"):
            read_results(assignment, json.dumps(data, ensure_ascii=False), "r.json")
        rows, _ = _graded(assignment, [("r.json", json.dumps(data, ensure_ascii=False))])
        assert len(rows["refused"]) == 1 and set(rows) == {"refused"}


def test_a_file_of_before_for_another_class_is_refused():
    made = CLASSES[0][1]
    other = CLASSES[1][0]
    for student in made["students"]:
        with pytest.raises(CribbageError, match="for another set"):
            read_results(other, json.dumps(student["results"], ensure_ascii=False), "r.json")


def test_an_old_printed_slip_opens_the_students_own_old_cards():
    """The slip a child holds from before opens, with their name as printed on it, the cards it always
    opened (those of the work they may have started, and of the teacher's answer key of then); the
    slip printed today opens today's cards; the two never mix (the results name the code they came from)."""
    for assignment, made in CLASSES:
        for student in made["students"]:
            name, old_code = student["name"], student["student_code"]
            entry = open_short(assignment.code, old_code, name.upper())
            assert (entry.before_accents, key_before_accents(entry.student)) == (name in ACCENTED,
                                                                                  key_before_accents(name))
            data = json.loads(practice_data(assignment.code, entry.student, entry.before_accents))
            assert [dealt(q) for q in data["questions"]] == [dealt(q) for q in student["questions"]]
            new_code = student_code(assignment, name)
            assert (new_code != old_code) == (name in ACCENTED)
            assert not open_short(assignment.code, new_code, name).before_accents
            assert code_before_accents(assignment, name, "short:" + old_code.replace("-", "")) == \
                (name in ACCENTED)
            assert not code_before_accents(assignment, name, "short:" + new_code.replace("-", ""))


def test_an_old_slip_wants_the_name_as_printed_on_it():
    """The code of before checked the name with its accents: "maria garcia" cannot be told from another
    name with it, so it is refused in the ordinary sentence (never another student's cards)."""
    assignment, made = CLASSES[0]
    maria = next(s for s in made["students"] if s["name"] == "María García")
    with pytest.raises(CribbageError, match="does not go with this student code"):
        open_short(assignment.code, maria["student_code"], "maria garcia")
    assert open_short(assignment.code, maria["student_code"], "garcía, maría").before_accents
    chloe = next(s for s in made["students"] if s["name"] == "Chloé Dubois")
    with pytest.raises(CribbageError, match="does not go with this student code"):
        open_short(assignment.code, maria["student_code"], chloe["name"])


def test_the_page_checks_an_answer_against_the_cards_it_shows():
    """Checking as you go on a link or slip of before: the cards shown choose the set (the old one when
    they are its cards), so the verdict is about the cards the student sees; cards that are neither are
    "stale", never checked; the voice counts the cards shown."""
    assignment, made = CLASSES[0]
    for student in made["students"]:
        name = student["name"]
        pairs = zip(student["questions"], student["answers"], strict=True)
        for number, (question, answer) in enumerate(pairs, start=1):
            if answer is None:
                continue
            reply = json.loads(page_reply(assignment.code, name, number, answer, True, json.dumps(question)))
            assert reply["status"] == made["graded"][name]["statuses"][number - 1], (name, number)
            voice = page_voice(assignment.code, name, number, json.dumps(question, ensure_ascii=False))
            old = assignment.student_set(name, before_accents=True)[number]
            heard = count_player(score_hand(old.hand, old.starter, crib=old.crib), label="Hear the count")
            assert voice == heard
            assert (voice != page_voice(assignment.code, name, number)) == (name in ACCENTED)
    maria = next(s for s in made["students"] if s["name"] == "María García")
    other = dict(maria["questions"][0], starter=maria["questions"][1]["starter"],
                 hand=maria["questions"][1]["hand"])
    assert dealt(other) != dealt(maria["questions"][0])
    reply = json.loads(page_reply(assignment.code, "María García", 1, "4", True, json.dumps(other)))
    assert reply["status"] == "stale"
    assert page_voice(assignment.code, "María García", 1, json.dumps(other)) == ""


def test_old_keys_are_the_keys_of_then():
    """`key_before_accents` gives the key the code of before made (seeds.student_key of then)."""
    for typed, then in BEFORE["keys"].items():
        assert key_before_accents(typed) == then


@settings(max_examples=60, deadline=None)
@given(st.text(st.characters(codec="utf-8", categories=("L", "M", "Zs")), min_size=1, max_size=12)
       .filter(lambda s: s.strip()))
def test_a_name_keeps_its_cards_unless_its_key_changed(name):
    """For any name: the cards of before are today's exactly when the key did not change."""
    try:
        klass = Assignment("counting", "easy", 2, 7, (name, "Zed"), secret="5a" * 16)
    except CribbageError:
        return  # not a name a class takes (e.g. one that folds to "zed")
    listed = klass.roster[0]
    same = key_before_accents(listed) == student_key(listed)
    assert (klass.student_set(listed, before_accents=True) == klass.student_set(listed)) or not same
    assert (student_code(klass, listed, before_accents=True) == student_code(klass, listed)) == same


def test_crib_grade_grades_the_handed_in_files_of_before_as_then(tmp_path, capsys):
    """The command a teacher runs: the class file and the folder of files handed in (whole links and
    student codes mixed), graded as then, with the note on each file of before."""
    from crib_widgets.cli import main

    assignment, made = CLASSES[0]
    (tmp_path / "class.json").write_text(json.dumps(made["class"], ensure_ascii=False), encoding="utf-8")
    handed = tmp_path / "handed-in"
    handed.mkdir()
    for i, student in enumerate(made["students"]):
        field = "results" if i % 2 else "short_results"
        text = json.dumps(student[field], ensure_ascii=False)
        (handed / f"results-{i}.json").write_text(text, encoding="utf-8")
    capsys.readouterr()
    assert main(["grade", str(tmp_path / "class.json"), str(handed), "--out", str(tmp_path / "report")]) == 0
    said = capsys.readouterr()
    for name, row in made["graded"].items():
        if name != "refused":
            assert f"{name}: {row['right']} of {assignment.hands} right" in said.out, said.out
    assert said.err.count("crib: note: ") == 2 and said.err.count(f"given out before {ACCENTS_CHANGED}") == 2
    assert "not graded" not in said.err
    page = (tmp_path / "report" / "report.html").read_text(encoding="utf-8")
    assert page.count(f"given out before {ACCENTS_CHANGED}") == 2


def test_a_tournament_file_of_before_gets_the_note_and_its_usual_grade():
    """A tournament's boards are everyone's: a file of before is graded as usual, and the note says so."""
    from crib_widgets.exercises.assign import signing_key
    from crib_widgets.exercises.results import sign
    from tests.test_tournament_class import CLASS, results_file

    text, _ = results_file("Chloé", 3)
    data = json.loads(text)
    data["signature"] = sign(signing_key(CLASS.secret, CLASS.fingerprint, "Chloé", before_accents=True), data)
    got = collect(CLASS, [("results-chloe.json", json.dumps(data, ensure_ascii=False))])
    assert list(got.taken) == ["Chloé"] and got.taken["Chloé"].before_accents
    assert [n for n in got.notes if ACCENTS_CHANGED in n] == [
        f"results-chloe.json: made from a link or student code given out before {ACCENTS_CHANGED}, when the "
        "book began to read names without their accents; graded as usual (everyone plays the same boards)"]


def test_a_file_from_an_old_slip_on_todays_page_is_graded_on_the_cards_the_page_made():
    """Today's page writes into a student code's results file which cards it made ("dealt"): an old
    slip's file is graded on the cards of before as then; were the page ever to make today's cards from
    an old slip (its name check matching today's key by chance), on today's cards; on cards that are
    neither of the student's sets, refused in one sentence, never graded on cards it did not see."""
    from crib_widgets.exercises.assign import dealt_digest
    from crib_widgets.exercises.report import class_report

    assignment, made = CLASSES[0]
    for student in made["students"]:
        name = student["name"]
        entry = open_short(assignment.code, student["student_code"], name)
        page = json.loads(practice_data(assignment.code, entry.student, entry.before_accents))
        data = dict(student["short_results"], dealt=page["dealt"])
        assert page["dealt"] == dealt_digest(assignment.student_set(name, before_accents=True))
        rows, notes = _graded(assignment, [("r.json", json.dumps(data, ensure_ascii=False))])
        assert rows[name] == made["graded_short"][name] and len(notes) == (name in ACCENTED)
        today = dict(data, dealt=dealt_digest(assignment.student_set(name)))
        rows, notes = _graded(assignment, [("r.json", json.dumps(today, ensure_ascii=False))])
        on_today = class_report(assignment, {name: student["answers"]}).students[0]
        assert rows[name]["statuses"] == [g.status for g in on_today.report.grades] and not notes
        classmate = "Ann Smith" if name != "Ann Smith" else "Chloé Dubois"
        for other in ("0123456789abcdef", 7, dealt_digest(assignment.student_set(classmate))):
            with pytest.raises(CribbageError, match="the cards it answers are not the ones the book deals"):
                read_results(assignment, json.dumps(dict(data, dealt=other), ensure_ascii=False), "r.json")
