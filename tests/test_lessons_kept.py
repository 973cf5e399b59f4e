"""The learner's progress kept by the page: the store restored from what the browser handed over,
every answer of the three trainers' widgets kept through the one hidden element the page saves
from, and the "My progress" page's model and view (skills with stars, export, import, clear)."""

from __future__ import annotations

import datetime
import html
import json
import re

import pytest

from crib_widgets.lessons import CountingLesson
from crib_widgets.lessons.kept import VARIABLE, Kept
from crib_widgets.lessons.my_progress import MyProgress
from crib_widgets.lessons.progress import COURSE
from crib_widgets.lessons.store import Store
from crib_widgets.widgets import progress_link
from crib_widgets.widgets.counting_trainer import CountingTrainer
from crib_widgets.widgets.muggins_quiz import MugginsQuiz
from crib_widgets.widgets.pegging_drill import PeggingDrill
from crib_widgets.widgets.progress_view import ProgressView

HAND, STARTER = "5H 5D 5S JC", "5C"
DAY = "2026-12-02"


@pytest.fixture
def page(monkeypatch):
    """A fresh page (its own kept progress and hidden element), as the browser starts one."""
    def start(saved: str | None = "") -> Kept:
        monkeypatch.setattr(progress_link, "_page", {})
        if saved is None:
            monkeypatch.delenv(VARIABLE, raising=False)
        else:
            monkeypatch.setenv(VARIABLE, saved)
        kept = progress_link.kept()
        kept.today = Kept("", today=DAY).today
        return kept
    return start


def shown_text() -> str:
    """What the hidden element offers the page to save ('' when nothing)."""
    match = re.search(r'<div class="crib-progress-text"[^>]*>(.*)</div>', progress_link.out().value, re.S)
    return html.unescape(match.group(1)) if match else ""


def count(trainer: CountingTrainer, total: int) -> None:
    """Type a total and press Check (a number typed is judged only when asked)."""
    trainer.mode.value = "total"
    trainer.total_input.value = total
    trainer.check_button.click()


# ---- the bridge ---------------------------------------------------------------------------------

def test_a_page_with_nothing_saved_keeps_each_counting_answer_and_offers_it_to_save(page):
    kept = page("")
    trainer = CountingTrainer(HAND, STARTER)
    assert shown_text() == ""  # nothing to save before an answer
    count(trainer, 28)
    count(trainer, 29)
    saved = Store.from_text(shown_text())
    assert [(a.attempt, a.right) for a in saved.answers] == [(1, False), (2, True)]
    assert saved == kept.store and saved.device == kept.store.device


def test_the_saved_progress_comes_back_and_the_page_numbers_its_new_answers_under_its_own_name(page):
    first = page("")
    count(CountingTrainer(HAND, STARTER), 29)
    text = shown_text()
    again = page(text)
    assert again.store.device != first.store.device and len(again.store.answers) == 1
    count(CountingTrainer(HAND, STARTER), 29)
    ids = {a.id for a in Store.from_text(shown_text()).answers}
    assert ids == {f"{first.store.device}-1", f"{again.store.device}-1"}


def test_two_tabs_open_at_once_each_take_in_what_the_other_saved_and_lose_nothing():
    start = Kept("", today=DAY, device="d1")
    start.take(CountingLesson(HAND, starter=STARTER).check_total(29).records, 0)
    one, two = Kept(start.text, today=DAY), Kept(start.text, today=DAY)  # both restore the same text
    one.take(CountingLesson(HAND, starter=STARTER).check_total(28).records, 0)
    two.take(CountingLesson(HAND, starter=STARTER).check_total(29).records, 0)
    two.store.daily_done(DAY)
    assert one.take_saved(two.text) and two.take_saved(one.text)  # each saw the other's save
    assert one.store.answers == two.store.answers and len(one.store.answers) == 3
    assert one.store.streak.days == two.store.streak.days
    assert not one.take_saved(two.text)  # nothing new: no save again, so the tabs fall quiet


def test_text_another_tab_saved_that_cannot_be_read_changes_nothing():
    kept = Kept("", today=DAY, device="d1")
    kept.take(CountingLesson(HAND, starter=STARTER).check_total(29).records, 0)
    before = kept.text
    assert not kept.take_saved('{"crib-progress": 1')
    assert not kept.take_saved("")
    assert kept.text == before


def test_the_page_bridge_saves_the_union_when_another_tab_saved(page):
    kept = page("")
    count(CountingTrainer(HAND, STARTER), 29)
    other = Kept(shown_text(), today=DAY)
    other.take(CountingLesson(HAND, starter=STARTER).check_total(28).records, 0)
    progress_link.take_saved(other.text)
    assert len(Store.from_text(shown_text()).answers) == 2 and len(kept.store.answers) == 2


def test_damaged_saved_text_starts_afresh_says_why_and_is_saved_over_at_once_so_it_is_said_once(page):
    kept = page('{"crib-progress": 1')
    assert kept.problem.startswith("Your saved progress could not be read") and not kept.store.answers
    # saved at once, marked, so the page keeps the old text aside and the next visit says nothing
    assert 'data-damaged="1"' in progress_link.out().value
    trainer = CountingTrainer(HAND, STARTER)
    count(trainer, 29)
    assert "data-damaged" not in progress_link.out().value
    assert not page(shown_text()).problem


def test_outside_a_page_that_keeps_progress_nothing_is_offered_to_save_and_the_trainer_works(page):
    kept = page(None)  # the book's build, or Jupyter: no CRIB_PROGRESS
    trainer = CountingTrainer(HAND, STARTER)
    count(trainer, 29)
    assert trainer.status_text.startswith("Right") and progress_link.out().value == ""
    assert not kept.live and len(kept.store.answers) == 1


def test_a_slip_in_keeping_never_stops_the_trainer(page, monkeypatch):
    page("")
    monkeypatch.setattr(Kept, "take", lambda *a: 1 / 0)
    trainer = CountingTrainer(HAND, STARTER)
    count(trainer, 29)
    assert trainer.status_text.startswith("Right")


def test_every_trainer_puts_the_one_hidden_element_in_its_tree_and_keeps_its_answers(page):
    kept = page("")
    quiz = MugginsQuiz(hands=[(HAND.split(), STARTER, 28)])
    drill = PeggingDrill()
    trainer = CountingTrainer(HAND, STARTER)
    for widget in (quiz, drill, trainer):
        assert progress_link.out() in widget.children
    quiz.accept_button.click()
    drill.reveal_button.click()
    lessons = [a.lesson for a in Store.from_text(shown_text()).answers]
    assert lessons == ["muggins", "pegging"] and kept.store.progress.skill("Muggins calls").first_tried == 1


def test_kept_take_keeps_only_new_records():
    kept = Kept("", today=DAY, device="d1")
    lesson = CountingLesson(HAND, starter=STARTER)
    lesson.check_total(28)
    seen = kept.take(lesson.records, 0)
    assert kept.take(lesson.records, seen) == seen and len(kept.store.answers) == 1


# ---- the "My progress" page -----------------------------------------------------------------------

def answered(day: str = DAY, device: str = "d1") -> Kept:
    kept = Kept("", today=day, device=device)
    kept.take(CountingLesson(HAND, starter=STARTER).check_total(29).records, 0)
    return kept


def test_my_progress_shows_every_skill_in_the_books_order_with_its_chapter_and_what_to_practise():
    page = MyProgress(answered())
    rows = page.rows()
    assert [r.skill for r in rows] == list(COURSE)
    assert rows[0].href == "02_fifteens.html" and rows[0].word == "not tried yet"
    total = next(r for r in rows if r.skill == "a right count")  # a total given tests the whole count
    assert (total.chapter, total.href, total.word, total.stars) == (
        "The whole show", "04_the_whole_show.html", "not rated yet", "☆☆☆")
    assert page.practise_next().startswith("Try fifteens next, in the chapter “Fifteens”")
    assert page.message == "Kept in this browser: 1 answer. Nothing is sent anywhere."


def test_export_then_import_on_another_device_gives_the_same_progress():
    home = MyProgress(answered())
    away = MyProgress(Kept("", today=DAY, device="d2"))
    assert away.import_file(home.file_text().encode(), home.file_name())
    assert away.message == f"Imported 1 answer and no daily hands from {home.file_name()}."
    assert away.tone == "ok"
    assert away.rows() == home.rows()
    json.loads(home.file_text())  # the file is the store's JSON document


def test_a_bad_file_is_refused_in_a_sentence_and_nothing_changes():
    page = MyProgress(answered())
    before = page.kept.store.to_text()
    assert not page.import_file(b"hello", "notes.txt")
    assert page.tone == "bad" and "notes.txt" in page.message and page.kept.store.to_text() == before


def test_clear_asks_first_and_only_a_confirmation_clears():
    page = MyProgress(answered())
    assert not page.confirm_clear() and page.kept.store.answers
    page.ask_clear()
    page.cancel_clear()
    assert not page.confirm_clear() and page.kept.store.answers and page.message == "Nothing was cleared."
    page.ask_clear()
    assert page.confirm_clear() and not page.kept.store.answers


def test_the_view_clears_with_a_confirm_step_and_the_page_saves_the_cleared_progress(page):
    kept = page("")
    count(CountingTrainer(HAND, STARTER), 29)
    view = ProgressView()
    assert view.confirm_row.layout.display == "none"
    view.clear_button.click()
    assert view.confirm_row.layout.display == "flex" and kept.store.answers
    view.confirm_button.click()
    assert not kept.store.answers and Store.from_text(shown_text()).answers == ()
    assert view.confirm_row.layout.display == "none" and "cleared" in view.file_status.value


def test_the_view_imports_a_file_and_the_page_saves_it(page):
    other = answered(device="d9")
    kept = page("")
    view = ProgressView()
    view.upload.value = ({"name": "crib-progress.json", "type": "application/json", "size": 1,
                          "content": memoryview(other.text.encode()),
                          "last_modified": datetime.datetime.now()},)
    assert [a.id for a in kept.store.answers] == ["d9-1"] and "Imported 1 answer" in view.file_status.value
    # the button ("Import a progress file (N)") counts the files imported: it read "(0)" after this import
    assert Store.from_text(shown_text()) == kept.store and len(view.upload.value) == 1
    assert "download=\"crib-progress-2026-12-02.json\"" in view.download.value
    view.upload.value = ()
    view.upload.value = ({"name": "crib-progress.json", "type": "application/json", "size": 1,
                          "content": memoryview(other.text.encode()),
                          "last_modified": datetime.datetime.now()},)
    assert len(view.upload.value) == 1  # the same file again (or echoed back by the page) counts once
    view.upload.value = ({"name": "notes.json", "type": "application/json", "size": 1,
                          "content": memoryview(b"not progress"), "last_modified": datetime.datetime.now()},)
    assert "Imported" not in view.file_status.value  # refused: not counted
    assert len(view.upload.value) == 1 and [a.id for a in kept.store.answers] == ["d9-1"]
    view.clear_button.click()
    view.confirm_button.click()
    assert view.upload.value == ()


def test_a_page_opened_later_numbers_its_answers_after_the_earlier_pages_answers_of_the_day(monkeypatch):
    from crib_widgets.lessons import store as store_module

    monkeypatch.setattr(store_module.time, "time", lambda: 1_800_000_000)
    morning = Kept("", today=DAY)
    morning.take(CountingLesson(HAND, starter=STARTER).check_total(28).records, 0)
    monkeypatch.setattr(store_module.time, "time", lambda: 1_800_000_060)  # a page opened a minute later
    later = Kept(morning.text, today=DAY)
    later.take(CountingLesson(HAND, starter=STARTER).check_total(29).records, 0)
    assert [a.right for a in later.store.answers] == [False, True]  # the stars read the last answers last
