"""Every browser check of the built book, two at a time: what ``make site-test`` runs.

The checks spend most of their time waiting (for a page, for Python to start in the browser, for a
paced computer move, for a clip to play), not computing: one run of check_offline.py took 40 s of
which 10 s were CPU. So two run side by side on CI's two cores, the longest started first, and each
check's output is printed whole when it ends, with how long it took. A check that fails is run once
more, alone, at the end (both runs printed, and the first run's FAIL lines again in the last lines);
exit status 1 when any failed twice.

    python tests/site/run_all.py _build/html            # every check
    python tests/site/run_all.py _build/html --lanes 1  # one after another
    python tests/site/run_all.py _build/html --only check_live check_a11y
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent


@dataclass(frozen=True)
class Check:
    script: str
    why: str
    args: tuple[str, ...] = ()
    shots: str = ""  # screenshot folder under _build/screenshots ("" for none)


#: Longest first (minutes measured on a quiet 2-core machine), so the two lanes end together.
CHECKS = (
    Check("check_a11y", "every page: no failed or off-site request, widgets drawn, links resolve, "
          "learner words, axe-core at 1280 px and, with a widget or a board, at 390 px", (), "a11y"),
    Check("check_live", "the widgets come alive in place and answer as the engine does; axe-core and "
          "the keyboard on four live pages", (), "live"),
    Check("check_voice", "counting aloud: the clips play and light their cards in step", (), "voice"),
    Check("check_class_desk", "a teacher makes and grades a class in the page; same report as crib grade",
          (), "class-desk"),
    Check("check_offline", "offline after one visit: the service worker holds the runtime and chapters"),
    Check("check_update", "a new build: the page kept at once, then the new build's, the old caches gone"),
    Check("check_runtime", "the widget runtime: its modules evaluated in steps, HTML descriptions sanitised"),
    Check("check_people", "pass-and-play, a tournament board and a shared position", (), "people"),
    Check("check_friend", "play a friend: two browsers joined through a relay on 127.0.0.1; the transport, "
          "then a deal by touch to the show and into the next, neither page holding the other's cards, a "
          "reload mid-play, a message changed in flight refused", (), "friend"),
    Check("check_friend_multi", "play two friends at a table of three: three browsers, a relay on 127.0.0.1, "
          "a link for each friend, the first deal by touch to the show, a closed tab named as gone and "
          "then as back", (), "friend-multi"),
    Check("check_friend_multi", "play friends as partners at a table of four: two friends' browsers and "
          "the computer's seat on the link maker's, to the show; a closed tab named as gone, then as back",
          ("--seats", "4"), "friend-four"),
    Check("check_friend_reload", "play a friend, the page's own script: the link made is on the screen; the "
          "friend's page says whose game it joins before Python runs; a reloaded friend's page found again "
          "within seconds, four times; a second tab of the same browser keeps out; a closed tab is no "
          "console error", (), "friend-reload"),
    Check("check_friend_codes", "play a friend with no relay: two browsers swap two codes typed from each "
          "other's screen (one mistyped: one sentence), the first deal on both, a reload and a new pair of "
          "codes bring the game back", (), "friend-codes"),
    Check("check_kept_game", "a game to 121 kept through a reload mid-deal; a position shared there opens "
          "on the same turn and count", (), "kept"),
    Check("check_assign", "a student does an assignment and downloads the results", (), "assign"),
    Check("check_short_links", "a student types the set code, her student code and her name from paper; "
          "her results are graded as hers", (), "short"),
    Check("check_class_of_25", "a class of 25 from a school's CSV, five students (phone, screen reader, "
          "handed in twice), a tournament of four, all on the class page", (), "class-of-25"),
    Check("check_answers", "answers judged only when asked, as the box shows them: a box left on a phone "
          "checks nothing, Enter and Check race no typed text"),
    Check("check_progress", "answers kept in the browser, shown on My progress, exported and imported",
          (), "progress"),
    Check("check_damaged_progress", "damaged or hostile progress in the browser never stops Python; a "
          "full storage is said in words"),
    Check("phone_network", "a cold widget page needs at most 8 MB and at most 250 KB before it paints",
          ("--profile", "none", "--visits", "cold", "--gate")),
    Check("phone_network", "first paint on Fast 4G against its 1.2 s goal (median of three loads; "
          "the other times on phone networks: make bench)",
          ("--profile", "fast", "--visits", "paint", "--gate")),
)


@dataclass
class Outcome:
    check: Check
    code: int
    seconds: float
    output: str


def run(check: Check, site: str, python: str) -> Outcome:
    command = [python, str(HERE / f"{check.script}.py"), site, *check.args]
    if check.shots:
        command += ["--screenshots", str(Path("_build/screenshots") / check.shots)]
    start = time.monotonic()
    done = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                          errors="replace", check=False)
    return Outcome(check, done.returncode, time.monotonic() - start, done.stdout)


def report(outcome: Outcome) -> None:
    verdict = "passed" if outcome.code == 0 else f"FAILED (exit {outcome.code})"
    print(f"\n===== {outcome.check.script}: {outcome.check.why}", flush=True)
    print(outcome.output.rstrip())
    print(f"===== {outcome.check.script} {verdict} in {outcome.seconds:.0f} s", flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site", nargs="?", default="_build/html")
    parser.add_argument("--lanes", type=int, default=2, help="checks run at once (default 2)")
    parser.add_argument("--only", nargs="+", choices=sorted({c.script for c in CHECKS}),
                        help="only these checks")
    args = parser.parse_args(argv)
    if not (Path(args.site) / "index.html").is_file():
        print(f"no built site in {args.site}: run `make book` first", file=sys.stderr)
        return 1
    checks = [c for c in CHECKS if not args.only or c.script in args.only]
    start = time.monotonic()
    with ThreadPoolExecutor(max_workers=max(1, args.lanes)) as pool:
        futures = [pool.submit(run, c, args.site, sys.executable) for c in checks]
        outcomes = []
        for future in as_completed(futures):  # each printed whole as soon as it ends
            outcomes.append(future.result())
            report(outcomes[-1])
    again = [retry(o, args.site) for o in outcomes if o.code]
    failed = [o.check.script for o in again if o.code]
    print(f"\n{len(outcomes)} browser checks in {time.monotonic() - start:.0f} s ({args.lanes} at a time): "
          + ("all passed" if not failed else "FAILED: " + ", ".join(failed)))
    for first in (o for o in outcomes if o.code):  # the tail of a long log names what failed
        print(f"  {first.check.script}, first run: " + ("; ".join(fail_lines(first)) or f"exit {first.code}"))
    return 1 if failed else 0


def fail_lines(outcome: Outcome) -> list[str]:
    """The FAIL lines of a check's output (or its last line: a check that stopped early)."""
    lines = outcome.output.splitlines()
    return [line for line in lines if line.startswith("FAIL")] or lines[-1:]


def retry(first: Outcome, site: str) -> Outcome:
    """A failed check run once more, alone, once the others are done: the browser checks share
    two cores, and a wait that a loaded machine stretches past its limit is not the page's fault.
    Both runs are printed; the check fails if the second run fails too."""
    print(f"\n===== {first.check.script} failed; run again alone", flush=True)
    outcome = run(first.check, site, sys.executable)
    report(outcome)
    return outcome


if __name__ == "__main__":
    sys.exit(main())
