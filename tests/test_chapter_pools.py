"""Issue 36, item 9: each chapter's trainer and drill starts on questions of its own. Chapter 02's
trainer started on chapter 01's hands, chapter 05's on chapter 04's, and chapter 11's drill asked
chapter 07's questions. This builds every trainer, drill and quiz exactly as the book's chapters
do (their cells, run here) and checks that no question is asked by two chapters: a trainer's whole
ladder and the first hands it deals after it, a drill's every question."""

from __future__ import annotations

import ast
import itertools
import json
from pathlib import Path

import pytest

from crib_widgets.lessons.pegging import scenario_position

BOOK = Path(__file__).resolve().parents[1] / "book"
MAKERS = ("CountingTrainer(", "PeggingDrill(", "MugginsQuiz(")
DEALT = 40  # hands dealt after a ladder is climbed, per trainer


def chapter_widgets(notebook: Path) -> list:
    """The trainers, drills and quizzes a chapter makes, from its own cells."""
    cells = json.loads(notebook.read_text())["cells"]
    made, names = [], {}
    for cell in cells:
        source = "".join(cell["source"])
        if cell["cell_type"] != "code":
            continue
        tree = ast.parse(source)
        if all(isinstance(node, ast.Import | ast.ImportFrom) for node in tree.body):
            exec(compile(tree, notebook.name, "exec"), names)  # an import cell the widgets' cells use
            continue
        if not any(m in source for m in MAKERS):
            continue
        last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
        exec(compile(tree, notebook.name, "exec"), names)  # the book's own cells
        if last is not None:
            made.append(eval(compile(ast.Expression(last.value), notebook.name, "eval"), names))
    return made


def questions(widget) -> set[str]:
    """Every question a widget asks before it repeats itself (a trainer: its ladder and then
    ``DEALT`` dealt hands), each as its cards (order aside) with what is asked."""
    lesson = widget.lesson
    kind = type(widget).__name__
    if kind == "PeggingDrill":
        return {f"pegging {scenario_position(s)} {s.ask}" for s in lesson.all_scenarios}
    counting = kind == "CountingTrainer"
    asked = set()
    for _ in range(len(lesson.ladder) + DEALT if counting else DEALT):
        score = lesson.score
        asked.add(f"{kind} {' '.join(sorted(map(str, score.hand)))} | {score.starter} {score.crib}")
        lesson.new_hand() if counting else lesson.next_hand()
    return asked


def book_pools() -> dict[str, set[str]]:
    pools = {}
    for notebook in sorted(BOOK.glob("[0-9][0-9]_*.ipynb")):
        for n, widget in enumerate(chapter_widgets(notebook), 1):
            pools[f"{notebook.stem} #{n} {type(widget).__name__}"] = questions(widget)
    return pools


@pytest.fixture(scope="module")
def pools() -> dict[str, set[str]]:
    return book_pools()


def test_the_book_has_its_trainers_drills_and_quiz(pools):
    chapters = {name.split()[0][:2] for name in pools}
    assert {"01", "02", "03", "04", "05", "07", "11", "13"} <= chapters
    assert all(len(asked) >= 8 for asked in pools.values()), {k: len(v) for k, v in pools.items()}


def test_no_question_is_asked_by_two_chapters(pools):
    shared = {}
    for (a, one), (b, other) in itertools.combinations(pools.items(), 2):
        if a.split()[0] != b.split()[0] and one & other:
            shared[(a, b)] = sorted(one & other)[:3]
    assert not shared, shared


def test_each_chapter_starts_on_its_own_first_question(pools):
    from crib_widgets.lessons.ladders import FIRST_FIFTEENS, HANDS, LADDERS

    # the hands the chapters open on, as the learner sees them
    firsts = [FIRST_FIFTEENS[0], LADDERS["fifteens"][0], LADDERS["pairs_runs"][0], LADDERS["flush_nobs"][0],
              HANDS[0], LADDERS["everything"][0]]
    assert len({(r.hand, r.starter) for r in firsts}) == len(firsts)


def test_chapter_11_practises_every_technique_position_and_nothing_of_chapter_07(pools):
    """Issue 35 item 2: the play technique drills (at least 40 real positions) live on chapter 11's
    page, all of them, and chapter 07's drill asks none of them."""
    from crib_widgets.lessons.techniques import POSITIONS

    def chapter(number: str) -> set[str]:
        return set().union(*(asked for name, asked in pools.items() if name.startswith(number)))

    techniques = {f"pegging {scenario_position(s)} {s.ask}" for s in POSITIONS}
    assert len(techniques) >= 40 and techniques <= chapter("11_")
    assert not techniques & chapter("07_")
