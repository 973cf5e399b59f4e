"""`crib count`: the count aloud and breakdown; bad input is one line and exit code 2."""

from __future__ import annotations

import json

from crib_widgets.cli import main


def test_count_prints_the_count_aloud(capsys):
    assert main(["count", "5H", "5D", "5S", "JC", "5C"]) == 0
    out = capsys.readouterr().out
    assert "29 points." in out and "his nobs: J♣ + 5♣" in out


def test_count_json(capsys):
    assert main(["count", "2H 4H 6H 8H KS", "--crib", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["crib"] is True and data["breakdown"]["flush"] == 0 and data["starter"] == "KS"


def test_bad_card_is_one_line_and_exit_2(capsys):
    assert main(["count", "5H", "5D", "5S", "JX", "5C"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "'JX' is not a card" in err


def test_wrong_number_of_cards(capsys):
    assert main(["count", "5H", "5D", "5S", "JC"]) == 2
    assert "give five cards" in capsys.readouterr().err


def test_duplicate_cards(capsys):
    assert main(["count", "5H 5D 5S JC 5H"]) == 2
    assert "5H appears twice" in capsys.readouterr().err
