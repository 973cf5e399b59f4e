"""The review's reason for a throw: why the better keep beats the one kept, in a player's words.

It names what the better keep holds (or which starters it counts more with), what each throw gives
a crib, and what the kept cards do in the play (their solved play against the hands the throw was
weighed with, `lines.keep_line`); the discard advice's own words (`strategy.explain`) name the
cards and what a throw does for a crib. It never restates the cost (`reasons.restates_cost`).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from ...cards import Card
from ...scoring import hand_total
from ...words import join_words, plural
from ..discard import unseen_cards
from ..explain import holding_words, ranks_text, throw_reasons
from ..lines import keep_line
from ..weigh import SAMPLES, known_plays
from .reasons import KIND_WORDS, SMALL, card_words, often, ranks_words

if TYPE_CHECKING:
    from ...game import Game
    from ..weigh import WeighedDiscard as Weighed

__all__ = ["discard_reason"]

Cards = tuple[Card, ...]
_PAIRS = ("pair", "pair royal", "double pair royal")


def discard_reason(game: Game, seat: int, done: Weighed, best: Weighed) -> str:
    """Why the ``best`` throw beats the one made (``done``): the part of hand, crib and play that
    differs most, in words that tell the two throws apart."""
    rules = game.rules
    mine = rules.side_of(game.dealer) == rules.side_of(seat)  # a partner's crib scores for the side
    if game.dealer != seat and mine:
        owner = "your partner's crib"
    elif mine:
        owner = "your own crib"
    else:
        owner = "the other player's crib" if rules.players == 2 else "the dealer's crib"
    hand = game.hands[seat]
    sign = -1 if rules.lowball else 1
    if rules.lowball:
        return _lowball_throw(done, best, hand, owner, mine)
    hand_gain = sign * (best.option.hand_ev - done.option.hand_ev)
    crib_gain = sign * (best.option.crib_ev - done.option.crib_ev) * (1 if mine else -1)
    play_gain = (best.value - sign * best.option.total_ev) - (done.value - sign * done.option.total_ev)
    parts: list[tuple[float, Callable[[], str | None]]]
    parts = [(hand_gain, lambda: _hand_words(done, best, hand, sign)),
             (crib_gain, lambda: _crib_words(done, best, hand, owner, mine)),
             (play_gain, lambda: _play_words(game, seat, done, best, hand))]
    # the part that counts most, and the next when it counts at least half as much, or at all when
    # the first is the play (its figures rest on a few sampled hands: the hand or crib a player
    # can see for himself is named too)
    said: list[tuple[float, str]] = []
    ranked = sorted(parts, key=lambda p: -p[0])
    for gain, words in ranked:
        play_first = bool(said) and said[0][1].startswith("in the play")
        if said and ((gain < said[0][0] / 2 and not (play_first and gain >= SMALL)) or len(said) == 2):
            break
        text = words() if gain > 0 else None
        if text:
            said.append((gain, text))
    if not said:
        return _crib_words(done, best, hand, owner, mine, numbers=True) or ""
    return "; besides, ".join(text for _, text in said)


def _lowball_throw(done: Weighed, best: Weighed, hand: Cards, owner: str, mine: bool) -> str:
    """Lowball: the keep and the throw that leave you fewer points (the crib's points count for its
    owner, so a throw to the other player's crib should help it)."""
    kb, kd = best.option, done.option
    crib = "as few points as you can" if mine else "points, which count against its owner"
    return (f"in Lowball points count against you: keeping {ranks_text(kb.keep, hand)} averages "
            f"{kb.hand_ev:.1f} in hand, {ranks_text(kd.keep, hand)} {kd.hand_ev:.1f}; and give {owner} "
            f"{crib}: {_thrown(kb.discard, hand)} {'gives' if len(kb.discard) == 1 else 'give'} it "
            f"{kb.crib_ev:.1f} on average, {_thrown(kd.discard, hand)} {kd.crib_ev:.1f}")


def _thrown(cards: Sequence[Card], hand: Cards) -> str:
    """A throw in words: ``'3-5'``, or ``'the 10'`` for one card."""
    return ("the " if len(cards) == 1 else "") + ranks_text(cards, hand)


def _hand_words(done: Weighed, best: Weighed, hand: Cards, sign: int) -> str | None:
    kb, kd = best.option.keep, done.option.keep
    held_b, held_d = holding_words(kb), holding_words(kd)
    if held_b != held_d and sign * (_points(held_b) - _points(held_d)) > 0:
        return f"keeping {ranks_text(kb, hand)} holds {held_b}; {ranks_text(kd, hand)} holds {held_d}"
    return _starter_words(kb, kd, hand, sign)


def _points(held: str) -> int:
    found = re.search(r"\((\d+) points? before", held)
    return int(found.group(1)) if found else 0


def _starter_words(kb: Cards, kd: Cards, hand: Cards, sign: int) -> str | None:
    """The starters with which the better keep counts more: the likeliest gains named, one shown."""
    gains: Counter[int] = Counter()
    example: dict[int, Card] = {}
    for starter in unseen_cards(hand):
        diff = sign * (hand_total(kb, starter, False) - hand_total(kd, starter, False))
        gains[starter.rank] += diff
        example.setdefault(starter.rank, starter)
    ranks = [r for r, g in gains.most_common(3) if g > 0]
    if not ranks:
        return None
    shown = example[ranks[0]]
    with_b, with_d = hand_total(kb, shown, False), hand_total(kd, shown, False)
    others = ranks_words(set(ranks[1:]))
    tail = f"; {others} turned favours it too" if ranks[1:] else ""
    return (f"{ranks_text(kb, hand)} counts more with the starters you can expect: with "
            f"{card_words(shown.rank)} turned it makes {plural(with_b, 'point')}, "
            f"{ranks_text(kd, hand)} {with_d}{tail}")


def _crib_words(done: Weighed, best: Weighed, hand: Cards, owner: str, mine: bool, *,
                numbers: bool = False) -> str | None:
    tb, td = best.option.discard, done.option.discard
    text_b, text_d = _thrown(tb, hand), _thrown(td, hand)
    reasons_b, reasons_d = throw_reasons(tb), throw_reasons(td)
    if not numbers and not mine:
        ranks = sorted(c.rank for c in td)
        if len(td) == 2 and ranks[0] == ranks[1] and len({c.rank for c in tb}) == len(tb):
            return (f"a pair thrown to {owner} gives them 2 points before the starter is even turned; "
                    f"{text_b} is not a pair")
        five = not any(c.rank == 5 for c in tb)
        if any(c.rank == 5 for c in td) and five:
            return (f"a 5 in {owner} makes fifteen with any of the sixteen ten-cards; throwing {text_b} "
                    f"gives them no 5")
        if len(td) == 2 and sum(c.value for c in td) == 15 and sum(c.value for c in tb) != 15:
            return f"the {text_d} make fifteen together in {owner}; {text_b} do not"
        only = [r for r in reasons_d if r not in reasons_b]
        if only:
            rest = join_words(reasons_b) if reasons_b else _LITTLE[len(tb) == 1]
            return f"throwing {text_d} gives {owner} help: {join_words(only)}; with {text_b}, {rest}"
    if not numbers and mine:
        only = [r for r in reasons_b if r not in reasons_d]
        if only:
            rest = join_words(reasons_d) if reasons_d else _LITTLE[len(td) == 1]
            verb = "helps" if len(tb) == 1 else "work together in"
            return f"{text_b} {verb} {owner}: {join_words(only)}; {text_d}: {rest}"
    if not numbers:
        return _middle_words(tb, td, text_b, text_d, owner, mine)
    held_b, held_d = holding_words(best.option.keep), holding_words(done.option.keep)
    keeps = f", while the keeps hold {held_b} and {held_d}" if held_b != held_d else ""
    return (f"throwing {text_b} gives {owner} {best.option.crib_ev:.1f} on average and {text_d} "
            f"{done.option.crib_ev:.1f}{keeps}")


_LITTLE = {False: "they hardly work together", True: "it gives the crib little"}


def _middle_words(tb: Cards, td: Cards, text_b: str, text_d: str, owner: str, mine: bool) -> str | None:
    """Middle cards (4 to 8) make fifteens and runs with more of a crib's other cards than an ace
    or a ten-card does: the throw with more of them helps the crib most."""
    def middle(cards: Sequence[Card]) -> list[Card]:
        return [c for c in cards if 4 <= c.rank <= 8]

    helps, other, text = (tb, td, text_b) if mine else (td, tb, text_d)
    shape = _shape(helps, other, text, text_b if not mine else text_d)
    if shape:
        return f"in {owner}, {shape}"
    mids = middle(helps)
    if len(mids) > len(middle(other)):
        one = len(mids) == 1
        what = text if len(mids) == len(helps) else f"the {mids[0].rank_text} in {text}"
        where = f"in {owner} " if mine else f"given to {owner}, "
        return (f"{what} {'is a middle card' if one else 'are middle cards'}: {where}"
                f"{'it makes' if one else 'they make'} fifteens and runs with more of the cards a crib "
                f"can hold than {text_b if not mine else text_d}")
    return None


def _shape(helps: Cards, other: Cards, text: str, other_text: str) -> str | None:
    """Two thrown cards that touch (a run with more cards) or count 5 (a fifteen with any
    ten-card), when the other throw does not."""
    if len(helps) != 2 or len(other) != 2:
        return None
    def gap(cards: Sequence[Card]) -> int:
        a, b = sorted(c.rank for c in cards)
        return int(b - a)
    def five(cards: Sequence[Card]) -> bool:
        return bool(sum(c.value for c in cards) == 5)
    if gap(helps) == 1 and gap(other) == 2:
        return (f"{text} touch, so a card just above or below them makes a run; {other_text} need the one "
                f"card between them")
    if five(helps) and not five(other):
        return f"{text} count 5 together, so any of the sixteen ten-cards makes fifteen with them"
    return None


def _play_words(game: Game, seat: int, done: Weighed, best: Weighed, hand: Cards) -> str | None:
    """What the better keep does in the play that the other does not (its solved play against the
    hands the throw was weighed with)."""
    if game.rules.players != 2 or game.rules.lowball:
        return None
    known = known_plays(list(hand), game.dealer == seat, False, SAMPLES)
    kb, kd = best.option.keep, done.option.keep
    lb = keep_line(kb, known.unseen, known.hands, dealer=game.dealer == seat, solver=known.solver)
    ld = keep_line(kd, known.unseen, known.hands, dealer=game.dealer == seat, solver=known.solver)
    text_b, text_d = ranks_text(kb, hand), ranks_text(kd, hand)
    parts = []
    for what in (*KIND_WORDS, "go", "last card"):
        ours = lb.total(0, what=what) - ld.total(0, what=what)
        theirs = ld.total(1, what=what) - lb.total(1, what=what)
        noun = {"go": "the go", "last card": "the last card", **KIND_WORDS}[what]
        if ours >= SMALL:
            p_b = min(1.0, lb.total(0, what=what, chance=True))
            p_d = min(1.0, ld.total(0, what=what, chance=True))
            if often(p_b) != often(p_d):
                parts.append((ours, f"in the play, {text_b} peg {noun} {often(p_b)}, {text_d} {often(p_d)}"))
        # their pairs are left out: each sampled hand is solved with both hands known, so a keep is
        # "hardly ever" paired only because its cards are never laid into a pair the solver can see;
        # a player cannot, and any card can be paired
        if theirs >= SMALL and what not in _PAIRS:
            p_b = min(1.0, lb.total(1, what=what, chance=True))
            p_d = min(1.0, ld.total(1, what=what, chance=True))
            if often(p_b) != often(p_d):
                parts.append((theirs, f"in the play, {text_d} let the other player peg {noun} {often(p_d)}, "
                                      f"{text_b} {often(p_b)}"))
    if not parts:
        return None
    return max(parts, key=lambda p: p[0])[1]


# ----- the end of a game -----
