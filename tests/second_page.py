"""A network where a second page joins at a device number already played (a friend's link opened
on a second device while the first still plays): the page's transport broadcasts to everyone in
the room, so that page hears every device, the first page of its own device too, and is heard by
all of them."""

from __future__ import annotations

from dataclasses import dataclass, field

from crib_widgets.remote.channel import Hub


@dataclass
class Room(Hub):
    """`Hub` with ``extra`` pages, each speaking as an existing device (``number(page)`` says which);
    they are not driven by the play helpers (they stay out of the game)."""

    extra: list = field(default_factory=list)
    number: object = staticmethod(lambda page: page.me)

    def add(self, page, earlier: list[str]) -> None:
        """``page`` joins the room; the other pages send it what they sent so far (``earlier``)."""
        self.extra.append(page)
        for text in earlier:
            page.receive(text)
        self.post()

    def post(self) -> None:
        super().post()
        for page in self.extra:
            out, page.outbox = page.outbox, []
            for _, text in out:  # a broadcast: every page of the room, the first of its own device too
                self.flying += [(d, self.number(page), text) for d in range(len(self.sessions))]

    def _send(self, device: int, sender: int, text: str) -> None:
        super()._send(device, sender, text)
        for page in self.extra:  # a message to a device reaches its second page too
            if self.number(page) in (device, sender):
                page.receive(text)
