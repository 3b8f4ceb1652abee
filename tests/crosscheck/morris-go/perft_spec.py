#!/usr/bin/env python3
"""perft_spec.py [GAME...] [--max-depth D]

Checks the perft values printed in the rules files, with timings.
Default: every value given (morris to depth 6, Go 19x19 to depth 3)."""
import argparse
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gameload import load_game  # noqa: E402

SPEC = {
    "nine-mens-morris": [({}, [24, 552, 12144, 255024, 5140800, 99274176])],
    "go": [({}, [362, 130683, 47046242]), ({"size": "9"}, [82, 6643])],
}


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("games", nargs="*", default=list(SPEC))
    ap.add_argument("--max-depth", type=int, default=99)
    a = ap.parse_args()
    bad = 0
    for name in a.games:
        g = load_game(name)
        for opts, values in SPEC[name]:
            for depth, want in enumerate(values, 1):
                if depth > a.max_depth:
                    break
                t = time.time()
                got = g.perft(g.new_game(dict(opts)), depth)
                dt = time.time() - t
                ok = got == want
                bad += not ok
                print(f"{name} {opts or ''} perft {depth} = {got} "
                      f"({'ok' if ok else f'MISMATCH, expected {want}'}) {dt:.2f} s",
                      flush=True)
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
