"""Issue 25: a student may attach their progress from the book to their results file.

The progress is optional, outside the signed content and never checked: a file with it is read and
graded as before (the signature still verifies; a changed answer is still refused), a damaged or
oversized progress never stops the grade (a note says why), and the class report shows each attached
progress in the book's own stars and words, marked as the student's, not checked.

The progress is read with the reader the grader hands in (`Store.from_text`, as `crib grade` and the
class desk do: the worksheets' layer never imports the lessons, issue 40); without one it is not
read, and a note says so.
"""

from __future__ import annotations

import json
import random
import shutil

import pytest

from crib_widgets.classroom.desk import Choices, ClassDesk
from crib_widgets.cli import main
from crib_widgets.exercises.assign import Assignment
from crib_widgets.exercises.collect import collect
from crib_widgets.exercises.report import PRACTISED, collected_report
from crib_widgets.exercises.report_html import practised_lines, report_html
from crib_widgets.exercises.results import (
    MAX_ATTACHED_PROGRESS,
    ResultsError,
    attach_progress,
    make_results,
    read_results,
    sign,
)
from crib_widgets.lessons.progress import CHAPTERS
from crib_widgets.lessons.store import Store
from crib_widgets.skills import SKILLS

CLASS = Assignment("counting", "easy", 3, 7, ("Ann", "Ben", "Chloé"), secret="33" * 16)
READ = Store.from_text  # the reader crib grade and the class desk hand in


def _answer(number: int, skill: str, right: bool, *, attempt: int = 1, day: str = "2026-12-01") -> dict:
    return {"id": f"d1-{number}", "day": day, "lesson": "counting", "position": f"hand {number}",
            "attempt": attempt, "hinted": False, "given": "4", "results": [[skill, right]]}


def _progress() -> dict:
    """Fifteens secure (5 of the last 5 first tries right, an old miss before them), runs shaky (2 of 4),
    pairs not rated yet (one first try), flush tried only at a second try."""
    answers = [_answer(1, "fifteens", False)]
    answers += [_answer(n, "fifteens", True) for n in range(2, 7)]
    answers += [_answer(n, "runs", n % 2 == 0, day="2026-12-02") for n in range(7, 11)]
    answers += [_answer(11, "pairs", True), _answer(12, "flush", True, attempt=2)]
    return {"crib-progress": 1, "device": "d1", "next": 13, "answers": answers, "daily": ["2026-12-01"]}


def _right(name: str) -> list[str]:
    return [str(e.solution().answer) for e in CLASS.student_set(name)]


def _file(name: str = "Ann", progress: object = None, *, attach: bool = True) -> dict:
    data = make_results(CLASS, name, _right(name), saved="2026-12-03T07:00:00+00:00")
    return attach_progress(data, _progress() if progress is None else progress) if attach else data


# ---- reading ------------------------------------------------------------------------------------------


def test_a_file_with_progress_is_read_and_its_signature_still_holds():
    plain = _file(attach=False)
    data = _file()
    assert data["signature"] == plain["signature"] == sign(CLASS.student_key("Ann"), data)
    got = read_results(CLASS, json.dumps(data, ensure_ascii=False), "results-ann.json", READ)
    assert got.answers == _right("Ann") and got.progress_problem == ""
    assert got.progress == Store.from_dict(_progress())


def test_a_file_without_progress_is_read_as_before():
    got = read_results(CLASS, json.dumps(_file(attach=False)), "results-ann.json", READ)
    assert got.progress is None and got.progress_problem == ""


def test_without_a_reader_an_attached_progress_is_not_read_and_a_note_says_so():
    """Issue 40: the worksheets' layer reads no progress itself (the learner's record is the lessons',
    a layer above); a grader that hands in no reader never drops an attached progress without a word."""
    text = json.dumps(_file(), ensure_ascii=False)
    got = read_results(CLASS, text, "results-ann.json")
    assert got.answers == _right("Ann") and got.progress is None
    assert got.progress_problem == "no reader of the book's progress was given to grade with"
    collected = collect(CLASS, [("results-ann.json", text)])
    assert collected.notes == ["results-ann.json: the attached progress could not be read: no reader of the "
                               "book's progress was given to grade with. Ann's answers were graded as usual"]
    plain = read_results(CLASS, json.dumps(_file(attach=False)), "results-ann.json")
    assert plain.progress is None and plain.progress_problem == ""


def test_a_changed_answer_is_still_refused_with_progress_attached():
    data = _file()
    data["answers"] = ["29", *data["answers"][1:]]
    with pytest.raises(ResultsError, match="changed after it was saved"):
        read_results(CLASS, json.dumps(data), "results-ann.json")


def test_a_file_for_another_student_is_still_refused_with_progress_attached():
    data = dict(_file(), student="Ben")
    with pytest.raises(ResultsError, match="changed after it was saved"):
        read_results(CLASS, json.dumps(data), "results-ben.json")


@pytest.mark.parametrize(
    ("progress", "says"),
    [
        ("my stars", 'is not a progress file: it has no "crib-progress" version'),
        ({"crib-progress": 2}, "is a progress file of version 2"),
        (dict(_progress(), extra=1), "holds 'extra'"),
        (dict(_progress(), answers=[_answer(1, "juggling", True)]),
         "'juggling' is not a skill the book trains"),
        (dict(_progress(), next=2), "numbers its next answer 2"),
        (dict(_progress(), daily=[{"day": 1}]), "daily hands"),
        (dict(_progress(), next=400,
              answers=[dict(_answer(n, "fifteens", True), given="x" * 290) for n in range(1, 400)]),
         f"the progress the page attaches is at most {MAX_ATTACHED_PROGRESS // 1000} KB"),
    ],
)
def test_a_damaged_or_oversized_progress_never_stops_the_grade(progress, says):
    text = json.dumps(_file(progress=progress), ensure_ascii=False)
    got = read_results(CLASS, text, "results-ann.json", READ)
    assert got.answers == _right("Ann") and got.progress is None
    assert says in got.progress_problem, got.progress_problem
    collected = collect(CLASS, [("results-ann.json", text)], read_progress=READ)
    assert list(collected.taken) == ["Ann"] and not collected.refused
    assert collected.notes == [f"results-ann.json: the attached progress could not be read: "
                               f"{got.progress_problem}. Ann's answers were graded as usual"]
    html = report_html(collected_report(CLASS, collected))
    assert "the attached progress could not be read" in html and "Practised in the book" not in html


def test_progress_of_null_is_a_note_not_a_refusal():
    got = read_results(CLASS, json.dumps(_file(progress=None, attach=False) | {"progress": None}), "r.json",
                       READ)
    assert got.progress is None and "not a progress file" in got.progress_problem


# ---- the report -------------------------------------------------------------------------------------


def test_the_report_shows_attached_stars_in_words_marked_as_the_students():
    texts = [("results-ann.json", json.dumps(_file("Ann"), ensure_ascii=False)),
             ("results-ben.json", json.dumps(_file("Ben", attach=False)))]
    collected = collect(CLASS, texts, read_progress=READ)
    assert not collected.refused and not collected.notes
    report = collected_report(CLASS, collected)
    assert list(report.progress) == ["Ann"]
    lines = practised_lines(report.progress["Ann"])
    assert lines == [
        "fifteens: secure (3 stars), 5 of last 5 first tries right",
        "pairs: not rated yet (1 first try so far; stars come after 3)",
        "runs: shaky (2 stars), 2 of last 4 first tries right",
        "flush: not rated yet (0 first tries so far; stars come after 3)",
        "not tried yet in the book: his nobs, a right count, the crib's flush, go and 31, discards, "
        "pegging choices, playing to the board, Muggins calls",
    ]
    html = report_html(report)
    section = html[html.index("<h2>Practised in the book"):html.index("<h2>The class's most common")]
    assert "1 student chose to add their progress" in section
    assert PRACTISED[0].upper() + PRACTISED[1:] in section
    assert "<h3>Ann</h3>" in section and "Ben" not in section
    for line in lines:
        assert line.replace("'", "&#x27;") in section


def test_the_report_without_progress_has_no_such_section():
    collected = collect(CLASS, [("results-ben.json", json.dumps(_file("Ben", attach=False)))],
                        read_progress=READ)
    assert "Practised in the book" not in report_html(collected_report(CLASS, collected))


def test_the_skill_names_are_the_class_reports():
    assert set(SKILLS) <= set(CHAPTERS)


def test_crib_grade_reports_attached_progress_and_notes_a_damaged_one(tmp_path, capsys):
    (tmp_path / "names.txt").write_text("Ann\nBen\n", encoding="utf-8")
    assert main(["assign", "--hands", "3", "--seed", "5", "--students", str(tmp_path / "names.txt"),
                 "--out", str(tmp_path / "class")]) == 0
    from crib_widgets.exercises.assign import load_class
    assignment = load_class(tmp_path / "class")
    right = {n: [str(e.solution().answer) for e in assignment.student_set(n)] for n in ("Ann", "Ben")}
    ann = attach_progress(make_results(assignment, "Ann", right["Ann"]), _progress())
    ben = attach_progress(make_results(assignment, "Ben", right["Ben"]), {"crib-progress": 1})
    (tmp_path / "results-ann.json").write_text(json.dumps(ann, indent=1), encoding="utf-8")
    (tmp_path / "results-ben.json").write_text(json.dumps(ben), encoding="utf-8")
    capsys.readouterr()
    assert main(["grade", str(tmp_path / "class"), str(tmp_path / "results-ann.json"),
                 str(tmp_path / "results-ben.json"), "--out", str(tmp_path / "report")]) == 0
    out, err = capsys.readouterr()
    assert "2 students graded" in out
    assert err.strip() == ("crib: note: results-ben.json: the attached progress could not be read: the "
                           "attached progress lacks \"device\": a progress file holds crib-progress, device, "
                           "next, answers, daily (export it again from the My progress page). Ben's answers "
                           "were graded as usual")
    html = (tmp_path / "report" / "report.html").read_text(encoding="utf-8")
    assert "fifteens: secure (3 stars), 5 of last 5 first tries right" in html


def test_the_class_desk_reports_attached_progress_and_notes_a_damaged_one_as_crib_grade_does():
    desk = ClassDesk()
    assert desk.make("Ann\nBen\n", Choices(hands=3, seed=5)), desk.message
    klass = desk.assignment
    right = {n: [str(e.solution().answer) for e in klass.student_set(n)] for n in ("Ann", "Ben")}
    ann = attach_progress(make_results(klass, "Ann", right["Ann"]), _progress())
    ben = attach_progress(make_results(klass, "Ben", right["Ben"]), {"crib-progress": 1})
    assert desk.hand_in([("results-ann.json", json.dumps(ann).encode()),
                         ("results-ben.json", json.dumps(ben).encode())]), desk.message
    assert desk.grade(), desk.message
    assert list(desk.report.progress) == ["Ann"]
    assert practised_lines(desk.report.progress["Ann"])[0] == \
        "fifteens: secure (3 stars), 5 of last 5 first tries right"
    assert desk.report.notes == ("results-ben.json: the attached progress could not be read: the "
                                 "attached progress lacks \"device\": a progress file holds crib-progress, "
                                 "device, next, answers, daily (export it again from the My progress page). "
                                 "Ben's answers were graded as usual",)


# ---- the page's choice of answers (its own JavaScript, run by node where there is one) ---------------


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_the_answers_the_page_attaches_give_the_same_stars_as_the_whole_progress():
    """The page attaches what the page's Python chooses (lessons.attach.attachable_progress, issue 40:
    the page's JavaScript no longer chooses itself)."""
    from crib_widgets.lessons.attach import attachable_progress
    from crib_widgets.lessons.progress import COURSE

    rng = random.Random(4)
    answers = [{"id": f"{rng.choice(['d1', 'ab'])}-{n}",
                "day": f"2026-1{rng.randint(0, 1)}-{rng.randint(10, 28)}",
                "lesson": "counting", "position": "p", "attempt": rng.choice([1, 1, 1, 2]),
                "hinted": rng.random() < .2, "given": "g",
                "results": [[s, rng.random() < .7] for s in rng.sample(COURSE, rng.randint(1, 3))]}
               for n in range(1, 300)]
    whole = {"crib-progress": 1, "device": "d1", "next": 400, "answers": answers, "daily": ["2026-12-01"]}
    out = attachable_progress(json.dumps(whole))["json"]
    attached = Store.from_text(out)
    assert len(attached.answers) < 60 and attached.streak.to_list() == []
    assert [s.summary for s in attached.progress.skills()] == \
        [s.summary for s in Store.from_dict(whole).progress.skills()]
    text = json.dumps(attach_progress(_file(attach=False), json.loads(out)))
    assert read_results(CLASS, text, "results-ann.json", READ).progress == attached
