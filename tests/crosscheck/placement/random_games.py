#!/usr/bin/env python3
"""random_games.py GAME N SEED [--set k=v]...

Plays N uniformly random games (each legal move equally likely) and writes one
JSON line per game to stdout, in the trace format of PROTOCOL.md.
"""
import argparse
import json
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from games import load, parse_sets  # noqa: E402


def random_game(g, options, rng, max_plies=100000):
    state = g.new_game(options)
    moves, legal = [], []
    while True:
        lst = sorted(set(g.legal_moves(state)))
        legal.append(lst)
        if not lst or len(moves) >= max_plies:
            break
        m = rng.choice(lst)
        moves.append(m)
        state = g.play(state, m)
    return {"moves": moves, "legal": legal, "status": g.status(state)}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("game")
    ap.add_argument("n", type=int)
    ap.add_argument("seed", type=int)
    ap.add_argument("--set", action="append", default=[], metavar="K=V", help="game option")
    ap.add_argument("--max-plies", type=int, default=100000,
                    help="stop a game after this many plies (status then 'ongoing')")
    args = ap.parse_args(argv)
    try:
        g = load(args.game)
        options = parse_sets(args.set)
        g.new_game(options)
    except (ImportError, ValueError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    rng = random.Random(args.seed)
    out = sys.stdout
    for _ in range(args.n):
        out.write(json.dumps(random_game(g, options, rng, args.max_plies), separators=(",", ":")))
        out.write("\n")
    out.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
