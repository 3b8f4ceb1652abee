#!/usr/bin/env python3
"""perft.py GAME DEPTH [--set k=v]... [--moves "m1 m2 ..."] [--divide]

Prints `perft DEPTH = N` (and the elapsed time on stderr)."""
import argparse
import sys
import time

from gameload import load_game, parse_sets


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("game")
    ap.add_argument("depth", type=int)
    ap.add_argument("--set", action="append", default=[], metavar="k=v")
    ap.add_argument("--moves", default="", help="space-separated moves played from the start first")
    ap.add_argument("--divide", action="store_true", help="also print the count below each move")
    args = ap.parse_args(argv)
    game = load_game(args.game)
    state = game.new_game(parse_sets(args.set))
    for m in args.moves.split():
        if m not in game.legal_moves(state):
            sys.exit(f"illegal move {m!r} (legal: {' '.join(sorted(game.legal_moves(state)))})")
        state = game.play(state, m)
    t0 = time.perf_counter()
    if args.divide and args.depth >= 1:
        total = 0
        for m in sorted(set(game.legal_moves(state))):
            n = game.perft(game.play(state, m), args.depth - 1)
            total += n
            print(f"{m} {n}")
    else:
        total = game.perft(state, args.depth)
    print(f"perft {args.depth} = {total}")
    print(f"time {time.perf_counter() - t0:.2f}s", file=sys.stderr)


if __name__ == "__main__":
    main()
