"""The counting voice: the phrase bank, one clip per count (timings, gaps, rate), the page's player."""

from __future__ import annotations

import io
import json
import re
import wave
from array import array
from html import unescape
from pathlib import Path

import pytest

from crib_widgets.aloud import PHRASINGS, count_steps
from crib_widgets.cards import Card
from crib_widgets.pegging import pile_total, play_call, play_points
from crib_widgets.scoring import score_hand
from crib_widgets.voice import PHRASES, VoiceError, bank, count_player, say, split_phrases
from crib_widgets.voice.clip import LEAD, STEP_GAP, TAIL, WORD_GAP

DATA = Path(__file__).parent / "data"
HANDS = [json.loads(line) for line in (DATA / "aloud_hands.jsonl").read_text(encoding="utf-8").splitlines()]
RATE = 16_000
MAX_GAP = 0.45  # seconds: no stretch of silence inside a count is longer than this
WINDOW = 0.01


def _pcm(wav: bytes) -> tuple[int, array]:
    with wave.open(io.BytesIO(wav)) as w:
        assert (w.getnchannels(), w.getsampwidth()) == (1, 2)
        return w.getframerate(), array("h", w.readframes(w.getnframes()))


def _silences(samples: array, rate: int, floor: int = 200) -> list[float]:
    """Lengths (seconds) of the quiet stretches between sounds, in 10 ms windows."""
    step = int(WINDOW * rate)
    quiet, gaps, heard = 0, [], False
    for i in range(0, len(samples) - step, step):
        loud = max(abs(s) for s in samples[i:i + step]) > floor
        if loud:
            if heard and quiet:
                gaps.append(quiet * WINDOW)
            quiet, heard = 0, True
        else:
            quiet += 1
    return gaps


def test_the_bank_holds_every_phrase_at_16_khz_mono_each_a_short_clear_recording():
    b = bank()
    assert b.rate == RATE and set(b.phrases) == set(PHRASES)
    for phrase in PHRASES:
        samples = array("h", b.samples(phrase))
        seconds = len(samples) / RATE
        assert 0.15 <= seconds <= 2.0, (phrase, seconds)
        assert max(abs(s) for s in samples) > 8000, f"{phrase!r} is too quiet"
    size = sum(p.stat().st_size for p in (Path(__file__).parents[1] / "crib_widgets/voice/data").iterdir())
    assert size < 4_000_000, "the phrase bank should stay a few MB"


def test_a_count_clip_has_each_phrase_for_its_recorded_length_and_no_long_silence():
    steps = score_hand("4H 5C 6D JS", "5S").steps()
    clip = say([s.words for s in steps])
    rate, samples = _pcm(clip.wav_bytes())
    assert rate == RATE and len(samples) == clip.length
    assert [s.phrase for s in clip.segments] == [
        "fifteen two", "fifteen four", "fifteen six", "fifteen eight", "a double run of three is", "sixteen",
        "and", "one for his nobs is", "seventeen"]
    for seg in clip.segments:  # each phrase lasts exactly its recording, copied sample for sample
        assert samples[seg.at: seg.at + seg.length].tobytes() == bank().samples(seg.phrase)
    expected = LEAD + sum(s.length for s in clip.segments) / RATE + (len(steps) - 1) * STEP_GAP + TAIL + (
        len(clip.segments) - len(steps)) * WORD_GAP
    assert clip.duration == pytest.approx(expected, abs=0.01)
    assert max(_silences(samples, rate)) <= MAX_GAP
    starts = [a for a, _ in clip.steps]
    assert starts == sorted(starts) and all(a < b for a, b in clip.steps)
    assert clip.steps[-1][1] <= clip.duration


@pytest.mark.parametrize(("hand", "starter"),
                         [("5H 5C 5D JS", "5S"), ("2H 4C 10D QS", "8D"), ("9C 9D 10H 10S", "JD")])
def test_the_longest_and_the_emptiest_counts_sound_without_long_gaps(hand, starter):
    steps = count_steps(score_hand(hand, starter)) or [type("S", (), {"words": "nineteen"})()]
    clip = say([s.words for s in steps])
    rate, samples = _pcm(clip.wav_bytes())
    gaps = _silences(samples, rate)
    assert not gaps or max(gaps) <= MAX_GAP
    assert 0.5 < clip.duration < 25


@pytest.mark.parametrize("phrasing", list(PHRASINGS))
def test_the_voice_can_say_every_count_of_the_1120_hands(phrasing):
    for row in HANDS:
        for step in count_steps(score_hand(row["hand"], row["starter"], crib=row["crib"]), phrasing):
            phrases = [p for clause in split_phrases(step.words) for p in clause]
            assert " ".join(phrases) == step.words


def test_the_voice_can_say_every_call_of_the_play():
    for line in (DATA / "pegging_vectors.jsonl").read_text(encoding="utf-8").splitlines():
        pile = []
        for entry in json.loads(line)["plays"]:
            if entry == "GO":
                continue
            if pile_total(Card.parse(c) for c in [*pile, entry]) > 31:
                pile = []
            pile.append(entry)
            call = play_call(play_points(pile))
            if call:
                assert split_phrases(call)
    for call in ("go", "one for last card", "thirty-one for two", "run of seven for seven",
                 "fifteen for two, and a pair for four", "double pair royal for twelve"):
        assert split_phrases(call)


def test_words_without_a_recording_are_named():
    with pytest.raises(VoiceError, match="no recording for 'muggins'"):
        say(["fifteen two", "muggins is three"])
    with pytest.raises(VoiceError, match="nothing to say"):
        say([])


def test_the_player_block_carries_the_layout_and_starts_hidden_with_no_autoplay():
    html = count_player(score_hand("4H 5C 6D JS", "5S"))
    assert re.search(r'<div class="crib-voice" hidden data-voice="', html)
    assert "autoplay" not in html and 'preload="none"' in html
    data = json.loads(unescape(re.search(r'data-voice="([^"]*)"', html)[1]))
    steps = score_hand("4H 5C 6D JS", "5S").steps()
    assert data["words"] == [s.words for s in steps] and data["totals"] == [s.total for s in steps]
    assert data["cards"][-1] == ["JS", "5S"] and data["rate"] == RATE
    assert data["version"] == bank().version and len(data["steps"]) == len(steps)
    plain = json.loads(unescape(re.search(r'data-voice="([^"]*)"', count_player(
        score_hand("4H 5C 6D JS", "5S"), "plain"))[1]))
    assert plain["totals"][-1] == 17 and "a second run of three is sixteen" in plain["words"]
    nothing = json.loads(unescape(re.search(r'data-voice="([^"]*)"', count_player(
        score_hand("2H 4C 10D QS", "8D")))[1]))
    assert nothing["words"] == ["nineteen"] and nothing["totals"] == [0]
