"""The counting trainer's ladders: for each level, 20 hands from easy to hard, walked in order.

Each rung names what it practises (``about``). Most hands were picked by one rule: for each rung
in turn, the first hand of a seeded stream of deals (``random.Random(22)``, 400,000 deals) that
has the rung's pattern and was not used before, for example "two fifteens, one of two cards and
one of three, and nothing else". A few were set by hand: where that hand had a jack turned (the
dealer's "his heels", a lesson of a later chapter), a second "five with two ten-cards" (no
fifteens-only hand can hold two fifteens of two cards without a five: 9-6 and 8-7 together make
a run), a crib with a run of four, and the perfect 29. The rungs climb from one combination to
many, and from two cards to four; a "nineteen" or a near miss (a jack of the wrong suit, three of
a suit and the starter, a crib of four of one suit) sits where it teaches most.

Every hand scores only in its level's kinds (`LEVEL_KINDS`), and the pairs-and-runs and
flush-and-nobs rungs each hold what their level is about (a pair or run; a flush, nobs or a near
miss): tests/test_widgets_counting_trainer.py checks both with the scoring code.

>>> len(LADDERS["fifteens"]), LADDERS["fifteens"][0].about
(20, 'a ten-card and a five')
"""

from __future__ import annotations

from typing import NamedTuple

from ..scoring import KINDS

__all__ = ["Rung", "LADDERS", "LEVEL_KINDS", "OWN_LADDERS", "FIRST_FIFTEENS", "HANDS"]


class Rung(NamedTuple):
    """One hand of a ladder: the hand, the starter, whether it is a crib, and what it practises."""

    hand: str
    starter: str
    crib: bool
    about: str


# The kinds of points each level's hands may score (the level's own and the earlier levels').
LEVEL_KINDS: dict[str, tuple[str, ...]] = {
    "fifteens": ("fifteen",),
    "pairs_runs": ("fifteen", "pair", "run"),
    "flush_nobs": KINDS,
    "everything": KINDS,
}

_FIFTEENS = (
    Rung("9D 5H 2S KH", "7H", False, "a ten-card and a five"),
    Rung("9D 8C KD 4S", "5D", False, "a ten-card and a five"),
    Rung("AH KS 6C 10H", "9H", False, "a nine and a six"),
    Rung("8S JD AD 2H", "7C", False, "an eight and a seven"),
    Rung("3S 4H 6C JC", "AH", False, "three cards make fifteen"),
    Rung("9D 8S 3H KH", "AH", False, "nothing at all: nineteen"),
    Rung("6S KS 4C 7S", "AS", False, "three cards make fifteen"),
    Rung("5C 4S 8S 7H", "10H", False, "a five and a ten-card, an eight and a seven"),
    Rung("QS 5C 9H 3D", "JH", False, "a five with two ten-cards"),
    Rung("3S 7C 4S AC", "9C", False, "four cards make fifteen"),
    Rung("4C KS 7S 8D", "AS", False, "two cards, then three"),
    Rung("AD 6H QS 4C", "10H", False, "two fifteens of three cards"),
    Rung("3D JC AD 6H", "5H", False, "two cards, then four"),
    Rung("9D QS 3S AH", "5C", False, "two cards, then three"),
    Rung("2H 5H 7D AC", "9H", False, "three cards, then four"),
    Rung("8C 7C JD KD", "5H", False, "a five with two ten-cards, an eight and a seven"),
    Rung("8D 5H 2H 10S", "JD", False, "two fifteens of two cards and one of three"),
    Rung("9S 4D 7C 6D", "2S", False, "one fifteen of two cards and two of three"),
    Rung("10S QD 2S 3H", "KS", False, "three fifteens of three cards"),
    Rung("2S 5D QC KS", "3S", False, "four fifteens"),
)

_PAIRS_RUNS = (
    Rung("9S JH 9D QD", "7S", False, "one pair"),
    Rung("8S 6H 3C 10C", "3D", False, "one pair, made by the starter"),
    Rung("QC 9S 2H KS", "JD", False, "a run of three"),
    Rung("KD AD QD AC", "KH", False, "two pairs"),
    Rung("2C 8S 8H QC", "3C", False, "a pair and a fifteen"),
    Rung("6D AD JC 10D", "9S", False, "a run of three and a fifteen"),
    Rung("QD 9H 4S 4H", "4C", False, "a pair royal"),
    Rung("6S AS 2H 4C", "3H", False, "a run of four and a fifteen"),
    Rung("QH 7H JC 10D", "7S", False, "a run of three and a pair beside it"),
    Rung("9D KC JD QH", "10C", False, "a run of five"),
    Rung("QS QC KD JC", "6H", False, "a double run of three"),
    Rung("6H 5H 3S 7C", "6C", False, "a double run of three with fifteens"),
    Rung("10H 8C 7D 9S", "10D", False, "a double run of four and a fifteen"),
    Rung("3H 10C 5C 10S", "5D", False, "two pairs and fifteens"),
    Rung("7H 5H 5D 10C", "5C", False, "a pair royal and fifteens"),
    Rung("QC JH KC KS", "KD", False, "a triple run"),
    Rung("9D 10D 8H 9C", "10C", False, "a double double run"),
    Rung("6D 3S 5C 4H", "6H", False, "a double run of four with fifteens"),
    Rung("4H 3D 3S 5C", "3C", False, "a triple run with fifteens"),
    Rung("6H 5D 4S 4C", "6S", False, "a double double run with fifteens"),
)

_FLUSH_NOBS = (
    Rung("9S JH 2D 7C", "4H", False, "a fifteen and his nobs"),
    Rung("AS 10H 2S JC", "8C", False, "his nobs alone"),
    Rung("6C 4C 8C 10C", "QD", False, "a four-card flush"),
    Rung("10S 8S 2S 4S", "KS", False, "a five-card flush"),
    Rung("6S 3S 9D JC", "AH", False, "a jack, but not of the starter's suit"),
    Rung("QD 4S AS 3S", "7S", False, "three of a suit and the starter: no flush"),
    Rung("KC 7C 8C AC", "10D", False, "a flush and a fifteen"),
    Rung("JD 6D JC 7H", "AC", False, "his nobs and a pair"),
    Rung("10D 5D QD 8D", "6S", False, "a flush and fifteens"),
    Rung("4D QD 6C JC", "10C", False, "his nobs and a run"),
    Rung("10D 4D AD 8D", "3D", False, "a five-card flush and fifteens"),
    Rung("JC 3C 6C 7C", "KC", False, "a five-card flush and his nobs"),
    Rung("JS 7H 8D QD", "7S", False, "his nobs with fifteens and a pair"),
    Rung("JS QC QH 10S", "6S", False, "his nobs in a double run"),
    Rung("7C JC 10C 9C", "8S", False, "a flush, a run of five and a fifteen"),
    Rung("9D 10D KD 5D", "8S", False, "a flush with a run and fifteens"),
    Rung("7H 4H AH 2H", "3H", False, "a five-card flush with a run"),
    Rung("JC JH 5D JS", "3H", False, "his nobs with a pair royal"),
    Rung("AH QH JH 10H", "4H", False, "a five-card flush, a run and his nobs"),
    Rung("5D 5S JC 10C", "5C", False, "his nobs with lots of fifteens"),
)

_EVERYTHING = (
    Rung("2H AD QD KS", "5D", True, "a crib with two fifteens"),
    Rung("10C 7C JC AC", "9D", True, "a crib of four clubs and a diamond turned: no flush"),
    Rung("5D 6D JS 7H", "QC", False, "a hand with a run and fifteens"),
    Rung("6H 10D 2S 4H", "8C", True, "a crib that scores nothing"),
    Rung("5C 7S JS 4S", "3S", True, "a crib with his nobs"),
    Rung("AH 4H 10H KH", "9H", True, "a crib with five of one suit"),
    Rung("10C 10D 6C JH", "QH", True, "a crib with a double run and his nobs"),
    Rung("6C 7D 8H 9S", "2C", True, "a crib with a run of four and fifteens"),
    Rung("3C 3D 4S 2D", "9H", False, "a hand with a double run"),
    Rung("4S 3S 3C 5C", "2H", False, "a hand with a double run of four"),
    Rung("QD 2D QS 3C", "QH", True, "a crib with a pair royal"),
    Rung("5D 6D AD 7D", "7S", False, "a hand with a flush, a double run and a fifteen"),
    Rung("2S 3H 2H 2D", "4H", True, "a crib with a triple run"),
    Rung("10C QH QD JC", "QC", False, "a triple run with his nobs"),
    Rung("3C 4S 4H 4C", "4D", False, "four of a kind and fifteens"),
    Rung("QS 5D KH 5H", "5C", True, "a crib with a pair royal of fives"),
    Rung("8S 7C 7H 8H", "6H", False, "a double double run with fifteens"),
    Rung("5C 5D 6H 6S", "4C", False, "a double double run of fives and sixes"),
    Rung("5C JC 5D 5S", "5H", True, "four fives and the wrong jack: 28"),
    Rung("5H 5C 5D JS", "5S", False, "the perfect 29"),
)

LADDERS: dict[str, tuple[Rung, ...]] = {
    "fifteens": _FIFTEENS,
    "pairs_runs": _PAIRS_RUNS,
    "flush_nobs": _FLUSH_NOBS,
    "everything": _EVERYTHING,
}

# Ladders of a chapter's own, so that no chapter starts on another's hands (issue 36): the welcome
# chapter's first taste of fifteens (the fifteens chapter climbs `LADDERS["fifteens"]`), and the
# whole show's hands before the crib is taught (the crib chapter climbs `LADDERS["everything"]`).
# Picked as the ladders above were, from the deals of random.Random(36), each the first deal with
# the rung's pattern whose five cards are in no other ladder, with no jack turned.
FIRST_FIFTEENS = (
    Rung("3S AS 8C 5H", "QH", False, "a ten-card and a five"),
    Rung("KS 6D 3D AS", "9C", False, "a nine and a six"),
    Rung("3S 7H 10D KD", "4D", False, "nothing at all: nineteen"),
    Rung("JD 2H 7C KD", "8H", False, "an eight and a seven"),
    Rung("AH QD 8D 5H", "KD", False, "a five with two ten-cards"),
    Rung("8S 3D 2C KS", "6D", False, "three cards make fifteen"),
    Rung("10C 4S 7C 3H", "8C", False, "two cards, then three"),
    Rung("5H 8H KC QH", "10D", False, "a five with three ten-cards"),
)

HANDS = (
    Rung("KS 9C KH 4S", "6H", False, "a hand with a pair and a fifteen"),
    Rung("8S 7S 3D 9C", "QS", False, "a hand with a run of three and a fifteen"),
    Rung("6D AD 3D 10H", "7S", False, "a hand that scores nothing"),
    Rung("5D 8S 6D JH", "3H", False, "a hand with his nobs and a fifteen"),
    Rung("JD 3D 6D 8D", "QC", False, "a hand with a four-card flush"),
    Rung("3H 8D 9C 10H", "7H", False, "a hand with a run of four and a fifteen"),
    Rung("2H 5H 2C 3C", "5S", False, "a hand with two pairs and fifteens"),
    Rung("KC AC 2H AS", "AD", False, "a hand with a pair royal and a fifteen"),
    Rung("4C 2C 8C 5C", "9D", False, "a hand with a flush and fifteens"),
    Rung("5S 4D 3D 2H", "6D", False, "a hand with a run of five"),
    Rung("JD QS QC AC", "10D", False, "a hand with his nobs and a double run"),
    Rung("2H 10H 3H 8H", "AH", False, "a hand with a five-card flush and a run"),
    Rung("6H 6C 5C 8H", "4C", False, "a hand with a double run and fifteens"),
    Rung("JH 9H 10H QH", "8H", False, "a hand with a flush, a run of five and his nobs"),
    Rung("2D 2H KS 2S", "2C", False, "four of a kind"),
    Rung("5D 5S 6C 4S", "3H", False, "a hand with a double run of four"),
    Rung("3D 3C AS 3S", "2C", False, "a hand with a triple run"),
    Rung("3D 6S 6D 9D", "6C", False, "a pair royal of sixes and fifteens"),
    Rung("5S 3S 4C 4S", "3D", False, "a hand with a double double run"),
    Rung("7C 8C 8D 7H", "6S", False, "a double double run with fifteens: 24"),
)

#: A chapter's own ladder by name: (its level, its hands).
OWN_LADDERS: dict[str, tuple[str, tuple[Rung, ...]]] = {
    "first": ("fifteens", FIRST_FIFTEENS),
    "hands": ("everything", HANDS),
}
