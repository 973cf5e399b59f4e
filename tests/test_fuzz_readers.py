"""A hypothesis fuzz of every reader of outside values (issue 38): the bounded reader, a progress
import, the kept progress, today's and practice's entries, a position link. Each answers or refuses in
one short sentence, within a time bound, and a refusal changes nothing (tests/fuzz_readers_cases.py).
Here a few examples each, derandomized so a red run reruns the same; bench/fuzz_readers.py runs
10,000 each and prints the figures."""

from __future__ import annotations

import os

import pytest
from fuzz_readers_cases import READERS
from hypothesis import HealthCheck, given, settings

RANDOM = os.environ.get("CRIB_FUZZ_RANDOM") == "1"


@pytest.mark.parametrize("name", list(READERS))
def test_every_reader_answers_or_refuses_in_a_sentence_in_bounded_time(name):
    strategy, check = READERS[name]

    @settings(max_examples=40, deadline=None, derandomize=not RANDOM, database=None,
              suppress_health_check=list(HealthCheck))
    @given(strategy)
    def run(value):
        check(value)

    run()
