"""A learner's progress built from real answers to the lesson models: first unaided tries apart,
stars per skill, what to practise next, and the store's document (export, import, merge, clear)."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from crib_widgets.errors import CribbageError
from crib_widgets.lessons import CountingLesson, MugginsLesson, PeggingLesson
from crib_widgets.lessons.progress import CHAPTERS, COURSE, Answer, Progress, split_answers
from crib_widgets.lessons.store import MAX_PROGRESS_BYTES, Store
from crib_widgets.skills import MIN_RATED, SKILLS, TRAINER_SKILLS

HAND, STARTER = "5H 5D 5S JC", "5C"  # 29: fifteens, pairs, his nobs
DAY = "2026-12-02"


def count(total: int, hand: str = HAND, starter: str = STARTER):
    """The records of one total given to a hand, at the first try."""
    return CountingLesson(hand, starter=starter).check_total(total).records


def answers(*record_lists, device: str = "d1", day: str = DAY) -> list[Answer]:
    return [Answer.of(records, f"{device}-{n}", day) for n, records in enumerate(record_lists, 1)]


# ---- actions that answer a real model: each gives the records of one answer -----------------------
def _counting(right: bool):
    return count(29 if right else 27)


def _counting_per_kind(right: bool):
    lesson = CountingLesson("4H 5C 6D JS", starter="5S", level="pairs_runs")
    points = lesson.score.by_kind()
    said = {k: points[k] for k in lesson.shown_kinds()}
    if not right:
        said["run"] = 0
    return lesson.check_kinds(said).records


def _counting_second_try(right: bool):
    lesson = CountingLesson(HAND, starter=STARTER)
    lesson.check_total(20)
    return lesson.check_total(29 if right else 21).records


def _counting_hinted(right: bool):
    lesson = CountingLesson(HAND, starter=STARTER)
    lesson.next_step()
    return lesson.check_total(29 if right else 2).records


def _pegging(right: bool):
    drill = PeggingLesson(topic="sets", shuffle=False)
    before = len(drill.records)
    drill.check_points(drill.answer.points if right else drill.answer.points + 1)
    return drill.records[before:]


def _muggins(right: bool):
    quiz = MugginsLesson(hands=[(HAND, STARTER, 28)])
    quiz.answer("muggins", 1 if right else 2) if right else quiz.answer("accept")
    return quiz.records


ACTIONS = (_counting, _counting_per_kind, _counting_second_try, _counting_hinted, _pegging, _muggins)
_CACHE: dict = {}


def act(index: int, right: bool):
    key = (index, right)
    if key not in _CACHE:
        _CACHE[key] = tuple(ACTIONS[index](right))
    return _CACHE[key]


days = st.dates(min_value=date(2026, 1, 1), max_value=date(2027, 12, 31))
steps = st.lists(st.tuples(st.integers(0, len(ACTIONS) - 1), st.booleans(), days), max_size=12)


def store_of(device: str, plays) -> Store:
    store = Store(device=device)
    for index, right, day in plays:
        store.add(act(index, right), day)
    return store


# ---- the skills and chapters --------------------------------------------------------------------
def test_every_skill_the_trainers_and_the_teacher_report_name_has_a_chapter_of_the_book():
    assert set(COURSE) == set(SKILLS) | set(TRAINER_SKILLS)
    toc = Path(__file__).resolve().parent.parent / "_toc.yml"
    lines = toc.read_text().splitlines()
    pages = {line.split("book/")[-1].strip() for line in lines if "file: book/" in line}
    assert {page for page, _, _ in CHAPTERS.values()} <= pages
    numbers = [int(CHAPTERS[s][0][:2]) for s in COURSE]
    assert numbers == sorted(numbers)  # the course order is the book's


def test_first_unaided_tries_are_counted_apart_from_second_tries_and_tries_after_a_hint():
    p = Progress(answers(count(29), count(27), _counting_second_try(True), _counting_hinted(True)))
    s = p.skill("a right count")
    assert (s.first_right, s.first_tried) == (1, 2)
    assert (s.other_right, s.other_tried) == (2, 2)


def test_stars_come_from_the_last_five_first_unaided_tries():
    def stars(*rights):
        return Progress(answers(*(count(29 if r else 27) for r in rights))).skill("a right count")

    assert (stars(True, True).stars, stars(True, True).word) == (0, "not rated yet")
    assert (stars(*[True] * 5).stars, stars(*[True] * 5).word) == (3, "secure")
    assert (stars(True, True, True, False, False).stars, stars(True, True, True, False, False).word) == \
        (2, "shaky")
    assert stars(True, False, False, False, False).stars == 1
    assert stars(False, False, False).word == "needs help"
    assert stars(*[False] * 5, *[True] * 5).stars == 3  # old mistakes put right stop counting
    assert stars(*[True] * 5).summary == ("A right count: 3 of 3 stars, secure (5 of your last 5 first tries "
                                          "right).")
    assert stars(True, True, True).stars_text == "★★★"


def test_a_skill_never_tried_says_so_and_a_chapter_shows_its_own_skills():
    p = Progress(answers(count(29)))
    assert p.skill("runs").word == "not tried yet" and p.skill("runs").stars == 0
    assert [s.skill for s in p.chapter("03_pairs_and_runs")] == ["pairs", "runs"]
    assert p.chapter("01_welcome") == ()
    with pytest.raises(CribbageError, match="is not a skill the book trains: the skills are fifteens"):
        p.skill("cutting")


def test_what_to_practise_next():
    assert Progress().practise_next() == ("Try fifteens next, in the chapter “Fifteens”: you have not "
                                          "tried this yet.")
    # a total tests only the count: it is rated (2 of the last 5) and weak, so it comes before fifteens
    mixed = answers(*[count(29)] * 3, *[count(27)] * 3)
    assert Progress(mixed).practise_next() == (
        "Practise counting a whole hand next, in the chapter “The whole show”: you got 2 of your last 5 "
        "right at the first try.")
    started = answers(_counting_per_kind(True))
    assert Progress(started).practise_next() == (
        "Keep going with fifteens in the chapter “Fifteens”: 2 more first tries and this skill gets its "
        "stars.")
    secure = Progress(answers(*[_counting_per_kind(True)] * 3))
    assert [s.stars for s in secure.skills()][:3] == [3, 3, 3]
    assert secure.practise_next() == ("Try flushes next, in the chapter “The whole show”: you have not tried "
                                      "this yet.")


def test_every_skill_secure_sends_the_learner_to_the_daily_hand_and_their_mistakes():
    results = [[skill, True] for skill in COURSE]
    full = [Answer.from_dict({"id": f"d1-{n}", "day": DAY, "lesson": "counting", "position": HAND,
                              "attempt": 1, "hinted": False, "given": "29", "results": results[:5]})
            for n in range(1, MIN_RATED + 1)]
    full += [Answer.from_dict({"id": f"d2-{n}", "day": DAY, "lesson": "pegging", "position": "5S",
                               "attempt": 1, "hinted": False, "given": "2", "results": results[5:]})
             for n in range(1, MIN_RATED + 1)]
    assert all(s.stars == 3 for s in Progress(full).skills())
    assert Progress(full).practise_next().startswith("Every skill is secure.")


def test_a_model_s_records_are_cut_into_answers():
    records = [*count(27), *count(29), *_pegging(True)]
    groups = split_answers(records)
    assert [len(g) for g in groups] == [len(count(27)), len(count(29)), len(_pegging(True))]
    with pytest.raises(CribbageError, match="an answer is the records one answer added"):
        Answer.of(records, "d1-1", DAY)


def test_the_store_records_with_ids_and_days_and_rates_and_clears():
    store = Store(device="ab12")
    added = store.add([*count(27), *count(29)], DAY)
    assert [a.id for a in added] == ["ab12-1", "ab12-2"] and store.next == 3
    assert store.progress.skill("a right count").first_tried == 2
    store.daily_done(DAY)
    store.clear()
    assert store.answers == () and store.streak.days == frozenset() and store.next == 3
    assert store.add(count(29), DAY)[0].id == "ab12-3"  # an id is never given twice


def test_a_store_makes_its_own_device_name():
    assert Store().device != Store().device
    with pytest.raises(CribbageError, match="not one a progress file holds"):
        Store(device="Bad Name")


# ---- export and import ----------------------------------------------------------------------------
@settings(max_examples=40, deadline=None)
@given(steps, st.lists(days, max_size=5))
def test_export_then_import_round_trips_exactly(plays, daily):
    store = store_of("d1", plays)
    for day in daily:
        store.daily_done(day)
    text = store.to_text()
    again = Store.from_text(text)
    assert again == store and again.to_text() == text
    fresh = Store(device="d1")
    fresh.import_bytes(text.encode("utf-8"), "progress.json")
    assert fresh.answers == store.answers and fresh.streak == store.streak and fresh.next == store.next


@settings(max_examples=30, deadline=None)
@given(steps, steps, st.lists(days, max_size=4), st.lists(days, max_size=4))
def test_merging_never_loses_an_answer_and_is_idempotent_and_order_independent(a_plays, b_plays, a_days,
                                                                                  b_days):
    a, b = store_of("aa", a_plays), store_of("bb", b_plays)
    for store, dailies in ((a, a_days), (b, b_days)):
        for day in dailies:
            store.daily_done(day)
    ab, ba = Store(device="cc"), Store(device="cc")
    for first, second, target in ((a, b, ab), (b, a, ba)):
        target.import_bytes(first.to_text().encode(), "first.json")
        target.import_bytes(second.to_text().encode(), "second.json")
    assert ab == ba
    assert {x.id for x in ab.answers} == {x.id for x in (*a.answers, *b.answers)}
    assert ab.streak.days == a.streak.days | b.streak.days
    before = ab.to_text()
    assert ab.import_bytes(a.to_text().encode(), "again.json") == "Imported no answers and no daily hands " \
                                                                   "from again.json."
    assert ab.to_text() == before
    assert ab.progress.skills() == Progress((*a.answers, *b.answers)).skills()


def test_answers_made_after_importing_this_device_s_own_older_file_never_reuse_an_id():
    phone = store_of("ph", [(0, True, date(2026, 12, 1))] * 3)
    saved = phone.to_text()
    fresh = Store(device="ph")
    fresh.import_bytes(saved.encode(), "backup.json")
    assert fresh.add(count(29), DAY)[0].id == "ph-4"


def _good_document() -> dict:
    store = store_of("d1", [(0, False, date(2026, 12, 1)), (4, True, date(2026, 12, 2))])
    store.daily_done(DAY)
    return json.loads(store.to_text())


BAD = [
    (b"\xff\xfe\x00photo", "is not UTF-8 text"),
    (b"not json at all", "is not JSON text"),
    (b"[" * 40 + b"]" * 40, "nested 40 levels deep"),
    (b'{"crib-progress": 1, "next": 1' + b"9" * 30 + b"}", "digits long"),
    (b"[]", 'is not a progress file: it has no "crib-progress" version'),
    (b'{"answers": []}', 'is not a progress file: it has no "crib-progress" version'),
    (b'{"crib-progress": 2}', "is a progress file of version 2: this page reads version 1"),
    (b'{"crib-progress": true}', "is a progress file of version True"),
    (b'{"crib-progress": 1.0}', "is a progress file of version 1.0"),
    (b'{"crib-progress": 1}', 'lacks "device": a progress file holds crib-progress, device, next, answers'),
    (b" " * (MAX_PROGRESS_BYTES + 1), "is larger than 4,000 KB"),
]


def _broken(change) -> bytes:
    doc = _good_document()
    change(doc)
    return json.dumps(doc).encode()


def _set(path, value):
    def change(doc):
        target = doc
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
    return change


BROKEN = [
    (_set(["extra"], 1), "holds 'extra': a progress file holds"),
    (_set(["device"], "A B"), "device 'A B' is not a device name"),
    (_set(["next"], 0), "next 0 is not an answer's number"),
    (_set(["next"], 1), "numbers its next answer 1, but holds this device's answer 2"),
    (_set(["answers"], {}), "answers {} are not a list of answers"),
    (_set(["answers", 0, "day"], "2026-02-30"), "answer 1: its day '2026-02-30' is not a date"),
    (_set(["answers", 0, "lesson"], "poker"), "answer 1: its lesson 'poker' is not a trainer of the book"),
    (_set(["answers", 1, "attempt"], 0), "answer 2: its attempt 0 is not a try's number"),
    (_set(["answers", 1, "attempt"], True), "answer 2: its attempt True is not a try's number"),
    (_set(["answers", 1, "hinted"], "no"), "answer 2: its hinted 'no' is not true or false"),
    (_set(["answers", 1, "position"], "x" * 301), "answer 2: its position is 301 characters long"),
    (_set(["answers", 1, "results"], [["cutting", True]]), "its skill 'cutting' is not a skill the book"),
    (_set(["answers", 1, "results"], []), f"its results [] are not a list of 1 to {len(COURSE)}"),
    (_set(["answers", 1, "results"], [["runs", 1]]), "its result ['runs', 1] is not a [skill, right] pair"),
    (_set(["answers", 1, "results"], [["runs", True], ["runs", False]]), "name a skill twice"),
    (_set(["answers", 1, "id"], "d1-1"), "answer 2 has the id d1-1 of an earlier one"),
    (_set(["answers", 1, "id"], "no id"), "the answer id 'no id' is not one a progress file holds"),
    (_set(["answers", 1], "answer"), "answer 2: an answer holds the fields id, day"),
    (_set(["daily"], "2026-12-02"), "daily '2026-12-02' is not a list of days"),
    (_set(["daily"], ["12/02/2026"]), "daily hands: a daily hand's day '12/02/2026' is not a date"),
]


@pytest.mark.parametrize(("raw", "message"), BAD + [(_broken(c), m) for c, m in BROKEN])
def test_a_bad_progress_file_is_refused_in_one_sentence_and_changes_nothing(raw, message):
    store = store_of("me", [(1, False, date(2026, 11, 30))])
    store.daily_done("2026-11-30")
    before = store.to_text()
    with pytest.raises(CribbageError, match=r"progress\.json") as error:
        store.import_bytes(raw, "progress.json")
    assert message in str(error.value) and "\n" not in str(error.value)
    assert store.to_text() == before


def test_an_answer_that_differs_from_one_kept_under_its_id_is_refused():
    store = store_of("d1", [(0, True, date(2026, 12, 2))])
    doc = json.loads(store.to_text())
    doc["answers"][0]["given"] = "28"
    before = store.to_text()
    with pytest.raises(CribbageError, match="holds an answer d1-1 that differs from the one kept here"):
        store.import_bytes(json.dumps(doc).encode(), "edited.json")
    assert store.to_text() == before


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10, 10) | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
    max_leaves=8)


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(["crib-progress", "device", "next", "answers", "daily"]), json_values,
       st.integers(0, 1), st.sampled_from(["id", "day", "lesson", "position", "attempt", "hinted", "given",
                                           "results"]), st.booleans())
def test_documents_broken_anywhere_are_refused_or_read_exactly_and_never_half_taken(top, value, which, field,
                                                                                      inside):
    doc = _good_document()
    if inside:
        doc["answers"][which][field] = value
    else:
        doc[top] = value
    store = store_of("me", [(5, False, date(2026, 11, 30))])
    before = store.to_text()
    try:
        store.import_bytes(json.dumps(doc).encode(), "progress.json")
    except CribbageError as error:
        assert "progress.json" in str(error) and store.to_text() == before
    else:  # the change happened to be a good value: it is taken whole
        assert Store.from_text(json.dumps(doc)).answers == tuple(a for a in store.answers
                                                                 if not a.id.startswith("me-"))


def test_the_page_restores_what_it_saved_and_starts_afresh_in_words_when_it_cannot():
    store = store_of("me", [(0, False, date(2026, 12, 1))])
    assert Store.restore(store.to_text()) == (store, "")
    fresh, problem = Store.restore(None, "me")
    assert fresh.answers == () and problem == ""
    fresh, problem = Store.restore(store.to_text()[:-3], "me")
    assert fresh.answers == () and problem.startswith("Your saved progress could not be read, so this page "
                                                      "starts afresh: the saved progress is not JSON text")
