"""issue 37: the page's nameKey (lite/runtime/src/page/lib/names.js) is seeds.student_key on any name,
not only on the vectors: 3,000 random names of many scripts, marks, strokes and spaces, through both."""

from __future__ import annotations

import json
import random
import subprocess
from pathlib import Path

from crib_widgets.exercises.roster import name_tokens
from crib_widgets.exercises.seeds import student_key

NAMES_JS = Path(__file__).resolve().parents[1] / "lite" / "runtime" / "src" / "page" / "lib" / "names.js"
# Letters with and without accents, stroked letters, other scripts' marks, compatibility forms, spaces
ALPHABET = ("aeiouAEIOU \u00a0\u3000\t,-'ÁÉÍÓÚáéíóúñÑçÇøØłŁđĐæÆœŒþÞßıİŸÿ\u0301\u0308\u0327ǅǆﬁｶﾞガ"
            "ΣσςάΆйЙёЁсुीनलक्ष한국ℌ²½")


def test_the_page_folds_names_as_python_does():
    rng = random.Random(37)
    names = ["".join(rng.choice(ALPHABET) for _ in range(rng.randint(1, 14))) for _ in range(3000)]
    names = [n for n in names if n.strip()]
    script = (f"import {{ nameKey, nameTokens }} from {json.dumps(NAMES_JS.as_uri())};\n"
              "import { readFileSync } from 'node:fs';\n"
              "const names = JSON.parse(readFileSync(0, 'utf-8'));\n"
              "console.log(JSON.stringify(names.map((n) => [nameKey(n), nameTokens(n)])));\n")
    out = subprocess.run(["node", "--input-type=module", "-e", script], input=json.dumps(names),
                         capture_output=True, text=True, check=True, timeout=120).stdout
    for name, (key, tokens) in zip(names, json.loads(out), strict=True):
        assert key == student_key(name), name
        assert tuple(tokens) == name_tokens(name), name
