"""Shared test fixtures: where the project's reference data lives (``tests/data/``, see its README)."""

from __future__ import annotations

import functools
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import pytest
from hypothesis import settings

# No time limit per example: CI and this machine run two workers beside a book build, and an
# example that takes 17 ms alone took 357 ms there (a flaky failure, not a finding). Speed is
# checked by bench/, never by a test's clock.
settings.register_profile("crib", deadline=None)
settings.load_profile("crib")

ROOT = Path(__file__).resolve().parents[1]
REFERENCE = ROOT / "tests" / "data"
T = TypeVar("T")


def read_jsonl(name: str) -> list[dict]:
    """Rows of a reference .jsonl file."""
    with open(REFERENCE / name, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


@pytest.fixture(scope="session")
def reference_dir() -> Path:
    if not REFERENCE.is_dir():
        pytest.fail(f"reference data not found at {REFERENCE}: tests/data/ is part of the repository")
    return REFERENCE


# jupyter_client picks a kernel's five ports by binding port 0 and letting go; two kernels started
# at once (pytest -n 2, with the book building beside it) can be handed the same port, and the
# second kernel dies before its first reply ("Kernel died before replying to kernel_info", zmq
# "Address already in use"; treebeardtech/nbmake#129). A new kernel gets new ports, so nbval tries
# again, at most twice; a notebook that really kills its kernel still fails on the third start.
KERNEL_STARTS = 3


def retrying(start: Callable[..., T], attempts: int = KERNEL_STARTS) -> Callable[..., T]:
    """``start`` tried again when it raises RuntimeError, at most ``attempts`` times in all."""

    @functools.wraps(start)
    def again(*args: object, **kwargs: object) -> T:
        for attempt in range(1, attempts):
            try:
                return start(*args, **kwargs)
            except RuntimeError as err:
                print(f"kernel start {attempt} of {attempts} failed ({err}); another", file=sys.stderr)
        return start(*args, **kwargs)

    return again


def pytest_configure(config: pytest.Config) -> None:
    if config.pluginmanager.hasplugin("nbval"):
        import nbval.kernel

        nbval.kernel.start_new_kernel = retrying(nbval.kernel.start_new_kernel)
