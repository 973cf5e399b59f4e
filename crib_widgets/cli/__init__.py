"""The ``crib`` command. Each subcommand lives in its own module with a ``register(subparsers)``.

Bad input prints one line starting ``crib: error:`` and exits with code 2.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from ..errors import CribbageError

__all__ = ["main", "build_parser"]

# Subcommand modules, in the order `crib --help` lists them.
COMMANDS = ("count", "advise", "simulate", "worksheet")


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every subcommand registered."""
    parser = argparse.ArgumentParser(prog="crib", description="Cribbage: count, play, advise, teach.")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name in COMMANDS:
        importlib.import_module(f"{__name__}.{name}").register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code (0 ok, 2 bad input)."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return args.run(args) or 0
    except CribbageError as error:
        print(f"crib: error: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
