"""Explanations of discard options in plain words, and the `crib advise` command."""

from __future__ import annotations

import json

import pytest

from crib_widgets.cards import parse_cards
from crib_widgets.cli import main
from crib_widgets.strategy import advise_discard
from crib_widgets.strategy.explain import ranks_text, throw_reasons


def test_the_best_option_explains_hand_range_crib_and_net():
    text = advise_discard("5H 5D JS 4C 6C KD", dealer=True)[0].explanation
    assert text.startswith("Keep 4-5-5-6: 16.0 on average in hand (between 12 and 24;")
    assert "Throwing J-K gives your own crib 4.0 on average" in text
    assert text.endswith("Net 19.9 (hand plus crib): the best choice.")


def test_other_options_say_how_much_they_give_up():
    options = advise_discard("5H 5D JS 4C 6C KD", dealer=True)
    gap = options[0].total_ev - options[1].total_ev
    said = f"{gap:.1f} less than the best choice." if gap >= 0.05 else "within 0.1 of the best choice."
    assert options[1].explanation.endswith(said)


def test_the_advice_says_every_figure_with_one_decimal():
    import re

    for option in advise_discard("5H 5D 9C 8S 2C KS", dealer=False):
        assert not re.search(r"\d\.\d\d", option.explanation), option.explanation


def test_pone_is_told_the_crib_is_the_dealers_and_why_fives_hurt():
    options = advise_discard("5H 5D 9C 8S 2C KS", dealer=False)
    fives = next(o for o in options if all(c.rank == 5 for c in o.discard))
    assert "gives the dealer's crib 9.3 on average" in fives.explanation
    assert "a pair is 2 points in the crib already" in fives.explanation
    assert "(hand minus crib)" in fives.explanation


def test_options_differing_only_in_suit_read_differently():
    texts = [o.explanation for o in advise_discard("5H 5D JS 4C 6C KD", dealer=True)]
    assert len(set(texts)) == len(texts)
    assert ranks_text(parse_cards("5D JS"), parse_cards("5H 5D JS 4C 6C KD")) == "5♦-J"


def test_throw_reasons_name_fifteens_pairs_runs_and_nobs():
    assert throw_reasons(parse_cards("7H 8C")) == ["they make fifteen together"]
    assert throw_reasons(parse_cards("9H 9C")) == ["a pair is 2 points in the crib already"]
    assert throw_reasons(parse_cards("2H 4C")) == ["they are close enough to make a run"]
    assert throw_reasons(parse_cards("JH")) == ["a jack scores his nobs when its suit is turned"]
    assert throw_reasons(parse_cards("2H 9C")) == []


def test_lowball_and_partner_wording():
    low = advise_discard("5H 5D 9C 8S 2C KS", dealer=False, lowball=True)[0]
    assert low.explanation.endswith("the fewest points, best in Lowball.")
    partner = advise_discard("2H 5H 9H JH QH", dealer=False, players=4, partner_deals=True)[0]
    assert "Throwing the 2 gives your partner's crib" in partner.explanation
    assert "(all hearts)" in partner.explanation


def test_crib_advise_prints_ranked_options_and_why(capsys):
    assert main(["advise", "5H", "5D", "JS", "4C", "6C", "KD", "--dealer"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    first = next(line for line in lines if line.strip().startswith("1 "))
    assert "4♣ 5♦ 5♥ 6♣" in first and "J♠ K♦" in first and "15.96" in first and "19.93" in first
    assert sum(1 for line in lines if line[:3].strip().isdigit()) == 15
    assert "Keep 4-5-5-6" in out


def test_crib_advise_json_top_and_players(capsys):
    assert main(["advise", "5H 5D JS 4C 6C", "--players", "3", "--top", "2", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert len(data) == 2 and data[0]["discard"] == ["JS"] and data[0]["hand_min"] == 12


def test_crib_advise_bad_input_is_one_line_and_exit_2(capsys):
    assert main(["advise", "5H 5D JS 4C 6C"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "needs exactly 6 cards, got 5" in err
    with pytest.raises(SystemExit) as stop:  # argparse refuses it: one line, exit code 2
        main(["advise", "5H 5D JS 4C 6C KD", "--top", "0"])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "argument --top: 0 options is too few" in err
