"""The one bounded reader (crib_widgets.bounded) and the readers built on it: each hostile class of
input is one short sentence, never a traceback, a hang or an echo of the value (issue 38)."""

from __future__ import annotations

import base64
import json
import time
import zlib

import pytest

from crib_widgets.bounded import (
    MAX_DEPTH,
    BadText,
    NotJSON,
    check_text,
    inflate_bounded,
    load_json,
    nesting,
    whole_number,
)
from crib_widgets.errors import CribbageError
from crib_widgets.table.share import read_link


def _refused(text: str, says: str, error: type[Exception] = CribbageError) -> str:
    with pytest.raises(error) as caught:
        load_json(text, "the file")
    message = str(caught.value)
    assert says in message and len(message) < 200, message
    return message


@pytest.mark.parametrize(("text", "says"), [
    ("[" * 50 + "]" * 50, "nested 50 levels deep"),
    ('{"n": ' + "9" * 5000 + "}", "a number 5000 digits long"),
    ("[1e400]", "a number out of range"),
    ("[-1e-400]", "a number out of range"),
    ('["\\ud800"]', "holds a broken letter (half of one): the book reads only whole letters, numbers, signs "
                    "and spaces"),
    ('["a\\udfffb"]', "a broken letter (half of one)"),
    ('{"\\ud800": 1}', "a broken letter"),  # a key is text too
    ('["\ud800"]', "a broken letter"),  # raw, as a JS string may hold it
    ('["\\u0000"]', "holds an invisible character: the book reads only whole letters"),
    ('["\\u001b[31m"]', "an invisible character"),
    ('["\x00"]', "an invisible character"),
    ("x" * 2000, "larger than"),
])
def test_each_hostile_class_is_one_short_sentence(text, says):
    if "larger" in says:
        with pytest.raises(CribbageError, match="larger than 1 KB"):
            load_json(text, "the file", 1000)
        return
    _refused(text, says)


def test_what_is_fine_passes():
    assert load_json('["\\ud83d\\ude00", "tab\\there", "line\\nnext", "\\\\u0000"]', "f") == \
        ["😀", "tab\there", "line\nnext", "\\u0000"]
    assert load_json("[" * MAX_DEPTH + "]" * MAX_DEPTH, "f") is not None
    assert load_json('{"n": 123456789012, "x": 1.5e3}', "f") == {"n": 123456789012, "x": 1500.0}
    with pytest.raises(NotJSON):
        load_json("[NaN]", "f")


def test_bad_text_is_a_cribbage_error_of_its_own():
    with pytest.raises(BadText):
        check_text("a\x07b", "the name")
    assert check_text("Chloé\tO'Neil\n", "the name") == "Chloé\tO'Neil\n"


@pytest.mark.parametrize("text", [
    '"' + '\\"' * 500_000,  # escaped quotes in an unclosed string: 3.7 s for 32 KB before, quadratic
    '"' * 1_000_000,
    "[" * 1_000_000,
    '["' + '\\\\' * 500_000,
    '{"a": "' + "x" * 1_000_000 + '"' + ", " * 100_000,
])
def test_the_reader_is_linear_on_a_megabyte(text):
    start = time.perf_counter()
    with pytest.raises(CribbageError):
        load_json(text, "the file")
    assert time.perf_counter() - start < 2  # a bound (quadratic took hours), not a speed goal


def test_nesting_skips_strings_and_survives_unclosed_ones():
    assert nesting('[{"a": "[[[["}, ["]"]]') == 2
    assert nesting('["' + "[" * 100) == 1
    assert nesting("") == 0


def test_a_zlib_bomb_is_stopped_at_the_limit():
    bomb = zlib.compress(b"a" * 50_000_000, 9)
    assert len(bomb) < 60_000
    with pytest.raises(CribbageError, match="unpacks to more than 200 KB"):
        inflate_bounded(bomb, "the code", 200_000)
    assert inflate_bounded(zlib.compress(b"fine"), "the code", 10) == b"fine"
    with pytest.raises(CribbageError, match="damaged"):
        inflate_bounded(zlib.compress(b"fine")[:-2], "the code", 10)
    raw = zlib.compressobj(9, zlib.DEFLATED, -15)
    assert inflate_bounded(raw.compress(b"x") + raw.flush(), "the code", 10, wbits=-15) == b"x"


@pytest.mark.parametrize(("text", "number"), [
    ("12", 12), (" 7 ", 7), ("0", 0), (29, 29), ("²", None), ("٣", None), ("1_000", None), ("-3", None),
    ("+3", None), ("", None), ("1" * 13, None), (True, None), (-1, None), (3.0, None), (None, None),
    ("9" * 5000, None),
])
def test_whole_number_reads_ascii_digits_only(text, number):
    assert whole_number(text) == number


# ---- position links -----------------------------------------------------------------------------------

def _code(raw: bytes) -> str:
    from crib_widgets.table import share

    return share.CODE_VERSION + base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode().rstrip("=")


@pytest.mark.parametrize(("raw", "says"), [
    (b"[" * 100_000, "nested 100000 levels deep"),  # a RecursionError before, and a dead page
    (json.dumps({"n": ["x" * 5_000_000]}).encode(), "unpacks to more than"),  # a 6 KB code
    (b'{"n": ["\\ud800"]}', "a broken letter"),
    (b'{"n": ["\\u0000"]}', "an invisible character"),
    (b"\xff\xfe{}", "not UTF-8 text"),
    (b"{not json", "damaged (cut short or changed)"),
])
def test_a_hostile_link_is_one_short_sentence(raw, says):
    code = _code(raw)
    assert len(code) < 20_000
    start = time.perf_counter()
    with pytest.raises(CribbageError) as caught:
        read_link(code)
    message = str(caught.value)
    assert says in message and len(message) < 250, message
    assert time.perf_counter() - start < 2


# ---- saved games (a finished game's link carries one) ---------------------------------------------------

@pytest.mark.parametrize("text", ["[" * 100_000, '{"format": "\\ud800"}', "[1e999]", b"\xff\xfe"])
def test_a_hostile_save_is_one_sentence_not_a_recursion_error(text):
    from crib_widgets.game import Game
    from crib_widgets.table.save import loads

    for read in (Game.from_json, loads):
        with pytest.raises(CribbageError) as caught:
            read(text)
        assert len(str(caught.value)) < 200


def test_a_save_keeps_its_64_bit_seed():
    from crib_widgets.game import Game

    game = Game(seed=2**64 - 1)
    assert Game.from_json(game.to_json()).to_json() == game.to_json()


def test_a_count_of_superscript_digits_in_a_script_is_an_illegal_move_not_a_value_error():
    from crib_widgets.game import Game, Rules
    from crib_widgets.game.script import parse_step

    game = Game(seed=3, rules=Rules(muggins=True))
    while game.phase != "announce":
        game.apply(game.legal_moves()[0])
    for step in ("announce ²", "²", "muggins ³"):
        with pytest.raises(CribbageError, match="is not a step here"):
            parse_step(game, step)
    assert parse_step(game, "announce 7")[0].points == 7


@pytest.mark.parametrize("code", ["counting/easy/²/7", "counting/easy/2/٣", "counting/easy/2/" + "9" * 5000])
def test_a_set_code_of_digits_int_refuses_is_a_sentence(code):
    from crib_widgets.exercises.generate import load_set

    with pytest.raises(CribbageError, match="is not a number of") as caught:
        load_set(code)
    assert len(str(caught.value)) < 200


def test_a_set_code_keeps_a_64_bit_seed():
    from crib_widgets.exercises.generate import load_set

    assert len(load_set("counting/easy/2/18446744073709551615")) == 2


@pytest.mark.parametrize("text", ["[" * 100_000, '{"format": "\\ud800"}', '{"n": ' + "9" * 5000 + "}"])
def test_a_hostile_duplicate_results_file_is_one_sentence(text):
    from crib_widgets.table.duplicate import score_results

    with pytest.raises(CribbageError) as caught:
        score_results(text)
    assert len(str(caught.value)) < 200


def test_a_link_holding_a_long_name_or_key_is_refused_without_echoing_it():
    from crib_widgets.table import share

    for record in ({"n": ["x" * 150_000, "B"]}, {"x" * 150_000: 1}):
        with pytest.raises(CribbageError) as caught:
            packed = zlib.compress(json.dumps(record).encode(), 9)
            read_link(share.CODE_VERSION + base64.urlsafe_b64encode(packed).decode().rstrip("="))
        assert len(str(caught.value)) < 300


def test_the_words_for_a_broken_character_are_a_learners():
    """issue 37: My progress told a learner "a lone surrogate, U+D800"; the words are now a 12-year-old's,
    the same sentence on the page (lib/reader.js, through tests/data/js_vectors.json)."""
    for text in ('["\\ud800"]', '["\\u0007"]', '["\x00"]'):
        with pytest.raises(CribbageError) as caught:
            load_json(text, "progress.json")
        message = str(caught.value)
        for jargon in ("surrogate", "U+", "control", "printable", "outside"):
            assert jargon not in message, message
        assert message.endswith(": the book reads only whole letters, numbers, signs and spaces")
