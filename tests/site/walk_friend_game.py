"""Two friends play a whole game to 61 on two phones' worth of browsers (issue 39's last "Done when").

A walk-through, not a check of run_all.py: it takes several minutes. Two browser profiles at 390 px
by touch on the built book, the relay of check_friend.py on 127.0.0.1 (nothing else reachable). Each
player acts only on what their own screen shows and says: Ann opens chapter 15 (``--chapter 09`` for
the first game's table), opens Play a friend, makes the link and "sends" it; Ben opens it; they
throw and lay by a simple heuristic from the cards shown (the best average keep, the crib's pair
counted; in the play points now, then not leaving 5 or 21), tap Next deal after each show, until one
wins. Once mid-game Ben's page is reloaded, and once his tab is closed for 20 s and the link opened
again.

It writes what each screen said, with times, to ``walk.txt`` in the screenshots folder, a picture of
each table at each stage (dealt, thrown, show, the end, and after the reload and the return), and
lists at the end everything a first-time player would stumble on: a wait with nothing moving, a show
whose points disagree with crib_widgets' own scorer for the cards shown, a line of the table naming
the other player's unshown card, a console error, a button that changed nothing.

    .venv/bin/python tests/site/walk_friend_game.py _build/html --screenshots /tmp/walk
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import re
import sys
import time
from itertools import combinations
from pathlib import Path
from urllib.parse import urljoin

from check_live import PHONE, serve
from friend_run import FRIEND_FLAGS, relay
from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from crib_widgets.cards import Card, full_deck
from crib_widgets.scoring import hand_total, score_hand

PAGES = {"15": "book/15_full_game.html", "09": "book/09_first_game.html"}
LIVE = ".crib-live-view:not(.crib-live-hidden)"
STILL_S = 75  # neither page changed this long: stuck
LONG_WAIT_S = 12  # a "Waiting for ..." longer than this is noted

#: What a person sees of the table: the status line, the count, their card buttons, the cards laid in
#: this count, the starter, the buttons and boxes, and the whole text.
SNAP = """(area) => {
  const vis = (e) => !!(e.offsetParent || e.getClientRects().length);
  const one = (sel) => { const e = area.querySelector(sel); return e && vis(e) ? e.innerText.trim() : ''; };
  const cards = Array.from(area.querySelectorAll('button.crib-cardbtn')).filter(vis).map((b) => ({
    label: b.innerText.replace(/\\s+/g, ''), disabled: b.disabled}));
  const laid = Array.from(area.querySelectorAll('[aria-label^="cards laid since"] [data-card]'))
    .map((e) => e.dataset.card);
  const starter = Array.from(area.querySelectorAll('.crib-slot')).filter((s) =>
    (s.querySelector('.crib-tag') || {}).innerText === 'starter').map((s) => {
      const c = s.querySelector('[data-card]'); return c ? c.dataset.card : ''; })[0] || '';
  const buttons = Array.from(area.querySelectorAll('button:not(.crib-cardbtn)')).filter(vis)
    .map((b) => ({text: b.innerText.trim(), disabled: b.disabled}));
  const inputs = Array.from(area.querySelectorAll('input:not([type=checkbox]), textarea')).filter(vis)
    .map((i) => ({value: i.value, ph: i.placeholder}));
  return {status: one('.crib-status'), count: one('.crib-count'), cards, laid, starter, buttons, inputs,
          log: Array.from(area.querySelectorAll('.crib-log')).map((e) => e.innerText).join('\\n'),
          text: area.innerText};
}"""


# --- a sensible player's choices, from the cards on the screen -----------------------------------


def throw(labels: list[str], my_crib: bool) -> list[str]:
    """The two of six to throw: the keep with the best average over the starters, the pair thrown
    counted for the crib (for my crib, against the friend's)."""
    hand = [Card.parse(label) for label in labels]
    rest = [c for c in full_deck() if c not in hand]
    best: tuple[float, list[str]] | None = None
    for keep in combinations(range(len(hand)), len(hand) - 2):
        kept = [hand[i] for i in keep]
        out = [i for i in range(len(hand)) if i not in keep]
        a, b = (hand[i] for i in out)
        pair = 2 * (a.value + b.value == 15) + 2 * (a.rank == b.rank) + 1.5 * (5 in (a.rank, b.rank))
        value = sum(hand_total(kept, s) for s in rest) / len(rest) + (pair if my_crib else -pair)
        if best is None or value > best[0]:
            best = (value, [labels[i] for i in out])
    assert best is not None
    return best[1]


def peg(playable: list[str], count: int, laid: list[str]) -> str:
    """The card to lay: points now (15, 31, pairs, runs), then not leaving 5 or 21 or an easy 15."""
    before = [Card.parse(c) for c in laid]

    def worth(card: Card) -> float:
        total = count + card.value
        points = 2 * (total == 15) + 2 * (total == 31)
        same = 0
        for other in reversed(before):
            if other.rank != card.rank:
                break
            same += 1
        points += {1: 2, 2: 6, 3: 12}.get(same, 0)
        cards = [*before, card]
        for k in range(len(cards), 2, -1):
            ranks = sorted(c.rank for c in cards[-k:])
            if len(set(ranks)) == k and ranks[-1] - ranks[0] == k - 1:
                points += k
                break
        risk = 1.5 * (total in (5, 21)) + 0.5 * (5 <= 15 - total <= 10)
        return points - risk + card.value / 100

    return max(playable, key=lambda label: worth(Card.parse(label)))


# --- one person at one device ---------------------------------------------------------------------


class Person:
    """One browser profile (one phone) and the person holding it."""

    def __init__(self, browser, name: str, shots: Path, log) -> None:
        self.browser, self.name, self.shots, self.log = browser, name, shots, log
        self.errors: list[str] = []
        self.context = self.tab = None
        self.last_status, self.status_since = "", time.monotonic()
        self.new_context()

    def new_context(self) -> None:
        self.context = self.browser.new_context(**PHONE)
        self.new_tab()

    def new_tab(self) -> None:
        self.tab = self.context.new_page()
        self.tab.on("console", lambda m: m.type in ("error", "warning") and self.errors.append(
            f"{m.type}: {m.text}"[:400]))
        self.tab.on("pageerror", lambda e: self.errors.append(f"page error: {e}"[:400]))

    @property
    def area(self):
        """The game table: the live widget with Play a friend (chapter 09 has others above it)."""
        return self.tab.locator(LIVE).filter(has=self.tab.locator("button", has_text="Play a friend")).first

    def open(self, url: str) -> None:
        self.tab.goto(url, wait_until="domcontentloaded", timeout=120_000)

    def scroll_to_table(self) -> None:
        """Scrolls down to the game table, as a person looking for it would."""
        widgets = self.tab.locator("[data-crib-live-model]")
        named = widgets.filter(has_text="Cribbage game table")  # chapter 09's says "Python starts when..."
        table = named.first if named.count() else widgets.first
        with contextlib.suppress(Exception):
            table.scroll_into_view_if_needed(timeout=10_000)

    def snap(self) -> dict:
        try:
            return self.area.evaluate(SNAP, timeout=20_000)
        except Exception as exc:  # the page is between two drawings
            return {"status": "", "count": "", "cards": [], "laid": [], "starter": "", "buttons": [],
                    "inputs": [], "log": "", "text": "", "error": str(exc)[:200]}

    def buttons(self, snap: dict) -> list[str]:
        return [b["text"] for b in snap["buttons"] if not b["disabled"]]

    def tap_button(self, label: str) -> None:
        target = self.area.locator("button:visible").filter(
            has_text=re.compile(rf"^\s*{re.escape(label)}\s*$")).first
        target.scroll_into_view_if_needed(timeout=10_000)
        target.tap(timeout=10_000)

    def tap_card(self, label: str) -> None:
        target = self.area.locator("button.crib-cardbtn:visible").filter(
            has_text=re.compile(r"^\s*" + r"\s*".join(map(re.escape, label)) + r"\s*$")).first
        target.scroll_into_view_if_needed(timeout=10_000)
        target.tap(timeout=10_000)

    def shot(self, name: str, whole: bool = False) -> str:
        """A phone-screen picture with the table's status line in view (or the whole table)."""
        path = self.shots / f"{self.name.lower()}-{name}.png"
        with contextlib.suppress(Exception):
            if whole:
                self.area.screenshot(path=str(path), timeout=30_000)
            else:
                line = self.area.locator(".crib-status").first
                with contextlib.suppress(Exception):  # no live table yet: the screen as it is
                    line.scroll_into_view_if_needed(timeout=5_000)
                    self.tab.evaluate("window.scrollBy(0, -240)")
                self.tab.screenshot(path=str(path), timeout=30_000)
        return str(path)

    def see(self, snap: dict) -> None:
        """Notes what the status line says when it changes, and how long the last one stood."""
        status = snap["status"]
        if status != self.last_status:
            stood = time.monotonic() - self.status_since
            if self.last_status.startswith("Waiting for") and stood > LONG_WAIT_S:
                self.log(f"{self.name}: waited {stood:.0f} s on {self.last_status!r}", stumble=True)
            self.log(f"{self.name} sees: {status}")
            self.last_status, self.status_since = status, time.monotonic()

    def act(self, snap: dict) -> str:
        """One move, if the screen asks for one: what was done, or ""."""
        status, buttons = snap["status"], self.buttons(snap)
        hand = [c["label"] for c in snap["cards"]]
        if re.search(r"choose (\d) cards? for", status) and "Lay in the crib" in [
                b["text"] for b in snap["buttons"]]:
            mine = "your crib" in status
            out = throw(hand, mine)
            for label in out:
                self.tap_card(label)
                time.sleep(0.3)
            self.tap_button("Lay in the crib")
            return f"throws {' '.join(out)} ({'own' if mine else 'the friend’s'} crib)"
        playable = [c["label"] for c in snap["cards"] if not c["disabled"]]
        if re.match(r"(Your lead|Your turn)", status) and playable:
            count = int(snap["count"] or 0)
            laid = [Card.parse(c).pretty for c in snap["laid"]] if snap["laid"] else []
            choice = peg(playable, count, laid)
            self.tap_card(choice)
            return f"lays {choice} on {count}"
        if "Go" in buttons:
            self.tap_button("Go")
            return "says go"
        if "Announce" in buttons and "press Announce" in status:
            return self.announce()
        if "Accept" in buttons and "Accept it" in status:
            return self.answer(status)
        return ""

    def counted(self) -> tuple[list[str], str, bool, int]:
        """The hand or crib being counted, as the table shows it, and its points by crib_widgets."""
        seat = self.area.locator(".crib-seat.crib-turn").filter(
            has=self.tab.locator("b", has_text=re.compile(r"(hand|crib)$"))).last
        cards = seat.evaluate("(s) => Array.from(s.querySelectorAll('[data-card]'))"
                              ".map((e) => e.dataset.card)")
        crib = seat.locator("b").first.inner_text().endswith("crib")
        return cards[:-1], cards[-1], crib, score_hand(cards[:-1], cards[-1], crib=crib).total

    def type_points(self, label: str, points: int) -> None:
        box = self.area.locator(".crib-points").filter(has_text=label).locator("input").first
        box.tap()
        box.fill(str(points))

    def announce(self) -> str:
        """Counts the hand shown (once, Ben says 2 too few: Ann may call Muggins)."""
        cards, starter, _, points = self.counted()
        erred = getattr(self, "erred", False)
        said = points - 2 if self.name == "Ben" and points >= 2 and not erred else points
        self.erred = erred or said != points
        self.type_points("Points", said)
        self.tap_button("Announce")
        wrong = f" (it is {points})" if said != points else ""
        return f"announces {said} for {' '.join(cards)} + {starter}{wrong}"

    def answer(self, status: str) -> str:
        """Accepts a right count, calls Muggins on one too low, Too high! on one too high."""
        claimed = int(re.search(r"counts (\d+) points?", status)[1])
        cards, starter, _, points = self.counted()
        if claimed < points:
            self.type_points("Missed", points - claimed)
            self.tap_button("Muggins!")
            return f"calls Muggins: {points - claimed} missed in {' '.join(cards)} + {starter}"
        if claimed > points:
            self.tap_button("Too high!")
            return f"says Too high! ({claimed} claimed, {points} by crib_widgets)"
        self.tap_button("Accept")
        return f"accepts {claimed}"


# --- the show, checked against crib_widgets' scorer -------------------------------------------

SHOW_LINE = re.compile(r"^(?P<who>.+?) (?P<what>hand|crib) (?P<cards>(?:\S+ ){3,4})with (?P<starter>\S+)"
                       r"(?:: | holds )(?P<points>\d+) points?$", re.M)  # "holds": with Muggins
#: With Muggins each owner scores what they counted ("Ben counts 2 for the hand ..."), and a Muggins
#: call pegs the points missed for the caller.
COUNTS = re.compile(r"^(?P<who>\S+) counts (?P<points>\d+) for the (?:hand|crib) ", re.M)
SCORES = re.compile(r"^(?P<who>[^\n:]+): (?P<score>\d+)(?: \(\+\d+\))?$", re.M)


def in_names(text: str, name: str) -> str:
    """A page's words with its own player, whom it calls "You" ("You peg 2", "Your hand", "You: 31"),
    called by ``name``, so the two pages' shows, scores and logs read alike."""
    text = re.sub(r"\bYou (peg|count)\b", rf"{name} \1s", text)
    text = re.sub(r"\b[Yy]our\b", f"{name}'s", text)
    text = re.sub(r"^You:", f"{name}:", text, flags=re.M)
    return re.sub(r"(for the dealer, )you\b", rf"\g<1>{name}", text)


def shows(text: str) -> dict[tuple[str, str], tuple[list[str], str, int]]:
    """Each hand and crib the show lists: (whose, hand or crib) -> (cards, starter, points said)."""
    found = {}
    for m in SHOW_LINE.finditer(text):
        found[(m["who"], m["what"])] = (m["cards"].split(), m["starter"], int(m["points"]))
    return found


def scores(text: str) -> dict[str, int]:
    return {m["who"].strip(): int(m["score"]) for m in SCORES.finditer(text)}


def check_show(person: Person, snap: dict, walk: Walk, whole: bool = True) -> dict:
    """Every hand and crib this device's show lists, scored again by crib_widgets for the cards shown
    (``whole``: all three; a game won in the show ends it before the rest are counted)."""
    found = shows(in_names(snap["text"], person.name))
    if whole and len(found) < 3:
        walk.log(f"{person.name}'s show lists {len(found)} hands and cribs, not 3: {sorted(found)}",
                 stumble=True)
    for (who, what), (cards, starter, said) in found.items():
        right = score_hand(cards, starter, crib=what == "crib").total
        if right != said:
            walk.log(f"{person.name}'s show: {who} {what} {' '.join(cards)} with {starter} said {said}, "
                     f"crib_widgets scores {right}", stumble=True)
    return found


def secrets_kept(person: Person, other: Person, other_dealt: list[str], walk: Walk, when: str) -> None:
    """This page names none of the other's dealt cards not yet laid (no card drawn, titled or labelled)."""
    seen = set(person.area.evaluate("""(area) => Array.from(area.querySelectorAll('[data-card]'))
        .map((e) => e.dataset.card)"""))
    laid = set(person.area.evaluate("""(area) => Array.from(area.querySelectorAll(
        '[aria-label^="cards laid"] [data-card]')).map((e) => e.dataset.card)"""))
    said = set(person.area.evaluate("""(area) => Array.from(area.querySelectorAll('[title], [aria-label]'))
        .flatMap((e) => [e.title, e.getAttribute('aria-label')]).filter(Boolean)"""))
    hidden = [Card.parse(label) for label in other_dealt]
    hidden = [c for c in hidden if str(c) not in laid]
    leaked = [c.pretty for c in hidden if str(c) in seen or c.name in said]
    if leaked:
        walk.log(f"{person.name}'s page names {other.name}'s unshown cards {leaked} {when}", stumble=True)


# --- the walk ------------------------------------------------------------------------------------


class Walk:
    def __init__(self, shots: Path) -> None:
        self.shots, self.lines, self.stumbles = shots, [], []
        self.scores: dict[str, int] = {}  # at the last show
        self.started = time.monotonic()

    def log(self, text: str, stumble: bool = False) -> None:
        line = f"[{time.monotonic() - self.started:6.1f}s] {'STUMBLE ' if stumble else ''}{text}"
        print(line, flush=True)
        self.lines.append(line)
        if stumble:
            self.stumbles.append(line)
        (self.shots / "walk.txt").write_text("\n".join(self.lines) + "\n", encoding="utf-8")


def in_view(person: Person, selector: str, text: str = "") -> bool:
    """Whether an element (with ``text``) is on the phone's screen now."""
    return person.tab.evaluate("""([sel, text]) => Array.from(document.querySelectorAll(sel)).some((e) => {
        if (text && !e.innerText.includes(text)) return false;
        const r = e.getBoundingClientRect();
        return r.height > 0 && r.bottom > 0 && r.top < window.innerHeight; })""", [selector, text])


def wait_for(what: str, done, limit_s: float, walk: Walk, every: float = 1.0):
    until = time.monotonic() + limit_s
    while time.monotonic() < until:
        got = done()
        if got:
            return got
        time.sleep(every)
    walk.log(f"{what}: not within {limit_s:.0f} s", stumble=True)
    return None


def make_link(ann: Person, page: str, relay_url: str, walk: Walk, muggins: bool = False) -> str:
    """Ann opens the chapter, finds Play a friend, and makes the link as a first-timer would."""
    started = time.monotonic()
    ann.open(page)
    ann.shot("01-chapter")
    ann.scroll_to_table()  # she scrolls down to the game table (it comes alive when reached)
    opener = ann.area.locator("button:visible").filter(has_text=re.compile(r"^\s*Play a friend\s*$")).first
    opener.wait_for(state="visible", timeout=240_000)
    opener.scroll_into_view_if_needed()
    opener.tap()
    walk.log(f"Ann taps Play a friend ({time.monotonic() - started:.0f} s after opening the page)")
    make = ann.area.locator("button:visible").filter(has_text=re.compile(r"^\s*Make the link\s*$")).first
    make.wait_for(state="visible", timeout=240_000)
    walk.log(f"Ann sees the panel {time.monotonic() - started:.0f} s after opening the page")
    make.scroll_into_view_if_needed()
    ann.tab.screenshot(path=str(ann.shots / "ann-02-panel.png"))
    # the boxes show "Ann" and "Ben" in grey: a first-timer may take them for filled in
    make.tap()
    time.sleep(2)
    said = ann.snap()["status"]
    if "No link" in said:
        seen = in_view(ann, ".crib-friend div, .crib-status", "No link")
        walk.log(f"Ann taps Make the link with the name boxes as shown: the page says {said!r}, "
                 f"{'on' if seen else 'off'} her screen", stumble=not seen)
        ann.tab.screenshot(path=str(ann.shots / "ann-02b-no-name.png"))
    for placeholder, value in (("Ann", "Ann"), ("Ben", "Ben"), ("empty: the public relays", relay_url)):
        box = ann.area.locator(f'input[placeholder="{placeholder}"]:visible').first
        box.tap()
        box.fill(value)
    if muggins:  # each counts their own hand and the other may catch a mistake
        ann.area.locator(".crib-friend input[type=checkbox]:visible").first.tap()
    make.tap()
    link = ann.area.locator("code.crib-friend-url").first
    link.wait_for(state="visible", timeout=60_000)
    time.sleep(1)
    seen = in_view(ann, "code.crib-friend-url")
    walk.log(f"Ann makes the link; it is {'on' if seen else 'off'} her screen after the tap",
             stumble=not seen)
    ann.tab.screenshot(path=str(ann.shots / "ann-03-after-make.png"))
    link.scroll_into_view_if_needed()
    ann.tab.screenshot(path=str(ann.shots / "ann-03-link.png"))
    return link.inner_text().strip()


def ben_opens(ben: Person, link: str, walk: Walk, what: str = "opens the link") -> float:
    """Ben opens the link and waits for Ann's game; what his screen says meanwhile is noted."""
    started = time.monotonic()
    ben.open(link)
    said: dict[str, float] = {}
    shot = ben.shots / f"ben-04-{what.replace(' ', '-')}-waiting.png"
    scrolled = False
    while time.monotonic() - started < 240:
        if not scrolled and time.monotonic() - started > 30 and not ben.area.count():
            scrolled = True  # nothing came: he looks down the page for the game and finds the table
            ben.tab.screenshot(path=str(ben.shots / f"ben-04-{what.replace(' ', '-')}-nothing-30s.png"))
            walk.log(f"Ben {what}: 30 s on, no game on his screen (the table is not live): he scrolls to "
                     "the table", stumble=True)
            ben.scroll_to_table()
        snap = ben.snap()
        head = snap["text"].split("\n")[1] if snap["text"].count("\n") else snap["text"]
        said.setdefault(f"{head} / {snap['status']}", time.monotonic() - started)
        if "Ann" in head:
            break
        if time.monotonic() - started > 3 and not shot.exists():
            ben.tab.screenshot(path=str(shot))
        time.sleep(1)
    seconds = time.monotonic() - started
    for key, at in said.items():
        walk.log(f"Ben's table at {at:.0f} s: {key}")
    wrong = [k for k in said if "Computer" in k and "Ann" not in k]
    walk.log(f"Ben {what}: Ann's game on his table after {seconds:.0f} s")
    if wrong:
        walk.log(f"Ben: for {seconds:.0f} s his table offers a game against the computer ({wrong[0]!r}) "
                 "with nothing saying Ann's game is coming", stumble=True)
    ben.shot(f"05-{what.replace(' ', '-')}-game")
    return seconds


def play(browser, page: str, relay_url: str, deals: int, walk: Walk, muggins: bool = False) -> None:
    ann = Person(browser, "Ann", walk.shots, walk.log)
    ben = Person(browser, "Ben", walk.shots, walk.log)
    link = make_link(ann, page, relay_url, walk, muggins)
    walk.log(f"Ann sends Ben the link ({len(link)} characters)")
    ben_opens(ben, link, walk)
    try:
        game(ann, ben, link, deals, walk)
    finally:
        for person in (ann, ben):
            for error in dict.fromkeys(person.errors):
                walk.log(f"{person.name}'s console: {error}",
                         stumble=error.startswith(("error", "page error")))


OVER = re.compile(r"\bwins?\b|\bwon\b|game is over", re.I)


DEAL_NUMBER = re.compile(r"· deal (\d+)\b")
CHOOSING = re.compile(r"choose \d cards? for")


def deal_of(snap: dict) -> int:
    """The deal the table's header names (each page goes on to the next deal when its person taps)."""
    found = DEAL_NUMBER.search(snap["text"][:400])
    return int(found[1]) if found else 0


def game(ann: Person, ben: Person, link: str, deals: int, walk: Walk) -> None:
    people = (ann, ben)
    dealt: dict[tuple[int, str], list[str]] = {}  # (deal, name) -> the six cards as dealt
    thrown: set[int] = set()
    shown: set[int] = set()
    started: dict[int, float] = {}
    last_change, seen = time.monotonic(), None
    reloaded = closed = False
    while True:
        snaps = {p.name: p.snap() for p in people}
        for p in people:
            p.see(snaps[p.name])
        state = tuple((s["status"], len(s["text"])) for s in snaps.values())
        numbers = {name: deal_of(s) for name, s in snaps.items()}
        deal = numbers["Ann"]
        if state != seen:
            seen, last_change = state, time.monotonic()
        elif time.monotonic() - last_change > STILL_S:
            for p in people:
                p.shot(f"stuck-deal-{deal}")
            walk.log(f"stuck: nothing changed on either page for {STILL_S} s: "
                     + "; ".join(f"{n}: {s['status']!r}" for n, s in snaps.items()), stumble=True)
            return
        if all(OVER.search(s["status"]) and "Next deal" not in [b["text"] for b in s["buttons"]]
               for s in snaps.values()):
            the_end(people, snaps, walk, deal)
            return
        for p in people:  # each page's new deal, as its person first sees the cards
            n, snap = numbers[p.name], snaps[p.name]
            if CHOOSING.search(snap["status"]) and (n, p.name) not in dealt:
                dealt[n, p.name] = [c["label"] for c in snap["cards"]]
                started.setdefault(n, time.monotonic())
                walk.log(f"--- deal {n}: {p.name} holds {' '.join(dealt[n, p.name])}")
                p.shot(f"d{n}-1-dealt")
                other = ben if p is ann else ann
                if (n, other.name) in dealt:
                    secrets_kept(p, other, dealt[n, other.name], walk, "as dealt")
                    secrets_kept(other, p, dealt[n, p.name], walk, "as dealt")
        same = numbers["Ann"] == numbers["Ben"] and all((deal, n) in dealt for n in ("Ann", "Ben"))
        if same and deal not in thrown and all(s["starter"] for s in snaps.values()):
            thrown.add(deal)
            for p in people:
                p.shot(f"d{deal}-2-thrown")
            secrets_kept(ann, ben, dealt[deal, "Ben"], walk, "after the throws")
            secrets_kept(ben, ann, dealt[deal, "Ann"], walk, "after the throws")
        showing = [p for p in people if "Next deal" in p.buttons(snaps[p.name])]
        if same and len(showing) == 2 and deal not in shown:
            shown.add(deal)
            the_show(people, snaps, walk, deal, started.get(deal, time.monotonic()))
            if deals and deal >= deals:
                return
            next_deal(ann, ben, walk, deal)
            continue
        playing = same and deal in thrown and deal not in shown
        if playing and deal == 2 and not reloaded and len(snaps["Ben"]["laid"]) >= 2:
            reloaded = True
            reload_ben(ann, ben, walk, deal)
            continue
        if playing and deal == 3 and not closed and len(snaps["Ben"]["laid"]) >= 1:
            closed = True
            close_ben(ann, ben, link, walk, deal)
            continue
        moved = False
        for p in people:
            if p not in showing and (did := p.act(snaps[p.name])):
                walk.log(f"{p.name} {did}")
                moved = True
                time.sleep(0.5)
        if not moved:
            time.sleep(0.7)


def the_show(people, snaps, walk: Walk, deal: int, started: float) -> None:
    walk.log(f"deal {deal} shown on both {time.monotonic() - started:.0f} s after it was dealt")
    found = {}
    for p in people:
        p.shot(f"d{deal}-3-show")
        (walk.shots / f"{p.name.lower()}-d{deal}-3-show.txt").write_text(
            snaps[p.name]["text"] + "\n--- the log ---\n" + snaps[p.name]["log"], encoding="utf-8")
        found[p.name] = check_show(p, snaps[p.name], walk)
        walk.log(f"{p.name}'s scores: {scores(in_names(snaps[p.name]['text'], p.name))}")
    if found["Ann"] != found["Ben"]:
        walk.log(f"the two shows differ: Ann {found['Ann']}, Ben {found['Ben']}", stumble=True)
    for (who, what), (cards, starter, said) in found["Ann"].items():
        walk.log(f"show: {who} {what} {' '.join(cards)} + {starter} = {said}")
    adds_up(snaps["Ann"], found["Ann"], walk, deal)


PEGS = re.compile(r"^(?:(?:Muggins! )?(?P<who>\S+) pegs (?P<points>\d+) (?:for|missed)"
                  r"|His heels: (?P<heels>\d+) for the dealer, (?P<dealer>\S+))", re.M)


def adds_up(snap: dict, found: dict, walk: Walk, deal: int) -> None:
    """Each player's score went up by what the table pegged for them this deal (its log, down to the
    deal's first line) and their hand and crib at the show (with Muggins: what they counted)."""
    now = scores(in_names(snap["text"], "Ann"))  # Ann's page: she is "You" there
    log = in_names(snap["log"], "Ann")
    log = log[:m.end()] if (m := re.search(r"^Deal \d+: .*$", log, re.M)) else log
    for who in ("Ann", "Ben"):
        pegged = sum(int(m["points"] or m["heels"]) for m in PEGS.finditer(log)
                     if who in (m["who"], m["dealer"]))
        counts = [int(m["points"]) for m in COUNTS.finditer(log) if m["who"] == who]
        shown = sum(counts) if COUNTS.search(log) else sum(
            points for (whose, _), (_, _, points) in found.items() if whose.startswith(who))
        before = walk.scores.get(who, 0)
        if now.get(who) != before + pegged + shown:
            walk.log(f"deal {deal}: {who} went from {before} to {now.get(who)}, but the table pegged "
                     f"{pegged} and showed {shown}", stumble=True)
    walk.scores = {who: now.get(who, 0) for who in ("Ann", "Ben")}


def next_deal(ann: Person, ben: Person, walk: Walk, deal: int) -> None:
    """Ann taps Next deal first; what she sees until Ben taps it too (5 s later) is noted."""
    ann.tap_button("Next deal")
    time.sleep(5)
    walk.log(f"Ann after Next deal, Ben not yet: {ann.snap()['status']!r}")
    if deal == 1:
        ann.shot("d1-4-next-alone")
    ben.tap_button("Next deal")


def reload_ben(ann: Person, ben: Person, walk: Walk, deal: int) -> None:
    before = ben.snap()
    walk.log(f"Ben reloads his page mid-play (deal {deal}, count {before['count']})")
    started = time.monotonic()
    ben.tab.reload(wait_until="domcontentloaded", timeout=120_000)
    back = wait_for("Ben's game back after the reload",
                    lambda: (s := ben.snap())["starter"] and "Ann" in s["text"] and s, 240, walk)
    walk.log(f"Ben's game is back {time.monotonic() - started:.0f} s after the reload: "
             f"{back and back['status']!r}; Ann's table says {ann.snap()['status']!r}")
    ben.shot(f"d{deal}-reloaded")
    ann.shot(f"d{deal}-ben-reloaded")
    if back and sorted(c["label"] for c in back["cards"]) != sorted(c["label"] for c in before["cards"]):
        walk.log(f"Ben's hand after the reload {[c['label'] for c in back['cards']]}, before "
                 f"{[c['label'] for c in before['cards']]}", stumble=True)


def close_ben(ann: Person, ben: Person, link: str, walk: Walk, deal: int) -> None:
    walk.log(f"Ben closes his tab (deal {deal}) for 20 s")
    ben.tab.close()
    for second, pause in ((5, 5), (20, 15)):
        time.sleep(pause)
        snap = ann.snap()
        walk.log(f"Ann's table {second} s after Ben closed his tab: {snap['status']!r} / "
                 f"{[b['text'] for b in snap['buttons']]}")
        ann.shot(f"d{deal}-ben-gone-{second}s")
    ben.new_tab()
    seconds = ben_opens(ben, link, walk, "opens the link again")
    time.sleep(3)
    ann.shot(f"d{deal}-ann-ben-back")
    walk.log(f"Ben back {seconds:.0f} s after opening the link again; Ann sees {ann.snap()['status']!r}")


def the_end(people, snaps, walk: Walk, deal: int) -> None:
    walk.log(f"--- the game is over after {deal} deals")
    for p in people:
        s = snaps[p.name]
        walk.log(f"{p.name}'s end: {s['status']!r}; scores {scores(in_names(s['text'], p.name))}; buttons "
                 f"{[b['text'] for b in s['buttons'] if not b['disabled']]}")
        p.shot("end")
        p.shot("end-whole", whole=True)
        (walk.shots / f"{p.name.lower()}-end.txt").write_text(s["text"], encoding="utf-8")
        check_show(p, s, walk, whole=False)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site", nargs="?", default="_build/html")
    parser.add_argument("--screenshots", default="_build/screenshots/walk-friend")
    parser.add_argument("--chapter", choices=sorted(PAGES), default="15")
    parser.add_argument("--deals", type=int, default=0, help="stop after this many deals (0: the game)")
    parser.add_argument("--muggins", action="store_true",
                        help="Ann ticks Muggins: each counts their own hand, and Ben once says 2 too few")
    parser.add_argument("--chromium", default=os.environ.get("CHROMIUM", "/usr/bin/chromium"))
    args = parser.parse_args(argv)
    root = Path(args.site).resolve()
    shots = Path(args.screenshots)
    shots.mkdir(parents=True, exist_ok=True)
    walk = Walk(shots)
    server, base = serve(root)
    try:
        with relay() as relay_url, sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=args.chromium, args=FRIEND_FLAGS)
            try:
                play(browser, urljoin(base, PAGES[args.chapter]), relay_url, args.deals, walk, args.muggins)
            finally:
                browser.close()
    finally:
        server.shutdown()
    print("\nstumbles:\n" + "\n".join(walk.stumbles or ["none"]))
    print(json.dumps({"seconds": round(time.monotonic() - walk.started)}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
