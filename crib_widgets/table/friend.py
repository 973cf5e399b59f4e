"""`FriendGame`: "Play a friend", one device's side, headless (issue 39).

The link maker picks the game (`make`: 61 or 121, Muggins, the names, a school's own relay); the
page sends the link (`url`); the friend who opens it joins (`join`). Both play through a
`crib_widgets.remote.Session`, which deals with locked cards (neither device ever holds the
other's hand in the clear) and checks every move of the other device.

How a page drives it: messages to send are numbered and shown in a hidden element (`out_html`,
class ``crib-friend-out``), which the page's transport broadcasts; what arrives comes back
through `crib_widgets.table.friend_bridge` (`deliver`, `peer`, `relay_failed`), and the game is
kept in the browser as it is played (`keep_html`, read back by `crib_widgets.table.friend_keep`),
so a reload rejoins it where it was. A friend who leaves is shown (``status`` "left"); the game
so far can then be finished against the computer (`against_computer`) or saved (`save`). A
tampered message or a move the engine refuses stops the game with one sentence (``stopped``), the
game so far kept.

>>> from crib_widgets.remote import GROUPS
>>> ann = FriendGame.make(names=("Ann", "Ben"), group="test-160", dealer=0)
>>> ben = FriendGame.join(ann.link.code, group="test-160")
>>> ann.status, ben.waiting_for()
('waiting', "Waiting for the game's options from the friend who made the link")

Three or four seats (four: partners): ``make(seats=("here", "friend", "computer", "friend"))``; each
friend's device has its own link (`url` with its device number), the same room; the deal starts
once every friend's device has joined (`friends` says each one's status), and a computer seat is
played at the link maker's device.
"""

from __future__ import annotations

import json
import random
import secrets
from collections.abc import Callable
from html import escape
from typing import Any

from ..errors import CribbageError
from ..game import Event, Game, Move, Rules
from ..remote.group import DEFAULT_GROUP, GROUPS, Group
from ..remote.options import Options
from ..remote.session import Session
from ..strategy.players import make_player
from .friend_bridge import register, unregister
from .friend_codes import LEFT_WORDS as CODES_LEFT
from .friend_codes import OTHER_GAME, ROUTE_WORDS, check_typed, link_in, link_message
from .friend_codes import STATUSES as CODES_STATUSES
from .friend_link import FriendLink, read_code, relay_words
from .friend_stops import ELSEWHERE, ELSEWHERE_TAB, SOMEONE, stop_sentence
from .seats import LEARNER, STRENGTHS, check_strength
from .table import Table

__all__ = ["FriendGame", "STATUSES", "LEFT_WORDS", "OUT_MESSAGES", "KEEP_VERSION"]

#: The friend's status as the panel says it.
STATUSES = {"waiting": "Waiting for {friend} to open the link", "joined": "{friend} {has} joined",
            "left": "{friend} {has} left the game"}
#: What the person can do when the friend (at a table of two) has left.
LEFT_WORDS = ("you can wait for them to come back, or finish the game against the computer, or save it "
              "(under Play a friend on another device).")
#: The link maker as a friend's page says it once both are in the game: the maker was there first.
MAKER_HERE = "{friend} {is_} here"
#: A friend's page once it has joined the maker's game (two devices).
JOINED_MAKERS = "You have joined {friend}'s game: {friend} {is_} here"
#: How many of the last messages sent the hidden element holds (the page sends those it has not).
OUT_MESSAGES = 64
#: How many of them are kept to bring the game back: after a reload the page sends what the element
#: holds again, and whatever else a friend lacks comes from the session, which asks for it (resync).
KEEP_SENT = 8
KEEP_VERSION = 1


def agree(words: str, who: str) -> str:
    """``words`` said of ``who``, its verbs agreeing: "Ben has joined", "Ann and Cal have joined"
    (two friends, or two people at one device)."""
    many = " and " in who
    return words.format(friend=who, has="have" if many else "has", is_="are" if many else "is")


class FriendGame:
    """One device's side of a game with a friend; see the module."""

    def __init__(self, link: FriendLink, session: Session, keep: str = "friend-game",
                 page_room: str = "") -> None:
        self.link, self.session, self.keep = link, session, keep
        # joined by two codes swapped by hand (friend_codes): "make" or "take"; "" through a relay
        self.codes, self.typed, self.shown, self.page_room = "", "", "", page_room
        self.status = "waiting"
        self.note = ""  # the last thing said that is not the game's state (a message set aside...)
        self.sent: list[tuple[int, str]] = []  # (number, text): the last OUT_MESSAGES sent
        self.count = 0  # messages numbered so far (kept: the page sends those above its last)
        self.finished = ""  # "computer" once it goes on against the computer here, "left" once left
        self.relays: tuple[str, ...] = ()  # the relays the page reaches now
        self.gone: set[int] = set()  # the devices whose pages the page said have left
        self.show_up = 0  # the deal whose finished show this device's table has up (kept: a reload shows it)
        self._mismatch = ""
        self._in_other_tab = False  # another tab of this browser plays this game (`elsewhere`)
        self._drawn: tuple[object, ...] = ()  # what the listeners were last told of
        self.listeners: list[Callable[[], None]] = []
        register(self)
        self._flush()

    # ---- starting ---------------------------------------------------------------------------------
    @classmethod
    def make(cls, *, target: int = 61, muggins: bool = False,
             names: tuple[str, ...] | list[str] = ("You", "Friend"), relay: str = "",
             keep: str = "friend-game", group: str = DEFAULT_GROUP, dealer: int | None = None,
             seats: tuple[str, ...] | list[str] = ("here", "friend"), codes: bool = False) -> FriendGame:
        """A new game and its links, made by this device (device 0, seat 0). ``dealer``: the first
        dealer (None: chosen at random); ``seats``: who sits where (`friend_link.SEAT_KINDS`);
        ``codes``: joined by two codes swapped by hand, no relay (two seats only)."""
        if codes and len(seats) != 2:
            raise CribbageError("codes swapped by hand join two devices: for three or four, make links")
        link = FriendLink.new(target=target, muggins=muggins, relay="" if codes else relay, names=names,
                              seats=seats)
        players = link.players
        dealer = secrets.randbelow(players) if dealer is None else dealer
        rules = Rules(players=players, partners=players == 4, target=target, muggins=muggins)
        options = Options(rules, link.names, link.devices, link.computers, dealer, _group(group).name)
        game = cls(link, Session(0, link.game_id, _group(group), options), keep)
        game.codes = "make" if codes else ""
        return game

    @classmethod
    def join(cls, code: str, *, keep: str = "friend-game", group: str = DEFAULT_GROUP,
             page_room: str = "") -> FriendGame:
        """The friend's side of the game a link invites to (a damaged link: `CribbageError`);
        ``page_room``: the page's name for a connection made by two codes (`friend_join.CodesJoin`)."""
        link = read_code(code)
        return cls(link, Session(link.device, link.game_id, _group(group)), keep, page_room)

    # ---- who and what -----------------------------------------------------------------------------
    @property
    def room(self) -> str:
        return self.page_room or self.link.room

    @property
    def me(self) -> int:
        return self.session.me

    @property
    def seat(self) -> int:
        """This device's (first) seat (the link maker sits at 0)."""
        return self.link.devices.index(self.me)

    @property
    def others(self) -> tuple[int, ...]:
        """The other devices of the game."""
        return tuple(d for d in range(max(self.link.devices) + 1) if d != self.me)

    @property
    def friend(self) -> str:
        """The friend's name (the friends', at a table of three or four devices)."""
        return " and ".join(self.link.device_name(d) for d in self.others)

    def device_status(self, device: int) -> str:
        """One other device's status: "waiting", "joined" or "left"."""
        if device in self.session.left | self.gone or (self.status == "left" and len(self.others) == 1):
            return "left"
        return "joined" if self.session.heard(device) else "waiting"

    def gone_words(self) -> str:
        """Who has left, by name ("A friend's page" when the page did not say whose)."""
        gone = [self.link.device_name(d) for d in self.others if self.device_status(d) == "left"]
        return " and ".join(gone) or "A friend's page"

    def left_words(self) -> str:
        """What happened and what this device's people can do, once a friend's page has left. At a
        table of three or four the deal in play needs every device (each holds the only key to its
        own cards), so the others wait, or each finish the game on their own device."""
        gone = [d for d in self.others if self.device_status(d) == "left"]
        if self.codes:  # two devices only; they join again by a new pair of codes
            return CODES_LEFT.format(friend=self.friend)
        if len(self.others) == 1:
            return agree("{friend} {has} left the game: ", self.gone_words()) + LEFT_WORDS
        names = [self.link.device_name(d) for d in gone]
        if len(names) == 1:
            who, them, without = names[0], names[0], f"{names[0]}'s device: only it unlocks {names[0]}'s"
        else:  # two gone, or a page gone that did not say whose
            who = " and ".join(names) or "A friend's page"
            them = "them" if names else "that friend"
            without = ("their devices: only they unlock their" if names
                       else "that device: only it unlocks that friend's")
        have = "have" if " and " in who else "has"  # two friends, or two people at one device
        wait = (f"wait for {them} to come back (opening the same link again on the same device brings the "
                "game back where it was), or ")
        if gone and all(d in self.session.left for d in gone):  # they pressed Leave: nothing comes back
            wait = ""
        return (f"{who} {have} left the game, and this deal cannot go on without {without} cards. You can "
                f"{wait}finish the game here against the computer (it plays every seat not played on this "
                "device, and this deal starts again with new cards), or save it (under Play a friend on "
                "another device).")

    def friends(self) -> list[tuple[int, str, str]]:
        """Each other device: its number, its people's names and its status in words."""
        names = {d: self.link.device_name(d) for d in self.others}
        return [(d, name, agree(self._words(d), name)) for d, name in names.items()]

    def _words(self, device: int) -> str:
        """One other device's status sentence (to fill with its name): a friend's page never says the
        link maker "has joined" (the maker was there first: the friend joined the maker's game)."""
        status = self.device_status(device)
        return MAKER_HERE if status == "joined" and device == 0 else STATUSES[status]

    @property
    def relay_words(self) -> str:
        return relay_words(self.link.relay)

    @property
    def stopped(self) -> str:
        """The sentence that stopped the game ("" while it goes on)."""
        if self._mismatch:
            return self._mismatch
        if not self.session.stopped:
            return ""
        if self.session.stop_cause == "elsewhere":
            return (ELSEWHERE_TAB if self._in_other_tab else ELSEWHERE).format(friend=self.friend)
        device = self.session.stop_device
        who = f"{self.link.device_name(device)}'s device" if device in self.others else SOMEONE
        return stop_sentence(self.session.stop_cause, who)

    def status_words(self) -> str:
        """The friend's status in words."""
        if self.codes and self.status in CODES_STATUSES:
            return CODES_STATUSES[self.status].format(friend=self.friend)
        if self.status == "waiting" and self.me != 0:  # the link maker's page must be open to be found
            return f"Looking for {self.friend}'s page: it has to be open for the game to start"
        words = JOINED_MAKERS if self.status == "joined" and self.me != 0 else STATUSES[self.status]
        return agree(words, self.friend)

    def url(self, base: str = "", device: int = 1) -> str:
        """The link for the friend's device ``device`` (each friend's device has its own)."""
        return self.link.for_device(device).url(base) if device != self.link.device else self.link.url(base)

    def legal_moves(self) -> list[Move]:
        """The moves this device's people may make now (a computer seat's are made here by itself)."""
        if self.stopped or self.finished:
            return []
        return [m for m in self.session.legal_moves() if not self.link.computers[m.seat]]

    def waiting_for(self) -> str | None:
        if self.status == "left" and not self.session.is_over:  # one sentence for it: the status line's
            return self.left_words()
        return None if self.stopped else self.session.waiting_for()

    @property
    def engine(self) -> Game | None:
        """The deal in play (the friend's cards in it are stand-ins: draw them face down)."""
        return self.session.engine

    @property
    def events(self) -> list[Event]:
        return self.session.events

    # ---- what arrives -------------------------------------------------------------------------------
    def deliver(self, text: str) -> str:
        """A message that arrived for this game: "" or the one sentence said about it."""
        if self.codes and _link_message(text):  # the maker's page sends the game's link first
            return "" if _link_message(text) == self.link.room else self.say(OTHER_GAME)
        refused = self.session.refused
        self.session.receive(text)
        if self.session.refused is not refused:
            self.note = f"A message that is not part of this game was set aside: {self.session.refused[-1]}."
        elif self.status == "waiting" and all(self.session.heard(d) for d in self.others):
            self.status = "joined"
        self._check_link()
        return self._changed(self.stopped or (self.note if self.session.refused is not refused else ""))

    def peer(self, state: str, device: int | None = None) -> str:
        """A friend's page joined the room or left it (``device``: whose, when the page knows: it
        tells "joined" again with the device once that page's first message names it)."""
        if device in self.others:
            (self.gone.add if state == "left" else self.gone.discard)(device)
        heard = all(self.session.heard(d) for d in self.others)
        joined = "joined" if heard or len(self.others) == 1 else "waiting"
        named_gone = bool(self.gone or self.session.left)  # a friend still gone while another comes back
        self.status = "left" if state != "joined" or named_gone else joined
        if self.codes and state == "left":  # a new pair of codes joins the two again
            self.typed = self.shown = ""
        if state == "joined":
            self.session.tick()  # tell the friend what this device has, so what it lacks comes again
        return self._changed("")

    def relay_failed(self, sentence: str) -> str:
        """The page cannot reach the relay (its sentence names it)."""
        self.relays = ()
        return self.say(sentence)

    def relay_open(self, relays: tuple[str, ...]) -> str:
        """The relays the page reaches now."""
        self.relays = relays
        if self.note.startswith(("None of the", "The relay")):
            self.note = ""
        return self._changed("")

    def relay_now(self) -> str:
        """The relay in use, in words: "Finding your friend through tracker.example.org"."""
        hosts = [r.split("://", 1)[1].split("/", 1)[0] for r in self.relays]
        if self.codes:
            return ROUTE_WORDS
        if not hosts:
            return f"Connecting through {self.relay_words}"
        if self.link.relay:  # the relay's address is said already: not twice
            return f"Connected through {self.relay_words}"
        return f"Connected through {self.relay_words} ({', '.join(hosts)})"

    def codes_shown(self, code: str) -> str:
        """The code the page shows, to be typed on the friend's device (a new one after a reload or
        a lost connection: the answer typed to the old one is void)."""
        self.shown, self.note = code, ""
        self.typed = "" if self.codes == "make" else self.typed
        return self._changed("")

    def type_code(self, text: object) -> str:
        """The code the friend's page shows, typed here: "" or the sentence refusing it."""
        try:
            self.typed = check_typed(text)
        except CribbageError as error:
            return self.say(f"{str(error)[:1].upper()}{str(error)[1:]}.")
        self.shown = "" if self.codes == "take" else self.shown
        self.note = ""
        return self._changed("")

    def elsewhere(self) -> str:
        """Another tab of this browser has this game open (the page lets one tab a room in): this
        page keeps out, so the game there goes on; it says where the game is played."""
        if not self.finished:
            self.session.keep_out()
            self._in_other_tab = True
        return self._changed(self.stopped)

    def say(self, sentence: str) -> str:
        """Say ``sentence`` in the panel."""
        self.note = sentence
        return self._changed(sentence)

    def tick(self) -> None:
        """Acknowledge what this device has (a page may call it now and then)."""
        if self.finished:
            return  # the page has left the room: nothing is taken in any more
        self.session.tick()
        self._changed("")

    def _check_link(self) -> None:
        """The friend's side checks that the game offered is the game the link said."""
        o = self.session.options
        if self.me == 0 or o is None or self._mismatch:
            return
        if (o.rules.target, o.rules.muggins, o.names, o.devices, o.computers) != (
                self.link.target, self.link.muggins, self.link.names, self.link.devices, self.link.computers):
            self._mismatch = stop_sentence("mismatch", f"{self.link.device_name(0)}'s page")

    def _changed(self, sentence: str) -> str:
        self._computers_play()
        if self.session.left and self.status != "left":
            self.status = "left"
        self._flush()
        now = (self.count, self.status, self.note, self.stopped, self.finished, self.relays,
               id(self.session.played[1]), self.session.proved, self.typed, self.shown)
        if now != self._drawn:  # a repeated message changes nothing: nothing to draw again
            self._drawn = now
            for listener in list(self.listeners):
                listener()
        return sentence

    def _computers_play(self) -> None:
        """The computer seats (played at the link maker's device) move when it is their turn."""
        while not (self.stopped or self.finished) and self.session.engine is not None:
            moves = [m for m in self.session.legal_moves() if self.link.computers[m.seat]]
            if not moves:
                return
            engine, seat = self.session.engine, moves[0].seat
            rng = random.Random(f"{self.room}-{len(self.session.events)}")
            choice = make_player(STRENGTHS[1], rng.randrange(2**31)).choose(engine, seat)
            self.session.play(choice if choice in moves else rng.choice(moves))

    def _flush(self) -> None:
        out, self.session.outbox = self.session.outbox, []
        for _, text in out:  # the page broadcasts: a message meant for one device is a harmless repeat
            self.count += 1
            self.sent.append((self.count, text))
        self.sent = self.sent[-OUT_MESSAGES:]

    # ---- playing --------------------------------------------------------------------------------------
    def play(self, move: Move) -> str:
        """This device's player's move: "" or the sentence refusing it (nothing changed)."""
        if self.stopped or self.finished:
            return self.stopped or self.finished_words()
        try:
            self.session.play(move)
        except CribbageError as error:
            return str(error)
        return self._changed("")

    def leave(self) -> None:
        """Tell the friend this device's player has left."""
        self.session.leave()
        self._changed("")

    def end(self) -> None:
        """This device's player leaves the game for good (the friend is told); nothing more is sent
        or taken in, and nothing is kept to come back to."""
        if not self.finished:
            self.leave()
            self.finished = "left"
        unregister(self)
        self._changed("")

    def finished_words(self) -> str:
        """Why no move is taken here any more, once this device has left the game."""
        if self.finished == "computer":
            return "This game goes on against the computer now."
        return f"You left the game with {self.friend}: press New game to play another."

    def against_computer(self, strength: str = "intermediate", seed: int | None = None) -> Table:
        """The game so far (up to its last deal proved honest) as a table where the computer takes
        the friend's seat; this game stops here, and the friend is told."""
        table = self._table(check_strength(strength), seed)
        if not self.finished:
            self.leave()
        self.finished = "computer"
        unregister(self)
        self._changed("")
        return table

    def save(self) -> str:
        """The game so far as a table's save (`Table.from_json`), this device's player at their seat."""
        return self._table(STRENGTHS[1], 0).to_json()

    def _table(self, strength: str, seed: int | None) -> Table:
        game = self.session.kept_game(secrets.randbelow(2**31) if seed is None else seed, here=True)
        seats = [LEARNER if d == self.me and not c else strength
                 for d, c in zip(self.link.devices, self.link.computers, strict=True)]
        return Table.from_game(game, tuple(seats))

    # ---- for the page -------------------------------------------------------------------------------
    def out_html(self) -> str:
        """The hidden element's HTML the page's transport reads (see the contract)."""
        # by codes, the maker's page sends the link first (numbered 0: again to a friend who joins)
        first = [[0, link_message(self.link)]] if self.codes == "make" else []
        pairs = escape(json.dumps(first + [[n, t] for n, t in self.sent], separators=(",", ":")), quote=False)
        codes = f'data-codes="{self.codes}" data-typed="{escape(self.typed)}" ' if self.codes else ""
        return (f'<pre class="crib-friend-text" data-room="{escape(self.room)}" '
                f'data-relay="{escape(self.link.relay)}" {codes}data-n="{self.count}">{pairs}</pre>')

    def keep_text(self) -> str:
        """What the page keeps to bring this game back after a reload (`friend_keep.read`)."""
        if self.finished:  # the room too: this page's link opens no new player in it (friend_keep)
            return json.dumps({"v": KEEP_VERSION, "done": True, "room": self.room})
        state: dict[str, Any] = {"v": KEEP_VERSION, "code": self.link.code, "count": self.count,
                                 "sent": [[n, t] for n, t in self.sent[-KEEP_SENT:]], "status": self.status,
                                 "session": self.session.to_state()}
        if self.codes:
            state["codes"] = self.codes
        if self.show_up:
            state["show"] = self.show_up
        return json.dumps(state, separators=(",", ":"))

    @property
    def keep_mark(self) -> tuple[int, int, bool, int]:
        """Changes whenever `keep_text` would: a message sent, a message taken in, the game left, a
        show put up or away."""
        return self.count, self.session.taken, bool(self.finished), self.show_up

    def keep_html(self) -> str:
        """The hidden element's HTML the page keeps the game from (as a game table's, `table.keep`)."""
        return (f'<span class="crib-game-text" data-key="{escape(self.keep)}">'
                f'{escape(self.keep_text(), quote=False)}</span>')

    @classmethod
    def restored(cls, link: FriendLink, session: Session, keep: str, count: int,
                 sent: list[tuple[int, str]], status: str, codes: str = "", show: int = 0) -> FriendGame:
        """A game brought back from what the page kept (`friend_keep.read` checks it first)."""
        game = cls.__new__(cls)
        game.link, game.session, game.keep = link, session, keep
        game.codes, game.typed, game.shown, game.page_room = codes, "", "", ""
        game.status, game.note, game.finished, game._mismatch = status, "", "", ""
        game._in_other_tab = False
        if codes and status == "joined":  # by codes, nothing joins the two again but a new pair of codes
            game.status = "waiting"
        game.sent, game.count, game.listeners, game.relays, game._drawn = sent, count, [], (), ()
        game.gone, game.show_up = set(), show
        register(game)
        game._check_link()
        game._flush()
        return game


def _link_message(text: str) -> str:
    """The room of the link a message brings ("" for a message of the game; "?" for a damaged one)."""
    try:
        link = link_in(text)
    except CribbageError:
        return "?"
    return link.room if link is not None else ""


def _group(name: str) -> Group:
    if name not in GROUPS:
        raise CribbageError(f"group {name!r} is not known: choose one of {', '.join(GROUPS)}")
    return GROUPS[name]

