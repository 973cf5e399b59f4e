"""The strategy chapters' measured figures (book/data/*.json, made by
scripts/make_strategy_figures.py): the files are whole and consistent with the rules, a part of
them made again with the same code and seeds comes out the same, and the page helpers that turn
them into tables (book/strategy_data.py) compute what they say."""

from __future__ import annotations

import json
import sys
from collections import Counter
from itertools import pairwise
from pathlib import Path

import pytest

from crib_widgets.cards import Card, parse_cards
from crib_widgets.scoring import score_hand
from crib_widgets.strategy.discard import advise_discard, crib_sum, unseen_cards

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "book"))

import make_strategy_figures as make  # noqa: E402
import strategy_data as sd  # noqa: E402

DATA = ROOT / "book" / "data"


def _load(name: str) -> dict:
    return json.loads((DATA / f"{name}.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def games() -> dict:
    return _load("expert_games")


def test_each_file_says_how_it_was_made_with_at_least_two_seeds(games):
    for name in ("expert_games", "leads", "magic_eleven"):
        data = _load(name)
        assert data["made_by"] == "scripts/make_strategy_figures.py"
        assert data["about"]
        seeds = [run["seed"] for run in data["runs"]]
        assert len(seeds) >= 2 and len(set(seeds)) == len(seeds), name
    for run in games["runs"]:
        assert run["games"] == len(run["results"]) >= 20
        assert run["player_seeds"] == [run["seed"], run["seed"] + 1]
        assert len(run["deals"]) >= 6 * run["games"]


def test_every_deal_is_a_legal_deal_scored_as_the_rules_say(games):
    for run in games["runs"]:
        for deal in run["deals"]:
            starter = Card.parse(deal["starter"])
            cards = [starter]
            for role in ("p", "d"):
                seat = deal[role]
                kept, threw = parse_cards(seat["kept"]), parse_cards(seat["threw"])
                assert len(kept) == 4 and len(threw) == 2
                cards += kept + threw
                assert seat["show"] == score_hand(kept, starter).total
                laid = [t[2:] for t in deal["laid"].split() if t.startswith(f"{role}:")]
                assert sorted(parse_cards(laid)) == sorted(kept), "every kept card is laid once"
                pegged = sum(int(p[1:]) for p in deal["pegs"].split() if p[0] == role)
                assert seat["play"] == pegged
                assert seat["why"] in ("average", "play", "board") and seat["gave_up"] >= 0
            assert len(set(cards)) == 13, "13 different cards: two sixes and the starter"
            crib = parse_cards(f"{deal['p']['threw']} {deal['d']['threw']}")
            assert deal["d"]["crib"] == score_hand(crib, starter, crib=True).total
            assert deal["d"]["heels"] == (2 if starter.rank == 11 else 0)
            assert deal["p"]["seat"] == 1 - deal["d"]["seat"] == 1 - deal["dealer"]


def test_scores_carry_from_deal_to_deal_and_no_complete_deal_reaches_121(games):
    for run in games["runs"]:
        by_game: dict[int, list[dict]] = {}
        for deal in run["deals"]:
            by_game.setdefault(deal["game"], []).append(deal)
        for deals in by_game.values():
            for before, after in pairwise(deals):
                assert after["deal"] == before["deal"] + 1
                for role in ("p", "d"):
                    seat = before[role]["seat"]
                    now = before["score"][role] + sd.points(before, role)
                    next_role = "d" if after["dealer"] == seat else "p"
                    assert after["score"][next_role] == now < 121


def test_the_averages_only_throw_and_what_was_given_up_are_recomputed_exactly(games):
    deals = games["runs"][0]["deals"][:12]
    for deal in deals:
        for role in ("p", "d"):
            seat = deal[role]
            options = advise_discard(f"{seat['kept']} {seat['threw']}", dealer=role == "d", explain=False)
            assert seat["by_average"] == make.cards_text(sorted(options[0].discard))
            chosen = next(o for o in options if make.cards_text(sorted(o.discard)) == seat["threw"])
            assert seat["gave_up"] == round(options[0].total_ev - chosen.total_ev, 4)


def test_a_game_played_again_with_the_same_seeds_gives_the_same_deals(games):
    run = games["runs"][0]
    game = make.play_expert_game(run["seed"], 0)
    assert make.deal_records(game, 0) == [d for d in run["deals"] if d["game"] == 0]
    assert run["results"][0]["scores"] == list(game.result.scores)


def test_lead_values_and_magic_eleven_rows_are_recomputed_exactly(games):
    leads = _load("leads")
    run = games["runs"][1]
    stored = next(r for r in leads["runs"] if r["seed"] == run["seed"])["hands"]
    for deal, hand in list(zip(run["deals"], stored, strict=False))[:2]:
        assert hand["kept"] == deal["p"]["kept"]
        assert make.lead_values(deal, run["seed"]) == hand["values"]
    eleven = _load("magic_eleven")
    again = make.run_eleven(games["runs"][:1], 2, eleven["opponents"], lambda _: None)
    assert again["runs"][0]["hands"] == eleven["runs"][0]["hands"][:2]


def test_the_crib_table_with_any_two_cards_beside_matches_the_exact_crib_average():
    table = sd.random_crib_table()
    for a, b in ((5, 5), (13, 1), (13, 10), (11, 5), (7, 8), (1, 1)):
        thrown = [Card(a, "S"), Card(b, "H")]
        total, ways = crib_sum(thrown, unseen_cards(thrown))
        assert table[a, b] == pytest.approx(total / ways, abs=0.03)


def test_the_seat_tables_use_the_other_seats_real_throws(games):
    pone_throws = Counter(tuple(sorted(c.rank for c in parse_cards(d["p"]["threw"]))) for d in sd.deals())
    assert sum(pone_throws.values()) == sum(len(run["deals"]) for run in games["runs"])
    own, theirs = sd.crib_table("d"), sd.crib_table("p")
    assert own[5, 5] > theirs[5, 5] - 3 and max(own, key=own.get) in ((5, 5),)
    assert min(theirs.values()) < min(sd.random_crib_table().values()) + 0.5


def _deal(pegs: str, pone: int, dealer: int, crib: int, heels: int = 0) -> dict:
    return {"pegs": pegs, "p": {"show": pone, "play": 0}, "d": {"show": dealer, "crib": crib, "heels": heels}}


def test_last_deal_counts_heels_then_the_play_in_order_then_pone_hand_then_dealer_hand_then_crib():
    deal = _deal("p2 d3 p1", pone=8, dealer=10, crib=6, heels=2)
    assert sd.last_deal(deal, 10, 2) == "d"        # his heels first
    assert sd.last_deal(deal, 3, 6) == "p"          # p2 then p1 makes 3, before the dealer's 5 in all
    assert sd.last_deal(deal, 4, 5) == "d"          # heels 2 + the play's 3
    assert sd.last_deal(deal, 11, 6) == "p"         # the pone's hand before the dealer's
    assert sd.last_deal(deal, 12, 16) == "d"        # the dealer's hand: 2 + 3 + 10 = 15, the crib makes 21
    assert sd.last_deal(deal, 12, 22) is None


def test_a_passed_up_fifteen_is_counted_with_what_the_player_still_held():
    deal = {"p": {"kept": "5H 2C 3D 4S"}, "d": {"kept": "KS 6D 8C 9H"},
            "laid": "p:5H d:6D p:2C d:KS | p:3D d:8C p:4S d:9H"}
    out = sd.passed_fifteens([deal], counts=(5,))
    assert out == {"turns": 1, "held": 1, "passed": 1, "passed_held": 1}


def test_lead_costs_compare_each_lead_with_the_best_of_its_hand():
    hands = [{"values": {"4C": -0.5, "5D": -2.0, "KS": -1.0}}, {"values": {"4H": 1.0, "4D": 1.0}}]
    costs = sd.lead_costs(hands)
    assert costs[4] == (1, 0.0, 1.0) and costs[5] == (1, 1.5, 0.0)  # a hand of one rank is left out
