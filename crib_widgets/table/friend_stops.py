"""Why a game with a friend stopped, in players' words: the one home of each sentence a player sees
when a game with a friend stops (the panel and the table say it as `FriendGame.stopped` gives it).

The session (`crib_widgets.remote.Session`) stops the game with a sentence for whoever reads its
records (``session.stopped``: "a message arrived again with other contents...") and says what kind
of wrong it was (``stop_cause``) and whose message it was (``stop_device``); the players read:

>>> stop_sentence("changed", "Ben's device")
"A message from Ben's device was changed on the way, so the game is stopped here; the game so far is kept."
"""

from __future__ import annotations

__all__ = ["STOPS", "ELSEWHERE", "stop_sentence"]

#: Each kind of wrong, with ``{who}``: the device whose message it was ("Ben's device").
STOPS = {
    "changed": "A message from {who} was changed on the way",
    "refused": "{Who} sent a move the rules do not allow",
    "unfair": "{Who} sent a move or a step of the deal that was not theirs to make",
    "dishonest": "The cards {who} dealt do not check out: that deal was not dealt fairly",
    "theirs": "{Who} found something wrong and stopped the game",
    "other": "{Who} offered a game this page cannot play (both pages need the same version of the book: "
             "reload them)",
    "mismatch": "The game {who} offered is not the game in the link",
}
#: A second page at a device already in the game (the link opened again on another device or tab while
#: the first plays): it keeps out, and the game goes on where it is played. ``{friend}``: the others.
ELSEWHERE = ("Your game with {friend} is already open on another device or tab: play it there. This page "
             "stays out of it, so the game there goes on.")
#: A second tab of this browser (the same kept game): it keeps out, and can take over once that tab is shut.
ELSEWHERE_TAB = ("Your game with {friend} is already open in another tab of this browser: play it there. To "
                 "play it here instead, close that tab and reload this page.")
#: Who, when the page cannot tell which device it was.
SOMEONE = "a friend's device"
_END = ", so the game is stopped here; the game so far is kept."


def stop_sentence(cause: str, who: str = SOMEONE) -> str:
    """The players' sentence for a game stopped by ``cause`` (a key of `STOPS`; any other reads as
    "unfair"), ``who`` the device whose message it was."""
    words = STOPS.get(cause, STOPS["unfair"])
    return words.format(who=who, Who=who[:1].upper() + who[1:]) + _END
