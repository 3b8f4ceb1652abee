#!/usr/bin/env python3
"""perft.py GAME DEPTH [--set k=v]... [--moves "m1 m2 ..."]  ->  perft DEPTH = N"""
import argparse
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gameload import load_game, parse_sets  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("game")
    ap.add_argument("depth", type=int)
    ap.add_argument("--set", action="append", default=[], metavar="K=V")
    ap.add_argument("--moves", default="", help="moves played first, space separated")
    ap.add_argument("--time", action="store_true", help="also print the time taken to stderr")
    a = ap.parse_args()
    g = load_game(a.game)
    st = g.new_game(parse_sets(a.set))
    for m in a.moves.split():
        st = g.play(st, m)
    t = time.time()
    n = g.perft(st, a.depth)
    print(f"perft {a.depth} = {n}")
    if a.time:
        print(f"({time.time() - t:.2f} s)", file=sys.stderr)


if __name__ == "__main__":
    main()
