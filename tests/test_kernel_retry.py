"""The notebooks' kernels are started again when one dies at start (tests/conftest.py says why)."""

from __future__ import annotations

import nbval.kernel
import pytest
from conftest import KERNEL_STARTS, retrying


def _dies(times: int):
    calls = []

    def start(**kwargs: object) -> str:
        calls.append(kwargs)
        if len(calls) <= times:
            raise RuntimeError("Kernel died before replying to kernel_info")
        return "kernel"

    return start, calls


def test_a_kernel_that_died_at_start_is_started_again_with_the_same_arguments() -> None:
    start, calls = _dies(KERNEL_STARTS - 1)
    assert retrying(start)(kernel_name="python3") == "kernel"
    assert calls == [{"kernel_name": "python3"}] * KERNEL_STARTS


def test_a_kernel_that_always_dies_still_fails_after_the_last_start() -> None:
    start, calls = _dies(KERNEL_STARTS)
    with pytest.raises(RuntimeError, match="Kernel died"):
        retrying(start)()
    assert len(calls) == KERNEL_STARTS


def test_other_errors_are_not_retried() -> None:
    calls = []

    def start() -> None:
        calls.append(1)
        raise ValueError("no such kernel")

    with pytest.raises(ValueError):
        retrying(start)()
    assert calls == [1]


def test_nbval_starts_its_kernels_through_the_retry(pytestconfig: pytest.Config) -> None:
    if not pytestconfig.pluginmanager.hasplugin("nbval"):
        pytest.skip("nbval is not loaded")
    assert nbval.kernel.start_new_kernel.__wrapped__.__module__ == "nbval.kernel"
