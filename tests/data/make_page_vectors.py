"""Write tests/data/page_vectors.json: what the assignment page takes from Python as it is (issue 40).

Run from the repository root: ``python tests/data/make_page_vectors.py``. Every value is Python's:
the link payload (`assign.page_data`: the answer box's example, the question as shown, the results
file's name, also for a name too long for a file name), the replies to typed answers
(`assign.page_reply`: the mark and the detail the page writes), and the progress a student may attach
(`lessons.attach.attachable_progress`). ``tests/test_page_vectors.py`` checks Python still gives them,
and ``lite/runtime/test/payload.test.mjs`` that the page's ``lib/payload.js`` reads them.
"""

from __future__ import annotations

import json
from pathlib import Path

from crib_widgets.exercises.assign import page_data, page_reply
from crib_widgets.exercises.generate import load_set, make_set
from crib_widgets.lessons.attach import attachable_progress

OUT = Path(__file__).with_name("page_vectors.json")
LONG = "Александра Константиновна Малиновская-Преображенская Воскресенская"  # 130 bytes and more

SETS = [  # (what, kind, difficulty, hands, seed, student)
    ("counting, a short name", "counting", "easy", 2, 7, "Chloé O'Neil"),
    ("the play", "play", "medium", 2, 7, "Ann"),
    ("Muggins", "muggins", "easy", 2, 7, "Ben"),
    ("a name too long for a file name", "counting", "easy", 1, 7, LONG),
    ("practice, no name", "counting", "easy", 1, 7, None),
]
REPLIES = [  # (set, student, question, text, check)
    ("counting/easy/2/7", "Ann", 1, "12", True),
    ("counting/easy/2/7", "Ann", 1, "12", False),
    ("counting/easy/2/7", "Ann", 1, "twelve apples", True),
    ("counting/easy/2/7", "Ann", 1, "twelve apples", False),
    ("muggins/easy/2/7", "Ben", 1, "accept", True),
    ("play/medium/2/7", "Ann", 2, "pair 2 + go 1", True),
]


def _answer(n: int, skill: str, *, attempt: int = 1, hinted: bool = False, day: str = "2026-12-01") -> dict:
    return {"id": f"d1-{n}", "day": day, "lesson": "counting", "position": f"p{n}", "attempt": attempt,
            "hinted": hinted, "given": str(n), "results": [[skill, n % 3 != 0]]}


def _kept(answers: list[dict]) -> str:
    return json.dumps({"crib-progress": 1, "device": "d1", "next": len(answers) + 1, "answers": answers,
                       "daily": ["2026-12-01"]}, separators=(",", ":"))


PROGRESS = [  # (what, the browser's kept text)
    ("nothing kept", ""),
    ("not a progress file", '{"crib-progress": 2}'),
    ("half a character", '{"crib-progress": 1, "device": "\\ud800", "next": 1, "answers": [], "daily": []}'),
    ("no answers", _kept([])),
    ("eight first tries of one skill: the last five",
     _kept([_answer(n, "a right count") for n in range(1, 9)])),
    ("hinted and second tries: the last of them", _kept(
        [_answer(1, "fifteens"), _answer(2, "fifteens", hinted=True), _answer(3, "fifteens", attempt=2),
         _answer(4, "pairs", day="2026-12-02")])),
]


def set_cases() -> list[dict]:
    cases = []
    for what, kind, difficulty, hands, seed, student in SETS:
        data = page_data(make_set(kind, difficulty, hands, seed, student))
        cases.append({"what": what, "data": data, "hint": data["hint"], "file": data.get("file"),
                      "prompts": [q["prompt"] for q in data["questions"]]})
    old = {k: v for k, v in cases[2]["data"].items() if k not in ("hint", "file")}  # a link made before
    cases.append({"what": "a link made before the page was handed these", "data": old, "hint": "",
                  "file": None, "prompts": [q["prompt"] for q in old["questions"]]})
    return cases


def reply_cases() -> list[dict]:
    cases = []
    right = str(load_set("counting/easy/2/7", "Ann")[1].solution().answer)
    bens = json.dumps(page_data(load_set("counting/easy/2/7", "Ben"))["questions"][0], ensure_ascii=False)
    for code, student, number, text, check, *shown in [("counting/easy/2/7", "Ann", 1, right, True), *REPLIES,
                                                       ("counting/easy/2/7", "Ann", 1, right, True, bens)]:
        reply = json.loads(page_reply(code, student, number, text, check, *shown))
        cases.append({"set": code, "student": student, "n": number, "text": text, "check": check,
                      "reply": reply, "mark": reply["mark"], "detail": reply["detail"]})
    return cases


def progress_cases() -> list[dict]:
    return [{"what": what, "kept": text, "attach": attachable_progress(text)} for what, text in PROGRESS]


def vectors() -> dict:
    return {"comment": "made by tests/data/make_page_vectors.py from the Python package; read by "
                       "tests/test_page_vectors.py and lite/runtime/test/payload.test.mjs",
            "sets": set_cases(), "replies": reply_cases(), "progress": progress_cases()}


if __name__ == "__main__":
    OUT.write_text(json.dumps(vectors(), indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {OUT}")
