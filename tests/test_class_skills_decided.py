"""Issue 37 item 8: a total-only answer counts against a skill only when it can tell, and the report
says how it decided each skill. A wrong total on a fifteens-and-pairs hand was counted against both:
a student who got every fifteens-only hand right was flagged "fifteens (2 of 5), needs help"."""

from __future__ import annotations

from crib_widgets.exercises.assign import Assignment
from crib_widgets.exercises.grading import check_answer
from crib_widgets.exercises.report import class_report
from crib_widgets.exercises.report_html import report_html
from crib_widgets.exercises.skills import HOW_DECIDED, skills_tested, undecided

CLASS = Assignment("counting", "easy", 10, 5, ("Ann", "Ben"), secret="56" * 16)
BOTH = "fifteens and pairs"


def _answers(name: str, on_both) -> list[str]:
    return [on_both(e.solution().answer) if e.focus == BOTH else str(e.solution().answer)
            for e in CLASS.student_set(name)]


def test_a_wrong_total_on_a_fifteens_and_pairs_hand_is_blamed_on_neither():
    exercises = list(CLASS.student_set("Ann"))
    assert any(e.focus == BOTH for e in exercises) and any(e.focus == "fifteens" for e in exercises)
    report = class_report(CLASS, {"Ann": _answers("Ann", lambda right: str(right - 2))})
    (row,) = report.students
    assert row.right < len(exercises)  # the wrong totals are still wrong
    asked = sum(e.focus == "fifteens" for e in exercises)
    assert row.skills["fifteens"] == (asked, asked) and not row.weak()
    assert len(row.undecided) == sum(e.focus == BOTH for e in exercises)
    assert "the 2 points missing could be fifteens or pairs; not counted for fifteens or pairs" in \
        row.undecided[0]


def test_points_missing_beyond_what_the_other_kind_holds_are_blamed_on_that_kind():
    exercise = next(e for e in CLASS.student_set("Ann") if e.focus == BOTH)
    right = exercise.solution().answer
    held_pairs = exercise.solution().points("pair")
    grade = check_answer(exercise, str(right - held_pairs - 2))  # more missing than the pairs could be
    assert ("fifteens", False) in skills_tested(exercise, grade)
    assert dict(skills_tested(exercise, check_answer(exercise, "0"))) == {"fifteens": False, "pairs": False}
    assert undecided(exercise, check_answer(exercise, "0")) == ""
    assert dict(skills_tested(exercise, check_answer(exercise, str(right)))) == {"fifteens": True,
                                                                                 "pairs": True}


def test_an_answer_per_kind_is_judged_kind_by_kind():
    kinds = Assignment("counting", "easy", 10, 5, ("Ann",), answer_by="kind", secret="56" * 16)
    exercise = next(e for e in kinds.student_set("Ann") if e.focus == BOTH)
    fifteens = exercise.solution().points("fifteen")
    grade = check_answer(exercise, f"fifteens {fifteens}, pairs 0")
    assert grade.status == "wrong"
    assert dict(skills_tested(exercise, grade)) == {"fifteens": True, "pairs": False}


def test_the_report_says_how_it_decided_each_skill():
    report = class_report(CLASS, {"Ann": _answers("Ann", lambda right: str(right - 2)),
                                  "Ben": _answers("Ben", str)})
    html = report_html(report).replace("&#x27;", "'")
    assert HOW_DECIDED in html
    assert "Wrong totals counted against no skill:" in html and "<b>Ann</b>, question" in html


def test_a_focus_of_two_parts_trains_both():
    from crib_widgets.exercises.skills import skill_of_focus

    assert skill_of_focus("a run and fifteens") == ("runs", "fifteens")
    assert skill_of_focus("fifteens and pairs") == ("fifteens", "pairs")
    assert skill_of_focus("a double run") == ("runs",)
