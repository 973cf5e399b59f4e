"""Seeds that give the same exercises on every machine.

Everything random in an exercise set comes from `random.Random` seeded by an integer derived here
with SHA-256, never with the built-in `hash()`, which changes from one Python process to the next.

>>> derive_seed(7, "counting", "easy", 0) == derive_seed(7, "counting", "easy", 0)
True
>>> student_key("  Ann   Smith ") == student_key("ann smith") == student_key("Ánn Smith")
True
"""

from __future__ import annotations

import hashlib
import re
import unicodedata

from ..errors import CribbageError

__all__ = ["derive_seed", "student_key", "student_seed", "check_seed", "key_before_accents"]

_SEP = "\x1f"  # a character nobody types, so ("a b", "c") and ("a", "b c") never collide


def derive_seed(*parts: object) -> int:
    """A 64-bit seed from any parts (numbers and text), the same in every process and on every machine."""
    text = _SEP.join(str(part) for part in parts)
    return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:8], "big")


#: Accents are the combining marks of Latin, Greek and Cyrillic letters (é = e + U+0301 once
#: decomposed): other scripts' marks (Devanagari vowel signs, Japanese dakuten) are parts of letters.
_ACCENTS = re.compile("[\u0300-\u036f]")
#: Letters people type without their stroke or as two letters: "Lukasz" for "Łukasz", "Soren" for "Søren".
_LETTERS = str.maketrans({"ł": "l", "ø": "o", "đ": "d", "ð": "d", "ħ": "h", "ı": "i", "ŧ": "t",
                          "æ": "ae", "œ": "oe", "þ": "th"})


def student_key(name: str) -> str:
    """A student's name as used for seeding, signing and matching: spaces collapsed, case and accents
    ignored ("José García" = "jose  garcia"; so "José" and "Jose" are one student).

    A name with no accent, stroke or compatibility letter keeps the key it had before accents were
    folded (the case-and-spaces key in NFC), so its sets and signatures are unchanged.

    >>> student_key("  José   GARCÍA "), student_key("Łukasz Søren"), student_key("Straße")
    ('jose garcia', 'lukasz soren', 'strasse')
    """
    if not isinstance(name, str) or not name.strip():
        raise CribbageError(f"{name!r} is not a student name: give the name as text, e.g. 'Ann'")
    decomposed = unicodedata.normalize("NFKD", name.casefold())
    folded = _ACCENTS.sub("", decomposed).translate(_LETTERS).casefold()
    return " ".join(unicodedata.normalize("NFC", folded).split())


def key_before_accents(name: str) -> str:
    """The key names had before accents were folded (issue 37, 6 December 2026): spaces collapsed and
    case folded, in NFC. A link or student code given out before then signed, checked and dealt with
    it, so what a student does from one is still read with it (the cards it dealt, never others).

    >>> key_before_accents(" María  GARCÍA "), student_key(" María  GARCÍA ")
    ('maría garcía', 'maria garcia')
    """
    if not isinstance(name, str) or not name.strip():
        raise CribbageError(f"{name!r} is not a student name: give the name as text, e.g. 'Ann'")
    return " ".join(unicodedata.normalize("NFC", name).split()).casefold()


def student_seed(seed: int, name: str, *, before_accents: bool = False) -> int:
    """The seed of one student's variant of the set made with ``seed`` (``before_accents``: the one a
    link of before accents were folded dealt, from `key_before_accents`; the same for most names).

    >>> student_seed(7, "Ann") != student_seed(7, "Ben")
    True
    >>> student_seed(7, "Ann", before_accents=True) == student_seed(7, "Ann")
    True
    """
    key = key_before_accents(name) if before_accents else student_key(name)
    return derive_seed(check_seed(seed), "student", key)


def check_seed(seed: object) -> int:
    """The seed itself if it is a whole number 0 or more; otherwise a `CribbageError` saying so."""
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise CribbageError(f"seed {seed!r} is not allowed: use a whole number 0 or more, e.g. 7")
    return seed
