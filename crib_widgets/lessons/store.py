"""The learner's store: their answers, their deck of mistakes and their daily streak, as one JSON document.

How it is meant to be used. The page keeps one document in the browser's storage for this site
(``localStorage``), under one key; a widget loads it with `Store.restore` (none saved, or storage
blocked, gives a fresh `Store`: the widgets still work; a damaged one gives a fresh store and a
sentence to show, and the page keeps the damaged text aside), adds each answer with
`Store.add` and the daily hand with `Store.daily_done`, and saves `Store.to_text` back. The page
does the saving; this module only turns the progress into text and back. Nothing is sent anywhere.

The same document is the file a learner exports ("My progress" page) and imports on another
device: `Store.import_bytes` reads it through the bounded reader (`crib_widgets.bounded`), refuses a
bad file with one sentence naming what was wrong and what is allowed, leaving the progress as it
was, and merges a good one: answers are kept by their id (``<device>-<number>``, the device's own
random name and a counter), so importing the same file twice, or two devices' files in either
order, never loses nor doubles an answer. `Store.clear` forgets everything but the device's name.

The document::

    {"crib-progress": 1, "device": "3fa2c1d0", "next": 18,
     "answers": [{"id": "3fa2c1d0-17", "day": "2026-12-02", "lesson": "counting", ...}],
     "daily": ["2026-12-01", "2026-12-02"]}

The deck of mistakes is not written: it is rebuilt from the answers (`deck.Deck.of`).

>>> from crib_widgets.lessons import CountingLesson
>>> store = Store(device="d1")
>>> verdict = CountingLesson("5H 5D 5S JC", starter="5C").check_total(28)
>>> [a.id for a in store.add(verdict.records, "2026-12-02")]
['d1-1']
>>> other = Store(device="d2")
>>> other.import_bytes(store.to_text().encode(), "progress.json")
'Imported 1 answer and no daily hands from progress.json.'
>>> other.import_bytes(b'{"crib-progress": 2}', "new.json")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
crib_widgets.errors.CribbageError: new.json is a progress file of version 2: this page reads version 1 ...
"""

from __future__ import annotations

import json
import secrets
import time
from collections.abc import Iterable, Mapping

from ..bounded import check_strings, decode_bounded, load_json
from ..errors import CribbageError
from ..words import join_words, plural
from .checks import shown
from .daily import Streak
from .days import read_day
from .deck import Deck
from .progress import Answer, Progress, answer_key, split_answers
from .record import AnswerRecord

__all__ = ["Store", "FORMAT", "VERSION", "MAX_PROGRESS_BYTES"]

FORMAT, VERSION = "crib-progress", 1
# Twenty answers a day for three years is about 3 MB; the browser keeps about 5 MB for a site.
MAX_PROGRESS_BYTES = 4_000_000
_FIELDS = (FORMAT, "device", "next", "answers", "daily")
_FIX = "export it again from the My progress page"
_AFRESH = "Your saved progress could not be read, so this page starts afresh: {}."


class Store:
    """A learner's progress, deck and streak. ``device`` names this device in answer ids (a random
    name when left out: two devices never share one)."""

    def __init__(self, device: str | None = None) -> None:
        self.device = new_device() if device is None else device
        answer_key(f"{self.device}-1")  # a device name an id can hold
        self.next = 1
        self._answers: dict[str, Answer] = {}
        self.streak = Streak()

    # ---- what it holds ------------------------------------------------------------------------
    @property
    def answers(self) -> tuple[Answer, ...]:
        """Every answer, in the order given."""
        return tuple(sorted(self._answers.values(), key=lambda a: a.order))

    @property
    def progress(self) -> Progress:
        """The answers rated per skill."""
        return Progress(self._answers.values())

    @property
    def deck(self) -> Deck:
        """The deck of mistakes the answers make."""
        return Deck.of(self._answers.values())

    def add(self, records: Iterable[AnswerRecord], day: object) -> list[Answer]:
        """Keep a model's new records, given on ``day``: one `Answer` per answer they hold."""
        when = read_day(day)
        groups = split_answers(records)
        added = [Answer.of(group, f"{self.device}-{self.next + i}", when) for i, group in enumerate(groups)]
        self.next += len(added)
        self._answers.update((a.id, a) for a in added)
        return added

    def rename(self, device: str | None = None) -> None:
        """Number the answers given from now on under ``device`` (a new random name when left out),
        from 1: a page restored from text another tab restores too never gives that tab's ids."""
        device = new_device() if device is None else device
        answer_key(f"{device}-1")  # a device name an id can hold
        own = [n for d, n in (answer_key(i) for i in self._answers) if d == device]
        self.device, self.next = device, max([0, *own]) + 1

    def daily_done(self, day: object) -> None:
        """The daily hand of ``day`` is done."""
        self.streak.add(day)

    def clear(self) -> None:
        """Forget every answer and daily hand (the device's name and counter stay, so no id returns)."""
        self._answers = {}
        self.streak = Streak()

    # ---- the document -------------------------------------------------------------------------
    def to_dict(self) -> dict[str, object]:
        """The document in plain JSON values."""
        return {FORMAT: VERSION, "device": self.device, "next": self.next,
                "answers": [a.to_dict() for a in self.answers], "daily": self.streak.to_list()}

    def to_text(self) -> str:
        """The document as text: what the page saves, and the file a learner exports."""
        return json.dumps(self.to_dict(), ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def from_dict(cls, data: object, where: str = "the progress") -> Store:
        """A store from a document's values; a bad one is a `CribbageError` naming ``where``."""
        if not isinstance(data, Mapping) or FORMAT not in data:
            raise CribbageError(f"{where} is not a progress file: it has no \"{FORMAT}\" version (a progress "
                                f"file starts {{\"{FORMAT}\": {VERSION}, ...}}: {_FIX})")
        if type(data[FORMAT]) is not int or data[FORMAT] != VERSION:
            raise CribbageError(f"{where} is a progress file of version {shown(data[FORMAT])}: this page "
                                "reads version 1 (export it again from the page that wrote it)")
        extra = [str(k) for k in data if k not in _FIELDS]
        missing = [k for k in _FIELDS if k not in data]
        if extra or missing:
            what = f"holds {shown(extra[0])}" if extra else f"lacks \"{missing[0]}\""
            raise CribbageError(f"{where} {what}: a progress file holds {', '.join(_FIELDS)} ({_FIX})")
        store = cls(_device(data["device"], where))
        store.next = _next(data["next"], where)
        store._answers = _answers(data["answers"], where)
        store.streak = _streak(data["daily"], where)
        own = [n for d, n in (answer_key(i) for i in store._answers) if d == store.device]
        if own and max(own) >= store.next:
            raise CribbageError(f"{where} numbers its next answer {store.next}, but holds this device's "
                                f"answer {max(own)}: {_FIX}")
        return store

    @classmethod
    def from_text(cls, text: str, where: str = "the saved progress") -> Store:
        """A store from `to_text`'s text (read with the bounded reader's limits)."""
        if len(text) > MAX_PROGRESS_BYTES:
            raise CribbageError(f"{where} is larger than {MAX_PROGRESS_BYTES // 1000:,} KB: {_FIX}")
        return cls.from_dict(load_json(text, where), where)

    @classmethod
    def restore(cls, text: str | None, device: str | None = None) -> tuple[Store, str]:
        """The store the page saved (``text`` from the browser's storage, None when there is none or
        storage is blocked) and ``""``; when the text cannot be read, a fresh store and a sentence
        saying why, for the page to show (it should keep the old text aside before saving over it).

        >>> Store.restore(None, "d1")[0].answers, Store.restore('{"crib-progress": 1', "d1")[1][:40]
        ((), 'Your saved progress could not be read, s')
        """
        if not text:
            return cls(device), ""
        where = "the saved progress"
        try:  # parsed once; the characters are checked on the values, so a damaged answer can be set aside
            if len(text) > MAX_PROGRESS_BYTES:
                raise CribbageError(f"{where} is larger than {MAX_PROGRESS_BYTES // 1000:,} KB: {_FIX}")
            data = load_json(text, where, MAX_PROGRESS_BYTES, text_rules=False)
        except CribbageError as error:
            return cls(device), _AFRESH.format(error)
        try:
            check_strings(data, where)
            return cls.from_dict(data, where), ""
        except CribbageError as error:
            kept = _salvage(data)
            if kept is None:
                return cls(device), _AFRESH.format(error)
            store, lost = kept
            if not lost:
                return store, f"Your saved progress had a fault, mended as it was read: {error}."
            return store, (f"Part of your saved progress could not be read ({lost}) and was set aside; the "
                           f"rest is kept. The first problem: {error}.")

    def import_bytes(self, raw: bytes, name: str = "the progress file") -> str:
        """Merge a progress file's bytes (a file the learner picked) into this store, and say what
        came in; a bad file is a `CribbageError` naming it, and nothing here changes."""
        text = decode_bounded(raw, name, MAX_PROGRESS_BYTES, _FIX)
        return self.merge(Store.from_text(text, name), name)

    def merge(self, other: Store, name: str = "the other progress") -> str:
        """Take in ``other``'s answers and daily hands (kept once each); say what came in. An answer
        that differs from one held under the same id is refused, and nothing changes."""
        for key, answer in other._answers.items():
            if key in self._answers and self._answers[key] != answer:
                raise CribbageError(f"{name} holds an answer {key} that differs from the one kept here under "
                                    f"the same id: {_FIX}")
        new = {k: a for k, a in other._answers.items() if k not in self._answers}
        days = other.streak.days - self.streak.days
        own = [n for d, n in (answer_key(k) for k in new) if d == self.device]
        self._answers = {**self._answers, **new}
        self.streak = Streak(self.streak.days | days)
        self.next = max([self.next, *(n + 1 for n in own)])
        counted = "no answers" if not new else plural(len(new), "answer")
        hands = "no daily hands" if not days else plural(len(days), "daily hand")
        return f"Imported {counted} and {hands} from {name}."

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Store) and self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]  # mutable


def new_device() -> str:
    """A name for a new device or page: the time in seconds (hexadecimal, so a later page's name sorts
    after an earlier one's, and the answers of one day stay in the order given) and 3 random bytes."""
    return f"{int(time.time()):08x}{secrets.token_hex(3)}"


def _salvage(data: object) -> tuple[Store, str] | None:
    """What can be kept of saved progress (its JSON values) that `Store.from_dict` refused: the
    answers and days that are whole (a damaged one, such as half a character or a day past the
    calendar's end, is set aside), and words for what was lost; None when not even the document's
    frame can be read."""
    if not isinstance(data, dict):
        return None
    try:
        store = Store.from_dict({**data, "answers": [], "daily": []}, "the saved progress")
        check_strings({k: v for k, v in data.items() if k not in ("answers", "daily")}, "the saved progress")
    except CribbageError:
        return None
    lost_answers = lost_days = 0
    for value in _listed(data.get("answers")):
        try:
            answer = Answer.from_dict(value)
        except CribbageError:
            lost_answers += 1
            continue
        if answer.id in store._answers:
            lost_answers += 1
            continue
        store._answers[answer.id] = answer
    days = set()
    for value in _listed(data.get("daily")):
        try:
            days.add(read_day(value, "a daily hand's day"))
        except CribbageError:
            lost_days += 1
    store.streak = Streak(days)
    own = [n for d, n in (answer_key(i) for i in store._answers) if d == store.device]
    store.next = max([store.next, *(n + 1 for n in own)])
    lost = [plural(lost_answers, "answer")] if lost_answers else []
    lost += [plural(lost_days, "daily hand")] if lost_days else []
    return store, join_words(lost)


def _listed(value: object) -> list[object]:
    """A list as it is; anything else one damaged entry."""
    return value if isinstance(value, list) else [value]


def _device(value: object, where: str) -> str:
    try:
        answer_key(f"{value}-1")
    except CribbageError:
        raise CribbageError(f"{where}'s device {shown(value)} is not a device name: 1 to 16 small letters "
                            f"or digits ({_FIX})") from None
    return str(value)


def _next(value: object, where: str) -> int:
    if type(value) is not int or not 1 <= value <= 999_999_999:
        raise CribbageError(f"{where}'s next {shown(value)} is not an answer's number: a whole number from 1 "
                            f"({_FIX})")
    return value


def _answers(value: object, where: str) -> dict[str, Answer]:
    if not isinstance(value, list):
        raise CribbageError(f"{where}'s answers {shown(value)} are not a list of answers ({_FIX})")
    answers: dict[str, Answer] = {}
    for number, data in enumerate(value, 1):
        try:
            answer = Answer.from_dict(data)
        except CribbageError as error:
            raise CribbageError(f"{where}'s answer {number}: {error}") from None
        if answer.id in answers:
            raise CribbageError(f"{where}'s answer {number} has the id {answer.id} of an earlier one: each "
                                "answer has its own id")
        answers[answer.id] = answer
    return answers


def _streak(value: object, where: str) -> Streak:
    if not isinstance(value, list):
        raise CribbageError(f"{where}'s daily {shown(value)} is not a list of days such as "
                            f'["2026-12-02"] ({_FIX})')
    try:
        return Streak(value)
    except CribbageError as error:
        raise CribbageError(f"{where}'s daily hands: {error}") from None
