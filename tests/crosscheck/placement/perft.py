#!/usr/bin/env python3
"""perft.py GAME DEPTH [--set k=v]... [--moves "m1 m2 ..."]  ->  prints "perft DEPTH = N"."""
import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from games import load, parse_sets  # noqa: E402


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("game")
    ap.add_argument("depth", type=int)
    ap.add_argument("--set", action="append", default=[], metavar="K=V", help="game option")
    ap.add_argument("--moves", default="", help="space-separated moves played first")
    args = ap.parse_args(argv)
    try:
        g = load(args.game)
        state = g.new_game(parse_sets(args.set))
        for i, m in enumerate(args.moves.split()):
            legal = set(g.legal_moves(state))
            if m not in legal:
                print(f"move {i + 1} {m!r} is not legal; legal: {' '.join(sorted(legal))}",
                      file=sys.stderr)
                return 2
            state = g.play(state, m)
    except (ImportError, ValueError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    print(f"perft {args.depth} = {g.perft(state, args.depth)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
