"""The book's widget pages on a phone network, both DevTools profiles: issue 23's table.

For chapters 15 (the game table) and 04 (the counting trainer) at 390 px, on "Fast 4G"
(1,012,500 B/s, 165 ms a request) and "Slow 4G" (180,000 B/s, 562.5 ms), served by
tests/site/throttle.py (one bandwidth for every connection, gzip as hosts send): cold, warm and
"arrived" (60 s on chapter 01 first), first paint, first answered tap, bytes. About 9 minutes.
`make site-test` gates on the bytes only (unthrottled): times depend on the machine.

    python bench/phone_network.py [SITE] [--profile fast slow] [--precompressed] [--no-gzip] ...
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "site"))

from phone_network import main

if __name__ == "__main__":
    args = sys.argv[1:]
    if not args or args[0].startswith("-"):
        args = ["_build/html", *args]
    if "--profile" not in args:
        args += ["--profile", "fast", "slow"]
    sys.exit(main(args))
