"""Choose chapter 11's play technique positions for what they teach, and write them to the package's data.

The positions are real: every turn in the play of the deals in ``book/data/expert_games.json``
(games between two of our strongest computer players). Each turn with a choice is set up again as a
lesson's moment (`crib_widgets.game.script.play_scenario`: the hands held, the cards laid before,
the count on the table, the starter and the crib) and weighed by the strategy package's look-ahead,
exactly as the strongest computer player weighs it (`lookahead.play_values` on `look_ahead_view`).
A position is kept when the strong answer clearly beats the tempting card (the one that scores most
now, or the worst card in the hand; `NOTICE`), and it is tagged by what the reason
(`strategy.review.reasons.play_reason`: what the right card does that the tempting one does not) is about:

- ``lead``: the count is 0 and you lead;
- ``eleven``: a ten-card was just laid and the answer is a card of an eleven you hold (5-6, 4-7,
  3-8, 2-9, ace and a ten-card), kept for 31;
- ``royal``: the tempting card pairs the last card, or the reason is about three of a kind;
- ``for-go``: the reason is the go and the last card;
- ``thirty-one``: the reason is 31;
- ``trap``: the reason is a run (a run invited, or one kept for your answer);

then the biggest lessons of each technique first (the tempting card scores now; then the biggest
difference), what the strong card keeps from the other player and what it sets up for you in turn
(`mixed`), one position a deal: the first is the chapter's worked example (when there are more
than `PER_TECHNIQUE`), then `PER_TECHNIQUE` drill questions.
The same data writes the same file:

    .venv/bin/python scripts/choose_technique_positions.py [--check]

``--check`` writes nothing and fails when the stored file differs from what the search finds.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from crib_widgets.cards import Card, parse_cards  # noqa: E402
from crib_widgets.game.seat_view import play_view  # noqa: E402
from crib_widgets.lessons.techniques import (  # noqa: E402
    DATA,
    NOTICE,
    TECHNIQUES,
    TIE,
    position_game,
    weigh,
)
from crib_widgets.strategy.pegging_choice import greedy_play  # noqa: E402
from crib_widgets.strategy.review.reasons import is_fallback, play_reason, restates_cost  # noqa: E402

GAMES = ROOT / "book" / "data" / "expert_games.json"
PER_TECHNIQUE = 8
ENOUGH = 4 * PER_TECHNIQUE  # positions of a technique to choose from (one a deal) before its search stops
ROLES = ("p", "d")


def turns(deal: dict):
    """Every turn of a deal's play as a lesson's moment: (record, role to move, card it laid)."""
    seat = {r: deal[r]["seat"] for r in ROLES}
    held = {r: list(parse_cards(deal[r]["kept"])) for r in ROLES}
    laid = {r: [] for r in ROLES}
    pile: list[tuple[str, str]] = []  # (role, card text or "go") in this count
    for token in deal["laid"].split():
        if token == "|":
            for role, entry in pile:
                if entry != "go":
                    laid[role].append(entry)
            pile = []
            continue
        role, text = token[0], token[2:]
        if pile and pile[-1][0] == role and not any(r != role and e == "go" for r, e in pile):
            pile.append(("d" if role == "p" else "p", "go"))  # the other player could not lay
        leader = pile[0][0] if pile else role
        yield {
            "dealer": seat["d"], "seat": seat[role], "leader": seat[leader],
            "held": _by_seat(seat, {r: [str(c) for c in held[r]] for r in ROLES}),
            "laid": _by_seat(seat, laid), "pile": [e for _, e in pile],
            "crib": deal["p"]["threw"].split() + deal["d"]["threw"].split(), "starter": deal["starter"],
        }, role, text
        held[role].remove(Card.parse(text))
        pile.append((role, text))


def _by_seat(seat: dict, per_role: dict) -> list[list[str]]:
    out: list[list[str]] = [[], []]
    for role in ROLES:
        out[seat[role]] = list(per_role[role])
    return out


def eleven_pairs(hand) -> set[int]:
    """The ranks of ``hand`` that make eleven with another card of it."""
    return {a.rank for a in hand for b in hand if a is not b and a.value + b.value == 11}


def tag(game, seat: int, best: Card, tempting: Card, why: str) -> str | None:
    pile = game.pile
    if not pile:
        return "lead"
    hand = game.hands[seat]
    if pile[-1].value == 10 and game.count in (10, 20) and best.rank in eleven_pairs(hand) and "31" in why:
        return "eleven"
    if tempting.rank == pile[-1].rank or "three of a kind" in why or "pair royal" in why:
        return "royal"
    if "the go and the last card" in why:
        return "for-go"
    if "31" in why:
        return "thirty-one"
    if "a run" in why:
        return "trap"
    return None


def safe_lead(card: Card) -> str:
    """What the rule of thumb calls ``card`` as a lead ("" when it is not one of its safe leads)."""
    return "a card below five" if card.rank in (2, 3, 4) else "a ten-card" if card.value == 10 else ""


def habit_note(record: dict) -> str:
    """Where a strong player's habit and the computer's figures differ, a sentence saying so: a lead
    the rule of thumb calls safe that the computer does not choose here."""
    if record["technique"] != "lead":
        return ""
    best, tempting = Card.parse(record["answer"]), Card.parse(record["tempting"])
    kind = safe_lead(tempting)
    if not kind or safe_lead(best):
        return ""
    return (f"A strong player going by the rule of thumb might lead the {_rank_name(tempting)} here ({kind} "
            f"is a safe lead). Our strongest computer player leads the {_rank_name(best)}, for the reason "
            "given.")


def _rank_name(card: Card) -> str:
    """``ace``, ``four``, ``king``: the card's rank in words."""
    return card.name.split(" of ")[0]


def candidates():
    games = json.loads(GAMES.read_text(encoding="utf-8"))
    for number, run in enumerate(games["runs"], 1):
        for deal in run["deals"]:
            for record, _role, _text in turns(deal):
                hand = parse_cards(record["held"][record["seat"]])
                count = sum(Card.parse(e).value for e in record["pile"] if e != "go")
                if len({c.rank for c in hand if c.value <= 31 - count}) < 2:
                    continue
                record["source"] = f"run {number}, game {deal['game']}, deal {deal['deal']}"
                yield record


def judge(record: dict) -> dict | None:
    game = position_game(record)
    seat = record["seat"]
    values = weigh(game, seat)
    best = max(values, key=lambda c: (round(values[c], 9), c.rank, c.suit))
    greedy = greedy_play(play_view(game, seat))
    wrong = [c for c in values if values[c] < values[best] - TIE]
    if not wrong:
        return None
    scoring_now = greedy in wrong and greedy is not None
    tempting = greedy if scoring_now else min(wrong, key=lambda c: (values[c], c.rank))
    gap = values[best] - values[tempting]
    if gap < NOTICE:
        return None
    options = {}
    for card in sorted(values, key=lambda c: (-values[c], -c.rank)):
        right = values[card] >= values[best] - TIE
        # a right card's reason is about it against the tempting card; a wrong one's is the best's against it
        why = play_reason(game, seat, tempting, card) if right else play_reason(game, seat, card, best)
        cost = values[card] - values[tempting] if right else values[best] - values[card]
        if is_fallback(why) or restates_cost(why, cost):
            return None
        options[str(card)] = {"value": round(values[card], 2), "why": why}
    why = options[str(best)]["why"]
    if " now, the " in why:
        return None  # the right card simply scores more now: no technique to teach
    technique = tag(game, seat, best, tempting, why)
    if technique is None:
        return None
    return {**record, "technique": technique, "answer": str(best), "tempting": str(tempting),
            "gap": round(gap, 2), "tempting_scores": scoring_now, "options": options}


def could_be_eleven(record: dict) -> bool:
    """A ten-card just laid on a count of 10 or 20, and an eleven in the hand: the only turns
    weighed once the other techniques have enough (`ENOUGH`), since Magic Elevens are rare."""
    laid = [Card.parse(e) for e in record["pile"] if e != "go"]
    count = sum(c.value for c in laid)
    hand = parse_cards(record["held"][record["seat"]])
    return bool(laid) and laid[-1].value == 10 and count in (10, 20) and bool(eleven_pairs(hand))


def search() -> list[dict]:
    """Every position that teaches a technique, weighed (a few minutes)."""
    found = []
    for n, record in enumerate(candidates()):
        full = all(sum(p["technique"] == t for p in found) >= ENOUGH for t in TECHNIQUES if t != "eleven")
        if full and not could_be_eleven(record):
            continue
        judged = judge(record)
        if judged:
            found.append(judged)
        if n % 250 == 0:
            print(f"{n} turns, {len(found)} kept", file=sys.stderr, flush=True)
    return found


def lesson_first(p: dict) -> tuple:
    """The positions that teach most first: the tempting card scores now (points passed up on
    purpose), then the bigger difference."""
    return (not p["tempting_scores"], -p["gap"], p["source"])


def defends(p: dict) -> bool:
    """Whether the strong card's reason is what it keeps from the other player (a run, 31 or the go
    they could take), not what it sets up for you (a trap: your own run, 31 or go later)."""
    why = p["options"][p["answer"]]["why"]
    return any(words in why for words in ("lets them answer", "from the other player", "leaves them fewer"))


def mixed(ordered: list[dict]) -> list[dict]:
    """Defence and offence in turn (each in its own order), so that a technique's questions teach
    both: not baiting a run and setting a trap, not leaving 21 and keeping the card for 31."""
    first = [p for p in ordered if defends(p) == defends(ordered[0])] if ordered else []
    second = [p for p in ordered if defends(p) != defends(ordered[0])]
    out = []
    for i in range(max(len(first), len(second))):
        out += first[i:i + 1] + second[i:i + 1]
    return out


def choose(found: list[dict]) -> list[dict]:
    chosen, deals = [], set()
    for technique in TECHNIQUES:
        taken = 0
        ours = mixed(sorted((p for p in found if p["technique"] == technique), key=lesson_first))
        # a worked example only when it leaves the drill its questions: a deal's position is used once
        spare = len({p["source"] for p in ours} - deals) > PER_TECHNIQUE
        for p in ours:
            if p["source"] in deals or taken >= PER_TECHNIQUE + spare:
                continue  # one position a deal: each question a hand of its own
            deals.add(p["source"])
            p["example"] = taken == 0 and spare  # the chapter's worked example; the rest are drills
            chosen.append(p)
            taken += 1
    for number, p in enumerate(chosen, 1):
        p["id"] = f"{p['technique']}-{number}"
        p["note"] = habit_note(p)
    return chosen


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="write nothing; fail if the file differs")
    parser.add_argument("--cache", help="a file to keep the weighed positions in (and read them from)")
    args = parser.parse_args()
    cache = Path(args.cache) if args.cache else None
    if cache and cache.is_file():
        found = json.loads(cache.read_text(encoding="utf-8"))
    else:
        found = search()
        if cache:
            cache.write_text(json.dumps(found), encoding="utf-8")
    chosen = choose(found)
    text = json.dumps({"about": "Chapter 11's play technique positions, chosen by "
                       "scripts/choose_technique_positions.py from book/data/expert_games.json",
                       "positions": chosen}, indent=1, ensure_ascii=False) + "\n"
    counts = {t: sum(p["technique"] == t and not p["example"] for p in chosen) for t in TECHNIQUES}
    print(len(chosen), counts)
    if args.check:
        return 0 if DATA.read_text(encoding="utf-8") == text else 1
    DATA.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
