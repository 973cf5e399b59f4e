"""How long a teacher waits: making and grading a class of 25 and of 200, on the class desk and with `crib`.

The class desk (`crib_widgets.classroom.desk`, what the page *Your class, in the browser* runs) is
timed in this Python; the command line is timed in the same run as a teacher runs it (a new
process: ``crib assign``, then ``crib grade`` on the results files). Every student hands in a
results file made as the assignment page makes it (some answers right, some wrong, some in words).
Each figure is measured on two seeds and shown as the range. The page's own time, in the browser's
Python, is printed by ``tests/site/check_class_desk.py`` (a class of 5).

    .venv/bin/python bench/class_desk.py
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from crib_widgets.classroom import Choices, ClassDesk
from crib_widgets.exercises import assign as assign_module
from crib_widgets.exercises.results import make_results

SIZES = (25, 200)
SEEDS = (7, 8)
HANDS = 10


def _answers(klass, index: int, name: str) -> list[str | None]:
    out: list[str | None] = []
    for e in klass.student_set(name):
        s = e.solution()
        if (index + e.number) % 5 == 0:
            out.append(str(s.answer + 2))
        elif (index + e.number) % 3 == 0:
            out.append(s.said.split(". ")[0].lower())  # in words, as a player counts aloud
        else:
            out.append(str(s.answer))
    return out


def _once(size: int, seed: int) -> dict[str, float]:
    roster = "\n".join(f"Student {i:03d}" for i in range(size))
    choices = Choices("counting", "medium", HANDS, seed)
    work = Path(tempfile.mkdtemp(prefix="crib-bench-desk-"))
    assign_module._made_set.cache_clear()
    start = time.perf_counter()
    desk = ClassDesk()
    assert desk.make(roster, choices), desk.message
    desk.folder_zip()
    made = time.perf_counter() - start
    klass = desk.assignment
    files = {f"results-{i:03d}.json": json.dumps(make_results(klass, name, _answers(klass, i, name))).encode()
             for i, name in enumerate(klass.students)}
    (work / "class").mkdir()
    (work / "class" / "class.json").write_text(desk.class_text, encoding="utf-8")
    (work / "results").mkdir()
    for name, raw in files.items():
        (work / "results" / name).write_bytes(raw)
    assign_module._made_set.cache_clear()  # a later visit: nothing made yet
    start = time.perf_counter()
    later = ClassDesk()
    assert later.load("class.json", desk.class_text.encode())
    later.hand_in(files.items())
    assert later.grade(), later.message
    later.report_files()
    graded = time.perf_counter() - start
    (work / "names.txt").write_text(roster, encoding="utf-8")
    crib = [sys.executable, "-m", "crib_widgets.cli"]
    start = time.perf_counter()
    subprocess.run([*crib, "assign", "--kind", "counting", "--difficulty", "medium", "--hands", str(HANDS),
                    "--seed", str(seed), "--students", str(work / "names.txt"), "--out", str(work / "cli")],
                   check=True, capture_output=True)
    cli_made = time.perf_counter() - start
    start = time.perf_counter()
    handed = sorted(str(p) for p in (work / "results").iterdir())
    subprocess.run([*crib, "grade", str(work / "class"), *handed, "--out", str(work / "report")],
                   check=True, capture_output=True)
    cli_graded = time.perf_counter() - start
    cli_report = (work / "report" / "report.html").read_text(encoding="utf-8")
    assert cli_report == later.report_files()["report.html"], "the desk's report differs from crib grade's"
    return {"desk make": made, "desk grade": graded, "crib assign": cli_made, "crib grade": cli_graded}


def main() -> int:
    print(f"counting/medium, {HANDS} questions; seconds, the range over seeds {SEEDS}; every student "
          "hands in a file")
    print(f"{'class':>6} {'desk: make':>12} {'crib assign':>12} {'desk: grade':>12} {'crib grade':>12}")
    for size in SIZES:
        runs = [_once(size, seed) for seed in SEEDS]

        def span(key: str, runs=runs) -> str:
            values = [r[key] for r in runs]
            return f"{min(values):.2f}-{max(values):.2f}"

        print(f"{size:>6} {span('desk make'):>12} {span('crib assign'):>12} {span('desk grade'):>12} "
              f"{span('crib grade'):>12}")
    print("The desk and crib grade made the same report.html in every run.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
