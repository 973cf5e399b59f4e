"""Playing a friend on another device, on the built book (issue 39): two browsers, a relay on 127.0.0.1.

The relay is bittorrent-tracker's WebSocket tracker (``tests/site/relay/relay.mjs``, installed by
``make site-test``), started here on 127.0.0.1; Debian's Chromium has every other host name
unresolvable (as check_live.py), so nothing can leave the machine. The two browsers connect to each
other directly (WebRTC, host candidates: Chromium is told not to hide them behind mDNS names, which
nothing here could resolve).

- **the transport** (``_static/crib-friend.js`` of the built book, on a small page of its own with a
  stand-in for the page's Python): two browsers joined by the relay hand each other's messages to
  Python as base64, exactly as the contract says (``crib_widgets/table/friend_bridge.py``); each
  message once, in order; after a reload every message again (and the friend's again); a peer's
  hostile text never becomes code; the relay reached is said, and one that cannot be reached is said
  in a sentence naming it. Prints the time to connect;
- **a game** on chapter 15's first table at 390 px by touch: a page that plays no friend never fetches
  the transport; one browser makes the link in "Play a friend" (the relay typed in), the other opens
  it; they play a whole deal to the show and into the next deal; before the show neither page's
  Python, widget or storage holds the other's cards (checked as dealt and after the throws); the
  friend's tab is reloaded mid-play and the game goes on; a message changed in flight is refused in
  one sentence, the game so far kept.

Run by ``make site-test`` after ``make book``; screenshots in ``_build/screenshots/friend/``.
Exit status 0 when every check passes.
"""

from __future__ import annotations

import base64
import contextlib
import json
import re
import shutil
import socket
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urljoin

from check_live import LIVE_TIMEOUT_MS, PHONE, Results, page_config, serve
from check_people import PAGE
from friend_run import friend_parser, run_friend_check

HERE = Path(__file__).resolve().parent
TRANSPORT = "_static/crib-friend.js"
ROOM = "CheckFriendRoom_0123456789abcdef"
CONNECT_TIMEOUT_MS = 60_000
RELAY_FAILED_TIMEOUT_MS = 40_000  # lib/friend.js waits 12 s with every relay shut
LATE_S = 8  # the second page joins this long after the first (past Trystero's first few announces)
LATE_TIMEOUT_MS = 40_000  # lib/friend.js joins again after 15 s alone; the relay says announce every 10 s

#: A page of its own for the transport: a hidden element as Python writes it, and a stand-in for
#: window.cribLive that keeps the code it is asked to run.
HARNESS = """<!doctype html><meta charset="utf-8"><title>friend transport</title>
<div class="crib-live-view"><div class="crib-friend-out"></div></div>
<script>
window.ran = [];
window.cribLive = { run: (code) => { window.ran.push(code); return Promise.resolve({ status: 'ok' }); } };
window.show = (room, relay, messages) => {
  const pre = document.createElement('pre');
  pre.className = 'crib-friend-text';
  const n = messages.length ? messages[messages.length - 1][0] : 0;
  Object.assign(pre.dataset, { room, relay, n: String(n) });
  pre.textContent = JSON.stringify(messages);
  document.querySelector('.crib-friend-out').replaceChildren(pre);
};
</script>
<script type="module">
import { start } from './_static/crib-friend.js';
start(window.cribLive, document);
window.started = true;
</script>
"""


def closed_port() -> int:
    """A port on 127.0.0.1 nothing listens on (bound, then let go)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def bridge_call(name: str, room: str, text: str) -> str:
    """The code the page must run in Python for ``name`` (the contract, friend_bridge.py)."""
    call = f"{name}({json.dumps(room)}, {json.dumps(text)})"
    return f"from crib_widgets.table.friend_bridge import {name}\n{call}"


def delivered(text: str, room: str = ROOM) -> str:
    return bridge_call("deliver", room, base64.b64encode(text.encode()).decode())


# --- the transport on a page of its own ---------------------------------------------------------


def harness_tab(browser, base: str, who: str):
    context = browser.new_context()
    tab = context.new_page()
    tab.goto(urljoin(base, "friend.html"), wait_until="domcontentloaded", timeout=60_000)
    tab.wait_for_function("window.started === true", timeout=30_000)
    tab.who = who
    return tab


def wait_ran(tab, code: str, count: int = 1, timeout: int = CONNECT_TIMEOUT_MS) -> None:
    tab.wait_for_function("([code, n]) => window.ran.filter((c) => c === code).length >= n",
                          arg=[code, count], timeout=timeout, polling=100)


def ran(tab) -> list[str]:
    return tab.evaluate("window.ran")


def check_transport(browser, root: Path, relay_url: str, results: Results) -> None:
    what = "crib-friend.js [two browsers, a relay on 127.0.0.1]"
    built = root / TRANSPORT
    if not results.check(built.is_file(), f"{what}: the built book has {TRANSPORT}",
                         "rebuild the book (make book): lite/runtime/build-pages.mjs makes it"):
        return
    with tempfile.TemporaryDirectory(prefix="crib-friend-") as folder:
        (Path(folder) / "_static").mkdir()
        shutil.copy2(built, Path(folder) / TRANSPORT)
        (Path(folder) / "friend.html").write_text(HARNESS, encoding="utf-8")
        server, base = serve(Path(folder))
        try:
            transport_checks(browser, base, relay_url, what, results)
        except Exception as exc:
            results.check(False, f"{what}: carries the messages", f"{type(exc).__name__}: {exc}"[:1200])
        finally:
            server.shutdown()


def transport_checks(browser, base: str, relay_url: str, what: str, results: Results) -> None:
    ann, ben = harness_tab(browser, base, "Ann"), harness_tab(browser, base, "Ben")
    started = time.monotonic()
    ann.evaluate("([r, u, m]) => show(r, u, m)", [ROOM, relay_url, [[1, "ann 1"]]])
    ben.evaluate("([r, u, m]) => show(r, u, m)", [ROOM, relay_url, [[1, "ben 1"]]])
    wait_ran(ann, delivered("ben 1"))
    wait_ran(ben, delivered("ann 1"))
    seconds = time.monotonic() - started
    print(f"time friend transport: both messages delivered {seconds:.1f} s after both pages showed them "
          "(joining the room through the relay, WebRTC connected)", flush=True)
    joined = bridge_call("peer", ROOM, "joined")
    results.check(joined in ran(ann) and joined in ran(ben),
                  f"{what}: they find each other through the relay and each tells its Python "
                  f"(peer joined) and hands it the other's message as base64 ({seconds:.1f} s)")
    with contextlib.suppress(Exception):  # said within a second of the relay opening (lib/friend.js)
        wait_ran(ann, bridge_call("relay_open", ROOM, relay_url), timeout=10_000)
    results.check(bridge_call("relay_open", ROOM, relay_url) in ran(ann),
                  f"{what}: the relay reached is said to Python (relay_open {relay_url})",
                  str(ran(ann))[:600])

    three = [[1, "ann 1"], [2, "ann 2"], [3, "ann 3"]]
    ann.evaluate("([r, u, m]) => show(r, u, m)", [ROOM, relay_url, three])
    wait_ran(ben, delivered("ann 3"))
    time.sleep(1.0)  # anything sent twice would have come by now
    got = [c for c in ran(ben) if c.startswith("from crib_widgets.table.friend_bridge import deliver")]
    results.check(got == [delivered("ann 1"), delivered("ann 2"), delivered("ann 3")],
                  f"{what}: each message numbered above the last sent goes once, in order", str(got)[:600])

    hostile = '"); import os; os.system("echo pwned"); ("'
    ann.evaluate("([room, text]) => window.cribFriend.rooms.get(room).send(text)", [ROOM, hostile])
    wait_ran(ben, delivered(hostile))
    results.check(not any("os.system" in c for c in ran(ben)),
                  f"{what}: a peer's hostile text reaches Python as base64 only, never as code")

    before = len(ran(ann))
    ben.reload(wait_until="domcontentloaded")
    ben.wait_for_function("window.started === true", timeout=30_000)
    ben.evaluate("([r, u, m]) => show(r, u, m)", [ROOM, relay_url, [[1, "ben 1"]]])
    wait_ran(ben, delivered("ann 3"))
    wait_ran(ann, delivered("ben 1"), count=2)
    after = ran(ann)[before:]
    results.check(bridge_call("peer", ROOM, "left") in after and joined in after
                  and {delivered(t) for t in ("ann 1", "ann 2", "ann 3")} <= set(ran(ben)),
                  f"{what}: a reloaded page sends what Python shows again and gets the friend's messages "
                  "again; the other page is told the friend left and came back", str(after)[:600])

    # a friend who opens the link long after the first page joined (its first announces long past)
    late_room = "CheckFriendLate_0123456789abcdef"
    cleo, dan = harness_tab(browser, base, "Cleo"), harness_tab(browser, base, "Dan")
    cleo.evaluate("([r, u, m]) => show(r, u, m)", [late_room, relay_url, [[1, "cleo 1"]]])
    time.sleep(LATE_S)
    started = time.monotonic()
    dan.evaluate("([r, u, m]) => show(r, u, m)", [late_room, relay_url, [[1, "dan 1"]]])
    wait_ran(dan, delivered("cleo 1", late_room), timeout=LATE_TIMEOUT_MS)
    wait_ran(cleo, delivered("dan 1", late_room), timeout=LATE_TIMEOUT_MS)
    seconds = time.monotonic() - started
    print(f"time friend transport: a friend joining {LATE_S} s after the first page found in {seconds:.1f} s",
          flush=True)
    results.check(True, f"{what}: a friend who joins {LATE_S} s later is found too ({seconds:.1f} s)")
    for tab in (cleo, dan):
        tab.context.close()

    lost = f"ws://127.0.0.1:{closed_port()}"
    cleo = harness_tab(browser, base, "Cleo")
    started = time.monotonic()
    cleo.evaluate("([r, u, m]) => show(r, u, m)", ["CheckFriendNoRelay_0123456789", lost, [[1, "x"]]])
    cleo.wait_for_function("window.ran.some((c) => c.includes('import relay_failed'))",
                           timeout=RELAY_FAILED_TIMEOUT_MS, polling=200)
    said = next(c for c in ran(cleo) if "import relay_failed" in c)
    results.check(lost.removeprefix("ws://") in said and "cannot be reached" in said,
                  f"{what}: a relay that cannot be reached is said to Python in one sentence naming it "
                  f"({time.monotonic() - started:.0f} s)", said)
    for tab in (ann, ben, cleo):
        tab.context.close()


# --- a game between two browsers on chapter 15 -------------------------------------------------

LIVE = ":scope > .crib-live-view:not(.crib-live-hidden)"
#: What each page's Python says of its game with a friend (the contract's test hooks).
STATE = """import json
from crib_widgets.table.friend_bridge import games
_found = games(%s)
_g = _found[0] if _found else None
_e = _g.engine if _g is not None else None
def _cards(m):
    return [c.name for c in (getattr(m, "cards", None) or ([m.card] if getattr(m, "card", None) else []))]
print(json.dumps({} if _g is None else {
    "seat": _g.seat, "stopped": _g.stopped,
    "phase": str(_e.phase) if _e is not None else "", "deal": _g.session.played[0] if _e is not None else 0,
    "hands": [[c.name for c in h] for h in _e.hands] if _e is not None else [],
    "crib": [c.name for c in _e.crib] if _e is not None else [],
    "played": [[c.name for c in p] for p in _e.played] if _e is not None else [],
    "moves": [{"kind": type(m).__name__, "cards": _cards(m)} for m in _g.legal_moves()],
    "events": len(_g.events)}))
"""
#: Every card name the page's table shows or names, and everything the browser stores.
NAMED = """(area) => Array.from(area.querySelectorAll('*')).flatMap((el) =>
  [el.getAttribute('title'), el.getAttribute('aria-label'), el.childElementCount ? '' : el.textContent])
  .filter(Boolean).join('\\n')"""
STORED = """() => [localStorage, sessionStorage]
  .flatMap((s) => Object.keys(s).map((k) => k + '=' + s.getItem(k))).join('\\n')"""


def said_failed(results: Results, what: str, exc: Exception, players, shots: Path) -> None:
    """A walk through the game stopped by ``exc``: one failed check that says so, and a screenshot
    of each player's screen as it was."""
    results.check(False, what, f"{type(exc).__name__}: {exc}"[:1200])
    for player in players:
        with contextlib.suppress(Exception):
            player.tab.screenshot(path=str(shots / f"{player.name.lower()}-failed.png"))


class Player:
    """One browser's tab on chapter 15 and its first game table, driven by touch."""

    def __init__(self, context, base: str, root: Path, name: str):
        self.name, self.base, self.room = name, base, ""
        self.model_id = page_config(root, PAGE)["widgets"][0]["model_id"]
        self.tab = context.new_page()
        self.requests: list[str] = []
        self.tab.on("request", lambda request: self.requests.append(request.url))

    @property
    def out(self):
        return self.tab.locator(f'[data-crib-live-model="{self.model_id}"]')

    @property
    def area(self):
        return self.out.locator(LIVE)

    def open(self, url: str) -> None:
        self.tab.goto(url, wait_until="domcontentloaded", timeout=120_000)
        self.out.scroll_into_view_if_needed()
        self.area.wait_for(state="visible", timeout=LIVE_TIMEOUT_MS)

    def button(self, label: str):
        return self.area.locator("button:visible").filter(has_text=re.compile(rf"^\s*{re.escape(label)}\s*$"))

    def tap(self, label: str, timeout: int = 60_000) -> None:
        target = self.button(label).first
        target.wait_for(state="visible", timeout=timeout)
        target.tap()

    def state(self) -> dict:
        result = self.tab.evaluate("(code) => window.cribLive.run(code)", STATE % json.dumps(self.room))
        if result["status"] != "ok":
            raise AssertionError(f"{self.name}'s Python: {result['error']}")
        return json.loads(result["stdout"].strip().splitlines()[-1])

    def find_room(self, timeout_s: float = 120) -> None:
        until = time.monotonic() + timeout_s
        while time.monotonic() < until:
            room = self.tab.evaluate("""() => { const el = document.querySelector(
                '.crib-live-view .crib-friend-out .crib-friend-text'); return el ? el.dataset.room : ''; }""")
            if room:
                self.room = room
                return
            time.sleep(0.5)
        raise AssertionError(f"{self.name}'s page shows no game with a friend (no .crib-friend-text)")

    def tap_card(self, name: str) -> None:
        card = self.area.locator(f'button.crib-cardbtn[title="{name}"] >> visible=true').first
        card.wait_for(state="visible", timeout=30_000)
        card.tap()

    def status(self) -> str:
        """The table's status line (what it tells the person to do or wait for)."""
        line = self.area.locator(".crib-status").first
        return line.inner_text(timeout=10_000) if line.count() else ""

    def text(self) -> str:
        return self.area.inner_text()

    def panel_text(self) -> str:
        """What the "Play a friend" panel says, folded away or not (its section folds once the game
        is on the table)."""
        return self.area.evaluate("""(area) => Array.from(area.querySelectorAll('.crib-friend'))
            .map((el) => el.textContent).join(' ')""")

    def step(self) -> bool:
        """Make this player's move if it is theirs (by touch); whether one was made."""
        state = self.state()
        if state.get("stopped"):
            raise AssertionError(f"{self.name}'s game stopped: {state['stopped']}")
        moves = state.get("moves", [])
        before = self.text()
        if self.button("Next move").count():  # the table shows a step first (a go the cards forced)
            self.tap("Next move")
            self.answered(before)
            return True
        if not moves or self.button("Next deal").count():  # a deal's show stays up until Next deal
            return False
        kinds = {m["kind"] for m in moves}
        if "Discard" in kinds:  # two cards at a table of two, one at a table of three or four
            for name in next(m for m in moves if m["kind"] == "Discard")["cards"]:
                self.tap_card(name)
            self.tap("Lay in the crib")
        elif "Play" in kinds:
            self.tap_card(next(m for m in moves if m["kind"] == "Play")["cards"][0])
        elif "Go" in kinds and self.button("Go").count():
            self.tap("Go")
        else:
            return False
        self.answered(before)
        return True

    def answered(self, before: str, timeout_ms: int = 15_000) -> None:
        """Wait until the table no longer shows ``before`` (its answer to a tap), at most ``timeout_ms``."""
        with contextlib.suppress(Exception):
            self.area.evaluate("""(area, [before, ms]) => new Promise((done) => {
                const until = Date.now() + ms;
                (function look() {
                  if (area.innerText !== before || Date.now() > until) done(); else setTimeout(look, 100);
                })();
              })""", [before, timeout_ms])

    def shot(self, shots: Path, name: str) -> None:
        """A picture of this player's table as it is now (the whole table, however long)."""
        with contextlib.suppress(Exception):  # a picture is for people to look at: never the verdict
            self.area.screenshot(path=str(shots / f"{self.name.lower()}-{name}.png"), timeout=30_000)

    def reload(self) -> None:
        self.tab.reload(wait_until="domcontentloaded", timeout=120_000)
        self.out.scroll_into_view_if_needed()
        self.area.wait_for(state="visible", timeout=LIVE_TIMEOUT_MS)


def wait_until(done, what: str, limit_s: float) -> None:
    """Wait, making no move, until ``done()``."""
    until = time.monotonic() + limit_s
    while not done():
        if time.monotonic() > until:
            raise AssertionError(f"{what}: not reached in {limit_s:.0f} s")
        time.sleep(0.5)


STILL_S = 90  # nothing moved on either page this long (a step is due every few seconds): stuck


def play_until(players: list[Player], done, what: str, limit_s: float = 420) -> None:
    """Each player moves when it is theirs until ``done()``; stuck when nothing moves for STILL_S."""
    until, moved, seen = time.monotonic() + limit_s, time.monotonic(), None
    while not done():
        now = time.monotonic()
        if now > until:
            raise AssertionError(f"{what}: not reached in {limit_s:.0f} s")
        progress = [p.state().get("events", 0) for p in players]
        if progress != seen:
            seen, moved = progress, now
        elif now - moved > STILL_S:
            said = "; ".join(f"{p.name}'s table says {p.status()!r}" for p in players)
            raise AssertionError(f"{what}: stuck, nothing moved on either page for {STILL_S} s ({said})")
        if not any(player.step() for player in players):
            time.sleep(0.5)


def secrets_kept(me: Player, friend: Player, dealt: set[str], what: str, results: Results) -> None:
    """``me``'s Python, table and storage hold none of the friend's ``dealt`` cards not yet shown (the
    ones laid in the play are shown)."""
    theirs_now = friend.state()
    hidden = dealt - {c for laid in theirs_now["played"] for c in laid}
    mine = me.state()
    theirs = set(mine["hands"][1 - mine["seat"]]) | set(mine["crib"])
    named = {name for name in hidden if name in me.area.evaluate(NAMED)}
    stored = {name for name in hidden if name in me.tab.evaluate(STORED)}
    results.check(not hidden <= theirs and not named and not stored,
                  f"{what}: {me.name}'s page holds none of {friend.name}'s {len(hidden)} cards not yet shown "
                  "(its Python has stand-ins, its table and its storage never name them)",
                  f"Python {sorted(hidden & theirs)}, table {sorted(named)}, storage {sorted(stored)}")


def text_box(player: Player, word: str):
    """The panel's text box whose description or placeholder says ``word`` ("relay", "your name")."""
    boxes = player.area.locator("input[type=text]:visible, input:not([type]):visible")
    for i in range(boxes.count()):
        box = boxes.nth(i)
        label = box.evaluate("""(el) => (el.placeholder || '') + ' ' +
            ((el.closest('.widget-inline-hbox') || el.parentElement).innerText || '')""")
        if word in label.lower():
            return box
    raise AssertionError(f"the friend panel has no text box for {word}")


PANEL_TEXT = """(area) => area.innerHTML + ' '
  + Array.from(area.querySelectorAll('input, textarea')).map((box) => box.value).join(' ')"""
LINK = re.compile(r"https?://[^\s\"'<>]+#friend=[A-Za-z0-9_-]+")


def make_link(ann: Player, friend: str, relay_url: str) -> str:
    for attempt in range(3):  # the panel opens; a tap lost is tapped again, as a person would
        ann.tap("Play a friend")
        with contextlib.suppress(Exception):
            ann.button("Make the link").first.wait_for(state="visible", timeout=10_000)
        if ann.button("Make the link").count():
            break
        print(f"note: tap {attempt + 1} on 'Play a friend' did not open the panel within 10 s", flush=True)
    text_box(ann, "your name").fill(ann.name)  # the names are shown on both devices
    text_box(ann, "friend's name").fill(friend)
    text_box(ann, "relay").fill(relay_url)
    ann.tap("Make the link")
    until = time.monotonic() + 60
    while time.monotonic() < until:
        html = ann.area.evaluate(PANEL_TEXT)
        found = LINK.search(html.replace("&amp;", "&"))
        if found:
            return found.group(0)
        time.sleep(0.5)
    raise AssertionError("no link with #friend= in the panel after Make the link")


def both(players: list[Player], **wanted) -> bool:
    """Every player's game is as ``wanted`` says (phase="play", deal=2...)."""
    return all(all(p.state().get(key) == value for key, value in wanted.items()) for p in players)


def check_game(browser, base: str, root: Path, relay_url: str, results: Results, shots: Path) -> None:
    what = f"{PAGE} [play a friend, two browsers, touch, 390px]"
    contexts = [browser.new_context(**PHONE), browser.new_context(**PHONE)]
    ann, ben = Player(contexts[0], base, root, "Ann"), Player(contexts[1], base, root, "Ben")
    try:
        ann.open(urljoin(base, PAGE))
        results.check(not any(TRANSPORT in url for url in ann.requests),
                      f"{what}: a page with a live table but no game with a friend never fetches {TRANSPORT}")
        offered = ann.button("Play a friend").count() > 0
        if not results.check(offered, f"{what}: the table offers Play a friend",
                             "no 'Play a friend' button on chapter 15's first table yet (friend-py's panel)"):
            return
        link = make_link(ann, ben.name, relay_url)
        ann.shot(shots, "1-link")
        results.check(link.startswith(urljoin(base, PAGE)), f"{what}: Make the link links this page", link)
        join(ann, ben, link, relay_url, what, results)
        first_deal(ann, ben, what, results, shots)
        ann.tap("Next deal")
        ben.tap("Next deal")
        play_until([ann, ben], lambda: both([ann, ben], deal=2) and not any(
            p.button("Next deal").count() for p in (ann, ben)), "the second deal on both tables", 120)
        results.check(True, f"{what}: both devices go on into the second deal")
        for player in (ann, ben):
            player.shot(shots, "6-deal-2")
        check_tampered(ann, ben, what, results)
        ben.shot(shots, "7-tampered")
    except Exception as exc:
        said_failed(results, f"{what}: plays a game with a friend", exc, (ann, ben), shots)
    finally:
        for context in contexts:
            context.close()


def join(ann: Player, ben: Player, link: str, relay_url: str, what: str, results: Results) -> None:
    """Ben opens Ann's link; both pages show the same game, dealt."""
    started = time.monotonic()
    ben.open(link)
    ann.find_room()
    ben.find_room()
    results.check(ann.room == ben.room, f"{what}: the friend's page joins the same room",
                  f"{ann.room} {ben.room}")
    results.check(any(TRANSPORT in url for url in ann.requests),
                  f"{what}: the page fetches {TRANSPORT} once a game with a friend is on it")
    host = relay_url.removeprefix("ws://")
    with contextlib.suppress(Exception):
        ann.area.get_by_text(host).first.wait_for(state="visible", timeout=20_000)
    results.check(host in ann.text(), f"{what}: the link maker's panel shows the relay used ({host})",
                  ann.text()[-600:])
    # nobody moves yet: each page's hand is taken as dealt (the shuffles are the pages' own)
    wait_until(lambda: both([ann, ben], phase="discard"), "the first deal on both devices", 120)
    seconds = time.monotonic() - started
    words = {p.name: p.text() + "\n" + p.panel_text() for p in (ann, ben)}
    results.check(f"You are playing {ann.name}'s game" in words[ben.name]
                  and f"{ben.name} has joined" in words[ann.name]
                  and not re.search(r"\bYou(?:'s| has| plays| lays)\b", words[ben.name]),
                  f"{what}: each page names the other player as typed in the link ({ann.name}, "
                  f"{ben.name}), never as \"You\"", words[ben.name][-800:])
    results.check(True, f"{what}: the friend's page joins from the link alone and the first deal is dealt "
                  f"on both ({seconds:.0f} s from opening the link)")
    print(f"time friend game: from opening the link to the first deal on both devices {seconds:.1f} s",
          flush=True)


def first_deal(ann: Player, ben: Player, what: str, results: Results, shots: Path) -> None:
    """The first deal by touch to the show: secrets checked as dealt and after the throws, Ben's tab
    reloaded once a card each is laid."""
    hands = {p.name: set(p.state()["hands"][p.state()["seat"]]) for p in (ann, ben)}
    secrets_kept(ann, ben, hands["Ben"], f"{what} [as dealt]", results)
    secrets_kept(ben, ann, hands["Ann"], f"{what} [as dealt]", results)
    for player in (ann, ben):
        player.shot(shots, "2-dealt")
    play_until([ann, ben], lambda: both([ann, ben], phase="play"), "the throws made on both devices")
    secrets_kept(ann, ben, hands["Ben"], f"{what} [after the throws]", results)
    secrets_kept(ben, ann, hands["Ann"], f"{what} [after the throws]", results)
    for player in (ann, ben):
        player.shot(shots, "3-thrown")
    events = ben.state()["events"]
    play_until([ann, ben], lambda: ben.state()["events"] >= events + 2, "two cards laid")
    before = ben.state()
    ben.reload()
    ben.find_room()
    play_until([ann, ben], lambda: ben.state().get("events", 0) >= before["events"], "the game reloaded", 120)
    after = ben.state()
    ben.shot(shots, "4-reloaded")
    results.check(after["hands"][after["seat"]] == before["hands"][before["seat"]],
                  f"{what}: after a reload mid-play the friend's page has the same game and hand back",
                  f"{before['hands']} -> {after['hands']}")
    started = time.monotonic()
    play_until([ann, ben], lambda: all(p.button("Next deal").count() for p in (ann, ben)), "the first show")
    for player in (ann, ben):
        player.shot(shots, "5-show")
    results.check(True, f"{what}: the first deal is played by touch to the show, the reloaded page playing "
                  f"on ({time.monotonic() - started:.0f} s after the reload)")


def check_tampered(ann: Player, ben: Player, what: str, results: Results) -> None:
    """Ann's page sends Ben one of her messages again, one digit changed: Ben's game stops, one sentence."""
    sent = json.loads(ann.tab.evaluate(
        "() => document.querySelector('.crib-live-view .crib-friend-out .crib-friend-text').textContent"))
    # the middle of the longest run of digits: a locked card or a proof, not a message's number
    text = max(sent, key=lambda pair: max((len(r) for r in re.findall(r"\d+", pair[1])), default=0))[1]
    run = max(re.finditer(r"\d+", text), key=lambda found: len(found.group()))
    i = (run.start() + run.end()) // 2
    changed = text[:i] + str((int(text[i]) + 1) % 10) + text[i + 1:]
    events = ben.state()["events"]
    ann.tab.evaluate("([room, text]) => window.cribFriend.rooms.get(room).send(text)", [ann.room, changed])
    until = time.monotonic() + 30
    while not ben.state().get("stopped") and time.monotonic() < until:
        time.sleep(0.5)
    state = ben.state()
    said = state.get("stopped", "")
    one = bool(re.fullmatch(r"[^\n]{10,300}[.!]", said)) and "Traceback" not in said
    shown = said and re.sub(r"\s+", "", said) in re.sub(r"\s+", "", ben.text())
    results.check(one and shown and state["events"] >= events,
                  f"{what}: a message changed in flight is refused in one sentence on the table, "
                  f"the game so far kept ({said!r})",
                  f"said {said!r}, shown {bool(shown)}, events {events} -> {state['events']}")


def main(argv: list[str] | None = None) -> int:
    parser = friend_parser(__doc__, "friend")
    parser.add_argument("--only", choices=("transport", "game"), help="one of the two checks")
    args = parser.parse_args(argv)

    def body(browser, base, root, relay_url, results, shots):
        if args.only in (None, "transport"):
            check_transport(browser, root, relay_url, results)
        if args.only in (None, "game"):
            check_game(browser, base, root, relay_url, results, shots)

    return run_friend_check(args, "friend", body)


if __name__ == "__main__":
    sys.exit(main())
