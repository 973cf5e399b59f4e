"""The ``crib`` command. Each subcommand lives in its own module with a ``register(subparsers)``.

Bad input prints one line starting ``crib: error:`` and exits with code 2: a value the rules refuse
(a `CribbageError` raised by a subcommand) and a command line argparse cannot read alike. The
usage text is not printed first; the line says what was wrong and points to ``--help``.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence
from typing import NoReturn

from ..errors import CribbageError

__all__ = ["main", "build_parser", "CribParser"]

# Subcommand modules, in the order `crib --help` lists them.
COMMANDS = ("count", "advise", "simulate", "worksheet", "assign", "grade", "klass")


class CribParser(argparse.ArgumentParser):
    """An argument parser whose errors are one line with the fix, not the usage text first.

    Subparsers are made with the parser's own class, so every subcommand (present and future) gets it.
    """

    def error(self, message: str) -> NoReturn:
        print(f"crib: error: {_sentence(message)}; see '{self.prog} --help'", file=sys.stderr)
        raise SystemExit(2)


def _sentence(message: str) -> str:
    """argparse's message, kept on one line ("invalid choice: 'x' (choose from 'a', 'b')")."""
    return " ".join(message.split())


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every subcommand registered."""
    parser = CribParser(prog="crib", description="Cribbage: count, play, advise, teach.")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name in COMMANDS:
        importlib.import_module(f"{__name__}.{name}").register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code (0 ok, 2 bad input).

    A command line that cannot be read at all (an unknown option, a word where a number belongs)
    raises ``SystemExit(2)`` after its one line, as argparse does.
    """
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return args.run(args) or 0
    except CribbageError as error:
        print(f"crib: error: {_sentence(str(error))}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        # the reader stopped early (`crib simulate | head`): that is not an error of ours
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


if __name__ == "__main__":
    sys.exit(main())
