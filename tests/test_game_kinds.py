"""The game's vocabulary (issue 40 item 1): the StrEnums keep the strings saves, links and pages were
written with; the lists of kinds the views used are asked of the enum and hold what they held; a
table's change checks its kind by type; the engine's sentences are worded by game/narration.py."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from crib_widgets.errors import CribbageError
from crib_widgets.game import (
    ANSWER_KINDS,
    Answer,
    AnswerKind,
    ChangeKind,
    CountOutcome,
    EventKind,
    Game,
    Part,
    Phase,
    Rules,
)
from crib_widgets.game.kinds import BOARD, NARRATED, QUIET, RECENT, SCORING
from crib_widgets.game.moves import move_from_list, move_to_list
from crib_widgets.game.muggins import settle
from crib_widgets.lessons.muggins import ANSWERS
from crib_widgets.strategy.muggins_players import best_answer
from crib_widgets.strategy.review import PHASES, ReviewPhase
from crib_widgets.table import HINT_LEVELS, Change, HintLevel, Table
from crib_widgets.table.advice import check_hint_level
from crib_widgets.widgets.review_view import PHASE_WORDS

ROOT = Path(__file__).resolve().parent.parent

# the strings as the package wrote them before the enums (what saved tables and links hold)
OLD_PHASES = ("discard", "play", "announce", "answer", "over")
OLD_EVENTS = ("note", "cut for deal", "deal", "discard", "crib card", "starter", "heels", "play", "peg",
              "go", "go point", "last card", "reset", "show", "announce", "answer", "muggins", "ten back",
              "game over")
OLD_CHANGES = ("moved", "computer", "auto go", "deal over", "next deal", "show step", "warning", "refused",
               "new game", "restored", "game over", "pass", "took device")


def test_the_values_are_the_old_strings() -> None:
    assert tuple(Phase) == OLD_PHASES
    assert tuple(EventKind) == OLD_EVENTS
    assert tuple(ChangeKind) == OLD_CHANGES
    for old in OLD_EVENTS:
        assert EventKind(old) == old and str(EventKind(old)) == old and f"{EventKind(old)}" == old
        assert repr(EventKind(old)) == repr(old)  # printed lists of kinds read as before
        assert json.dumps(EventKind(old)) == json.dumps(old)


def test_the_lists_of_kinds_the_views_used_are_asked_of_the_enum() -> None:
    """What table_views' SCORING_KINDS, table_drawing's _RECENT_KINDS, table.py's _QUIET and cribbook's
    _NARRATED listed by hand."""
    lists = {
        "board": ("heels", "peg", "go point", "last card", "go", "show", "announce", "muggins", "ten back",
                  "game over"),
        "recent": ("discard", "starter", "heels", "play", "peg", "go", "go point", "last card", "reset",
                   "announce", "answer", "muggins", "ten back"),
        "quiet": ("discard", "crib card"),
        "narrated": ("play", "peg", "go", "go point", "reset", "last card", "heels", "show", "announce",
                     "answer", "muggins", "ten back", "game over"),
    }
    asked = {"board": BOARD, "recent": RECENT, "quiet": QUIET, "narrated": NARRATED}
    assert {name: set(kinds) for name, kinds in lists.items()} == asked
    assert {k for k in EventKind if k.scores} == SCORING
    shown = {k for k in EventKind if k.part == Part.SHOW}
    assert shown == {"announce", "answer", "muggins", "show", "ten back"}


@pytest.mark.parametrize("rules", [Rules(), Rules(muggins=True, ten_back=True),
                                   Rules(players=3, exact_finish=True),
                                   Rules(players=4, partners=True, muggins=True)])
def test_only_scoring_kinds_move_pegs_and_every_event_has_an_enum_kind(rules: Rules) -> None:
    rng = random.Random(7)
    for seed in range(6):
        game = Game(rules, seed=seed)
        while not game.is_over:
            assert isinstance(game.phase, Phase)
            game.apply(rng.choice(game.legal_moves()))
        for event in game.events:
            assert isinstance(event.kind, EventKind)
            assert not event.points or event.kind.scores, event


def test_a_saved_game_from_before_loads_and_plays_on() -> None:
    """A save holds no kind at all, only the setup and the moves; one written with strings loads."""
    game = Game(seed=11)
    for _ in range(8):
        game.apply(game.legal_moves()[0])
    again = Game.from_json(game.to_json())
    assert again.phase == game.phase == "play" and again.events == game.events


def test_a_change_checks_its_kind_by_type() -> None:
    assert Change(ChangeKind.REFUSED, "no").kind == "refused"
    with pytest.raises(TypeError, match="ChangeKind"):
        Change("refused", "no")  # type: ignore[arg-type]


def test_the_grammar_of_names_lives_in_the_narration() -> None:
    """The engine's parts hand game/narration.py the facts; none of them words a name or knows "You"."""
    for path in sorted((ROOT / "crib_widgets" / "game").glob("*.py")):
        if path.name in ("narration.py", "__init__.py"):
            continue
        text = path.read_text(encoding="utf-8")
        assert "name_verb" not in text and "possessive(self._names" not in text, path.name
        assert "'You'" not in text and '"You"' not in text.replace('the name "You"', ""), path.name


def test_the_narrator_words_you_and_the_others() -> None:
    game = Game(seed=3, dealer=0, names=("You", "Ben"))
    assert game.events[0].text == "Deal 1: You deal (your crib)"
    assert game.prompt == "Ben and You have to lay 2 cards each in your crib"
    other = Game(seed=3, dealer=1, names=("Ann", "Ben"))
    assert other.events[0].text == "Deal 1: Ben deals (Ben's crib)"


OLD_ANSWERS = ("accept", "muggins", "overcount")
OLD_OUTCOMES = ("accepted", "missed", "false muggins", "too high", "not too high")


def test_the_muggins_answers_and_outcomes_are_enums_of_the_old_strings() -> None:
    assert tuple(AnswerKind) == OLD_ANSWERS == ANSWER_KINDS == ANSWERS
    assert tuple(CountOutcome) == OLD_OUTCOMES
    for old in OLD_ANSWERS:
        answer = Answer(1, old, 2 if old == "muggins" else None)
        assert type(answer.kind) is AnswerKind and answer.kind == old and repr(answer.kind) == repr(old)
        assert move_to_list(answer)[2] == old and type(move_to_list(answer)[2]) is str
        assert move_from_list(json.loads(json.dumps(move_to_list(answer)))) == answer
    assert Answer(0, "muggins", 3).describe() == "Muggins 3" and Answer(0, "accept").describe() == "accept"
    assert type(Answer(0, "overcount").describe()) is str
    with pytest.raises(CribbageError, match="answer 'yes' is unknown: answer accept, muggins or overcount"):
        Answer(0, "yes")


def test_every_settlement_and_best_answer_is_asked_of_the_enums() -> None:
    answers = ((12, "muggins", 3), (8, "muggins", 3), (5, "overcount", None), (8, "accept", None),
               (9, "overcount", None))
    outcomes = [settle(8, true, AnswerKind(kind), named).outcome for true, kind, named in answers]
    assert all(type(o) is CountOutcome for o in outcomes) and set(outcomes) == set(CountOutcome)
    for announced, true in ((12, 16), (18, 16), (16, 16)):
        kind, _ = best_answer(announced, true)
        assert type(kind) is AnswerKind


def test_a_muggins_game_saved_with_strings_loads_and_every_answer_is_a_member() -> None:
    rng = random.Random(5)
    game = Game(Rules(muggins=True), seed=4)
    while not game.is_over:
        game.apply(rng.choice(game.legal_moves()))
    text = game.to_json()
    answers = [m for m in json.loads(text)["moves"] if m[0] == "answer"]
    assert answers and {m[2] for m in answers} <= set(OLD_ANSWERS)
    again = Game.from_json(text)
    assert again.events == game.events
    assert all(type(m.kind) is AnswerKind for m in again.moves if isinstance(m, Answer))


def test_the_hint_levels_are_an_enum_of_the_old_words_and_saves_keep_the_words() -> None:
    assert tuple(HintLevel) == ("off", "warn", "show") == tuple(value for value, _ in HINT_LEVELS)
    assert type(check_hint_level("warn")) is HintLevel
    with pytest.raises(CribbageError, match="hint level 'loud' is not known: choose off, warn, show"):
        check_hint_level("loud")
    table = Table(seed=2, hint_level="warn", warn_at=3)
    assert type(table.hint_level) is HintLevel and table.hint_level == "warn"
    saved = json.loads(table.to_json())
    assert saved["hint"]["level"] == "warn" and saved["hints"]["0"]["level"] == "warn"
    again = Table.from_json(table.to_json())
    assert type(again.hint_level) is HintLevel and (again.hint_level, again.warn_at) == ("warn", 3.0)


def test_the_review_phases_are_an_enum_of_the_old_words() -> None:
    assert PHASES == tuple(ReviewPhase) == ("discard", "play", "count")
    table = Table(Rules(muggins=True), seats=("beginner", "intermediate"), seed=5)
    table.play_out()
    review = table.review(deals=(1, 2))
    assert review.decisions and all(type(d.phase) is ReviewPhase for d in review.decisions)
    assert {d.phase for d in review.decisions} == set(ReviewPhase)
    assert tuple(review.totals()) == PHASES and all(type(p) is ReviewPhase for p in review.totals())
    assert set(PHASE_WORDS) == set(ReviewPhase)


# a comparison with an answer's or outcome's word, a hint level's, or a phase's, written out again
_WORD_COMPARED = re.compile("|".join((
    r'(==|!=|\bin)\s*\(?"(accept|overcount|accepted|false muggins|too high|not too high)"',
    r'hint_level\s*[!=]=\s*"', r'(?<!\.get)\("(off|warn|show)", \d', r'\.phase\s*[!=]=\s*"')))


def test_no_module_compares_with_the_words_instead_of_the_enums() -> None:
    found = [f"{path.relative_to(ROOT)}:{n}: {line.strip()}"
             for path in sorted((ROOT / "crib_widgets").rglob("*.py"))
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if _WORD_COMPARED.search(line) and not line.lstrip().startswith(">>>")]
    assert not found, found
