"""Write tests/data/js_vectors.json: cases the book's page scripts and the Python package must agree on.

Run from the repository root: ``python tests/data/make_js_vectors.py``. Every expected value is the
Python implementation's: the results signature (``crib_widgets.exercises.results.sign`` over
``_message``), name folding (``seeds.student_key``, ``assign.fold_name``) and the
assignment link (``Assignment.link``, ``assign.link_sum``), whole, cut short and edited.
``tests/test_js_vectors.py`` checks that Python still gives every value here, and
``lite/runtime/test/*.test.mjs`` (``node --test``, in ``make test``) that the page's ES modules do.
"""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import parse_qsl

from crib_widgets.bounded import _BAD, load_json
from crib_widgets.errors import CribbageError
from crib_widgets.exercises.assign import LINK_FIELDS, Assignment, fold_name, link_sum
from crib_widgets.exercises.results import _message, sign
from crib_widgets.exercises.roster import name_tokens, same_person
from crib_widgets.exercises.seeds import student_key

OUT = Path(__file__).with_name("js_vectors.json")

NAMES = ["Ann", "  Ann   SMITH ", "Chloé", "Chloe\u0301", "CHLOÉ", "Zoë O'Neil", "Straße", "STRASSE",
         "ΣΟΦΊΑ", "Οδυσσεύς", "Ǆenan", "ﬁona", "Nguyễn Văn Ánh", "Łukasz Żółć", "Søren Ærø",
         "José\u00a0María", "Ann\u2003Lee", "Ann\tLee\n", "İlker", "Μπάμπης", "José-Luis D'Água",
         "Mary-Jane O\u2019Brien", "李小龙", "Renée Dupré", "ÅSA", "García, María", "maria  GARCIA",
         "O'Neil,Zoë", "Ann\u3000Lee\x1c", ",", "\U0001d49cnn Lee",
         # accents and stroked letters folded in the key (seeds.student_key), other scripts' marks kept
         "Jose Garcia", "GARCI\u0301A, MARI\u0301A", "\u210cans", "Андрей Ёлкин", "सुनील", "한국 민수",
         "Þóra Œuvre", "Đorđe Ħabib Ŧ", "ıpek", "ŁUKASZ ØSTER", "が ｶﾞ"]
SAME = [("María García", "García, María"), ("garcia maria", "María García"), ("Chloe", "Chloé"),
        ("Ann Lee", "Ann Leigh"), ("Ann", "Ann Lee"), ("", ""), (",", "Ann"), ("ZOE O'NEIL", "O'Neil, Zoë"),
        ("Straße Ann", "ann strasse"), ("Lee Ann Mary", "Mary, Ann Lee")]

SIGNED = [  # (format, key, set, class, student, answers, saved): format 1 files are still read
    (2, "0123456789abcdef0123456789abcdef", "counting/medium/6/7", "c0ffee" * 5 + "00", "Ann",
     ["12", None, "fifteen two, fifteen four and a pair is six", "", "29"], "2026-12-01T09:30:05+00:00"),
    (1, "0123456789abcdef0123456789abcdef", "counting/medium/6/7", "c0ffee" * 5 + "00", "Ann",
     ["12", None, "fifteen two, fifteen four and a pair is six", "", "29"], None),
    (2, "00" * 16, "counting/easy/2/7", "ab" * 16, "Chloé", ["nineteen", "8"], "2026-12-01T09:30:06+00:00"),
    (1, "00" * 16, "counting/easy/2/7", "ab" * 16, "Chloé", ["nineteen", "8"], None),
    (2, "ffffffffffffffffffffffffffffffff", "play/hard/3/1", "12" * 16, "Zoë \"Z\" O'Neil",
     ["pair 2 + go 1", "4", "tab\there, newline\nthere, back\\slash"], "1999-12-31T23:59:59+00:00"),
    (2, "9f" * 16, "muggins/medium/4/99", "0f" * 16, "李小龙", ["accept", "muggins 2", "too high 4", None],
     "2027-01-02T00:00:00+00:00"),
    (1, "a1b2c3d4e5f60718293a4b5c6d7e8f90", "counting/hard/1/0", "", "Renée Dupré",
     ["\u2028 \u00e9\u0301 \u007f"], None),
    (2, "", "counting/easy/1/1", "", "", [], "2026-12-01T09:30:05+00:00"),
]


def name_cases() -> list[dict]:
    return [{"name": n, "key": student_key(n), "fold": fold_name(n),
             "tokens": list(name_tokens(n))} for n in NAMES]


def same_cases() -> list[dict]:
    return [{"typed": a, "listed": b, "same": same_person(a, b)} for a, b in SAME]


def signature_cases() -> list[dict]:
    cases = []
    for version, key, code, klass, student, answers, saved in SIGNED:
        data = {"crib_results": version, "set": code, "class": klass, "student": student, "answers": answers,
                "saved": saved}
        cases.append({"version": version, "key": key, "set": code, "class": klass, "student": student,
                      "answers": answers, "saved": saved, "message": _message(data).decode("utf-8"),
                      "signature": sign(key, data)})
    return cases


def link_expect(fragment: str) -> dict:
    """What reading the link gives: its fields, and whether it was cut or changed (as assignment.js says)."""
    params: dict[str, str] = {}
    for name, value in parse_qsl(fragment, keep_blank_values=True):
        params.setdefault(name, value)  # URLSearchParams.get: the first
    if not params.get("set"):
        return {"link": None, "problem": None}
    link = {"set": params["set"], "student": params.get("student", ""), "check": params.get("check") == "1",
            "by": "kind" if params.get("by") == "kind" else "total", "klass": params.get("class", ""),
            "key": params.get("key", ""), "q": params.get("q", "")}
    problem = None
    if any(k in params for k in ("class", "key", "q", "sum")):
        if any(not params.get(k) for k in (*LINK_FIELDS, "sum")):
            problem = "cut"
        elif link_sum(params) != params["sum"]:
            problem = "changed"
    return {"link": link, "problem": problem}


def link_cases() -> list[dict]:
    a = Assignment("counting", "medium", 3, 7, ("Chloé Dupré", "Ben", "Zoë O'Neil"), secret="5e" * 16)
    b = Assignment("play", "easy", 2, 11, ("Ann Lee",), check_as_you_go=False, answer_by="kind",
                   secret="0a" * 16)
    whole = a.link("Chloé Dupré").split("#", 1)[1]
    fragments = [
        ("whole link, accented name", whole),
        ("whole link, apostrophe", a.link("Zoë O'Neil").split("#", 1)[1]),
        ("whole link, no checking, points per kind", b.link("Ann Lee").split("#", 1)[1]),
        ("cut before the sum", whole[:whole.index("&sum=")]),
        ("cut inside the sum", whole[:-3]),
        ("cut inside the cards", whole[:whole.index("&q=") + 40]),
        ("cut before the key", whole[:whole.index("&key=")]),
        ("a card edited", whole.replace("&q=", "&q=A", 1)),
        ("the seed edited", whole.replace("counting%2Fmedium%2F3%2F7", "counting%2Fmedium%2F3%2F8", 1)),
        ("the name edited", whole.replace("student=Chlo", "student=Khlo", 1)),
        ("checking turned on", b.link("Ann Lee").split("#", 1)[1].replace("check=0", "check=1", 1)),
        ("the sum in capitals", whole[:-16] + whole[-16:].upper()),
        ("a practice set by its code", "v=1&set=counting%2Fmedium%2F6%2F7&student=Ann+Lee&check=1&by=total"),
        ("a practice set, no name", "v=1&set=counting%2Fmedium%2F6%2F7&student=&check=1&by=total"),
        ("no set: the practice form", ""),
        ("no set, other words", "v=1&student=Ann"),
        ("a field given twice", whole.replace("&by=total", "&by=total&by=kind", 1)),
    ]
    return [{"what": what, "fragment": fragment, **link_expect(fragment)} for what, fragment in fragments]


# The bounded reader (crib_widgets.bounded.load_json, lib/reader.js readJson): (what, head, body,
# times, tail, limit); the text is head + body * times + tail, read as "the file".
READER = [
    ("a results file", '{"set": "counting/easy/2/7", "answers": ["12", null, "tab\\there"]}', "", 0, "", 0),
    ("eight levels", "[" * 8, "", 0, "]" * 8, 0),
    ("nine levels", "[" * 9, "", 0, "]" * 9, 0),
    ("a nesting bomb", "", "[", 100_000, "", 0),
    ("a nesting bomb in a string", '["', "[", 100_000, '"]', 0),
    ("escaped quotes, unclosed", '"', '\\"', 100_000, "", 0),
    ("quotes", "", '"', 100_001, "", 0),
    ("twelve digits", "[123456789012, -1.5e3, 0]", "", 0, "", 0),
    ("thirteen digits", "[1234567890123]", "", 0, "", 0),
    ("5,000 digits", '{"n": ', "7", 5000, "}", 0),
    ("a number out of range", "[1, 1e400]", "", 0, "", 0),
    ("a tiny number out of range", "[-1e-400]", "", 0, "", 0),
    ("an exponent of two digits", "[1.5E+99, 12e-12]", "", 0, "", 0),
    ("13 digits after an exponent", "[1e400, 1234567890123]", "", 0, "", 0),
    ("13 digits and an exponent", "[1234567890123e400]", "", 0, "", 0),
    ("NaN", "[NaN]", "", 0, "", 0),
    ("digits in a string", '["' + "9" * 40 + '"]', "", 0, "", 0),
    ("an escaped lone surrogate", '["ok", "\\ud800"]', "", 0, "", 0),
    ("an escaped low surrogate", '{"\\udc00": 1}', "", 0, "", 0),
    ("a raw lone surrogate", '["\ud800"]', "", 0, "", 0),
    ("an escaped pair", '["\\ud83d\\ude00"]', "", 0, "", 0),
    ("a raw pair", '["\U0001f600"]', "", 0, "", 0),
    ("an escaped NUL", '["\\u0000"]', "", 0, "", 0),
    ("an escaped escape", '["\\u001b[31m"]', "", 0, "", 0),
    ("a short escape of a backspace", '{"\\b": null}', "", 0, "", 0),
    ("a short escape of a form feed", '["a\\fb"]', "", 0, "", 0),
    ("a backslash then b, as text", '["\\\\b"]', "", 0, "", 0),
    ("a raw NUL", '["\x00"]', "", 0, "", 0),
    ("a raw bell outside strings", '[1,\x07 2]', "", 0, "", 0),
    ("a raw tab in a string", '["a\tb"]', "", 0, "", 0),
    ("tab, newline, return outside", '[1,\t2,\n3\r]', "", 0, "", 0),
    ("a backslash then u0000, as text", '["\\\\u0000"]', "", 0, "", 0),
    ("DEL and an accent", '["\x7f Chlo\u00e9"]', "", 0, "", 0),
    ("not JSON", "{not json", "", 0, "", 0),
    ("cut short", '{"a": [1, 2', "", 0, "", 0),
    ("empty", "", "", 0, "", 0),
    ("over the limit", "", "x", 1001, "", 1000),
    ("at the limit", '"', "x", 998, '"', 1000),
]


def reader_cases() -> list[dict]:
    cases = []
    for what, head, body, times, tail, limit in READER:
        text = head + body * times + tail
        try:
            load_json(text, "the file", limit or 80_000_000)
            problem = None
        except CribbageError as error:
            problem = str(error)
        cases.append({"what": what, "head": head, "body": body, "times": times, "tail": tail,
                      "limit": limit or 80_000_000, "problem": problem})
    return cases


def escape_cases() -> list[dict]:
    """What the page hands Python for kept text (lib/reader.js forPython): each control character
    and lone surrogate as its JSON escape, nothing else changed."""
    texts = ['{"given": "2\ud800"}', '{"given": "2\x00"}', '["\U0001f600", "\udc00\ud800"]',
             '["tab\there\nnew line\r", "\x1f\x0b"]', '{"crib-progress": 1}', ""]
    return [{"text": t, "escaped": _BAD.sub(lambda m: f"\\u{ord(m.group()):04x}", t)} for t in texts]


def vectors() -> dict:
    return {"comment": "made by tests/data/make_js_vectors.py from the Python package; read by "
                       "tests/test_js_vectors.py and lite/runtime/test/*.test.mjs",
            "names": name_cases(), "same_person": same_cases(), "signatures": signature_cases(),
            "links": link_cases(),
            "reader": reader_cases(), "escapes": escape_cases()}


if __name__ == "__main__":
    text = json.dumps(vectors(), indent=1, ensure_ascii=False)  # lone surrogates escaped: UTF-8 has none
    OUT.write_text(_BAD.sub(lambda m: f"\\u{ord(m.group()):04x}", text) + "\n", encoding="utf-8")
    print(f"wrote {OUT}")
