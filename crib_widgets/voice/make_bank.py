"""Record the phrase bank once with an offline text-to-speech program (maintainers only).

``python -m crib_widgets.voice.make_bank [VOICE] [OUT_DIR]`` speaks every phrase of
`crib_widgets.voice.phrases.PHRASES`, converts it with sox to 16 kHz mono 16-bit, trims the
silence at both ends, evens out the loudness, and writes ``crib-voice-bank.wav`` (all phrases
one after the other, a short silence between) and ``crib-voice-bank.json`` (where each phrase
starts and how long it is) into ``OUT_DIR`` (the package's ``data`` folder by default). The voices
are Debian packages:
``apt-get install flite espeak-ng festival festvox-kallpc16k sox``. The package and the site use
the files written here; nobody else needs the programs.
"""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
import tempfile
import wave
from pathlib import Path

from .phrases import PHRASES

__all__ = ["VOICES", "RATE", "build_bank", "speak"]

RATE = 16_000
GAP = 0.05  # seconds of silence between phrases in bank.wav, so a slice never clips a neighbour
DEFAULT = "flite-awb"  # chosen by scripts/compare_voices.py: the clearest to a recogniser (README)
VOICES: dict[str, list[str]] = {
    "flite-slt": ["flite", "-voice", "slt", "-t", "{text}", "-o", "{out}"],
    "flite-rms": ["flite", "-voice", "rms", "-t", "{text}", "-o", "{out}"],
    "flite-awb": ["flite", "-voice", "awb", "-t", "{text}", "-o", "{out}"],
    "flite-kal16": ["flite", "-voice", "kal16", "-t", "{text}", "-o", "{out}"],
    "espeak-ng-us": ["espeak-ng", "-v", "en-us", "-s", "150", "-w", "{out}", "{text}"],
    "espeak-ng-gb": ["espeak-ng", "-v", "en-gb", "-s", "150", "-w", "{out}", "{text}"],
    "festival-kal": ["sh", "-c", 'echo "$0" | text2wave -o "$1"', "{text}", "{out}"],
}
_DATA = Path(__file__).with_name("data")


def speak(voice: str, text: str, out: Path) -> None:
    """Say ``text`` with ``voice`` into the WAV file ``out`` (16 kHz mono 16-bit, ends trimmed)."""
    with tempfile.TemporaryDirectory() as tmp:
        raw = Path(tmp) / "raw.wav"
        command = [part.format(text=text, out=raw) for part in VOICES[voice]]
        subprocess.run(command, check=True, capture_output=True)
        subprocess.run(
            ["sox", str(raw), "-r", str(RATE), "-c", "1", "-b", "16", str(out),
             "silence", "1", "0.01", "0.3%", "reverse", "silence", "1", "0.01", "0.3%", "reverse",
             "norm", "-1"],
            check=True, capture_output=True)


def build_bank(voice: str = DEFAULT, out_dir: Path = _DATA) -> dict:
    """Write the bank's ``.wav`` and ``.json`` for ``voice`` into ``out_dir``; return the index."""
    out_dir.mkdir(parents=True, exist_ok=True)
    gap = b"\0\0" * int(GAP * RATE)
    pcm = bytearray(gap)
    index: dict[str, list[int]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for n, phrase in enumerate(PHRASES):
            path = Path(tmp) / f"{n}.wav"
            speak(voice, phrase, path)
            with wave.open(str(path)) as w:
                frames = w.readframes(w.getnframes())
            index[phrase] = [len(pcm) // 2, len(frames) // 2]
            pcm += frames + gap
    with wave.open(str(out_dir / "crib-voice-bank.wav"), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(bytes(pcm))
    digest = hashlib.sha256(bytes(pcm)).hexdigest()[:12]
    meta = {"voice": voice, "rate": RATE, "version": digest, "phrases": index}
    (out_dir / "crib-voice-bank.json").write_text(json.dumps(meta, indent=0) + "\n", encoding="utf-8")
    return meta


if __name__ == "__main__":
    chosen = sys.argv[1] if len(sys.argv) > 1 else DEFAULT
    folder = Path(sys.argv[2]) if len(sys.argv) > 2 else _DATA
    info = build_bank(chosen, folder)
    print(f"{len(info['phrases'])} phrases spoken by {chosen} in {folder}")
