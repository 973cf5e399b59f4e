"""The review's reasons, in one home: why the better choice beats the one made, in a player's words.

A reason names what the better choice does that the chosen one does not, found by comparing the
two lines of play (`lines.card_lines`: who scores what after each card, and how often) or, for a
throw, the hand, crib and play of the two keeps; it never restates the cost, which is printed
beside it. The subject of every sentence is the better card, so that "Show me" can give the same
sentence for the card it recommends.

- the play: the points one card makes now and the other does not; the other player's answers that
  score on the chosen card and not (or less often) on the better one; the later fifteens, 31s,
  pairs and runs the better card keeps a card for; the go and the last card; what the other player
  scores later in the play.
- the throw: what the better keep holds (or which starters it counts more with), what each throw
  gives a crib, and what the kept cards do in the play.

`is_fallback` and `restates_cost` are the checks bench/review_reasons.py and the tests hold every
reason to.

>>> from crib_widgets.cards import parse_cards
>>> scores_now(parse_cards("3H"), Card.parse("3S"))
'makes a pair for 2 now'
>>> often(0.34), often(0.02), often(0.5), often(0.97)
('about 1 time in 3', 'hardly ever', 'about half the time', 'nearly every time')
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ...aloud import number_words
from ...cards import RANK_VALUES, Card
from ...game import Event, EventKind
from ...game.show import show_order
from ...pegging import item_words, next_in_count, play_points, points_words
from ...scoring import hand_total
from ...words import join_words, plural, possessive
from ..lines import Line, card_lines, card_lines_multi, score_kinds
from ..solver import pile_points

if TYPE_CHECKING:
    from ...game import Game

__all__ = ["is_fallback", "restates_cost", "often", "ranks_words", "replies_words", "scores_now",
           "play_reason", "how_it_ended", "card_words", "KIND_WORDS", "SMALL"]

# the sentences that say only that a card does better later: the old one, and this module's last resort
_FALLBACK = re.compile(r"scores more (later|over the rest)|is better kept for a later count")
_COST_WORDS = re.compile(r"(more|less) on average|worth (more|less)|points? (more|less)|scores more")
# A part of the difference smaller than this is not worth a reason of its own.
SMALL = 0.05


def is_fallback(reason: str) -> bool:
    """Whether ``reason`` only says that a card "scores more later" (no reason at all)."""
    return bool(_FALLBACK.search(reason))


def restates_cost(reason: str, cost: float) -> bool:
    """Whether ``reason`` restates the cost: names its figure or says one choice is worth or
    scores more than the other, which the cost beside it already says."""
    figure = re.escape(f"{cost:.1f}")
    return bool(_COST_WORDS.search(reason) or re.search(rf"(?<![\d.]){figure}(?!\d)", reason))


def often(p: float) -> str:
    """A chance as a player says it: "about 1 time in 3", "about half the time", "hardly ever"."""
    if p < 0.04:
        return "hardly ever"
    if p < 0.4:
        return f"about 1 time in {round(1 / p)}"
    if p < 0.6:
        return "about half the time"
    if p < 0.72:
        return "about 2 times in 3"
    if p < 0.88:
        return "about 3 times in 4"
    return "nearly every time"


_ARTICLE = {1: "an ace", 8: "an 8", 11: "a jack", 12: "a queen", 13: "a king"}
_NAMES = {1: ("ace", "aces"), 11: ("jack", "jacks"), 12: ("queen", "queens"), 13: ("king", "kings")}


def card_words(rank: int) -> str:
    return _ARTICLE.get(rank, f"a {rank}")


def _rank_count(n: int, rank: int) -> str:
    """``'two 2s'``, ``'one queen'``, ``'no aces'``."""
    one, many = _NAMES.get(rank, (str(rank), f"{rank}s"))
    return f"{number_words(n) if n else 'no'} {one if n == 1 else many}"


def ranks_words(ranks: set[int]) -> str:
    """Ranks as a player names them: ``'an ace'``, ``'a 5 or an 8'``, ``'any ten-card'``."""
    tens = {10, 11, 12, 13} <= ranks
    words = [card_words(r) for r in sorted(ranks - {10, 11, 12, 13} if tens else ranks)]
    words += ["any ten-card"] if tens else []
    return join_words(words, "or")


def replies_words(pile: Sequence[Card], unseen: Sequence[Card]) -> str:
    """Every answer to ``pile`` that scores for the next player, in their words, the most points first.

    >>> from crib_widgets.cards import full_deck, parse_cards
    >>> pile = parse_cards("5H 7C")
    >>> unseen = [c for c in full_deck() if c not in pile]
    >>> replies_words(pile, unseen).split("), ")[0]
    'the next player can answer a 6 for 3 (a run of 3; 4 of 50 unseen cards'
    """
    answers: dict[tuple[tuple[str, int, int], ...], list[Card]] = {}
    count = sum(c.value for c in pile)
    for reply in unseen:
        if count + reply.value > 31:
            continue
        items = play_points([*pile, reply]).items
        if items:
            answers.setdefault(tuple((i.kind, i.points, len(i.cards)) for i in items), []).append(reply)
    if not answers:
        return "no answer of the next player scores"
    parts = []
    for key, cards in sorted(answers.items(), key=lambda kv: (-sum(k[1] for k in kv[0]), -len(kv[1]))):
        what = ", ".join(item_words(item) for item in play_points([*pile, cards[0]]).items)
        parts.append(f"{ranks_words({c.rank for c in cards})} for {sum(k[1] for k in key)} "
                     f"({what}; {len(cards)} of {len(unseen)} unseen cards)")
    return "the next player can answer " + ", ".join(parts)


def scores_now(pile: Sequence[Card], card: Card) -> str:
    """What ``card`` laid on ``pile`` scores, naming each combination: "makes a pair for 2 now",
    "makes fifteen and a pair for 4 now", "scores nothing now" (31 and runs named the same way).

    >>> from crib_widgets.cards import parse_cards
    >>> scores_now(parse_cards("5H 7C"), Card.parse("3S")), scores_now(parse_cards("4H"), Card.parse("KS"))
    ('makes fifteen for 2 now', 'scores nothing now')
    """
    items = play_points([*pile, card]).items
    if not items:
        return "scores nothing now"
    named = join_words([item_words(i) for i in items])
    return f"makes {named} for {sum(i.points for i in items)} now"


# ----- the play -----

KIND_WORDS = {"fifteen": "fifteen", "31": "31", "pair": "a pair", "pair royal": "three of a kind",
         "double pair royal": "four of a kind", "run": "a run"}
_MAKES = {"fifteen": "makes fifteen", "31": "makes 31", "pair": "pairs their card",
          "pair royal": "makes three of a kind", "double pair royal": "makes four of a kind",
          "run": "makes a run"}
_YOU = {"fifteen": "you make fifteen", "31": "you make 31", "pair": "you pair their card",
        "pair royal": "you make three of a kind", "double pair royal": "you make four of a kind",
        "run": "you make a run"}


def play_reason(game: Game, seat: int, done: Card, best: Card) -> str:
    """Why ``best`` beats ``done`` here, in one sentence about ``best``."""
    ranks = (done.rank, best.rank)
    trace = card_lines if game.rules.players == 2 else card_lines_multi
    lines = trace(game, seat, ranks)
    why = _lowball_reason if game.rules.lowball else _line_reason
    found = why(game, seat, done, best, lines[done.rank], lines[best.rank])
    return found or _threat_reason(game, seat, done, best)


def _lowball_reason(game: Game, seat: int, done: Card, best: Card, d: Line, b: Line) -> str | None:
    """Lowball: every point counts against its taker, so the better card is the one after which
    you peg less, or the other players peg more."""
    parts = []
    for what in (*KIND_WORDS, "go", "last card"):
        noun = {"go": "the go", "last card": "the last card", **KIND_WORDS}[what]
        ours = d.total(0, what=what) - b.total(0, what=what)
        p_d, p_b = (min(1.0, x.total(0, what=what, chance=True)) for x in (d, b))
        if ours >= SMALL and p_d > p_b and often(p_d) != often(p_b):
            parts.append((ours, f"in Lowball points count against you, and after the {best.rank_text} you "
                                f"peg {noun} {often(p_b)}, after the {done.rank_text} {often(p_d)}"))
        theirs = b.total(1, what=what) - d.total(1, what=what)
        p_d, p_b = (min(1.0, x.total(1, what=what, chance=True)) for x in (d, b))
        if theirs >= SMALL and p_b > p_d and often(p_d) != often(p_b):
            parts.append((theirs, f"in Lowball points count against their taker, and the {best.rank_text} "
                                  f"leaves {noun} to the others {often(p_b)}, the {done.rank_text} "
                                  f"{often(p_d)}"))
    return max(parts, key=lambda p: p[0])[1] if parts else None


def _line_reason(game: Game, seat: int, done: Card, best: Card, d: Line, b: Line) -> str | None:
    """The part of the difference between the two lines that counts most, in words (None when no
    part tells the two cards apart)."""
    pile = tuple(c.rank for c in game.pile)
    count = game.count
    found: list[tuple[float, str] | None] = []
    now = b.total(0, "now") - d.total(0, "now")
    if now > 0 and pile_points((*pile, best.rank)) > pile_points((*pile, done.rank)):
        found.append((now, f"the {best.rank_text} {scores_now(game.pile, best)}, the {done.rank_text} "
                           f"{scores_now(game.pile, done)}"))
    for what in KIND_WORDS:
        found.append(_reply_part(game, seat, done, best, d, b, what, pile, count))
        found.append(_later_part(done, best, d, b, what, count))
        found.append(_their_later_part(done, best, d, b, what, count))
        found.append(_partner_part(done, best, d, b, what, count))
    found.append(_go_part(done, best, d, b, game.rules.players))
    parts = [p for p in found if p is not None and p[0] >= SMALL]
    if not parts:
        return None
    return max(parts, key=lambda p: p[0])[1]


def _reply_part(game: Game, seat: int, done: Card, best: Card, d: Line, b: Line, what: str,
                pile: tuple[int, ...], count: int) -> tuple[float, str] | None:
    """The other player's answers that score ``what`` on ``done`` and not (or less) on ``best``."""
    gain = d.total(1, "reply", what) - b.total(1, "reply", what)
    on_done, on_best = (*pile, done.rank), (*pile, best.rank)
    named: dict[int, float] = {}
    for (who, when, kind, rank), points in d.points.items():
        if (who, when, kind) == (1, "reply", what) and points > 0 and (
                RANK_VALUES[best.rank] + count + RANK_VALUES[rank] > 31
                or pile_points((*on_done, rank)) > pile_points((*on_best, rank))):
            named[rank] = points
    if gain < SMALL or not named:
        return None
    ranks = sorted(named, key=lambda r: named[r], reverse=True)[:3]
    p_done = sum(d.chance[(1, "reply", what, r)] for r in ranks)
    p_best = b.total(1, "reply", what, chance=True)
    if p_done <= p_best or often(p_done) == often(p_best):
        return None
    after_done, after_best = count + done.value, count + best.value
    item = KIND_WORDS[what]
    answers = "a ten-card" if len(ranks) > 1 and all(r >= 10 for r in ranks) else ranks_words(set(ranks))
    unseen = Counter(c.rank for c in game.view(seat).unseen)
    kind = KIND_WORDS[what]
    if what.endswith("pair royal"):  # on the better card the same answer is a pair at most
        what, kind = "pair", KIND_WORDS["pair"]
        p_best = b.total(1, "reply", "pair", chance=True)
    if not any(n and _scores(on_best, r, what) for r, n in unseen.items()):
        safe = f"gives them no answer for {kind}"
    elif p_best < 0.04:
        safe = f"is hardly ever answered for {kind}"
    else:
        safe = f"is answered for {kind} {often(p_best)}"
    also = f" {scores_now(game.pile, best)[:-4]} too and" if pile_points(on_best) else ""
    text = f"the {best.rank_text} (count {after_best}){also} {safe}"
    if item == kind == "a pair" and best.rank != done.rank and p_best >= 0.04:
        n_best, n_done = unseen[best.rank], unseen[done.rank]
        text += (f" ({_rank_count(n_best, best.rank)} unseen, {_rank_count(n_done, done.rank)})"
                 if n_best != n_done
                 else f" (their discard and play make {card_words(done.rank)} likelier in their hand)")
    now = f"{scores_now(game.pile, done)}, but " if pile_points(on_done) else ""
    text += (f"; the {done.rank_text} (count {after_done}) {now}lets them answer {answers} for {item} "
             f"{often(p_done)}")
    if len(pile) == 1 and pile[0] == done.rank and item == "three of a kind":
        text += ": a lead is often from a pair, kept to answer yours with three of a kind"
    return gain, text


def _scores(pile: tuple[int, ...], rank: int, what: str) -> bool:
    """Whether ``rank`` laid on ``pile`` (ranks) scores ``what``."""
    if sum(RANK_VALUES[r] for r in pile) + RANK_VALUES[rank] > 31:
        return False
    after = (*pile, rank)
    return any(kind == what for kind, _ in score_kinds(after, pile_points(after)))


def _next_count(what: str, count: int, card: Card) -> bool:
    """Whether a later ``what`` after ``card`` laid at ``count`` can only come once the count starts
    again: no fifteen is left in a count past 15 (nor anything after a 31)."""
    after = count + card.value
    return after == 31 or (what == "fifteen" and after >= 15)


def _later_part(done: Card, best: Card, d: Line, b: Line, what: str, count: int
                ) -> tuple[float, str] | None:
    """Our fifteens, 31s, pairs or runs later in the play, after ``best`` and not after ``done``."""
    gain = b.total(0, "later", what) - d.total(0, "later", what)
    if gain < SMALL:
        return None
    by_rank: dict[int, float] = {}
    for (who, when, kind, rank), points in b.points.items():
        if (who, when, kind) == (0, "later", what):
            by_rank[rank] = by_rank.get(rank, 0.0) + points - d.points.get((0, "later", what, rank), 0.0)
    rank = max(by_rank, key=lambda r: by_rank[r])
    p_best = b.chance[(0, "later", what, rank)]
    p_done = d.total(0, "later", what, chance=True)
    if p_best <= p_done or often(p_best) == often(p_done):
        return None
    name = Card(rank, "C").rank_text
    if rank == done.rank:
        head = f"the {best.rank_text} keeps your {name} for later: it then {_MAKES[what]}"
    elif rank == best.rank:
        head = f"the {best.rank_text} is one of your two {name}s: the other, kept, then {_MAKES[what]}"
    else:
        head = f"after the {best.rank_text}, your {name} {_MAKES[what]} later in the play"
    if _next_count(what, count, best):
        head += ", once the count starts again,"
    later = "in the next count" if _next_count(what, count, done) else "later"
    return gain, (f"{head} {often(p_best)}; after the {done.rank_text} {_YOU[what]} {later} "
                  f"{often(p_done)}")


def _their_later_part(done: Card, best: Card, d: Line, b: Line, what: str, count: int
                      ) -> tuple[float, str] | None:
    """The other player's fifteens, 31s, pairs or runs later in the play, after ``done`` more than
    after ``best``; said to come once the count starts again when none is left in this count."""
    gain = d.total(1, "later", what) - b.total(1, "later", what)
    p_done, p_best = d.total(1, "later", what, chance=True), b.total(1, "later", what, chance=True)
    if gain < SMALL or p_done <= p_best or often(p_done) == often(p_best):
        return None
    at_done, at_best = count + done.value, count + best.value
    if _next_count(what, count, done) and _next_count(what, count, best):
        return gain, (f"the {best.rank_text} leaves them fewer chances once the count starts again: after "
                      f"the {done.rank_text} (count {at_done}) they score {KIND_WORDS[what]} in the next "
                      f"count {often(p_done)}, after the {best.rank_text} (count {at_best}) {often(p_best)}")
    if what == "pair" and best.rank != done.rank:
        kept = _kept_paired(done, best, d, b, p_done - p_best)
        if kept:
            return gain, kept
    when = " in the next count" if _next_count(what, count, done) else ""
    return gain, (f"the {best.rank_text} leaves them fewer chances later in the play: after the "
                  f"{done.rank_text} they score {KIND_WORDS[what]}{when} {often(p_done)}, after the "
                  f"{best.rank_text} {often(p_best)}")


def _kept_paired(done: Card, best: Card, d: Line, b: Line, between: float) -> str | None:
    """Their later pairs told by the card each choice keeps: laying ``done`` keeps ``best``, which
    they pair later more often than the ``done`` that laying ``best`` keeps (any card can be paired,
    so the cause is which card is left to be laid later, not "a pair" as such); None unless the
    kept cards make most of the difference ``between`` the two chances of a later pair."""
    p_done = d.chance.get((1, "later", "pair", best.rank), 0.0)
    p_best = b.chance.get((1, "later", "pair", done.rank), 0.0)
    if p_done - p_best < between / 2 or often(p_done) == often(p_best):
        return None
    return (f"the {best.rank_text} leaves them fewer chances later in the play: laying the "
            f"{done.rank_text} keeps your {best.rank_text}, which they pair later {often(p_done)}; the "
            f"{best.rank_text} keeps your {done.rank_text}, paired later {often(p_best)}")


def _partner_part(done: Card, best: Card, d: Line, b: Line, what: str, count: int
                  ) -> tuple[float, str] | None:
    """A partner's fifteens, 31s, pairs or runs, set up by ``best`` more than by ``done``."""
    gain = b.total(2, what=what) - d.total(2, what=what)
    p_best, p_done = b.total(2, what=what, chance=True), d.total(2, what=what, chance=True)
    if gain < SMALL or p_best <= p_done or often(p_best) == often(p_done):
        return None
    return gain, (f"the {best.rank_text} (count {count + best.value}) sets up your partner: after it they "
                  f"score {KIND_WORDS[what]} {often(p_best)}, after the {done.rank_text} {often(p_done)}")


def _go_part(done: Card, best: Card, d: Line, b: Line, players: int) -> tuple[float, str] | None:
    """The go and the last card: who takes them after each card."""
    def takes(line: Line, who: int, *, chance: bool = False) -> float:
        return line.total(who, what="go", chance=chance) + line.total(who, what="last card", chance=chance)

    mine = takes(b, 0) - takes(d, 0)
    theirs = takes(d, 1) - takes(b, 1)
    if mine + theirs < SMALL:
        return None
    if mine >= theirs:
        p_best, p_done = min(1.0, takes(b, 0, chance=True)), min(1.0, takes(d, 0, chance=True))
        text = (f"the {best.rank_text} plays for the go and the last card: you take them {often(p_best)} "
                f"after it, {often(p_done)} after the {done.rank_text}")
    else:
        p_best, p_done = min(1.0, takes(b, 1, chance=True)), min(1.0, takes(d, 1, chance=True))
        them = "the other player" if players == 2 else "the others"
        text = (f"the {best.rank_text} keeps the go and the last card from {them}: they take "
                f"them {often(p_done)} after the {done.rank_text}, {often(p_best)} after the "
                f"{best.rank_text}")
    if (p_best <= p_done) == (mine >= theirs) or often(p_best) == often(p_done):
        return None
    return mine + theirs, text


def _threat_reason(game: Game, seat: int, done: Card, best: Card) -> str:
    """Three or four players (and Lowball): the answers the next player can score on each card,
    counted over the unseen cards."""
    pile = tuple(c.rank for c in game.pile)
    count = game.count
    unseen = Counter(c.rank for c in game.view(seat).unseen)
    if pile_points((*pile, best.rank)) != pile_points((*pile, done.rank)):
        return (f"the {best.rank_text} {scores_now(game.pile, best)}, the {done.rank_text} "
                f"{scores_now(game.pile, done)}")
    if game.rules.lowball:
        return (f"in Lowball points count against their taker: the {best.rank_text} (count "
                f"{count + best.value}) leaves the rest of the play to go against the others more often "
                f"than the {done.rank_text} (count {count + done.value})")
    threat_done = _threat(pile, done, count, unseen, best)
    threat_best = _threat(pile, best, count, unseen, done)
    if threat_best and _partner_next(game, seat, best):
        return (f"the {best.rank_text} (count {count + best.value}) sets up your partner, who lays next: "
                f"{threat_best}")
    if threat_done and not _partner_next(game, seat, done):  # a partner's answer is no threat
        lead = "leading" if not pile else "laying"
        return (f"the {best.rank_text} (count {count + best.value}) is safer: {lead} the {done.rank_text} "
                f"(count {count + done.value}) invites {threat_done}")
    held = [c.rank for c in game.hands[seat]]
    if held.count(done.rank) > 1 and best.rank != done.rank:
        return (f"the {best.rank_text} keeps your pair of {done.rank_text}s together, to answer a "
                f"{done.rank_text} with three of a kind")
    return (f"the {best.rank_text} leads the count where your other cards can follow it; the "
            f"{done.rank_text} is better kept for a later count")


def _threat(pile: tuple[int, ...], card: Card, count: int, unseen: Counter[int], other: Card) -> str | None:
    """The answers that score on ``card`` and not on ``other`` (the likeliest kind named), or None."""
    after = count + card.value
    groups: dict[str, list[int]] = {}
    exposure: Counter[str] = Counter()
    for rank, n in sorted(unseen.items()):
        if not n or after + RANK_VALUES[rank] > 31:
            continue
        points = pile_points((*pile, card.rank, rank))
        against = (pile_points((*pile, other.rank, rank))
                   if count + other.value + RANK_VALUES[rank] <= 31 else 0)
        if points <= against:
            continue  # the better card is open to it too: no reason to tell them apart
        total = after + RANK_VALUES[rank]
        what = "31" if total == 31 else "fifteen" if total == 15 else (
            item_words((points, "pair")) if rank == card.rank else "a run")
        groups.setdefault(what, []).append(rank)
        exposure[what] += n * points
    if not groups:
        return None
    what = max(exposure, key=lambda w: exposure[w])
    ranks = groups[what]
    who = "a ten-card" if len(ranks) > 1 and all(r >= 10 for r in ranks) else ranks_words(set(ranks[:3]))
    return f"{who} for {what}"


def _partner_next(game: Game, seat: int, card: Card) -> bool:
    """Whether the next to lay after ``seat`` lays ``card`` is its partner (the go rule's
    `pegging.next_in_count`; none after a 31)."""
    rules = game.rules
    if not rules.partners or game.count + card.value == 31:
        return False
    holding = [bool(h) if s != seat else len(h) > 1 for s, h in enumerate(game.hands)]
    said = [s in game.said_go for s in range(rules.players)]
    nxt = next_in_count(seat, holding, said)
    return nxt is not None and nxt != seat and rules.side_of(nxt) == rules.side_of(seat)


# ----- the throw -----

def how_it_ended(game: Game, seat: int | None = None) -> str:
    """How a finished game ended, for ``seat`` ("your hand"; None: every side by its name, "You"
    being "your" anyway): who reached the target, with what, in what order the hands were counted
    and why, and what was never counted ("Why didn't my hand count?"). An empty string while the
    game goes on.

    >>> from crib_widgets.table import Table
    >>> game = Table(seats=("beginner", "expert"), seed=5).play_out()
    >>> print(how_it_ended(game, 0))  # doctest: +NORMALIZE_WHITESPACE
    Computer counted out with the hand (8 points), from 120 to 121. The hands are counted in turn,
    the pone (who did not deal) first, then the dealer's hand, then the crib (the first count makes
    up a little for the dealer's crib), and the game ends the moment a side reaches 121: so your
    hand (3 points) and your crib (7 points) were never counted, though they would have taken you to 121
    too.
    """
    if not game.is_over or game.result is None:
        return ""
    scoring = [e for e in game.deal_events() if e.points > 0 and e.side is not None]
    if not scoring:
        return ""
    last = scoring[-1]
    side = last.side
    if side is None:  # scoring events are a side's
        return ""
    target = game.rules.target
    name = game.side_name(side)
    final = game.result.scores[side]
    reached = f"from {final - last.points} to {min(final, target)}"
    if last.kind not in (EventKind.SHOW, EventKind.ANNOUNCE):
        what = _PEGGED.get(last.kind) or points_words(last.play_score.items if last.play_score else ())
        if last.kind == EventKind.HEELS:
            return f"{name} pegged out with {what}, {reached}, before the play began."
        return (f"{name} pegged out in the play with {what}, {reached}. The hands and the crib are "
                "counted only after the play, so none was counted this deal.")
    what = "crib" if last.is_crib else "hand"
    text = f"{name} counted out with the {what} ({plural(last.points, 'point')}), {reached}."
    uncounted = _uncounted(game, last)
    # the winner's own hand or crib after the winning count is no point missed: the game was won
    own = [f"{_whose(game, side, seat)} {'crib' if c else 'hand'}"
           for o, c, _ in uncounted if game.rules.side_of(o) == side]
    if own:
        was = "was" if len(own) == 1 else "were"
        text += f" The game was over there, before {join_words(own)} {was} counted."
    left = [(o, c, p) for o, c, p in uncounted if game.rules.side_of(o) != side]
    if not left:
        return text
    order = ("the pone (who did not deal) first, then the dealer's hand, then the crib"
             if game.rules.players == 2 else
             "the player on the dealer's left first, round the table, the dealer last, then the crib")
    never = join_words([f"{_whose(game, game.rules.side_of(o), seat)} {'crib' if c else 'hand'} "
                        f"({plural(p, 'point')})" for o, c, p in left])
    more = ", though they held more" if sum(p for *_, p in left) > last.points else ""
    for side in {game.rules.side_of(o) for o, *_ in left}:
        theirs = sum(p for o, _, p in left if game.rules.side_of(o) == side)
        if side != last.side and game.result.scores[side] + theirs >= target:
            who = "you" if seat is not None and side == game.rules.side_of(seat) else game.side_name(side)
            who = "you" if who == "You" else who
            more = f", though they would have taken {who} to {target} too"
    return (f"{text} The hands are counted in turn, {order} (the first count makes up a little for "
            f"the dealer's crib), and the game ends the moment a side reaches {target}: so {never} "
            f"{'was' if len(left) == 1 else 'were'} never counted{more}.")


_PEGGED = {EventKind.GO_POINT: "1 for the go", EventKind.LAST_CARD: "1 for the last card",
           EventKind.HEELS: "2 for his heels"}


def _whose(game: Game, side: int, seat: int | None) -> str:
    """'your' for the reviewed seat's side, else the side's possessive ("Computer's")."""
    if seat is not None and side == game.rules.side_of(seat):
        return "your"
    return possessive(game.side_name(side))


def _uncounted(game: Game, last: Event) -> list[tuple[int, bool, int]]:
    """(owner, is crib, points) of each hand and crib after ``last`` in the counting order."""
    starter = game.starter
    if starter is None:  # a show follows the cut
        return []
    order = show_order(game.rules.players, game.dealer, game.kept, game.crib)
    at = next(i for i, (owner, _, crib) in enumerate(order) if owner == last.seat and crib == last.is_crib)
    return [(owner, crib, hand_total(cards, starter, crib)) for owner, cards, crib in order[at + 1:]]
