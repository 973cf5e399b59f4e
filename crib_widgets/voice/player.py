"""The "Count aloud" player a widget or a page puts beside a count: HTML with the clip's layout.

The block is plain HTML, so it works the same on a static page (saved widget state) and in a live
one. The site's script ``lite/runtime/src/page/crib-voice.js`` shows it (it starts ``hidden``, so where that
script is absent no dead buttons appear: the count stays written on screen either way), builds the
clip from the bank the site serves, plays it on a click (never by itself), and lights the cards of
each step (``data-card`` on the cards of the enclosing widget) while the running total steps on.

>>> from crib_widgets.scoring import score_hand
>>> html = count_player(score_hand("7H 8C 7D 3S", "KS"))
>>> 'class="crib-voice"' in html and "Count aloud" in html and "and a pair is six" in html
True
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from html import escape

from ..aloud import NOTHING, Step, count_steps
from ..cards import Card
from .clip import say

__all__ = ["player_html", "count_player", "call_player", "event_calls"]


def player_html(steps: Sequence[Step], *, label: str = "Count aloud", what: str = "the count",
                auto: str = "") -> str:
    """The player for ``steps`` (words, cards lit, running total); no steps says "nineteen".

    ``auto`` (the play's calls) adds a "Say calls as they happen" switch, off until the learner
    turns it on: then a block drawn after a move (never one on the page as it loads) plays by
    itself once, its key ``auto`` telling a redraw of the same calls from new ones.
    """
    if not steps:
        steps = [Step(NOTHING, (), 0)]
    clip = say([s.words for s in steps])
    data = clip.layout()
    data["words"] = [s.words for s in steps]
    data["totals"] = [s.total for s in steps]
    data["cards"] = [[str(c) for c in s.cards] for s in steps]
    tip = f"Plays {what} as speech; the cards light up and the total steps on with the words"
    extra = (f' data-auto="{escape(auto)}" data-nodim' if auto else "")
    switch = ('<label class="crib-voice-opt"><input type="checkbox" class="crib-voice-calls"> '
              "Say calls as they happen</label>" if auto else "")
    layout = escape(json.dumps(data, separators=(",", ":")))
    return (
        f'<div class="crib-voice" hidden{extra} data-voice="{layout}">'
        f'<button type="button" class="crib-voice-play" title="{escape(tip)}">'
        f'<span aria-hidden="true">▶ </span>{escape(label)}</button>'
        '<label class="crib-voice-opt"><input type="checkbox" class="crib-voice-on" checked> Voice</label>'
        '<label class="crib-voice-opt">Speed <select class="crib-voice-speed">'
        '<option value="0.75">slow</option><option value="1" selected>normal</option>'
        '<option value="1.25">quick</option><option value="1.5">fast</option></select></label>'
        + switch +
        '<span class="crib-voice-now" aria-live="polite"></span>'
        '<audio class="crib-voice-audio" preload="none"></audio></div>'
    )


def count_player(score, phrasing: str = "players", *, label: str = "Count aloud") -> str:
    """The player for a show count (a `HandScore`, or a claimed count with the same items)."""
    return player_html(count_steps(score, phrasing), label=label)


def call_player(calls: Iterable[tuple[str, Sequence[Card], int]], *, label: str = "Say the play",
                key: str = "calls") -> str:
    """The player for the play's calls: (words, cards, points) per call, e.g. from
    `crib_widgets.pegging.play_call`; ``key`` names this set of calls (see `player_html`)."""
    return player_html([Step(w, tuple(c), t) for w, c, t in calls], label=label, what="the play's calls",
                       auto=key)


def event_calls(events: Iterable) -> list[tuple[str, tuple[Card, ...], int]]:
    """The spoken calls of game events that score in the play (a go, a fifteen, a pair ...)."""
    from ..pegging import play_call

    calls = []
    for e in events:
        score = getattr(e, "play_score", None)
        words = play_call(score) if score is not None and score.items else ""
        if words:
            cards = tuple(dict.fromkeys(c for i in score.items for c in i.cards))
            calls.append((words, cards, e.points))
    return calls
