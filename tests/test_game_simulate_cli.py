"""`crib simulate`: random players through whole games, summarised as text or JSON."""

from __future__ import annotations

import json

import pytest

from crib_widgets.cli import main
from crib_widgets.cli.options import MAX_GAMES, MAX_MATCH_GAMES, MAX_SEED


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


def run_cli(argv: list[str]) -> int:
    try:
        return main(argv)
    except SystemExit as stop:
        return stop.code


def test_simulate_rejects_bad_options_with_a_clear_error(capsys):
    assert main(["simulate", "--variant", "partners"]) == 2
    assert "partners need 4 players" in capsys.readouterr().err
    assert run_cli(["simulate", "--games", "0"]) == 2
    assert "0 games is too few: ask for 1 to 100000" in capsys.readouterr().err


def test_a_huge_number_of_games_is_refused_at_once_with_the_limit(capsys):
    # seen: --games 99999999999999999999999 ran for ever
    assert run_cli(["simulate", "--games", "99999999999999999999999"]) == 2
    err = capsys.readouterr().err
    assert err == ("crib: error: argument --games: 99999999999999999999999 is too many games: ask for 1 to "
                   f"{MAX_GAMES}; see 'crib simulate --help'\n")
    assert run_cli(["simulate", "--games", str(MAX_GAMES + 1), "--players", "expert,expert"]) == 2
    assert f"ask for 1 to {MAX_GAMES}" in capsys.readouterr().err
    # computer players weigh every move: 100000 expert games would take days
    assert main(["simulate", "--games", str(MAX_MATCH_GAMES + 1), "--players", "expert,beginner"]) == 2
    assert capsys.readouterr().err == (
        f"crib: error: --games {MAX_MATCH_GAMES + 1} with computer players is too many: ask for 1 to "
        f"{MAX_MATCH_GAMES} (they weigh every move; random players allow up to {MAX_GAMES})\n")


@pytest.mark.parametrize("command", [["simulate", "--games", "1"], ["worksheet", "--out", "never"]])
def test_a_negative_seed_is_refused_by_every_subcommand_alike(command, capsys, tmp_path, monkeypatch):
    # seen: simulate --seed -1 was accepted where worksheet refused it
    monkeypatch.chdir(tmp_path)
    assert run_cli([*command, "--seed", "-1"]) == 2
    err = capsys.readouterr().err
    assert f"argument --seed: seed -1 is not allowed: use a whole number 0 to {MAX_SEED}, e.g. 7" in err
    assert err.count("\n") == 1 and not (tmp_path / "never").exists()


def test_one_game_is_one_game_not_one_games(capsys):
    assert main(["simulate", "--games", "1", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("1 game between random players") and " 1 wins" not in out and " 1 win " in out
