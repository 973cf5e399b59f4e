"""The board's rules that chapter 12's questions teach: par (Colvert's Twenty-Six: who gets home
first if every deal from here is average) and the counting order that decides who gets home first
within a deal. `board_play` asks these; they hold no question and no record."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["TARGET", "DEALER_PAR", "PONE_PAR", "Par", "par_home", "home_order"]

TARGET = 121
# Colvert's Twenty-Six: what an average deal gives each seat (chapter 12 measures our strongest
# computer player's games and finds the same to the nearest point).
DEALER_PAR, PONE_PAR = 16, 10


# ---- the rules the questions teach --------------------------------------------------------------
@dataclass(frozen=True)
class Par:
    """Where playing every deal at par takes each player: the deal (counted from the next, 1) in
    which ``me`` and ``them`` reach 121, and who gets there ``first`` ('me' or 'them'); ``steps``:
    the scores after each deal, (mine, theirs)."""

    me: int
    them: int
    first: str
    steps: tuple[tuple[int, int], ...]


def par_home(scores: tuple[int, int], *, i_deal: bool) -> Par:
    """Play every deal from ``scores`` (yours, theirs) at par, the deal passing back and forth
    (``i_deal``: you deal the next one): who reaches 121 first? In each deal the pone counts first.

    >>> par_home((100, 104), i_deal=False).first    # 110 to 120 after this deal; then they count first
    'them'
    """
    mine, theirs = scores
    reached: dict[str, int] = {}
    steps = []
    deal, dealing = 0, i_deal
    while len(reached) < 2:
        deal += 1
        for who in ("them", "me") if dealing else ("me", "them"):  # the pone counts first
            gain = DEALER_PAR if (who == "me") == dealing else PONE_PAR
            if who == "me":
                mine += gain
            else:
                theirs += gain
            if (mine if who == "me" else theirs) >= TARGET:
                reached.setdefault(who, deal)
        steps.append((mine, theirs))
        dealing = not dealing
    first = min(reached, key=lambda who: (reached[who], _counts_first(who, reached[who], i_deal)))
    return Par(reached["me"], reached["them"], first, tuple(steps))


def _counts_first(who: str, deal: int, i_deal: bool) -> int:
    """0 when ``who`` is the pone of that deal (counts first), else 1."""
    i_deal_then = i_deal if deal % 2 else not i_deal
    return int((who == "me") == i_deal_then)


def home_order(
    scores: tuple[int, int], pegged: tuple[int, int], shows: tuple[int, int, int], *, i_deal: bool
) -> list[tuple[str, str, int, int]]:
    """The end of a deal in counting order: (who, what, points, score after) for the play, the pone's
    hand, the dealer's hand and the crib, stopping at the first to reach 121. ``shows``: your hand,
    theirs, the crib.

    >>> [step[:2] for step in home_order((110, 115), (1, 1), (10, 8, 4), i_deal=False)]
    [('me', 'the play'), ('them', 'the play'), ('me', 'hand')]
    """
    mine, theirs = scores
    steps = []
    pone, dealer = ("them", "me") if i_deal else ("me", "them")
    order = [
        ("me", "the play", pegged[0]),
        ("them", "the play", pegged[1]),
        (pone, "hand", shows[0] if pone == "me" else shows[1]),
        (dealer, "hand", shows[0] if dealer == "me" else shows[1]),
        (dealer, "crib", shows[2]),
    ]
    for who, what, points in order:
        if who == "me":
            mine += points
        else:
            theirs += points
        after = mine if who == "me" else theirs
        steps.append((who, what, points, min(after, TARGET)))
        if after >= TARGET:
            break
    return steps
