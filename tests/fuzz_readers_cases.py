"""The fuzz of every reader of outside values (issue 38), shared by tests/test_fuzz_readers.py (a few
examples each, in `make test`) and bench/fuzz_readers.py (10,000 each, with the figures).

Each reader gets hostile input of every class the reader refuses (deep nesting, long and huge numbers,
lone surrogates and control characters raw and escaped, text at and over the size limits, zlib
bombs) mixed with input that is nearly right (a real progress document or link with one value
changed). The property, for every input: the reader answers or refuses with a `CribbageError` of one
short sentence, within `SECONDS` (a bound on inputs up to the stated limits, not a speed goal), and a
refusal changes nothing. Each check returns the CPU seconds the reader took.
"""

from __future__ import annotations

import base64
import json
import time
import zlib

from hypothesis import strategies as st

from crib_widgets.bounded import MAX_DEPTH, MAX_DIGITS, bad_character, load_json
from crib_widgets.errors import CribbageError
from crib_widgets.lessons import CountingLesson
from crib_widgets.lessons.kept import Kept
from crib_widgets.lessons.practice import Practice
from crib_widgets.lessons.store import MAX_PROGRESS_BYTES, Store
from crib_widgets.table import share

SECONDS = 2.0  # every call, on inputs up to the limits
LONGEST_SENTENCE = 400  # characters in a refusal: never the value echoed
TODAY = "2026-12-04"

# ---- the hostile pieces ----------------------------------------------------------------------------------
PIECES = ["[", "]", "{", "}", '"', ",", ":", " ", "\\", '\\"', "0", "7", "-", "+", ".", "e", "E", "1e400",
          "9" * 13, "true", "null", "NaN", "\\u0000", "\\ud800", "\\udc00", "\\ud83d\\ude00", "\ud800",
          "\x00", "\x07", "\t", "\n", "é", "😀", '"a"', '{"a":', "[[[[[[[[[", "]]]]]]]]]"]
HOSTILE_TEXT = st.lists(st.sampled_from(PIECES), max_size=400).map("".join)
# a piece repeated up to the size a reader allows (and a little over)
BIG_TEXT = st.builds(lambda head, piece, n: head + piece * n,
                     st.sampled_from(["", '"', "[", '{"a": "', '["']),
                     st.sampled_from(["[", '"', '\\"', "\\", "[]", '"a",', "9", "\\ud800"]),
                     st.integers(0, 250_000))
STRINGS = st.one_of(st.text(max_size=30), st.sampled_from(["\ud800", "a\x00b", "\x1b[31m", "x" * 5000, "",
                                                           "²", "٣", "9999-12-31", "0001-01-01", "5H 5H"]))
NUMBERS = st.one_of(st.integers(-10, 10), st.sampled_from([10**13, -(10**20), 2**63, 999_999_999]),
                    st.floats(allow_nan=False))
VALUES = st.recursive(st.one_of(st.none(), st.booleans(), NUMBERS, STRINGS),
                      lambda inner: st.one_of(st.lists(inner, max_size=4),
                                              st.dictionaries(STRINGS, inner, max_size=4)),
                      max_leaves=20)


def _dumps(value: object, ascii_only: bool) -> str:
    try:
        return json.dumps(value, ensure_ascii=ascii_only)
    except ValueError:  # a float json cannot write
        return "null"


JSON_TEXT = st.builds(_dumps, VALUES, st.booleans())
READER_INPUT = st.one_of(HOSTILE_TEXT, BIG_TEXT, JSON_TEXT)


def _timed(call) -> tuple[float, object]:
    """(seconds, what ``call`` returned or the CribbageError it raised). The bound is asserted on the
    process's CPU time, which other work on a shared machine does not stretch (at a load of 15 on two
    cores the clock ran 7 times the CPU time); the clock (time.perf_counter) is kept for the figures
    (`WALL`)."""
    start, cpu = time.perf_counter(), time.process_time()
    try:
        out = call()
    except CribbageError as error:
        out = error
    took, wall = time.process_time() - cpu, time.perf_counter() - start
    WALL.append(wall)
    assert took < SECONDS, f"{took:.2f} s of CPU ({wall:.2f} s by the clock)"
    if isinstance(out, CribbageError):
        assert len(str(out)) < LONGEST_SENTENCE, f"{len(str(out))} characters: {str(out)[:200]}"
    return took, out


WALL: list[float] = []  # every call's time by the clock, for bench/fuzz_readers.py


# ---- 1. the reader itself --------------------------------------------------------------------------------
def check_reader(text: str) -> float:
    """load_json answers or refuses; what it answers is inside every limit."""
    took, out = _timed(lambda: load_json(text, "the file", MAX_PROGRESS_BYTES))
    if not isinstance(out, CribbageError):
        stack, depth = [(out, 0)], 0
        while stack:
            value, level = stack.pop()
            depth = max(depth, level)
            if isinstance(value, str):
                assert bad_character(value) is None
            elif isinstance(value, int) and not isinstance(value, bool):
                assert len(str(abs(value))) <= MAX_DIGITS
            elif isinstance(value, list):
                stack.extend((v, level + 1) for v in value)
            elif isinstance(value, dict):
                stack.extend((v, level + 1) for v in (*value, *value.values()))
        assert depth <= MAX_DEPTH
    return took


# ---- 2. progress import, 3. kept progress, 4. today's and practice entries ---------------------------------
def _document() -> dict:
    store = Store(device="d1")
    store.add(CountingLesson("5H 5D 5S JC", starter="5C").check_total(28).records, "2026-12-02")
    store.daily_done("2026-12-02")
    return store.to_dict()


DOCUMENT = _document()
FIELDS = [(), ("device",), ("next",), ("answers",), ("daily",), ("answers", 0), ("answers", 0, "day"),
          ("answers", 0, "position"), ("answers", 0, "given"), ("answers", 0, "lesson"),
          ("answers", 0, "attempt"), ("answers", 0, "results"), ("answers", 0, "id"), ("daily", 0)]
CARDS = ["5H", "5D", "5S", "JC", "5C", "10D", "KS", "AS", "9H", "2C", "QH", "7C", "5H"]
POSITION = st.lists(st.sampled_from([*CARDS, "|", "2 players", "3 players", "5 players", "final", "hand",
                                     "best", "safest", "said", "²", "28", "99", "crib", "GO", ""]),
                    max_size=14).map(" ".join)
LESSON = st.sampled_from(["counting", "pegging", "muggins", "discarding", "cooking"])


def _changed(path: tuple, value: object) -> dict:
    data = json.loads(json.dumps(DOCUMENT))
    if not path:
        return value if isinstance(value, dict) else data
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return data


def _entries(lessons: list[str], positions: list[str]) -> dict:
    data = json.loads(json.dumps(DOCUMENT))
    template = data["answers"][0]
    data["answers"] = [{**template, "id": f"d1-{i + 1}", "lesson": lesson, "position": position}
                       for i, (lesson, position) in enumerate(zip(lessons, positions, strict=False))]
    data["next"] = len(data["answers"]) + 1
    return data


DOCUMENTS = st.one_of(
    st.builds(_changed, st.sampled_from(FIELDS), VALUES),
    st.builds(_entries, st.lists(LESSON, min_size=1, max_size=6), st.lists(POSITION, min_size=1, max_size=6)))
PROGRESS_TEXT = st.one_of(st.builds(_dumps, DOCUMENTS, st.booleans()), READER_INPUT)
PROGRESS_BYTES = st.one_of(PROGRESS_TEXT.map(lambda t: t.encode("utf-8", "surrogatepass")),
                           st.binary(max_size=300))


def check_import(raw: bytes) -> float:
    """An import is taken whole or refused in a sentence, and a refusal changes nothing."""
    store = Store(device="d9")
    store.add(CountingLesson("4H 5C 6D JS", starter="5S").check_total(12).records, TODAY)
    before = store.to_dict()
    took, out = _timed(lambda: store.import_bytes(raw, "progress.json"))
    if isinstance(out, CribbageError):
        assert store.to_dict() == before
    return took


def check_kept(text: str) -> float:
    """Kept text never stops the page: whatever is kept reads back whole, and the streak, the deck and
    practice all work on it."""
    def load() -> Kept:
        kept = Kept(text, today=TODAY, device="d9")
        assert len(kept.problem) < 2 * LONGEST_SENTENCE
        assert not Kept(kept.text, today=TODAY, device="d8").problem
        kept.store.streak.current(TODAY)
        _ = kept.store.streak.best, kept.store.progress.practise_next(), kept.store.deck.due(TODAY)
        return kept
    took, out = _timed(load)
    assert not isinstance(out, CribbageError), out
    return took


def check_entries(text: str) -> float:
    """Every kept question practice asks again is one the rules allow: asking, describing and answering
    it (with hostile answers) is a sentence at worst. Each call is timed on its own; the slowest is
    returned."""
    took, practice = _timed(lambda: Practice(Kept(text, today=TODAY, device="d9")))
    assert not isinstance(practice, CribbageError), practice
    slowest = took
    for _ in range(4):
        slowest = max(slowest, _timed(practice.summary)[0])
        if practice.item is None:
            break
        slowest = max(slowest, _timed(practice.question)[0], _timed(practice.where)[0])
        hand = practice.lesson.scenario.hand if practice.kind == "card" else ()
        for answer in (lambda: practice.count("²"), lambda: practice.points("٣"),
                       lambda hand=hand: practice.pick(hand[0]) if hand else practice.call("accept"),
                       lambda: practice.count(12)):
            slowest = max(slowest, _timed(answer)[0])
        slowest = max(slowest, _timed(practice.next)[0])
    return slowest


# ---- 5. position links -------------------------------------------------------------------------------------
def _code(raw: bytes) -> str:
    return share.CODE_VERSION + base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode().rstrip("=")


LINK_RAW = st.one_of(PROGRESS_TEXT.map(lambda t: t.encode("utf-8", "surrogatepass")),
                     st.builds(lambda n: json.dumps({"n": ["x" * n]}).encode(), st.integers(0, 6_000_000)))
LINKS = st.one_of(
    LINK_RAW.map(_code),
    st.text(alphabet="ABCxyz019-_=.#c", max_size=300).map(lambda t: share.CODE_VERSION + t),
    st.builds(lambda c, cut: c[:cut], LINK_RAW.map(_code), st.integers(0, 400)),
    st.text(max_size=200))


def check_link(text: str) -> float:
    """A link opens its position or is refused in a sentence (never a RecursionError, never a
    5-million-character message)."""
    took, _ = _timed(lambda: share.read_link(text))
    return took


READERS = {  # name: (strategy, check)
    "reader (bounded.load_json)": (READER_INPUT, check_reader),
    "progress import (Store.import_bytes)": (PROGRESS_BYTES, check_import),
    "kept progress (Kept)": (PROGRESS_TEXT, check_kept),
    "today and practice entries (Practice)": (PROGRESS_TEXT, check_entries),
    "position links (share.read_link)": (LINKS, check_link),
}
