"""`Session`: one device's side of a game played between devices, without a browser.

A session holds the engine for the deal in play (`crib_widgets.remote.record`), which seats are
this device's (its people's, and at the device that made the link the computers'), and the
others' messages it has taken in. It checks each of them: a message that is not remote play is
refused with one sentence (`refused`) and changes nothing; a move the engine refuses, a deal step
that does not add up, a broken proof or a tampered message stops the game with one sentence
(`stopped`), and `save` keeps the game up to its last deal proved honest.

A friend's link opened on a second device while the first plays gives two pages one device number:
each page's join names a page id of its own, so the others ignore the second page's messages
(`_another_page`), and that page, whose messages nobody took in, keeps out (`keep_out`).

How it is driven (a page, or a test): hand every text that arrives to `receive`; send what
`outbox` holds (``(device or None for all, text)``) after keeping `to_state` (so a reload can
`restore` it: this device's secrets stay in it, on this device); call `tick` now and then (it
acknowledges, so a dropped message is sent again); offer `legal_moves` to this device's players
and hand their choice to `play`. `events` are what to draw, `waiting_for` and `left` what to say.
"""

from __future__ import annotations

import random
from contextlib import suppress
from typing import Any

from ..cards import Card
from ..errors import CribbageError
from ..game import Discard, Event, EventKind, Game, Move, Play
from ..game.moves import move_to_list
from . import checkpoint
from .ahead import Ahead, next_deal
from .group import CARDS, GROUPS, Group
from .keep import read_kept, write_kept
from .mailbox import Conflict, Elsewhere, Mailbox
from .options import Options
from .poker import DealKeys, check_shuffle, check_strips, shuffle, strip
from .record import DealRecord, Foul, Layout
from .wire import Message, WireError, hex_number, number, read

__all__ = ["Session", "Foul", "new_game_id", "ELSEWHERE_STOP"]

#: `Session.stopped` of a second page at a device already in the game (for the records; the players
#: read `crib_widgets.table.friend_stops.ELSEWHERE`).
ELSEWHERE_STOP = "another page plays this device's part in this game: this page keeps out of it"


class Session:
    """This device's side of one remote game; see the module."""

    def __init__(self, me: int, game: str, group: Group, options: Options | None = None) -> None:
        self.me, self.game, self.group = me, game, group
        self.options: Options | None = None
        self.stopped: str | None = None
        self.stop_cause = ""  # what kind of wrong stopped it (`Foul.cause`, "changed" for a wire's)
        self.stop_device: int | None = None  # whose message stopped it (None: found in this device's duty)
        self.refused: list[str] = []
        self.left: set[int] = set()
        self.outbox: list[tuple[int | None, str]] = []
        self._mail = Mailbox(game, me)
        self._hello = ""
        self._page = new_game_id()  # this page's id, named in its join (see the module)
        self._pages: dict[int, str] = {}  # device -> the page id of the join taken in from it
        self._foreign: set[str] = set()  # digests of messages of second pages, ignored
        self._joined: set[int] = {0}
        self._deals: list[DealRecord] = []
        self._ahead = Ahead(group)  # this device's keys for each deal, and its work done ahead
        self._engine: Game | None = None
        self._engine_deal = 0
        self._log: list[tuple[int, int, int, str]] = []  # each message taken in: deal, sender, seq, text
        self._taken = 0  # how many messages were taken in (a checkpoint stands for those before it)
        self._past: list[Event] = []
        self._kept: list[tuple[list[Card], list[Move]]] = []  # deals proved honest: deck, moves
        self.last_over: tuple[int, Game] | None = None  # the deal over last and its engine, for its show
        if options is not None:
            if me != 0:
                raise CribbageError("only device 0 (the one that makes the link) sends the game's options")
            self._emit("hello", options.body())
            self._ahead.prepare(1)  # the first deal's shuffle, made while the friends open the link
        self._settle()

    # ---- driving -------------------------------------------------------------------------------

    def receive(self, text: str, came_from: int | None = None) -> None:
        """Take in a text from another device (never raises: see `refused` and `stopped`).
        ``came_from``: the device whose connection (WebRTC: one per pair) it came on, if known: a
        message naming another sender is refused, so no device can speak for another."""
        if self.stopped:
            return
        try:
            message = read(text)
            sending, idle = len(self.outbox), self._next_deal()
            if came_from is not None and message.sender != came_from:
                raise CribbageError(f"a message came from device {came_from} in the name of device "
                                    f"{message.sender}")
            if self.options is not None and message.sender >= self.options.device_count:
                raise CribbageError(f"a message came from device {message.sender}, which is not in this game")
        except CribbageError as error:
            self.refused = [*self.refused[-49:], str(error)]  # the last 50 are enough to tell what went on
            return
        try:
            if message.is_control:
                self._answer(message)
                return
            for taken in self._mail.receive(message):
                self._take(taken)
        except Elsewhere:
            self.keep_out()
            return
        except Conflict as conflict:
            if not self._another_page(conflict.message):
                self._stop(str(conflict), "changed", message.sender)
            return
        except CribbageError as error:
            self._stop(str(error), _cause(error), message.sender)
            return
        if self._mail.gaps():
            self.outbox.append((None, self._mail.compose("ack", {}).text))
        self._settle()
        if idle is not None and len(self.outbox) == sending and self._next_deal() == idle:
            self._ahead.prepare(idle)  # nobody waited for this device: make the next deal's work ahead

    def tick(self) -> None:
        """Acknowledge what this device has, so another device sends again what was lost."""
        if not self.stopped:
            self.outbox.append((None, self._mail.compose("ack", {}).text))

    def play(self, move: Move) -> None:
        """Play ``move`` for one of this device's seats; an `IllegalMove` (state unchanged) if the
        engine refuses it, a `CribbageError` if it is not this device's to make now."""
        engine = self._engine
        if engine is None or not self.legal_moves() or move.seat not in self.seats:
            raise CribbageError("that move is not this device's to make now")
        engine.check(move)  # the engine's own sentence for a move the rules forbid
        record = self._deals[-1]
        entry = move_to_list(move)
        if isinstance(move, Discard):
            slots = [s for s in record.in_hand(move.seat) if record.known.get(s) in move.cards]
            entry = ["discard", move.seat, slots]
        elif isinstance(move, Play):
            slot = next(s for s in record.in_hand(move.seat) if record.known.get(s) == move.card)
            entry = ["play", move.seat, slot, hex_number(self.group.encode(move.card.index))]
        self._emit("move", {"deal": record.number, "move": entry})
        self._settle()

    def leave(self) -> None:
        """Tell the others this device's player has left."""
        if not self.stopped:
            self._emit("leave", {"why": ""})

    # ---- what the view needs ------------------------------------------------------------------

    @property
    def seats(self) -> tuple[int, ...]:
        """The seats this device plays."""
        return self.options.seats_of(self.me) if self.options else ()

    @property
    def engine(self) -> Game | None:
        """The engine of the deal in play (None while a deal is being dealt). Other devices' cards
        in it are stand-ins: draw them face down (see `hand`)."""
        return self._live()

    def _live(self) -> Game | None:
        """The engine, while it plays the deal in play (not a deal over, nor one still being dealt)."""
        if not self._deals or self._deals[-1].done or self._engine_deal != self._deals[-1].number:
            return None
        return self._engine

    @property
    def played(self) -> tuple[int, Game | None]:
        """The number of the deal the engine plays (or played last) and that engine: a deal just
        over keeps its engine, so its show can be drawn while the next deal is dealt."""
        return self._engine_deal, self._engine

    def hand(self, seat: int) -> tuple[Card, ...] | int:
        """This device's seat's cards, or how many cards another device's seat holds."""
        if self._live() is None or self._engine is None:
            return 0
        cards = self._engine.hands[seat]
        return cards if seat in self.seats else len(cards)

    def legal_moves(self) -> list[Move]:
        """The moves this device's seats may make now (none while a message is awaited)."""
        engine, mine = self._live(), self.seats
        if self.stopped or engine is None or self._deals[-1].applied < len(self._deals[-1].moves):
            return []
        return [m for m in engine.legal_moves() if m.seat in mine]

    @property
    def events(self) -> list[Event]:
        """Everything that happened, to draw; cards laid face down by others are not in them."""
        engine = self._live()
        current = self._deal_events(engine) if engine is not None else []
        return self._past + current

    @property
    def is_over(self) -> bool:
        engine = self._engine
        return bool(self._deals) and self._deals[-1].done and engine is not None and engine.is_over

    @property
    def taken(self) -> int:
        """How many messages this device has taken in (its kept log grows by one with each)."""
        return self._taken

    def heard(self, device: int) -> bool:
        """Whether a game message of ``device`` has been taken in (it is in the game)."""
        return 0 <= device < len(self._mail.have) and self._mail.have[device] > 0

    @property
    def proved(self) -> bool:
        """Whether every deal over so far has been proved honest by every device."""
        count = self.options.device_count if self.options else 0
        return all(len(r.keys) == count for r in self._deals if r.done)

    def waiting_for(self) -> str | None:
        """Who the game waits for, in words ("Waiting for Ben to shuffle", "Ben left: ..."), or None
        when it waits for this device or is over."""
        if self.stopped or self.is_over:
            return None
        if self.options is None:
            return "Waiting for the game's options from the friend who made the link"
        device, doing = self._awaited()
        if device is None or device == self.me:
            return None
        name = self.options.device_name(device)
        if device in self.left:
            return f"{name} has left the game"
        return f"Waiting for {name}{doing}"

    def _awaited(self) -> tuple[int | None, str]:
        """The device the game waits for and what for (words after its name)."""
        o = self._need_options()
        missing = [d for d in range(o.device_count) if d not in self._joined]
        if missing:
            return missing[0], " to join"
        if not self._deals:
            return None, ""
        record = self._deals[-1]
        if len(record.shuffles) < o.device_count:
            return len(record.shuffles), " to shuffle"
        late = record.next_strippers(o.devices, o.rules.discards)
        if late:
            return late[0], " to show the cards"
        engine = self._live()
        turn = None if engine is None or self.legal_moves() else engine.whose_turn
        return (None, "") if turn is None else (o.devices[turn], "")

    def save(self) -> str:
        """The game up to its last deal proved honest, as a save (`Game.from_json` reads it)."""
        return self.kept_game().to_json()

    def kept_game(self, seed: int = 0, *, here: bool = False) -> Game:
        """The game up to its last deal proved honest, the next deal shuffled from ``seed``: to finish
        against the computer when a friend has left. The same on every device; with ``here``, its
        sentences as this device's table says them (`Options.names_at`)."""
        o = self._need_options()
        decks = [deck for deck, _ in self._kept]
        names = o.names_at(self.me) if here else o.names
        game = Game(o.rules, seed=seed, deck=decks or None, dealer=o.dealer, names=list(names))
        for _, moves in self._kept:
            for move in moves:
                game.apply(move)
        return game

    # ---- keeping and restoring ----------------------------------------------------------------

    def to_state(self) -> dict[str, Any]:
        """What this device keeps to rejoin after a reload: its own secrets, and the messages taken
        in; once a deal is over and proved by every device, a checkpoint of the deals settled
        (`crib_widgets.remote.checkpoint`) and only the later deals' messages (this device's own
        as their number in the checkpoint's messages still owed), so it stays small."""
        deals = checkpoint.settled(self)
        secrets = {str(k): v.to_dict() for k, v in self._ahead.secrets.items() if k > deals}
        state: dict[str, Any] = {"me": self.me, "game": self.game, "group": self.group.name,
                                 "secrets": secrets}
        if not deals:
            state["log"] = [text for *_, text in self._log]
            return state
        base = checkpoint.take(self, deals)
        later = [entry for entry in self._log if entry[0] > deals]
        first = base["mail"]["from"]
        state["log"] = [seq if sender == self.me and seq >= first else text for _, sender, seq, text in later]
        state["base"] = {**base, "taken": self._taken - len(later)}
        return state

    @classmethod
    def restore(cls, kept: str | dict[str, Any]) -> Session:
        """The session `to_state` kept (or its text, `keep.write_kept`), brought back where it was; it
        asks the others for what it missed. A damaged state is a `CribbageError` of one sentence."""
        state = read_kept(kept if isinstance(kept, str) else write_kept(kept))
        try:
            return cls._replay(state)
        except CribbageError as error:
            raise CribbageError(f"the game kept on this device cannot be taken up again: {error}") from None

    @classmethod
    def _replay(cls, state: dict[str, Any]) -> Session:
        session = cls(state["me"], state["game"], GROUPS[state["group"]])
        session._ahead.secrets = {int(k): DealKeys.from_dict(v) for k, v in state["secrets"].items()}
        if "base" in state:
            checkpoint.put_back(session, state["base"])
            own = {m.seq: m.text for m in session._mail.sent}
            for item in state["log"]:
                if isinstance(item, int) and item not in own:
                    raise CribbageError(f"its message {item} is not among its own messages kept")
                session._take(read(own[item] if isinstance(item, int) else item))
            state = {**state, "log": []}
        for text in state["log"]:
            message = read(text)
            if message.sender == session.me:
                session._mail.restore(message)
                session._take(message)
            else:
                for taken in session._mail.receive(message):
                    session._take(taken)
        session.outbox.append((None, session._mail.compose("resync", {}).text))
        session._settle()
        return session

    # ---- taking messages in -------------------------------------------------------------------

    def _emit(self, kind: str, body: dict[str, Any]) -> None:
        message = self._mail.compose(kind, body)
        self._take(message)
        self.outbox.append((None, message.text))

    def _answer(self, control: Message) -> None:
        if control.kind == "resync":
            self.left.discard(control.sender)
        for message in self._mail.owed_to(control):
            self.outbox.append((control.sender, message.text))

    def _another_page(self, message: Message) -> bool:
        """Whether ``message``, which differs from the one taken under its number, is a second
        page's at that device (its join names another page id, or it follows such a message) rather
        than a changed one. A page id unknown here (a join older than this device's checkpoint):
        the first join was taken in long ago, so a different one is a second page's."""
        if message.kind == "join" and message.seq == 1:
            second = self._pages.get(message.sender) != message.body["page"]
        else:
            second = message.prev in self._foreign
        if second:
            self._foreign.add(message.digest)
        return second

    def keep_out(self) -> None:
        """Another page (device, tab) plays this device's part: this one keeps out, sending nothing."""
        self.stopped, self.stop_cause, self.stop_device = ELSEWHERE_STOP, "elsewhere", self.me

    def _stop(self, sentence: str, cause: str = "dishonest", device: int | None = None) -> None:
        """Stop the game, and tell the others why, so that they stop too."""
        if self.stopped is None:
            self.stop_cause, self.stop_device = cause, device
        if self.stopped is None and self.options is not None:
            with suppress(CribbageError):  # the game stops all the same
                self._emit("leave", {"why": sentence[:300]})
        self.stopped = sentence

    def _take(self, message: Message) -> None:
        deal = message.body["deal"] if message.kind in ("shuffle", "strip", "move", "proof") else 0
        self._log.append((deal, message.sender, message.seq, message.text))
        self._taken += 1
        if message.kind != "hello" and self.options is None:
            raise Foul("a message arrived before the game's options")
        getattr(self, "_on_" + message.kind)(message)
        self._learn()
        self._advance()

    def _need_options(self) -> Options:
        if self.options is None:
            raise CribbageError("the game's options have not arrived yet")
        return self.options

    def _on_hello(self, message: Message) -> None:
        if message.sender != 0 or self.options is not None:
            raise Foul("only the device that made the link sends the game's options, once")
        options = Options.from_body(message.body, self.group.name)
        if self.me >= options.device_count:
            raise Foul(f"this game has {options.device_count} devices: this one is not among them")
        self.options, self._hello = options, message.digest

    def _on_join(self, message: Message) -> None:
        o = self._need_options()
        if message.sender >= o.device_count or message.body["hello"] != self._hello:
            raise Foul(f"device {message.sender} joined another game")
        self._pages[message.sender] = message.body["page"]
        self._joined.add(message.sender)
        if len(self._joined) == o.device_count and not self._deals:
            self._begin(o.dealer, (0,) * o.rules.sides)

    def _begin(self, dealer: int, scores: tuple[int, ...]) -> None:
        o = self._need_options()
        layout = Layout.of(o.rules.players, dealer)
        self._deals.append(DealRecord(len(self._deals) + 1, dealer, scores, layout))

    def _record(self, message: Message) -> DealRecord:
        if not self._deals or message.body["deal"] != self._deals[-1].number:
            raise Foul(f"{self._who(message)} sent a step of another deal")
        return self._deals[-1]

    def _who(self, message: Message) -> str:
        return self.options.device_name(message.sender) if self.options else f"device {message.sender}"

    def _on_shuffle(self, message: Message) -> None:
        record = self._record(message)
        if message.sender != len(record.shuffles):
            raise Foul(f"{self._who(message)} shuffled out of turn")
        deck = [number(v, "a shuffled card") for v in message.body["deck"]]
        size = record.layout.size if message.sender == self._need_options().device_count - 1 else CARDS
        if len(deck) != size or len(set(deck)) != size or not all(self.group.is_number(v) for v in deck):
            raise Foul(f"{self._who(message)} sent a deck that is not {size} different locked cards")
        record.shuffles[message.sender] = deck
        if len(record.shuffles) == self._need_options().device_count:
            record.values = list(deck)
            record.locks = [set(range(len(record.shuffles))) for _ in range(CARDS)]

    def _on_strip(self, message: Message) -> None:
        record = self._record(message)
        devices, discards = self._need_options().devices, self._need_options().rules.discards
        for slot, text in message.body["values"]:
            due = record.strippers(slot, devices, discards)
            if not due or due[0] != message.sender:
                raise Foul(f"{self._who(message)} showed a card that was not theirs to show")
            record.take_off(self.group, message.sender, slot, number(text, "a shown card"))

    def _on_move(self, message: Message) -> None:
        record, o = self._record(message), self._need_options()
        entry = list(message.body["move"])
        seat = entry[1]
        if seat >= o.rules.players or o.devices[seat] != message.sender:
            raise Foul(f"{self._who(message)} moved for a seat that is not theirs")
        if record.locks == [] or record.done:
            raise Foul(f"{self._who(message)} moved before the cards were dealt")
        held = record.in_hand(seat)
        if entry[0] == "discard" and not set(entry[2]) <= set(held):
            raise Foul(f"{self._who(message)} discarded a card they do not hold")
        if entry[0] == "play":
            slot = entry[2]
            if slot not in held or record.locks[slot] != {message.sender}:
                raise Foul(f"{self._who(message)} laid a card they do not hold")
            record.take_off(self.group, message.sender, slot, number(entry.pop(), "a laid card"))
        record.moves.append(entry)

    def _on_proof(self, message: Message) -> None:
        deal = message.body["deal"]
        if not 1 <= deal <= len(self._deals) or not self._deals[deal - 1].done:
            raise Foul(f"{self._who(message)} proved a deal that is not over")
        record, sender = self._deals[deal - 1], message.sender
        if sender in record.keys:
            raise Foul(f"{self._who(message)} proved deal {deal} twice")
        keys = DealKeys(number(message.body["key"], "a key"), tuple(message.body["order"]))
        before = record.shuffles[sender - 1] if sender else self.group.plain_deck()
        own = [s for s in record.strips if s.device == sender]
        if sender != self.me and not (check_shuffle(self.group, before, record.shuffles[sender], keys)
                                      and check_strips(self.group, own, keys)):
            raise Foul(f"{self._who(message)}'s proof of deal {deal} is broken: that deal was not honest",
                       "dishonest")
        record.keys[sender] = keys
        if len(record.keys) == self._need_options().device_count:
            self._kept.append(record.kept(self.group, self._need_options().rules.players))

    def _on_leave(self, message: Message) -> None:
        why = message.body["why"]
        if message.sender == self.me:
            return
        if why:
            raise Foul(f"{self._who(message)}'s device stopped the game: {why}", "theirs")
        self.left.add(message.sender)

    # ---- the deal -----------------------------------------------------------------------------

    def _learn(self) -> None:
        """Take this device's own lock off its seats' cards once every other lock is off (never sent)."""
        if not self._deals or not self._deals[-1].locks:
            return
        record = self._deals[-1]
        for seat in self.seats:
            for slot in record.layout.slots_of(seat):
                if slot not in record.known and record.locks[slot] == {self.me}:
                    record.show(self.group, slot, self._ahead.unlock(record, slot))

    def _next_deal(self) -> int | None:
        """The deal this device may make its work for ahead (`ahead.next_deal`), if any."""
        if self.options is None or self.stopped or not self._deals:
            return None
        return next_deal(self._deals[-1], self.seats)

    def _advance(self) -> None:
        """Let the engine take every move it can (the starter and the crib are shown first)."""
        if not self._deals or not self._deals[-1].locks:
            return
        record, o = self._deals[-1], self._need_options()
        if any(s not in record.known for seat in self.seats for s in record.layout.slots_of(seat)):
            return
        if self._engine is None or self._engine_deal != record.number:
            self._rebuild(record)
        while record.applied < len(record.moves) and record.ready(record.moves[record.applied],
                                                                   o.rules.players):
            entry = record.moves[record.applied]
            assert self._engine is not None
            if entry[0] == "go":
                record.rooms.append((int(entry[1]), 31 - self._engine.count))  # type: ignore[call-overload]
            record.applied += 1
            try:
                self._rebuild(record)
            except CribbageError as error:
                name = o.names[int(entry[1])]  # type: ignore[call-overload]
                raise Foul(f"{name}'s move was refused: {error}", "refused") from None
        engine = self._engine
        assert engine is not None
        if not record.done and (engine.deal_number > 1 or engine.is_over):
            self._finish(record, engine)

    def _rebuild(self, record: DealRecord) -> None:
        o = self._need_options()
        self._engine = record.engine(o.rules, o.names_at(self.me), set(self.seats))
        self._engine_deal = record.number

    def _finish(self, record: DealRecord, engine: Game) -> None:
        """The deal is over: draw its events and begin the next (it is kept once it is proved)."""
        record.done = True
        self.last_over = (record.number, engine)
        self._past += self._deal_events(engine)
        if not engine.is_over:
            self._begin(engine.dealer, engine.scores)

    def _deal_events(self, engine: Game) -> list[Event]:
        events: list[Event] = []
        for event in engine.events:
            if event.kind == EventKind.DEAL and events:
                break  # the engine's next deal: the next record draws its own
            if event.kind == EventKind.NOTE and self._past:
                continue
            if (event.kind.quiet and event.seat not in self.seats) or event.kind == EventKind.CRIB_CARD:
                event = Event(event.kind, event.text, event.seat, event.side, event.points)
            events.append(event)
        return events

    # ---- this device's duties -----------------------------------------------------------------

    def _settle(self) -> None:
        while not self.stopped and self._duty():
            pass

    def _duty(self) -> bool:
        """Send the one message this device owes now, if any; whether it sent one."""
        o = self.options
        if o is None:
            return False
        try:
            if self.me not in self._joined:
                self._emit("join", {"hello": self._hello, "page": self._page})
                return True
            if not self._deals:
                return False
            record = self._deals[-1]
            if len(record.shuffles) == self.me:
                last = self.me == o.device_count - 1  # it deals only the cards the deal uses, picked blind
                keys = self._ahead.keys(record.number, record.layout.size if last else CARDS)
                if self.me == 0:
                    deck = self._ahead.locked(record.number, keys)
                else:
                    deck = shuffle(self.group, record.shuffles[self.me - 1], keys)
                self._emit("shuffle", {"deal": record.number, "deck": [hex_number(v) for v in deck]})
                return True
            owed = [slot for slot in range(CARDS)
                    if (due := record.strippers(slot, o.devices, o.rules.discards)) and due[0] == self.me]
            if owed:
                keys = self._ahead.secrets[record.number]
                values = [[slot, hex_number(strip(self.group, record.values[slot], keys))] for slot in owed]
                self._emit("strip", {"deal": record.number, "values": values})
                return True
            return self._prove()
        except CribbageError as error:
            self._stop(str(error), _cause(error))
            return False

    def _prove(self) -> bool:
        for record in self._deals:
            if record.done and self.me not in record.keys:
                keys = self._ahead.secrets[record.number]
                self._emit("proof", {"deal": record.number, "key": hex_number(keys.key),
                                     "order": list(keys.order)})
                return True
        return False


def _cause(error: CribbageError) -> str:
    """The kind of wrong ``error`` is (see `Foul`): "changed" for a message the wire or the mailbox
    refuses, "other" for a game this page cannot take up (another version's options)."""
    if isinstance(error, WireError):
        return "changed"
    return error.cause if isinstance(error, Foul) else "other"


def new_game_id() -> str:
    """A fresh game id (16 hex digits) for a link."""
    return format(random.SystemRandom().getrandbits(64), "016x")
