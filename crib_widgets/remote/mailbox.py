"""Ordering the messages of one game: numbered, chained, taken in once, in the order they were seen.

A `Mailbox` numbers and chains this device's messages (`compose`), and takes in the others'
(`receive`): a message comes out only after every message it names in ``saw`` (so a move is
never checked before the move it answers), a repeat is recognised and dropped, and a message
that differs from one already taken under the same number, or whose ``seen`` names another
message than this device took in (the sender's own previous one: the chain was broken; another
device's: someone told two devices different things) is a `WireError`. What
arrives early waits; `gaps` tells which senders owe something, and `owed_to` which of this
device's messages another device lacks (from its ``ack``).

Two pages may speak for one device (a friend's link opened on a second device while the first
plays): the others' messages then name messages of this device that this page never sent. A page
whose messages no other device has taken in yet is the second one: `Elsewhere` (it keeps out of
the game). A message that differs from one taken under its number is a `Conflict` (the session
tells a second page's messages, which it ignores, from a changed one, which stops the game).

What a device keeps to rejoin (`state`, `from_state`) is bounded: the hashes a later message may
still name (each sender's ``saw`` only grows), and this device's messages another may still lack.
"""

from __future__ import annotations

from typing import Any

from .wire import MAX_DEVICES, Message, WireError, new_message, read

__all__ = ["Mailbox", "Conflict", "Elsewhere"]

_EARLY_LIMIT = 2_000  # messages waiting for an earlier one; a flood beyond this is dropped
#: This device's messages kept beyond what the others said they have: one may come back from a kept
#: state a message or two older than its last message said.
_RESEND_MARGIN = 8
#: Of a message older than any a later message may name, a kept state keeps the start of its hash
#: only: enough to tell a changed copy of it from a repeat.
_SHORT = 16
_UNKNOWN = "0" * _SHORT  # a message whose hash this device no longer knows (taken before a kept state)


class Conflict(WireError):
    """A message differs from one taken in (or waiting) under the same sender and number."""

    def __init__(self, sentence: str, message: Message) -> None:
        super().__init__(sentence)
        self.message = message


class Elsewhere(WireError):
    """Another page speaks for this device, and the others took its messages, not this page's."""


ELSEWHERE = "another page plays this device's part, and the other devices took its messages"


class Mailbox:
    """The message log of one device in one game."""

    def __init__(self, game: str, me: int) -> None:
        self.game = game
        self.me = me
        self.have = [0] * MAX_DEVICES  # the last seq taken in from each device (own: sent)
        self.sent: list[Message] = []
        self.sent_from = 1  # the seq of sent[0] (a kept state keeps only the messages still owed)
        self.saw_of = [(0,) * MAX_DEVICES for _ in range(MAX_DEVICES)]  # each sender's last message's saw
        self._digests: dict[tuple[int, int], str] = {}
        self._early: dict[tuple[int, int], Message] = {}

    def compose(self, kind: str, body: dict[str, object]) -> Message:
        """This device's next game message (or a control message: ``ack``, ``resync``)."""
        seen = tuple(self._digests.get((d, n), "") for d, n in enumerate(self.have))
        if kind in ("ack", "resync"):
            return new_message(self.game, self.me, 0, tuple(self.have), seen, kind, {})
        seq = self.have[self.me] + 1
        message = new_message(self.game, self.me, seq, tuple(self.have), seen, kind, body)
        self._take(message)
        self.sent.append(message)
        return message

    def receive(self, message: Message) -> list[Message]:
        """The messages now ready to take in, in order (none if ``message`` was a repeat or is early)."""
        if message.game != self.game:
            raise WireError("this message belongs to another game")
        if message.is_control:
            return []
        if message.sender == self.me:
            self._own(message)
            return []
        if message.saw[self.me] > self.have[self.me] and not self.heard():
            raise Elsewhere(ELSEWHERE)  # it took in more of this device's messages than this page sent
        key = (message.sender, message.seq)
        if message.seq <= self.have[message.sender]:
            if not self._same(key, message.digest):
                raise Conflict("a message arrived again with other contents: it was changed on the way",
                               message)
            return []
        waiting = self._early.get(key)
        if waiting is not None and waiting.text != message.text:
            raise Conflict("two different messages arrived under the same number: one was changed on the "
                           "way", message)
        if len(self._early) < _EARLY_LIMIT:
            self._early[key] = message
        return self._release()

    def _same(self, key: tuple[int, int], digest: str) -> bool:
        """Whether the message taken in under ``key`` (sender, seq) had this hash: of an old one a kept
        state keeps only the hash's start; of one it does not know at all, any copy is a repeat."""
        known = self._digests.get(key)
        return known is None or digest.startswith(known)

    def heard(self) -> bool:
        """Whether another device has taken in a message of this device (this page is in the game)."""
        return any(saw[self.me] for d, saw in enumerate(self.saw_of) if d != self.me)

    def _own(self, message: Message) -> None:
        """A message in this device's name that came back: a repeat of one this page sent is
        ignored; another page's is ignored too once the others took this page's messages, and
        else means this page is the second one (`Elsewhere`)."""
        if message.seq <= self.have[self.me] and self._same((self.me, message.seq), message.digest):
            return
        if not self.heard():
            raise Elsewhere(ELSEWHERE)

    def _release(self) -> list[Message]:
        ready: list[Message] = []
        progress = True
        while progress:
            progress = False
            for key, message in sorted(self._early.items()):
                if self._ready(message):
                    del self._early[key]
                    self._take(message)
                    ready.append(message)
                    progress = True
        return ready

    def _ready(self, message: Message) -> bool:
        if message.seq != self.have[message.sender] + 1:
            return False
        if any(message.saw[d] > self.have[d] for d in range(MAX_DEVICES) if d != message.sender):
            return False
        if message.prev != self._digests.get((message.sender, message.seq - 1), ""):
            raise WireError("a message does not follow the one before it from the same device: the chain "
                            "of messages was tampered with")
        for device, seq in enumerate(message.saw):
            if seq and self._digests.get((device, seq)) != message.seen[device]:
                if device == self.me and not self.heard():
                    raise Elsewhere(ELSEWHERE)
                raise WireError(f"device {message.sender} took in another message from device {device} than "
                                "this device did: one was changed on the way, or sent in two versions")
        return True

    def _take(self, message: Message) -> None:
        self._digests[message.sender, message.seq] = message.digest
        self.have[message.sender] = message.seq
        self.saw_of[message.sender] = message.saw

    def restore(self, message: Message) -> None:
        """Take back one of this device's own messages from a kept log."""
        if message.sender != self.me or message.seq != self.have[self.me] + 1:
            raise WireError("a kept log holds this device's messages in order")
        self._take(message)
        self.sent.append(message)

    def gaps(self) -> bool:
        """Whether some message arrived before one it follows (an ``ack`` then asks again)."""
        return bool(self._early)

    def owed_to(self, control: Message) -> list[Message]:
        """This device's messages the sender of ``control`` lacks (``control.saw`` says what it has)."""
        return self.sent[max(0, control.saw[self.me] + 1 - self.sent_from):]

    # ---- keeping --------------------------------------------------------------------------------

    def state(self, devices: int) -> dict[str, Any]:
        """What this mailbox keeps to rejoin, for a game of ``devices`` devices: what it has, the
        hashes a later message may name, this device's messages another may still lack."""
        others = [d for d in range(devices) if d != self.me]
        low = [min([self.have[d], *(self.saw_of[x][d] for x in others if x != d)]) for d in range(devices)]
        first = max(self.sent_from, min(low[self.me] + 1 - _RESEND_MARGIN, self.have[self.me] + 1))
        return {"have": self.have[:devices], "saw": [list(self.saw_of[d][:devices]) for d in range(devices)],
                "hashes": [[d, n, h] for (d, n), h in sorted(self._digests.items())
                           if d < devices and n >= max(low[d], 1)],
                "old": [[d, "".join(self._digests.get((d, n), _UNKNOWN)[:_SHORT] for n in range(1, low[d]))]
                        for d in range(devices)],
                "sent": [m.text for m in self.sent[first - self.sent_from:]], "from": first}

    @classmethod
    def from_state(cls, game: str, me: int, state: dict[str, Any]) -> Mailbox:
        """The mailbox `state` kept (checked by `crib_widgets.remote.keep.read_kept`)."""
        box = cls(game, me)
        pad = [0] * (MAX_DEVICES - len(state["have"]))
        box.have = [*state["have"], *pad]
        for d, saw in enumerate(state["saw"]):
            box.saw_of[d] = (*saw, *pad)
        box._digests = {(d, i // _SHORT + 1): short[i:i + _SHORT] for d, short in state["old"]
                        for i in range(0, len(short), _SHORT) if short[i:i + _SHORT] != _UNKNOWN}
        box._digests.update({(d, n): h for d, n, h in state["hashes"]})
        box.sent, box.sent_from = [read(text) for text in state["sent"]], state["from"]
        if any(m.sender != me or m.seq != box.sent_from + i for i, m in enumerate(box.sent)):
            raise WireError("a kept log holds this device's messages in order")
        return box
