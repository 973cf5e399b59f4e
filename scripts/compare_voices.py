"""Compare offline voices for the counting voice: how well a speech recogniser understands counts
joined from each voice's phrase bank, how long they take, how loud they are.

Make the banks first (``python -m crib_widgets.voice.make_bank VOICE /tmp/voices/VOICE`` for each
voice in `crib_widgets.voice.make_bank.VOICES`), then run this with a Python that has the PyPI
package pocketsphinx (it ships its own US English model), e.g. in a scratch venv:
``python scripts/compare_voices.py /tmp/voices/*``. It prints one row per voice.
"""

from __future__ import annotations

import json
import re
import statistics
import sys
from array import array
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pocketsphinx import Decoder

from crib_widgets.scoring import score_hand
from crib_widgets.voice.clip import load_bank, say

SAME = {"to": "two", "too": "two", "for": "four", "fore": "four", "won": "one", "an": "and", "nobs": "knobs"}


def words(text: str) -> list[str]:
    found = re.findall(r"[a-z]+", text.lower().replace("-", " "))
    return [SAME.get(w, w) for w in found]


def errors(ref: list[str], hyp: list[str]) -> int:
    """Word edit distance."""
    row = list(range(len(hyp) + 1))
    for i, r in enumerate(ref, 1):
        prev, row[0] = row[0], i
        for j, h in enumerate(hyp, 1):
            prev, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, prev + (r != h))
    return row[-1]


def main(folders: list[str]) -> None:
    data = Path(__file__).resolve().parents[1] / "tests" / "data" / "aloud_hands.jsonl"
    rows = [json.loads(line) for line in data.read_text().splitlines()][::28]  # 40 counts
    counts = []
    for row in rows:
        steps = score_hand(row["hand"], row["starter"], crib=row["crib"]).steps()
        counts.append([s.words for s in steps] or ["nineteen"])
    print(f"{'voice':14} {'word error':>10} {'s/count':>8} {'phrase s':>8} {'rms dBFS':>8}",
          f"({len(counts)} counts)")
    for folder in folders:
        b = load_bank(Path(folder))
        decoder = Decoder(samprate=b.rate)
        wrong = total = 0
        seconds = []
        for steps in counts:
            clip = say(steps, using=b)
            pcm = clip.wav_bytes(using=b)[44:]
            decoder.start_utt()
            decoder.process_raw(pcm, full_utt=True)
            decoder.end_utt()
            heard = decoder.hyp().hypstr if decoder.hyp() else ""
            ref = words(" ".join(steps))
            wrong += errors(ref, words(heard))
            total += len(ref)
            seconds.append(clip.duration)
        samples = array("h", b.pcm)
        loud = [s for s in samples if abs(s) > 300]
        rms = (sum(s * s for s in loud) / len(loud)) ** 0.5
        import math
        per_phrase = statistics.mean(n / b.rate for _, n in b.phrases.values())
        print(f"{b.voice:14} {wrong / total:10.1%} {statistics.mean(seconds):8.2f} {per_phrase:8.2f} "
              f"{20 * math.log10(rms / 32768):8.1f}")


if __name__ == "__main__":
    main(sys.argv[1:])
