"""What a learner's page must not say: the words of the code instead of the words of the game.

The learner's pages (the chapters 01-15 and the appendix, not the teachers' pages) talk like a
teacher at the table: never of the "engine", never an install command, and numbers as a person
says them ("about 16 points", not "367/23"). Checked on what the page shows: its text and the text
of the widgets drawn from the saved widget state. Used by ``check_site.py``; the rules live here.

>>> problems_in("Keep 4-5-5-6: about 16 points.")
[]
>>> [problem.split(" (")[0] for problem in problems_in("The engine says 367/23; run pip install it")]
["says 'engine'", 'shows an install command', 'prints the fraction 367/23']
>>> problems_in("a pair is 2 points; 3/4 of the time")
[]
"""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path

TEACHER_PAGES = {"teachers_guide", "teachers_class", "teachers_tools", "assignment"}
ENGINE = re.compile(r"\bengines?\b", re.I)
INSTALL = re.compile(r"\b(?:pip3? install|python3? -m (?:pip|venv)|apt(?:-get)? install|conda install"
                     r"|npm (?:install|ci)|\.venv/bin/)", re.I)
FRACTION = re.compile(r"(?<![\w/.])(\d+)/(\d+)(?![\w/])")
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"


def is_learner_page(root: Path, page: Path) -> bool:
    """A chapter or an appendix page of the book (not a teachers' page, not an old-address page)."""
    rel = page.relative_to(root).parts
    if len(rel) != 2 or rel[0] != "book" or page.stem in TEACHER_PAGES:
        return False
    return "http-equiv=\"refresh\"" not in page.read_text(encoding="utf-8", errors="replace")[:2000]


def _around(text: str, match: re.Match, width: int = 24) -> str:
    start, end = max(0, match.start() - width), min(len(text), match.end() + width)
    return ("…" if start else "") + text[start:end].strip() + ("…" if end < len(text) else "")


def problems_in(text: str) -> list[str]:
    """Every sentence-level slip in ``text``: 'engine', an install command, a fraction over 12."""
    problems = []
    if match := ENGINE.search(text):
        problems.append(f"says 'engine' ({_around(text, match)!r})")
    if match := INSTALL.search(text):
        problems.append(f"shows an install command ({_around(text, match)!r})")
    for match in FRACTION.finditer(text):
        if int(match.group(2)) > 12:
            problems.append(f"prints the fraction {match.group(0)} (a denominator over 12: round it as a "
                            "person would)")
            break
    return problems


class _Text(HTMLParser):
    """The text a reader sees, and the widget state saved in the page."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.states: list[str] = []
        self._skip = 0
        self._state = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style", "noscript"):
            self._skip += 1
            self._state = tag == "script" and dict(attrs).get("type") == WIDGET_STATE

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style", "noscript") and self._skip:
            self._skip -= 1
            self._state = False

    def handle_data(self, data: str) -> None:
        if self._state:
            self.states.append(data)
        elif not self._skip:
            self.parts.append(data)


def _widget_strings(state_json: str) -> list[str]:
    """The strings a widget shows (labels, values, HTML), tags removed."""
    try:
        state = json.loads(state_json).get("state", {})
    except (ValueError, AttributeError):
        return []
    shown = []
    for model in state.values():
        values = model.get("state", {}) if isinstance(model, dict) else {}
        for key in ("value", "description", "placeholder", "tooltip", "_options_labels"):
            item = values.get(key)
            for text in item if isinstance(item, list) else [item]:
                if isinstance(text, str):
                    shown.append(re.sub(r"<[^>]+>", " ", text))
    return shown


def page_problems(page: Path) -> list[str]:
    """The slips on one built page, each named with a little of the text around it."""
    parser = _Text()
    parser.feed(page.read_text(encoding="utf-8", errors="replace"))
    text = " ".join(" ".join(parser.parts).split())
    problems = problems_in(text)
    for state in parser.states:
        widget_text = " ".join(" ".join(_widget_strings(state)).split())
        problems += [f"a widget {p}" for p in problems_in(widget_text)]
    return problems
