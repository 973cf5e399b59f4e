"""issue 37: names are read without their accents since the key folds them. A link made before for a
name with accents carried the older key: a set's results from it are refused saying why (the cards
changed), while a tournament's are graded (everyone plays the same boards: only the key changed)."""

from __future__ import annotations

import hashlib
import hmac
import json

import pytest

from crib_widgets.errors import CribbageError
from crib_widgets.exercises.results import read_results, sign
from crib_widgets.exercises.seeds import key_before_accents
from tests.test_tournament_class import CLASS, results_file


def _older(klass, name: str) -> str:
    message = f"{klass.fingerprint}\x1f{key_before_accents(name)}".encode()
    return hmac.new(bytes.fromhex(klass.secret), message, hashlib.sha256).hexdigest()[:32]


def test_a_tournament_file_from_an_older_link_is_graded():
    text, _ = results_file("Chloé", 3)
    data = json.loads(text)
    data["signature"] = sign(_older(CLASS, "Chloé"), data)
    assert read_results(CLASS, json.dumps(data), "results-chloe.json").student == "Chloé"
    data["answers"][0] = None  # edited after saving: still refused
    with pytest.raises(CribbageError, match="changed after it was saved"):
        read_results(CLASS, json.dumps(data), "results-chloe.json")
