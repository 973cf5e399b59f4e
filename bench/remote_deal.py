"""The time of one remote deal (issue 39's goal: under a second a deal in the browser's Python on a
phone-sized CPU), for 2, 3 and 4 devices and each group, several runs, measured in this run.

For each deal it prints, in seconds (the best and the median of the runs):

- ``chain``: the shuffle, every device in turn (52 locks each): nobody can play before it ends;
- ``deal``: the whole deal dealt between sessions in this one process, from the first shuffle to
  every hand shown to its device: every device's work added up, an upper bound on the wait
  (the devices take their locks off at the same time, here one after the other);
- ``proof``: one device checking the others' proofs at the end of the deal (off the critical
  path: the next deal is shuffled meanwhile);
- ``wait``: what a player waits, devices working side by side: ``chain``, then the rest of
  ``deal`` shared among the devices (each takes its locks off its share of the cards);
- ``browser``: ``wait`` times `PYODIDE`, the assumed slowdown of the browser's Python on big
  numbers' ``pow``: CPython's long integers compiled to WebAssembly run the same C code with
  30-bit digits but without the native 64-bit multiply CPython uses on x86-64 and arm64, which
  makes modular exponentiation about 2 to 3 times slower; we take 2.5. The machine running this
  stands for the phone: a phone's big core is about as fast as one core of a shared CI runner.

    python bench/remote_deal.py [RUNS] [GROUP ...]
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from crib_widgets.game import Rules
from crib_widgets.remote.channel import Hub
from crib_widgets.remote.group import GROUPS
from crib_widgets.remote.options import Options
from crib_widgets.remote.poker import DealKeys, check_shuffle, shuffle
from crib_widgets.remote.session import Session

PYODIDE = 2.5


def one_deal(group_name: str, devices: int) -> tuple[float, float, float]:
    """(chain, deal, proof) seconds for one deal between ``devices`` devices."""
    group = GROUPS[group_name]
    keys = [DealKeys.new(group) for _ in range(devices)]
    start = time.perf_counter()
    deck = group.plain_deck()
    decks = []
    for k in keys:
        deck = shuffle(group, deck, k)
        decks.append(deck)
    chain = time.perf_counter() - start
    start = time.perf_counter()
    for before, after, k in zip([group.plain_deck(), *decks], decks[1:], keys[1:], strict=False):
        check_shuffle(group, before, after, k)
    proof = time.perf_counter() - start
    names = tuple(f"P{i}" for i in range(devices))
    options = Options(Rules(players=devices), names, tuple(range(devices)), (False,) * devices, 0, group_name)
    start = time.perf_counter()
    sessions = [Session(0, "0123456789abcdef", group, options)]
    sessions += [Session(d, "0123456789abcdef", group) for d in range(1, devices)]
    Hub(sessions, random.Random(1)).settle()
    deal = time.perf_counter() - start
    assert all(isinstance(s.hand(d), tuple) for d, s in enumerate(sessions)), "a hand was not dealt"
    return chain, deal, proof


def main(argv: list[str]) -> int:
    runs = int(argv[0]) if argv and argv[0].isdigit() else 3
    groups = [a for a in argv if a in GROUPS] or ["modp-1024", "modp-1536", "modp-2048"]
    print(f"seconds per deal, best / median of {runs} runs; wait = chain + the rest of deal shared by the "
          f"devices; browser = wait x {PYODIDE} (assumed Pyodide ratio)")
    print(f"{'group':<10} {'devices':>7} {'chain':>13} {'deal':>13} {'proof':>13} {'wait':>6} {'browser':>8}")
    for name in groups:
        for devices in (2, 3, 4):
            times = [one_deal(name, devices) for _ in range(runs)]
            cols = []
            for i in range(3):
                column = [t[i] for t in times]
                cols.append(f"{min(column):5.2f} / {statistics.median(column):5.2f}")
            wait = min(t[0] + (t[1] - t[0]) / devices for t in times)
            print(f"{name:<10} {devices:>7} {cols[0]:>13} {cols[1]:>13} {cols[2]:>13} {wait:6.2f} "
                  f"{wait * PYODIDE:8.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
