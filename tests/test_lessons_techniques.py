"""Chapter 11's play technique drill (issue 35 item 2), driven without ipywidgets: every stored
position is a real, valid moment of the play; its strong answer is the one the look-ahead finds
again; its reasons name what the right card does; each answer is judged only on Check, recorded
once, and a wrong one goes to the mistakes deck and is asked again there."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from crib_widgets.cards import Card
from crib_widgets.errors import CribbageError
from crib_widgets.lessons import PeggingLesson
from crib_widgets.lessons.kept import Kept
from crib_widgets.lessons.pegging import check_scenarios, scenario_of_position, scenario_position, solve
from crib_widgets.lessons.practice import Practice
from crib_widgets.lessons.scenarios import PLAY_TO_31, SCENARIOS
from crib_widgets.lessons.techniques import (
    DATA,
    EXAMPLES,
    NOTICE,
    POSITIONS,
    TECHNIQUES,
    TIE,
    position_game,
    record_of,
    weigh,
)
from crib_widgets.skills import Skill
from crib_widgets.strategy.review.reasons import is_fallback, restates_cost

RECORDS = json.loads(DATA.read_text(encoding="utf-8"))["positions"]
DAY = "2026-12-02"


def test_at_least_forty_positions_each_tagged_by_a_technique_every_technique_taught():
    assert len(POSITIONS) == sum(not r["example"] for r in RECORDS) >= 40
    assert set(EXAMPLES) <= set(TECHNIQUES) and len(EXAMPLES) + len(POSITIONS) == len(RECORDS)
    assert not set(EXAMPLES.values()) & set(POSITIONS)  # a worked example is never a drill's question
    tags = Counter(s.topic for s in POSITIONS)
    assert set(tags) == set(TECHNIQUES), tags
    assert min(tags.values()) >= 6, tags
    assert all(s.ask == "strong" and s.title == TECHNIQUES[s.topic] for s in POSITIONS)


def test_every_position_is_a_question_of_its_own_none_from_chapter_07s_drill():
    texts = [scenario_position(s) for s in POSITIONS]
    assert len(set(texts)) == len(texts)
    others = {scenario_position(s) for s in (*SCENARIOS, *PLAY_TO_31)}
    assert not others & set(texts)
    assert len({r["source"] for r in RECORDS}) == len(RECORDS)  # one position a deal: a hand of its own


@pytest.mark.parametrize("record", RECORDS, ids=lambda r: r["id"])
def test_each_position_is_a_real_moment_of_the_play_and_the_look_ahead_gives_its_answer(record):
    scenario = next(s for s in (*POSITIONS, *EXAMPLES.values()) if record_of(s)["id"] == record["id"])
    check_scenarios([scenario])  # valid by the drill's rules: cards once, a card that can be laid
    game = position_game(record)
    seat = record["seat"]
    assert game.whose_turn == seat and game.scores == (0, 0)
    assert [str(c) for c in game.hands[seat]] == list(scenario.hand)
    assert [str(c) for c in game.pile] == [p for p in scenario.plays if p != "GO"]
    values = weigh(game, seat)  # the strongest computer player's own look-ahead, run again
    best = max(values.values())
    assert {str(c) for c in values} == set(record["options"])
    for card, value in values.items():
        assert abs(record["options"][str(card)]["value"] - value) < 0.01
    assert values[Card.parse(record["answer"])] == best
    right = {str(c) for c, v in values.items() if v >= best - TIE}
    assert record["tempting"] not in right and best - values[Card.parse(record["tempting"])] >= NOTICE
    assert {str(c) for c in solve(scenario).best_cards} == right


@pytest.mark.parametrize("record", RECORDS, ids=lambda r: r["id"])
def test_every_reason_names_what_the_right_card_does_and_never_restates_the_cost(record):
    answer, tempting = Card.parse(record["answer"]), Card.parse(record["tempting"])
    best = record["options"][record["answer"]]["value"]
    for text, option in record["options"].items():
        card, why = Card.parse(text), option["why"]
        assert why and not is_fallback(why)
        cost = abs(best - option["value"]) or best - record["options"][str(tempting)]["value"]
        assert not restates_cost(why, cost)
        right = option["value"] >= best - TIE
        subject = card if right else answer  # the sentence is about the right card
        assert why.startswith((f"the {subject.rank_text} ", f"after the {subject.rank_text},")), why
        other = tempting if right else card
        assert f"the {other.rank_text}" in why, why


def test_a_card_is_judged_only_on_check_recorded_once_and_a_wrong_one_goes_to_the_deck():
    scenario = POSITIONS[0]
    lesson = PeggingLesson([scenario], shuffle=False)
    record = record_of(scenario)
    wrong, right = Card.parse(record["tempting"]), Card.parse(record["answer"])
    assert lesson.check().problem.startswith("Choose a card from your hand first")
    assert lesson.choose(wrong).problem == "" and lesson.records == [] and lesson.tally == (0, 0)
    assert lesson.chosen == wrong
    verdict = lesson.check()
    assert not verdict.right and lesson.tally == (0, 1) and not lesson.done
    (miss,) = lesson.records
    assert (miss.lesson, miss.skill, miss.right) == ("pegging", Skill.PEGGING_CHOICES, False)
    assert miss.given == str(wrong)
    assert miss.position == scenario_position(scenario) and miss.position.endswith(" strong")
    assert "already" in lesson.choose(wrong).problem  # the same card counts once
    assert "first" in lesson.check().problem and len(lesson.records) == 1
    assert lesson.choose(right).problem == "" and lesson.check().right and lesson.done
    assert lesson.tally == (0, 1) and len(lesson.records) == 2 and lesson.records[1].attempt == 2
    assert "answered" in lesson.choose(right).problem

    kept = Kept("", today=DAY, device="d1")
    kept.take(lesson.records, 0)
    practice = Practice(kept)
    assert (practice.kind, practice.position) == ("card", miss.position)
    assert practice.lesson.scenario == scenario  # asked again exactly as stored
    asked = practice.question()
    assert asked.startswith(scenario.story) and asked.endswith("Which card would a strong player lay?")
    assert practice.pick(right) is True
    assert practice.lines[0].head.startswith("A strong player lays the ")
    assert all("on average" in line.head for line in practice.lines[1:])


def test_a_position_text_asks_the_stored_question_and_nothing_else():
    for scenario in POSITIONS:
        assert scenario_of_position(scenario_position(scenario)) == scenario
    with pytest.raises(CribbageError, match="asks only the positions chosen for chapter 11"):
        scenario_of_position("KH 5S | 2 players | hand 2D 3C strong")


def test_each_technique_is_a_topic_of_the_drill():
    lesson = PeggingLesson(POSITIONS, topic="eleven", seed=3)
    assert {s.topic for s in lesson.queue} == {"eleven"}
    lesson.select("all")
    assert len(lesson.queue) == len(POSITIONS)


def test_the_strong_answer_has_a_reason_for_every_card_and_tells_them_apart():
    for scenario in POSITIONS:
        answer = solve(scenario)
        assert answer.tie == TIE and answer.best_cards
        assert all(why and why[0] for _, _, why in answer.options)


def test_where_the_rule_of_thumb_and_the_computer_differ_the_answer_says_so():
    noted = [r for r in RECORDS if r["note"]]
    assert noted and all(r["technique"] == "lead" for r in noted)
    for record in RECORDS:
        tempting, best = Card.parse(record["tempting"]), Card.parse(record["answer"])
        rule = {c.rank for c in (tempting, best) if c.rank in (2, 3, 4) or c.value == 10}
        differs = record["technique"] == "lead" and tempting.rank in rule and best.rank not in rule
        assert bool(record["note"]) == differs, record["id"]
        if differs:
            assert "rule of thumb" in record["note"] and "Our strongest computer player" in record["note"]
    scenario = next(s for s in POSITIONS if record_of(s)["note"])
    assert solve(scenario).note == record_of(scenario)["note"]


def test_a_strong_question_not_stored_and_an_unknown_technique_are_refused_with_a_sentence():
    from crib_widgets.lessons.scenarios import Scenario
    from crib_widgets.lessons.techniques import of

    made_up = Scenario("lead", "Made up", (), ask="strong", hand=("2S", "3S"))
    with pytest.raises(CribbageError, match=r"\('Made up'\): this play is not one of the technique"):
        PeggingLesson([made_up])
    with pytest.raises(CribbageError, match="'cooking' given: name one or more of lead, trap"):
        of("cooking")
    with pytest.raises(CribbageError, match="no technique given"):
        of()


def test_a_mistake_kept_from_chapter_11s_old_drill_is_still_asked_again_from_its_cards():
    for text in ("4C 4D | 2 players | hand 4H 5S 3D 9C best", "KH JS 5D | 3 players | hand 6H AC QD 2S best"):
        lesson = PeggingLesson.from_position(text)
        assert lesson.scenario.title == "A play you got wrong before" and lesson.position_text == text


def test_a_go_in_the_count_is_written_as_the_drill_writes_a_play_and_it_is_then_your_turn():
    from crib_widgets.lessons.techniques import scenario_of_record

    # you lead 10, they lay a jack, your 5 makes 25, and with two ten-cards they say go
    record = {"dealer": 0, "seat": 1, "leader": 1, "technique": "for-go",
              "held": [["KH", "QC"], ["AS", "2D"]], "laid": [["9C"], []], "pile": ["10S", "JD", "5H", "go"],
              "crib": ["4S", "6H", "7D", "8C"],
              "starter": "5C"}
    scenario = scenario_of_record(record)
    assert scenario.plays == ("10S", "JD", "5H", "GO") and scenario.seats == ("You", "Opponent")
    assert "Laid before this count: your opponent the nine of clubs." in scenario.story
    game = position_game(record)
    assert game.whose_turn == 1 and game.count == 25 and 0 in game.said_go
