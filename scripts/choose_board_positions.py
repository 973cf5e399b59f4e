"""Write chapter 12's board positions (crib_widgets/lessons/data/board_positions.json), each checked
with the strategy package.

Every position is chosen for what it teaches (the ``teaches`` line says what); this script works out
each answer and refuses to write anything when an answer does not hold:

- ``home``: the counting order (`board_play.home_order`, with the rules engine's counts) must agree
  with the strategy package's `count_out.CountOut` (who counts out first, the crib by its chance), and
  nobody may peg out in the play (the questions are about the show's order).
- ``seat``: the par rule (`board_play.par_home`) must give the same answer with your score 3 points
  either way, so the answer is not a rounding of the par.
- ``throw``: the strongest computer player (`strategy.players.Expert`, in a game dealt at that score)
  must throw what the discard trainer calls best, and the same six cards at a score far from the
  end must be thrown differently (fourth street).
- ``play``: the answer is `Expert`'s card in the game dealt to that moment; every card's value comes
  from the look-ahead it uses (`lookahead.play_values`); the cards within `CLOSE` of the best count as
  right too; the best must beat the worst by at least `SPREAD`, so the choice matters.

Run: ``.venv/bin/python scripts/choose_board_positions.py``
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from crib_widgets.cards import Card, full_deck, parse_cards
from crib_widgets.game import Discard, Game, Rules
from crib_widgets.game.deal import stack_deck
from crib_widgets.lessons.board_play import BoardQuestion, home_order, par_home, play_game
from crib_widgets.lessons.discard_trainer import DiscardPosition, DiscardQuestion
from crib_widgets.scoring import hand_total, rank_points
from crib_widgets.strategy.count_out import CountOut
from crib_widgets.strategy.lookahead import play_values
from crib_widgets.strategy.players import Expert, look_ahead_view
from crib_widgets.strategy.solver import WIN

OUT = Path(__file__).resolve().parent.parent / "crib_widgets" / "lessons" / "data" / "board_positions.json"
CLOSE = 5.0  # a card within half a win in a hundred of the best is as good
SPREAD = 40.0  # the best card must be worth at least four wins in a hundred more than the worst

HOME = [  # seat, (yours, theirs), pegged (yours, theirs), your hand, theirs, the crib, starter, teaches
    (
        "pone",
        (107, 116),
        (2, 1),
        "4H 5C 6S 6D",
        "5D 10H QS KS",
        "AD 2C 8H JD",
        "3D",
        "Counting first is worth more than needing less.",
    ),
    (
        "dealer",
        (112, 114),
        (1, 1),
        "7C 8D 8S 9H",
        "2D 3H 4S KC",
        "AC 6H JH QD",
        "5S",
        "As the dealer you count second: a big hand comes too late if the pone gets home first.",
    ),
    (
        "dealer",
        (105, 108),
        (2, 0),
        "2H 3C 9D 10S",
        "4C 8C JS QH",
        "5D 5H 10D KD",
        "6C",
        "The crib counts last, but it counts: it can still bring the dealer home.",
    ),
    (
        "pone",
        (100, 104),
        (1, 2),
        "AH 6C 8D KS",
        "2S 7H 9C QC",
        "3C 4D JC KH",
        "10D",
        "When nobody gets home, the game goes on, and next deal the other player counts first.",
    ),
    (
        "pone",
        (120, 110),
        (0, 1),
        "2C 6H 8S QD",
        "5D 5C 10C QC",
        "9H JD 3S 4H",
        "KH",
        "120 is not home: the stinkhole, one short, still needs a point, and a hand of nothing gives none.",
    ),
    (
        "pone",
        (111, 119),
        (3, 1),
        "3H 4S 5D 10C",
        "AS 2H 9H QC",
        "6D 7S 8C KD",
        "4C",
        "The dealer can sit one short after the play and still lose to the pone's hand.",
    ),
]
SEAT = [  # who dealt first, the deal about to start, (yours, theirs), teaches
    ("me", 1, (0, 0), "Colvert's rule: the first dealer plays defence from the first card."),
    ("them", 1, (0, 0), "Colvert's rule: the first pone plays offence from the first card."),
    ("them", 5, (64, 46), "Ahead of par, even as the first pone: now the averages work for you."),
    ("me", 5, (44, 60), "Behind par, even as the first dealer: waiting will lose."),
    ("me", 8, (98, 88), "Near the end, count the deals to 121, not the points."),
    ("them", 9, (100, 96), "Ahead on the board is not always on position: count who reaches 121 first."),
]
THROW = [  # six cards, the late score (yours, theirs), a score far from the end, teaches
    (
        "7C 7S 10S JD QH KS",
        (115, 112),
        (46, 52),
        "Needing only a few, keep the sure points: a run of four counts 4 whatever is turned.",
    ),
    (
        "6H 8D 8S 9C 9H 3H",
        (100, 110),
        (46, 52),
        "Needing a lot, keep the big chances: 8-8-9-9 can make 20 or more.",
    ),
    (
        "4C 2C 3D 8D 6C JC",
        (111, 112),
        (46, 52),
        "Keep the hand most likely to count what you need, not the best average.",
    ),
    (
        "9H JC 4H 7C 3D 7S",
        (115, 112),
        (46, 52),
        "Needing only a few, keep the cards that get there with the most starters, even at a lower average.",
    ),
]
PLAY = [  # seat, scores, your six, their six, starter, throws (yours, theirs), moves so far, teaches
    (
        "pone",
        (113, 117),
        "4H 5S 6C 8D JC KS",
        "QH 10D 9S 3C 2D AH",
        "7C",
        ["JC KS", "AH 2D"],
        [],
        "Your hand gets you home when you count first, so give the dealer nothing: never lead a 5.",
    ),
    (
        "dealer",
        (119, 108),
        "AH 2S 9D 10C KH QS",
        "5C 6H 7S 8C 3D 4C",
        "6S",
        ["KH QS", "3D 4C"],
        ["8C"],
        "Needing 2, every go and last card matters: the low card keeps your chances in the play.",
    ),
    (
        "dealer",
        (115, 111),
        "3H 3S 6D 10D KC 2H",
        "4D 5H 9H JC QH 8S",
        "7S",
        ["KC 2H", "8S QH"],
        ["9H"],
        "The pone counts first, so the dealer must peg: take the fifteen-two.",
    ),
    (
        "pone",
        (118, 114),
        "AC 2D 9H 10S QC KD",
        "3S 4H 5C 6S 7C 8H",
        "2H",
        ["QC KD", "7C 8H"],
        ["10S", "5C"],
        "You count out first, so every point the dealer pegs is the danger: leave the fewest answers.",
    ),
    (
        "dealer",
        (114, 117),
        "7D 8D 3C 10S JH 2H",
        "6H 9C 5S QS KH AD",
        "4D",
        ["JH 2H", "AD KH"],
        ["QS"],
        "Pairing the queen pegs 2 but invites a pair royal for 6, and the pone counts first anyway.",
    ),
]


def home_positions() -> list[dict]:
    out = []
    for seat, scores, pegged, mine, theirs, crib, starter, teaches in HOME:
        text = (
            f"home | {seat} | score {scores[0]}-{scores[1]} | pegged {pegged[0]}-{pegged[1]} | {mine} | "
            f"{theirs} | {crib} | {starter}"
        )
        p = {
            "kind": "home",
            "text": text,
            "seat": seat,
            "scores": list(scores),
            "pegged": list(pegged),
            "mine": mine,
            "theirs": theirs,
            "crib": crib,
            "starter": starter,
            "teaches": teaches,
        }
        q = BoardQuestion(p)
        _check_home(p, q)
        out.append(p)
    return out


def _check_home(p: dict, q: BoardQuestion) -> None:
    """The counting order against `CountOut`, seen from the pone (who counts first)."""
    cards = [*parse_cards(p["mine"]), *parse_cards(p["theirs"]), *parse_cards(p["crib"])]
    starter = Card.parse(p["starter"])
    assert len({*cards, starter}) == 13, p["text"]
    assert starter.rank != 11, "his heels would score: " + p["text"]
    mine, theirs = p["scores"]
    assert mine + p["pegged"][0] < 121 and theirs + p["pegged"][1] < 121, (
        "pegged out in the play: " + p["text"]
    )
    i_deal = p["seat"] == "dealer"
    pone_hand, dealer_hand = (p["theirs"], p["mine"]) if i_deal else (p["mine"], p["theirs"])
    # CountOut reads the other hand by its ranks (no flush, no nobs): the dealer's must have neither
    assert hand_total(parse_cards(dealer_hand), starter) == rank_points(
        [c.rank for c in parse_cards(dealer_hand)] + [starter.rank]
    ), p["text"]
    pone_score, dealer_score = (theirs, mine) if i_deal else (mine, theirs)
    pone_peg, dealer_peg = (p["pegged"][1], p["pegged"][0]) if i_deal else p["pegged"]
    seen = set(cards[:8]) | {starter}
    crib = parse_cards(p["crib"])
    out = CountOut(
        starter,
        parse_cards(pone_hand),
        crib[:2],
        i_deal=False,
        unseen=[c for c in full_deck() if c not in seen and c not in crib[:2]],
    )
    value = out.end_value(
        (121 - pone_score - pone_peg, 121 - dealer_score - dealer_peg),
        [c.rank for c in parse_cards(dealer_hand)],
    )
    answer = q.answer_key
    steps = home_order(tuple(p["scores"]), tuple(p["pegged"]), q.shows, i_deal=i_deal)
    pone = "them" if i_deal else "me"
    if answer == pone:
        assert value == WIN, p["text"]
    elif answer != "nobody" and steps[-1][1] == "hand":
        assert value == -WIN, p["text"]
    else:  # the crib decides (or nobody): CountOut gives the crib a chance, not a certainty
        assert -WIN < value <= 0, (p["text"], value)
    print(f"home {p['text']}: {answer} ({[s[:3] for s in steps]})")


def seat_positions() -> list[dict]:
    out = []
    for first, deal, scores, teaches in SEAT:
        text = (
            f"seat | first {'you' if first == 'me' else 'them'} | deal {deal} | score {scores[0]}-{scores[1]}"
        )
        p = {
            "kind": "seat",
            "text": text,
            "first": first,
            "deal": deal,
            "scores": list(scores),
            "teaches": teaches,
        }
        q = BoardQuestion(p)
        answer = q.answer_key
        for shift in (-3, 3):
            moved = (max(0, scores[0] + shift), scores[1])
            again = par_home(moved, i_deal=q.i_deal).first
            assert ("defence" if again == "me" else "offence") == answer, (text, shift)
        print(f"seat {text}: {answer}")
        out.append(p)
    return out


def throw_positions() -> list[dict]:
    out = []
    for six, late, far, teaches in THROW:
        throws = {}
        for scores in (late, far):
            position = DiscardPosition(tuple(parse_cards(six)), False, scores, "fourth-street")
            best = DiscardQuestion(position).best
            expert = _expert_throw(six, scores)
            assert frozenset(expert) == frozenset(best.discard), (six, scores, expert, best.discard)
            throws[scores] = best
            p = {"kind": "throw", "text": position.text, "teaches": teaches, "late": scores == late}
            out.append(p)
        assert frozenset(throws[late].discard) != frozenset(throws[far].discard), six
        print(
            f"throw {six}: at {late} the {throws[late].throw_words}, at {far} the {throws[far].throw_words}"
        )
    return out


def _expert_throw(six: str, scores: tuple[int, int]) -> tuple[Card, ...]:
    """The strongest computer player's throw as the pone at ``scores``, in a game dealt so."""
    others = [c for c in full_deck() if c not in parse_cards(six)]
    deck = stack_deck([six, others[:6]], others[6], dealer=1)
    game = Game(Rules(), seed=1, deck=deck, dealer=1, scores=scores)
    move = Expert(0).choose(game, 0)
    assert isinstance(move, Discard)
    return move.cards


def play_positions() -> list[dict]:
    out = []
    for seat, scores, mine, theirs, starter, throws, moves, teaches in PLAY:
        text = (
            f"play | {seat} | score {scores[0]}-{scores[1]} | {mine} | {theirs} | {starter} | "
            f"{' / '.join(throws)} | {' '.join(moves) or 'lead'}"
        )
        p = {
            "kind": "play",
            "text": text,
            "seat": seat,
            "scores": list(scores),
            "mine": mine,
            "theirs": theirs,
            "starter": starter,
            "throws": throws,
            "moves": moves,
            "teaches": teaches,
        }
        game = play_game(p)
        values = play_values(**look_ahead_view(game, 0))
        expert = Expert(0).choose(game, 0).card
        top = max(values.values())
        best = [str(c) for c in game.hands[0] if c in values and values[c] >= top - CLOSE]
        assert str(expert) in best, (text, expert, values)
        assert top - min(values.values()) >= SPREAD, (text, values)
        p["best"] = [str(expert)] + [c for c in best if c != str(expert)]
        p["values"] = {str(c): round(v, 1) for c, v in values.items()}
        print(f"play {text}: {p['best']} {p['values']}")
        out.append(p)
    return out


def main() -> int:
    chosen = home_positions() + seat_positions() + throw_positions() + play_positions()
    texts = [p["text"] for p in chosen]
    assert len(set(texts)) == len(texts)
    body = json.dumps(
        {
            "about": "chapter 12's board positions, written by scripts/choose_board_positions.py",
            "positions": chosen,
        },
        indent=1,
    )
    OUT.write_text(body + "\n", encoding="utf-8")
    print(f"wrote {len(chosen)} positions to {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
