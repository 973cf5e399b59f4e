"""The game's vocabulary: the phases of a game, the kinds of events and the kinds of changes a table
reports, each a `StrEnum` whose values are the words saved games, links and pages have always used
(a member equals its string, so a save written before still loads and compares). A member's repr is
its string's too, so whatever printed a kind or a phase before prints the same.

The show's Muggins answers (`AnswerKind`) and what each did to the count (`CountOutcome`) are
here too.

An event kind knows whether it scores, whether its cards lie face down, and which part of a deal
it belongs to; every list of kinds in the package is asked of it, not written out again.

>>> EventKind.PEG.scores, EventKind.DISCARD.quiet, EventKind.GO.part
(True, True, 'play')
>>> Phase("play") == "play", EventKind("ten back") is EventKind.TEN_BACK
(True, True)
"""

from __future__ import annotations

from enum import StrEnum as _StrEnum

__all__ = ["StrEnum", "Phase", "Part", "EventKind", "ChangeKind", "AnswerKind", "CountOutcome", "SCORING",
           "QUIET", "NARRATED", "BOARD", "RECENT"]


class StrEnum(_StrEnum):
    """A `enum.StrEnum` whose repr is its string's ('play'), as the plain strings' was."""

    __repr__ = str.__repr__


class Phase(StrEnum):
    """What a game waits for (`Game.phase`); the show without Muggins happens inside a move."""

    DISCARD = "discard"
    PLAY = "play"
    ANNOUNCE = "announce"  # Muggins: the owner counts a hand or crib aloud
    ANSWER = "answer"  # Muggins: the others accept, call Muggins or say it is too high
    OVER = "over"


class Part(StrEnum):
    """The part of the game an event belongs to: before the cards (the rules, the cut for the deal,
    the deal itself), the discards and the cut, the play, the show, the end."""

    DEAL = "deal"
    DISCARD = "discard"
    PLAY = "play"
    SHOW = "show"
    END = "end"


class EventKind(StrEnum):
    """What an `Event` tells (see `Event` for what each carries)."""

    NOTE = "note"
    CUT_FOR_DEAL = "cut for deal"
    DEAL = "deal"
    DISCARD = "discard"
    CRIB_CARD = "crib card"
    STARTER = "starter"
    HEELS = "heels"
    PLAY = "play"
    PEG = "peg"
    GO = "go"
    GO_POINT = "go point"
    LAST_CARD = "last card"
    RESET = "reset"
    SHOW = "show"
    ANNOUNCE = "announce"
    ANSWER = "answer"
    MUGGINS = "muggins"
    TEN_BACK = "ten back"
    GAME_OVER = "game over"

    @property
    def scores(self) -> bool:
        """Its event can move pegs (``points`` may be nonzero)."""
        return self in SCORING

    @property
    def quiet(self) -> bool:
        """Its cards lie face down: a seat's discards, the pack's card for the crib (no step a person
        at the table sees)."""
        return self in QUIET

    @property
    def part(self) -> Part:
        """The part of the game it belongs to."""
        return _PART[self]


_PART = {
    **dict.fromkeys((EventKind.NOTE, EventKind.CUT_FOR_DEAL, EventKind.DEAL), Part.DEAL),
    **dict.fromkeys((EventKind.DISCARD, EventKind.CRIB_CARD, EventKind.STARTER, EventKind.HEELS),
                    Part.DISCARD),
    **dict.fromkeys((EventKind.PLAY, EventKind.PEG, EventKind.GO, EventKind.GO_POINT, EventKind.LAST_CARD,
                     EventKind.RESET), Part.PLAY),
    **dict.fromkeys((EventKind.SHOW, EventKind.ANNOUNCE, EventKind.ANSWER, EventKind.MUGGINS,
                     EventKind.TEN_BACK), Part.SHOW),
    EventKind.GAME_OVER: Part.END,
}

#: Kinds whose events can move pegs.
SCORING = frozenset({EventKind.HEELS, EventKind.PEG, EventKind.GO_POINT, EventKind.LAST_CARD, EventKind.SHOW,
                     EventKind.ANNOUNCE, EventKind.MUGGINS, EventKind.TEN_BACK})
#: Kinds whose cards lie face down.
QUIET = frozenset({EventKind.DISCARD, EventKind.CRIB_CARD})
#: The game told from the play on: the play, the show, the end, and every point (his heels too).
NARRATED = frozenset(k for k in EventKind if k in SCORING or k.part in (Part.PLAY, Part.SHOW, Part.END))
#: What the board's line tells: the last points, a go (why nobody scored) or the end.
BOARD = SCORING | {EventKind.GO, EventKind.GAME_OVER}
#: What the table's "just now" line tells: each step of the discards, the play and the show, but the
#: pack's card for the crib (nobody's step) and a hand shown (the show draws it in full).
RECENT = frozenset(k for k in EventKind if k.part in (Part.DISCARD, Part.PLAY, Part.SHOW)
                   and k not in (EventKind.CRIB_CARD, EventKind.SHOW))


class AnswerKind(StrEnum):
    """Muggins: how a seat answers a count (`moves.Answer`; the words a save's move lists hold)."""

    ACCEPT = "accept"
    MUGGINS = "muggins"  # a call naming the missed points it claims
    OVERCOUNT = "overcount"  # the count is too high


class CountOutcome(StrEnum):
    """Muggins: what an answer did to a count (`muggins.Settlement`)."""

    ACCEPTED = "accepted"
    MISSED = "missed"  # a Muggins call, and points had been missed
    FALSE_MUGGINS = "false muggins"  # a Muggins call on a count that missed nothing
    TOO_HIGH = "too high"
    NOT_TOO_HIGH = "not too high"


class ChangeKind(StrEnum):
    """What changed at a table (`crib_widgets.table.changes.Change`)."""

    MOVED = "moved"  # a learner's move was applied
    COMPUTER = "computer"  # one computer move
    AUTO_GO = "auto go"  # the table said go for the learner (the only legal move)
    DEAL_OVER = "deal over"  # a deal ended and its show waits to be read
    NEXT_DEAL = "next deal"  # the show was put away
    SHOW_STEP = "show step"  # one combination of the show counted aloud
    WARNING = "warning"  # a costly move held back until confirmed
    REFUSED = "refused"  # a move or input that was not allowed (nothing changed)
    NEW_GAME = "new game"
    RESTORED = "restored"
    GAME_OVER = "game over"
    PASS = "pass"  # with several people, the device must go to the person named first
    TOOK_DEVICE = "took device"  # that person has it
