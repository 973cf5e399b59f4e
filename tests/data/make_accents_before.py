"""Write tests/data/accents_sets_before.json: classes made, answered and graded by the code of BEFORE
names were read without their accents (commit c19cb2b, issue 37), so that tests can check that what
the students of such a class hand in today is graded exactly as it was then.

Run it in a checkout of the commit before c19cb2b, never in today's tree (it refuses):

    git worktree add --detach /tmp/old-tree c19cb2b~1
    PYTHONPATH=/tmp/old-tree .venv/bin/python tests/data/make_accents_before.py
    git worktree remove /tmp/old-tree
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from crib_widgets.exercises import seeds
from crib_widgets.exercises.assign import Assignment, decode_page_data
from crib_widgets.exercises.collect import collect
from crib_widgets.exercises.report import collected_report
from crib_widgets.exercises.results import make_results, results_code, short_results
from crib_widgets.exercises.short import student_code

ROSTER = ("Chloé Dubois", "María García", "Ann Smith")
SETS = [("counting", "medium", 6, 7, True, "total"), ("muggins", "easy", 4, 11, False, "total")]
SAVED = "2026-12-01T09:30:05+00:00"
#: Names as typed, whose key of then (seeds.student_key then) today's key_before_accents must give.
TYPED = ["  MARÍA   garcía ", "CHLOÉ  Dubois", "Straße Ως", "ŁUKASZ\u00a0Søren", "İpek", "ﬁona",
         "Zoë O'Neil"]


def _answers(exercise_set) -> list[str | None]:
    """Right, right, wrong, left out, then right again (a muggins call may be read as wrong)."""
    answers: list[str | None] = []
    for i, exercise in enumerate(exercise_set):
        solution = exercise.solution()
        if exercise_set.kind == "muggins":
            right = "accept" if solution.call == "accept" else f"muggins {solution.answer}"
            wrong = "muggins 2" if right == "accept" else "accept"
        else:
            right, wrong = str(solution.answer), str(solution.answer + 2)
        if i % 4 == 2:
            answers.append(wrong)
        else:
            answers.append(None if i % 4 == 3 else right)
    return answers


def _graded(assignment: Assignment, files: dict[str, str]) -> dict:
    report = collected_report(assignment, collect(assignment, files.items()))
    return {row.student: {"right": row.right, "statuses": [g.status for g in row.report.grades],
                          "skills": {k: list(v) for k, v in row.skills.items()}}
            for row in report.students} | {"refused": list(report.refused)}


def main() -> None:
    # checked here, not on import: pytest's doctest collection imports every module under tests/
    if hasattr(seeds, "key_before_accents"):
        sys.exit("run this with the code of before c19cb2b (PYTHONPATH=<old checkout>), not today's")
    classes = []
    for kind, difficulty, hands, seed, check, by in SETS:
        assignment = Assignment(kind, difficulty, hands, seed, ROSTER, check, by, secret="5a" * 16)
        students, long_files, short_files = [], {}, {}
        for name in ROSTER:
            link = assignment.link(name)
            answers = _answers(assignment.student_set(name))
            whole = make_results(assignment, name, answers, SAVED)
            short = short_results(assignment, name, answers, SAVED)
            long_files[f"results-{name}.json"] = json.dumps(whole, ensure_ascii=False)
            short_files[f"short-{name}.json"] = json.dumps(short, ensure_ascii=False)
            q = link.split("&q=")[1].split("&")[0]
            students.append({"name": name, "link": link, "student_code": student_code(assignment, name),
                             "questions": decode_page_data(q)["questions"], "answers": answers,
                             "results": whole, "short_results": short, "results_code": results_code(whole)})
        classes.append({"class": assignment.to_json(), "students": students,
                        "graded": _graded(assignment, long_files),
                        "graded_short": _graded(assignment, short_files)})
    out = Path(__file__).with_name("accents_sets_before.json")
    made = {"made_by": "tests/data/make_accents_before.py at c19cb2b~1", "classes": classes,
            "keys": {typed: seeds.student_key(typed) for typed in TYPED}}
    out.write_text(json.dumps(made, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
