"""The review and the expert with three and four players: one look-ahead (strategy.lookahead_multi)
for both, so the review's best card is the expert's; a planted costly card ranks first; the table
plays whole 3- and 4-player games with expert seats."""

from __future__ import annotations

import pytest

from crib_widgets.cards import parse_cards
from crib_widgets.game import Discard, Game, Play, Rules, stack_deck
from crib_widgets.strategy import make_player
from crib_widgets.strategy.lookahead_multi import expert_card
from crib_widgets.strategy.review import card_values, review_game
from crib_widgets.table import Table

TABLES = [(3, False), (4, False), (4, True)]


def planted_five_lead() -> tuple[Game, int]:
    """A 3-player deal: seat 0 leads (seat 2 deals) and leads its 5, which the next player answers with
    any of the sixteen ten-cards for 15-2; every other move is the expert's. Returns the game and the
    planted move's index."""
    deck = stack_deck(["5C 4D 3H 8S KD", "QH JS 9C 7D 2C", "10C 6H 6S AD AH"], "7C", dealer=2,
                      crib_card="9D")
    game = Game(Rules(players=3), deck=[deck], dealer=2, seed=4)
    experts = [make_player("expert", seed=s) for s in range(3)]
    planted = None
    while game.deal_number == 1 and not game.is_over:
        seat = game.whose_turn
        move = experts[seat].choose(game, seat)
        if seat == 0 and game.phase == "play" and game.count == 0 and len(game.hands[0]) == 4:
            five = [c for c in game.hands[0] if c.rank == 5]
            assert five, "the expert threw its 5 away: the plant needs it kept"
            move, planted = Play(0, five[0]), len(game.moves)
        game.apply(move)
    assert planted is not None
    return game, planted


def test_a_planted_five_lead_ranks_first_in_a_three_player_review():
    game, planted = planted_five_lead()
    review = review_game(game, seat=0, deals=(1,))
    top = review.costliest(3)
    assert top and top[0].move == planted and top[0].phase == "play"
    # 15-2 to one of two opponents costs 1 against their average, less what the 5 could win back
    assert top[0].cost >= 0.5, top[0]
    assert "a ten-card for fifteen" in top[0].reason and top[0].reason.startswith("the ")
    assert top[0].samples > 0  # the hidden hands were sampled, not guessed one move ahead
    assert all(d.cost < 0.1 for d in review.decisions if d.move != planted), "the expert's own moves cost"


def test_a_five_thrown_to_the_dealer_of_a_three_player_game_is_named_so():
    deck = stack_deck(["5C 4D 3H 8S KD", "QH JS 9C 7D 2C", "10C 6H 6S AD AH"], "7C", dealer=2,
                      crib_card="9D")
    game = Game(Rules(players=3), deck=[deck], dealer=2, seed=4)
    game.apply(Discard(0, tuple(parse_cards("5C"))))
    decision = review_game(game, seat=0).decisions[0]
    assert decision.phase == "discard" and decision.cost >= 1 and decision.samples == 0
    assert "a 5 in the dealer's crib makes fifteen with any of the sixteen ten-cards" in decision.reason


def test_leaving_21_for_a_partner_who_lays_next_is_the_better_card_and_says_why():
    # partnerships, seat 2 to lay on 5-10 (15): seat 3 has laid all its cards, so the partner
    # (seat 0) lays next and any ten-card it holds makes 31 for the side
    start = {"at": "play", "starter": "4C", "crib": ["2D", "3S", "6S", "8D"],
             "held": [["KH"], ["9H"], ["6D", "7C"], []],
             "laid": [["2C", "3D"], ["AS", "8C"], ["QC", "QD"], ["JD", "JH", "9S", "7S"]],
             "pile": ["5S", "10S"], "leader": 0}
    game = Game(Rules(players=4, partners=True), dealer=3, start=start, seed=2)
    assert game.whose_turn == 2 and game.count == 15
    assert expert_card(game, 2) == parse_cards("6D")[0]
    game.apply(Play(2, parse_cards("7C")[0]))
    (decision,) = review_game(game, seat=2).decisions
    assert decision.best.cards == tuple(parse_cards("6D")) and decision.cost >= 0.5
    assert decision.reason.startswith("the 6 (count 21) sets up your partner: after it they score 31 ")


@pytest.mark.parametrize("players, partners", TABLES)
def test_the_reviews_best_card_is_the_experts_card(players, partners):
    game = Game(Rules(players=players, partners=partners), seed=31 + players + partners)
    experts = [make_player("expert", seed=s) for s in range(players)]
    compared = 0
    while not game.is_over and game.deal_number <= 2:
        seat = game.whose_turn
        if game.phase == "play" and len({c.rank for c in game.hands[seat] if c.value <= 31 - game.count}) > 1:
            values, _ = card_values(game, seat)
            top = max(values.values())
            expert = expert_card(game, seat)
            assert values[expert] == pytest.approx(top), f"the expert lays {expert}, the review another"
            compared += 1
        game.apply(experts[seat].choose(game, seat))
    assert compared >= 4


@pytest.mark.parametrize("players, partners", TABLES)
def test_the_table_plays_whole_games_with_expert_seats(players, partners):
    rules = Rules(players=players, partners=partners, target=61)
    t = Table(rules, seats=("expert",) * players, seed=11 + players)
    game = t.play_out()
    assert game.is_over and game.result is not None
    assert Game.from_json(game.to_json()).result.text == game.result.text
    review = review_game(game, seat=0)
    assert review.decisions and all(d.cost >= 0 for d in review.decisions)


VARIANTS = [dict(players=3, lowball=True), dict(players=4, partners=True, muggins=True),
            dict(players=3, ten_back=True, exact_finish=True)]


@pytest.mark.parametrize("options", VARIANTS, ids=str)
def test_expert_seats_play_whole_games_of_the_variants(options):
    t = Table(Rules(target=61, **options), seats=("expert",) * options["players"], seed=5)
    game = t.play_out()
    assert game.is_over
    if options.get("lowball"):
        assert game.result.winner != game.result.reached


def test_the_expert_seat_says_go_and_lays_its_only_card():
    deck = stack_deck(["5C 4D 3H 8S KD", "QH JS 9C 7D 2C", "10C 6H 6S AD AH"], "7C", dealer=2,
                      crib_card="9D")
    game = Game(Rules(players=3), deck=[deck], dealer=2, seed=4)
    expert = make_player("expert", seed=1)
    while game.phase != "play":
        seat = game.whose_turn
        game.apply(expert.choose(game, seat))
    for card in parse_cards("KD QH 10C"):
        seat = game.whose_turn
        held = [c for c in game.hands[seat] if c.rank == card.rank]
        if not held:
            break
        game.apply(Play(seat, held[0]))
    seat = game.whose_turn
    move = expert.choose(game, seat)
    assert move in game.legal_moves()
