"""The discard trainer's model (no ipywidgets): ranking, the three parts of a cost, the score, levels,
recording each answer once, the chosen positions, and the deck of mistakes."""

from __future__ import annotations

import importlib.util
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from crib_widgets.cards import full_deck, parse_cards
from crib_widgets.errors import CribbageError
from crib_widgets.game import Game
from crib_widgets.game.deal import stack_deck
from crib_widgets.lessons.deck import Deck
from crib_widgets.lessons.discard_trainer import (
    LESSON_TAGS,
    LEVELS,
    DiscardPosition,
    DiscardQuestion,
    DiscardTrainer,
    count_out_choice,
    count_out_keep,
    crib_chances,
    level_of,
    positions,
    score_applies,
)
from crib_widgets.lessons.kept import Kept
from crib_widgets.lessons.practice import Practice
from crib_widgets.lessons.progress import Answer
from crib_widgets.strategy import make_player
from crib_widgets.strategy.weigh import weigh_discards

ROOT = Path(__file__).resolve().parents[1]
POSITION_LIKE = r"([2-9AJQKT][CDHS] ){5,7}\| (dealer|pone)( \| score -?\d{1,4}-\d{1,4})?"


def chooser():
    spec = importlib.util.spec_from_file_location("choose", ROOT / "scripts" / "choose_discard_positions.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# ---- ranking and the three parts ----------------------------------------------------------------
def test_ranks_the_15_throws_as_the_strongest_player_weighs_them():
    q = DiscardQuestion(DiscardPosition.parse("5H 5D JS 4C 6C KD | dealer"))
    assert len(q.throws) == 15
    assert [t.rank for t in q.throws] == sorted(t.rank for t in q.throws) and q.throws[0].rank == 1
    assert [t.value for t in q.throws] == sorted((t.value for t in q.throws), reverse=True)
    expert = weigh_discards("5H 5D JS 4C 6C KD", dealer=True)[0].option.discard
    assert set(q.best.discard) == set(expert)
    # two throws that differ only by a suit share a rank and are told apart by it
    fives = [t for t in q.throws if {c.rank for c in t.discard} == {5, 13}]
    assert fives[0].throw_words != fives[1].throw_words and "♥" in fives[0].throw_words + fives[1].throw_words


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32 - 1), st.booleans())
def test_hand_crib_and_play_add_up_to_the_cost(seed, dealer):
    cards = random.Random(seed).sample(full_deck(), 6)
    q = DiscardQuestion(DiscardPosition(tuple(cards), dealer))
    best = q.best
    for throw in q.throws:
        v = q.throw(throw.discard)
        assert v.hand_lost + v.crib_lost + v.play_lost == pytest.approx(best.value - throw.value, abs=1e-9)
        assert v.cost >= -1e-9
        assert v.right == (v.cost < 0.1)
        assert all(isinstance(r, str) and r for r in v.reasons)
        sign = 1 if dealer else -1
        assert throw.value == pytest.approx(throw.hand + sign * throw.crib + throw.play)


def test_reasons_name_the_cards_in_a_players_words():
    v = DiscardQuestion(DiscardPosition.parse("5H 5D JS 4C 6C KD | pone")).throw("5H 5D")
    said = " ".join(v.reasons)
    assert not v.right and v.rank == 15
    assert "4-5-5-6" in said and "5-5" in said and "the dealer's crib" in said
    assert "at least 2 points" in said  # a pair is 2 in the crib whatever comes
    run = DiscardQuestion(DiscardPosition.parse("4C 5D 6H 9S KC QD | dealer"))
    assert any("double run" in r for r in run.throw(run.best.discard).reasons)


def test_crib_chances_add_up_and_a_pair_scores_at_least_two():
    chances = crib_chances(DiscardPosition.parse("5H 5D JS 4C 6C KD | pone").cards[:2],
                           DiscardPosition.parse("5H 5D JS 4C 6C KD | pone").cards)
    assert sum(chances.values()) == pytest.approx(1)
    assert min(chances) == 2


# ---- the score ----------------------------------------------------------------------------------
def expert_throw(position: DiscardPosition):
    """What the strongest computer player throws, dealt this hand at this score as the pone."""
    rest = [c for c in full_deck() if c not in position.cards]
    deck = stack_deck([position.cards, rest[:6]], rest[6], dealer=1)
    game = Game(deck=deck, dealer=1, scores=list(position.scores), seed=1)
    move = make_player("expert").choose(game, 0)
    return frozenset(move.cards)


def test_fourth_street_throws_what_the_expert_throws_at_that_score():
    late = [p for p in positions() if p.lesson == "fourth-street" and count_out_choice(p) is not None]
    assert late
    for p in late[:3]:
        q = DiscardQuestion(p)
        assert frozenset(q.best.discard) == expert_throw(p)
        early = DiscardQuestion(DiscardPosition(p.cards, False, None))
        assert frozenset(early.best.discard) != frozenset(q.best.discard)  # the score changed the throw
        wrong = q.throw(early.best.discard)
        assert not wrong.right and wrong.throw.reach < wrong.best.reach
        assert any("count first" in r for r in wrong.reasons)


def test_when_the_keep_most_likely_to_count_out_is_also_the_best_the_expert_keeps_it():
    """The expert's count-out rule decides its throw even when that keep is also the best by hand
    and crib (it used to weigh the play then, and threw 4-Q, a keep counting out with 9 starters
    of 46, not Q-Q, 17); the trainer asks for the same throw."""
    p = DiscardPosition.parse("3C 4H 6D 6S QC QS | pone | score 111-96")
    chosen = count_out_keep(p)
    assert chosen is not None and frozenset(chosen.discard) == frozenset(parse_cards("QC QS"))
    assert count_out_choice(p) is None  # the best by hand and crib: the score does not change the throw
    q = DiscardQuestion(p)
    assert frozenset(q.best.discard) == expert_throw(p) == frozenset(chosen.discard)
    assert q.best.reach == 17 and not q.throw("4H QC").right


def test_when_no_keep_counts_out_more_often_the_expert_throws_as_usual():
    p = DiscardPosition.parse("3C 4H 6D 6S QC QS | pone | score 94-96")  # 25 to count out: no keep can
    assert score_applies(p) and count_out_keep(p) is None
    q = DiscardQuestion(p)
    assert frozenset(q.best.discard) == expert_throw(p)
    assert any("throws as usual" in r for r in q.throw(q.best.discard).reasons)


def test_the_score_matters_only_to_the_pone_near_the_end():
    cards = "5H 5D JS 4C 6C KD"
    assert not score_applies(DiscardPosition.parse(f"{cards} | pone | score 40-60"))
    assert not score_applies(DiscardPosition.parse(f"{cards} | dealer | score 110-112"))
    assert score_applies(DiscardPosition.parse(f"{cards} | pone | score 108-112"))
    assert DiscardQuestion(DiscardPosition.parse(f"{cards} | pone | score 40-60")).best.reach is None


# ---- positions and bad input --------------------------------------------------------------------
@pytest.mark.parametrize("text", ["5H 5D JS 4C 6C | pone", "5H 5D JS 4C 6C KD", "5H 5D JS 4C 6C KD | crib",
                                  "5H 5D JS 4C 6C KD | pone | 108-112", "5H 5D JS 4C 6C 5H | pone",
                                  "5H 5D JS 4C 6C KD | pone | score 130-2", 17, "x" * 200,
                                  "5H 5D JS 4C 6C KD | pone, 3 players"])
def test_a_bad_position_is_one_sentence(text):
    with pytest.raises(CribbageError):
        DiscardPosition.parse(text)


def test_a_position_reads_back_from_its_text():
    p = DiscardPosition.parse("5H 5D JS 4C 6C KD | pone | score 108-112", "fourth-street")
    assert DiscardPosition.parse(p.text, p.lesson) == p and DiscardPosition.from_dict(p.to_dict()) == p


def test_at_least_60_chosen_positions_each_tagged_and_valid():
    chosen = positions()
    assert len(chosen) >= 60
    assert len({(p.cards, p.dealer, p.scores) for p in chosen}) == len(chosen)
    for p in chosen:
        assert p.lesson in LESSON_TAGS and len(set(p.cards)) == 6
    for level, tags in LEVELS.items():
        assert sum(p.lesson in tags for p in chosen) >= 8, level
    for tag in LESSON_TAGS:
        assert sum(p.lesson == tag for p in chosen) >= 4, tag


def test_each_lesson_still_teaches_what_it_was_chosen_for():
    """One position of each tag, weighed again, still fits its lesson's criteria (the script's own test:
    ``scripts/choose_discard_positions.py --check`` runs all of them)."""
    fits = chooser().lesson_fits
    for tag in LESSON_TAGS:
        if tag == "fourth-street":
            continue
        p = next(p for p in positions() if p.lesson == tag)
        assert fits(tag, p.dealer, DiscardQuestion(p).throws), (tag, p.text)


def test_fourth_street_hands_come_twice_early_and_late():
    late = [p for p in positions() if p.lesson == "fourth-street"]
    hands = {p.cards for p in late}
    assert len(late) == 2 * len(hands) >= 8
    for cards in hands:
        both = [p for p in late if p.cards == cards]
        assert sorted(count_out_choice(p) is not None for p in both) == [False, True]


# ---- the trainer: levels and recording ----------------------------------------------------------
def test_levels_ask_only_their_lessons():
    for level, tags in LEVELS.items():
        t = DiscardTrainer(level=level)
        assert all(p.lesson in tags for p in t.queue) and level_of(t.position.lesson) == level
    with pytest.raises(CribbageError, match="level 'hard' is not known"):
        DiscardTrainer(level="hard")


def test_each_answer_is_recorded_once():
    t = DiscardTrainer(level="plain", shuffle=False)
    best = t.question.best
    wrong = next(x for x in t.question.throws if not t.question.throw(x.discard).right)
    with pytest.raises(CribbageError, match="choose two cards"):
        t.check()
    assert t.records == []
    t.choose(wrong.discard)
    assert not t.check().right
    with pytest.raises(CribbageError, match="tried that throw already"):
        t.check()
    assert len(t.records) == 1 and t.records[0].attempt == 1 and not t.records[0].right
    assert t.records[0].lesson == "discarding" and t.records[0].skill == "discards"
    t.toggle(wrong.discard[0])  # a chosen card tapped again is released
    assert wrong.discard[0] not in t.chosen
    t.choose(())
    t.toggle(best.discard[0]), t.toggle(best.discard[1])
    assert set(t.chosen) == set(best.discard) and t.check().right
    assert [r.attempt for r in t.records] == [1, 2] and t.tally == (0, 1)
    t.reveal()  # after the answer: nothing more is recorded
    assert len(t.records) == 2
    t.next()
    t.reveal()
    assert t.records[-1].hinted and not t.records[-1].right and t.tally == (0, 2)
    with pytest.raises(CribbageError, match="answered"):
        t.choose(best.discard)
    t.next()
    stray = next(c for c in full_deck() if c not in t.position.cards)
    with pytest.raises(CribbageError, match=f"the {stray.name} is not in your hand"):
        t.choose([stray])
    with pytest.raises(CribbageError, match="you throw two cards, not 3"):
        t.choose(t.position.cards[:3])
    assert t.chosen == ()


def test_a_wrong_throw_goes_to_the_deck_and_practise_asks_it_again():
    t = DiscardTrainer(level="plain", shuffle=False)
    wrong = t.question.throws[-1]
    t.choose(wrong.discard)
    t.check()
    kept = Kept("", today="2026-12-06", device="d1")
    kept.take(t.records, 0)
    deck = Deck.of([Answer.of(t.records, "d1-1", "2026-12-06")])
    assert [i.position for i in deck.due("2026-12-06")] == [t.position.text]
    p = Practice(kept)
    assert p.kind == "throw" and p.position == t.position.text
    assert "Which two do you throw?" in p.question() and "Check" in p.status()
    assert p.throw(t.question.best.discard) is True
    assert "box 2" in p.moved


def test_practise_asks_a_game_tables_two_player_throw_and_leaves_a_three_player_one():
    game = Game(seed=2, dealer=0)
    from crib_widgets.game import Discard
    from crib_widgets.lessons.discards import discard_record

    worst = weigh_discards(game.hands[1], dealer=False)[-1].option.discard
    record = discard_record(game, Discard(1, worst))
    assert not record.right
    kept = Kept("", today="2026-12-06", device="d1")
    kept.take([record], 0)
    p = Practice(kept)
    assert p.kind == "throw"
    three = record.__class__("discarding", "discards", False, 1, False, "5H 6S 7D KC 2C | pone, 3 players",
                             "KC")
    kept3 = Kept("", today="2026-12-06", device="d2")
    kept3.take([three], 0)
    p3 = Practice(kept3)
    assert p3.item is None and "could not be read" not in p3.summary()


@settings(max_examples=60, deadline=None)
@given(st.text(max_size=90) | st.from_regex(POSITION_LIKE, fullmatch=True))
def test_any_text_is_a_position_or_one_sentence(text):
    """Practise reads positions kept in the browser: anything there is a position or a CribbageError."""
    try:
        p = DiscardPosition.parse(text)
    except CribbageError as error:
        assert str(error) and "\n" not in str(error)
    else:
        assert DiscardPosition.parse(p.text) == p


def test_show_me_calls_the_best_throw_the_best_never_yours_and_a_cost_is_said_as_a_gain_not_a_minus():
    """Chapter 10, position 3: Show me with nothing chosen said 'Your throw, the A-9♣, hands ...'."""
    from crib_widgets.lessons.discard_trainer import COST_HEAD, DiscardTrainer, given_up

    trainer = DiscardTrainer([DiscardPosition.parse("AH 3S 4H 8S 9C 9D | pone")], shuffle=False)
    shown = trainer.reveal()
    assert not any("Your throw" in r or "your throw" in r for r in shown.reasons)
    assert any(r.startswith(f"The best throw, the {shown.best.throw_words},") for r in shown.reasons)
    q = trainer.question
    wrong = q.throw(q.throws[-1].discard)
    assert any(r.startswith("Your throw,") for r in wrong.reasons)
    assert any(r.startswith("The best throw,") for r in wrong.reasons)
    assert given_up(-0.1) == "0.1 points gained" and given_up(0.42) == "0.4 points"
    sentence = wrong.cost_sentence()
    assert sentence.startswith(COST_HEAD) and "+" not in sentence and "-" not in sentence.replace("-9", "")
    assert all(f"{what}, {given_up(lost)}" in sentence for what, lost in wrong.parts())


def test_practise_says_a_wrong_throw_s_cost_in_the_trainer_s_words():
    t = DiscardTrainer(level="plain", shuffle=False)
    wrong = t.question.throws[-1]
    t.choose(wrong.discard)
    t.check()
    kept = Kept("", today="2026-12-06", device="d1")
    kept.take(t.records, 0)
    p = Practice(kept)
    assert p.throw(wrong.discard) is False
    texts = [line.head for line in p.lines]
    assert any(t.question.throw(wrong.discard).cost_sentence() in text for text in texts)
    assert not any("Given up in" in text for text in texts)
