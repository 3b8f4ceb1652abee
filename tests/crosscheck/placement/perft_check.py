#!/usr/bin/env python3
"""perft_check.py [GAME...] [--deep]

Checks the perft numbers of the specs (spec/<game>.md) and prints the time of
each depth.  Default depths are the quick ones; --deep goes as far as the specs
give numbers (connect four 9, reversi 10, hex 3, amazons 2: a few minutes).
"""
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from games import load  # noqa: E402

SPEC = {
    "tic-tac-toe": ([9, 72, 504, 3024, 15120, 54720, 148176, 200448, 127872], 9, 9),
    "connect-four": ([7, 49, 343, 2401, 16807, 117649, 823536, 5673234, 39394572], 7, 9),
    "reversi": ([4, 12, 56, 244, 1396, 8200, 55092, 390216, 3005288, 24571056], 8, 10),
    "hex": ([121, 14520, 1727880], 3, 3),
    "amazons": ([2176, 4307152], 2, 2),
}


def main(argv):
    deep = "--deep" in argv
    games = [a for a in argv if not a.startswith("--")] or list(SPEC)
    bad = 0
    for game in games:
        numbers, quick, full = SPEC[game]
        g = load(game)
        for d in range(1, (full if deep else quick) + 1):
            t = time.perf_counter()
            n = g.perft(g.new_game({}), d)
            dt = time.perf_counter() - t
            ok = n == numbers[d - 1]
            bad += not ok
            print(f"{game:13} depth {d:2}: {n:>10} {'ok' if ok else 'MISMATCH, spec ' + str(numbers[d - 1])}"
                  f"  ({dt:.2f}s)", flush=True)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
