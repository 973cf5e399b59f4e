"""`crib simulate`: random players through whole games, summarised as text or JSON."""

from __future__ import annotations

import json

from crib_widgets.cli import main


def test_simulate_prints_a_summary(capsys):
    assert main(["simulate", "--games", "5", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("5 games between random players: 2 players, 121 points")
    assert "Player 1" in out and "wins" in out and "deals" in out


def test_simulate_is_repeatable_with_a_seed_and_reports_json(capsys):
    args = ["simulate", "--games", "4", "--seed", "7", "--players", "4", "--variant", "partners",
            "--variant", "muggins", "--target", "61", "--json"]
    assert main(args) == 0
    first = json.loads(capsys.readouterr().out)
    assert main(args) == 0
    second = json.loads(capsys.readouterr().out)
    assert first["games"] == second["games"]
    summary = first["summary"]
    assert summary["rules"] == "4 players in partnerships, 61 points, Muggins"
    assert summary["sides"] == ["Player 1 and Player 3", "Player 2 and Player 4"]
    assert sum(summary["wins"]) == 4 and len(first["games"]) == 4
    for game in first["games"]:
        assert max(game["scores"]) >= 61 and game["winner"] in (0, 1)


def test_simulate_log_narrates_the_first_game(capsys):
    assert main(["simulate", "--games", "1", "--seed", "2", "--players", "3", "--log"]) == 0
    out = capsys.readouterr().out
    assert "Deal 1:" in out and "turns the starter" in out and " wins " in out


def test_simulate_rejects_bad_options_with_a_clear_error(capsys):
    assert main(["simulate", "--variant", "partners"]) == 2
    assert "partners need 4 players" in capsys.readouterr().err
    assert main(["simulate", "--games", "0"]) == 2
    assert "--games must be at least 1" in capsys.readouterr().err
