"""A class tournament on the same cards, through the teacher's loop: class file, links, signed results.

`crib assign --tournament` makes a `Tournament`: a set of boards (`DuplicateSet`: seed, deals, the
computer's level), the roster and a class secret. Each student's link opens the book's full-game
page on those boards with their name and their signing key; at the end the game table writes a
results file in the assignment's format (``crib_results``), one "answer" per board in words
(``points +3: discard 5H 6D; play 7C; announce 8``), signed with `results.sign` under that key.
`crib grade` checks it as it checks an assignment's (`collect.collect`: right class, a name on the
list, unchanged since it was saved) and then replays every board through the engine
(`duplicate.replay_boards`): the file's points are never trusted, a changed move or score is refused.

>>> t = Tournament(DuplicateSet(seed=7, deals=2, level="beginner"), ("Ann", "Ben"), secret="11" * 16)
>>> t.code
'tournament/7/2/beginner'
>>> entry = read_link(t.link("Ann", "https://example.org/crib/"))
>>> entry.student, entry.chosen == t.chosen, entry.key == t.student_key("Ann")
('Ann', True, True)
"""

from __future__ import annotations

import hashlib
import json
import re
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, ClassVar, TypeGuard
from urllib.parse import parse_qs, quote, urlencode

from ..errors import CribbageError
from ..exercises.assign import (
    ClassChanged,
    NotClassFile,
    checked_class,
    find_on_roster,
    read_class_file,
    roster_lists,
    signing_key,
    with_roster_extras,
)
from ..exercises.collect import Collected
from ..exercises.generate import check_student
from ..exercises.results import FORMAT as RESULTS_FORMAT
from ..exercises.results import sign
from ..game.moves import move_from_list
from .duplicate import TOURNAMENT_LINK_KEY, BoardScore, DuplicateSet, Standing, rank, replay_boards

__all__ = ["Tournament", "TournamentEntry", "PAGE", "is_tournament", "load_tournament", "read_link",
           "results_data", "board_answer", "board_from_answer", "grade"]

FORMAT = 1
#: The page a student's link opens (its game table reads the link), relative to the site's root.
PAGE = "book/15_full_game.html"
_LINK_FIELDS = ("set", "student", "class", "key")
_CODE = re.compile(r"tournament/(\d{1,9})/(\d{1,2})/([a-z]+)(/muggins)?")


def _code(chosen: DuplicateSet) -> str:
    return f"tournament/{chosen.seed}/{chosen.deals}/{chosen.level}" + ("/muggins" if chosen.muggins else "")


def _set_from_code(code: object) -> DuplicateSet:
    found = _CODE.fullmatch(code) if isinstance(code, str) else None
    if found is None:
        raise CribbageError(f"{str(code)[:40]!r} is not a tournament's code (e.g. tournament/7/8/expert)")
    return DuplicateSet(int(found[1]), int(found[2]), found[3], bool(found[4]))


def _link_sum(params: Mapping[str, object]) -> str:
    """16 hex digits over the link's fields: catches a link cut short or edited by accident."""
    text = "\x1f".join(str(params[name]) for name in _LINK_FIELDS)
    return hashlib.sha256(f"tournament\x1f{text}".encode()).hexdigest()[:16]


@dataclass(frozen=True)
class Tournament:
    """A tournament for a class: the boards (``chosen``), the roster and the class secret. It answers
    what `results.read_results` and `collect.collect` ask of a class (``code``, ``fingerprint``,
    ``hands``, ``students``, ``find_student``, ``student_key``, ``CARDS_BY_NAME``)."""

    #: Everyone plays the same boards: a name's key signs the results only (results.read_results).
    CARDS_BY_NAME: ClassVar[bool] = False
    chosen: DuplicateSet
    roster: tuple[str, ...]
    secret: str = field(default_factory=lambda: secrets.token_hex(16), repr=False)
    added: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        names, added = checked_class(self.secret, self.roster, self.added)
        object.__setattr__(self, "roster", names)
        object.__setattr__(self, "added", added)

    @property
    def students(self) -> tuple[str, ...]:
        return self.roster + self.added

    def with_students(self, names: tuple[str, ...] | list[str]) -> Tournament:
        return replace(self, added=self.added + tuple(names))

    @property
    def code(self) -> str:
        """The tournament's code, e.g. ``tournament/7/8/expert`` (``/muggins`` at the end with Muggins)."""
        return _code(self.chosen)

    @property
    def hands(self) -> int:
        """One "answer" per board in a results file."""
        return self.chosen.deals

    @property
    def fingerprint(self) -> str:
        text = json.dumps([FORMAT, "tournament", self.code, list(self.roster), self.secret],
                          ensure_ascii=False, separators=(",", ":"))
        return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]

    def find_student(self, name: str) -> str:
        return find_on_roster(name, self.students)

    def student_key(self, name: str) -> str:
        return signing_key(self.secret, self.fingerprint, self.find_student(name))

    def link(self, name: str, site: str = "") -> str:
        """The student's link: the full-game page with the boards, their name and their key."""
        student = self.find_student(name)
        params = {"set": self.code, "student": student, "class": self.fingerprint,
                  "key": self.student_key(student)}
        params["sum"] = _link_sum(params)
        base = (site.rstrip("/") + "/") if site else ""
        return f"{base}{PAGE}#{TOURNAMENT_LINK_KEY}{FORMAT}&{urlencode(params, quote_via=quote)}"

    def to_json(self, site: str = "") -> dict[str, object]:
        data: dict[str, object] = {"crib_tournament": FORMAT, "set": self.code, **self.chosen.to_dict(),
                "roster": list(self.roster), "fingerprint": self.fingerprint, "secret": self.secret}
        return with_roster_extras(data, self.added, site)

    @classmethod
    def from_json(cls, data: object, where: str = "the class file") -> Tournament:
        try:
            if not isinstance(data, dict) or data.get("crib_tournament") != FORMAT:
                raise KeyError("crib_tournament")
            roster, added = roster_lists(data)
            made = cls(DuplicateSet(data["seed"], data["deals"], data["level"], data.get("muggins", False)),
                       roster, data["secret"], added)
        except (KeyError, TypeError, ValueError) as error:
            if isinstance(error, CribbageError):
                raise CribbageError(f"{where}: {error}") from None
            raise NotClassFile(f"{where} is not a crib tournament file (missing or bad {error}): "
                               "give the class.json that `crib assign --tournament` wrote") from None
        if made.fingerprint != data.get("fingerprint") or made.code != data.get("set"):
            raise ClassChanged(f"{where} was changed after `crib assign` wrote it (its fingerprint does "
                               "not match): use the original, or make the tournament again")
        return made


def is_tournament(data: object) -> TypeGuard[dict[str, Any]]:
    """Whether a class file's content is a tournament's (`Tournament.to_json`)."""
    return isinstance(data, dict) and "crib_tournament" in data


def load_tournament(folder: Path) -> tuple[Tournament, str] | None:
    """The tournament of a class folder (or class file) and the site its links name; None when the
    class is an assignment's."""
    data, where = read_class_file(folder)
    if not is_tournament(data):
        return None
    site = data.get("site", "")
    return Tournament.from_json(data, where), site if isinstance(site, str) else ""


# ---- the student's side: the link and the results file ----------------------------------------------


@dataclass(frozen=True)
class TournamentEntry:
    """What a student's link carries: the boards, the name, the class fingerprint, the signing key."""

    chosen: DuplicateSet
    student: str
    fingerprint: str
    key: str

    @property
    def code(self) -> str:
        return _code(self.chosen)


def read_link(href: object) -> TournamentEntry:
    """The tournament in a student's link; a cut or edited link is refused with one sentence."""
    text = href if isinstance(href, str) else ""
    start = text.find(TOURNAMENT_LINK_KEY)
    if start < 0 or len(text) > 2000:
        raise CribbageError("this is not a tournament link: open the link your teacher sent")
    fields = {k: v[0] for k, v in parse_qs(text[start:], keep_blank_values=True).items() if v}
    try:
        params = {name: fields[name] for name in _LINK_FIELDS}
        if _link_sum(params) != fields.get("sum"):
            raise KeyError("sum")
        chosen = _set_from_code(params["set"])
        check_student(params["student"])
    except (KeyError, CribbageError):
        raise CribbageError("this tournament link is damaged (cut short or changed): open the link your "
                            "teacher sent again, whole") from None
    return TournamentEntry(chosen, params["student"], params["class"], params["key"])


_WORDS = {"discard", "play", "go", "announce", "answer"}
_NUMBER = re.compile(r"[0-9]{1,3}")


def board_answer(board: Mapping[str, Any]) -> str:
    """A played board in words: ``points +3: discard 5H 6D; play 7C; announce 8``."""
    moves = []
    for move in board["moves"]:
        kind, _seat, *rest = move
        words = [kind] + [w for item in rest for w in (item if isinstance(item, list) else [item])]
        moves.append(" ".join(str(w) for w in words))
    return f"points {board['points']:+d}: " + "; ".join(moves)


def board_from_answer(text: str, number: int) -> dict[str, Any]:
    """A board read back from its words (the inverse of `board_answer`), as `replay_boards` takes it."""
    found = re.fullmatch(r"points ([+-][0-9]{1,3}): (.*)", text.strip(), re.S)
    if found is None:
        raise CribbageError(f"board {number}: damaged (it should read 'points +3: discard ...; play ...')")
    moves: list[list[object]] = []
    for part in found[2].split(";"):
        words = part.split()
        if not words or words[0] not in _WORDS:
            raise CribbageError(f"board {number}: {part.strip()[:30]!r} is not a move")
        kind, rest = words[0], words[1:]
        listed: list[object]
        if kind == "discard":
            listed = ["discard", 0, rest]
        else:  # only the digits 0-9 make a number: "²" and "٣" are digits to str.isdigit, not to int()
            listed = [kind, 0, *(int(w) if _NUMBER.fullmatch(w) else w for w in rest)]
        try:
            move_from_list(listed)  # a move that cannot even be read is named here, by its board
        except (CribbageError, ValueError, TypeError):
            raise CribbageError(f"board {number}: {part.strip()[:30]!r} is not a move that can be "
                                "read") from None
        moves.append(listed)
    return {"board": number, "moves": moves, "points": int(found[1])}


def results_data(entry: TournamentEntry, played: Sequence[Mapping[str, Any]], saved: str = ""
                 ) -> dict[str, object]:
    """The results file's content for the boards ``played`` (`DuplicateMatch.played`), signed as an
    assignment's results are (the boards not played yet are null)."""
    answers: list[str | None] = [board_answer(board) for board in played]
    answers += [None] * (entry.chosen.deals - len(answers))
    data: dict[str, object] = {"crib_results": RESULTS_FORMAT, "set": entry.code, "class": entry.fingerprint,
            "student": entry.student, "answers": answers,
            "saved": saved or datetime.now(UTC).isoformat(timespec="seconds")}
    data["signature"] = sign(entry.key, data)
    return data


# ---- the teacher's side: grading -------------------------------------------------------------------


def _replayed(tournament: Tournament, answers: list[str | None]) -> tuple[BoardScore, ...]:
    played = [a for a in answers if a is not None]
    if any(a is None for a in answers[:len(played)]):
        raise CribbageError("a board is left out but a later one was played: boards are played in order")
    boards: list[object] = [board_from_answer(text, number) for number, text in enumerate(played, 1)]
    if not boards:
        raise CribbageError("no board was played")
    return replay_boards(tournament.chosen, boards)


def grade(tournament: Tournament, got: Collected, *, review: bool = True) -> list[Standing]:
    """The standings of the students whose files passed `collect.collect`: every board replayed; a
    file whose replay fails gets one line in ``got.refused`` (its name and why) and is not ranked."""
    scored = []
    for name, submission in got.taken.items():
        try:
            scored.append((name, _replayed(tournament, submission.answers)))
        except CribbageError as error:
            got.refused.append(f"{submission.source}: {name}'s file, {error}")
        except Exception as error:  # one student's file never stops the class's grade
            got.refused.append(f"{submission.source}: its boards could not be replayed "
                               f"({type(error).__name__}); {name}'s file was set aside, the others graded")
    return rank(scored, review=review)
