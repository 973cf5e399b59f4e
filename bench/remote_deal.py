"""The time of one remote deal on CPython, for 2, 3 and 4 devices and each group, several runs,
measured in this run (issue 39's goal, under a second a deal in the browser's Python on a
phone-sized CPU, is measured there by bench/remote_deal_browser.py: this one compares the groups).

For each deal it prints, in seconds (the median and the best of the runs):

- ``wait``: the first deal of a game, from the friends opening the link to every hand shown, the
  devices working side by side as in a real game (`remote_timeline.timed_deal`; no network time);
- ``later``: the same for a deal after the first (each device made its work ahead during the
  deal before);
- ``serial``: the first deal's work of every device added up (one device doing it all);
- ``cpu``: ``wait`` times the share of the deal's time this thread was on a CPU: what it is
  without the machine's other load;
- ``proof``: one device checking the others' proofs at the end of the deal (off the critical
  path: the next deal is shuffled meanwhile).

    python bench/remote_deal.py [RUNS] [GROUP ...]
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parents[1]), str(Path(__file__).resolve().parent)]

from remote_timeline import timed_deal  # noqa: E402

from crib_widgets.remote.group import GROUPS  # noqa: E402
from crib_widgets.remote.poker import DealKeys, check_shuffle, shuffle  # noqa: E402


def proof_time(group_name: str, devices: int) -> float:
    """Seconds one device takes to check the others' shuffles at the end of a deal."""
    group = GROUPS[group_name]
    keys = [DealKeys.new(group) for _ in range(devices)]
    decks = [group.plain_deck()]
    for k in keys:
        decks.append(shuffle(group, decks[-1], k))
    start = time.perf_counter()
    for before, after, k in zip(decks[1:], decks[2:], keys[1:], strict=False):
        check_shuffle(group, before, after, k)
    return time.perf_counter() - start


def one(group_name: str, devices: int) -> dict[str, float]:
    start, cpu = time.perf_counter(), time.thread_time()
    first = timed_deal(devices, group_name)
    cpu, took = time.thread_time() - cpu, time.perf_counter() - start
    later = timed_deal(devices, group_name, later=True)
    return {"wait": first["wait"], "later": later["wait"], "serial": first["serial"],
            "cpu": first["wait"] * cpu / took, "proof": proof_time(group_name, devices)}


def main(argv: list[str]) -> int:
    runs = int(argv[0]) if argv and argv[0].isdigit() else 3
    groups = [a for a in argv if a in GROUPS] or ["modp-1024", "modp-1536", "modp-2048"]
    columns = ("wait", "later", "serial", "cpu", "proof")
    print(f"CPython {sys.version.split()[0]}: seconds per deal, median (best) of {runs} runs")
    print(f"{'group':<10} {'devices':>7} " + " ".join(f"{c:>13}" for c in columns))
    for name in groups:
        for devices in (2, 3, 4):
            one(name, devices)  # warm-up
            times = [one(name, devices) for _ in range(runs)]
            cells = [f"{statistics.median(t[c] for t in times):5.2f} ({min(t[c] for t in times):5.2f})"
                     for c in columns]
            print(f"{name:<10} {devices:>7} " + " ".join(f"{c:>13}" for c in cells), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
