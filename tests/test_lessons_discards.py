"""The learner's throws to the crib kept as answers for the skill "discards": judged as the game's
review judges them (right unless the review calls the throw a mistake), hinted after Show me or a
warning, kept through the page's progress and shown on My progress with the chapter "Discarding"."""

from __future__ import annotations

import pytest

from crib_widgets.errors import CribbageError
from crib_widgets.game import Discard, Game, Play
from crib_widgets.lessons.discards import LESSON, discard_position, discard_record
from crib_widgets.lessons.kept import VARIABLE, Kept
from crib_widgets.lessons.my_progress import MyProgress
from crib_widgets.lessons.progress import CHAPTERS, LESSONS, Answer
from crib_widgets.lessons.store import Store
from crib_widgets.skills import TRAINER_SKILLS, Skill
from crib_widgets.strategy.review import discard_options
from crib_widgets.table import Table
from crib_widgets.widgets import progress_link
from crib_widgets.widgets.game_table import GameTable


@pytest.fixture
def page(monkeypatch):
    def start() -> Kept:
        monkeypatch.setattr(progress_link, "_page", {})
        monkeypatch.setattr(progress_link, "_listeners", [])
        monkeypatch.setenv(VARIABLE, "")
        kept = progress_link.kept()
        kept.today = Kept("", today="2026-12-03").today
        return kept
    return start


def best_and_worst(game: Game, seat: int):
    options = discard_options(game, seat)
    return options[0].cards, options[-1].cards


def test_discards_is_a_skill_of_the_book_taught_in_chapter_10():
    assert Skill.DISCARDS == "discards" and Skill.DISCARDS in TRAINER_SKILLS
    assert CHAPTERS[Skill.DISCARDS][:2] == ("10_discarding", "Discarding") and LESSON in LESSONS


def test_the_best_throw_is_right_and_the_worst_is_wrong_as_the_review_judges_them():
    table = Table(seed=61)
    best, worst = best_and_worst(table.game, table.you)
    right = discard_record(table.game, Discard(table.you, best))
    wrong = discard_record(table.game, Discard(table.you, worst))
    assert (right.skill, right.lesson, right.attempt, right.hinted) == ("discards", "discarding", 1, False)
    assert right.right and not wrong.right
    assert right.position == discard_position(table.game, table.you)
    seat = "| dealer" if table.game.dealer == table.you else "| pone"
    assert right.position == " ".join(map(str, table.game.hands[table.you])) + " " + seat
    assert set(wrong.given.split()) == {str(c) for c in worst}


@pytest.mark.parametrize("seed", [3, 61, 2024])
def test_every_throw_is_judged_exactly_as_the_review_of_the_deal_calls_it(seed):
    for choice in range(0, 15, 4):
        table = Table(seed=seed)
        options = discard_options(table.game, table.you)
        move = Discard(table.you, options[choice].cards)
        table.move(move, confirm=True)
        decision = next(d for d in table.review(deals=(1,)).decisions if d.phase == "discard")
        assert table.records[-1].right is (not decision.is_mistake), (seed, choice)


def test_the_table_keeps_each_throw_of_the_learner_and_marks_throws_after_show_me_or_a_warning():
    table = Table(seed=61)
    best, _ = best_and_worst(table.game, table.you)
    assert table.records == []
    table.advise()  # Show me
    table.move(Discard(table.you, best))
    assert [(r.right, r.hinted) for r in table.records] == [(True, True)]

    warned = Table(seed=61, hint_level="warn", warn_at=0.5)
    _, worst = best_and_worst(warned.game, warned.you)
    assert warned.move(Discard(warned.you, worst))[0].kind == "warning"
    assert warned.records == []  # held back: nothing answered yet
    warned.move(Discard(warned.you, worst))
    assert [(r.right, r.hinted) for r in warned.records] == [(False, True)]


def test_a_refused_move_keeps_nothing_and_other_moves_are_not_throws():
    table = Table(seed=61)
    other = 1 - table.you
    assert table.move(Discard(other, tuple(table.game.hands[other][:2])))[0].kind == "refused"
    assert table.records == []
    table.move(Discard(table.you, best_and_worst(table.game, table.you)[0]))
    while table.waiting:
        table.advance()
    for move in table.learner_moves()[:1]:
        table.move(move)
    assert len(table.records) == 1


def test_tables_of_several_people_or_only_computers_keep_no_throws():
    people = Table(seats=("person", "person"), seed=5)
    people.take_device()
    seat = people.you
    people.move(Discard(seat, tuple(people.game.hands[seat][:2])))
    assert people.records == []
    computers = Table(seats=("beginner", "expert"), seed=5)
    computers.play_out()
    assert computers.records == []


def test_bad_input_is_refused_with_a_reason_and_judges_nothing():
    game = Game(seed=2, dealer=0)
    before = game.to_json()
    with pytest.raises(CribbageError, match="only a throw to the crib is judged here"):
        discard_record(game, Play(1, game.hands[1][0]))
    with pytest.raises(CribbageError, match="judged in a Game"):
        discard_record("game", Discard(1, tuple(game.hands[1][:2])))
    with pytest.raises(CribbageError):
        discard_record(game, Discard(1, tuple(game.hands[0][:2])))  # not seat 1's cards
    assert game.to_json() == before


def test_a_throw_at_the_game_table_widget_is_kept_saved_and_shown_on_my_progress(page):
    kept = page()
    table = GameTable(seed=61, target=61, strength="beginner")
    assert progress_link.out() in table.children
    best, _ = best_and_worst(table.game, table.table.you)
    table.picker.select(best)
    table.lay_button.click()
    answers = kept.store.answers
    assert [(a.lesson, a.results) for a in answers] == [("discarding", (("discards", True),))]
    saved = Store.from_text(kept.text)  # what the page saves reads back
    assert saved.progress.skill("discards").first_right == 1
    row = next(r for r in MyProgress(kept).rows() if r.skill == "discards")
    assert (row.chapter, row.href) == ("Discarding", "10_discarding.html")
    assert Answer.from_dict(answers[0].to_dict()) == answers[0]


def test_a_new_game_at_the_widget_keeps_counting_its_own_throws(page):
    kept = page()
    table = GameTable(seed=61, target=61, strength="beginner")
    table.picker.select(best_and_worst(table.game, table.table.you)[0])
    table.lay_button.click()
    table.new_game_button.click()
    assert table.table.records == []
    table.picker.select(best_and_worst(table.game, table.table.you)[1])
    table.lay_button.click()
    assert [a.results[0] for a in kept.store.answers] == [("discards", True), ("discards", False)]


def test_a_throw_is_judged_after_it_is_made_from_the_hand_as_it_was_dealt():
    """The table answers the throw at once; the judging waits until the records are read, and
    judges the hand as dealt (six cards), not the four kept."""
    table = Table(seed=61)
    dealt = table.game.copy()
    best, _ = best_and_worst(dealt, table.you)
    table.move(Discard(table.you, best))
    assert len(table.game.hands[table.you]) == 4 and table._unjudged
    assert table.records == [discard_record(dealt, Discard(table.you, best))]
    assert not table._unjudged and len(table.records) == 1


def test_weighing_a_hand_again_gives_the_same_values_as_the_first_time():
    """The play values of a hand's keeps are worked out once (Show me, the judging and the review
    weigh the same hand); what is remembered must equal what is worked out afresh."""
    from crib_widgets.strategy import weigh

    hand = "5H 5D JS 4C 6C KD"
    first = weigh.weigh_discards(hand, dealer=False)
    again = weigh.weigh_discards(hand, dealer=False, also=[first[-1].option.discard])
    weigh._known_plays_of.cache_clear()
    fresh = weigh.weigh_discards(hand, dealer=False, also=[first[-1].option.discard])
    assert [(w.option.discard, w.value) for w in again] == [(w.option.discard, w.value) for w in fresh]
    weigh._known_plays_of.cache_clear()
    assert weigh.weigh_discards(hand, dealer=False) == first


def test_the_throws_are_weighed_while_the_learner_thinks_only_when_it_is_their_throw():
    from crib_widgets.strategy import weigh

    table = Table(seed=61)
    weigh._known_plays_of.cache_clear()
    table.prepare_judging()
    assert weigh._known_plays_of.cache_info().currsize == 1
    best, _ = best_and_worst(table.game, table.you)
    table.move(Discard(table.you, best))
    weigh._known_plays_of.cache_clear()
    table.prepare_judging()  # the throw is made: nothing to weigh
    assert not weigh._known_plays_of.cache_info().currsize
