"""Each chapter's stars: one line per skill the chapter teaches, drawn and said in words, a link to My
progress, the static page's honest "appears once the page comes alive", and a live redraw when the
learner answers in a trainer of the same page (progress_link's listeners)."""

from __future__ import annotations

import gc
import json
import re
from pathlib import Path

import pytest

from crib_widgets.errors import CribbageError
from crib_widgets.lessons import CountingLesson
from crib_widgets.lessons.chapter_stars import MY_PROGRESS, PAGES, TRY, chapter_lines, intro
from crib_widgets.lessons.kept import VARIABLE, Kept
from crib_widgets.lessons.progress import CHAPTERS, COURSE, Progress
from crib_widgets.widgets import progress_link
from crib_widgets.widgets.chapter_stars import ChapterStars
from crib_widgets.widgets.counting_trainer import CountingTrainer

BOOK = Path(__file__).resolve().parents[1] / "book"
HAND, STARTER = "5H 5D 5S JC", "5C"  # 29


@pytest.fixture
def page(monkeypatch):
    """A fresh page: its own kept progress (live, as in the browser, unless ``saved`` is None) and
    no listeners yet."""
    def start(saved: str | None = "") -> Kept:
        monkeypatch.setattr(progress_link, "_page", {})
        monkeypatch.setattr(progress_link, "_listeners", [])
        if saved is None:
            monkeypatch.delenv(VARIABLE, raising=False)
        else:
            monkeypatch.setenv(VARIABLE, saved)
        kept = progress_link.kept()
        kept.today = Kept("", today="2026-12-02").today
        return kept
    return start


def kept_with(totals) -> Kept:
    kept = Kept("", today="2026-12-02", device="d1")
    for total in totals:
        kept.take(CountingLesson(HAND, starter=STARTER).check_total(total).records, 0)
    return kept


def text_of(stars: ChapterStars) -> str:
    """What a reader sees or hears in the box, tags removed."""
    return re.sub(r"<[^>]+>", " ", stars.view.value)


# ---- the model --------------------------------------------------------------------------------

def test_every_page_of_a_rated_skill_shows_its_skills_in_the_book_order_and_only_those():
    assert set(PAGES) == {page for page, _, _ in CHAPTERS.values()}
    assert set(TRY) == set(COURSE)
    for page in PAGES:
        lines = chapter_lines(Progress(), page)
        assert [line.skill for line in lines] == [s for s in COURSE if CHAPTERS[s][0] == page]
    assert [line.skill for line in chapter_lines(Progress(), "04_the_whole_show")] == \
        ["flush", "his nobs", "a right count"]
    assert [line.skill for line in chapter_lines(Progress(), "10_discarding")] == ["discards"]


def test_not_tried_yet_says_where_to_try_it_and_draws_no_stars():
    line = chapter_lines(Progress(), "02_fifteens")[0]
    assert (line.stars, line.word) == ("☆☆☆", "not tried yet")
    assert line.shown == "not tried yet: count a hand in the trainer above"
    assert line.said == "Fifteens: not tried yet: count a hand in the trainer above."
    discards = chapter_lines(Progress(), "10_discarding")[0]
    assert "discard trainer above" in discards.shown and "game table" in discards.shown


def test_a_few_first_tries_say_how_many_more_give_stars():
    line = chapter_lines(kept_with([29]).store.progress, "04_the_whole_show")[2]
    assert line.word == "not rated yet" and line.stars == "☆☆☆"
    assert line.shown == "no stars yet: 2 more first tries and this skill gets its stars"
    one_more = chapter_lines(kept_with([29, 28]).store.progress, "04_the_whole_show")[2]
    assert one_more.shown.startswith("no stars yet: 1 more first try and")


def test_rated_skills_show_stars_and_the_same_words_as_my_progress():
    progress = kept_with([29, 29, 29, 28, 29]).store.progress
    line = chapter_lines(progress, "04_the_whole_show")[2]
    skill = progress.skill("a right count")
    assert (line.stars, line.word) == ("★★★", "secure") == (skill.stars_text, skill.word)
    assert line.shown == "secure, 4 of your last 5 first tries right"
    assert line.said == skill.summary
    assert line.said == "A right count: 3 of 3 stars, secure (4 of your last 5 first tries right)."
    shaky = chapter_lines(kept_with([29, 28, 28, 29]).store.progress, "04_the_whole_show")[2]
    assert (shaky.stars, shaky.word) == ("★★☆", "shaky")


def test_a_page_without_rated_skills_is_refused_with_the_pages_that_have_them():
    for bad in ("01_welcome", "04_the_whole_show.ipynb", "", None, 4):
        with pytest.raises(CribbageError, match="not a chapter that teaches a skill with stars: the "
                                                "chapters are 02_fifteens, "):
            chapter_lines(Progress(), bad)
        with pytest.raises(CribbageError, match="not a chapter that teaches a skill with stars"):
            ChapterStars(bad)


def test_the_static_page_says_the_stars_appear_once_it_is_alive():
    assert "appear here once the page comes alive" in intro("02_fifteens", False)
    assert "even if you have tried" in intro("02_fifteens", False)
    assert "this skill show" in intro("02_fifteens", False)
    assert "these skills show" in intro("04_the_whole_show", False)
    assert "once the page comes alive" not in intro("02_fifteens", True)


# ---- the widget -------------------------------------------------------------------------------

def test_the_box_draws_each_line_in_stars_and_words_and_links_to_my_progress(page):
    page("")
    stars = ChapterStars("04_the_whole_show")
    value = stars.view.value
    assert len(stars.lines) == 3 and value.count("<li>") == 3
    assert f'<a href="{MY_PROGRESS}">See every skill on My progress</a>' in value
    assert value.count('class="crib-stars" aria-hidden="true">☆☆☆</span>') == 3  # glyphs hidden from readers
    for line in stars.lines:
        assert line.said in text_of(stars)  # ...and said in words
    assert 'data-live="1"' in value and "once the page comes alive" not in value


def test_the_build_snapshot_says_not_tried_yet_only_until_the_page_is_alive(page):
    page(None)  # the book's build: no progress handed over
    stars = ChapterStars("02_fifteens")
    assert not stars.live and 'data-live="0"' in stars.view.value
    assert "Your stars appear here once the page comes alive" in text_of(stars)
    assert "Fifteens: not tried yet" in text_of(stars)


def test_the_stars_redraw_when_the_learner_answers_in_a_trainer_of_the_same_page(page):
    page("")
    stars = ChapterStars("04_the_whole_show")
    trainer = CountingTrainer(HAND, STARTER)
    trainer.mode.value = "total"
    trainer.total_input.value = 29
    trainer.check_button.click()
    right_count = stars.lines[2]
    assert right_count.word == "not rated yet"
    assert "A right count: no stars yet: 2 more first tries" in text_of(stars)
    for total in (29, 29):
        fresh = CountingTrainer(HAND, STARTER)
        fresh.mode.value = "total"
        fresh.total_input.value = total
        fresh.check_button.click()
    assert stars.lines[2].stars == "★★★"
    assert "A right count: 3 of 3 stars, secure (3 of your last 3 first tries right)." in text_of(stars)


def test_the_stars_show_progress_saved_earlier_in_this_browser(page):
    saved = kept_with([29, 29, 29]).text
    page(saved)
    assert ChapterStars("04_the_whole_show").lines[2].word == "secure"


def test_a_chapter_stars_box_that_is_gone_stops_listening_and_a_failing_listener_stops_nothing(page):
    page("")
    stars = ChapterStars("02_fifteens")
    assert len(progress_link._listeners) == 1
    progress_link.unlisten(stars.redraw)
    assert progress_link._listeners == []
    progress_link.listen(lambda: 1 / 0)
    trainer = CountingTrainer(HAND, STARTER)
    trainer.mode.value = "total"
    trainer.total_input.value = 29
    trainer.check_button.click()
    assert trainer.status_text.startswith("Right")

    class Gone:
        def redraw(self):
            raise AssertionError("a forgotten widget is not called")
    gone = Gone()
    progress_link.listen(gone.redraw)
    del gone
    gc.collect()
    progress_link.saved()
    assert len(progress_link._listeners) == 1  # the weakly held method dropped out


def test_listen_refuses_what_cannot_be_called_and_changes_nothing(page):
    page("")
    with pytest.raises(CribbageError, match="cannot listen to the progress: give a function to call"):
        progress_link.listen("redraw")
    assert progress_link._listeners == []


# ---- the book ---------------------------------------------------------------------------------

@pytest.mark.parametrize("name", PAGES)
def test_each_chapter_of_a_rated_skill_ends_with_its_stars_in_a_remove_input_cell(name):
    cells = json.loads((BOOK / f"{name}.ipynb").read_text(encoding="utf-8"))["cells"]
    last = cells[-1]
    assert last["cell_type"] == "code" and last["metadata"].get("tags") == ["remove-input"]
    assert "".join(last["source"]).endswith(f'ChapterStars("{name}")')
    others = [c for c in cells[:-1] if "ChapterStars" in "".join(c["source"])]
    assert others == []


def test_the_welcome_tells_the_learner_their_answers_are_remembered_and_where_to_see_them():
    text = "".join("".join(c["source"]) for c in json.loads((BOOK / "01_welcome.ipynb").read_text())["cells"])
    assert "remembered in this browser" in text and "{doc}`my_progress`" in text
    assert "nothing is sent anywhere" in text and "no sign-up" in text


def test_the_words_agree_and_send_the_learner_to_the_trainer_on_the_page():
    """Issue 36, item 10: "this skill show as not tried yet"; chapter 05's stars sent the learner to
    "The whole show" for cribs, though chapter 05's own trainer starts with cribs."""
    from crib_widgets.lessons.chapter_stars import PAGES, TRY, intro
    from crib_widgets.lessons.progress import CHAPTERS, COURSE

    for page in PAGES:
        said = intro(page, live=False)
        one = sum(CHAPTERS[s][0] == page for s in COURSE) == 1
        assert ("this skill shows as" in said) == one and ("these skills show as" in said) == (not one)
    for skill, where in TRY.items():
        if "above" in where:
            page = CHAPTERS[skill][0]
            assert "“" not in where, f"{skill}: sent from {page} to another chapter: {where}"
    assert TRY["the crib's flush"] == "count a crib in the trainer above (it starts with cribs)"
