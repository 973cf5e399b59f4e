"""The fuzz of every reader of outside values (issue 38), at length: each reader of
tests/fuzz_readers_cases.py (the bounded reader, a progress import, the kept progress, today's and
practice's entries, a position link) with 10,000 hypothesis examples, printing for each how many ran,
the slowest input's time and the failures found (none, when done). "Ran" counts every call,
those hypothesis makes while shrinking a failure too.

The property is the test's (tests/test_fuzz_readers.py runs 40 of each in `make test`): an answer or
a refusal in one short sentence, every call under 2 s of CPU on inputs up to the stated limits (the
clock's slowest is printed too: on a shared machine it also counts the other work), a refusal
changing nothing. A failure is printed with its shrunk input and the run goes on to the next reader.

Run: `.venv/bin/python bench/fuzz_readers.py [--examples N] [--only WORD] [--seed N]`.
"""

from __future__ import annotations

import argparse
import sys
import time
import traceback
import warnings
from pathlib import Path

from hypothesis import HealthCheck, given, seed, settings
from hypothesis.errors import HypothesisWarning

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

import fuzz_readers_cases
from fuzz_readers_cases import READERS, SECONDS


def fuzz(name: str, examples: int, at: int) -> tuple[int, float, str, list[str]]:
    """Run one reader: (examples run, slowest CPU seconds, the slowest input's start, failures)."""
    strategy, check = READERS[name]
    times: list[float] = []
    fuzz_readers_cases.WALL.clear()
    slowest = [0.0, ""]

    @seed(at)
    @settings(max_examples=examples, deadline=None, database=None, suppress_health_check=list(HealthCheck),
              print_blob=False)
    @given(strategy)
    def run(value):
        took = check(value)
        times.append(took)
        if took > slowest[0]:
            slowest[:] = [took, f"{type(value).__name__} of {len(value):,}: {value[:40]!r}"]

    failures = []
    try:
        run()
    except Exception as error:  # hypothesis re-raises the shrunk failing example's error
        failures.append(f"{type(error).__name__}: {str(error)[:300]}\n"
                        + "".join(traceback.format_exception(error)[-3:])[:600])
    return len(times), slowest[0], slowest[1], failures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--examples", type=int, default=10_000)
    parser.add_argument("--only", default="", help="run only the readers whose name holds this word")
    parser.add_argument("--seed", type=int, default=38)
    args = parser.parse_args()
    warnings.simplefilter("ignore", HypothesisWarning)  # the big inputs' repr, made only to shrink
    failed = 0
    print(f"{args.examples:,} examples a reader, each call bounded by {SECONDS} s (seed {args.seed})")
    for name in READERS:
        if args.only not in name:
            continue
        start = time.perf_counter()
        ran, slowest, what, failures = fuzz(name, args.examples, args.seed)
        failed += len(failures)
        wall = max(fuzz_readers_cases.WALL, default=0.0)
        print(f"{name}: {ran:,} ran in {time.perf_counter() - start:.0f} s; slowest input "
              f"{slowest * 1000:.0f} ms of CPU ({what}), slowest call by the clock {wall * 1000:.0f} ms; "
              f"failures: {len(failures)}", flush=True)
        for failure in failures:
            print("   " + failure.replace("\n", "\n   "))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
