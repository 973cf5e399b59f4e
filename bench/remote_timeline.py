"""One remote deal between 2 to 4 devices, timed as the devices would work: side by side.

Every device is a `crib_widgets.remote.Session` in this one Python; the messages go between them
through a queue ordered by when they were sent, and each device takes in one message at a time,
once it is free and the message has arrived (no network time: the relay's own delay is added by a
real network on top). Each device's clock moves by the measured time of its own work, so:

- ``wait``: when the last device holds its hand (every player can start): the time a player waits
  for a deal, devices working in parallel, as a real game does it;
- ``serial``: every device's work added up (what one device would spend doing all of it: an upper
  bound on ``wait``);
- ``shuffled``: when the last device has locked and shuffled the deck (the shuffles go one device
  after another: nobody can do anything before they end).

Pure standard library besides `crib_widgets`, so the same file runs in CPython and in the page's
Pyodide (bench/remote_deal_browser.py ships it there).
"""

from __future__ import annotations

import heapq
import itertools
import time

from crib_widgets.game import Rules
from crib_widgets.remote.group import GROUPS
from crib_widgets.remote.options import Options
from crib_widgets.remote.session import Session

__all__ = ["timed_deal", "workload"]


def timed_deal(devices: int, group_name: str = "modp-1024", later: bool = False,
               latency: float = 0.0) -> dict[str, float]:
    """One deal, from the friends' devices opening the link (the link's maker made the game
    before) to every hand shown; times in seconds. ``later``: a deal after the first, each device
    having chosen its keys and locked the plain deck ahead, during the deal before. ``latency``:
    seconds each message takes on the way (0: none)."""
    group = GROUPS[group_name]
    names = tuple(f"P{i}" for i in range(devices))
    options = Options(Rules(players=devices), names, tuple(range(devices)), (False,) * devices, 0, group_name)
    clock, cpu = [0.0] * devices, [0.0] * devices
    queue: list[tuple[float, int, int, int, str]] = []  # (arrival, order, to, from, text)
    sessions: list[Session] = []
    held: list[float | None] = [None] * devices
    shuffled = 0.0
    order = itertools.count()

    def timed(device: int, work) -> object:
        start = time.perf_counter()
        result = work()
        spent = time.perf_counter() - start
        clock[device] += spent
        cpu[device] += spent
        return result

    def post(device: int) -> None:
        nonlocal shuffled
        session = sessions[device]
        out, session.outbox = session.outbox, []
        for to, text in out:
            if '"kind":"shuffle"' in text and device == devices - 1:
                shuffled = clock[device]
            for other in ([to] if to is not None else range(devices)):
                if other != device:
                    heapq.heappush(queue, (clock[device] + latency, next(order), other, device, text))

    def look(device: int) -> None:
        if held[device] is None and isinstance(sessions[device].hand(device), tuple):
            held[device] = clock[device]

    sessions.append(Session(0, "0123456789abcdef", group, options))  # the link, made before it is opened
    for d in range(1, devices):
        sessions.append(timed(d, lambda d=d: Session(d, "0123456789abcdef", group)))
        if later and hasattr(sessions[d], "_prepare"):  # (a crib_widgets before it has none)
            sessions[d]._prepare(1)  # what `Session.receive` does while nobody waits for the device
    for d in range(devices):
        post(d)
    while queue and not all(h is not None for h in held):
        arrival, _, to, sender, text = heapq.heappop(queue)
        clock[to] = max(clock[to], arrival)
        timed(to, lambda to=to, sender=sender, text=text: sessions[to].receive(text, came_from=sender))
        for s in sessions:
            if s.stopped:
                raise RuntimeError(f"the deal stopped: {s.stopped}")
        post(to)
        look(to)
    if not all(h is not None for h in held):
        raise RuntimeError("a hand was never dealt")
    return {"wait": max(h for h in held if h is not None), "serial": sum(cpu), "shuffled": shuffled}


def workload(group_name: str = "modp-1024", short: int = 120, full: int = 20) -> float:
    """A fixed piece of the deal's arithmetic, in seconds: ``short`` locks (short keys) and ``full``
    unlocks (full-size keys) in the group: to compare Pythons and CPU budgets on the same work."""
    group = GROUPS[group_name]
    key = (1 << group.key_bits) - 159
    unlock = group.unlock(key)
    value = group.encode(7)
    start = time.perf_counter()
    for _ in range(short):
        value = pow(value, key, group.p)
    for _ in range(full):
        value = pow(value, unlock, group.p)
    return time.perf_counter() - start


if __name__ == "__main__":  # one deal of each size, as `make bench` runs every script here
    for count in (2, 3, 4):
        print(f"{count} devices, seconds:", {k: round(v, 3) for k, v in timed_deal(count).items()})
