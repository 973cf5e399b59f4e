"""`Hub`: devices joined in memory by a network that may drop, repeat, delay and reorder messages.

For tests and benchmarks: what the page's WebRTC channels do for real, with misbehaviour on
demand from a seeded ``random.Random``. Each `step` delivers one message; `run` plays until every
session waits for a person (or the game is over), re-acknowledging when the network went quiet
with messages lost.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

from .session import Session

__all__ = ["Hub", "Weather"]


@dataclass(frozen=True)
class Weather:
    """How badly the network behaves: the chance of each message being dropped, sent twice, or held
    back behind later ones (reordered, delayed)."""

    drop: float = 0.0
    repeat: float = 0.0
    delay: float = 0.0


@dataclass
class Hub:
    """The in-memory network of one game."""

    sessions: list[Session]
    rng: random.Random
    weather: Weather = Weather()
    flying: list[tuple[int, int, str]] = field(default_factory=list)  # (to, from, text)
    sent: int = 0
    tamper: Callable[[int, str], str] | None = None  # changes a text on its way, for hostile tests

    def post(self) -> None:
        """Put every session's outbox on the network."""
        for sender, session in enumerate(self.sessions):
            out, session.outbox = session.outbox, []
            for to, text in out:
                for device in ([to] if to is not None else range(len(self.sessions))):
                    if device != sender:
                        self._send(device, sender, text)

    def _send(self, device: int, sender: int, text: str) -> None:
        w = self.weather
        if self.rng.random() < w.drop:
            return
        if self.tamper is not None:
            text = self.tamper(device, text)
        self.flying.append((device, sender, text))
        if self.rng.random() < w.repeat:
            self.flying.append((device, sender, text))

    def step(self) -> bool:
        """Deliver one message (perhaps not the oldest); whether there was one."""
        self.post()
        if not self.flying:
            return False
        index = 0
        while index < len(self.flying) - 1 and self.rng.random() < self.weather.delay:
            index += 1
        device, sender, text = self.flying.pop(index)
        self.sent += 1
        self.sessions[device].receive(text, came_from=sender)
        self.post()
        return True

    def settle(self, limit: int = 200_000) -> None:
        """Deliver until the network is quiet; then acknowledge, so what was dropped is sent again,
        until a round of acknowledgements brings nothing new."""
        for _ in range(limit):
            if self.step():
                continue
            before = self.sent
            for session in self.sessions:
                session.tick()
            while self.step():
                pass
            if self.sent - before <= len(self.sessions) * (len(self.sessions) - 1):
                return  # only the acknowledgements themselves went round
        raise RuntimeError("the network never went quiet")
