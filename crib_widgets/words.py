"""Small words every sentence of the book needs: plurals, possessives, lists. One home, so that "1
point" and "Chris' crib" are said the same way by the game, the trainers, the worksheets and the
command line.

>>> plural(1, "point"), plural(-2, "point"), plural(3, "answer was", "answers were")
('1 point', '-2 points', '3 answers were')
>>> possessive("Ann"), possessive("Across"), possessive("You"), possessive("You", capital=True)
("Ann's", "Across'", 'your', 'Your')
>>> join_words(["fifteen", "a pair", "a run"]), join_words(["a 5", "an 8"], "or")
('fifteen, a pair and a run', 'a 5 or an 8')
"""

from __future__ import annotations

from collections.abc import Iterable

__all__ = ["plural", "possessive", "join_words", "name_verb"]


def plural(n: int, word: str, many: str | None = None) -> str:
    """``n`` and the word, singular for exactly one (or minus one); ``many`` for an irregular plural."""
    return f"{n} {word if abs(n) == 1 else many or word + 's'}"


def possessive(name: str, *, capital: bool = False) -> str:
    """A player's possessive: ``"Ann's"``, ``"Across'"``; "You" is ``"your"`` (``capital``: "Your")."""
    if name == "You":
        return "Your" if capital else "your"
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def name_verb(name: str, third: str, base: str | None = None, *, mid: bool = False) -> str:
    """A player and a verb, in the one grammar every sentence uses: ``"Ann says"``, ``"You say"``
    (``"you say"`` with ``mid``, inside a sentence); ``base`` is the verb after "You" when it is not
    ``third`` without its last letter ("goes" -> "go").

    >>> name_verb("Ann", "says go"), name_verb("You", "says go"), name_verb("You", "pegs", mid=True)
    ('Ann says go', 'You say go', 'you peg')
    """
    if name != "You":
        return f"{name} {third}"
    if base is None:
        verb, _, rest = third.partition(" ")
        base = verb[:-1] + (" " + rest if rest else "")
    return f"{'you' if mid else 'You'} {base}"


def join_words(words: Iterable[object], last: str = "and", *, sep: str = ", ") -> str:
    """``['a', 'b', 'c']`` -> ``'a, b and c'`` (``last="or"``: ``'a, b or c'``); one word alone;
    ``sep="; "`` parts words that hold commas themselves (``'Lee, Ann; Ben and Cho, Li'``)."""
    texts = [str(w) for w in words]
    if len(texts) <= 1:
        return "".join(texts)
    return sep.join(texts[:-1]) + f" {last} " + texts[-1]
