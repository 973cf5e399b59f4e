"""The group the deal is locked in: a safe prime, cards as quadratic residues, keys as exponents.

Commutative encryption (SRA / Pohlig-Hellman): a card's number ``m`` is locked with a key ``e``
as ``m ** e mod p``; locks taken in any order give the same number, and ``d = e⁻¹ mod q``
unlocks. ``p = 2q + 1`` is a safe prime from RFC 3526 (or RFC 2409): every card is a square mod
``p`` (``(k + 2)² mod p``), so every locked card lies in the subgroup of order ``q`` where the
Decisional Diffie-Hellman assumption holds and a locked card reveals nothing, not even its
Legendre symbol.

The locking keys are short (`Group.key_bits` random bits: twice the strength in bits of the
group's discrete logarithm, 160 for 1,024 bits, 192 for 1,536, 224 for 2,048, so that the
short-exponent logarithm is no easier than the group's own), which makes the shuffle six to ten
times quicker than full-size keys; an unlocking key is full size, but a device takes its lock
off only the cards that are shown (to a device or to all): 6 to 20 of them a deal.

>>> g = GROUPS["test-160"]
>>> card = g.encode(5)
>>> e1, e2 = 1234567, 7654321
>>> pow(pow(card, e1, g.p), e2, g.p) == pow(pow(card, e2, g.p), e1, g.p)
True
>>> g.decode(pow(pow(card, e1 * e2, g.p), g.unlock(e1) * g.unlock(e2) % g.q, g.p))
5
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field

__all__ = ["Group", "GROUPS", "DEFAULT_GROUP", "CARDS"]

CARDS = 52

_MODP_1024 = int(  # RFC 2409's second Oakley group
    "ffffffffffffffffc90fdaa22168c234c4c6628b80dc1cd129024e088a67cc74020bbea63b139b22514a08798e3404dd"
    "ef9519b3cd3a431b302b0a6df25f14374fe1356d6d51c245e485b576625e7ec6f44c42e9a637ed6b0bff5cb6f406b7ed"
    "ee386bfb5a899fa5ae9f24117c4b1fe649286651ece65381ffffffffffffffff", 16)
_MODP_1536 = int(
    "ffffffffffffffffc90fdaa22168c234c4c6628b80dc1cd129024e088a67cc74020bbea63b139b22514a08798e3404dd"
    "ef9519b3cd3a431b302b0a6df25f14374fe1356d6d51c245e485b576625e7ec6f44c42e9a637ed6b0bff5cb6f406b7ed"
    "ee386bfb5a899fa5ae9f24117c4b1fe649286651ece45b3dc2007cb8a163bf0598da48361c55d39a69163fa8fd24cf5f"
    "83655d23dca3ad961c62f356208552bb9ed529077096966d670c354e4abc9804f1746c08ca237327ffffffffffffffff",
    16)
_MODP_2048 = int(
    "ffffffffffffffffc90fdaa22168c234c4c6628b80dc1cd129024e088a67cc74020bbea63b139b22514a08798e3404dd"
    "ef9519b3cd3a431b302b0a6df25f14374fe1356d6d51c245e485b576625e7ec6f44c42e9a637ed6b0bff5cb6f406b7ed"
    "ee386bfb5a899fa5ae9f24117c4b1fe649286651ece45b3dc2007cb8a163bf0598da48361c55d39a69163fa8fd24cf5f"
    "83655d23dca3ad961c62f356208552bb9ed529077096966d670c354e4abc9804f1746c08ca18217c32905e462e36ce3b"
    "e39e772c180e86039b2783a2ec07a28fb5c55df06f4c52c9de2bcbf6955817183995497cea956ae515d2261898fa0510"
    "15728e5a8aacaa68ffffffffffffffff", 16)
# A 160-bit safe prime made for the tests (checked there): whole games in a test take seconds, and
# a session refuses a peer's game in a group other than the one it was given.
_TEST_160 = int("f25805f50e95b4d7386926a46ff2cb8053396f6b", 16)


@dataclass(frozen=True)
class Group:
    """A safe prime ``p = 2q + 1`` and the size of the locking keys."""

    name: str
    p: int
    key_bits: int
    _decode: dict[int, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_decode", {self.encode(k): k for k in range(CARDS)})

    @property
    def q(self) -> int:
        """The order of the subgroup of squares, a prime."""
        return (self.p - 1) // 2

    @property
    def hex_digits(self) -> int:
        """How many hex digits a number of the group has at most."""
        return (self.p.bit_length() + 3) // 4

    def encode(self, card: int) -> int:
        """Card ``card`` (0-51, the order of `crib_widgets.cards.full_deck`) as a square mod p."""
        return (card + 2) ** 2 % self.p

    def decode(self, number: int) -> int | None:
        """The card (0-51) a fully unlocked number stands for, or None."""
        return self._decode.get(number)

    def plain_deck(self) -> list[int]:
        """The 52 cards encoded, in the order of the full deck: the first shuffler's input."""
        return [self.encode(k) for k in range(CARDS)]

    def new_key(self) -> int:
        """A fresh short locking key (never 0 or 1, so it always locks), from the system's randomness."""
        return 2 + secrets.randbelow(min(1 << self.key_bits, self.q) - 2)

    def unlock(self, key: int) -> int:
        """The unlocking key of ``key``: its inverse mod q."""
        return pow(key, -1, self.q)

    def is_number(self, value: int) -> bool:
        """Whether ``value`` may be a locked card: 1 < value < p (membership of the subgroup is
        checked by the proof at the end of the deal, which recomputes every lock)."""
        return 1 < value < self.p


GROUPS = {g.name: g for g in (Group("modp-1024", _MODP_1024, 160), Group("modp-1536", _MODP_1536, 192),
                              Group("modp-2048", _MODP_2048, 224), Group("test-160", _TEST_160, 64))}
# The deal's wait in the site's Pyodide on a phone-sized CPU (bench/remote_deal_browser.py: DevTools
# throttling x4, the machine's other load taken out): with 1,024 bits about 0.3 s (2 devices), 0.5 s
# (3) and 0.8 s (4), each run's deals within 0.2-0.95 s; 1,536 bits takes about three times as long
# and 2,048 five to seven (bench/remote_deal.py, CPU time). The goal is under a second, so 1,024
# bits (RFC 2409's group 2, about 80 bits of strength: years of a large computer's work to read one
# game's cards, long after it is over).
DEFAULT_GROUP = "modp-1024"
