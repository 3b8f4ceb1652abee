#!/usr/bin/env python3
"""perft.py GAME DEPTH [--set k=v]... [--moves "m1 m2 ..."]  -> prints `perft DEPTH = N`"""
import sys
import time

from _common import load_game, parse_sets


def main(argv):
    opts, rest = parse_sets(argv)
    moves = []
    args = []
    i = 0
    while i < len(rest):
        if rest[i] == "--moves":
            moves = rest[i + 1].split()
            i += 2
        elif rest[i].startswith("--moves="):
            moves = rest[i][len("--moves="):].split()
            i += 1
        elif rest[i] == "--time":
            args.append("--time")
            i += 1
        else:
            args.append(rest[i])
            i += 1
    show_time = "--time" in args
    args = [a for a in args if a != "--time"]
    if len(args) != 2:
        sys.exit(__doc__)
    game, depth = load_game(args[0]), int(args[1])
    state = game.new_game(opts)
    for m in moves:
        state = game.play(state, m)
    t0 = time.perf_counter()
    n = game.perft(state, depth)
    print("perft %d = %d" % (depth, n))
    if show_time:
        print("time %.3fs" % (time.perf_counter() - t0), file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv[1:])
