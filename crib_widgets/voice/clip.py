"""One sound clip per count, joined from the phrase bank, with the time each step is said.

The layout (which slice of the bank goes where) is worked out here once; `Clip.wav_bytes` plays it
out with the standard library's `wave` (so it runs under Pyodide too), and the site's player
(``lite/runtime/src/page/crib-voice.js``) follows the same layout to build the clip in the browser from the
bank it serves, so a page carries a few hundred bytes per count instead of the sound itself.

>>> clip = say(["fifteen two", "and a pair is four"])
>>> [s.phrase for s in clip.segments], clip.rate
(['fifteen two', 'and', 'a pair is', 'four'], 16000)
>>> len(clip.steps), clip.steps[0][0] < clip.steps[0][1] <= clip.steps[1][0]
(2, True)
"""

from __future__ import annotations

import io
import json
import wave
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources

from .phrases import VoiceError, split_phrases

__all__ = ["Bank", "Segment", "Clip", "bank", "load_bank", "say", "LEAD", "WORD_GAP", "STEP_GAP", "TAIL"]

LEAD = 0.08      # seconds of quiet before the first word
WORD_GAP = 0.04  # between the phrases of one step ("and" | "a pair is" | "six")
STEP_GAP = 0.28  # between steps, where a player draws breath
TAIL = 0.15      # after the last word


@dataclass(frozen=True, slots=True)
class Bank:
    """The recorded phrases: 16-bit mono PCM at ``rate``, and where each phrase lies in it.

    Laying out a clip needs only the index (``crib-voice-bank.json``, in the wheel); the sound
    (``crib-voice-bank.wav``, served by the site, present in a checkout) is read on first use.
    """

    voice: str
    rate: int
    version: str
    phrases: dict[str, tuple[int, int]]  # phrase -> (first sample, samples)
    folder: object  # a path or package resource holding the two files

    @property
    def pcm(self) -> bytes:
        """All the recordings, one after another, as raw PCM bytes."""
        return _read_pcm(self.folder, self.rate)

    def samples(self, phrase: str) -> bytes:
        """The recording of one phrase as raw PCM bytes."""
        start, length = self.phrases[phrase]
        return self.pcm[2 * start: 2 * (start + length)]


@cache
def bank() -> Bank:
    """The package's phrase bank (read once)."""
    return load_bank(resources.files("crib_widgets.voice") / "data")


def load_bank(data) -> Bank:
    """A phrase bank from a folder (a path or package resource) holding its .json and .wav."""
    meta = json.loads((data / "crib-voice-bank.json").read_text(encoding="utf-8"))
    phrases = {p: (a, b) for p, (a, b) in meta["phrases"].items()}
    return Bank(meta["voice"], meta["rate"], meta["version"], phrases, data)


@cache
def _read_pcm(folder, rate: int) -> bytes:
    sound = folder / "crib-voice-bank.wav"
    if not sound.is_file():
        raise VoiceError("the sound of the phrase bank (crib-voice-bank.wav) is not installed here: the "
                         "wheel carries only its index, the book's site serves the sound; use a checkout")
    with wave.open(io.BytesIO(sound.read_bytes())) as w:
        if (w.getnchannels(), w.getsampwidth(), w.getframerate()) != (1, 2, rate):
            raise VoiceError("crib-voice-bank.wav is not 16-bit mono at the rate its index names")
        return w.readframes(w.getnframes())


@dataclass(frozen=True, slots=True)
class Segment:
    """One phrase placed in a clip: ``at`` samples from the start, copied from the bank."""

    phrase: str
    at: int
    start: int
    length: int


@dataclass(frozen=True, slots=True)
class Clip:
    """A count said aloud: its phrases laid out in time and when each step starts and ends."""

    rate: int
    length: int
    segments: tuple[Segment, ...]
    steps: tuple[tuple[float, float], ...]  # (start, end) in seconds, one per step of words
    words: tuple[str, ...]

    @property
    def duration(self) -> float:
        """Seconds of sound."""
        return self.length / self.rate

    def layout(self) -> dict:
        """The clip as data for the site's player: bank slices, step times, sample rate."""
        return {"rate": self.rate, "length": self.length, "steps": [list(s) for s in self.steps],
                "segments": [[s.at, s.start, s.length] for s in self.segments], "version": bank().version}

    def wav_bytes(self, using: Bank | None = None) -> bytes:
        """The clip as a WAV file (16-bit mono)."""
        out = bytearray(2 * self.length)
        source = (using or bank()).pcm
        for s in self.segments:
            out[2 * s.at: 2 * (s.at + s.length)] = source[2 * s.start: 2 * (s.start + s.length)]
        buffer = io.BytesIO()
        with wave.open(buffer, "wb") as w:
            w.setnchannels(1)
            w.setsampwidth(2)
            w.setframerate(self.rate)
            w.writeframes(bytes(out))
        return buffer.getvalue()


def say(steps: Sequence[str], using: Bank | None = None) -> Clip:
    """Lay out the words of ``steps`` (one string per step) as one clip from the bank.

    A word the bank has no recording for is a `VoiceError` naming it.
    """
    if not steps:
        raise VoiceError("nothing to say: give at least one step of words")
    b = using or bank()
    at = int(LEAD * b.rate)
    segments, times = [], []
    for i, words in enumerate(steps):
        if i:
            at += int(STEP_GAP * b.rate)
        begin = at
        phrases = [p for clause in split_phrases(words) for p in clause]
        for j, phrase in enumerate(phrases):
            if j:
                at += int(WORD_GAP * b.rate)
            start, length = b.phrases[phrase]
            segments.append(Segment(phrase, at, start, length))
            at += length
        times.append((round(begin / b.rate, 3), round(at / b.rate, 3)))
    length = at + int(TAIL * b.rate)
    return Clip(b.rate, length, tuple(segments), tuple(times), tuple(steps))
