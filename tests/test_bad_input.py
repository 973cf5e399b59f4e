"""Bad input seen by users (issue 12): each case once a traceback, a hang or a silent wrong answer,
now a clear `CribbageError` (or one line and exit code 2 on the command line) that changes nothing."""

from __future__ import annotations

import pytest

from crib_widgets.cli import main
from crib_widgets.errors import CribbageError
from crib_widgets.exercises import grade, make_set
from crib_widgets.lessons import Scenario
from crib_widgets.widgets import CountingTrainer, MugginsQuiz, PeggingDrill

# ---- widgets: tracebacks ---------------------------------------------------------------------------


def test_a_drill_scenario_given_as_text_is_named_not_a_traceback():
    # seen: AttributeError: 'str' object has no attribute 'ask'
    with pytest.raises(CribbageError, match=r"scenario 1 is '3S 5D 4C', not a Scenario: write e\.g\. "
                                            r"Scenario\('runs', 'A run', \('3S', '5D', '4C'\)\)"):
        PeggingDrill(scenarios=["3S 5D 4C"])


def test_a_drill_scenario_of_only_go_plays_is_refused():
    # seen: ValueError: max() arg is an empty sequence
    only_go = Scenario("go", "Nobody can play", ("GO", "GO"))
    with pytest.raises(CribbageError, match=r"scenario 2 \('Nobody can play'\) asks what the last card "
                                            r"scores, but its plays \('GO', 'GO'\) lay no card"):
        PeggingDrill(scenarios=[Scenario("sets", "A pair", ("8H", "8C")), only_go])


@pytest.mark.parametrize(
    ("scenario", "message"),
    [
        (Scenario("runs", "Past 31", ("KS", "QD", "JC", "5H")), r"scenario 1 \('Past 31'\): "),
        (Scenario("runs", "Twice", ("5S", "5S")), r"scenario 1 \('Twice'\): "),
        (Scenario("runs", "Nonsense", ("5S", "ZZ")), r"scenario 1 \('Nonsense'\): .*ZZ"),
        (Scenario("best", "No hand", ("5H",), ask="best", seats=("Opponent", "You")),
         "asks which card to lay, but gives no hand"),
    ],
)
def test_a_scenario_the_engine_cannot_answer_is_named_before_the_drill_is_built(scenario, message):
    with pytest.raises(CribbageError, match=message):
        PeggingDrill(scenarios=[scenario])


def test_a_topic_no_given_scenario_has_is_refused_up_front():
    with pytest.raises(CribbageError, match="no scenario given has topic 'go': the topics given are sets"):
        PeggingDrill(scenarios=[Scenario("sets", "A pair", ("8H", "8C"))], topic="go")


def test_a_chance_given_as_words_is_refused():
    # seen: TypeError: '<=' not supported between instances of 'int' and 'str'
    with pytest.raises(CribbageError, match="error_rate 'high' is not a chance: give a number from 0 to 1"):
        MugginsQuiz(error_rate="high")
    with pytest.raises(CribbageError, match="crib_rate nan is not a chance"):
        MugginsQuiz(crib_rate=float("nan"))


# ---- widgets: silently accepted ----------------------------------------------------------------------


def test_an_empty_list_of_fixed_hands_is_refused_instead_of_dealing_random_ones():
    with pytest.raises(CribbageError, match=r"hands=\[\] gives the quiz no hands: list at least one"):
        MugginsQuiz(hands=[])


def test_an_unknown_answer_to_a_count_is_refused_and_changes_nothing():
    # seen: answer("shout") was settled as an objection
    q = MugginsQuiz(hands=[("5H 5D 5S JC", "5C", 28)])
    tally, status = dict(q.tally), q.status_text
    with pytest.raises(CribbageError, match="'shout' is not an answer to a count: use one of accept, "
                                            "muggins, overcount"):
        q.answer("shout")
    with pytest.raises(CribbageError, match="named='2' is not a number of points"):
        q.answer("muggins", "2")
    assert q.settlement is None and q.tally == tally and q.status_text == status
    assert q.answer("muggins", 1).outcome == "missed", "the quiz still takes a good answer"


@pytest.mark.parametrize("crib", ["yes", 1, None])
def test_crib_must_be_true_or_false(crib):
    # seen: CountingTrainer(crib="yes") counted a crib without a word
    with pytest.raises(CribbageError, match=f"crib={crib!r} is not allowed: give crib=True or crib=False"):
        CountingTrainer("5H 5D 5S JC", "5C", crib=crib)
    t = CountingTrainer("5H 5D 5S JC", "5C")
    before = t.score
    with pytest.raises(CribbageError, match="give crib=True or crib=False"):
        t.show_hand("AH 2D 3S 4C", "KH", crib=crib)
    assert t.score == before


def test_a_counting_box_out_of_range_is_explained_not_clamped():
    # seen: the boxes clamped 35 to 29 without a word, and Check judged the 29
    t = CountingTrainer("5H 5D 5S JC", "5C")
    t.mode.value = "total"
    t.total_input.value = 35
    t.check_button.click()
    assert t.status_text.startswith("Total: 35 cannot be right: a hand scores 0 to 29 points.")
    assert t.tally == (0, 0), "an impossible number is not an attempt"
    t.mode.value = "kinds"
    t.kind_inputs["pair"].value = -2
    t.check_button.click()
    assert t.status_text.startswith("Pairs: -2 cannot be right: a hand scores 0 to 29 points.")
    t.kind_inputs["pair"].value = 12
    t.kind_inputs["fifteen"].value = 16
    t.kind_inputs["nobs"].value = 1
    t.check_button.click()
    assert t.tally == (1, 1)


def test_the_drill_and_quiz_boxes_say_what_is_allowed_instead_of_clamping():
    d = PeggingDrill(topic="sets")
    d.answer_input.value = 40
    d.check_button.click()
    assert d.status_text.startswith("40 cannot be the answer: a card scores 0 to 31 points in the play.")
    assert d.tally == (0, 0)
    q = MugginsQuiz(hands=[("5H 5D 5S JC", "5C", 24)])
    q.muggins_input.value = 9
    q.muggins_button.click()
    assert q.settlement is None
    assert q.status_text.startswith("9 cannot be called: name 1 to 5 missed points for a Muggins call "
                                    "(24 announced, and no hand holds more than 29).")


def test_grading_a_list_with_too_few_answers_is_refused():
    # seen: 3 answers for 4 questions were graded as if the 4th was left blank
    s = make_set("counting", "easy", 4, 7)
    with pytest.raises(CribbageError, match=r"3 answers were given for a set of 4 questions: give one "
                                            r"answer per question, in order \(None for one left blank\)"):
        grade(s, [1, 2, 3])
    with pytest.raises(CribbageError, match="0 answers were given for a set of 4 questions"):
        grade(s, [])
    assert grade(s, {1: 4}).count("unanswered") == 3, "a mapping may leave questions out"


# ---- the command line -------------------------------------------------------------------------------


def run_cli(argv: list[str]) -> int:
    try:
        return main(argv)
    except SystemExit as stop:
        return stop.code


@pytest.mark.parametrize(
    "argv",
    [
        ["count", "5H", "5D", "5S", "JC", "ZZ"],
        ["count", "--nonsense"],
        ["advise", "5H", "5D", "JS", "4C", "6C", "KD", "--top", "0"],
        ["advise", "5H", "5D", "JS", "4C", "6C", "KD", "--players", "7"],
        ["simulate", "--games", "ten"],
        ["simulate", "--games", "99999999999999999999999"],
        ["simulate", "--seed", "-1"],
        ["worksheet"],
        ["worksheet", "--out", "x", "--kind", "poker"],
        ["frobnicate"],
        [],
    ],
)
def test_every_command_line_error_is_one_line_with_the_fix_and_no_usage_first(argv, capsys, tmp_path,
                                                                                  monkeypatch):
    # seen: argparse printed 4-5 lines of usage before the error
    monkeypatch.chdir(tmp_path)
    assert run_cli(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("crib: error: ") and "usage:" not in captured.err
    assert list(tmp_path.iterdir()) == []


def test_a_parse_error_points_to_the_help_of_its_own_subcommand(capsys):
    assert run_cli(["simulate", "--target", "100"]) == 2
    assert capsys.readouterr().err == (
        "crib: error: argument --target: invalid choice: 100 (choose from 61, 121); "
        "see 'crib simulate --help'\n")
